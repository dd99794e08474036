package scorpion

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate/internal/kittest"
	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	scorpionpdf "github.com/ninjakit/ninjakit/layouts/scorpion"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func byName(s layouts.Set) map[string]int {
	got := map[string]int{}
	for _, p := range s.Pieces {
		got[p.Name]++
	}
	return got
}

// TestKitCountsFollowTheData: every card in its data count, 12, 10 and 36
// in all, a mission per objective, and tokens for every guard the game
// allows and every marker its setup and cards place.
func TestKitCountsFollowTheData(t *testing.T) {
	d := data.DefaultScorpion()
	c := KitContent(d)
	for deck, cards := range map[string][]data.ScorpionCard{scorpionpdf.DeckNinja: d.Ninja, scorpionpdf.DeckTraitor: d.Traitor, scorpionpdf.DeckGuards: d.Guards} {
		set := scorpionpdf.DeckSet(c, deck, layouts.SizePoker)
		require.NotNil(t, set.Back, deck)
		got, total := byName(set), 0
		for _, k := range cards {
			require.Equal(t, k.Count, got[k.Name], "%s %s", deck, k.Name)
			total += k.Count
		}
		require.Len(t, set.Pieces, total)
	}
	require.Len(t, scorpionpdf.DeckSet(c, scorpionpdf.DeckNinja, layouts.SizePoker).Pieces, d.Setup.NinjaCards)
	require.Len(t, scorpionpdf.DeckSet(c, scorpionpdf.DeckTraitor, layouts.SizePoker).Pieces, d.Setup.TraitorCards)
	require.Len(t, scorpionpdf.DeckSet(c, scorpionpdf.DeckGuards, layouts.SizePoker).Pieces, d.Setup.GuardCards)
	missions := scorpionpdf.MissionSet(c, layouts.SizePoker)
	require.Len(t, missions.Pieces, d.Setup.Objectives)
	require.NotNil(t, missions.Back)

	tok := byName(scorpionpdf.TokenSet(c))
	st := d.Setup
	guards := tok["Sentry (sword)"] + tok["Sentry (spear)"] + tok["Patrol guard (sword)"] + tok["Patrol guard (spear)"]
	require.Equal(t, st.GuardCap, guards)
	require.Equal(t, st.Patrols*st.PatrolSize, tok["Patrol guard (sword)"]+tok["Patrol guard (spear)"])
	require.Equal(t, st.Patrols, tok["Patrol facing"])
	require.Equal(t, 3, tok["Drunk guard"], "one per Potent Sake card")
	require.Equal(t, 4, tok["Rope"], "one per Rope card, ninja's and traitor's")
	require.Equal(t, st.Traps, tok["Trap"])
	require.Equal(t, st.HiddenSentries, tok["Hidden sentry"])
	require.Equal(t, st.SleepingGuards+st.Decoy.SleepingGuards, tok["Sleeping guard"])
	for _, m := range d.Missions {
		require.Equal(t, 1, tok["Objective "+m.Letter])
	}
	require.Equal(t, 2, tok["Secret passage end"])
	require.Equal(t, 1, tok["Ninja"])
	require.Equal(t, 1, tok["Traitor"])
}

func kit(t testing.TB, p layouts.Print) layouts.Kit {
	t.Helper()
	k, err := scorpionpdf.Kit(KitContent(data.DefaultScorpion()), p.Paper, layouts.SizePoker)
	require.NoError(t, err)
	return k
}

// TestKitBoardIsTiled: the board comes in four parts on every paper; on
// A4 the two short ones share a page.
func TestKitBoardIsTiled(t *testing.T) {
	for paper, n := range map[layouts.Paper]int{layouts.PaperA4: 3, layouts.PaperLetter: 4, layouts.PaperAny: 4} {
		pages, err := scorpionpdf.BoardPages(MapContent(data.DefaultScorpion()), layouts.FreeArea(paper))
		require.NoError(t, err)
		require.Len(t, pages, n, paper.Name)
		require.Equal(t, "Board (part 1 of 4)", pages[0].Title)
		require.True(t, strings.HasSuffix(pages[n-1].Title, "Board (part 4 of 4)"), pages[n-1].Title)
	}
}

// TestKitPassesQPDF checks the kit's structure with qpdf on every paper
// and backs mode.
func TestKitPassesQPDF(t *testing.T) {
	kittest.PassesQPDF(t, []layouts.Backs{layouts.BacksNone, layouts.BacksLong, layouts.BacksFold}, func(p layouts.Print) layouts.Kit { return kit(t, p) })
}

// TestGoldenPads locks the pads of the built-in map byte for byte.
func TestGoldenPads(t *testing.T) {
	d := data.DefaultScorpion()
	p := scorpionpdf.Pads{Map: MapContent(d), Roles: []scorpionpdf.Role{scorpionpdf.RoleGuard, scorpionpdf.RoleIntruder}, Pages: 1, Turns: d.Setup.Turns, Paper: layouts.PaperA4}
	var a, b bytes.Buffer
	require.NoError(t, scorpionpdf.RenderPads(&a, p))
	require.NoError(t, scorpionpdf.RenderPads(&b, p))
	require.True(t, bytes.Equal(a.Bytes(), b.Bytes()), "two renders differ")
	path := filepath.Join("testdata", "scorpion-pads.pdf")
	pdftest.Golden(t, path, a.Bytes(), *update)
}

// BenchmarkKit prints the whole kit on A4 with long-edge backs.
func BenchmarkKit(b *testing.B) {
	p := layouts.DefaultPrint()
	p.Backs = layouts.BacksLong
	k := kit(b, p)
	for b.Loop() {
		var buf bytes.Buffer
		if err := layouts.RenderKit(&buf, k, p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestKitBoardShowsEveryZone reads the board's pages back with pdftotext:
// every zone id is printed on at least one part.
func TestKitBoardShowsEveryZone(t *testing.T) {
	tool := pdftest.Tool(t, "pdftotext", "poppler-utils")
	p := layouts.DefaultPrint()
	k := kit(t, p)
	plan, err := layouts.PlanKit(k, p)
	require.NoError(t, err)
	board := plan.Sections[len(plan.Sections)-1]
	require.Equal(t, "Board", board.Title)
	path := filepath.Join(t.TempDir(), "kit.pdf")
	require.NoError(t, os.WriteFile(path, kittest.Render(t, k, p), 0o644))
	out, err := exec.Command(tool, "-f", strconv.Itoa(board.First), "-l", strconv.Itoa(board.Last), path, "-").CombinedOutput()
	require.NoError(t, err, "%s", out)
	words := map[string]bool{}
	for _, w := range strings.Fields(string(out)) {
		words[w] = true
	}
	for _, z := range data.DefaultScorpion().Map.Zones {
		require.True(t, words[z.ID], "zone %s is on no part of the board", z.ID)
	}
}
