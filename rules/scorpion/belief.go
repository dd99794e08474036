package scorpion

import (
	"math"
	"math/rand/v2"
	"sort"

	"github.com/ninjakit/ninjakit/rules"
)

// belief is where the guards expect each hidden intruder to be after the
// intruders' phase of turn: a weight for every (zone, zones moved) pair,
// carried from turn to turn by a forward filter (ruling E-9). Each turn
// the last belief, cut down to the pairs the record still allows, gives
// where he set out from, and the motion model spreads that over where he
// may have gone. It reads only the public record, the guard figures, the
// zones searched or found and the missions announced done. Made once a
// turn on the state the table plays (never on a determinization) and
// never changed after: states share it by pointer, so Clone still copies
// plainly and playouts pay nothing.
type belief struct {
	turn int
	w    [2][4][]float64
}

// The motion model: an intruder's chance of ending his move at a pair
// (zone, zones moved) he can walk to from where he stood goes as
// exp(gain x zones gained towards his goal + moved[zones moved] + climb
// if the last step crossed a wall + guarded if the walk must go into an
// awake guard's zone + atGoal if he ends at his goal). His goal is the
// nearest hiding zone no search has ruled out while his mission is open,
// the nearest edge zone once it is done, counted in steps through doors
// and over walls. Walks go through doors and may end with a step over a
// wall while a rope may be his (a rope ends the move); the passage is
// left to beliefMix. Fitted on easy bots' games (TestScorpionFitMotion,
// NINJAKIT_FIT_MOTION=200: 3,725 moves).
var (
	motionGain    = [2]float64{0.606, 0.850} // looking, done
	motionMoved   = [4]float64{0, 0.073, -1.402, -1.844}
	motionClimb   = 0.028
	motionGuarded = -0.184
	motionAtGoal  = [2]float64{1.461, 0.984}
)

// beliefMix is the share of every pair's weight the model leaves to the
// record's uniform draw, for the moves it cannot foresee (ropes, the
// passage, a walk past a guard, a bot of another kind).
const beliefMix = 0.05

// current is the belief that holds for the game as it stands, or nil.
func (s *State) current() *belief {
	b, g := s.bel, s.g
	switch {
	case b == nil:
		return nil
	case g.phase == PhaseIntruders && g.turn == b.turn,
		g.phase > PhaseSetup && g.phase < PhaseIntruders && g.turn == b.turn+1:
		return b
	}
	return nil
}

// weight is intruder i's weight for the pair (z, m) under bel: the
// model's share and an even share of the rest, so that nothing the record
// allows is ruled out.
func (bel *belief) weight(b *board, i, m, z int) float64 {
	return (1-beliefMix)*bel.w[i][m][z] + beliefMix/float64(4*len(b.ids))
}

// predict is the belief for the intruders' phase about to be played,
// from the record as the guards' turn left it (before turnOver merges the
// zones moved) and the belief made a turn ago.
func (s *State) predict() *belief {
	g, b, k := s.g, s.b, &s.k
	prev := s.bel
	if prev != nil && prev.turn != g.turn-1 {
		prev = nil
	}
	nb := &belief{turn: g.turn}
	awake := s.awakeZones()
	from := make([]float64, len(b.ids))
	for i := range g.in {
		in := &g.in[i]
		clear(from)
		switch {
		case in.Return:
			start := b.ninja
			if i == 1 {
				start = b.traitor
			}
			start.each(func(z int) { from[z] = 1 })
		case in.onBoard():
			ok := b.all()
			if !in.Revealed {
				if calm := ok.without(awake); len(k.pairs(i, calm)) > 0 {
					ok = calm
				}
			}
			for m, zs := range k.at[i] {
				zs.and(ok).each(func(z int) {
					w := 1.0
					if prev != nil && prev.w[i][0] != nil {
						w = prev.weight(b, i, m, z)
					}
					from[z] += w
				})
			}
		default:
			continue
		}
		for m := range nb.w[i] {
			nb.w[i][m] = make([]float64, len(b.ids))
		}
		s.spread(i, from, awake, &nb.w[i])
	}
	return nb
}

// all is every zone, the passage included.
func (b *board) all() zset {
	var z zset
	for i := range b.ids {
		z.add(i)
	}
	return z
}

// spread adds to w, normalised, where intruder i may end his move from
// each zone of from (weights, summing to anything), as the motion model
// has it.
func (s *State) spread(i int, from []float64, awake zset, w *[4][]float64) {
	g, b := s.g, s.b
	done := 0
	if g.in[i].Done {
		done = 1
	}
	goal := s.goalSteps(g.in[i].Done)
	climb := s.mayClimb(i)
	sum := 0.0
	for z0, p := range from {
		if p == 0 || z0 == b.passage {
			continue
		}
		ps := b.walks(z0, awake, climb)
		// A softmax over the pairs, shifted by its largest score.
		score := make([]float64, len(ps))
		top := math.Inf(-1)
		for j, q := range ps {
			score[j] = motionScore(goal, done, z0, q)
			top = max(top, score[j])
		}
		tot := 0.0
		for j := range ps {
			score[j] = math.Exp(score[j] - top)
			tot += score[j]
		}
		for j, q := range ps {
			x := p * score[j] / tot
			w[q.m][q.z] += x
			sum += x
		}
	}
	if sum == 0 {
		return
	}
	for m := range w {
		for z := range w[m] {
			w[m][z] /= sum
		}
	}
}

// walks is the pairs (zone, zones moved) an intruder at z0 reaches by 0
// to 3 steps through doors, and, when he may climb, with a last step over
// a wall (a rope ends the move), each once, as the model sees it: first
// the walks that keep out of the zones in awake, then those that must go
// into one (a guard put to sleep, killed or slipped past).
func (b *board) walks(z0 int, awake zset, climb bool) (ps []walkPair) {
	var seen [4]zset
	for _, guarded := range []bool{false, true} {
		var walk, over [4]zset
		walk[0].add(z0)
		for m := 1; m < 4; m++ {
			walk[m-1].each(func(z int) {
				walk[m] = walk[m].or(b.near[z])
				if climb {
					over[m] = over[m].or(b.over[z])
				}
			})
			if !guarded {
				walk[m], over[m] = walk[m].without(awake), over[m].without(awake)
			}
		}
		for m := range walk {
			for _, up := range []bool{false, true} {
				zs := walk[m]
				if up {
					zs = over[m]
				}
				zs.without(seen[m]).each(func(z int) { ps = append(ps, walkPair{z, m, up, guarded}) })
				seen[m] = seen[m].or(zs)
			}
		}
	}
	return ps
}

// walkPair is a pair a walk reaches: over a wall last (up), into a
// guard's zone (guarded).
type walkPair struct {
	z, m        int
	up, guarded bool
}

// motionScore is the motion model's log-weight of ending at p from z0,
// goal the steps from each zone to the goal.
func motionScore(goal []int8, done, z0 int, p walkPair) float64 {
	x := motionGain[done]*gain(goal, z0, p.z) + motionMoved[p.m]
	if p.up {
		x += motionClimb
	}
	if p.guarded {
		x += motionGuarded
	}
	if goal[p.z] == 0 {
		x += motionAtGoal[done]
	}
	return x
}

// gain is the steps towards the goal from z0 to z.
func gain(goal []int8, z0, z int) float64 {
	if goal[z0] < 0 || goal[z] < 0 {
		return 0
	}
	return float64(goal[z0] - goal[z])
}

// goalSteps is the steps through doors and over walls from each zone to
// the nearest
// goal of an intruder (-1 where none is reached): an edge zone once his
// mission is done, else a hiding zone no search has ruled out.
func (s *State) goalSteps(done bool) []int8 {
	g, b, k := s.g, s.b, &s.k
	var front zset
	if done {
		front = b.ninja
	} else {
		front = b.hide.without(k.searched)
		for z := range g.found {
			front = front.without(single(b.index[z]))
		}
	}
	out := make([]int8, len(b.ids))
	for i := range out {
		out[i] = -1
	}
	seen := front
	front.each(func(z int) { out[z] = 0 })
	for d := int8(1); !front.empty(); d++ {
		var next zset
		front.each(func(z int) { next = next.or(b.near[z]).or(b.over[z]) })
		next = next.without(seen)
		next.each(func(z int) { out[z] = d })
		seen = seen.or(next)
		front = next
	}
	return out
}

// DeterminizeLikely is Determinize for a bot's own samples: for the
// guards, while a belief holds (E-9), each hidden intruder's pair is
// drawn in proportion to the belief's weight among the very pairs
// Determinize draws from, not uniformly; everything else is drawn as
// Determinize draws it. The sample keeps the belief, so its Redraw for
// the guards draws the same way. For an intruder, or with no belief, it
// is Determinize.
func (s *State) DeterminizeLikely(seat rules.Seat, r *rand.Rand) *State {
	role, ok := s.Role(seat)
	bel := s.current()
	if !ok || role.Side() != Guards || bel == nil {
		return s.Determinize(seat, r)
	}
	c := s.determinize(seat, r, bel)
	c.bel, c.likely = bel, true
	return c
}

// cumulative is the running sum of intruder i's weights under bel over
// opts, nil when bel has none for him (the draw is then uniform).
func (s *State) cumulative(bel *belief, i int, opts []pair) []float64 {
	if bel == nil || bel.w[i][0] == nil || len(opts) == 0 {
		return nil
	}
	cum := make([]float64, len(opts))
	tot := 0.0
	for j, p := range opts {
		tot += bel.weight(s.b, i, p.m, p.z)
		cum[j] = tot
	}
	return cum
}

// pickWeighted is an index into a list of n pairs drawn in proportion to their
// weights (cum, their running sum), uniformly when cum is nil.
func pickWeighted(r *rand.Rand, n int, cum []float64) int {
	if cum == nil {
		return r.IntN(n)
	}
	x := r.Float64() * cum[len(cum)-1]
	return min(len(cum)-1, sort.SearchFloat64s(cum, x))
}
