package blind

import (
	"math/bits"
	"math/rand/v2"

	"github.com/ninjakit/ninjakit/rules"
)

// weights is how likely each place is: a weight per place, facing f and
// square bit i (row*8+col) at f*64+i, zero exactly where places has no bit.
type weights [4 * 64]float64

func weighOf(p places) weights {
	var w weights
	for f := range p {
		for m := p[f]; m != 0; m &= m - 1 {
			w[f*64+bits.TrailingZeros64(m)] = 1
		}
	}
	return w
}

// aheadTable is, for each place of a grid (as weights indexes them), the
// square one step ahead, or -1 off the grid.
type aheadTable [4 * 64]int8

func aheadOf(g Grid) *aheadTable {
	var a aheadTable
	for x := range a {
		q := Square{Col: x % 64 % 8, Row: x % 64 / 8}
		a[x] = -1
		if n := q.Ahead(Facing(x / 64)); g.On(q) && g.On(n) {
			a[x] = int8(n.Row*8 + n.Col)
		}
	}
	return &a
}

// step is where a ninja that gave one silent order may be, each order it
// could give being equally likely: stand, a turn to each other facing, or a
// move one square ahead where the grid goes on.
func (w *weights) step(ahead *aheadTable) {
	var n weights
	for x, m := range w {
		if m == 0 {
			continue
		}
		i := x % 64
		share := m / 4
		if a := ahead[x]; a >= 0 {
			share = m / 5
			n[x-i+int(a)] += share
		}
		n[i] += share
		n[64+i] += share
		n[128+i] += share
		n[192+i] += share
	}
	*w = n
}

// clear takes square bit i away and returns the weight that was on it.
func (w *weights) clear(i int) float64 {
	m := w.on(i)
	w[i], w[64+i], w[128+i], w[192+i] = 0, 0, 0, 0
	return m
}

// keep zeroes every place outside p and returns the weight left.
func (w *weights) keep(p places) float64 {
	sum := 0.0
	for x := range w {
		if p[x/64]&(1<<(x%64)) == 0 {
			w[x] = 0
		}
		sum += w[x]
	}
	return sum
}

// on is the weight of places on square bit i.
func (w *weights) on(i int) float64 { return w[i] + w[64+i] + w[128+i] + w[192+i] }

// in is the weight of places in p.
func (w *weights) in(p places) float64 {
	sum := 0.0
	for f := range p {
		for m := p[f]; m != 0; m &= m - 1 {
			sum += w[f*64+bits.TrailingZeros64(m)]
		}
	}
	return sum
}

func (w *weights) scale(by float64) {
	for x := range w {
		w[x] *= by
	}
}

// pick draws a place in proportion to its weight; total is their sum.
func (w *weights) pick(r *rand.Rand, total float64) (Square, Facing) {
	x := pickMass(r, w[:], total)
	return Square{Col: x % 64 % 8, Row: x % 64 / 8}, Facing(x / 64)
}

// likelyNinja is one hidden ninja as a likely draw tracks it.
type likelyNinja struct {
	w     weights
	total float64
	alive bool
	slain Square
}

// likelySeat is one way seat j's history may have gone (who made each
// slash, who fell to each grunt), with how likely each ninja's place is
// now.
type likelySeat struct {
	t     [Ninjas]likelyNinja
	moved bool
}

// everywhere is every place.
var everywhere = places{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

// beliefParticles is how many histories a belief keeps for each hidden
// seat.
const beliefParticles = 16

// Belief is what seat may make of the other players' grids, worked out once
// for a search (ruling E-12): a draw of its samples. Where Determinize draws
// each hidden ninja uniformly from the places it may have reached, this
// follows every silent order as equally likely, so a ninja heard slashing a
// few turns ago is most likely still near where it slashed from; the places
// it may stand on are the same. Only with three or four players, on the 8 by
// 8 grid, where the uniform draw spreads a ninja over the whole room; with
// two it is Determinize. Each draw picks one of beliefParticles histories a
// hidden seat and draws its ninjas' places by their weights.
func (s *State) Belief(seat rules.Seat, r *rand.Rand) func(*rand.Rand) *State {
	if s.g.stage == StageOver || len(s.g.players) <= 2 {
		return func(r *rand.Rand) *State { return s.Determinize(seat, r) }
	}
	ahead := aheadOf(s.g.grid)
	hidden := make([][]likelySeat, len(s.g.players))
	for j := range s.g.players {
		if rules.Seat(j) == seat || !s.g.players[j].Placed {
			continue
		}
		for range beliefParticles {
			hidden[j] = append(hidden[j], s.g.likelySeat(rules.Seat(j), r, ahead))
		}
	}
	return func(r *rand.Rand) *State {
		c := s.Clone()
		for j, ps := range hidden {
			if len(ps) == 0 {
				continue
			}
			out, ok := ps[r.IntN(len(ps))].draw(r)
			if !ok {
				out = s.g.sampleSeat(rules.Seat(j), r)
			}
			c.g.players[j].Ninjas = out
		}
		return c
	}
}

// draw places p's ninjas by their weights, again until no two share a
// square and, before their first orders, until they are numbered in label
// order (W-6); false if 256 tries found none.
func (p *likelySeat) draw(r *rand.Rand) ([Ninjas]ninja, bool) {
	var out [Ninjas]ninja
	for range 256 {
		var used uint64
		clash := false
		for k := range p.t {
			x := &p.t[k]
			if !x.alive {
				out[k] = ninja{At: x.slain}
				continue
			}
			q, f := x.w.pick(r, x.total)
			out[k] = ninja{At: q, Face: f, Alive: true}
			clash = clash || used&bitOf(q) != 0
			used |= bitOf(q)
		}
		for k := 1; k < Ninjas && !p.moved; k++ {
			clash = clash || !out[k-1].At.less(out[k].At)
		}
		if !clash {
			return out, true
		}
	}
	return out, false
}

// likelySeat follows trySeat's steps with weights in place of sets: each
// slash is given to one of the ninjas that may have made it, and each grunt
// to one that may have fallen, in proportion to how likely each was there.
// The weights are positive exactly where trySeat's sets have places, so it
// fails where trySeat fails, and is tried again.
func (g *Game) likelySeat(j rules.Seat, r *rand.Rand, ahead *aheadTable) likelySeat {
	for {
		if p, ok := g.tryLikely(j, r, ahead); ok {
			return p
		}
	}
}

func (g *Game) tryLikely(j rules.Seat, r *rand.Rand, ahead *aheadTable) (likelySeat, bool) {
	var p likelySeat
	t := &p.t
	side := Side(len(g.players), int(j))
	edge := g.grid.Edge(side)
	face := side.Opposite()
	for k := range t {
		var start places
		for i := k; i <= k+len(edge)-Ninjas; i++ {
			start[face] |= bitOf(edge[i])
		}
		t[k] = likelyNinja{w: weighOf(start), alive: true}
		t[k].total = t[k].w.in(start)
	}
	ok := g.eachTurn(func(actor rules.Seat, now []Heard) bool {
		var slasher [Ninjas]int
		if actor == j {
			p.moved = true
			var busy [Ninjas]bool
			for i, h := range now {
				aim := facing(g.grid, h.Square)
				var mass [Ninjas]float64
				sum := 0.0
				for k := range t {
					if t[k].alive && !busy[k] {
						mass[k] = t[k].w.in(aim)
						sum += mass[k]
					}
				}
				if sum == 0 {
					return false
				}
				slasher[i] = pickMass(r, mass[:], sum)
				busy[slasher[i]] = true
			}
			for k := range t {
				if t[k].alive && !busy[k] {
					t[k].w.step(ahead)
				}
			}
			for i, h := range now {
				k := slasher[i]
				t[k].total = t[k].w.keep(facing(g.grid, h.Square))
			}
		}
		for i, h := range now {
			at := h.Square.Row*8 + h.Square.Col
			switch h.Sounds[j] {
			case Swish:
				for k := range t {
					t[k].total -= t[k].w.clear(at)
				}
			case Grunt:
				var mass [Ninjas]float64
				sum := 0.0
				for k := range t {
					if t[k].alive && !(actor == j && slashesLater(slasher[:len(now)], i, k)) {
						mass[k] = t[k].w.on(at)
						sum += mass[k]
					}
				}
				if sum == 0 {
					return false
				}
				v := pickMass(r, mass[:], sum)
				t[v].alive, t[v].slain = false, h.Square
				for k := range t {
					t[k].total -= t[k].w.clear(at)
				}
			}
		}
		for k := range t {
			if !t[k].alive || t[k].total > 1e-9 {
				continue
			}
			// A step keeps the weight and a sound takes some away, so the
			// running total drifts only by rounding: summed again once it
			// is small, and scaled back up before a long game underflows.
			if t[k].total = t[k].w.in(everywhere); t[k].total == 0 {
				return false
			}
			t[k].w.scale(1 / t[k].total)
			t[k].total = 1
		}
		return true
	})
	return p, ok
}

// pickMass draws an index in proportion to mass; sum is its total.
func pickMass(r *rand.Rand, mass []float64, sum float64) int {
	x := r.Float64() * sum
	last := 0
	for k, m := range mass {
		if m == 0 {
			continue
		}
		last = k
		if x < m {
			return k
		}
		x -= m
	}
	return last
}
