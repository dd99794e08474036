package blades

import (
	"fmt"
	"math"
	"testing"

	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

// legendRoom stands in for the card legend above the slips on their first
// page: seven kinds of one line each, as the built-in deck prints.
const legendRoom = 18 + 7*5.2 + sectionGap

func slipAreas(p layouts.Paper) (first, rest layouts.Rect) {
	a := layouts.Rect{X: pageMargin, Y: pageMargin, W: p.W - 2*pageMargin, H: p.H - 2*pageMargin}
	return layouts.Rect{X: a.X, Y: a.Y + legendRoom, W: a.W, H: a.H - legendRoom}, layouts.Rect{X: a.X, Y: a.Y + openHeading, W: a.W, H: a.H - openHeading}
}

// gapTo is how far r lies from the axis-aligned segment l (0 if they meet).
func gapTo(r layouts.Rect, l Line) float64 {
	lo := layouts.Rect{X: math.Min(l.A.X, l.B.X), Y: math.Min(l.A.Y, l.B.Y), W: math.Abs(l.B.X - l.A.X), H: math.Abs(l.B.Y - l.A.Y)}
	dx := math.Max(0, math.Max(lo.X-r.Right(), r.X-lo.Right()))
	dy := math.Max(0, math.Max(lo.Y-r.Bottom(), r.Y-lo.Bottom()))
	return math.Hypot(dx, dy)
}

func vertical(l Line) bool { return l.A.X == l.B.X }

func TestLayoutSlipsForEveryDeal(t *testing.T) {
	for _, paper := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		for players := 2; players <= 5; players++ {
			cards := 32 / players
			name := fmt.Sprintf("%s/%d players", paper.Name, players)
			first, rest := slipAreas(paper)
			h := slipHeight(cards)
			pages, err := LayoutSlips(first, rest, players, h)
			require.NoError(t, err, name)
			var counts []int
			for pg, sp := range pages {
				area := rest
				if pg == 0 {
					area = first
				}
				counts = append(counts, len(sp.Slips))
				for i, s := range sp.Slips {
					require.True(t, area.Contains(s), "%s: slip %+v outside %+v", name, s, area)
					require.GreaterOrEqual(t, s.W, float64(minSlipW), name)
					require.InDelta(t, h, s.H, 1e-9, name)
					for _, o := range sp.Slips[:i] {
						require.False(t, s.Overlaps(o), "%s: slips overlap", name)
					}
					// Every edge of a slip lies on a cut line that spans it.
					for _, edge := range []Line{
						{layouts.Point{X: s.X, Y: s.Y}, layouts.Point{X: s.X, Y: s.Bottom()}}, {layouts.Point{X: s.Right(), Y: s.Y}, layouts.Point{X: s.Right(), Y: s.Bottom()}},
						{layouts.Point{X: s.X, Y: s.Y}, layouts.Point{X: s.Right(), Y: s.Y}}, {layouts.Point{X: s.X, Y: s.Bottom()}, layouts.Point{X: s.Right(), Y: s.Bottom()}},
					} {
						covered := false
						for _, c := range sp.Cuts {
							if vertical(c) == vertical(edge) && gapTo(layouts.Rect{X: edge.A.X, Y: edge.A.Y, W: edge.B.X - edge.A.X, H: edge.B.Y - edge.A.Y}, c) < 1e-9 &&
								math.Min(c.A.X, c.A.Y) <= math.Min(edge.A.X, edge.A.Y)+1e-9 && math.Max(c.B.X, c.B.Y) >= math.Max(edge.B.X, edge.B.Y)-1e-9 {
								covered = true
							}
						}
						require.True(t, covered, "%s: slip edge %+v has no cut line", name, edge)
					}
					// Print stays a cuttable gap away from every cut and fold line.
					for _, print := range []layouts.Rect{slipCover(s).Inset(slipPad), slipList(s).Inset(slipPad)} {
						for _, l := range append(append([]Line{}, sp.Cuts...), sp.Folds...) {
							require.GreaterOrEqual(t, gapTo(print, l), cutGap-1e-9, "%s: print %+v near line %+v", name, print, l)
						}
					}
					f := sp.Folds[i]
					require.InDelta(t, s.Y+s.H/2, f.A.Y, 1e-9, "%s: the fold halves the slip", name)
					require.True(t, s.Contains(layouts.Rect{X: f.A.X, Y: f.A.Y, W: f.B.X - f.A.X, H: 0}), name)
				}
				// Parallel guide lines are either the same line or a cuttable gap apart.
				lines := append(append([]Line{}, sp.Cuts...), sp.Folds...)
				for i, a := range lines {
					for _, b := range lines[:i] {
						if vertical(a) != vertical(b) {
							continue
						}
						d := math.Abs(a.A.X - b.A.X)
						if !vertical(a) {
							d = math.Abs(a.A.Y - b.A.Y)
						}
						require.True(t, d < 1e-9 || d >= cutGap, "%s: lines %+v and %+v are %.2f mm apart", name, a, b, d)
					}
					for _, pt := range []layouts.Point{a.A, a.B} {
						require.True(t, area.Contains(layouts.Rect{X: pt.X, Y: pt.Y, W: 0, H: 0}), "%s: line %+v leaves the area", name, a)
					}
				}
			}
			sum := 0
			for i, c := range counts {
				sum += c
				if len(counts) > 1 {
					require.Greater(t, c, 1, "%s: a slip alone on page %d of %v", name, i+1, counts)
				}
			}
			require.Equal(t, players, sum, name)
			if players == 2 {
				require.Len(t, pages, 1, "%s: 16-card slips share one page", name)
			}
		}
	}
}

func TestLayoutSlipsNumbers(t *testing.T) {
	area := layouts.Rect{X: 10, Y: 10, W: 190, H: 277}
	pages, err := LayoutSlips(area, area, 3, 150)
	require.NoError(t, err)
	require.Len(t, pages, 1)
	w := 190.0 / 3
	for i, s := range pages[0].Slips {
		require.InDelta(t, 10+float64(i)*w, s.X, 1e-9)
		require.Equal(t, 10.0, s.Y)
		require.InDelta(t, w, s.W, 1e-9)
	}
	require.Len(t, pages[0].Cuts, 4+2, "four upright cuts, one along the top and one along the bottom")
	require.Equal(t, Line{layouts.Point{X: 10, Y: 160}, layouts.Point{X: 200, Y: 160}}, pages[0].Cuts[5])
	require.Equal(t, Line{layouts.Point{X: 10 + cutGap, Y: 85}, layouts.Point{X: 10 + w - cutGap, Y: 85}}, pages[0].Folds[0])

	// Two slips share the width; on a wider page they stop at maxSlipW, centred.
	pages, err = LayoutSlips(area, area, 2, 150)
	require.NoError(t, err)
	require.Equal(t, []layouts.Rect{{X: 10, Y: 10, W: 95, H: 150}, {X: 105, Y: 10, W: 95, H: 150}}, pages[0].Slips)
	wide := layouts.Rect{X: 10, Y: 10, W: 250, H: 277}
	pages, err = LayoutSlips(wide, wide, 2, 150)
	require.NoError(t, err)
	require.Equal(t, []layouts.Rect{{X: 35, Y: 10, W: maxSlipW, H: 150}, {X: 135, Y: 10, W: maxSlipW, H: 150}}, pages[0].Slips)

	// Four slips where the first page holds three: two and two, not three and one.
	pages, err = LayoutSlips(layouts.Rect{X: 10, Y: 100, W: 190, H: 160}, area, 4, 150)
	require.NoError(t, err)
	require.Len(t, pages, 2)
	require.Len(t, pages[0].Slips, 2)
	require.Len(t, pages[1].Slips, 2)
}

func TestLayoutSlipsRefuses(t *testing.T) {
	area := layouts.Rect{X: 10, Y: 10, W: 190, H: 277}
	_, err := LayoutSlips(area, area, 3, 300)
	require.ErrorContains(t, err, "does not fit on a page")
	_, err = LayoutSlips(layouts.Rect{X: 0, Y: 0, W: 50, H: 277}, layouts.Rect{X: 0, Y: 0, W: 50, H: 277}, 3, 100)
	require.ErrorContains(t, err, "narrower than a slip")
	pages, err := LayoutSlips(area, area, 0, 100)
	require.NoError(t, err)
	require.Empty(t, pages)
}

func TestSlipHeightHoldsSixteenCardsUnderTheLegend(t *testing.T) {
	first, _ := slipAreas(layouts.PaperLetter)
	require.LessOrEqual(t, slipHeight(16), first.H)
	require.Greater(t, slipHeight(16), slipHeight(6))
	require.Equal(t, slipHeight(0), slipHeight(1), "an empty hand still has a row saying so")
}

func TestGridCols(t *testing.T) {
	for _, c := range []struct{ n, max, want int }{
		{1, 3, 1}, {2, 3, 2}, {3, 3, 3}, {4, 3, 2}, {5, 3, 3}, {6, 3, 3}, {7, 3, 3}, {0, 3, 1}, {4, 0, 1},
	} {
		require.Equal(t, c.want, GridCols(c.n, c.max), "%d boxes, at most %d a row", c.n, c.max)
	}
}

func TestBalancedRowsLeavesNoBoxAlone(t *testing.T) {
	page := layouts.Rect{X: 0, Y: 0, W: 100, H: 210}
	heights := []float64{100, 100, 100, 100, 100}
	greedy, err := layouts.FlowRows(page, page, 2, 4, heights)
	require.NoError(t, err)
	require.Equal(t, 1, greedy[4].Page, "FlowRows puts the fifth box alone on page 2")
	require.Equal(t, 0, greedy[3].Page)

	got, err := BalancedRows(page, page, 2, 4, heights)
	require.NoError(t, err)
	pages := []int{}
	for _, p := range got {
		pages = append(pages, p.Page)
		require.True(t, page.Contains(p.Rect))
	}
	require.Equal(t, []int{0, 0, 0, 1, 1}, pages)
	require.Equal(t, layouts.Rect{X: 0, Y: 0, W: 48, H: 100}, got[3].Rect, "page 2 starts at its top")

	// Boxes that fit one page stay as FlowRows puts them.
	one, err := BalancedRows(page, page, 2, 4, heights[:4])
	require.NoError(t, err)
	want, _ := layouts.FlowRows(page, page, 2, 4, heights[:4])
	require.Equal(t, want, one)

	_, err = BalancedRows(page, page, 2, 4, []float64{300})
	require.Error(t, err)
}
