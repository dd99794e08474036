package blind

import (
	"bytes"
	"compress/zlib"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/internal/pdfmeasure"
	"github.com/stretchr/testify/require"
)

var (
	update = flag.Bool("update", false, "rewrite the golden PDF")
	pdfDir = flag.String("pdfdir", "", "also write every test render here, for looking at")
)

func render(t testing.TB, o Options) (*Pads, []byte) {
	t.Helper()
	p, err := Plan(o)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, p.Render(&buf))
	return p, buf.Bytes()
}

func TestWritePreviews(t *testing.T) {
	if *pdfDir == "" {
		t.Skip("no -pdfdir")
	}
	for _, paper := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		for players := 2; players <= 4; players++ {
			_, b := render(t, Options{Players: players, Turns: DefaultTurns, Pages: 1, Paper: paper})
			require.NoError(t, os.WriteFile(filepath.Join(*pdfDir, paper.String()+"-"+string(rune('0'+players))+".pdf"), b, 0o644))
		}
	}
}

// text is one string drawn with gofpdf's Text, at its baseline in mm.
type text struct {
	X, Y float64
	S    string
}

var (
	streamRe = regexp.MustCompile(`<<([^>]*)/Length (\d+)>>\nstream\n`)
	textRe   = regexp.MustCompile(`BT ([-\d.]+) ([-\d.]+) Td \(((?:\\.|[^\\)])*)\) Tj ET`)
)

// readTexts returns the strings on every page of a ninjakit PDF, in page
// order. gofpdf writes each page's content stream (flate, no /Length1) after
// its page object, and UTF-8 text as escaped UTF-16BE.
func readTexts(t testing.TB, pdf []byte, pageH float64) [][]text {
	t.Helper()
	var pages [][]text
	for _, m := range streamRe.FindAllSubmatchIndex(pdf, -1) {
		dict := string(pdf[m[2]:m[3]])
		if strings.Contains(dict, "Length1") || !strings.Contains(dict, "FlateDecode") {
			continue
		}
		n, _ := strconv.Atoi(string(pdf[m[4]:m[5]]))
		zr, err := zlib.NewReader(bytes.NewReader(pdf[m[1] : m[1]+n]))
		if err != nil {
			continue
		}
		raw, err := io.ReadAll(zr)
		if err != nil || !bytes.Contains(raw, []byte(" Td (")) {
			continue
		}
		var page []text
		for _, tm := range textRe.FindAllSubmatch(raw, -1) {
			x, _ := strconv.ParseFloat(string(tm[1]), 64)
			y, _ := strconv.ParseFloat(string(tm[2]), 64)
			page = append(page, text{X: x * layouts.PtToMM, Y: pageH - y*layouts.PtToMM, S: utf16be(unescape(tm[3]))})
		}
		pages = append(pages, page)
	}
	return pages
}

func unescape(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) {
			i++
			switch b[i] {
			case 'r':
				out = append(out, '\r')
				continue
			case 'n':
				out = append(out, '\n')
				continue
			}
		}
		out = append(out, b[i])
	}
	return out
}

func utf16be(b []byte) string {
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
	}
	return string(utf16.Decode(u))
}

func TestTextsReadBack(t *testing.T) {
	_, b := render(t, Options{Players: 2, Names: []string{"Zoë", "Bob"}, Turns: 3, Pages: 1, Paper: layouts.PaperA4})
	pages := readTexts(t, b, layouts.PaperA4.H)
	require.Len(t, pages, 4)
	var got []string
	for _, tx := range pages[0] {
		got = append(got, tx.S)
	}
	require.Contains(t, got, "Zoë")
	require.Contains(t, got, "What Blind Ninjas?")
}

func TestPlanRefuses(t *testing.T) {
	ok := Options{Players: 2, Turns: 10, Pages: 1, Paper: layouts.PaperA4}
	for _, c := range []struct {
		change func(*Options)
		want   string
	}{
		{func(o *Options) { o.Players = 1 }, "--players 1: What Blind Ninjas takes 2 to 4 players"},
		{func(o *Options) { o.Players = 5 }, "--players 5: What Blind Ninjas takes 2 to 4 players"},
		{func(o *Options) { o.Names = []string{"a", "b", "c"} }, "--names: 3 names for 2 players; give one per player"},
		{func(o *Options) { o.Names = []string{"Ann", " ann "} }, `--names: "ann" appears twice; every pad needs its own name`},
		{func(o *Options) { o.Names = []string{"Ann", "\t"} }, "--names: name 2 is empty"},
		{func(o *Options) { o.Names = []string{"Ann", strings.Repeat("x", 21)} }, `--names: "xxxxxxxxxxxxxxxxxxxxx" is longer than 20 characters`},
		{func(o *Options) { o.Turns = 0 }, "--turns 0: choose 1 to 120 turn grids"},
		{func(o *Options) { o.Turns = 1 << 40 }, "--turns 1099511627776: choose 1 to 120 turn grids"},
		{func(o *Options) { o.Pages = 0 }, "--pages 0: choose 1 to 10 sets"},
		{func(o *Options) { o.Pages = 11 }, "--pages 11: choose 1 to 10 sets"},
		{func(o *Options) { o.Paper = layouts.Paper{Name: "stamp", W: 30, H: 40} }, "paper stamp: too small for the pads"},
	} {
		o := ok
		c.change(&o)
		_, err := Plan(o)
		require.EqualError(t, err, c.want)
	}
}

func TestPageCounts(t *testing.T) {
	for _, paper := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		for _, c := range []struct{ players, turns, pages, per, want int }{
			{2, 1, 1, 15, 2 * 2},
			{2, 15, 1, 15, 2 * 2},
			{2, 16, 1, 15, 2 * 3},
			{2, 24, 3, 15, 2 * 3 * 3},
			{3, 12, 1, 12, 3 * 2},
			{3, 24, 2, 12, 3 * 2 * 3},
			{4, 25, 1, 12, 4 * 4},
			{4, MaxTurns, 1, 12, 4 * 11},
		} {
			p, b := render(t, Options{Players: c.players, Turns: c.turns, Pages: c.pages, Paper: paper})
			require.Equal(t, c.per, p.TurnsPerPage(), "%s %d players", paper.Name, c.players)
			// Log pages carry on the main page's slash log to a row a turn.
			logPages := 0
			if extra := c.turns - p.geo.logRows; extra > 0 {
				logPages = (extra + p.geo.logPageRows - 1) / p.geo.logPageRows
			}
			want := c.want + c.players*c.pages*logPages
			require.Len(t, p.Pages, want)
			measured, err := pdfmeasure.Read(b)
			require.NoError(t, err)
			require.Len(t, measured, want)
			require.GreaterOrEqual(t, p.LogRows(), c.turns)
			// Every set's log runs from row 1 without a gap, right after its
			// main page and before its turn grids.
			rows := map[string]int{}
			for i, pg := range p.Pages {
				key := pg.Player + strconv.Itoa(pg.Set)
				switch pg.Kind {
				case KindMain, KindLog:
					require.Equal(t, rows[key]+1, pg.FirstRow, "page %d", i+1)
					if pg.Kind == KindLog {
						require.NotEqual(t, KindTurns, p.Pages[i-1].Kind, "page %d: log after turn grids", i+1)
					}
					rows[key] = pg.LastRow
				}
			}
			for key, last := range rows {
				require.GreaterOrEqual(t, last, c.turns, key)
			}
			// Every turn drawn once per set, in order.
			turns := map[string]int{}
			for _, pg := range p.Pages {
				if pg.Kind == KindTurns {
					require.Equal(t, turns[pg.Player+strconv.Itoa(pg.Set)]+1, pg.FirstTurn)
					turns[pg.Player+strconv.Itoa(pg.Set)] = pg.LastTurn
				}
			}
			require.Len(t, turns, c.players*c.pages)
			for _, last := range turns {
				require.Equal(t, c.turns, last)
			}
		}
	}
}

// mainLabels reads the labels around the main grid of a main page: top,
// bottom (left to right), left and right (bottom to top).
func mainLabels(page []text, g layouts.Grid) (top, bottom, left, right []string) {
	sorted := slices.Clone(page)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].X != sorted[j].X {
			return sorted[i].X < sorted[j].X
		}
		return sorted[i].Y > sorted[j].Y
	})
	for _, tx := range sorted {
		inX := tx.X > g.X && tx.X < g.Right()
		inY := tx.Y > g.Y && tx.Y < g.Bottom()+labelBand
		switch {
		case inX && tx.Y < g.Y && tx.Y > g.Y-labelBand:
			top = append(top, tx.S)
		case inX && tx.Y > g.Bottom() && tx.Y < g.Bottom()+labelBand:
			bottom = append(bottom, tx.S)
		case inY && tx.X < g.X && tx.X > g.X-labelBand:
			left = append(left, tx.S)
		case inY && tx.X > g.Right() && tx.X < g.Right()+labelBand:
			right = append(right, tx.S)
		}
	}
	return
}

func TestGridLabelsReadBack(t *testing.T) {
	for _, paper := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		for players := 2; players <= 4; players++ {
			p, b := render(t, Options{Players: players, Turns: 13, Pages: 2, Paper: paper})
			cols, rows := GridSize(players)
			require.Equal(t, map[int][2]int{2: {4, 8}, 3: {8, 8}, 4: {8, 8}}[players], [2]int{cols, rows})
			wantCols := []string{"A", "B", "C", "D", "E", "F", "G", "H"}[:cols]
			wantRows := []string{"1", "2", "3", "4", "5", "6", "7", "8"}
			texts := readTexts(t, b, paper.H)
			measured, err := pdfmeasure.Read(b)
			require.NoError(t, err)
			require.Len(t, texts, len(p.Pages))
			var first [4][]string
			for i, pg := range p.Pages {
				// The name heads every page.
				require.Equal(t, pg.Player, texts[i][0].S, "page %d", i+1)
				if pg.Kind == KindLog {
					require.Equal(t, 1, count(texts[i], "Turn"), "page %d", i+1)
					require.Equal(t, (pg.LastRow-pg.FirstRow+1)*players, count(texts[i], "G"), "page %d: a grunt per row and player", i+1)
					continue
				}
				if pg.Kind != KindMain {
					require.Equal(t, pg.LastTurn-pg.FirstTurn+1, count(texts[i], "A"), "page %d", i+1)
					require.Equal(t, pg.LastTurn-pg.FirstTurn+1, count(texts[i], "8"), "page %d", i+1)
					continue
				}
				top, bottom, left, right := mainLabels(texts[i], p.geo.main)
				require.Equal(t, wantCols, top, "page %d", i+1)
				require.Equal(t, wantCols, bottom)
				require.Equal(t, wantRows, left)
				require.Equal(t, wantRows, right)
				if first[0] == nil {
					first = [4][]string{top, bottom, left, right}
				}
				require.Equal(t, first, [4][]string{top, bottom, left, right}, "every grid is labelled the same")
				// The grid's border as drawn has the board's proportions.
				border := borderOf(measured[i].Rects, p.geo.main)
				require.InDelta(t, float64(cols)/float64(rows), border.W/border.H, 1e-3)
				require.InDelta(t, p.MainCell()*float64(cols), border.W, 0.01)
				require.GreaterOrEqual(t, p.MainCell(), 16.0)
			}
		}
	}
}

func count(page []text, s string) int {
	n := 0
	for _, tx := range page {
		if tx.S == s {
			n++
		}
	}
	return n
}

// borderOf finds the stroked rectangle drawn at the grid's top-left corner.
func borderOf(rs []pdfmeasure.Rect, g layouts.Grid) pdfmeasure.Rect {
	for _, r := range rs {
		if abs(r.X-g.X) < 0.01 && abs(r.Y-g.Y) < 0.01 && r.Stroke {
			return r
		}
	}
	return pdfmeasure.Rect{}
}

func TestInsidePrintableArea(t *testing.T) {
	for _, paper := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		for players := 2; players <= 4; players++ {
			p, b := render(t, Options{Players: players, Names: []string{"Wilhelmina Ashworth", "Bob", "Cy", "Di"}[:players], Turns: MaxTurns, Pages: 1, Paper: paper})
			g := p.geo
			free := layouts.FreeArea(paper)
			main := g.main.Rect
			main = layouts.Rect{X: main.X - labelBand, Y: main.Y - labelBand, W: main.W + 2*labelBand, H: main.H + 2*labelBand}
			for _, r := range []layouts.Rect{g.header, main, g.note, g.log, g.tally, g.turnNote, g.boxes, g.logPage} {
				require.True(t, free.Contains(r), "%s %d players: %+v outside %+v", paper.Name, players, r, free)
			}
			for _, r := range []layouts.Rect{g.log, g.tally, g.note} {
				require.False(t, main.Overlaps(r), "%s: %+v on the grid", paper.Name, r)
			}
			require.False(t, g.log.Overlaps(g.tally))
			for i := range p.TurnsPerPage() {
				require.True(t, g.boxes.Contains(g.turnBox(i)))
				for j := range i {
					require.False(t, g.turnBox(i).Overlaps(g.turnBox(j)))
				}
			}
			require.GreaterOrEqual(t, g.small, smallMin)
			require.GreaterOrEqual(t, p.LogRows(), 10, "%s %d players", paper.Name, players)

			printable := paper.Printable().Inset(-0.3) // half the widest line
			measured, err := pdfmeasure.Read(b)
			require.NoError(t, err)
			for i, pg := range measured {
				for _, s := range pg.Segments {
					require.True(t, printable.Contains(layouts.Rect{X: min(s.X1, s.X2), Y: min(s.Y1, s.Y2), W: abs(s.X2 - s.X1), H: abs(s.Y2 - s.Y1)}), "page %d: %+v", i+1, s)
				}
				for _, r := range pg.Rects {
					require.True(t, printable.Contains(layouts.Rect{X: r.X, Y: r.Y, W: r.W, H: r.H}), "page %d: %+v", i+1, r)
				}
			}
			for i, page := range readTexts(t, b, paper.H) {
				for _, tx := range page {
					require.True(t, paper.Printable().Inset(-0.01).Contains(layouts.Rect{X: tx.X, Y: tx.Y}), "page %d: %+v", i+1, tx)
				}
			}
		}
	}
}

func abs(x float64) float64 { return max(x, -x) }

// TestGolden pins the pads byte for byte: the output is deterministic.
func TestGolden(t *testing.T) {
	_, b := render(t, Options{Players: 3, Names: []string{"Ann", "Bob", "Zoë"}, Turns: 3, Pages: 1, Paper: layouts.PaperA4})
	_, again := render(t, Options{Players: 3, Names: []string{"Ann", "Bob", "Zoë"}, Turns: 3, Pages: 1, Paper: layouts.PaperA4})
	require.Equal(t, b, again)
	path := filepath.Join("testdata", "pads-3.golden.pdf")
	pdftest.Golden(t, path, b, *update)
}

func BenchmarkRenderPads(b *testing.B) {
	p, err := Plan(Options{Players: 4, Turns: DefaultTurns, Pages: 1, Paper: layouts.PaperA4})
	require.NoError(b, err)
	for b.Loop() {
		require.NoError(b, p.Render(io.Discard))
	}
}
