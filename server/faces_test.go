package server

import (
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// A zone's cells, tapped on the same places, are sent as fewer boxes:
// side by side first, then row on row; boxes of other spots, or that only
// touch at a corner, stay apart. A joined box's target mark goes in the
// middle of the last box joined (the middle of the whole is where a
// zone's name is), unless the spot has its own place for it.
func TestMergeSpotsKeepsThePlaces(t *testing.T) {
	cell := func(id string, x, y float64) tui.Spot {
		return tui.Spot{ID: id, Name: id, Box: [4]float64{x, y, 10, 10}}
	}
	dotted := func(s tui.Spot) tui.Spot { s.Dot = [3]float64{1, 2, 3}; return s }
	got := mergeSpots([]tui.Spot{
		cell("A", 0, 0), cell("A", 10, 0), cell("A", 0, 10), cell("A", 10, 10), // a 2x2 block
		cell("B", 20, 0), cell("B", 30, 10), // touching at a corner
		cell("C", 40, 0), cell("A", 30, 20), // another spot's, and an A apart
		cell("D", 0, 30), cell("D", 0, 40), // a tall zone
		dotted(cell("E", 0, 50)), dotted(cell("E", 10, 50)), // with its own mark
	})
	require.Equal(t, []tui.Spot{
		{ID: "A", Name: "A", Box: [4]float64{0, 0, 20, 20}, Dot: [3]float64{10, 15, 10.0 / 7}},
		cell("B", 20, 0),
		cell("B", 30, 10),
		cell("C", 40, 0),
		cell("A", 30, 20),
		{ID: "D", Name: "D", Box: [4]float64{0, 30, 10, 20}, Dot: [3]float64{5, 45, 10.0 / 7}},
		{ID: "E", Name: "E", Box: [4]float64{0, 50, 20, 10}, Dot: [3]float64{1, 2, 3}},
	}, got)
}

// A picture's card faces and base leave the screen for URLs, each served
// as the very drawing it names.
func TestPictureNamesItsDrawings(t *testing.T) {
	var f faces
	base := `<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg>`
	p := f.picture(tui.Picture{SVG: "<svg/>", Base: base, Hand: []tui.Card{{ID: "x", SVG: "<svg>x</svg>"}}})
	require.True(t, strings.HasPrefix(p.Base, "/face/"), p.Base)
	require.Equal(t, base, f.svg[strings.TrimSuffix(strings.TrimPrefix(p.Base, "/face/"), ".svg")])
	require.Empty(t, p.Hand[0].SVG)
	require.NotEqual(t, p.Base, p.Hand[0].Face)
}
