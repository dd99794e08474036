package layouts

import (
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
	for in, want := range map[string]Paper{"a4": PaperA4, "A4": PaperA4, " Letter ": PaperLetter, "LETTER": PaperLetter, "any": PaperAny, "Any": PaperAny} {
		got, err := ParsePaper(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got)
	}
	_, err := ParsePaper("legal")
	require.EqualError(t, err, `paper "legal": choose a4, letter or any`)
	_, err = ParsePaper("")
	require.EqualError(t, err, `paper "": choose a4, letter or any`)
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
