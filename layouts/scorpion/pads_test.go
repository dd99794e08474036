package scorpion_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	genscorpion "github.com/ninjakit/ninjakit/generate/scorpion"
	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/internal/pdfmeasure"
	"github.com/ninjakit/ninjakit/layouts/scorpion"
	"github.com/stretchr/testify/require"
)

func pads(d *data.Scorpion, roles ...scorpion.Role) scorpion.Pads {
	return scorpion.Pads{Map: genscorpion.MapContent(d), Roles: roles, Pages: 1, Turns: d.Setup.Turns, Paper: layouts.PaperA4}
}

func smallMap(t testing.TB) *data.Scorpion {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "small-map.json"))
	require.NoError(t, err)
	defer f.Close()
	d, err := data.LoadScorpion(f)
	require.NoError(t, err)
	return d
}

func renderPads(t testing.TB, p scorpion.Pads) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, scorpion.RenderPads(&buf, p))
	return buf.Bytes()
}

// pdfText reads a PDF's words back with poppler's pdftotext, a reader
// independent of the library that wrote it.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	tool := pdftest.Tool(t, "pdftotext", "poppler-utils")
	path := filepath.Join(t.TempDir(), "p.pdf")
	require.NoError(t, os.WriteFile(path, pdf, 0o644))
	out, err := exec.Command(tool, "-raw", path, "-").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}

// TestPadsPrintEveryZoneID reads every zone's id back from the pads of the
// built-in map and of a small map of a user's, with the role's heading and
// the whole turn tally.
func TestPadsPrintEveryZoneID(t *testing.T) {
	for name, d := range map[string]*data.Scorpion{"default": data.DefaultScorpion(), "small": smallMap(t)} {
		t.Run(name, func(t *testing.T) {
			text := pdfText(t, renderPads(t, pads(d, scorpion.RoleGuard, scorpion.RoleIntruder)))
			words := map[string]int{}
			for _, w := range strings.Fields(text) {
				words[w]++
			}
			for _, z := range d.Map.Zones {
				require.Equal(t, 2, words[z.ID], "zone %s once a page", z.ID)
			}
			require.Contains(t, text, "Guards · private map")
			require.Contains(t, text, "Intruders · private map")
			for turn := 1; turn <= d.Setup.Turns; turn++ {
				require.GreaterOrEqual(t, words[strconv.Itoa(turn)], 2, "turn %d", turn)
			}
		})
	}
}

// TestMapMarksEveryPostAndBarracks: one post icon in every post zone and
// one barracks icon in every barracks zone, each inside its zone's cells.
func TestMapMarksEveryPostAndBarracks(t *testing.T) {
	for _, d := range []*data.Scorpion{data.DefaultScorpion(), smallMap(t)} {
		m := genscorpion.MapContent(d)
		geo, err := scorpion.LayoutMap(m, layouts.Rect{X: 5, Y: 5, W: 200, H: 200})
		require.NoError(t, err)
		got := map[string]int{}
		for _, ic := range geo.Icons(m) {
			got[ic.Kind]++
			z, ok := d.Zone(ic.Zone)
			require.True(t, ok)
			inside := false
			for _, c := range z.Cells {
				r := geo.Grid.CellRect(c[0], c[1])
				inside = inside || (ic.At.X >= r.X && ic.At.X <= r.Right() && ic.At.Y >= r.Y && ic.At.Y <= r.Bottom())
			}
			require.True(t, inside, "%s icon of %s lies outside the zone", ic.Kind, ic.Zone)
			require.True(t, ic.Kind == "post" && z.Post || ic.Kind == "barracks" && z.Barracks, "%s on %s", ic.Kind, ic.Zone)
		}
		posts, barracks := 0, 0
		for _, z := range d.Map.Zones {
			if z.Post {
				posts++
			}
			if z.Barracks {
				barracks++
			}
		}
		require.Equal(t, posts, got["post"])
		require.Equal(t, barracks, got["barracks"])
	}
}

// TestWallsAreThick measures the pad: every wall is drawn, and walls are
// at least three times as thick as the lines between zones.
func TestWallsAreThick(t *testing.T) {
	d := data.DefaultScorpion()
	pages, err := pdfmeasure.Read(renderPads(t, pads(d, scorpion.RoleGuard)))
	require.NoError(t, err)
	require.Len(t, pages, 1)
	var thin, thick float64
	thickLen := 0.0
	for _, s := range pages[0].Segments {
		switch {
		case s.Width > 0.8:
			thick = s.Width
			thickLen += s.Len()
		case s.Width >= 0.2 && s.Width < 0.3 && !s.Curve:
			thin = s.Width
		}
	}
	require.Greater(t, thin, 0.0)
	require.GreaterOrEqual(t, thick, 3*thin)
	// 39 walls, each at least one cell edge long, plus the board's edge.
	require.Greater(t, thickLen, 39*10.0)
}

// TestPadsRefuse: no role, no pages, too many, or a map too fine to write in.
func TestPadsRefuse(t *testing.T) {
	p := pads(data.DefaultScorpion(), scorpion.RoleGuard)
	var buf bytes.Buffer
	for _, bad := range []func(*scorpion.Pads){
		func(p *scorpion.Pads) { p.Roles = nil },
		func(p *scorpion.Pads) { p.Pages = 0 },
		func(p *scorpion.Pads) { p.Pages = scorpion.MaxPadPages + 1 },
		func(p *scorpion.Pads) { p.Map.Width, p.Map.Height = 400, 400 },
		func(p *scorpion.Pads) { p.Map.Width = 0 },
	} {
		q := p
		bad(&q)
		require.Error(t, scorpion.RenderPads(&buf, q))
	}
	_, err := scorpion.ParseRoles("ninja")
	require.Error(t, err)
	roles, err := scorpion.ParseRoles(" All ")
	require.NoError(t, err)
	require.Equal(t, []scorpion.Role{scorpion.RoleGuard, scorpion.RoleIntruder}, roles)
}

// BenchmarkPads renders the guard and intruder pads of the built-in map.
func BenchmarkPads(b *testing.B) {
	p := pads(data.DefaultScorpion(), scorpion.RoleGuard, scorpion.RoleIntruder)
	for b.Loop() {
		var buf bytes.Buffer
		if err := scorpion.RenderPads(&buf, p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBoardRefusesAHugeMap: a user's map too large for a table is refused,
// not printed over hundreds of pages.
func TestBoardRefusesAHugeMap(t *testing.T) {
	m := scorpion.Map{Width: 60, Height: 60, Zones: []scorpion.Zone{{ID: "Z", Region: "yard", Cells: [][2]int{{0, 0}}}}}
	_, err := scorpion.BoardPages(m, layouts.FreeArea(layouts.PaperA4))
	require.ErrorContains(t, err, "a printed board stops at 16")
}

// TestBoardPartsShareAPage: on A4 the built-in 14 x 14 board takes three
// pages, not four: two full parts, then two short ones on one page; the
// parts cover every cell once, and each page's stack fits it.
func TestBoardPartsShareAPage(t *testing.T) {
	m := genscorpion.MapContent(data.DefaultScorpion())
	area := layouts.FreeArea(layouts.PaperA4)
	sheets, err := scorpion.BoardSheets(m, area)
	require.NoError(t, err)
	require.Len(t, sheets, 3)
	require.Len(t, sheets[2], 2, "the last page holds two parts")
	seen := map[[2]int]int{}
	for _, s := range sheets {
		h := 0.0
		for _, p := range s {
			h += 12 + 6 + float64(p.Rows)*scorpion.BoardCell
			for c := p.Col; c < p.Col+p.Cols; c++ {
				for r := p.Row; r < p.Row+p.Rows; r++ {
					seen[[2]int{c, r}]++
				}
			}
		}
		require.LessOrEqual(t, h, area.H)
	}
	require.Len(t, seen, m.Width*m.Height)
	for cell, n := range seen {
		require.Equal(t, 1, n, "cell %v", cell)
	}
	pages, err := scorpion.BoardPages(m, area)
	require.NoError(t, err)
	require.Equal(t, "Board (part 3 of 4), Board (part 4 of 4)", pages[2].Title)
}
