package knights

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
	"github.com/stretchr/testify/require"
)

// drawPile is the draw pile's part of a position string, in order.
func drawPile(g *engine.Game) string {
	for _, f := range strings.Fields(g.String()) {
		if strings.HasPrefix(f, "draw=") {
			return f
		}
	}
	return ""
}

// Over random games, Verify accepts every log the table wrote, and an
// action it lets undo take back showed nothing but public cards: the draw
// pile and the reshuffles are as before, and every card that entered a
// hand was on the table in sight. Every kind of barrier turns up, and a
// play that wins is one in either mode.
func TestUndoableActionsRevealNoHiddenCard(t *testing.T) {
	reasons := map[string]int{}
	undoable, declines := 0, 0
	for _, mode := range []string{"digital", "physical"} {
		for seed := range uint64(24) {
			rng := rand.New(rand.NewPCG(seed, 2))
			o, err := NewOptions(2+int(seed%5), nil, "", mode, "", "")
			require.NoError(t, err)
			tb, s := newTable(t, o)
			for range 150 {
				legal := slices.DeleteFunc(tb.Game.LegalActions(), tb.letGo)
				if len(legal) == 0 {
					break
				}
				before := tb.Game.Clone()
				var e companion.Event
				if asked := tb.Asked(); len(asked) > 0 && rng.IntN(2) == 0 {
					e, err = tb.Decline(tb.seatName(asked[rng.IntN(len(asked))]))
					declines++
				} else {
					e, err = tb.Act("", legal[rng.IntN(len(legal))].String())
				}
				require.NoError(t, err)
				s.Events = append(s.Events, e)
				verdicts, err := Verify(s)
				require.NoError(t, err)
				v := verdicts[len(verdicts)-1]
				require.Equal(t, mode == "digital", v.V1, "version 1 flagged every digital action")
				if tb.Game.Winner() != engine.NoSeat {
					require.Contains(t, v.Barrier, "won the game on that play", "a win is never taken back (ruling K41)")
					reasons["won"]++
					continue
				}
				if mode == "physical" {
					require.Empty(t, v.Barrier)
					continue
				}
				if v.Barrier != "" {
					reasons[strings.Fields(v.Barrier)[1]]++
					continue
				}
				undoable++
				after := tb.Game
				require.Equal(t, drawPile(before), drawPile(after), "%s", e.Data)
				require.Equal(t, before.Reshuffles(), after.Reshuffles())
				_, act, _ := tb.takenBack(e)
				inSight := tableCards(before, act)
				for seat := range after.Players() {
					gained := newCards(before.Hand(rules.Seat(seat)), after.Hand(rules.Seat(seat)))
					for _, c := range gained {
						i := slices.Index(inSight, c)
						require.GreaterOrEqual(t, i, 0, "%s: %s entered a hand unseen", e.Data, c)
						inSight = slices.Delete(inSight, i, i+1)
					}
				}
			}
		}
	}
	require.Greater(t, undoable, 50)
	require.Greater(t, declines, 5, "seats let a steal window's gems go (ruling K42)")
	for _, word := range []string{"already", "merchant", "showed", "took", "paid", "draft", "companion", "won"} {
		require.NotZero(t, reasons[word], "no barrier reason %q in %v", word, reasons)
	}
}

// tableCards are the cards in sight as an action is played: the cards it
// plays and the attack on the table.
func tableCards(g *engine.Game, a engine.Action) []engine.Card {
	var out []engine.Card
	if plays, _, _ := g.Pending(); len(plays) > 0 {
		for _, p := range plays {
			out = append(out, p.Card)
		}
	}
	for _, p := range a.Plays() {
		out = append(out, p.Card)
	}
	return out
}

// newCards are the cards in after that were not in before.
func newCards(before, after []engine.Card) []engine.Card {
	var out []engine.Card
	for _, c := range after {
		if i := slices.Index(before, c); i >= 0 {
			before = slices.Delete(before, i, i+1)
			continue
		}
		out = append(out, c)
	}
	return out
}

func TestVerifyRefusesWhatTheTableNeverWrites(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	_, s := newTable(t, o)
	for name, data := range map[string]string{
		"unknown field": `{"seat":0,"action":"discard castle","note":1}`,
		"not canonical": `{"seat":0,"action":"discard  castle"}`,
		"trailing data": `{"seat":0,"action":"discard castle"} {}`,
	} {
		s.Events = []companion.Event{{Seq: 1, Kind: "act", Data: []byte(data)}}
		_, err := Verify(s)
		var re *companion.ReplayError
		require.ErrorAs(t, err, &re, name)
		require.Equal(t, 1, re.Seq, name)
	}
	s.Events = nil
	s.Options = []byte(`{"players":3,"names":["ann","bob","cy"],"mode":"physical","first":0,"extra":true}`)
	_, err = Verify(s)
	require.ErrorContains(t, err, `unknown field "extra"`)
}
