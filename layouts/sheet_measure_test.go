package layouts

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/ninjakit/ninjakit/layouts/internal/pdfmeasure"
	"github.com/stretchr/testify/require"
)

// These tests measure card sheets in the PDF bytes, the way a ruler would
// on paper, instead of trusting the layout structs that drew them.

// measureTol is how far a measured position may be from its nominal: the
// PDF keeps positions to 0.01 pt (3.5 µm), so a difference of two is good to
// 7 µm.
const measureTol = 0.01

// blank draws nothing, so every stroke on a card page is the engine's own.
func blank(Canvas, Rect, Rect) {}

// fullSheet is a set that fills exactly one sheet under p; its art runs to
// the edge, so a negative p.Bleed means DefaultBleed.
func fullSheet(t *testing.T, size Size, back bool, p Print) Set {
	t.Helper()
	s := Set{Title: size.Name, Size: size, Pieces: []Piece{{Front: blank}}, FullBleed: true}
	if back {
		s.Back = blank
	}
	l, err := PlanSet(s, p)
	require.NoError(t, err)
	s.Pieces = slices.Repeat(s.Pieces, l.PerPage)
	return s
}

func measureSet(t *testing.T, s Set, p Print) []pdfmeasure.Page {
	t.Helper()
	_, b := renderSet(t, s, p)
	pages, err := pdfmeasure.Read(b)
	require.NoError(t, err)
	return pages
}

func measurePrint(paper Paper, backs Backs, bleed float64) Print {
	p := DefaultPrint()
	p.Paper, p.Backs, p.Bleed = paper, backs, bleed
	return p
}

// cropMarks are the page's crop marks: solid straight strokes of the mark
// width, at least MinMarkLen long, that run to an edge of area (the
// printable area as it lands on this page) or past it. The scale check's
// bar is as wide but stays clear of the edges.
func cropMarks(page pdfmeasure.Page, area Rect) (vertical, horizontal []pdfmeasure.Segment) {
	for _, s := range page.Segments {
		if s.Curve || s.Dashed || math.Abs(s.Width-markWidth) > 0.005 || s.Len() < MinMarkLen-measureTol {
			continue
		}
		switch {
		case math.Abs(s.X1-s.X2) < 1e-6 && (math.Min(s.Y1, s.Y2) <= area.Y+measureTol || math.Max(s.Y1, s.Y2) >= area.Bottom()-measureTol):
			vertical = append(vertical, s)
		case math.Abs(s.Y1-s.Y2) < 1e-6 && (math.Min(s.X1, s.X2) <= area.X+measureTol || math.Max(s.X1, s.X2) >= area.Right()-measureTol):
			horizontal = append(horizontal, s)
		}
	}
	return vertical, horizontal
}

// cutsOf groups parallel marks by coordinate (at of each) and requires
// every group to be one mark running to the low edge and one to the high
// edge: a cut marked on both sides of the block, so it survives the first
// cuts. It returns the cut positions in order.
func cutsOf(t *testing.T, marks []pdfmeasure.Segment, at func(pdfmeasure.Segment) float64, span func(pdfmeasure.Segment) (float64, float64), lo, hi float64) []float64 {
	t.Helper()
	slices.SortFunc(marks, func(a, b pdfmeasure.Segment) int { return cmpFloat(at(a), at(b)) })
	var cuts []float64
	for len(marks) > 0 {
		n := 1
		for n < len(marks) && at(marks[n])-at(marks[0]) <= measureTol {
			n++
		}
		group := marks[:n]
		marks = marks[n:]
		require.Len(t, group, 2, "marks at %.3f", at(group[0]))
		ends := []bool{false, false}
		for _, s := range group {
			a, b := span(s)
			ends[0] = ends[0] || math.Min(a, b) <= lo+measureTol
			ends[1] = ends[1] || math.Max(a, b) >= hi-measureTol
		}
		require.Equal(t, []bool{true, true}, ends, "marks at %.3f reach both edges", at(group[0]))
		cuts = append(cuts, at(group[0]))
	}
	return cuts
}

// measuredCuts are the cut positions across (xs) and down (ys) the page.
func measuredCuts(t *testing.T, page pdfmeasure.Page, area Rect) (xs, ys []float64) {
	t.Helper()
	v, h := cropMarks(page, area)
	require.NotEmpty(t, v, "vertical crop marks")
	require.NotEmpty(t, h, "horizontal crop marks")
	xs = cutsOf(t, v, func(s pdfmeasure.Segment) float64 { return s.X1 },
		func(s pdfmeasure.Segment) (float64, float64) { return s.Y1, s.Y2 }, area.Y, area.Bottom())
	ys = cutsOf(t, h, func(s pdfmeasure.Segment) float64 { return s.Y1 },
		func(s pdfmeasure.Segment) (float64, float64) { return s.X1, s.X2 }, area.X, area.Right())
	return xs, ys
}

// readCuts reads cut positions as a row of pieces length apart, within
// tol: each piece is two neighbouring cuts, and the next piece starts on
// the same cut or after a gap. It returns each piece's start and each gap
// between neighbours (0 for a shared cut), or false if the cuts are not
// such a row.
func readCuts(cuts []float64, length, tol float64) (starts, gaps []float64, ok bool) {
	fits := func(i int) bool { return i+1 < len(cuts) && math.Abs(cuts[i+1]-cuts[i]-length) <= tol }
	for i := 0; fits(i); {
		starts = append(starts, cuts[i])
		i++ // the piece's far cut
		switch {
		case i == len(cuts)-1:
			return starts, gaps, true
		case fits(i):
			gaps = append(gaps, 0)
		default:
			gaps = append(gaps, cuts[i+1]-cuts[i])
			i++
		}
	}
	// A cut that is no piece's edge, or a piece of another size.
	return nil, nil, false
}

// grid is the pieces read from the cuts: their trims and the gaps between
// neighbours in both directions.
type grid struct {
	trims []Rect
	gaps  []float64
}

// readGrid reads xs and ys as a grid of w x h pieces.
func readGrid(xs, ys []float64, w, h, tol float64) (grid, bool) {
	cx, gx, okx := readCuts(xs, w, tol)
	cy, gy, oky := readCuts(ys, h, tol)
	if !okx || !oky {
		return grid{}, false
	}
	g := grid{gaps: append(gx, gy...)}
	for _, y := range cy {
		for _, x := range cx {
			g.trims = append(g.trims, Rect{X: x, Y: y, W: w, H: h})
		}
	}
	return g, true
}

// readAnyGrid reads the cuts as pieces of the first of sizes that fits (the
// upright and the turned piece, or the ways a fold pair lies) and returns
// which one that is.
func readAnyGrid(t *testing.T, xs, ys []float64, sizes [][2]float64, tol float64) (grid, int) {
	t.Helper()
	for i, wh := range sizes {
		if g, ok := readGrid(xs, ys, wh[0], wh[1], tol); ok {
			return g, i
		}
	}
	require.Failf(t, "cuts are no grid of pieces", "xs %v ys %v, sizes %v", xs, ys, sizes)
	return grid{}, -1
}

// requireCuttable checks what a knife needs: distinct parallel cuts at
// least MinCutGap apart, neighbours sharing a cut or leaving a strip of at
// least MinCutGap, and with bleed, room for both neighbours' bleeds.
func requireCuttable(t *testing.T, xs, ys []float64, g grid, bleed float64) {
	t.Helper()
	for _, cuts := range [][]float64{xs, ys} {
		for i := 1; i < len(cuts); i++ {
			require.GreaterOrEqual(t, cuts[i]-cuts[i-1], MinCutGap-measureTol, "parallel marks at %.3f and %.3f", cuts[i-1], cuts[i])
		}
	}
	for _, gap := range g.gaps {
		if bleed > 0 {
			require.GreaterOrEqual(t, gap, 2*bleed-measureTol, "neighbours' bleeds overlap")
		}
		if gap != 0 {
			require.GreaterOrEqual(t, gap, MinCutGap-measureTol, "a sliver between neighbours")
		}
	}
}

// requireMarksPlaced keeps every mark inside the printable area and at
// least MarkOffset clear of every piece's bleed, so none shows on a piece,
// not even one cut a little wide.
func requireMarksPlaced(t *testing.T, page pdfmeasure.Page, printable Rect, trims []Rect, bleed float64) {
	t.Helper()
	v, h := cropMarks(page, printable)
	area := printable.Inset(-measureTol)
	for _, s := range append(v, h...) {
		box := Rect{X: math.Min(s.X1, s.X2), Y: math.Min(s.Y1, s.Y2), W: math.Abs(s.X2 - s.X1), H: math.Abs(s.Y2 - s.Y1)}
		require.True(t, area.Contains(box), "mark %+v leaves the printable area", s)
		for _, tr := range trims {
			keepOut := tr.Inset(-(bleed + MarkOffset - measureTol))
			crosses := box.X < keepOut.Right() && box.Right() > keepOut.X && box.Y < keepOut.Bottom() && box.Bottom() > keepOut.Y
			require.False(t, crosses, "mark %+v within %g mm of piece %+v's bleed", s, MarkOffset, tr)
		}
	}
}

func uprightAndTurned(s Size) [][2]float64 { return [][2]float64{{s.W, s.H}, {s.H, s.W}} }

// measureCase is one paper, piece size and bleed.
type measureCase struct {
	paper Paper
	size  Size
	bleed float64
}

func (c measureCase) String() string {
	return fmt.Sprintf("%s/%s/bleed%g", c.paper.Name, c.size.Name, c.bleed)
}

// measureCases is every paper x piece size x bleed {0, 3}.
func measureCases() []measureCase {
	var cs []measureCase
	for _, paper := range []Paper{PaperA4, PaperLetter, PaperAny} {
		for _, size := range []Size{SizePoker, SizeBridge, SizeMini, SizeToken} {
			for _, bleed := range []float64{0, 3} {
				cs = append(cs, measureCase{paper, size, bleed})
			}
		}
	}
	return cs
}

func TestMeasureSheetMarks(t *testing.T) {
	for _, tc := range measureCases() {
		t.Run(tc.String(), func(t *testing.T) {
			p := measurePrint(tc.paper, BacksNone, tc.bleed)
			s := fullSheet(t, tc.size, false, p)
			pages := measureSet(t, s, p)
			require.Len(t, pages, 1, "a full sheet is one page")
			pr := tc.paper.Printable()
			xs, ys := measuredCuts(t, pages[0], pr)
			g, _ := readAnyGrid(t, xs, ys, uprightAndTurned(tc.size), 0.1)
			require.Len(t, g.trims, len(s.Pieces), "one marked piece per piece printed")
			requireCuttable(t, xs, ys, g, tc.bleed)
			requireMarksPlaced(t, pages[0], pr, g.trims, tc.bleed)
		})
	}
}

// sortedSegments orders segments by their end points, each segment's ends
// in order, so two pages' marks compare whatever order they were drawn in.
func sortedSegments(ss []pdfmeasure.Segment) []pdfmeasure.Segment {
	out := make([]pdfmeasure.Segment, len(ss))
	for i, s := range ss {
		if s.X2 < s.X1-1e-6 || (math.Abs(s.X2-s.X1) <= 1e-6 && s.Y2 < s.Y1) {
			s.X1, s.Y1, s.X2, s.Y2 = s.X2, s.Y2, s.X1, s.Y1
		}
		out[i] = s
	}
	slices.SortFunc(out, func(a, b pdfmeasure.Segment) int {
		for _, c := range [][2]float64{{a.X1, b.X1}, {a.Y1, b.Y1}, {a.X2, b.X2}, {a.Y2, b.Y2}} {
			if d := cmpFloat(c[0], c[1]); d != 0 {
				return d
			}
		}
		return 0
	})
	return out
}

// requireMarksMapped checks that got's marks are want's marks with every
// end point mapped through f.
func requireMarksMapped(t *testing.T, want, got pdfmeasure.Page, wantArea, gotArea Rect, f func(x, y float64) (float64, float64), what string) {
	t.Helper()
	wv, wh := cropMarks(want, wantArea)
	gv, gh := cropMarks(got, gotArea)
	var mapped []pdfmeasure.Segment
	for _, s := range append(wv, wh...) {
		s.X1, s.Y1 = f(s.X1, s.Y1)
		s.X2, s.Y2 = f(s.X2, s.Y2)
		mapped = append(mapped, s)
	}
	ws, gs := sortedSegments(mapped), sortedSegments(append(gv, gh...))
	require.NotEmpty(t, ws, what)
	require.Equal(t, len(ws), len(gs), "%s: marks found where they should be", what)
	for i := range ws {
		for _, c := range [][2]float64{{ws[i].X1, gs[i].X1}, {ws[i].Y1, gs[i].Y1}, {ws[i].X2, gs[i].X2}, {ws[i].Y2, gs[i].Y2}} {
			require.InDelta(t, c[0], c[1], measureTol, "%s: mark %d: want %+v, got %+v", what, i, ws[i], gs[i])
		}
	}
}

func TestMeasureSheetScale(t *testing.T) {
	const sx, sy = 1.02, 0.98
	for _, tc := range measureCases() {
		t.Run(tc.String(), func(t *testing.T) {
			p := measurePrint(tc.paper, BacksNone, tc.bleed)
			s := fullSheet(t, tc.size, false, p)
			plain := measureSet(t, s, p)
			p.Scale = Point{X: sx, Y: sy}
			scaled := measureSet(t, s, p)
			require.Len(t, scaled, len(plain))

			cx, cy := tc.paper.W/2, tc.paper.H/2
			f := func(x, y float64) (float64, float64) { return cx + (x-cx)*sx, cy + (y-cy)*sy }
			pr := tc.paper.Printable()
			x0, y0 := f(pr.X, pr.Y)
			x1, y1 := f(pr.Right(), pr.Bottom())
			area := Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
			requireMarksMapped(t, plain[0], scaled[0], pr, area, f, "scaled marks")

			// The scale reaches the card sizes themselves: a ruler on the
			// scaled sheet reads the nominal size times the scale.
			xs, ys := measuredCuts(t, plain[0], pr)
			_, i := readAnyGrid(t, xs, ys, uprightAndTurned(tc.size), 0.1)
			wh := uprightAndTurned(tc.size)[i]
			xs, ys = measuredCuts(t, scaled[0], area)
			g, _ := readAnyGrid(t, xs, ys, [][2]float64{{wh[0] * sx, wh[1] * sy}}, measureTol)
			require.Len(t, g.trims, len(s.Pieces))
		})
	}
}

func TestMeasureSheetBackOffset(t *testing.T) {
	const dx, dy = 1.5, -2.0
	for _, backs := range []Backs{BacksLong, BacksShort} {
		for _, tc := range measureCases() {
			t.Run(fmt.Sprintf("%v/%v", backs, tc), func(t *testing.T) {
				p := measurePrint(tc.paper, backs, tc.bleed)
				s := fullSheet(t, tc.size, true, p)
				plain := measureSet(t, s, p)
				p.BackOffset = Point{X: dx, Y: dy}
				moved := measureSet(t, s, p)
				require.Len(t, plain, 2, "front and back")
				require.Len(t, moved, 2, "front and back")

				pr := tc.paper.Printable()
				same := func(x, y float64) (float64, float64) { return x, y }
				requireMarksMapped(t, plain[0], moved[0], pr, pr, same, "front")

				// The back page's marks lie behind the front's: mirrored
				// across the flip edge, then moved by the offset.
				flip := func(x, y float64) (float64, float64) { return tc.paper.W - x + dx, y + dy }
				if backs == BacksShort {
					flip = func(x, y float64) (float64, float64) { return x + dx, tc.paper.H - y + dy }
				}
				back := pr
				back.X, back.Y = pr.X+dx, pr.Y+dy
				requireMarksMapped(t, plain[0], moved[1], pr, back, flip, "back")
			})
		}
	}
}

func TestMeasureSheetFold(t *testing.T) {
	for _, tc := range measureCases() {
		t.Run(tc.String(), func(t *testing.T) {
			p := measurePrint(tc.paper, BacksFold, tc.bleed)
			s := fullSheet(t, tc.size, true, p)
			pages := measureSet(t, s, p)
			require.Len(t, pages, 1, "fold prints backs on the front page")
			pr := tc.paper.Printable()
			xs, ys := measuredCuts(t, pages[0], pr)
			w, h := tc.size.W, tc.size.H
			// A pair is cut out whole: two pieces side by side or stacked,
			// upright or turned.
			g, i := readAnyGrid(t, xs, ys, [][2]float64{{2 * w, h}, {2 * h, w}, {w, 2 * h}, {h, 2 * w}}, 0.1)
			require.Len(t, g.trims, len(s.Pieces), "one marked pair per piece")
			requireCuttable(t, xs, ys, g, tc.bleed)
			requireMarksPlaced(t, pages[0], pr, g.trims, tc.bleed)
			requireFoldsCentred(t, pages[0], g, i < 2)
		})
	}
}

// requireFoldsCentred checks the dashed fold marks: across each column's
// middle (pairs side by side) or down each row's (stacked), and nothing
// else dashed.
func requireFoldsCentred(t *testing.T, page pdfmeasure.Page, g grid, sideBySide bool) {
	t.Helper()
	want := map[float64]bool{}
	for _, tr := range g.trims {
		if sideBySide {
			want[math.Round(tr.Center().X*100)] = true
		} else {
			want[math.Round(tr.Center().Y*100)] = true
		}
	}
	got := map[float64]bool{}
	for _, s := range page.Segments {
		if !s.Dashed {
			continue
		}
		if sideBySide {
			require.InDelta(t, s.X1, s.X2, 1e-6, "fold mark %+v runs down the page", s)
			got[math.Round(s.X1*100)] = true
		} else {
			require.InDelta(t, s.Y1, s.Y2, 1e-6, "fold mark %+v runs across the page", s)
			got[math.Round(s.Y1*100)] = true
		}
	}
	require.Equal(t, want, got, "fold marks at the pairs' middles (in 0.01 mm)")
}

func TestMeasureSheetCounters(t *testing.T) {
	for _, paper := range []Paper{PaperA4, PaperLetter, PaperAny} {
		t.Run(paper.Name, func(t *testing.T) {
			p := measurePrint(paper, BacksNone, -1)
			s := fullSheet(t, SizeCounter, false, p)
			pages := measureSet(t, s, p)
			require.Len(t, pages, 1)
			xs, ys := measuredCuts(t, pages[0], paper.Printable())
			g, _ := readAnyGrid(t, xs, ys, [][2]float64{{18, 18}}, measureTol)
			require.Len(t, g.trims, len(s.Pieces))
			require.NotEmpty(t, g.gaps)
			for _, gap := range g.gaps {
				require.InDelta(t, 2*DefaultBleed, gap, measureTol, "two 3 mm bleeds between neighbours")
			}
			requireMarksPlaced(t, pages[0], paper.Printable(), g.trims, DefaultBleed)
		})
	}
}
