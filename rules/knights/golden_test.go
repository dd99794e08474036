package knights

import (
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

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
	var got strings.Builder
	for players := 2; players <= 6; players++ {
		for seed := range uint64(30) {
			fmt.Fprintf(&got, "%dp seed %d %016x\n", players, seed, playoutDigest(t, players, seed))
		}
	}
	if *update {
		require.NoError(t, os.WriteFile(goldenPlayouts, []byte(got.String()), 0o644))
	}
	want, err := os.ReadFile(goldenPlayouts)
	require.NoError(t, err)
	require.Equal(t, string(want), got.String())
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
				seat := s.ToAct(nil)[0]
				buf = s.Actions(seat, buf[:0])
				require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
			}
		}
	}
}
