package layouts

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

const eps = 1e-9

func requireRect(t *testing.T, want, got Rect) {
	t.Helper()
	require.InDelta(t, want.X, got.X, 1e-6, "X of %+v", got)
	require.InDelta(t, want.Y, got.Y, 1e-6, "Y of %+v", got)
	require.InDelta(t, want.W, got.W, 1e-6, "W of %+v", got)
	require.InDelta(t, want.H, got.H, 1e-6, "H of %+v", got)
}

func TestParsePaper(t *testing.T) {
	for in, want := range map[string]Paper{"a4": PaperA4, "A4": PaperA4, " Letter ": PaperLetter, "LETTER": PaperLetter} {
		got, err := ParsePaper(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got)
	}
	_, err := ParsePaper("legal")
	require.EqualError(t, err, `paper "legal": choose a4 or letter`)
	_, err = ParsePaper("")
	require.EqualError(t, err, `paper "": choose a4 or letter`)
	require.Equal(t, "letter", PaperLetter.String())
}

func TestRectHelpers(t *testing.T) {
	r := Rect{10, 20, 30, 40}
	require.Equal(t, 40.0, r.Right())
	require.Equal(t, 60.0, r.Bottom())
	require.Equal(t, Point{25, 40}, r.Center())
	requireRect(t, Rect{12, 22, 26, 36}, r.Inset(2))
	require.True(t, r.Contains(Rect{10, 20, 30, 40}))
	require.False(t, r.Contains(Rect{9, 20, 30, 40}))
	require.True(t, r.Overlaps(Rect{39, 59, 5, 5}))
	require.False(t, r.Overlaps(Rect{40, 20, 5, 5}), "touching edges do not overlap")
}

func TestFitGrid(t *testing.T) {
	g, err := FitGrid(Rect{10, 20, 100, 50}, 9, 9, 0)
	require.NoError(t, err)
	require.InDelta(t, 50.0/9, g.Cell, eps)
	requireRect(t, Rect{35, 20, 50, 50}, g.Rect)

	g, err = FitGrid(Rect{10, 20, 100, 50}, 9, 9, 4)
	require.NoError(t, err)
	require.Equal(t, 4.0, g.Cell)
	requireRect(t, Rect{42, 27, 36, 36}, g.Rect)
	requireRect(t, Rect{42 + 8*4, 27 + 8*4, 4, 4}, g.CellRect(8, 8))

	g, err = FitGrid(Rect{0, 0, 165, 120}, 15, 9, 0)
	require.NoError(t, err)
	require.InDelta(t, 11, g.Cell, eps)
	requireRect(t, Rect{0, 10.5, 165, 99}, g.Rect)

	_, err = FitGrid(Rect{0, 0, 10, 10}, 0, 9, 0)
	require.Error(t, err)
	_, err = FitGrid(Rect{0, 0, 0, 10}, 3, 3, 0)
	require.Error(t, err)
}

func TestLayoutBoard(t *testing.T) {
	box := Rect{10, 54, 190, 169}

	// The House: 9 cells of 13.5 mm within 5 mm of labels and 5 mm of seat
	// names on every side.
	f, err := LayoutBoard(box, 9, 9, "", 13.5)
	require.NoError(t, err)
	require.Equal(t, 13.5, f.Grid.Cell)
	requireRect(t, Rect{34.25, 54, 141.5, 141.5}, f.Outer)
	requireRect(t, Rect{44.25, 64, 121.5, 121.5}, f.Grid.Rect)
	requireRect(t, Rect{44.25, 59, 121.5, 5}, f.ColsTop)
	requireRect(t, Rect{44.25, 185.5, 121.5, 5}, f.ColsBottom)
	requireRect(t, Rect{39.25, 64, 5, 121.5}, f.RowsLeft)
	requireRect(t, Rect{165.75, 64, 5, 121.5}, f.RowsRight)
	requireRect(t, Rect{44.25, 190.5, 121.5, 5}, f.Edges[EdgeBottom])
	requireRect(t, Rect{44.25, 54, 121.5, 5}, f.Edges[EdgeTop])
	requireRect(t, Rect{34.25, 64, 5, 121.5}, f.Edges[EdgeLeft])
	requireRect(t, Rect{170.75, 64, 5, 121.5}, f.Edges[EdgeRight])
	require.True(t, f.Buddha.Empty())
	requireFrameApart(t, f)

	// Temple with the Buddha on the left: the width limits the cells.
	f, err = LayoutBoard(box, 15, 9, "left", 13.5)
	require.NoError(t, err)
	cell := (190 - 20 - 9.5) / 15.0
	require.InDelta(t, cell, f.Grid.Cell, eps)
	requireRect(t, Rect{10, 54, 190, 9*cell + 20}, f.Outer)
	requireRect(t, Rect{29.5, 64, 15 * cell, 9 * cell}, f.Grid.Rect)
	requireRect(t, Rect{15, 64, 8, 9 * cell}, f.Buddha)
	requireFrameApart(t, f)

	f, err = LayoutBoard(box, 15, 9, "right", 13.5)
	require.NoError(t, err)
	requireRect(t, Rect{20, 64, 15 * cell, 9 * cell}, f.Grid.Rect)
	requireRect(t, Rect{187, 64, 8, 9 * cell}, f.Buddha)
	requireFrameApart(t, f)

	_, err = LayoutBoard(box, 30, 9, "", 0)
	require.ErrorContains(t, err, "does not fit")
	_, err = LayoutBoard(box, 9, 9, "top", 0)
	require.ErrorContains(t, err, `buddha side "top"`)
	_, err = LayoutBoard(box, 0, 9, "", 0)
	require.Error(t, err)
}

// requireFrameApart checks every band around a board lies inside its outer
// box and none overlaps another or the grid.
func requireFrameApart(t *testing.T, f BoardFrame) {
	t.Helper()
	parts := map[string]Rect{
		"grid": f.Grid.Rect, "cols top": f.ColsTop, "cols bottom": f.ColsBottom, "rows left": f.RowsLeft,
		"rows right": f.RowsRight, "buddha": f.Buddha,
	}
	for e := EdgeBottom; e <= EdgeLeft; e++ {
		parts["seats "+e.String()] = f.Edges[e]
	}
	for name, r := range parts {
		if r.Empty() {
			continue
		}
		require.True(t, f.Outer.Contains(r), "%s %+v outside %+v", name, r, f.Outer)
		for other, o := range parts {
			if name < other {
				require.False(t, r.Overlaps(o), "%s %+v overlaps %s %+v", name, r, other, o)
			}
		}
	}
}

func TestSeatTagsGoRoundTheBoard(t *testing.T) {
	f, err := LayoutBoard(Rect{10, 54, 190, 169}, 15, 9, "right", 13.5)
	require.NoError(t, err)
	edges := func(tags []SeatTag) []Edge {
		var out []Edge
		for i, tg := range tags {
			require.Equal(t, i+1, tg.Seat)
			require.True(t, f.Edges[tg.Edge].Contains(tg.Rect), "seat %d", tg.Seat)
			out = append(out, tg.Edge)
		}
		return out
	}
	require.Equal(t, []Edge{EdgeBottom, EdgeTop}, edges(SeatTags(f, 2)))
	require.Equal(t, []Edge{EdgeBottom, EdgeRight, EdgeTop}, edges(SeatTags(f, 3)))
	require.Equal(t, []Edge{EdgeBottom, EdgeRight, EdgeTop, EdgeLeft}, edges(SeatTags(f, 4)))
	five := SeatTags(f, 5)
	require.Equal(t, []Edge{EdgeBottom, EdgeRight, EdgeTop, EdgeTop, EdgeLeft}, edges(five))
	// Anticlockwise runs right to left along the top: seat 3 is on the right half.
	require.Greater(t, five[2].Rect.X, five[3].Rect.X)
	require.False(t, five[2].Rect.Overlaps(five[3].Rect))
}

func TestSeatNodesAnticlockwise(t *testing.T) {
	pts := SeatNodes(Point{0, 0}, 10, 4)
	want := []Point{{0, 10}, {10, 0}, {0, -10}, {-10, 0}} // bottom, right, top, left (y down)
	for i := range want {
		require.InDelta(t, want[i].X, pts[i].X, 1e-9, "seat %d", i+1)
		require.InDelta(t, want[i].Y, pts[i].Y, 1e-9, "seat %d", i+1)
	}
}

func TestArrowBetween(t *testing.T) {
	a, ok := ArrowBetween(Point{0, 0}, Point{20, 0}, 2, 3, 4)
	require.True(t, ok)
	require.Equal(t, Point{2, 0}, a.Start)
	require.Equal(t, Point{13, 0}, a.End)
	require.Equal(t, Point{17, 0}, a.Head[0])
	require.InDelta(t, 13, a.Head[1].X, eps)
	require.InDelta(t, 1.8, a.Head[1].Y, eps)
	require.InDelta(t, -1.8, a.Head[2].Y, eps)

	_, ok = ArrowBetween(Point{0, 0}, Point{8, 0}, 2, 3, 4)
	require.False(t, ok, "discs leave no room for the head")
}

func TestFlowRows(t *testing.T) {
	area := Rect{0, 0, 100, 100}
	got, err := FlowRows(area, area, 2, 4, []float64{30, 50, 20, 60, 10})
	require.NoError(t, err)
	want := []Placed{
		{0, Rect{0, 0, 48, 50}}, {0, Rect{52, 0, 48, 50}},
		{1, Rect{0, 0, 48, 60}}, {1, Rect{52, 0, 48, 60}},
		{1, Rect{0, 64, 48, 10}},
	}
	require.Len(t, got, len(want))
	for i := range want {
		require.Equal(t, want[i].Page, got[i].Page, "box %d", i)
		requireRect(t, want[i].Rect, got[i].Rect)
	}
	_, err = FlowRows(area, area, 2, 4, []float64{120})
	require.Error(t, err)
	_, err = FlowRows(area, area, 0, 4, []float64{1})
	require.Error(t, err)
}

func TestTextOnFill(t *testing.T) {
	for _, tc := range []struct {
		rgb   [3]int
		black bool
	}{
		{[3]int{255, 255, 255}, true},
		{[3]int{0, 0, 0}, false},
		{[3]int{245, 200, 30}, true},  // yellow
		{[3]int{200, 35, 40}, false},  // red
		{[3]int{35, 85, 190}, false},  // blue
		{[3]int{25, 25, 25}, false},   // black
		{[3]int{119, 119, 119}, true}, // mid grey: black has slightly more contrast
		{[3]int{110, 110, 110}, false},
		{[3]int{-5, 300, 0}, true}, // clamped, never panics
	} {
		require.Equal(t, tc.black, TextOnFill(tc.rgb), "%v", tc.rgb)
	}
}

func TestLayoutBladesPageFits(t *testing.T) {
	for _, p := range []Paper{PaperA4, PaperLetter} {
		for _, b := range []struct {
			cols, rows int
			buddha     string
			minCell    float64
		}{{9, 9, "", 13.5}, {15, 9, "left", 10.5}, {15, 9, "right", 10.5}} {
			t.Run(fmt.Sprintf("%s-%dx%d-%s", p.Name, b.cols, b.rows, b.buddha), func(t *testing.T) {
				l, err := LayoutBladesPage(p, b.cols, b.rows, b.buddha)
				require.NoError(t, err)
				require.GreaterOrEqual(t, l.Board.Grid.Cell, b.minCell)
				require.Equal(t, float64(qrPrintSize), l.QR.W)
				require.Equal(t, l.QR.W, l.QR.H)
				parts := map[string]Rect{
					"title": l.Title, "subtitle": l.Subtitle, "code label": l.CodeLabel, "code": l.Code,
					"fingerprint": l.Fingerprint, "qr": l.QR, "board": l.Board.Outer, "caption": l.Caption,
					"seats": l.Seats, "info": l.Info,
				}
				for name, r := range parts {
					require.False(t, r.Empty(), name)
					require.True(t, l.Area.Contains(r), "%s %+v outside %+v", name, r, l.Area)
					for other, o := range parts {
						if name < other {
							require.False(t, r.Overlaps(o), "%s %+v overlaps %s %+v", name, r, other, o)
						}
					}
				}
				require.GreaterOrEqual(t, l.Seats.W, float64(minLowerBand))
				require.GreaterOrEqual(t, l.Info.W, 90.0)
			})
		}
	}
	_, err := LayoutBladesPage(Paper{}, 9, 9, "")
	require.Error(t, err)
	_, err = LayoutBladesPage(PaperA4, 40, 9, "")
	require.ErrorContains(t, err, "A4 paper")
}

func TestLayoutSeatDiagramKeepsLabelsInBox(t *testing.T) {
	for _, side := range []float64{62, 82} {
		box := Rect{10, 200, side, side}
		for n := 2; n <= 8; n++ {
			d := LayoutSeatDiagram(box, n, 1, lineHeight(7.5))
			require.Len(t, d.Seats, n)
			require.Len(t, d.Unseated, 1)
			for i, p := range d.Seats {
				ext := Rect{p.X - d.NodeR, p.Y - d.NodeR, 2 * d.NodeR, 2 * d.NodeR}
				if p.Y >= d.Center.Y-1e-6 {
					ext.H += d.LabelH
				} else {
					ext.Y -= d.LabelH
					ext.H += d.LabelH
				}
				require.True(t, box.Contains(ext), "side %v n %d seat %d: %+v", side, n, i+1, ext)
				// Neighbouring seats leave room for an arrow between them.
				q := d.Seats[(i+1)%n]
				_, ok := ArrowBetween(p, q, d.NodeR+0.6, d.NodeR+0.6, 2.6)
				require.True(t, ok || n > 6, "side %v n %d seats %d-%d too close", side, n, i+1, (i+1)%n+1)
			}
		}
	}
}
