package knights

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/internal/preview"
	"github.com/stretchr/testify/require"
)

var pdfDir = flag.String("pdfdir", "", "also write every piece on A4 sheets to this directory, for looking at")

func content(t testing.TB) KitContent {
	t.Helper()
	k := data.DefaultKnights()
	c := KitContent{
		MaxPlayers: k.Setup.MaxPlayers, Gems: k.Setup.Gems, WinGems: k.Setup.WinGems,
		DuelGems: k.Setup.DuelGems, Deal: k.Setup.Deal, Draw: k.Setup.Draw,
	}
	for _, d := range k.Cards {
		c.Cards = append(c.Cards, KitCard{
			Kind: d.Kind, Name: d.Name, Text: d.Text, Count: d.Count, Strength: d.Strength,
			Labels: d.Labels, Expansion: d.Expansion,
		})
	}
	return c
}

func TestCardSetHasEveryCopy(t *testing.T) {
	c := content(t)
	set := CardSet(c, layouts.SizePoker)
	require.Len(t, set.Pieces, 100)
	require.NotNil(t, set.Back)
	require.False(t, set.FullBleed, "the white border needs no bleed")
	got := map[string]int{}
	for _, p := range set.Pieces {
		require.NotNil(t, p.Front)
		got[p.Name]++
	}
	for _, k := range c.Cards {
		require.Equal(t, k.Count, got[k.Name], k.Name)
	}
	require.Len(t, got, len(c.Cards))
}

func TestCardSetOfOneKind(t *testing.T) {
	c := content(t)
	c.Cards = c.Cards[5:6]
	set := CardSet(c, layouts.SizeMini)
	require.Len(t, set.Pieces, 5)
	require.Equal(t, "Ninja", set.Pieces[0].Name)
	require.Equal(t, layouts.SizeMini, set.Size)
}

func TestGemSet(t *testing.T) {
	set := GemSet(content(t))
	require.Len(t, set.Pieces, 30)
	require.Nil(t, set.Back, "gems are single-sided")
	require.True(t, set.FullBleed)
	require.Equal(t, layouts.SizeToken, set.Size)
	names := map[string]int{}
	for _, p := range set.Pieces {
		names[p.Name]++
	}
	require.Len(t, names, 6)
	for _, n := range names {
		require.Equal(t, 5, n)
	}
}

// Red, blue and purple print as one grey: every colour needs its own cut
// and letter.
func TestGemColoursDiffer(t *testing.T) {
	for i, a := range gemColours() {
		for _, b := range gemColours()[i+1:] {
			require.NotEqual(t, a.letter, b.letter)
			require.NotEqual(t, a.cut, b.cut, "%s and %s", a.name, b.name)
		}
	}
}

func TestKit(t *testing.T) {
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		k, err := Kit(content(t), p, layouts.SizeBridge)
		require.NoError(t, err)
		require.Equal(t, "Of Knights and Ninjas", k.Title)
		require.Len(t, k.Sections, 3)
		require.Len(t, k.Sections[0].Pages, 1, "the aid comes first")
		require.Len(t, k.Sections[1].Set.Pieces, 100)
		require.Equal(t, layouts.SizeBridge, k.Sections[1].Set.Size)
		require.Len(t, k.Sections[2].Set.Pieces, 30)
		require.NotEmpty(t, k.Notes)
	}
}

func TestKitRejects(t *testing.T) {
	tests := map[string]func(*KitContent, *layouts.Paper, *layouts.Size){
		"no cards":       func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Cards = nil },
		"seven players":  func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.MaxPlayers = 7 },
		"no gems":        func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Gems = 0 },
		"negative count": func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Cards[0].Count = -1 },
		"tiny card":      func(_ *KitContent, _ *layouts.Paper, s *layouts.Size) { s.W = 5 },
		"aid too big":    func(_ *KitContent, p *layouts.Paper, _ *layouts.Size) { p.H = 120 },
	}
	for name, mutate := range tests {
		t.Run(name, func(t *testing.T) {
			c, p, s := content(t), layouts.PaperA4, layouts.SizePoker
			mutate(&c, &p, &s)
			_, err := Kit(c, p, s)
			require.Error(t, err)
		})
	}
}

// sheet prints the drawers through the card-sheet engine and requires no
// PDF error; under -pdfdir it also writes the PDF there.
func sheet(t *testing.T, name string, size layouts.Size, bleed float64, draws []layouts.Drawer) {
	t.Helper()
	preview.Sheet(t, *pdfDir, name, size, bleed, draws)
}

func mustCreate(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, f.Close()) })
	return f
}

// Every face, the back, every gem and the aid draw without a PDF error, at
// every card size; one face per kind, then the back.
func TestDrawersRun(t *testing.T) {
	c := content(t)
	for _, size := range layouts.CardSizes {
		var draws []layouts.Drawer
		for _, k := range c.Cards {
			draws = append(draws, cardFace(k))
		}
		draws = append(draws, drawBack)
		sheet(t, "cards-"+size.Name, size, 0, draws)
	}
	var gems []layouts.Drawer
	for _, p := range GemSet(c).Pieces {
		gems = append(gems, p.Front)
	}
	sheet(t, "gems", layouts.SizeToken, layouts.DefaultBleed, gems)

	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		pdf := layouts.NewDocument(p, "aid")
		pdf.AddPage()
		AidPage(c).Draw(pdf, layouts.FreeArea(p))
		require.NoError(t, pdf.Error())
		if *pdfDir != "" {
			require.NoError(t, layouts.WriteDocument(pdf, mustCreate(t, filepath.Join(*pdfDir, "aid-"+p.String()+".pdf"))))
		}
	}
}

// A user's data file may hold what the default one does not: an unknown
// kind and label, a two-digit strength, a long name and a long text.
func TestOddCardsDraw(t *testing.T) {
	odd := []KitCard{
		{Kind: "wizard", Name: "Grand Wizard of the Northern Marches", Text: strings.Repeat("Does something long and complicated. ", 12), Count: 1, Strength: 10, Labels: []string{"ATTACK", "RESPOND", "COMMON", "SPECIAL ACTION", "MYSTERY"}, Expansion: true},
		{Kind: "blank", Name: "🥷", Text: "x", Count: 1, Labels: []string{"WILDCARD"}},
	}
	for _, size := range layouts.CardSizes {
		sheet(t, "odd-"+size.Name, size, 0, []layouts.Drawer{cardFace(odd[0]), cardFace(odd[1])})
	}
}

// Every drawer must close the graphics states it opens (gofpdf's
// RoundedRect does not), or the next piece inherits its clip and colours.
func TestDrawersBalanceGraphicsState(t *testing.T) {
	c := content(t)
	draws := []layouts.Drawer{drawBack, GemSet(c).Pieces[0].Front}
	for _, k := range c.Cards {
		draws = append(draws, cardFace(k))
	}
	op := regexp.MustCompile(`(?m)(?:^|[ \n])([qQ])(?:[ \n]|$)`)
	// The page's content is the document's first stream, before the fonts.
	page := regexp.MustCompile(`(?s)stream\n(.*?)endstream`)
	r := layouts.Rect{X: 10, Y: 10, W: 63, H: 88}
	for i, d := range draws {
		pdf := layouts.NewDocument(layouts.PaperA4, "")
		pdf.SetCompression(false)
		pdf.AddPage()
		d(pdf, r, r.Inset(-3))
		var buf bytes.Buffer
		require.NoError(t, layouts.WriteDocument(pdf, &buf))
		content := page.FindSubmatch(buf.Bytes())
		require.NotNil(t, content)
		require.Contains(t, string(content[1]), " re ", "drawer %d: the first stream is the page", i)
		depth := 0
		for _, o := range op.FindAllSubmatch(content[1], -1) {
			if o[1][0] == 'q' {
				depth++
			} else {
				depth--
			}
			require.GreaterOrEqual(t, depth, 0, "drawer %d: Q without q", i)
		}
		require.Zero(t, depth, "drawer %d leaves a graphics state open", i)
	}
}
