package blades

import (
	"testing"

	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/internal/preview"
	"github.com/stretchr/testify/require"
)

// boardFace is a setup sheet's board with its furniture as one face: the
// drawing a phone shows of the game.
func boardFace(t testing.TB, name string, s Sheet) preview.Face {
	t.Helper()
	f, err := LayoutBoard(layouts.Rect{W: 400, H: 400}, len(s.Board[0]), len(s.Board), s.Buddha, 10)
	require.NoError(t, err)
	size := layouts.Size{Name: name, W: f.Outer.W, H: f.Outer.H}
	return preview.Face{Name: name, Size: size, Draw: func(p layouts.Canvas, trim, _ layouts.Rect) {
		p.TransformBegin()
		p.TransformTranslate(trim.X-f.Outer.X, trim.Y-f.Outer.Y)
		DrawBoard(p, f, &s)
		p.TransformEnd()
	}}
}

// Every Special Attack card, counter and both boards draw the same through
// both backends: the SVG is kept as a golden file, and rasterized it
// matches the PDF rasterized. The phone shows these very drawings.
func TestFacesSVG(t *testing.T) {
	c := kitContent(t)
	fs := preview.Faces(t, CardSet(c, layouts.SizePoker), CounterSet(c))
	require.Len(t, fs, len(c.Cards)+1+len(c.Dojos), "every kind of card, the back, a counter per dojo")
	fs = append(fs, boardFace(t, "house-board", houseSheet(3, layouts.PaperA4)), boardFace(t, "temple-board", templeSheet(4, layouts.PaperA4)))
	preview.CheckFaces(t, fs, *update, "")
}
