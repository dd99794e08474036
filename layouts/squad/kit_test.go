package squad

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/internal/pdfmeasure"
	"github.com/ninjakit/ninjakit/layouts/internal/preview"
	"github.com/stretchr/testify/require"
)

var pdfDir = flag.String("pdfdir", "", "also write every kit piece on A4 sheets to this directory, for looking at")

func kitCards(cards []data.SquadCard) []KitCard {
	var out []KitCard
	for _, k := range cards {
		out = append(out, KitCard{Kind: k.Kind, Name: k.Name, Range: k.Range, Text: k.Text, Count: k.Count, Alarm: k.Alarm})
	}
	return out
}

func content(t testing.TB) KitContent {
	t.Helper()
	d := data.DefaultSquad()
	c := KitContent{
		Alarm: kitCards(d.Alarm), Senjutsu: kitCards(d.Senjutsu), Buki: kitCards(d.Buki), Wana: kitCards(d.Wana),
		MaxPlayers: d.Setup.MaxPlayers, Fire: d.Tokens.Fire, ThrowingStars: d.Tokens.ThrowingStars,
		Decks: d.Setup.Decks, DeckSize: d.Setup.DeckSize, Rounds: d.Setup.Rounds, PhaseAlarm: d.Setup.PhaseAlarm,
	}
	for _, m := range d.Movement {
		km := KitMovement{Number: m.Number}
		for _, r := range m.Routes {
			steps, err := data.ParseRoute(r)
			require.NoError(t, err)
			km.Routes = append(km.Routes, steps)
		}
		c.Movement = append(c.Movement, km)
	}
	for _, tg := range d.Setup.Targets {
		c.Targets = append(c.Targets, KitTarget{Players: tg.Players, Alarm: tg.Alarm, SpeedySeconds: tg.SpeedySeconds})
	}
	return c
}

func countByName(s layouts.Set) map[string]int {
	got := map[string]int{}
	for _, p := range s.Pieces {
		got[p.Name]++
	}
	return got
}

func TestDeckCountsFollowTheData(t *testing.T) {
	c := content(t)
	d := data.DefaultSquad()
	m := MovementSet(c, layouts.SizePoker)
	require.Len(t, m.Pieces, 60)
	require.NotNil(t, m.Back)
	for deck, cards := range map[string][]data.SquadCard{DeckAlarm: d.Alarm, DeckSenjutsu: d.Senjutsu, DeckBuki: d.Buki} {
		set := DeckSet(c, deck, layouts.SizeBridge)
		require.NotNil(t, set.Back, deck)
		require.False(t, set.FullBleed, "the white border needs no bleed")
		require.Equal(t, layouts.SizeBridge, set.Size)
		got, total := countByName(set), 0
		for _, k := range cards {
			require.Equal(t, k.Count, got[k.Name], k.Name)
			total += k.Count
		}
		require.Len(t, set.Pieces, total)
	}
	require.Len(t, DeckSet(c, DeckAlarm, layouts.SizePoker).Pieces, 12)
	require.Len(t, DeckSet(c, DeckSenjutsu, layouts.SizePoker).Pieces, 12)
	require.Len(t, DeckSet(c, DeckBuki, layouts.SizePoker).Pieces, 30)
	require.Empty(t, DeckSet(c, "nonsense", layouts.SizePoker).Pieces)
}

func TestTokenSet(t *testing.T) {
	c := content(t)
	set := TokenSet(c)
	require.Nil(t, set.Back, "tokens are single-sided")
	require.True(t, set.FullBleed)
	require.Equal(t, layouts.SizeToken, set.Size)
	got := countByName(set)
	for _, w := range c.Wana {
		require.Equal(t, 4, got[w.Name], w.Name)
	}
	require.Equal(t, 4, got["Fire"])
	require.Equal(t, 4, got["Throwing Star token"])
	require.Equal(t, 1, got["First player"])
	require.Equal(t, 1, got["Alarm tracker"])
	require.Len(t, set.Pieces, 12+4+4+1+1)
}

func TestTrackLayout(t *testing.T) {
	c := content(t)
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		area := layouts.FreeArea(p)
		g, err := TrackLayout(area, c.Targets)
		require.NoError(t, err)
		require.Len(t, g.Cells, 26, "0 to 25")
		for v, r := range g.Cells {
			require.True(t, area.Contains(r), "square %d", v)
			require.GreaterOrEqual(t, r.W, layouts.SizeToken.W+2, "the tracker fits")
			require.False(t, r.Overlaps(g.Title) || r.Overlaps(g.Notes), "square %d", v)
			for _, o := range g.Cells[v+1:] {
				require.False(t, r.Overlaps(o))
			}
			if v > 0 {
				// Each square touches the one before: the track is a path.
				a, b := g.Cells[v-1].Center(), r.Center()
				require.InDelta(t, r.W, max(abs64(a.X-b.X), abs64(a.Y-b.Y)), 1e-9)
			}
		}
	}
	_, err := TrackLayout(layouts.Rect{W: 100, H: 100}, c.Targets)
	require.Error(t, err)
}

func abs64(v float64) float64 { return max(v, -v) }

func TestKit(t *testing.T) {
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		k, err := Kit(content(t), p, layouts.SizeMini)
		require.NoError(t, err)
		require.Equal(t, "Ninja Squad", k.Title)
		require.Len(t, k.Sections, 7)
		require.Len(t, k.Sections[0].Pages, 1, "the aid comes first")
		for i, n := range map[int]int{1: 60, 2: 12, 3: 12, 4: 30, 5: 22} {
			require.Len(t, k.Sections[i].Set.Pieces, n, k.Sections[i].Title)
		}
		require.Equal(t, layouts.SizeMini, k.Sections[1].Set.Size)
		require.Len(t, k.Sections[6].Pages, 1, "the alarm track")
		require.NotEmpty(t, k.Notes)

		var buf bytes.Buffer
		require.NoError(t, layouts.RenderKit(&buf, k, kitPrint(p)))
		require.True(t, bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")))
	}
}

func TestKitRejects(t *testing.T) {
	tests := map[string]func(*KitContent, *layouts.Paper, *layouts.Size){
		"no movement": func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Movement = nil },
		"no buki":     func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Buki = nil },
		"one route": func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) {
			c.Movement[3].Routes = c.Movement[3].Routes[:1]
		},
		"empty route":    func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Movement[3].Routes[1] = nil },
		"unknown step":   func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Movement[3].Routes[1] = []string{"Z"} },
		"no players":     func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.MaxPlayers = 0 },
		"negative fire":  func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Fire = -1 },
		"negative count": func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Alarm[0].Count = -1 },
		"no targets":     func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Targets = nil },
		"target off":     func(c *KitContent, _ *layouts.Paper, _ *layouts.Size) { c.Targets[0].Alarm = 30 },
		"tiny card":      func(_ *KitContent, _ *layouts.Paper, s *layouts.Size) { s.W = 5 },
		"short paper":    func(_ *KitContent, p *layouts.Paper, _ *layouts.Size) { p.H = 120 },
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

func savePDF(t *testing.T, pdf *gofpdf.Fpdf, path string) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, layouts.WriteDocument(pdf, f))
	require.NoError(t, f.Close())
}

// Every face and back draws without a PDF error at every card size: a
// dozen Movement cards (every leap among them), one card of every kind,
// then the four backs; then the tokens, the aid and the track.
func TestDrawersRun(t *testing.T) {
	c := content(t)
	for _, size := range layouts.CardSizes {
		var draws []layouts.Drawer
		for _, p := range MovementSet(c, size).Pieces {
			draws = append(draws, p.Front)
		}
		for _, deck := range []string{DeckAlarm, DeckSenjutsu, DeckBuki} {
			cards, _ := c.deck(deck)
			for _, k := range cards {
				draws = append(draws, deckFace(deck, k))
			}
		}
		for _, deck := range []string{DeckMovement, DeckAlarm, DeckSenjutsu, DeckBuki} {
			draws = append(draws, deckBack(deck))
		}
		sheet(t, "cards-"+size.Name, size, 0, draws)
	}
	var tokens []layouts.Drawer
	for _, p := range TokenSet(c).Pieces {
		tokens = append(tokens, p.Front)
	}
	sheet(t, "tokens", layouts.SizeToken, layouts.DefaultBleed, tokens)

	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		for _, page := range []layouts.Page{AidPage(c), TrackPage(c)} {
			pdf := layouts.NewDocument(p, page.Title)
			pdf.AddPage()
			page.Draw(pdf, layouts.FreeArea(p))
			require.NoError(t, pdf.Error(), page.Title)
			if *pdfDir != "" {
				name := strings.ReplaceAll(strings.ToLower(page.Title), " ", "-") + "-" + p.String() + ".pdf"
				savePDF(t, pdf, filepath.Join(*pdfDir, name))
			}
		}
	}
}

// A user's data file may hold what the default one does not: a long name,
// a long text, a kind without a picture.
func TestOddCardsDraw(t *testing.T) {
	odd := KitCard{Kind: "unknown", Name: "The Grand Shogun's Very Long Weapon of Doom", Range: "1-12", Alarm: -12, Text: strings.Repeat("Does something long and complicated. ", 12), Count: 1}
	for _, size := range layouts.CardSizes {
		sheet(t, "odd-"+size.Name, size, 0, []layouts.Drawer{deckFace(DeckBuki, odd), deckFace("nonsense", odd), deckBack("nonsense")})
	}
}

// Every drawer must close the graphics states it opens, or the next piece
// inherits its clip and colours.
func TestDrawersBalanceGraphicsState(t *testing.T) {
	c := content(t)
	draws := []layouts.Drawer{MovementSet(c, layouts.SizePoker).Pieces[6].Front, TokenSet(c).Pieces[0].Front}
	for _, deck := range []string{DeckMovement, DeckAlarm, DeckSenjutsu, DeckBuki} {
		draws = append(draws, deckBack(deck))
	}
	for _, k := range c.Buki {
		draws = append(draws, deckFace(DeckBuki, k))
	}
	op := regexp.MustCompile(`(?m)(?:^|[ \n])([qQ])(?:[ \n]|$)`)
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

func kitPrint(p layouts.Paper) layouts.Print {
	pr := layouts.DefaultPrint()
	pr.Paper, pr.Backs = p, layouts.BacksLong
	return pr
}

// A back must look the same however the sheet is turned or flipped, or
// the cards give themselves away: every stroke the back draws has its
// mirror image and its half-turn image among the strokes.
func TestBacksAreSymmetric(t *testing.T) {
	trim := layouts.Rect{X: 20, Y: 30, W: 63, H: 88}
	c := trim.Center()
	for _, deck := range []string{DeckMovement, DeckAlarm, DeckSenjutsu, DeckBuki} {
		pdf := layouts.NewDocument(layouts.PaperA4, "")
		pdf.AddPage()
		deckBack(deck)(pdf, trim, trim)
		var buf bytes.Buffer
		require.NoError(t, layouts.WriteDocument(pdf, &buf))
		pages, err := pdfmeasure.Read(buf.Bytes())
		require.NoError(t, err)
		segs := pages[0].Segments
		require.NotEmpty(t, segs, deck)
		has := func(x1, y1, x2, y2 float64) bool {
			near := func(a, b float64) bool { return abs64(a-b) < 0.02 }
			for _, s := range segs {
				if (near(s.X1, x1) && near(s.Y1, y1) && near(s.X2, x2) && near(s.Y2, y2)) ||
					(near(s.X1, x2) && near(s.Y1, y2) && near(s.X2, x1) && near(s.Y2, y1)) {
					return true
				}
			}
			return false
		}
		for _, s := range segs {
			if s.Len() < 0.05 {
				continue // a closing path's rounding crumb
			}
			require.True(t, has(2*c.X-s.X1, s.Y1, 2*c.X-s.X2, s.Y2), "%s: mirror of %+v", deck, s)
			require.True(t, has(2*c.X-s.X1, 2*c.Y-s.Y1, 2*c.X-s.X2, 2*c.Y-s.Y2), "%s: half turn of %+v", deck, s)
		}
	}
}
