package knights

import (
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/engine_playouts.golden")

const goldenPlayouts = "testdata/engine_playouts.golden"

// TestEnginePlayoutsGolden plays random games through the engine interface
// and compares, game by game, a digest of everything a bot meets on the way
// (who acts, every listed move in order, the state and what each seat
// knows after each move, determinizations, observations, and the answers
// to near-miss and malformed moves) with the digests the straightforward
// engine recorded before the speed work (issue 20): a faster engine must
// play the same games.
func TestEnginePlayoutsGolden(t *testing.T) {
	golden := sweep.NewGolden(t, goldenPlayouts, *update, 3)
	defer golden.Close()
	i := 0
	for players := 2; players <= 6; players++ {
		for seed := range uint64(30) {
			if i++; golden.Wants(i - 1) {
				golden.Check(i-1, fmt.Sprintf("%dp seed %d %016x", players, seed, playoutDigest(t, players, seed)))
			}
		}
	}
}

func playoutDigest(t *testing.T, players int, seed uint64) uint64 {
	s := newState(t, players, seed)
	r := rules.NewRand(seed, "test/golden")
	h := fnv.New64a()
	var buf []Move
	for step := 0; step < 2000 && !s.Over(); step++ {
		to := s.ToAct(nil)
		fmt.Fprintln(h, "to", to)
		seat := to[r.IntN(len(to))]
		buf = s.Actions(seat, buf[:0])
		require.NotEmpty(t, buf)
		for _, m := range buf {
			fmt.Fprint(h, s.Notation(m), m, ";")
		}
		if step%3 == 0 {
			tryMove(h, s, rules.Seat(r.IntN(players)), nearMiss(r, buf[r.IntN(len(buf))], players))
		}
		if step%7 == 0 {
			tryMove(h, s, rules.Seat(r.IntN(players)), randomMoveValue(r, players))
		}
		if step%11 == 0 {
			d := s.Determinize(seat, r)
			fmt.Fprintln(h, "det", d.g, d.known, d.lot, d.lotKnown)
		}
		if step%5 == 0 {
			fmt.Fprintln(h, s.Observation(seat))
		}
		m := buf[r.IntN(len(buf))]
		require.NoError(t, s.Act(seat, m))
		fmt.Fprintln(h, s.g, s.known, s.lot, s.lotKnown, s.declined, s.g.Events())
	}
	return h.Sum64()
}

// tryMove acts m on a copy of s and writes the answer and the copy.
func tryMove(w io.Writer, s *State, seat rules.Seat, m Move) {
	c := s.Clone()
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		err = c.Act(seat, m)
	}()
	fmt.Fprintln(w, "try", m, err, c.g, c.known, c.lot, c.declined)
}

// nearMiss changes one thing in a listed move.
func nearMiss(r *rand.Rand, m Move, players int) Move {
	switch r.IntN(6) {
	case 0:
		m.Seat = rules.Seat(r.IntN(players+1) - 1)
	case 1:
		m.Burn = !m.Burn
	case 2:
		m.Fort = !m.Fort
	case 3:
		if m.N > 0 {
			m.Plays[r.IntN(int(m.N))].As = Card(1 + r.IntN(int(numCards)-1))
		}
	case 4:
		if m.N > 0 {
			m.Count[r.IntN(int(m.N))]++
		}
	default:
		m.Type = ActionType(r.IntN(int(ActRedeal) + 1))
	}
	return m
}

// randomMoveValue is any move at all, canonical or not.
func randomMoveValue(r *rand.Rand, players int) Move {
	m := Move{
		Type: ActionType(r.IntN(int(ActRedeal) + 1)), Seat: rules.Seat(r.IntN(players+1) - 1),
		Fort: r.IntN(8) == 0, Burn: r.IntN(8) == 0, Decline: r.IntN(8) == 0,
	}
	for range r.IntN(3) {
		c := Card(1 + r.IntN(int(numCards)-1))
		as := c
		if r.IntN(4) == 0 {
			c = Jester
		}
		m.add(Play{Card: c, As: as}, uint8(1+r.IntN(2)))
	}
	return m
}

// TestListsIsActions checks the engine's quick legality test against the
// listing it stands for: lists(seat, m) exactly when Actions(seat) holds m,
// for every listed move, near misses and malformed moves, in random games of
// every size.
func TestListsIsActions(t *testing.T) {
	var buf []Move
	for players := 2; players <= 6; players++ {
		for seed := range uint64(20) {
			s := newState(t, players, seed)
			r := rules.NewRand(seed, "test/lists")
			for step := 0; step < 2000 && !s.Over(); step++ {
				for seat := range rules.Seat(players) {
					buf = s.Actions(seat, buf[:0])
					tries := slices.Clone(buf)
					for range 8 {
						if len(buf) > 0 {
							tries = append(tries, nearMiss(r, buf[r.IntN(len(buf))], players))
						}
						tries = append(tries, randomMoveValue(r, players))
					}
					for _, m := range tries {
						require.Equal(t, slices.Contains(buf, m), s.lists(seat, m), "seat %s, %s %+v in %s", seat, s.Notation(m), m, s.g)
					}
				}
				for seat := range s.g.n {
					var want [numCards]uint8
					for _, c := range s.g.hands[seat] {
						want[c]++
					}
					require.Equal(t, want, s.g.kinds[seat], "hand counts of seat %d in %s", seat+1, s.g)
				}
				seat := s.ToAct(nil)[0]
				buf = s.Actions(seat, buf[:0])
				require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
			}
		}
	}
}

// TestListsAttacksAndAnswers checks the quick test's direct reading of
// attacks and answers (attacks, answers, played) against the listing, move
// shape by move shape, with every seat and flag: at every main turn and
// answer of random games, and in positions random games rarely reach.
func TestListsAttacksAndAnswers(t *testing.T) {
	shapes := listShapes()
	var buf []Move
	for players := 2; players <= 6; players++ {
		for seed := range sweep.Count(t, 1, 12) {
			s := newState(t, players, uint64(seed))
			r := rules.NewRand(uint64(seed), "test/lists-direct")
			for step := 0; step < 2000 && !s.Over(); step++ {
				seat := s.ToAct(nil)[0]
				buf = s.Actions(seat, buf[:0])
				if p := s.g.phase; (p == PhaseMain || p == PhaseRespond) && step%2 == 0 {
					requireListsShapes(t, s, seat, shapes)
				}
				require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
			}
		}
	}
	for _, p := range []string{
		// A Ladder stands against a Castle; another Ladder is no use.
		"players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=LLUDJNKPP/-/- forts=-/C/- target=2 ladder=1",
		// Archers on both sides, Jesters and Peasants in hand.
		"players=4 mode=digital turn=2 phase=main gems=5,5,5,5 hands=-/PPJJADNKL/-/- forts=A/A/C/B",
		// A Dragon against a Castle; every answer in hand.
		"players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/PPJTIEBS/- forts=-/C/- target=2 attack=D burn=1 by=1 on=2",
		// A Catapult: nothing kills an object.
		"players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/PJTIEBK/- forts=-/CB/- target=2 attack=U by=1 on=2",
		// A traitored revolt in a duel (no Jesters), a Minstrel in hand.
		"players=2 mode=digital turn=1 phase=respond gems=6,6 hands=PTB/PPK forts=-/- target=2 attack=PP by=2 on=1",
	} {
		s, err := NewState(pos(t, p))
		require.NoError(t, err)
		requireListsShapes(t, s, s.ToAct(nil)[0], shapes)
	}
}

// listShapes are plays of every form the quick test must tell apart: each
// card plain or as a Jester posing as each card, stacks of up to three
// Peasants and Jesters as Peasants, counts of none and two, and leftovers
// past the plays in use.
func listShapes() []Move {
	var out []Move
	for c := range numCards + 1 {
		for _, as := range []Card{c, Peasant, Knight, Dragon, Archer, Castle, Ladder, Unknown} {
			for _, card := range []Card{c, Jester} {
				for n := range uint8(3) {
					out = append(out, Move{N: 1, Plays: [3]Play{{card, as}}, Count: [3]uint8{n}})
				}
			}
		}
	}
	for p := range uint8(4) {
		for j := range uint8(4) {
			m := Move{N: 2, Plays: [3]Play{Plain(Peasant), JesterAs(Peasant)}, Count: [3]uint8{p, j}}
			out = append(out, m)
			m.N = 1
			out = append(out, m)
			m.N = 3
			out = append(out, m)
		}
	}
	return append(out,
		Move{N: 1, Plays: [3]Play{Plain(Knight), {}, Plain(Peasant)}, Count: [3]uint8{1}},
		Move{N: 1, Plays: [3]Play{Plain(Knight)}, Count: [3]uint8{1, 1}},
		Move{N: 2, Plays: [3]Play{Plain(Peasant), JesterAs(Knight)}, Count: [3]uint8{1, 1}},
		Move{N: 2, Plays: [3]Play{JesterAs(Peasant), Plain(Peasant)}, Count: [3]uint8{1, 1}},
		Move{})
}

// requireListsShapes checks lists against Actions for every shape as an
// attack and an answer, at every seat and with every flag.
func requireListsShapes(t *testing.T, s *State, seat rules.Seat, shapes []Move) {
	t.Helper()
	buf := s.Actions(seat, nil)
	for _, sh := range shapes {
		for _, typ := range []ActionType{ActAttack, ActRespond, ActPass} {
			for target := rules.Seat(-1); int(target) <= s.g.n; target++ {
				for flags := range 8 {
					m := sh
					m.Type, m.Seat = typ, target
					m.Fort, m.Burn, m.Decline = flags&1 != 0, flags&2 != 0, flags&4 != 0
					if want := slices.Contains(buf, m); s.lists(seat, m) != want {
						t.Fatalf("seat %s, %+v in %s: listed %v, the quick test says %v", seat, m, s.g, want, !want)
					}
				}
			}
		}
	}
}
