package knights

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// newState deals a digital game and puts the engine interface on it.
func newState(tb testing.TB, players int, seed uint64) *State {
	g, err := NewGame(Config{Players: players, First: rules.Seat(seed % uint64(players))}, rules.NewRand(seed, "test/engine"))
	require.NoError(tb, err)
	s, err := NewState(g)
	require.NoError(tb, err)
	return s
}

// randomMove plays a random listed move of the first seat to act.
func randomMove(tb testing.TB, s *State, r *rand.Rand, buf []Move) []Move {
	seat := s.ToAct(nil)[0]
	buf = s.Actions(seat, buf[:0])
	require.NotEmpty(tb, buf, "seat %s to act has no move in %s", seat, s.g)
	m := buf[r.IntN(len(buf))]
	require.NoError(tb, s.Act(seat, m), "%s in %s", s.Notation(m), s.g)
	return buf
}

// requireSameMoves checks that the engine interface lists for seat exactly
// what the game lists for it (LegalActionsFor), each once; in a steal window
// a seat asked may also decline, and the turn player's pass is the table's.
func requireSameMoves(t *testing.T, s *State, seat rules.Seat) {
	t.Helper()
	got := s.Actions(seat, nil)
	var want []Move
	for _, a := range s.g.LegalActionsFor(seat) {
		if s.g.phase == PhaseSteal && (a.typ == ActPass || !s.asked(seat)) {
			continue
		}
		want = append(want, MoveOf(a))
	}
	if s.asked(seat) {
		want = append(want, DeclineMove())
	}
	key := func(m Move) string { return s.Notation(m) }
	gotKeys, wantKeys := make([]string, len(got)), make([]string, len(want))
	for i, m := range got {
		gotKeys[i] = key(m)
	}
	for i, m := range want {
		wantKeys[i] = key(m)
	}
	slices.Sort(gotKeys)
	slices.Sort(wantKeys)
	require.Equal(t, wantKeys, gotKeys, "moves of seat %s in %s", seat, s.g)
	require.Equal(t, len(gotKeys), len(slices.Compact(gotKeys)), "a move listed twice")
}

// requireKnownSound checks that what each seat believes another holds is
// there: in its hand, or among the cards it showed a Herald out of sight;
// and that the draw pile holds only cards of the discards it was last
// shuffled from.
func requireKnownSound(t *testing.T, s *State) {
	t.Helper()
	if s.lotKnown {
		var pile [numCards]uint8
		for _, c := range s.g.deck.Draw {
			pile[c]++
		}
		for k, n := range pile {
			require.LessOrEqual(t, n, s.lot[k], "the draw pile holds a %s the reshuffled discards did not: %s", Card(k), s.g)
		}
	}
	for o := range s.g.n {
		for ts := range s.g.n {
			if o == ts {
				continue
			}
			have := s.counts(rules.Seat(ts))
			if len(s.g.shown) > 0 && !s.seesShown(rules.Seat(o), rules.Seat(ts)) {
				for _, p := range s.g.shown[ts] {
					have[p.Card]++
				}
			}
			for k, n := range s.known[o][ts] {
				require.LessOrEqual(t, n, have[k], "seat %d believes seat %d holds %d %s in %s", o+1, ts+1, n, Card(k), s.g)
			}
		}
	}
}

// requireCards checks every card of the deck is in exactly one place.
func requireCards(t *testing.T, s *State) {
	t.Helper()
	require.NoError(t, s.g.checkCards())
	total := 0
	for _, n := range s.g.census() {
		total += n
	}
	require.Equal(t, s.g.spec.deckSize(s.g.n), total)
}

// TestEngineMovesAreTheRules plays random games of 2 to 6 through the
// engine interface: at every step each seat is offered exactly the game's
// legal actions, every move listed reads back from its notation and is told
// in words, and the steal window asks every other seat with cards (K42).
func TestEngineMovesAreTheRules(t *testing.T) {
	r := rules.NewRand(3, "knights-engine-moves")
	var buf []Move
	for game := range sweep.Count(t, 20, 500) {
		s := newState(t, 2+game%5, uint64(game))
		for step := 0; step < stepCap && !s.Over(); step++ {
			for seat := range s.Players() {
				requireSameMoves(t, s, rules.Seat(seat))
			}
			if s.g.phase != PhaseSteal {
				require.Equal(t, []rules.Seat{s.g.ToAct()}, s.ToAct(nil))
			}
			if s.g.phase == PhaseSteal {
				holder, _ := s.g.Holder()
				to := s.ToAct(nil)
				require.NotEmpty(t, to)
				for _, seat := range to {
					require.NotEqual(t, holder, seat)
					require.Positive(t, s.g.HandSize(seat))
				}
				// The turn player's pass is the table's, never listed (E-7),
				// but it closes the window as a one-shot pass does (K39).
				pass := Move{Type: ActPass, Seat: NoSeat}
				require.NotContains(t, s.Actions(s.g.turn, nil), pass)
				c := s.Clone()
				require.NoError(t, c.Act(s.g.turn, pass))
				require.NotEqual(t, PhaseSteal, c.g.phase)
				other := s.g.turn.Next(s.Players())
				if !s.asked(other) {
					require.ErrorIs(t, s.Clone().Act(other, pass), rules.ErrIllegal)
				}
			}
			seat := s.ToAct(nil)[0]
			buf = s.Actions(seat, buf[:0])
			for _, m := range buf {
				back, err := s.ParseAction(seat, s.Notation(m))
				require.NoError(t, err, s.Notation(m))
				require.Equal(t, m, back, s.Notation(m))
				require.NotEmpty(t, s.Narrate(seat, m))
			}
			if sweep.Every(step, 7, game) {
				for _, m := range buf {
					require.NoError(t, s.Clone().Act(seat, m), "%s in %s", s.Notation(m), s.g)
				}
			}
			buf = randomMove(t, s, r, buf)
		}
		requireCards(t, s)
	}
}

// TestIsLegalIsTheList: Apply's check, which on a main turn lists only
// the actions of the kind asked about, agrees with the whole list for
// actions met anywhere in random games, attacks at oneself included.
func TestIsLegalIsTheList(t *testing.T) {
	r := rules.NewRand(8, "knights-islegal")
	for game := range sweep.Count(t, 20, 300) {
		g, err := NewGame(Config{Players: 2 + game%5}, rules.NewRand(uint64(game), "test/islegal"))
		require.NoError(t, err)
		var met []Action
		for step := 0; step < stepCap && !g.Outcome().Over(); step++ {
			legal := g.LegalActions()
			met = append(met, legal...)
			if len(met) > 400 {
				met = met[len(met)-400:]
			}
			tries := append(slices.Clone(met), AttackAction(g.turn, Plain(Knight)), AttackAction(g.turn, Plain(Peasant)))
			for _, a := range tries {
				want := slices.ContainsFunc(legal, a.Equal)
				require.Equal(t, want, g.IsLegal(a), "%s in %s", a, g)
			}
			require.NoError(t, g.Apply(legal[r.IntN(len(legal))]))
		}
	}
}

// TestActionsAllocateNothing: listing moves in every phase of random games
// appends into the caller's buffer and allocates nothing.
func TestActionsAllocateNothing(t *testing.T) {
	r := rules.NewRand(4, "knights-allocs")
	buf := make([]Move, 0, 1024)
	phases := map[Phase]bool{}
	for game := range 40 {
		s := newState(t, 2+game%5, uint64(game))
		for step := 0; step < stepCap && !s.Over(); step++ {
			seat := s.ToAct(nil)[0]
			if !phases[s.g.phase] || sweep.Every(step, 5, game) {
				// Ten runs, since AllocsPerRun counts the whole process's
				// mallocs: a single run once counted one in CI that no rerun
				// showed, made elsewhere in the process.
				allocs := testing.AllocsPerRun(10, func() { buf = s.Actions(seat, buf[:0]) })
				require.Zero(t, allocs, "listing the moves of %s allocates", s.g)
				phases[s.g.phase] = true
			}
			buf = randomMove(t, s, r, buf)
		}
	}
	require.Len(t, phases, int(PhaseOver), "every phase listed: %v", phases)
}

// TestEngineStealWindow: the gems a common attack took are offered to every
// other seat with cards; each declines or steals, and the last decline
// closes the window.
func TestEngineStealWindow(t *testing.T) {
	g := pos(t, "players=4 mode=digital turn=1 phase=main gems=5,5,5,5 hands=K/HJ/P/- draw=*")
	s, err := NewState(g)
	require.NoError(t, err)
	attack, err := s.ParseAction(0, "attack 3 knight")
	require.NoError(t, err)
	require.NoError(t, s.Act(0, attack))
	require.NoError(t, s.Act(2, Move{Type: ActPass, Seat: NoSeat}), "seat 3 lets the knight through")
	require.Equal(t, PhaseSteal, s.g.phase)
	// Seat 4 has no cards and is not asked; seat 3 is asked like seat 2,
	// whatever it holds.
	require.Equal(t, []rules.Seat{1, 2}, s.ToAct(nil))
	require.Equal(t, []Move{DeclineMove()}, s.Actions(2, nil))
	steals := s.Actions(1, nil)
	require.Len(t, steals, 3, "decline, highwayman, jester as one")
	require.Equal(t, "seat 2 lets the gems go", s.Narrate(1, DeclineMove()))
	require.NoError(t, s.Act(2, DeclineMove()))
	require.Equal(t, []rules.Seat{1}, s.ToAct(nil))
	require.ErrorIs(t, s.Act(2, DeclineMove()), rules.ErrIllegal, "a seat answers once")
	hw, err := s.ParseAction(1, "respond 2 highwayman")
	require.NoError(t, err)
	require.Equal(t, "seat 2 steals seat 1's 3 gem(s) with a highwayman", s.Narrate(1, hw))
	c := s.Clone()
	require.NoError(t, c.Act(1, hw))
	// A steal opens a new window that asks everyone but the thief again
	// who has cards: seat 1 played its only one.
	require.Equal(t, []rules.Seat{2}, c.ToAct(nil))
	require.NoError(t, s.Act(1, DeclineMove()))
	require.Equal(t, PhaseMain, s.g.phase)
	require.Equal(t, rules.Seat(1), s.g.turn, "the last decline closed the window and the turn passed")
	require.Equal(t, 8, s.g.Gems(0))
}

// TestDeterminizeKeepsObservation plays random games and, at random
// points, determinizes for a random seat: the seat sees the same and may
// do the same, every card is still in one place, what each seat knows of
// the others' hands is true, and the copy plays on to the end.
func TestDeterminizeKeepsObservation(t *testing.T) {
	r := rules.NewRand(21, "knights-determinize")
	var buf []Move
	seen := map[string]int{}
	for game := range sweep.Count(t, 25, 2000) {
		s := newState(t, 2+game%5, uint64(1000+game))
		for step := 0; step < stepCap && !s.Over(); step++ {
			requireKnownSound(t, s)
			if r.IntN(8) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				d := s.Determinize(seat, r)
				require.Equal(t, s.Observation(seat), d.Observation(seat))
				require.Equal(t, s.Actions(seat, nil), d.Actions(seat, nil))
				require.Equal(t, s.ToAct(nil), d.ToAct(nil))
				requireCards(t, d)
				requireKnownSound(t, d)
				for o := range s.Players() {
					require.Equal(t, s.known[seat][o], d.known[seat][o], "what seat %s knows stays", seat)
				}
				if to := s.ToAct(nil); len(to) > 0 && slices.Contains(to, seat) {
					buf = s.Actions(seat, buf[:0])
					m := buf[r.IntN(len(buf))]
					c := s.Clone()
					require.NoError(t, c.Act(seat, m))
					require.NoError(t, d.Act(seat, m), "%s in the determinized %s", s.Notation(m), d.g)
				}
				n, _, err := rules.RandomPlayout(d, r, buf, stepCap)
				require.NoError(t, err)
				// Random duels may circle through drafts up to the cap;
				// the others always end.
				require.True(t, d.Over() || (d.Players() == 2 && n == stepCap), "the determinized game stopped after %d moves: %s", n, d.g)
				requireCards(t, d)
			}
			seen[movesOfNote(s)]++
			shuffles := s.g.Reshuffles()
			buf = randomMove(t, s, r, buf)
			if s.g.Reshuffles() == shuffles+1 {
				require.True(t, s.lotKnown, "the reshuffled discards are known to all: %s", s.g)
				seen["reshuffle"]++
			}
		}
		ret := s.Returns(nil)
		require.Len(t, ret, s.Players())
		if s.Over() {
			require.Equal(t, 1.0, ret[s.g.winner])
		}
	}
	t.Logf("positions offering a move that passes cards, by kind: %v", seen)
	for _, k := range []string{"princess", "minstrel", "merchant", "take", "pay cards", "give", "steal", "reshuffle"} {
		require.Positive(t, seen[k], "no %s in the sample", k)
	}
}

// movesOfNote names the kind of move about to be played when it passes
// cards between hands, for the sweep to prove it met each one.
func movesOfNote(s *State) string {
	g := s.g
	switch g.phase {
	case PhaseRespond:
		switch g.atk[0].As {
		case Knight, Dragon:
			if g.avail(g.on, Princess) > 0 {
				return "princess"
			}
		}
		if g.avail(g.on, Minstrel) > 0 {
			return "minstrel"
		}
	case PhaseMain:
		if g.target == NoSeat && g.avail(g.turn, Merchant) > 0 {
			return "merchant"
		}
	case PhaseTake:
		return "take"
	case PhaseTax:
		return "pay cards"
	case PhaseDraft:
		return "give"
	case PhaseSteal:
		return "steal"
	}
	return ""
}

// TestDeterminizeVaries: two seeds deal the unseen cards differently, and
// the seat's own hand never changes.
func TestDeterminizeVaries(t *testing.T) {
	// The deck totals every determinization keeps: the component list's
	// 100 cards (K1), 94 in the duel without the expansions (K2).
	require.Equal(t, 100, DefaultSpec().deckSize(4))
	require.Equal(t, 94, DefaultSpec().deckSize(2))
	s := newState(t, 4, 7)
	a := s.Determinize(0, rand.New(rand.NewPCG(1, 1))).g.String()
	b := s.Determinize(0, rand.New(rand.NewPCG(2, 2))).g.String()
	require.NotEqual(t, a, b)
	require.Equal(t, s.g.hands[0], s.Determinize(0, rand.New(rand.NewPCG(3, 3))).g.hands[0])
}

// TestKnownCards follows what seats learn of each other's hands: a
// Princess's catch is known to all, a Merchant's take to the two seats
// concerned, and the others forget as many of the victim's cards.
func TestKnownCards(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KM/I/PS draw=*")
	s, err := NewState(g)
	require.NoError(t, err)
	for _, step := range []struct {
		seat rules.Seat
		move string
	}{{0, "attack 2 knight"}, {1, "respond 2 princess"}} {
		m, err := s.ParseAction(step.seat, step.move)
		require.NoError(t, err)
		require.NoError(t, s.Act(step.seat, m))
	}
	// "take the DRAGON or KNIGHT ... into your own hand": everyone saw it.
	require.Equal(t, uint8(1), s.Known(0, 1)[Knight])
	require.Equal(t, uint8(1), s.Known(2, 1)[Knight])
	// Seat 3 knows the knight is with seat 2: no determinization moves it.
	for i := range 50 {
		d := s.Determinize(2, rand.New(rand.NewPCG(uint64(i), 1)))
		require.Contains(t, d.g.hands[1], Knight)
	}
	require.NoError(t, s.Act(0, Move{Type: ActPass, Seat: NoSeat}))
	// Seat 2's turn: it drew two cards. A Merchant on it from seat 1 later
	// is modelled directly: seat 1 takes cards unseen by seat 3.
	took := [numCards]uint8{Knight: 1}
	s.moved(0, 1, &took, 1)
	require.Zero(t, s.Known(2, 1)[Knight], "seat 3 cannot tell whether the knight was taken")
	require.Equal(t, uint8(1), s.Known(1, 0)[Knight], "the victim knows what it lost")

	// A real Merchant: seat 1 takes two of seat 2's four cards unseen; seat
	// 2 knows which two from its own hand, seat 3 learns nothing.
	g = pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=M/KKPS/R draw=*")
	s, err = NewState(g)
	require.NoError(t, err)
	m, err := s.ParseAction(0, "special merchant 2")
	require.NoError(t, err)
	require.NoError(t, s.Act(0, m))
	require.Len(t, s.g.hands[0], 2)
	require.Equal(t, s.counts(0), s.Known(1, 0), "the victim knows the two cards it lost")
	require.Equal(t, [numCards]uint8{}, s.Known(2, 0))
	d := s.Determinize(1, rand.New(rand.NewPCG(1, 2)))
	require.Equal(t, s.g.hands[0], d.g.hands[0], "nothing of seat 1's hand is hidden from seat 2")
}

// TestDeterminizeUniform checks ruling E-5 on a tiny position: seat 1
// sees its hand, the discards and a card it knows seat 3 holds; the four
// unseen physical cards (two of them Peasants) go to seat 2's card, seat
// 3's other card and the two draw cards in order, every arrangement of
// the physical cards equally likely. After a reshuffle that put one Peasant
// in the draw pile, the arrangements with both Peasants there are out and
// the rest stay equally likely. A chi-square test compares the draws with
// the count of arrangements behind each outcome.
func TestDeterminizeUniform(t *testing.T) {
	type outcome [4]Card // seat 2's card, seat 3's other card, the draw pile
	for _, lot := range []bool{false, true} {
		t.Run(fmt.Sprintf("reshuffled %v", lot), func(t *testing.T) {
			g, err := NewGame(Config{Players: 3}, rules.NewRand(1, "uniform"))
			require.NoError(t, err)
			unseen := []Card{Peasant, Peasant, Knight, Queen}
			rest := g.spec.Deck(3)
			for _, c := range append(slices.Clone(unseen), Soldier, King, Dragon) {
				i := slices.Index(rest, c)
				require.GreaterOrEqual(t, i, 0)
				rest = slices.Delete(rest, i, i+1)
			}
			g.hands = [][]Card{{King}, {unseen[0]}, {Soldier, unseen[1]}}
			for s := range g.hands {
				g.recount(rules.Seat(s))
			}
			g.deck.Draw = []Card{unseen[2], unseen[3]}
			g.deck.Discard = append(rest, Dragon)
			require.NoError(t, g.checkCards())
			s, err := NewState(g)
			require.NoError(t, err)
			s.known[0][2][Soldier] = 1
			if lot {
				s.lot[Peasant], s.lot[Knight], s.lot[Queen], s.lotKnown = 1, 1, 1, true
			}
			fits := func(o outcome) bool { return !lot || o[2] != Peasant || o[3] != Peasant }

			want := map[outcome]float64{}
			total := 0.0
			perm := slices.Clone(unseen)
			var walk func(k int)
			walk = func(k int) {
				if k == len(perm) {
					if fits(outcome(perm)) {
						want[outcome(perm)]++
						total++
					}
					return
				}
				for i := k; i < len(perm); i++ {
					perm[k], perm[i] = perm[i], perm[k]
					walk(k + 1)
					perm[k], perm[i] = perm[i], perm[k]
				}
			}
			walk(0)
			require.GreaterOrEqual(t, len(want), 10)
			const draws = 24000
			got := map[outcome]int{}
			r := rand.New(rand.NewPCG(5, 6))
			for range draws {
				d := s.Determinize(0, r)
				h3 := d.g.hands[2]
				require.Contains(t, h3, Soldier)
				other := h3[0]
				if other == Soldier {
					other = h3[1]
				}
				key := outcome{d.g.hands[1][0], other, d.g.deck.Draw[0], d.g.deck.Draw[1]}
				_, ok := want[key]
				require.True(t, ok, "drew %v, which no arrangement gives", key)
				got[key]++
			}
			stat := 0.0
			for key, w := range want {
				e := draws * w / total
				stat += (float64(got[key]) - e) * (float64(got[key]) - e) / e
			}
			df := float64(len(want) - 1)
			crit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3) // p = 0.001
			t.Logf("chi-square %.1f with %d degrees of freedom (critical %.1f)", stat, len(want)-1, crit)
			require.Less(t, stat, crit)
		})
	}
}

// TestNarrate: a bot's move is told in table words.
func TestNarrate(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=DFP/-/- forts=-/C/- draw=*")
	s, err := NewState(g)
	require.NoError(t, err)
	for text, want := range map[string]string{
		"attack 2 dragon burn":       "seat 1 attacks seat 2 with a dragon, burning the castle if it strikes",
		"attack 3 peasant":           "seat 1 attacks seat 3 with a peasant",
		"special herald":             "seat 1 plays a herald: every rival with cards shows one to seat 1",
		"fortify castle":             "seat 1 fortifies with a castle: put them face up beside the gems",
		"discard peasant":            "seat 1 discards a peasant and ends the turn",
		"special jester(merchant) 3": "seat 1 plays a jester as a merchant on seat 3: pay 1 gem(s) and take half of seat 3's cards unseen",
	} {
		m, err := s.ParseAction(0, text)
		require.NoError(t, err)
		require.Equal(t, want, s.Narrate(0, m))
	}
}

// TestReplayFollowsTheTable: a state that plays a session's actions with
// the session's random source per action draws what the table drew, even
// through a reshuffle; one left with another source does not.
func TestReplayFollowsTheTable(t *testing.T) {
	table, replay, other := newState(t, 3, 11), newState(t, 3, 11), newState(t, 3, 11)
	other.SetRand(rules.NewRand(99, "other"))
	r := rules.NewRand(2, "replay")
	var buf []Move
	diverged := false
	for step := 0; table.g.Reshuffles() < 2; step++ {
		require.False(t, table.Over(), "the game ended before two reshuffles")
		table.SetRand(rules.NewRand(7, fmt.Sprint(step)))
		replay.SetRand(rules.NewRand(7, fmt.Sprint(step)))
		seat := table.ToAct(nil)[0]
		buf = table.Actions(seat, buf[:0])
		m := buf[r.IntN(len(buf))]
		for _, d := range buf {
			if d.Type == ActDiscard {
				m = d // discarding turns run through the deck
			}
		}
		require.NoError(t, table.Act(seat, m))
		require.NoError(t, replay.Act(seat, m))
		require.Equal(t, table.g.String(), replay.g.String())
		if !diverged {
			require.NoError(t, other.Act(seat, m))
			diverged = other.g.String() != table.g.String()
		}
	}
	require.True(t, diverged, "another random source shuffles another draw pile")
}

func TestNewStateRefusesPhysical(t *testing.T) {
	g, err := NewGame(Config{Players: 3, Mode: Physical}, nil)
	require.NoError(t, err)
	_, err = NewState(g)
	require.ErrorContains(t, err, "physical")
}

func TestEngineReturns(t *testing.T) {
	s := newState(t, 3, 4)
	require.Equal(t, []float64{0, 0, 0}, s.Returns(nil))
	r := rules.NewRand(1, "returns")
	_, _, err := rules.RandomPlayout(s, r, nil, stepCap)
	require.NoError(t, err)
	require.True(t, s.Over())
	require.Empty(t, s.ToAct(nil))
	ret := s.Returns(nil)
	want := []float64{-1, -1, -1}
	want[s.g.winner] = 1
	require.Equal(t, want, ret)
}

// sink keeps benchmarked results alive, so the compiler cannot drop the
// work that made them.
var sink *State

func BenchmarkEngineClone(b *testing.B) {
	s := engineMidGame(b, 4)
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Clone()
	}
}

func BenchmarkEngineActions(b *testing.B) {
	s := engineMidGame(b, 4)
	seat := s.ToAct(nil)[0]
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Actions(seat, buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

// BenchmarkEnginePlayout plays random games from the deal through the
// engine interface, each from a determinization of a dealt game, and
// reports playouts a second and heap allocations a move (issue 20).
func BenchmarkEnginePlayout(b *testing.B) {
	for _, players := range []int{2, 4} {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			starts := make([]*State, 32)
			for i := range starts {
				starts[i] = newState(b, players, uint64(i))
			}
			r := rand.New(rand.NewPCG(1, 2))
			buf := make([]Move, 0, 256)
			moves := 0
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for i := 0; b.Loop(); i++ {
				s := starts[i%len(starts)].Determinize(0, r)
				n, out, err := rules.RandomPlayout(s, r, buf, stepCap)
				if err != nil {
					b.Fatal(err)
				}
				buf, moves = out, moves+n
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(moves), "allocs/move")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

func BenchmarkEngineDeterminize(b *testing.B) {
	s := engineMidGame(b, 4)
	r := rand.New(rand.NewPCG(3, 4))
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Determinize(0, r)
	}
}

// BenchmarkEngineDeterminizeReshuffled determinizes just after a
// reshuffle, when the draw pile's kinds are drawn first.
func BenchmarkEngineDeterminizeReshuffled(b *testing.B) {
	s := newState(b, 4, 5)
	r := rules.NewRand(9, "knights-bench")
	var buf []Move
	// Discarding turns, as a timid table plays, run through the deck.
	for !s.lotKnown || s.g.phase != PhaseMain {
		seat := s.ToAct(nil)[0]
		buf = s.Actions(seat, buf[:0])
		m := buf[r.IntN(len(buf))]
		for _, d := range buf {
			if d.Type == ActDiscard {
				m = d
			}
		}
		require.NoError(b, s.Act(seat, m))
		require.False(b, s.Over(), "the game ended before a reshuffle")
	}
	b.ReportAllocs()
	for b.Loop() {
		sink = s.Determinize(0, r)
	}
}

// engineMidGame is a game some random moves in, on a main turn.
func engineMidGame(tb testing.TB, players int) *State {
	s := newState(tb, players, 5)
	r := rules.NewRand(9, "knights-bench")
	var buf []Move
	for i := 0; i < 40 || s.g.phase != PhaseMain; i++ {
		buf = randomMove(tb, s, r, buf)
	}
	return s
}

// TestCloneIsIndependent: a clone's hands, piles, attack and events share
// one array with room to grow (Game.cloneInto); playing a clone to the end
// leaves the state it came from and a second clone as they were, and
// playing on the original leaves a clone alone.
func TestCloneIsIndependent(t *testing.T) {
	r := rules.NewRand(6, "knights-clone")
	var buf []Move
	snap := func(s *State) string {
		return fmt.Sprint(s.g, s.g.kinds, s.known, s.lot, s.lotKnown, s.declined, s.g.Events())
	}
	for game := range sweep.Count(t, 20, 200) {
		s := newState(t, 2+game%5, uint64(game))
		for step := 0; step < stepCap && !s.Over(); step++ {
			if step%9 == 0 {
				before := snap(s)
				c1, c2 := s.Clone(), s.Determinize(s.ToAct(nil)[0], r)
				twin := snap(c2)
				for i := 0; i < stepCap && !c1.Over(); i++ {
					buf = randomMove(t, c1, r, buf)
				}
				require.Equal(t, before, snap(s), "playing a clone changed its original")
				require.Equal(t, twin, snap(c2), "playing a clone changed another")
				for i := 0; i < 6 && !s.Over(); i++ {
					buf = randomMove(t, s, r, buf)
				}
				require.Equal(t, twin, snap(c2), "playing the original changed a clone")
				if s.Over() {
					break
				}
			}
			buf = randomMove(t, s, r, buf)
		}
	}
}
