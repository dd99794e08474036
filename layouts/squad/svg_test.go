package squad

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

// faces is every distinct face and back of the four decks, then the tokens.
func faces(t testing.TB) []preview.Face {
	c := content(t)
	return preview.Faces(t,
		MovementSet(c, layouts.SizePoker),
		DeckSet(c, DeckAlarm, layouts.SizePoker),
		DeckSet(c, DeckSenjutsu, layouts.SizePoker),
		DeckSet(c, DeckBuki, layouts.SizePoker),
		TokenSet(c))
}

// Every card and token draws the same through both backends: the SVG is
// kept as a golden file, and rasterized it matches the PDF rasterized.
func TestFacesSVG(t *testing.T) {
	c := content(t)
	fs := faces(t)
	want := len(c.Movement) + len(c.Alarm) + len(c.Senjutsu) + len(c.Buki) + 4
	require.GreaterOrEqual(t, len(fs), want, "every Movement card, every kind of the other decks, four backs, and the tokens")
	preview.CheckFaces(t, fs, *update, *pngDir)
}

// Drawing one Movement card through each backend: into a page of an open
// PDF, and into a fresh SVG written out whole.
func BenchmarkCard(b *testing.B) {
	card := faces(b)[0]
	b.Run("PDF", func(b *testing.B) {
		pdf := layouts.NewDocument(layouts.Paper{W: card.Size.W, H: card.Size.H}, "")
		for b.Loop() {
			pdf.AddPage()
			layouts.DrawCut(pdf, card.Draw, card.Size)
		}
		require.NoError(b, pdf.Error())
	})
	b.Run("SVG", func(b *testing.B) {
		for b.Loop() {
			require.NoError(b, layouts.PieceSVG(io.Discard, card.Draw, card.Size))
		}
	})
}
