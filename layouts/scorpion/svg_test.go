package scorpion_test

import (
	"flag"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	gscorpion "github.com/ninjakit/ninjakit/generate/scorpion"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/internal/preview"
	"github.com/ninjakit/ninjakit/layouts/scorpion"
	"github.com/stretchr/testify/require"
)

var (
	update = flag.Bool("update", false, "rewrite the SVG goldens in testdata/svg")
	pngDir = flag.String("pngdir", "", "also write each face's PDF and SVG renderings to this directory")
)

// Every card the kit prints (the three decks and the missions, with their
// backs) and every token draws the same through both backends: the SVG a
// phone shows is kept as a golden file, and rasterized it matches the PDF
// rasterized.
func TestFacesSVG(t *testing.T) {
	c := gscorpion.KitContent(data.DefaultScorpion())
	card := layouts.SizePoker
	fs := preview.Faces(t, scorpion.DeckSet(c, scorpion.DeckNinja, card), scorpion.DeckSet(c, scorpion.DeckTraitor, card),
		scorpion.DeckSet(c, scorpion.DeckGuards, card), scorpion.MissionSet(c, card), scorpion.TokenSet(c))
	kinds := len(c.Missions)
	for _, deck := range [][]scorpion.KitCard{c.Ninja, c.Traitor, c.Guards} {
		kinds += len(deck)
	}
	require.GreaterOrEqual(t, len(fs), kinds+4, "every kind of card and the four backs")
	preview.CheckFaces(t, fs, *update, *pngDir)
}
