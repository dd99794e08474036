package bots

import (
	"math"
	"strings"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/scorpion"
)

// Scorpion is Scorpion Clan's heuristic. Both sides read the same tally of
// the intruders' prospects on the determinization (where the intruders
// stand, for the guards, is a sample of what the guards know): each
// intruder gains for every hiding zone he has ruled out for his objective
// (searched, or found holding something else) and a little less for each
// one he passed through this turn and may still search, for his mission
// done and more for getting out with it; he loses for every step between
// him and his goal (a walk through every hiding zone still open, nearest
// first, the zone his objective was found in, or, once his mission is
// done, the way off the map), for each wound, for being seen, for sharing a zone with a sober
// guard and for dying, and both lose as the alert rises. Steps go through
// doors and the intruders' ropes, never over a wall, and a zone a sober
// guard stands in counts as several steps, so the way round it is taken
// when it is not much longer. Only what the intruders know (what the
// searches told) picks the goal, never where a sample put the objective.
// The intruders play up the tally, the guards down. A play is rated by
// playing it on the determinization.
type Scorpion struct {
	ids   []string
	index map[string]int
	// doors are each zone's neighbours not behind a wall, walls the ones
	// behind one (crossed only on a rope).
	doors, walls [][]int
	edge, hide   []bool
	hides        int
	// apart is the number of steps between two zones on an empty board.
	apart [][]int
}

// Heuristic weights, in missions.
const (
	scorpionDone      = 1.0
	scorpionGone      = 2.0
	scorpionStep      = 0.06
	scorpionUrgency   = 8
	scorpionLearnt    = 0.25
	scorpionPending   = 0.2
	scorpionSearchMax = 2
	scorpionWatched   = 3
	scorpionWound     = 0.4
	scorpionSeen      = 0.2
	scorpionDead      = 1.5
	scorpionAlert     = 0.15
	scorpionGuarded   = 0.3
	scorpionOffBoard  = 40
	scorpionRefused   = -100
	scorpionValueGap  = 2.0
	scorpionSetupPlay = "random"
	scorpionCamp      = 0.3
)

// scorpionHunt is the guards' gain for a sober guard 0, 1, 2 and 3 steps
// from an intruder.
var scorpionHunt = [...]float64{0.3, 0.25, 0.15, 0.05}

// NewScorpion is the heuristic for the map of d.
func NewScorpion(d *data.Scorpion) Scorpion {
	h := Scorpion{index: map[string]int{}}
	for i, z := range d.Map.Zones {
		h.ids = append(h.ids, z.ID)
		h.index[z.ID] = i
		h.edge = append(h.edge, z.Edge)
		hide := strings.HasPrefix(z.Region, "castle") && !z.Post
		h.hide = append(h.hide, hide)
		if hide {
			h.hides++
		}
	}
	h.doors = make([][]int, len(h.ids))
	h.walls = make([][]int, len(h.ids))
	for i, id := range h.ids {
		for _, n := range d.Neighbours(id) {
			if d.Wall(id, n) {
				h.walls[i] = append(h.walls[i], h.index[n])
			} else {
				h.doors[i] = append(h.doors[i], h.index[n])
			}
		}
	}
	h.apart = make([][]int, len(h.ids))
	empty := scorpionBoard{watched: make([]bool, len(h.ids))}
	for i := range h.ids {
		h.apart[i] = h.dists(empty, map[int]int{i: 0})
	}
	return h
}

// board is what the routes of one state read: the zones sober guards
// stand in and the ropes over walls.
type scorpionBoard struct {
	watched []bool
	ropes   map[[2]int]bool
}

func (h Scorpion) board(v scorpion.View) scorpionBoard {
	b := scorpionBoard{watched: make([]bool, len(h.ids)), ropes: map[[2]int]bool{}}
	for _, f := range v.Guards {
		if i, ok := h.index[f.Zone]; ok && !f.Drunk {
			b.watched[i] = true
		}
	}
	for _, r := range v.Ropes {
		a, b2 := h.index[r[0]], h.index[r[1]]
		b.ropes[[2]int{a, b2}], b.ropes[[2]int{b2, a}] = true, true
	}
	return b
}

// dists is the number of steps from the zones in from (each with its
// starting cost) to every zone, through doors and ropes, a watched zone
// costing scorpionWatched steps more to enter; scorpionOffBoard where no
// way leads.
func (h Scorpion) dists(b scorpionBoard, from map[int]int) []int {
	dist := make([]int, len(h.ids))
	for i := range dist {
		dist[i] = scorpionOffBoard
	}
	// Steps cost 1 or 1+scorpionWatched: a queue per distance (Dial's
	// Dijkstra) settles each zone once, in order. The queues are lists
	// threaded through one slice (head and next), so a call allocates
	// twice whatever the map.
	var head [scorpionOffBoard]int32
	for i := range head {
		head[i] = -1
	}
	type item struct{ zone, next int32 }
	items := make([]item, 0, 4*len(h.ids))
	push := func(c, z int) {
		items = append(items, item{int32(z), head[c]})
		head[c] = int32(len(items) - 1)
	}
	for i, c := range from {
		if c < dist[i] {
			dist[i] = c
			push(c, i)
		}
	}
	for d := range head {
		for head[d] >= 0 {
			it := items[head[d]]
			head[d] = it.next
			at := int(it.zone)
			if dist[at] != d {
				continue
			}
			step := func(j int) {
				c := d + 1
				if b.watched[j] {
					c += scorpionWatched
				}
				if c < dist[j] {
					dist[j] = c
					push(c, j)
				}
			}
			for _, j := range h.doors[at] {
				step(j)
			}
			for _, j := range h.walls[at] {
				if b.ropes[[2]int{at, j}] {
					step(j)
				}
			}
		}
	}
	return dist
}

// nearest is the least of dist over the zones goal accepts, and that zone
// (-1 when none).
func nearest(dist []int, goal func(int) bool) (int, int) {
	best, at := scorpionOffBoard, -1
	for i, d := range dist {
		if goal(i) && d < best {
			best, at = d, i
		}
	}
	return best, at
}

// tour is the length of the walk that goes from dist's start to the
// nearest zone left and on from each to the nearest one not yet reached
// (an empty board's steps between them): searching one zone then only
// shortens it, where the step to the nearest alone would jump when the
// last zone nearby is ruled out.
func (h Scorpion) tour(dist []int, left []bool) int {
	left = append([]bool(nil), left...)
	d, at := nearest(dist, func(i int) bool { return left[i] })
	if at < 0 {
		return 0
	}
	n := d
	for {
		left[at] = false
		d, next := nearest(h.apart[at], func(i int) bool { return left[i] })
		if next < 0 {
			return n
		}
		n += d
		at = next
	}
}

// start is where an intruder's route begins: his zone, or both ends of
// the secret passage one step on.
func (h Scorpion) start(v scorpion.View, zone string) map[int]int {
	if i, ok := h.index[zone]; ok {
		return map[int]int{i: 0}
	}
	from := map[int]int{}
	for _, e := range v.Passage {
		if i, ok := h.index[e]; ok {
			from[i] = 1
		}
	}
	return from
}

var _ Heuristic[*scorpion.State, scorpion.Play] = Scorpion{}

// Score rates seat's plays. In set-up the only choice is to fill at random
// again or to be ready; the heuristic has no view on a set-up, so it is
// ready as soon as it may be.
func (h Scorpion) Score(s *scorpion.State, seat rules.Seat, plays []scorpion.Play, out []float64) []float64 {
	role, _ := s.Role(seat)
	sign := 1.0
	if role.Side() == scorpion.Guards {
		sign = -1
	}
	if s.Game().Phase() == scorpion.PhaseSetup {
		for _, p := range plays {
			if p == scorpionSetupPlay {
				out = append(out, -1)
			} else {
				out = append(out, 0)
			}
		}
		return out
	}
	// Inside another seat's search, s holds what this seat cannot know
	// (where hidden intruders stand, where objectives lie): rated on it,
	// guards would hunt intruders they cannot see. A draw from the seat's
	// own knowledge keeps each side to what it could know.
	s = s.Redraw(seat)
	before, _ := h.rate(s, role)
	for _, p := range plays {
		c := s.Clone()
		if err := c.Act(seat, p); err != nil {
			out = append(out, scorpionRefused)
			continue
		}
		out = append(out, sign*(h.after(c, seat)-before))
	}
	return out
}

// after is the tally once seat has played, or, when the play put a
// question to seat itself (an intruder who walked in on a guard or found
// a hidden sentry answers at once), the tally after its best answer: an
// intruder holding Potent Sake or Shadow Walk sees the way past a lone
// sentry, as a person would.
func (h Scorpion) after(c *scorpion.State, seat rules.Seat) float64 {
	role, _ := c.Role(seat)
	t, v := h.rate(c, role)
	if c.Over() || v.Question == "" {
		return t
	}
	if who := c.ToAct(nil); len(who) != 1 || who[0] != seat {
		return t
	}
	best := math.Inf(-1)
	for _, a := range c.Actions(seat, nil) {
		d := c.Clone()
		if d.Act(seat, a) != nil {
			continue
		}
		x, _ := h.rate(d, role)
		if role.Side() == scorpion.Guards {
			x = -x
		}
		best = max(best, x)
	}
	if math.IsInf(best, -1) {
		return t
	}
	if role.Side() == scorpion.Guards {
		return -best
	}
	return best
}

// rate is the intruders' prospects in s as role reads them (the guards
// take their hunt off the tally), and the whole game as the moderator sees
// it, read once for both.
func (h Scorpion) rate(s *scorpion.State, role scorpion.Role) (float64, scorpion.View) {
	g := s.Game()
	v := g.View(scorpion.RoleModerator)
	t, hunt := h.tally(s, g, v)
	if role.Side() == scorpion.Guards {
		return t - hunt, v
	}
	return t, v
}

// tally is the intruders' prospects in g, the game of s, whose moderator's
// view is v, in missions, and the guards' hunt.
func (h Scorpion) tally(s *scorpion.State, g *scorpion.Game, v scorpion.View) (float64, float64) {
	if over, o := g.Over(); over {
		switch o {
		case scorpion.IntrudersWin:
			return 100, 0
		case scorpion.GuardsWin:
			return -100, 0
		}
		return 0, 0
	}
	b := h.board(v)
	// open holds the hiding zones no search has ruled out.
	open := make([]bool, len(h.ids))
	learnt := 0
	for i, id := range h.ids {
		if h.hide[i] {
			open[i] = v.Found[id] == "" && !s.Searched(id)
			if !open[i] {
				learnt++
			}
		}
	}
	t := -scorpionAlert * float64(g.Alert())
	// A step counts for more as the turns run out: waiting for a guard to
	// move away is cheap early and ruinous late.
	step := scorpionStep * (1 + float64(v.Turn)/scorpionUrgency)
	for _, in := range v.Intruders {
		switch {
		case in.Gone:
			t += scorpionGone + scorpionDone + scorpionLearnt*float64(h.hides)
			continue
		case in.Dead:
			t -= scorpionDead
			continue
		}
		t -= scorpionWound * float64(in.Wounds)
		if in.Revealed {
			t -= scorpionSeen
		}
		if in.Zone == "" {
			continue
		}
		if i, ok := h.index[in.Zone]; ok && b.watched[i] {
			t -= scorpionGuarded
		}
		from := h.start(v, in.Zone)
		if in.Done {
			t += scorpionDone + scorpionLearnt*float64(h.hides)
			// Leaving costs one more step off an edge zone.
			d, _ := nearest(h.dists(b, from), func(i int) bool { return h.edge[i] })
			t -= step * float64(d+1)
			continue
		}
		if z := h.foundAt(v, in.Mission); z >= 0 {
			t += scorpionLearnt * float64(h.hides)
			t -= step * float64(h.dists(b, from)[z])
			continue
		}
		t += scorpionLearnt * float64(learnt)
		// The open zones he passed through this turn he may still search
		// (searching ends his move, so he walks on while he can find more).
		pending := make([]bool, len(h.ids))
		n := 0
		for _, z := range in.Visited {
			if i, ok := h.index[z]; ok && open[i] && n < scorpionSearchMax {
				pending[i] = true
				n++
			}
		}
		t += scorpionPending * float64(n)
		left := make([]bool, len(h.ids))
		for i := range left {
			left[i] = open[i] && !pending[i]
		}
		t -= step * float64(h.tour(h.dists(b, from), left))
	}
	return t, h.hunt(v, b)
}

// hunt is how well the guards stand in v, beyond the intruders' tally:
// for each intruder on the board, a sober guard at his zone or a step or
// two from it (a search and a Kenjutsu away), and one standing on the
// zone of his objective while his mission is not done. Only the guards
// read it: they know where the objectives lie, and on their samples where
// the intruders may be, so averaged over samples it sends them towards
// what they heard and saw and onto what the intruders must reach.
func (h Scorpion) hunt(v scorpion.View, b scorpionBoard) float64 {
	var at []int
	for i, w := range b.watched {
		if w {
			at = append(at, i)
		}
	}
	t := 0.0
	for _, in := range v.Intruders {
		if in.Gone || in.Dead {
			continue
		}
		i, ok := h.index[in.Zone]
		if !ok {
			continue
		}
		d := scorpionOffBoard
		for _, g := range at {
			d = min(d, h.apart[g][i])
		}
		if d < len(scorpionHunt) {
			t += scorpionHunt[d]
		}
		if in.Done {
			continue
		}
		// The objective may be still hidden or found already (by the
		// partner, or by a decoy before him).
		for _, where := range []map[string]string{v.Hidden, v.Found} {
			for z, what := range where {
				if what == in.Mission {
					if j, ok := h.index[z]; ok && b.watched[j] {
						t += scorpionCamp
					}
				}
			}
		}
	}
	return t
}

// foundAt is the zone a search found the objective of mission in, or -1.
func (h Scorpion) foundAt(v scorpion.View, mission string) int {
	for z, what := range v.Found {
		if what == mission && mission != "" {
			return h.index[z]
		}
	}
	return -1
}

// Value reads the tally for each seat's side, squashed into (-1, 1).
func (h Scorpion) Value(s *scorpion.State, buf []float64) []float64 {
	g := s.Game()
	t, hunt := h.tally(s, g, g.View(scorpion.RoleModerator))
	v := math.Tanh(t / scorpionValueGap)
	for seat := range s.Players() {
		role, _ := s.Role(rules.Seat(seat))
		if role.Side() == scorpion.Guards {
			buf = append(buf, -math.Tanh((t-hunt)/scorpionValueGap))
		} else {
			buf = append(buf, v)
		}
	}
	return buf
}
