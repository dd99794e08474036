package knights

import (
	"flag"
	"io"
	"testing"

	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/internal/preview"
	"github.com/stretchr/testify/require"
)

var (
	update = flag.Bool("update", false, "rewrite the SVG goldens in testdata/svg")
	pngDir = flag.String("pngdir", "", "also write each face's PDF and SVG renderings to this directory")
)

// faces is every distinct card face, the card back and every gem.
func faces(t testing.TB) []preview.Face {
	c := content(t)
	return preview.Faces(t, CardSet(c, layouts.SizePoker), GemSet(c))
}

// Every card and gem draws the same through both backends: the SVG is
// kept as a golden file, and rasterized it matches the PDF rasterized.
func TestFacesSVG(t *testing.T) {
	fs := faces(t)
	require.Len(t, fs, 20+1+6, "twenty kinds of card, the back, six gems")
	preview.CheckFaces(t, fs, *update, *pngDir)
}

// Drawing one card (the King) through each backend: into a page of an
// open PDF, and into a fresh SVG written out whole.
func BenchmarkCard(b *testing.B) {
	var king preview.Face
	for _, f := range faces(b) {
		if f.Name == "king" {
			king = f
		}
	}
	require.NotNil(b, king.Draw)
	b.Run("PDF", func(b *testing.B) {
		pdf := layouts.NewDocument(layouts.Paper{W: king.Size.W, H: king.Size.H}, "")
		for b.Loop() {
			pdf.AddPage()
			layouts.DrawCut(pdf, king.Draw, king.Size)
		}
		require.NoError(b, pdf.Error())
	})
	b.Run("SVG", func(b *testing.B) {
		for b.Loop() {
			require.NoError(b, layouts.PieceSVG(io.Discard, king.Draw, king.Size))
		}
	})
}
