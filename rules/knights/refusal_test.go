package knights

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// randomAction makes an action of any type from any seat with any cards,
// mostly nonsense: the point is to walk every refusal path.
func randomAction(r *rand.Rand, g *Game) Action {
	if r.IntN(4) == 0 {
		legal := g.LegalActions()
		return legal[r.IntN(len(legal))]
	}
	t := ActionType(r.IntN(int(ActRedeal) + 1))
	seat := NoSeat
	if r.IntN(5) > 0 {
		seat = rules.Seat(r.IntN(g.n + 1))
	}
	var plays []Play
	for range r.IntN(4) {
		c := Cards[r.IntN(len(Cards))]
		p := Plain(c)
		if c == Jester && r.IntN(2) == 0 {
			p = JesterAs(Cards[r.IntN(len(Cards))])
		}
		plays = append(plays, p)
	}
	a := newAction(t, seat, plays)
	if t == ActAttack && len(plays) == 1 {
		a.fort = plays[0].As == Archer && r.IntN(3) == 0
		a.burn = plays[0].As == Dragon && r.IntN(2) == 0
	}
	return a
}

// resample deals every card nobody but its holder may see (hands, the
// draw pile, cards shown to a Herald) anew, keeping every size: a game the
// table cannot tell apart from g.
func resample(r *rand.Rand, g *Game) *Game {
	h := g.Clone()
	pool := slices.Clone(h.deck.Draw)
	for _, hand := range h.hands {
		pool = append(pool, hand...)
	}
	for _, ps := range h.shown {
		pool = append(pool, cardsOf(ps)...)
	}
	rules.Shuffle(r, pool)
	next := func(n int) []Card {
		out := slices.Clone(pool[:n])
		pool = pool[n:]
		return out
	}
	h.deck.Draw = next(len(h.deck.Draw))
	for s := range h.hands {
		h.hands[s] = next(len(h.hands[s]))
		slices.Sort(h.hands[s])
		h.recount(rules.Seat(s))
	}
	for s := range h.shown {
		h.shown[s] = plainAll(next(len(h.shown[s])))
	}
	return h
}

// tableReason is what the whole table reads when a is refused, or "" if a is
// legal.
func tableReason(t *testing.T, g *Game, a Action) string {
	t.Helper()
	if g.IsLegal(a) {
		return ""
	}
	var ie *IllegalError
	require.True(t, errors.As(g.Clone().Apply(a), &ie))
	return ie.For(NoSeat)
}

// TestRefusalsRevealNoHiddenCards plays random digital games and, at every
// step, throws random actions at the game and at a twin dealt differently
// where the table cannot see: the refusal the table reads must be the same
// in both, whether the acting seat holds the cards or not. Where one twin
// accepts the play, the other may only refuse it with the neutral line.
func TestRefusalsRevealNoHiddenCards(t *testing.T) {
	games := sweep.Count(t, 60, 120)
	paths := map[string]bool{}
	heldNeutral, unheldNeutral := 0, 0
	for i := range games {
		players := 2 + i%5
		r := rules.NewRand(uint64(i), "test/refusal")
		g, err := NewGame(Config{Players: players}, r)
		require.NoError(t, err)
		for step := 0; step < 400 && !g.Outcome().Over(); step++ {
			twin := resample(r, g)
			for range 8 {
				a := randomAction(r, g)
				mine, theirs := tableReason(t, g, a), tableReason(t, twin, a)
				paths[g.phase.String()+" "+a.typ.String()] = true
				switch {
				case mine == "" && theirs == "":
				case mine == "" || theirs == "":
					require.Equal(t, Neutral, mine+theirs, "%s in %s: accepted in one deal, refused in the other with a reason", a, g)
				default:
					require.Equal(t, mine, theirs, "%s: the table's reason depends on hidden cards\n%s\n%s", a, g, twin)
				}
				if mine == Neutral {
					if g.canPay(g.Actor(a), cardsOf(a.plays)) {
						heldNeutral++
					} else {
						unheldNeutral++
					}
				}
			}
			legal := g.LegalActions()
			require.NoError(t, g.Apply(legal[r.IntN(len(legal))]))
		}
	}
	require.Positive(t, unheldNeutral, "some plays failed on cards not held")
	require.Zero(t, heldNeutral, "a play whose cards are held is refused only for a public reason")
	require.Greater(t, len(paths), 40, "refusals in many phases: %v", paths)
	t.Logf("%d phase/type pairs; neutral refusals: %d with the cards held, %d without", len(paths), heldNeutral, unheldNeutral)
}

// The refusals the issue names, one by one: the table reads the same line
// whether the seat holds the card or not, and the seat itself reads why.
func TestRefusalsForTheTable(t *testing.T) {
	for _, c := range []struct {
		name, pos, held, unheld string
		seat                    rules.Seat
		public                  string
	}{
		{name: "attacking a castle with a held or unheld card", pos: three + "gems=5,5,5 hands=S/-/- forts=-/C/-",
			held: "attack 2 soldier", unheld: "attack 2 knight", public: "behind a castle"},
		{name: "a playable attack the seat lacks", pos: three + "gems=5,5,5 hands=S/-/-",
			held: "", unheld: "attack 2 knight", seat: seat(1)},
		{name: "discarding too many", pos: three + "gems=5,5,5 hands=KK/-/-",
			held: "discard knight,knight", unheld: "discard knight,knight,knight", public: "exactly one"},
		{name: "a highwayman from a seat without one", pos: "players=3 mode=digital turn=1 phase=steal gems=9,1,5 hands=-/S/H target=2 holder=1 amount=4",
			held: "", unheld: "respond 2 highwayman", seat: seat(2)},
		{name: "fortifying with one card held and one not", pos: three + "gems=5,5,5 hands=C/-/-",
			held: "", unheld: "fortify archer,castle", seat: seat(1)},
		{name: "taking a card that was not shown", pos: "players=3 mode=digital turn=1 phase=take gems=5,5,5 hands=-/S/- shown=-/K/R discard=F",
			held: "", unheld: "take 2 king", seat: seat(1)},
		{name: "paying cards the payer lacks", pos: "players=3 mode=digital turn=1 phase=tax gems=5,0,10 hands=-/SS/- forts=-/C/- taxed=2",
			held: "", unheld: "pay cards king,king", seat: seat(2)},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := pos(t, c.pos)
			reason := func(s string) *IllegalError {
				a, err := ParseAction(s)
				require.NoError(t, err)
				var ie *IllegalError
				require.True(t, errors.As(g.Clone().Apply(a), &ie), s)
				return ie
			}
			u := reason(c.unheld)
			if c.public != "" {
				h := reason(c.held)
				require.Contains(t, u.For(NoSeat), c.public)
				require.Equal(t, h.For(NoSeat), u.For(NoSeat))
				return
			}
			require.Equal(t, Neutral, u.For(NoSeat))
			for s := range g.n {
				if rules.Seat(s) != c.seat {
					require.Equal(t, Neutral, u.For(rules.Seat(s)))
				}
			}
			require.NotEqual(t, Neutral, u.For(c.seat), "the seat concerned reads why")
		})
	}
}
