package scorpion

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// refChoices is the listing Choices made before it checked candidates in
// a dry run: every candidate applied to a scratch copy of the game, kept
// when the copy accepts it. It stays here as the reference the generator
// is held to.
func (g *Game) refChoices(r Role) []string {
	var out []string
	var trial Game
	for _, c := range g.candidates(r) {
		a, err := ParseAction(c)
		if err != nil {
			continue
		}
		if g.cloneInto(&trial); trial.apply(r, a) == nil && !slices.Contains(out, a.String()) {
			out = append(out, a.String())
		}
	}
	return out
}

// cloneInto makes c an independent copy of g like Clone, reusing c's maps
// and slices: trying many commands on one scratch game allocates little.
// Only the listeners of a pending question stay shared, as nothing
// changes them in place.
func (g *Game) cloneInto(c *Game) {
	old := *c
	*c = *g
	c.figs = append(old.figs[:0], g.figs...)
	c.facing = copyMap(old.facing, g.facing)
	c.came = copyMap(old.came, g.came)
	c.sleeping = copyMap(old.sleeping, g.sleeping)
	c.hidden = copyMap(old.hidden, g.hidden)
	c.found = copyMap(old.found, g.found)
	c.ropes = copyMap(old.ropes, g.ropes)
	c.pending = append(old.pending[:0], g.pending...)
	c.events = old.events[:0]
	c.hands = old.hands
	if c.hands == nil {
		c.hands = map[Role]*hand{}
	}
	for r, h := range g.hands {
		d := c.hands[r]
		if d == nil {
			d = &hand{}
			c.hands[r] = d
		}
		d.Hand, d.Deck = copyMap(d.Hand, h.Hand), copyMap(d.Deck, h.Deck)
		d.Discard, d.Drawn = copyMap(d.Discard, h.Discard), copyMap(d.Drawn, h.Drawn)
	}
	for i := range c.in {
		x := &old.in[i]
		c.in[i].Hand, c.in[i].Chosen = copyMap(x.Hand, g.in[i].Hand), copyMap(x.Chosen, g.in[i].Chosen)
		c.in[i].WoundBy = append(x.WoundBy[:0], g.in[i].WoundBy...)
		c.in[i].Visited = append(x.Visited[:0], g.in[i].Visited...)
	}
}

// copyMap copies src into dst, cleared, and returns it; nil stays nil.
func copyMap[K comparable, V any](dst, src map[K]V) map[K]V {
	if src == nil {
		return nil
	}
	if dst == nil {
		return maps.Clone(src)
	}
	clear(dst)
	maps.Copy(dst, src)
	return dst
}

// TestChoicesMatchTheReference plays random games and, at sampled steps,
// lists every role's choices both ways: the dry-run generator lists
// exactly what the try-every-candidate reference accepts, in the same
// order, listing changes nothing in the game, and every listed play is
// accepted by the checked Apply a typed command goes through. A refused
// candidate leaves the game as it was, though Apply no longer copies it.
func TestChoicesMatchTheReference(t *testing.T) {
	games := sweep.Count(t, 12, 200)
	checked := 0
	for seed := range uint64(games) {
		rng := rand.New(rand.NewPCG(seed, 11))
		randomGame(t, 1+int(seed%2), seed, func(g *Game, _ []Event) {
			if !sweep.Every(rng.IntN(1<<20), 3, 0) {
				return
			}
			before, err := g.Snapshot()
			require.NoError(t, err)
			for _, r := range []Role{RoleGuard, RoleSword, RoleSpear, RoleNinja, RoleTraitor} {
				got := g.Choices(r)
				require.Equal(t, g.refChoices(r), got, "seed %d, %s in %s, turn %d", seed, r, g.phase, g.turn)
				after, err := g.Snapshot()
				require.NoError(t, err)
				require.True(t, bytes.Equal(before, after), "seed %d: listing %s's choices changed the game", seed, r)
				fresh, err := g.Clone().Snapshot()
				require.NoError(t, err)
				for _, c := range g.candidates(r) {
					a, err := ParseAction(c)
					require.NoError(t, err)
					trial := g.Clone()
					_, err = trial.Apply(r, a)
					require.Equal(t, slices.Contains(got, c), err == nil, "seed %d: %s %q: %v", seed, r, c, err)
					if err != nil {
						snap, serr := trial.Snapshot()
						require.NoError(t, serr)
						require.True(t, bytes.Equal(fresh, snap), "seed %d: the refused %s %q changed the game", seed, r, c)
					}
				}
				checked++
			}
		})
	}
	require.Greater(t, checked, 100)
}

// refActions and refAct are the engine-interface path as it was: the
// listing by trial, and a copy of the game for every applied play.
func refActions(s *State, seat rules.Seat, buf []Play) []Play {
	r, _ := s.Role(seat)
	for _, c := range s.g.refChoices(r) {
		if s.g.phase == PhaseSetup && c != "random" && c != "ready" {
			continue
		}
		buf = append(buf, Play(c))
	}
	return buf
}

func refAct(s *State, seat rules.Seat, p Play) error {
	_ = s.g.Clone()
	return s.Act(seat, p)
}

// playout plays uniformly random listed plays to the end, listing and
// applying with the functions given, and returns the number of plays.
func playout(tb testing.TB, s *State, r *rand.Rand, buf []Play,
	actions func(*State, rules.Seat, []Play) []Play, act func(*State, rules.Seat, Play) error) (int, []Play) {
	var seats [4]rules.Seat
	n := 0
	for !s.Over() {
		to := s.ToAct(seats[:0])
		seat := to[r.IntN(len(to))]
		buf = actions(s, seat, buf[:0])
		if len(buf) == 0 {
			tb.Fatalf("seat %s has nothing to do", seat)
		}
		if err := act(s, seat, buf[r.IntN(len(buf))]); err != nil {
			tb.Fatal(err)
		}
		n++
	}
	return n, buf
}

// BenchmarkPlayouts plays random games from the start through the engine
// interface, the reference path and the generator taking turns game by
// game (same seeds), so that a busy machine slows both alike. It reports
// both rates, their ratio, the generator's allocations per play and the
// time of a Clone (the copy a search makes) in mid-game.
func BenchmarkPlayouts(b *testing.B) {
	var ref, fast time.Duration
	var moves, refMoves int
	var mallocs uint64
	var ms runtime.MemStats
	buf := make([]Play, 0, 1024)
	seed := uint64(0)
	newActions := func(s *State, seat rules.Seat, buf []Play) []Play { return s.Actions(seat, buf) }
	newAct := func(s *State, seat rules.Seat, p Play) error { return s.Act(seat, p) }
	for b.Loop() {
		seed++
		for _, old := range []bool{seed%2 == 0, seed%2 != 0} {
			s := newState(b, 1+int(seed%2), seed)
			r := rand.New(rand.NewPCG(seed, 5))
			start := time.Now()
			if old {
				var n int
				n, buf = playout(b, s, r, buf, refActions, refAct)
				ref += time.Since(start)
				refMoves += n
				continue
			}
			runtime.ReadMemStats(&ms)
			m0 := ms.Mallocs
			start = time.Now()
			var n int
			n, buf = playout(b, s, r, buf, newActions, newAct)
			fast += time.Since(start)
			runtime.ReadMemStats(&ms)
			mallocs += ms.Mallocs - m0
			moves += n
		}
	}
	games := float64(b.N)
	b.ReportMetric(games/fast.Seconds(), "playouts/s")
	b.ReportMetric(games/ref.Seconds(), "ref-playouts/s")
	b.ReportMetric(ref.Seconds()/fast.Seconds(), "speedup")
	b.ReportMetric(float64(mallocs)/float64(moves), "allocs/play")
	b.ReportMetric(float64(moves)/games, "plays/game")
	s := midGame(b, 1, 7, 60)
	const clones = 2000
	start := time.Now()
	for range clones {
		_ = s.Clone()
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/clones, "clone-ns")
}
