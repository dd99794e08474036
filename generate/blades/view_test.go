package blades

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/generate"
	"github.com/ninjakit/ninjakit/layouts"
	bladespdf "github.com/ninjakit/ninjakit/layouts/blades"
	"github.com/stretchr/testify/require"
)

func sheetOf(t *testing.T, o Options, slips bool) (View, bladespdf.Sheet) {
	t.Helper()
	s, err := Generate(testRules, o)
	require.NoError(t, err)
	v, err := s.View(testRules, "", slips || o.Cards == CardsOpen)
	require.NoError(t, err)
	sh, err := s.Sheet(testRules, v, layouts.PaperA4, slips)
	require.NoError(t, err)
	return v, sh
}

func TestTwoPlayerNotesNameTheCommonPrey(t *testing.T) {
	v, sh := sheetOf(t, Options{Players: 2, Seed: 1, Cards: CardsHidden}, false)
	for _, notes := range [][]string{v.Notes, sh.Notes} {
		all := strings.Join(notes, "\n")
		require.NotContains(t, all, "on your right")
		require.Contains(t, all, "the prey of both is "+v.CommonPrey+", the third colour")
	}
	v, _ = sheetOf(t, Options{Players: 3, Seed: 1, Cards: CardsHidden}, false)
	require.Contains(t, strings.Join(v.Notes, "\n"), "your prey sits on your right")
}

func TestHiddenDealSaysHowManyStayOutOnlyWhenSome(t *testing.T) {
	v, _ := sheetOf(t, Options{Players: 4, Seed: 1, Cards: CardsHidden}, false)
	require.NotContains(t, strings.Join(v.Notes, "\n"), "stay out")
	v, _ = sheetOf(t, Options{Players: 3, Seed: 1, Cards: CardsHidden}, false)
	require.Contains(t, strings.Join(v.Notes, "\n"), "deal 10 to each player (2 stay out of the game)")
}

func TestOpenHandsNotesSayWhereTheDealIs(t *testing.T) {
	v, sh := sheetOf(t, Options{Players: 5, Seed: 1, Cards: CardsOpen}, false)
	require.Contains(t, strings.Join(v.Notes, "\n"), "is public and listed above")
	require.Contains(t, strings.Join(sh.Notes, "\n"), "is public and printed on the next page")
	require.NotContains(t, strings.Join(sh.Notes, "\n"), "below")
}

func TestDealtNotesMatchWhatIsPrinted(t *testing.T) {
	o := Options{Players: 3, Seed: 1, Cards: CardsDealt, PrivateSeed: 9}
	_, sh := sheetOf(t, o, true)
	require.Len(t, sh.Slips, 3)
	require.Contains(t, strings.Join(sh.Notes, "\n"), "on the private slips after this page")

	// A sheet printed again from the share code has no private seed: no
	// slips, and no word promising them.
	s, err := Generate(testRules, o)
	require.NoError(t, err)
	code, err := generate.ParseCode(s.Code.String())
	require.NoError(t, err)
	again, err := FromCode(testRules, code, 0)
	require.NoError(t, err)
	v, err := again.View(testRules, "", false)
	require.NoError(t, err)
	sh, err = again.Sheet(testRules, v, layouts.PaperA4, false)
	require.NoError(t, err)
	require.Empty(t, sh.Slips)
	require.Empty(t, sh.Legend)
	for _, notes := range [][]string{v.Notes, sh.Notes} {
		all := strings.Join(notes, "\n")
		require.NotContains(t, all, "slip after")
		require.NotContains(t, all, "own slip")
		require.Contains(t, all, "dealt privately")
		require.Contains(t, all, "not printed here")
	}
}

// The legend is the whole deck in the data file's order, on every sheet that
// prints hands, whatever was dealt.
func TestLegendIsTheDeckInDataOrder(t *testing.T) {
	var want []string
	for _, c := range testRules.Data.Deck.Cards {
		want = append(want, c.Name)
	}
	for _, o := range []Options{
		{Players: 5, Seed: 3, Cards: CardsOpen},
		{Players: 2, Seed: 4, Cards: CardsOpen},
		{Players: 4, Seed: 5, Cards: CardsDealt, PrivateSeed: 6},
	} {
		_, sh := sheetOf(t, o, o.Cards == CardsDealt)
		var got []string
		for _, c := range sh.Legend {
			require.NotEmpty(t, c.Text, c.Name)
			got = append(got, c.Name)
		}
		require.Equal(t, want, got, "%+v", o)
		for _, h := range append(sh.OpenHands, sh.Slips...) {
			for _, c := range h.Cards {
				require.Empty(t, c.Text, "card texts go once, in the legend")
			}
		}
	}
}

func TestSubtitleUsesAnEnDash(t *testing.T) {
	_, sh := sheetOf(t, Options{Players: 3, Seed: 1, Cards: CardsHidden}, false)
	require.Equal(t, "3 players – hidden hands", sh.Subtitle)
}

func TestTextSaysWhereSeatsSit(t *testing.T) {
	for players, want := range map[int]string{
		2: "Seats at the board's edges: 1 %s bottom, 2 %s top.",
		3: "Seats at the board's edges: 1 %s bottom, 2 %s right, 3 %s top.",
		4: "Seats at the board's edges: 1 %s bottom, 2 %s right, 3 %s top, 4 %s left.",
		5: "Seats at the board's edges: 1 %s bottom, 2 %s right, 3 %s top right, 4 %s top left, 5 %s left.",
	} {
		s, err := Generate(testRules, Options{Players: players, Seed: 42})
		require.NoError(t, err)
		v, err := s.View(testRules, "", false)
		require.NoError(t, err)
		var colours []any
		for _, seat := range v.Seats {
			colours = append(colours, seat.Colour)
		}
		require.Equal(t, fmt.Sprintf(want, colours...), v.Edges())
	}
}
