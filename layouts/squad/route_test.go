package squad

import (
	"math"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

func TestRouteCellsWalksTheSteps(t *testing.T) {
	cells, lo, hi, err := RouteCells([]string{"F", "JFL", "R"})
	require.NoError(t, err)
	require.Equal(t, []Cell{{0, 0}, {0, 1}, {-2, 3}, {-1, 3}}, cells)
	require.Equal(t, Cell{-2, 0}, lo)
	require.Equal(t, Cell{0, 3}, hi)

	cells, lo, hi, err = RouteCells([]string{"B", "BR"})
	require.NoError(t, err)
	require.Equal(t, []Cell{{0, 0}, {0, -1}, {1, -2}}, cells)
	require.Equal(t, Cell{0, -2}, lo)
	require.Equal(t, Cell{1, 0}, hi)

	_, _, _, err = RouteCells([]string{"F", "X"})
	require.ErrorContains(t, err, `"X"`)
}

func TestStepMoveLeapsTwoTiles(t *testing.T) {
	for _, st := range data.RouteSteps {
		d, leap, err := StepMove(st)
		require.NoError(t, err, st)
		require.Equal(t, st[0] == 'J', leap, st)
		n := 1
		if leap {
			n = 2
		}
		require.Equal(t, n, max(abs(d.X), abs(d.Y)), st)
	}
}

func abs(v int) int { return max(v, -v) }

func TestRouteLayoutFitsTheBox(t *testing.T) {
	g, err := RouteLayout(layouts.Rect{X: 10, Y: 20, W: 30, H: 30}, []string{"F", "F", "F", "F"})
	require.NoError(t, err)
	// 5 rows in 30 - 4.8 (arrow) - 1.2 (gap) = 24 mm: 4.8 mm tiles. The
	// arrow is 0.9 tile, 4.32 mm, a quarter of that above the tiles; the
	// 29.4 mm of arrow and tiles are centred.
	require.InDelta(t, 4.8, g.Grid.Cell, 1e-9)
	require.Equal(t, 1, g.Grid.Cols)
	require.Equal(t, 5, g.Grid.Rows)
	require.InDelta(t, 20.3, g.Arrow.Y, 1e-9)
	require.InDelta(t, 4.32, g.Arrow.H, 1e-9)
	require.InDelta(t, 20.3+4.32+1.08, g.Grid.Y, 1e-9)
	require.InDelta(t, 49.7, g.Grid.Bottom(), 1e-9)
	// The start tile is the bottom one, the last landing the top one.
	require.InDelta(t, g.Grid.Bottom()-4.8, g.Cell(Cell{0, 0}).Y, 1e-9)
	require.InDelta(t, g.Grid.Y, g.Cell(Cell{0, 4}).Y, 1e-9)

	// One step is drawn no larger than a third of the box.
	g, err = RouteLayout(layouts.Rect{W: 30, H: 30}, []string{"L"})
	require.NoError(t, err)
	require.InDelta(t, 8, g.Grid.Cell, 1e-9)
	require.Equal(t, Cell{-1, 0}, g.Lo)
	require.Less(t, g.Cell(Cell{-1, 0}).X, g.Cell(Cell{0, 0}).X)

	_, err = RouteLayout(layouts.Rect{W: 0, H: 30}, []string{"L"})
	require.Error(t, err)
}

// Every route of the default data fits boxes from 12 to 30 mm, in every
// shape a card gives it, and draws without a pdf error.
func TestEveryDefaultRouteDraws(t *testing.T) {
	boxes := []layouts.Rect{
		{X: 5, Y: 5, W: 12, H: 12},
		{X: 5, Y: 5, W: 30, H: 30},
		{X: 5, Y: 5, W: 26, H: 40},
		{X: 5, Y: 5, W: 40, H: 18},
	}
	pdf := layouts.NewDocument(layouts.PaperA4, "routes")
	pdf.AddPage()
	for _, c := range data.DefaultSquad().Movement {
		for _, r := range c.Routes {
			steps, err := data.ParseRoute(r)
			require.NoError(t, err)
			cells, _, _, err := RouteCells(steps)
			require.NoError(t, err)
			for _, box := range boxes {
				g, err := RouteLayout(box, steps)
				require.NoError(t, err, "card %d route %q", c.Number, r)
				require.True(t, box.Contains(g.Grid.Rect), "card %d route %q in %v", c.Number, r, box)
				require.True(t, box.Contains(g.Arrow), "card %d route %q in %v", c.Number, r, box)
				require.False(t, g.Arrow.Overlaps(g.Grid.Rect))
				for _, cell := range cells {
					require.True(t, g.Grid.Contains(g.Cell(cell)))
				}
				DrawRoute(pdf, box, steps)
			}
		}
	}
	require.NoError(t, pdf.Error())
}

// A leap's arc peaks over the tile it skips, within that tile.
func TestLeapArcStaysOverTheSkippedTile(t *testing.T) {
	for _, st := range []string{"JF", "JB", "JL", "JR", "JFL", "JFR", "JBL", "JBR"} {
		g, err := RouteLayout(layouts.Rect{W: 30, H: 30}, []string{st})
		require.NoError(t, err)
		d, _, err := StepMove(st)
		require.NoError(t, err)
		a, b := g.Cell(Cell{}).Center(), g.Cell(d).Center()
		skipped := g.Cell(Cell{d.X / 2, d.Y / 2})
		c := leapControl(a, b, g.Grid.Cell)
		// A quadratic curve is at its peak halfway: (a + 2c + b) / 4.
		peak := layouts.Point{X: (a.X + 2*c.X + b.X) / 4, Y: (a.Y + 2*c.Y + b.Y) / 4}
		m := skipped.Center()
		require.InDelta(t, 0.4*g.Grid.Cell, math.Hypot(peak.X-m.X, peak.Y-m.Y), 1e-9, st)
		require.True(t, skipped.Contains(layouts.Rect{X: peak.X, Y: peak.Y}), st)
	}
}

func TestDrawRouteRefusesUnknownSteps(t *testing.T) {
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.AddPage()
	DrawRoute(pdf, layouts.Rect{W: 20, H: 20}, []string{"Q"})
	require.ErrorContains(t, pdf.Error(), `"Q"`)
}
