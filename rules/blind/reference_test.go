package blind

import (
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// refPlay and refActions are the engine's listing as it was before plays
// were packed into eight bytes: the straightforward reference the fast
// listing is checked against.
type refPlay struct {
	Seat   rules.Seat
	Start  bool
	Edge   uint8
	N      uint8
	Orders [Ninjas]Order
}

func (p refPlay) action(g Grid, players int) Action {
	a := Action{Seat: p.Seat}
	if p.Start {
		a.Kind = ActStart
		for i, q := range g.Edge(Side(players, int(p.Seat))) {
			if p.Edge&(1<<i) != 0 {
				a.Squares = append(a.Squares, q)
			}
		}
		return a
	}
	a.Kind = ActOrders
	a.Orders = append([]Order(nil), p.Orders[:p.N]...)
	return a
}

func refActions(g *Game, seat rules.Seat, buf []refPlay) []refPlay {
	if int(seat) < 0 || int(seat) >= len(g.players) {
		return buf
	}
	switch {
	case g.stage == StageStart && !g.players[seat].Placed:
		for m := range 256 {
			if bits.OnesCount8(uint8(m)) == Ninjas {
				buf = append(buf, refPlay{Seat: seat, Start: true, Edge: uint8(m)})
			}
		}
		return buf
	case g.stage != StagePlay || seat != g.toAct:
		return buf
	}
	p := &g.players[seat]
	var choices [Ninjas][7]Order
	var counts [Ninjas]int
	movable := 0 // the ninjas that can step ahead
	for k, n := range p.Ninjas {
		if !n.Alive {
			continue
		}
		c := choices[k][:0]
		ahead := g.grid.On(n.At.Ahead(n.Face))
		if ahead {
			c = append(c, Order{Ninja: k + 1, Kind: Move})
			movable |= 1 << k
		}
		c = append(c, Order{Ninja: k + 1, Kind: Stand})
		for f := North; f <= West; f++ {
			if f != n.Face {
				c = append(c, Order{Ninja: k + 1, Kind: Turn, Face: f})
			}
		}
		if ahead {
			c = append(c, Order{Ninja: k + 1, Kind: Slash})
		}
		counts[k] = len(c)
	}
	// Whether a set of orders breaks W-7 depends only on which ninjas
	// step, so each of the 16 sets of steppers is judged once.
	var fine [1 << Ninjas]bool
	fine[0] = true
	for m := 1; m < 1<<Ninjas; m++ {
		if m&^movable != 0 {
			continue // never asked: a ninja in m cannot step
		}
		var steps [Ninjas]Order
		n := 0
		for k := range Ninjas {
			if m&(1<<k) != 0 {
				steps[n] = Order{Ninja: k + 1, Kind: Move}
				n++
			}
		}
		fine[m] = stepClash(p, steps[:n]).kind == 0
	}
	var alive [Ninjas]int // the ninjas taking orders
	na, total := 0, 1
	for k := range Ninjas {
		if counts[k] > 0 {
			alive[na] = k
			na++
			total *= counts[k]
		}
	}
	if na == 0 {
		return append(buf, refPlay{Seat: seat})
	}
	buf = slices.Grow(buf, total)
	// The first ninja's order changes fastest. For each choice of the
	// others, their orders are laid out once: silent ones, then slashes,
	// with a slot for the first ninja's order at the head of its group.
	first := alive[0]
	var pick [Ninjas]int
	for {
		silent, slash := refPlay{Seat: seat}, refPlay{Seat: seat}
		var slashes [Ninjas]Order
		quiet, loud, steps := 0, 0, 0
		for _, k := range alive[1:na] {
			o := choices[k][pick[k]]
			if o.Kind == Slash {
				slashes[loud] = o
				loud++
				continue
			}
			quiet++
			silent.Orders[quiet] = o
			slash.Orders[quiet-1] = o
			if o.Kind == Move {
				steps |= 1 << k
			}
		}
		for x, o := range slashes[:loud] {
			silent.Orders[quiet+1+x] = o
			slash.Orders[quiet+1+x] = o
		}
		silent.N = uint8(1 + quiet + loud)
		slash.N = silent.N
		for _, o := range choices[first][:counts[first]] {
			mask := steps
			if o.Kind == Move {
				mask |= 1 << first
			}
			if !fine[mask] {
				continue
			}
			// Written in place: the buffer has room for every set.
			i := len(buf)
			buf = buf[:i+1]
			if o.Kind == Slash {
				buf[i] = slash
				buf[i].Orders[quiet] = o
			} else {
				buf[i] = silent
				buf[i].Orders[0] = o
			}
		}
		j := 1
		for ; j < na; j++ {
			k := alive[j]
			if pick[k]++; pick[k] < counts[k] {
				break
			}
			pick[k] = 0
		}
		if j == na {
			return buf
		}
	}
}

// TestActionsMatchTheReference plays random games through Act and checks,
// at every step, that the packed listing names the reference's plays in
// the same order, and that Act leaves the game exactly as Apply of the same
// action does: position and slashes heard, and the events of the action in
// a state that keeps them.
func TestActionsMatchTheReference(t *testing.T) {
	r := rules.NewRand(21, "blind-reference")
	var buf []Play
	var ref []refPlay
	for game := range sweep.Count(t, 20, 600) {
		players := 2 + game%3
		s := newState(t, players, 5+game%40)
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			buf = s.Actions(seat, buf[:0])
			ref = refActions(s.g, seat, ref[:0])
			require.Len(t, buf, len(ref))
			for i, a := range buf {
				require.Equal(t, ref[i].action(s.g.grid, players), a.Action(s.g.grid, players))
			}
			a := buf[r.IntN(len(buf))]
			old := s.g.Clone()
			require.NoError(t, old.Apply(a.Action(s.g.grid, players)))
			loud := &State{g: s.g.Clone()} // a state that keeps the events
			require.NoError(t, loud.Act(seat, a))
			require.Equal(t, old.Events(), loud.g.Events())
			require.NoError(t, s.Act(seat, a))
			require.Empty(t, s.g.Events())
			require.Equal(t, old.Position(), s.g.Position())
			require.Equal(t, old.Heard(), s.g.Heard())
		}
	}
}

// TestActRefusesAsApply: orders Act refuses read exactly as Apply's refusal
// and change nothing, and orders it takes do what Apply does; the plays
// tried are random orders for random ninjas, most of them illegal, half of
// them in the usual order, given to a state that has just listed its plays
// (Act then judges from the listing) or not.
func TestActRefusesAsApply(t *testing.T) {
	r := rules.NewRand(22, "blind-refusals")
	var buf []Play
	refused, trusted := 0, 0
	for game := range 80 {
		players := 2 + game%3
		s := newState(t, players, 30)
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			if s.g.stage == StagePlay {
				a := Action{Kind: ActOrders, Seat: seat}
				for range 1 + r.IntN(Ninjas) {
					o := Order{Ninja: r.IntN(6), Kind: Kind(r.IntN(4))}
					if o.Kind == Turn {
						o.Face = Facing(r.IntN(4))
					}
					a.Orders = append(a.Orders, o)
				}
				if r.IntN(2) == 0 {
					// The usual order: one order for each living ninja
					// (or a random one missing), silent ones first.
					var usual []Order
					for _, k := range s.g.Living(seat) {
						if r.IntN(12) == 0 {
							continue
						}
						o := Order{Ninja: k, Kind: Kind(r.IntN(4))}
						if o.Kind == Turn {
							o.Face = Facing(r.IntN(4))
						}
						usual = append(usual, o)
					}
					slices.SortStableFunc(usual, func(x, y Order) int { return b2i(x.Kind == Slash) - b2i(y.Kind == Slash) })
					if len(usual) > 0 {
						a.Orders = usual
					}
				}
				if r.IntN(2) == 0 {
					buf = s.Actions(seat, buf[:0])
					trusted++
				}
				p, err := s.ParseAction(seat, a.String())
				require.NoError(t, err, a.String())
				before := s.g.Position()
				ref := s.g.Clone()
				want := ref.Apply(a)
				got := s.Act(seat, p)
				require.Equal(t, want, got, a.String())
				require.Equal(t, ref.Position(), s.g.Position(), a.String())
				require.Equal(t, ref.Heard(), s.g.Heard(), a.String())
				if got != nil {
					refused++
					require.Equal(t, before, s.g.Position())
				}
			}
			if !s.Over() {
				buf = randomAct(t, s, r, buf)
			}
		}
	}
	require.Greater(t, refused, 100)
	require.Greater(t, trusted, 100)
}

// refPlayout plays a random game as the engine did before plays were
// packed: the reference listing, and every play through Apply.
func refPlayout(tb testing.TB, g *Game, r *rand.Rand, buf []refPlay) (int, []refPlay) {
	n := 0
	for g.stage != StageOver {
		seat := (&State{g: g}).ToAct(nil)[0]
		buf = refActions(g, seat, buf[:0])
		if err := g.Apply(buf[r.IntN(len(buf))].action(g.grid, len(g.players))); err != nil {
			tb.Fatal(err)
		}
		n++
	}
	return n, buf
}

// BenchmarkPlayoutAgainstReference plays random 3-player games the old way
// and through the engine, taking turns game by game on the same seeds, and
// times each on the thread's CPU clock, so that both see the same load and
// neither is charged for time the machine gave to others: the ratio is the
// speed-up.
func BenchmarkPlayoutAgainstReference(b *testing.B) {
	buf := make([]Play, 0, 4096)
	againstReference(b, func(s *State, r *rand.Rand) (int, error) {
		n, out, err := rules.RandomPlayout(s, r, buf, 1<<20)
		buf = out
		return n, err
	})
}

// BenchmarkPlaysAgainstReference is BenchmarkPlayoutAgainstReference with
// the engine's games drawn from Plays instead of listings.
func BenchmarkPlaysAgainstReference(b *testing.B) {
	againstReference(b, func(s *State, r *rand.Rand) (int, error) {
		return s.RandomPlayout(r, 1<<20)
	})
}

func againstReference(b *testing.B, playout func(*State, *rand.Rand) (int, error)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var ref []refPlay
	var old, fast time.Duration
	for seed := uint64(0); b.Loop(); seed++ {
		g, err := NewGame(Options{Players: 3, Turns: 30})
		if err != nil {
			b.Fatal(err)
		}
		start := threadTime(b)
		n, out := refPlayout(b, g.Clone(), rand.New(rand.NewPCG(seed, 2)), ref)
		mid := threadTime(b)
		m, err := playout(NewState(g), rand.New(rand.NewPCG(seed, 2)))
		if err != nil || m != n {
			b.Fatalf("seed %d: %d plays against the reference's %d (%v)", seed, m, n, err)
		}
		fast += threadTime(b) - mid
		old += mid - start
		ref = out
	}
	b.ReportMetric(float64(b.N)/old.Seconds(), "old-games/s")
	b.ReportMetric(float64(b.N)/fast.Seconds(), "games/s")
	b.ReportMetric(old.Seconds()/fast.Seconds(), "speedup")
}

// TestPlaysMatchActions: in random games, at every turn and for every
// seat, Plays counts and reads by index exactly the list Actions makes,
// in positions where W-7 forbids some sets of steps too.
func TestPlaysMatchActions(t *testing.T) {
	r := rules.NewRand(24, "blind-plays")
	var buf []Play
	var ps Plays // one for the whole game, as a playout keeps one
	crowded := 0
	for game := range sweep.Count(t, 20, 600) {
		players := 2 + game%3
		s := newState(t, players, 5+game%40)
		for !s.Over() {
			for seat := range rules.Seat(players + 1) {
				buf = s.Actions(seat, buf[:0])
				s.Plays(seat, &ps)
				require.Equal(t, len(buf), ps.Len())
				for i, a := range buf {
					require.Equal(t, a, ps.At(i), "play %d of %d", i, len(buf))
				}
				if ps.l.fine != everySet && len(buf) > 0 {
					crowded++
				}
			}
			buf = randomAct(t, s, r, buf)
		}
	}
	require.Greater(t, crowded, 50)
}

// TestRandomPlayoutMatchesRules: State.RandomPlayout plays the games
// rules.RandomPlayout plays from the same random numbers.
func TestRandomPlayoutMatchesRules(t *testing.T) {
	for seed := range uint64(sweep.Count(t, 100, 1000)) {
		players := 2 + int(seed%3)
		a, b := newState(t, players, int(seed%40)), newState(t, players, int(seed%40))
		n, _, err := rules.RandomPlayout(a, rand.New(rand.NewPCG(seed, 3)), nil, 200)
		require.NoError(t, err)
		m, err := b.RandomPlayout(rand.New(rand.NewPCG(seed, 3)), 200)
		require.NoError(t, err)
		require.Equal(t, n, m)
		require.Equal(t, a.g.Position(), b.g.Position())
		require.Equal(t, a.g.Heard(), b.g.Heard())
	}
}

// TestStepSetsMatchStepClash: on random positions, stepSets judges every
// set of steppers as stepClash does.
func TestStepSetsMatchStepClash(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 1))
	grid := Grid{Cols: 4, Rows: 4} // small, so that ninjas crowd and clash
	clashes := 0
	for range 20000 {
		var p player
		used := map[Square]bool{}
		movable := 0
		for k := range p.Ninjas {
			q := Square{r.IntN(grid.Cols), r.IntN(grid.Rows)}
			n := ninja{At: q, Face: Facing(r.IntN(4)), Alive: !used[q] && r.IntN(6) > 0}
			if n.Alive {
				used[q] = true
				if grid.On(n.At.Ahead(n.Face)) {
					movable |= 1 << k
				}
			}
			p.Ninjas[k] = n
		}
		fine := stepSets(&p, movable)
		for m := range 1 << Ninjas {
			if m&^movable != 0 {
				continue
			}
			var steps []Order
			for k := range Ninjas {
				if m&(1<<k) != 0 {
					steps = append(steps, Order{Ninja: k + 1, Kind: Move})
				}
			}
			want := stepClash(&p, steps).kind == 0
			require.Equal(t, want, fine&(1<<m) != 0, "%+v steps %v", p, steps)
			if !want {
				clashes++
			}
		}
	}
	require.Greater(t, clashes, 1000)
}

// TestStateGameKeepsEvents: the engine's own game keeps no event log, but
// the game a state hands out does, as Apply always has.
func TestStateGameKeepsEvents(t *testing.T) {
	s := newState(t, 2, 0)
	a, err := s.ParseAction(0, "1 orders 1:m 2:t:e 3:s 4:x")
	require.NoError(t, err)
	g := s.Game()
	require.NoError(t, s.Act(0, a))
	require.Empty(t, s.g.Events())
	require.NoError(t, g.Apply(a.Action(g.Grid(), 2)))
	require.NotEmpty(t, g.Events())
	require.Equal(t, g.Position(), s.g.Position())
}

// TestPackOrdersReadsBack: any orders a play holds read back as given,
// kept by ninja exactly when they are in the usual order (each ninja 1-4
// once, silent ones in ninja order, then slashes in ninja order).
func TestPackOrdersReadsBack(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 1))
	usual := 0
	for range 20000 {
		var given []Order
		for range 1 + r.IntN(Ninjas) {
			o := Order{Ninja: r.IntN(10), Kind: Kind(r.IntN(4))}
			if r.IntN(3) > 0 {
				o.Ninja = 1 + r.IntN(Ninjas)
			}
			if o.Kind == Turn {
				o.Face = Facing(r.IntN(4))
			}
			given = append(given, o)
		}
		want := true
		seen, last, slashing := map[int]bool{}, 0, false
		for _, o := range given {
			if o.Kind == Slash && !slashing {
				slashing, last = true, 0
			}
			if o.Ninja < 1 || o.Ninja > Ninjas || seen[o.Ninja] || o.Ninja <= last || slashing && o.Kind != Slash {
				want = false
			}
			seen[o.Ninja], last = true, o.Ninja
		}
		p := packOrders(2, given)
		o, n := p.Orders()
		require.Equal(t, given, o[:n])
		require.Equal(t, want, p.usual(), "%v", given)
		require.Equal(t, rules.Seat(2), p.Seat())
		require.False(t, p.Start())
		if want {
			usual++
		}
	}
	require.Greater(t, usual, 1000)
}
