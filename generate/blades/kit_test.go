package blades

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	bladespdf "github.com/ninjakit/ninjakit/layouts/blades"
	"github.com/stretchr/testify/require"
)

func renderKit(t *testing.T, p layouts.Print, size layouts.Size) (layouts.KitPlan, []byte) {
	t.Helper()
	k, err := bladespdf.Kit(KitContent(data.DefaultBlades()), p.Paper, size)
	require.NoError(t, err)
	plan, err := layouts.PlanKit(k, p)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, layouts.RenderKit(&buf, k, p))
	return plan, buf.Bytes()
}

func TestKitPrintsTheWholeGame(t *testing.T) {
	d := data.DefaultBlades()
	wantCards := map[string]int{}
	for _, c := range d.Deck.Cards {
		wantCards[c.Name] = c.Count
	}
	for _, size := range layouts.CardSizes {
		p := layouts.DefaultPrint()
		p.Backs = layouts.BacksLong
		plan, _ := renderKit(t, p, size)
		got := map[string]map[string]int{}
		for _, sp := range plan.Sections {
			got[sp.Title] = map[string]int{}
			for _, c := range sp.Counts {
				got[sp.Title][c.Name] = c.Count
			}
		}
		require.Equal(t, wantCards, got["Special Attack cards"], size.Name)
		require.Len(t, got["Ninja counters"], len(d.Dojos))
		for name, n := range got["Ninja counters"] {
			require.Equal(t, 28, n, "%s: the rulebook asks for at least 28 of each colour", name)
		}
		require.Contains(t, got, "Boards")
		require.Contains(t, got, "Player aid")
	}
}

func TestKitPassesQPDF(t *testing.T) {
	qpdf := pdftest.Tool(t, "qpdf", "qpdf")
	dir := t.TempDir()
	for _, paper := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		for _, backs := range []layouts.Backs{layouts.BacksNone, layouts.BacksPages, layouts.BacksShort, layouts.BacksFold} {
			p := layouts.DefaultPrint()
			p.Paper, p.Backs, p.Guides = paper, backs, backs == layouts.BacksNone
			_, b := renderKit(t, p, layouts.SizeBridge)
			pdftest.QPDF(t, qpdf, filepath.Join(dir, paper.String()+"-"+backs.String()+".pdf"), b)
		}
	}
}

func TestGoldenKit(t *testing.T) {
	p := layouts.DefaultPrint()
	_, got := renderKit(t, p, layouts.SizePoker)
	path := filepath.Join("testdata", "blades-kit.pdf")
	pdftest.Golden(t, path, got, *update)
}

func TestKitFollowsTheDataFileInUse(t *testing.T) {
	d := data.DefaultBlades()
	d.Deck.Cards[0].Name, d.Deck.Cards[0].Count = "Big bomb", 5
	d.Deck.KeepLimit = 12
	c := KitContent(d)
	require.Equal(t, 12, c.KeepLimit)
	k, err := bladespdf.Kit(c, layouts.PaperA4, layouts.SizePoker)
	require.NoError(t, err)
	plan, err := layouts.PlanKit(k, layouts.DefaultPrint())
	require.NoError(t, err)
	for _, sp := range plan.Sections {
		if sp.Title == "Special Attack cards" {
			require.Equal(t, layouts.NameCount{Name: "Big bomb", Count: 5}, sp.Counts[0])
			require.Equal(t, 34, sp.Pieces)
		}
	}
}

// TestKitNotesNameTheBoardsOnce: the boards' names carry their own article
// ("The House of the Flying Blades"), so the notes add none.
func TestKitNotesNameTheBoardsOnce(t *testing.T) {
	k, err := bladespdf.Kit(KitContent(data.DefaultBlades()), layouts.PaperA4, layouts.SizePoker)
	require.NoError(t, err)
	notes := strings.Join(k.Notes, " ")
	require.Contains(t, notes, "2 or 3 players: The House of the Flying Blades alone. 4 or 5 players: The Temple of the Flying Blades")
	require.NotContains(t, strings.ToLower(notes), "the the ")
}
