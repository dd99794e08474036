package blades

import (
	"fmt"
	"testing"

	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

func TestLayoutBoard(t *testing.T) {
	box := layouts.Rect{X: 10, Y: 54, W: 190, H: 169}

	// The House: 9 cells of 13.5 mm within 5 mm of labels and 5 mm of seat
	// names on every side.
	f, err := LayoutBoard(box, 9, 9, "", 13.5)
	require.NoError(t, err)
	require.Equal(t, 13.5, f.Grid.Cell)
	requireRect(t, layouts.Rect{X: 34.25, Y: 54, W: 141.5, H: 141.5}, f.Outer)
	requireRect(t, layouts.Rect{X: 44.25, Y: 64, W: 121.5, H: 121.5}, f.Grid.Rect)
	requireRect(t, layouts.Rect{X: 44.25, Y: 59, W: 121.5, H: 5}, f.ColsTop)
	requireRect(t, layouts.Rect{X: 44.25, Y: 185.5, W: 121.5, H: 5}, f.ColsBottom)
	requireRect(t, layouts.Rect{X: 39.25, Y: 64, W: 5, H: 121.5}, f.RowsLeft)
	requireRect(t, layouts.Rect{X: 165.75, Y: 64, W: 5, H: 121.5}, f.RowsRight)
	requireRect(t, layouts.Rect{X: 44.25, Y: 190.5, W: 121.5, H: 5}, f.Edges[EdgeBottom])
	requireRect(t, layouts.Rect{X: 44.25, Y: 54, W: 121.5, H: 5}, f.Edges[EdgeTop])
	requireRect(t, layouts.Rect{X: 34.25, Y: 64, W: 5, H: 121.5}, f.Edges[EdgeLeft])
	requireRect(t, layouts.Rect{X: 170.75, Y: 64, W: 5, H: 121.5}, f.Edges[EdgeRight])
	require.True(t, f.Buddha.Empty())
	requireFrameApart(t, f)

	// Temple with the Buddha on the left: the width limits the cells.
	f, err = LayoutBoard(box, 15, 9, "left", 13.5)
	require.NoError(t, err)
	cell := (190 - 20 - 9.5) / 15.0
	require.InDelta(t, cell, f.Grid.Cell, eps)
	requireRect(t, layouts.Rect{X: 10, Y: 54, W: 190, H: 9*cell + 20}, f.Outer)
	requireRect(t, layouts.Rect{X: 29.5, Y: 64, W: 15 * cell, H: 9 * cell}, f.Grid.Rect)
	requireRect(t, layouts.Rect{X: 15, Y: 64, W: 8, H: 9 * cell}, f.Buddha)
	requireFrameApart(t, f)

	f, err = LayoutBoard(box, 15, 9, "right", 13.5)
	require.NoError(t, err)
	requireRect(t, layouts.Rect{X: 20, Y: 64, W: 15 * cell, H: 9 * cell}, f.Grid.Rect)
	requireRect(t, layouts.Rect{X: 187, Y: 64, W: 8, H: 9 * cell}, f.Buddha)
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
	parts := map[string]layouts.Rect{
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
	f, err := LayoutBoard(layouts.Rect{X: 10, Y: 54, W: 190, H: 169}, 15, 9, "right", 13.5)
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
	pts := SeatNodes(layouts.Point{X: 0, Y: 0}, 10, 4)
	want := []layouts.Point{{X: 0, Y: 10}, {X: 10, Y: 0}, {X: 0, Y: -10}, {X: -10, Y: 0}} // bottom, right, top, left (y down)
	for i := range want {
		require.InDelta(t, want[i].X, pts[i].X, 1e-9, "seat %d", i+1)
		require.InDelta(t, want[i].Y, pts[i].Y, 1e-9, "seat %d", i+1)
	}
}

func TestArrowBetween(t *testing.T) {
	a, ok := ArrowBetween(layouts.Point{X: 0, Y: 0}, layouts.Point{X: 20, Y: 0}, 2, 3, 4)
	require.True(t, ok)
	require.Equal(t, layouts.Point{X: 2, Y: 0}, a.Start)
	require.Equal(t, layouts.Point{X: 13, Y: 0}, a.End)
	require.Equal(t, layouts.Point{X: 17, Y: 0}, a.Head[0])
	require.InDelta(t, 13, a.Head[1].X, eps)
	require.InDelta(t, 1.8, a.Head[1].Y, eps)
	require.InDelta(t, -1.8, a.Head[2].Y, eps)

	_, ok = ArrowBetween(layouts.Point{X: 0, Y: 0}, layouts.Point{X: 8, Y: 0}, 2, 3, 4)
	require.False(t, ok, "discs leave no room for the head")
}

func TestLayoutBladesPageFits(t *testing.T) {
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		for _, b := range []struct {
			cols, rows int
			buddha     string
			minCell    float64
		}{{9, 9, "", 13.5}, {15, 9, "left", 10.5}, {15, 9, "right", 10.5}} {
			t.Run(fmt.Sprintf("%s-%dx%d-%s", p.Name, b.cols, b.rows, b.buddha), func(t *testing.T) {
				l, err := LayoutPage(p, b.cols, b.rows, b.buddha)
				require.NoError(t, err)
				require.GreaterOrEqual(t, l.Board.Grid.Cell, b.minCell)
				require.Equal(t, float64(qrPrintSize), l.QR.W)
				require.Equal(t, l.QR.W, l.QR.H)
				parts := map[string]layouts.Rect{
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
	_, err := LayoutPage(layouts.Paper{}, 9, 9, "")
	require.Error(t, err)
	_, err = LayoutPage(layouts.PaperA4, 40, 9, "")
	require.ErrorContains(t, err, "A4 paper")
}

func TestLayoutSeatDiagramKeepsLabelsInBox(t *testing.T) {
	for _, side := range []float64{62, 82} {
		box := layouts.Rect{X: 10, Y: 200, W: side, H: side}
		for n := 2; n <= 8; n++ {
			d := LayoutSeatDiagram(box, n, 1, layouts.LineHeight(7.5))
			require.Len(t, d.Seats, n)
			require.Len(t, d.Unseated, 1)
			for i, p := range d.Seats {
				ext := layouts.Rect{X: p.X - d.NodeR, Y: p.Y - d.NodeR, W: 2 * d.NodeR, H: 2 * d.NodeR}
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

const eps = 1e-9

func requireRect(t *testing.T, want, got layouts.Rect) {
	t.Helper()
	require.InDelta(t, want.X, got.X, 1e-6, "X of %+v", got)
	require.InDelta(t, want.Y, got.Y, 1e-6, "Y of %+v", got)
	require.InDelta(t, want.W, got.W, 1e-6, "W of %+v", got)
	require.InDelta(t, want.H, got.H, 1e-6, "H of %+v", got)
}
