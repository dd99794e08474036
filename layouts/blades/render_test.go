package blades

import (
	"bytes"
	"compress/zlib"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

var (
	update = flag.Bool("update", false, "rewrite golden files")
	pdfDir = flag.String("pdfdir", "", "also write every rendered test sheet to this directory, for looking at")
)

func render(t testing.TB, s Sheet) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, RenderSheet(&buf, s))
	return buf.Bytes()
}

func requirePDF(t *testing.T, b []byte, pages int) {
	t.Helper()
	require.True(t, bytes.HasPrefix(b, []byte("%PDF-1.")), "PDF header")
	require.True(t, bytes.HasSuffix(bytes.TrimSpace(b), []byte("%%EOF")), "PDF trailer")
	require.Equal(t, pages, pdftest.Pages(b), "page count")
}

// config is a fixture sheet and the pages it must take: the public page,
// then open hands or slips, several to a page.
type config struct {
	sheet Sheet
	pages int
}

func configs() map[string]config {
	m := map[string]config{}
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		m["house3-"+p.String()] = config{houseSheet(3, p), 2}
		m["house2-"+p.String()] = config{houseSheet(2, p), 2}
		m["temple4-"+p.String()] = config{templeSheet(4, p), 3}
	}
	// Five slips take two rows: A4 holds them under the legend, Letter not.
	m["temple5-a4"] = config{templeSheet(5, layouts.PaperA4), 2}
	m["temple5-letter"] = config{templeSheet(5, layouts.PaperLetter), 3}
	return m
}

func TestRenderBladesSheetConfigs(t *testing.T) {
	for name, c := range configs() {
		t.Run(name, func(t *testing.T) {
			b := render(t, c.sheet)
			if *pdfDir != "" {
				require.NoError(t, os.WriteFile(filepath.Join(*pdfDir, name+".pdf"), b, 0o644))
			}
			requirePDF(t, b, c.pages)
		})
	}
}

func TestRenderIsByteIdentical(t *testing.T) {
	for _, s := range []Sheet{houseSheet(3, layouts.PaperA4), templeSheet(5, layouts.PaperLetter)} {
		a, b := render(t, s), render(t, s)
		require.True(t, bytes.Equal(a, b), "two renders of %q differ", s.Title)
	}
	a4, letter := render(t, houseSheet(3, layouts.PaperA4)), render(t, houseSheet(3, layouts.PaperLetter))
	require.False(t, bytes.Equal(a4, letter))
}

// gofpdf v1.16.2 writes into font bytes while subsetting; NewDocument must
// hand it copies so the shared gofont slices stay intact.
func TestRenderLeavesGoFontsAlone(t *testing.T) {
	before := [][]byte{bytes.Clone(goregular.TTF), bytes.Clone(gobold.TTF), bytes.Clone(gomono.TTF)}
	render(t, templeSheet(5, layouts.PaperA4))
	require.Equal(t, before[0], goregular.TTF)
	require.Equal(t, before[1], gobold.TTF)
	require.Equal(t, before[2], gomono.TTF)
}

// Every content stream must close the graphics states it opens (the
// RoundedRect trap), or later pages inherit clips and colours.
func TestRenderBalancesGraphicsState(t *testing.T) {
	b := render(t, templeSheet(4, layouts.PaperA4))
	streams := regexp.MustCompile(`(?s)<<([^>]*)>>\nstream\n(.*?)\nendstream`).FindAllSubmatch(b, -1)
	require.NotEmpty(t, streams)
	op := regexp.MustCompile(`(?m)(?:^|[ \n])([qQ])(?:[ \n]|$)`)
	pages := 0
	for _, m := range streams {
		if bytes.Contains(m[1], []byte("/Length1")) || bytes.Contains(m[1], []byte("/Subtype")) {
			continue // font files and other binary streams
		}
		raw := m[2]
		if bytes.Contains(m[1], []byte("/FlateDecode")) {
			var err error
			raw, err = io.ReadAll(flate(t, m[2]))
			require.NoError(t, err)
		}
		if !bytes.Contains(raw, []byte(" re ")) && !bytes.Contains(raw, []byte(" Tj ")) {
			continue
		}
		pages++
		depth := 0
		for _, o := range op.FindAllSubmatch(raw, -1) {
			if o[1][0] == 'q' {
				depth++
			} else {
				depth--
			}
			require.GreaterOrEqual(t, depth, 0, "Q without q")
		}
		require.Zero(t, depth, "unbalanced q/Q in a page")
	}
	require.Equal(t, 3, pages)
}

func flate(t *testing.T, b []byte) io.Reader {
	t.Helper()
	r, err := zlib.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	return r
}

// goldenSheet is small on purpose: a 6x5 board, every kind of cell, one slip.
func goldenSheet() Sheet {
	return Sheet{
		Paper:     layouts.PaperA4,
		Title:     "The House of the Flying Blades",
		Subtitle:  "golden test – 3 players",
		Board:     []string{"RYB#  ", "YBR#KR", "BRY#YB", "RR #YY", "BBY#RB"},
		ColLabels: "abcdef",
		Buddha:    "left",
		Dojos:     []Dojo{dojoRed, dojoYellow, dojoBlue, dojoBlack},
		Seats: []SeatLine{
			{Seat: 1, Dojo: 'R', Prey: []byte("Y"), Hunters: []byte("B")},
			{Seat: 2, Dojo: 'Y', Prey: []byte("B"), Hunters: []byte("R")},
			{Seat: 3, Dojo: 'B', Prey: []byte("R"), Hunters: []byte("Y")},
		},
		FirstSeat:   3,
		ShareCode:   "7BKQ-M2XD-93HT4",
		Fingerprint: "crane-lantern-maple",
		QRPayload:   "7BKQ-M2XD-93HT4",
		Notes:       []string{"Place the ninjas as shown at the Bōdogēmu dojo."},
		Slips: []HandSlip{{Seat: 1, Dojo: 'R', Limit: 10, Cards: []CardLine{
			{Name: "Bomb", Price: 5}, {Name: "Shuriken", Price: 2},
		}}},
		Legend: []CardLine{{"Bomb", 5, "Clear a 3x3 area."}, {"Shuriken", 2, "Hit a prey in line."}},
	}
}

func TestGoldenBladesSheet(t *testing.T) {
	got := render(t, goldenSheet())
	path := filepath.Join("testdata", "blades-golden.pdf")
	pdftest.Golden(t, path, got, *update)
}

func TestRenderRejectsInvalidSheets(t *testing.T) {
	longCards := make([]CardLine, 21)
	for i := range longCards {
		longCards[i] = CardLine{"Card", 1, strings.Repeat("a long effect text that wraps ", 8)}
	}
	manyNotes := make([]string, 80)
	for i := range manyNotes {
		manyNotes[i] = "A note that takes up one line or so of the info column on the page."
	}
	tests := map[string]func(*Sheet){
		"ragged rows":        func(s *Sheet) { s.Board[3] = s.Board[3][:8] },
		"unknown letter":     func(s *Sheet) { s.Board[0] = "X" + s.Board[0][1:] },
		"lower-case letter":  func(s *Sheet) { s.Board[8] = "r" + s.Board[8][1:] },
		"no rows":            func(s *Sheet) { s.Board = nil },
		"empty rows":         func(s *Sheet) { s.Board = []string{"", ""} },
		"col labels":         func(s *Sheet) { s.ColLabels = "abc" },
		"duplicate dojo":     func(s *Sheet) { s.Dojos = append(s.Dojos, dojoRed) },
		"dojo letter hash":   func(s *Sheet) { s.Dojos[0].Letter = CellOutOfPlay },
		"dojo no name":       func(s *Sheet) { s.Dojos[0].Name = " " },
		"colour range":       func(s *Sheet) { s.Dojos[1].RGB = [3]int{0, 256, 0} },
		"buddha side":        func(s *Sheet) { s.Buddha = "top" },
		"pattern range":      func(s *Sheet) { s.Dojos[0].Pattern = Patterns },
		"shared pattern":     func(s *Sheet) { s.Dojos[1].Pattern = s.Dojos[0].Pattern },
		"join past the edge": func(s *Sheet) { s.Join = len(s.Board[0]) },
		"negative join":      func(s *Sheet) { s.Join = -1 },
		"no seats":           func(s *Sheet) { s.Seats = nil },
		"seat numbering":     func(s *Sheet) { s.Seats[1].Seat = 5 },
		"seat dojo":          func(s *Sheet) { s.Seats[0].Dojo = 'G' },
		"prey dojo":          func(s *Sheet) { s.Seats[0].Prey = []byte{'Z'} },
		"first seat":         func(s *Sheet) { s.FirstSeat = 0 },
		"slip seat":          func(s *Sheet) { s.Slips[0].Seat = 9 },
		"slip dojo":          func(s *Sheet) { s.Slips[0].Dojo = 'Q' },
		"slip too long":      func(s *Sheet) { s.Slips[0].Cards = longCards },
		"open hand seat":     func(s *Sheet) { s.OpenHands = []HandSlip{{Seat: 7, Dojo: 'R'}} },
		"zero paper":         func(s *Sheet) { s.Paper = layouts.Paper{} },
		"board too big":      func(s *Sheet) { s.Board, s.ColLabels = bigBoard(30, 9), strings.Repeat("a", 30) },
		"notes do not fit":   func(s *Sheet) { s.Notes = manyNotes },
		"qr payload too big": func(s *Sheet) { s.QRPayload = strings.Repeat("Z", 5000) },
	}
	for name, mutate := range tests {
		t.Run(name, func(t *testing.T) {
			s := houseSheet(3, layouts.PaperA4)
			mutate(&s)
			var buf bytes.Buffer
			err := RenderSheet(&buf, s)
			require.ErrorIs(t, err, ErrInvalidSheet)
			require.Zero(t, buf.Len(), "nothing is written on error")
		})
	}
}

func bigBoard(cols, rows int) []string {
	b := make([]string, rows)
	for i := range b {
		b[i] = strings.Repeat("R", cols)
	}
	return b
}

func TestRenderOddButValidInput(t *testing.T) {
	s := houseSheet(3, layouts.PaperLetter)
	s.Title = strings.Repeat("The Very Long Title of the Flying Blades ", 5)
	s.Subtitle = "emoji 🥷 and\ttabs\nnewlines are printable"
	s.ShareCode = strings.Repeat("7BKQ-", 12)
	s.QRPayload = "https://example.org/a/very/long/base/url/that/goes/on/s/7BKQ-M2XD-93HT4"
	s.Notes = append(s.Notes, strings.Repeat("W", 300))
	s.Board[4] = "         "
	s.Slips[0].Cards = nil
	s.OpenHands = hands(s.Seats, 20, 10) // three to a row: one page
	b := render(t, s)
	requirePDF(t, b, 1+1+1)
	if *pdfDir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(*pdfDir, "odd.pdf"), b, 0o644))
	}
}

func FuzzRenderBladesSheet(f *testing.F) {
	f.Add("The House of the Flying Blades", "RYB RYB#", "Bōdogēmu", "7BKQ-M2XD-93HT4")
	f.Add("", "", "", "")
	f.Add("\x00\xff", "..........", "🥷🥷", "\u2028")
	f.Fuzz(func(t *testing.T, title, row, note, code string) {
		s := houseSheet(3, layouts.PaperA4)
		s.Title, s.ShareCode, s.QRPayload = title, code, code
		s.Notes = []string{note}
		s.Board[0] = row
		var buf bytes.Buffer
		if err := RenderSheet(&buf, s); err == nil {
			require.True(t, bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")))
		}
	})
}

func BenchmarkRenderBladesSheet(b *testing.B) {
	s := templeSheet(5, layouts.PaperA4)
	b.ReportAllocs()
	for b.Loop() {
		if err := RenderSheet(io.Discard, s); err != nil {
			b.Fatal(err)
		}
	}
}

// Renders share nothing mutable (see TestRenderLeavesGoFontsAlone), so
// parallel renders give the same bytes as a serial one.
func TestRenderConcurrently(t *testing.T) {
	want := render(t, templeSheet(5, layouts.PaperA4))
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			var buf bytes.Buffer
			err := RenderSheet(&buf, templeSheet(5, layouts.PaperA4))
			if err == nil && !bytes.Equal(want, buf.Bytes()) {
				err = errors.New("a concurrent render differs from the serial one")
			}
			errs <- err
		}()
	}
	for range 4 {
		require.NoError(t, <-errs)
	}
}

// The 2-player game deals 16 cards a hand: open hands, and the two private
// slips, must still fit on one page after the board, on either paper, with
// the card texts in a legend.
func TestSixteenCardHandsFit(t *testing.T) {
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		s := houseSheet(2, p)
		s.OpenHands = hands(s.Seats, 16, 10)
		requirePDF(t, render(t, s), 2)
		s.Slips, s.OpenHands = hands(s.Seats, 16, 10), nil
		b := render(t, s)
		if *pdfDir != "" {
			require.NoError(t, os.WriteFile(filepath.Join(*pdfDir, "slips16-"+p.String()+".pdf"), b, 0o644))
		}
		requirePDF(t, b, 2)
	}
}

// Open hands of 4 and 5 players go on one page after the board, three to a
// row at most and rows as even as they can be: no hand alone on a page.
func TestOpenHandsShareOnePage(t *testing.T) {
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		for _, players := range []int{4, 5} {
			s := templeSheet(players, p)
			s.Slips, s.OpenHands = nil, hands(s.Seats, 32/players, 10)
			b := render(t, s)
			if *pdfDir != "" {
				require.NoError(t, os.WriteFile(filepath.Join(*pdfDir, fmt.Sprintf("open%d-%s.pdf", players, p)), b, 0o644))
			}
			requirePDF(t, b, 2)
		}
	}
}

// TestFourDealtSlipsShareOnePage: four slips of eight cards are cut from one
// sheet on A4 and Letter; the card legend then has a page of its own.
func TestFourDealtSlipsShareOnePage(t *testing.T) {
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		s := templeSheet(4, p)
		s.OpenHands, s.Slips = nil, hands(s.Seats, 8, 10)
		l, err := LayoutPage(s.Paper, len(s.ColLabels), len(s.Board), s.Buddha)
		require.NoError(t, err)
		r := &bladesRenderer{pdf: layouts.NewDocument(s.Paper, s.Title), s: &s, l: l}
		sl, err := r.layoutSlips()
		require.NoError(t, err)
		require.Len(t, sl.pages, 1, p.Name)
		require.Len(t, sl.pages[0].Slips, 4, p.Name)
		require.True(t, sl.legendAlone, p.Name)
		b := render(t, s)
		if *pdfDir != "" {
			require.NoError(t, os.WriteFile(filepath.Join(*pdfDir, "slips4-"+p.String()+".pdf"), b, 0o644))
		}
		requirePDF(t, b, 3)

		// Where the legend costs no page, it stays above the slips.
		if p == layouts.PaperA4 {
			s5 := templeSheet(5, p)
			s5.OpenHands, s5.Slips = nil, hands(s5.Seats, 6, 10)
			r.s = &s5
			sl, err = r.layoutSlips()
			require.NoError(t, err)
			require.Len(t, sl.pages, 1)
			require.False(t, sl.legendAlone)
		}
	}
}
