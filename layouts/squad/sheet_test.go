package squad

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

func splitFixture(p layouts.Paper, deals int) SplitSheet {
	s := SplitSheet{
		Paper: p, Title: "Ninja Squad: full game", Subtitle: "3 players, balanced split",
		ShareCode: "28RR-00000-09PA7", Fingerprint: "guitar-moss-anvil", QRPayload: "28RR-00000-09PA7",
	}
	routes := [][]string{{"F", "F", "F"}, {"JF", "JF"}, {"R", "F"}, {"BL"}}
	n := 0
	column := func(title string) SplitColumn {
		c := SplitColumn{Title: title, Note: "score 73"}
		for range 12 {
			n++
			c.Cards = append(c.Cards, SplitCard{Number: n, Routes: [][]string{routes[n%4], routes[(n+1)%4]}})
		}
		return c
	}
	for range deals {
		d := SplitDeal{Title: "Midnight Raid deal", Lines: []string{"Deal out: player 1 A, player 2 B, player 3 C, interchange D."}}
		for _, name := range []string{"A", "B", "C", "D"} {
			d.Decks = append(d.Decks, column("Deck "+name))
		}
		d.Aside = column("Set aside")
		d.Holders = []string{"Player 1", "Player 2", "Player 3", "Interchange"}
		for h := range 4 {
			var row []string
			for p := range 8 {
				row = append(row, string(rune('A'+(h-p+8)%4)))
			}
			d.Phases = append(d.Phases, row)
		}
		s.Deals = append(s.Deals, d)
	}
	return s
}

func TestLayoutSplitFitsEveryPaper(t *testing.T) {
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		l, err := LayoutSplit(p, 2, 5, 12, 4)
		require.NoError(t, err, p.Name)
		printable := p.Printable()
		parts := append([]layouts.Rect{l.Header, l.QR, l.Lines, l.Rotation}, l.Columns...)
		for i, r := range parts {
			require.True(t, printable.Contains(r), "%s part %d %+v", p.Name, i, r)
			for j, o := range parts[:i] {
				require.False(t, r.Overlaps(o), "%s parts %d and %d overlap", p.Name, i, j)
			}
		}
		require.GreaterOrEqual(t, l.RowH, 12.0, "%s: route pictures stay readable", p.Name)
	}
	_, err := LayoutSplit(layouts.Paper{Name: "card", W: 100, H: 150}, 2, 5, 12, 4)
	require.ErrorContains(t, err, "do not fit")
}

func TestRenderSplitSheet(t *testing.T) {
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		var buf bytes.Buffer
		require.NoError(t, RenderSplitSheet(&buf, splitFixture(p, 2)))
		require.Equal(t, 2, bytes.Count(buf.Bytes(), []byte("/Type /Page\n")), p.Name)
		var again bytes.Buffer
		require.NoError(t, RenderSplitSheet(&again, splitFixture(p, 2)))
		require.Equal(t, buf.Bytes(), again.Bytes(), "output is byte-stable")
	}
}

func TestRenderSplitSheetRefuses(t *testing.T) {
	for name, broken := range map[string]func(*SplitSheet){
		"no deal":      func(s *SplitSheet) { s.Deals = nil },
		"no decks":     func(s *SplitSheet) { s.Deals[0].Decks = nil },
		"holders":      func(s *SplitSheet) { s.Deals[0].Holders = s.Deals[0].Holders[:3] },
		"ragged table": func(s *SplitSheet) { s.Deals[0].Phases[2] = s.Deals[0].Phases[2][:5] },
		"one route":    func(s *SplitSheet) { s.Deals[0].Aside.Cards[0].Routes = s.Deals[0].Aside.Cards[0].Routes[:1] },
		"paper":        func(s *SplitSheet) { s.Paper = layouts.Paper{Name: "none"} },
	} {
		s := splitFixture(layouts.PaperA4, 1)
		broken(&s)
		require.ErrorIs(t, RenderSplitSheet(&bytes.Buffer{}, s), ErrInvalidSplitSheet, name)
	}
	s := splitFixture(layouts.PaperA4, 1)
	s.Deals[0].Decks[0].Cards[0].Routes[0] = []string{"Q"}
	require.Error(t, RenderSplitSheet(&bytes.Buffer{}, s), "a bad step reaches the pdf error")
}

func TestSplitQRScansFromPrintedPage(t *testing.T) {
	pdftoppm := pdftest.Tool(t, "pdftoppm", "poppler-utils")
	zbarimg := pdftest.Tool(t, "zbarimg", "zbar-tools")
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		s := splitFixture(p, 2)
		s.QRPayload = "https://example.org/squad/" + s.ShareCode
		dir := t.TempDir()
		var buf bytes.Buffer
		require.NoError(t, RenderSplitSheet(&buf, s))
		pdfPath := filepath.Join(dir, "split.pdf")
		require.NoError(t, os.WriteFile(pdfPath, buf.Bytes(), 0o644))
		out, err := exec.Command(pdftoppm, "-r", "150", "-png", pdfPath, filepath.Join(dir, "page")).CombinedOutput()
		require.NoError(t, err, "%s", out)
		for page := 1; page <= 2; page++ {
			png := filepath.Join(dir, fmt.Sprintf("page-%d.png", page))
			got, err := exec.Command(zbarimg, "-q", "--raw", png).Output()
			require.NoError(t, err, "%s page %d", p.Name, page)
			require.Equal(t, s.QRPayload, strings.TrimSpace(string(got)))
		}
	}
}
