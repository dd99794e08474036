package bots

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"

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
	// doors are each zone's neighbours not behind a wall (a wall is
	// crossed only on a rope).
	doors      [][]int
	edge, hide []bool
	// edgeAt and hideAt list the edge and the hiding zones.
	edgeAt, hideAt []int
	hides          int
	// apart is the number of steps between two zones on an empty board,
	// out the steps from a zone off the map.
	apart [][]int
	out   []int
	// turns is the game's length, decoyTurn the turn from which a death is
	// for good, wounds the wounds that kill the ninja and the traitor.
	turns, decoyTurn int
	wounds           [2]int
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
	scorpionSetupPlay = "random"
	scorpionCamp      = 0.3
	scorpionLate      = 0.3
	scorpionSlack     = 3
)

// scorpionHunt is the guards' gain for a sober guard 0, 1, 2 and 3 steps
// from an intruder.
var scorpionHunt = [...]float64{0.3, 0.25, 0.15, 0.05}

// NewScorpion is the heuristic for the map of d.
func NewScorpion(d *data.Scorpion) Scorpion {
	h := Scorpion{index: map[string]int{}, turns: d.Setup.Turns, decoyTurn: d.Setup.Decoy.BeforeTurn,
		wounds: [2]int{d.Setup.Wounds.Ninja, d.Setup.Wounds.Traitor}}
	for i, z := range d.Map.Zones {
		h.ids = append(h.ids, z.ID)
		h.index[z.ID] = i
		h.edge = append(h.edge, z.Edge)
		hide := strings.HasPrefix(z.Region, "castle") && !z.Post
		h.hide = append(h.hide, hide)
		if hide {
			h.hides++
			h.hideAt = append(h.hideAt, i)
		}
		if z.Edge {
			h.edgeAt = append(h.edgeAt, i)
		}
	}
	h.doors = make([][]int, len(h.ids))
	for i, id := range h.ids {
		for _, n := range d.Neighbours(id) {
			if !d.Wall(id, n) {
				h.doors[i] = append(h.doors[i], h.index[n])
			}
		}
	}
	h.apart = make([][]int, len(h.ids))
	empty := scorpionBoard{watched: make([]bool, len(h.ids))}
	for i := range h.ids {
		h.apart[i], _ = h.dists(empty, []scorpionFrom{{i, 0}}, make([]int, len(h.ids)), nil)
		d, _ := nearest(h.apart[i], h.edgeAt, h.edge)
		h.out = append(h.out, d+1)
	}
	return h
}

// board is what the routes of one state read: the zones sober guards
// stand in and the ropes over walls (each once, either way).
type scorpionBoard struct {
	watched []bool
	ropes   [][2]int
}

// scorpionFrom is a zone a route starts from and the steps it costs to
// start there.
type scorpionFrom struct{ zone, cost int }

// scorpionItem is one entry of dists' queues.
type scorpionItem struct{ zone, next int32 }

// scorpionWork holds the buffers of one rating: a search rates hundreds of
// plays a decision, and the tally then allocates nothing. Ratings running
// at once (simulate's games) each take their own from scorpionWorks.
type scorpionWork struct {
	k                   scorpion.Sketch
	watched             []bool
	open, pending, left []bool
	dist                []int
	// sets keep the rows of the last boards seen (row); cur is the one
	// used last, tick counts the switches between them.
	sets      [rowSets]rowSet
	cur, tick int
	from      []scorpionFrom
	items     []scorpionItem
	at        []int
}

var scorpionWorks = sync.Pool{New: func() any { return new(scorpionWork) }}

func (h Scorpion) work() *scorpionWork {
	w := scorpionWorks.Get().(*scorpionWork)
	n := len(h.ids)
	w.watched, w.open, w.pending, w.left = resize(w.watched, n), resize(w.open, n), resize(w.pending, n), resize(w.left, n)
	w.dist = resize(w.dist, n)
	return w
}

// resize is buf with length n, reusing its room.
func resize[T any](buf []T, n int) []T {
	if cap(buf) >= n {
		return buf[:n]
	}
	return make([]T, n)
}

// board reads the sketch in w.k: the sober guards' zones into w.watched.
func (h Scorpion) board(w *scorpionWork) scorpionBoard {
	clear(w.watched)
	for _, f := range w.k.Guards {
		if f.Zone >= 0 && f.Zone < len(h.ids) && !f.Drunk {
			w.watched[f.Zone] = true
		}
	}
	// The sketch lists the ropes in no order; in order, the same board
	// finds its kept rows (row).
	slices.SortFunc(w.k.Ropes, func(a, b [2]int) int { return cmp.Compare(a[0]*len(h.ids)+a[1], b[0]*len(h.ids)+b[1]) })
	return scorpionBoard{watched: w.watched, ropes: w.k.Ropes}
}

// dists fills dist with the number of steps from the zones in from (each
// with its starting cost) to every zone, through doors and ropes, a
// watched zone costing scorpionWatched steps more to enter;
// scorpionOffBoard where no way leads. items is room for the queues.
func (h Scorpion) dists(b scorpionBoard, from []scorpionFrom, dist []int, items []scorpionItem) ([]int, []scorpionItem) {
	for i := range dist {
		dist[i] = scorpionOffBoard
	}
	// Steps cost 1 or 1+scorpionWatched: a queue per distance (Dial's
	// Dijkstra) settles each zone once, in order. The queues are lists
	// threaded through one slice (head and next). A rope only ever spans
	// a wall between neighbours, so the ropes are the walls' only ways.
	var head [scorpionOffBoard]int32
	for i := range head {
		head[i] = -1
	}
	items = items[:0]
	top := 0
	for _, f := range from {
		if f.cost < dist[f.zone] {
			dist[f.zone] = f.cost
			items = append(items, scorpionItem{int32(f.zone), head[f.cost]})
			head[f.cost] = int32(len(items) - 1)
			top = max(top, f.cost)
		}
	}
	for d := 0; d <= top; d++ {
		for head[d] >= 0 {
			it := items[head[d]]
			head[d] = it.next
			at := int(it.zone)
			if dist[at] != d {
				continue
			}
			doors := h.doors[at]
			for k := range len(doors) + len(b.ropes) {
				var j int
				if k < len(doors) {
					j = doors[k]
				} else {
					switch r := b.ropes[k-len(doors)]; at {
					case r[0]:
						j = r[1]
					case r[1]:
						j = r[0]
					default:
						continue
					}
				}
				c := d + 1
				if b.watched[j] {
					c += scorpionWatched
				}
				if c < dist[j] {
					dist[j] = c
					items = append(items, scorpionItem{int32(j), head[c]})
					head[c] = int32(len(items) - 1)
					top = max(top, c)
				}
			}
		}
	}
	return dist, items
}

// nearest is the least of dist over the zones in among that goal marks,
// and that zone (-1 when none).
func nearest(dist []int, among []int, goal []bool) (int, int) {
	best, at := scorpionOffBoard, -1
	for _, i := range among {
		if goal[i] && dist[i] < best {
			best, at = dist[i], i
		}
	}
	return best, at
}

// tour is the length of the walk that goes from dist's start to the
// nearest zone left and on from each to the nearest one not yet reached,
// and the zone it ends on (-1 when none is left). Every leg goes round
// the watched zones as the first does: legs on an empty board made a
// step towards the nearest zone look like a step back when a guard stood
// beyond it. Searching one zone only shortens it, where the step to the
// nearest alone would jump when the last zone nearby is ruled out. It
// uses up left.
func (h Scorpion) tour(w *scorpionWork, b scorpionBoard, dist []int, left []bool) (int, int) {
	d, at := nearest(dist, h.hideAt, left)
	if at < 0 {
		return 0, -1
	}
	n := d
	for {
		left[at] = false
		d, next := nearest(h.row(w, b, at), h.hideAt, left)
		if next < 0 {
			return n, at
		}
		n += d
		at = next
	}
}

// row is the steps from zone at to every zone on b. Rows are kept for the
// last rowSets boards: most plays rated in a search move no guard, and a
// guard's plays are rated against the board before them, so a tour's legs
// cost a lookup more often than a search of the map.
func (h Scorpion) row(w *scorpionWork, b scorpionBoard, at int) []int {
	set := &w.sets[w.cur]
	if !set.holds(b) {
		set = w.rowsFor(b, len(h.ids))
	}
	if len(set.rows[at]) == 0 {
		set.rows[at], w.items = h.dists(b, []scorpionFrom{{at, 0}}, resize(set.rows[at], len(h.ids)), w.items)
	}
	return set.rows[at]
}

// rowSets is how many boards' rows a rating keeps: in a search's ratings
// eight served 42% of the switches of board that one set recomputed.
const rowSets = 8

// rowSet is the steps from each zone on one board, filled as tours ask.
type rowSet struct {
	watched []bool
	ropes   [][2]int
	rows    [][]int
	used    int
}

func (r *rowSet) holds(b scorpionBoard) bool {
	return r.rows != nil && slices.Equal(b.watched, r.watched) && slices.Equal(b.ropes, r.ropes)
}

// rowsFor is the kept set of b's rows, or the least recently used one
// emptied for b.
func (w *scorpionWork) rowsFor(b scorpionBoard, zones int) *rowSet {
	w.tick++
	old := 0
	for i := range w.sets {
		if w.sets[i].holds(b) {
			old = i
			break
		}
		if w.sets[i].used < w.sets[old].used {
			old = i
		}
	}
	set := &w.sets[old]
	if !set.holds(b) {
		set.watched, set.ropes = append(set.watched[:0], b.watched...), append(set.ropes[:0], b.ropes...)
		if len(set.rows) != zones {
			set.rows = make([][]int, zones)
		}
		for i := range set.rows {
			set.rows[i] = set.rows[i][:0]
		}
	}
	set.used, w.cur = w.tick, old
	return set
}

// start is where an intruder's route begins: his zone, or both ends of
// the secret passage one step on.
func (h Scorpion) start(w *scorpionWork, zone int) []scorpionFrom {
	w.from = w.from[:0]
	if zone >= 0 && zone < len(h.ids) {
		return append(w.from, scorpionFrom{zone, 0})
	}
	for _, e := range w.k.Passage {
		if e >= 0 && e < len(h.ids) {
			w.from = append(w.from, scorpionFrom{e, 1})
		}
	}
	return w.from
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
	if s.Phase() == scorpion.PhaseSetup {
		for _, p := range plays {
			if p == scorpionSetupPlay {
				out = append(out, -1)
			} else {
				out = append(out, 0)
			}
		}
		return out
	}
	w := h.work()
	defer scorpionWorks.Put(w)
	// Inside another seat's search, s holds what this seat cannot know
	// (where hidden intruders stand, where objectives lie): rated on it,
	// guards would hunt intruders they cannot see. A draw from the seat's
	// own knowledge keeps each side to what it could know.
	s = s.Redraw(seat)
	before := h.rate(w, s, role)
	for _, p := range plays {
		c := s.Clone()
		if err := c.Act(seat, p); err != nil {
			out = append(out, scorpionRefused)
			continue
		}
		out = append(out, sign*(h.after(w, c, seat)-before))
	}
	return out
}

// after is the tally once seat has played, or, when the play put a
// question to seat itself (an intruder who walked in on a guard or found
// a hidden sentry answers at once), the tally after its best answer: an
// intruder holding Potent Sake or Shadow Walk sees the way past a lone
// sentry, as a person would.
func (h Scorpion) after(w *scorpionWork, c *scorpion.State, seat rules.Seat) float64 {
	role, _ := c.Role(seat)
	t := h.rate(w, c, role)
	if c.Over() || !w.k.Asking {
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
		x := h.rate(w, d, role)
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
// take their hunt off the tally). It leaves s's sketch in w.k.
func (h Scorpion) rate(w *scorpionWork, s *scorpion.State, role scorpion.Role) float64 {
	s.Sketch(&w.k)
	t, hunt := h.tally(w)
	if role.Side() == scorpion.Guards {
		return t - hunt
	}
	return t
}

// tally is the intruders' prospects in the game sketched in w.k, in
// missions, and the guards' hunt.
func (h Scorpion) tally(w *scorpionWork) (float64, float64) {
	k := &w.k
	// A draw is tallied as the game stands: fixed at 0 it fell below the
	// tally of a done intruder who stays on the board, so one whose
	// partner was dead for good never left.
	if k.Over {
		switch k.Outcome {
		case scorpion.IntrudersWin:
			return 100, 0
		case scorpion.GuardsWin:
			return -100, 0
		}
	}
	b := h.board(w)
	learnt := h.opened(w)
	alert := -scorpionAlert * float64(k.Alert)
	t := alert
	// A step counts for more as the turns run out: waiting for a guard to
	// move away is cheap early and ruinous late.
	step := scorpionStep * (1 + float64(k.Turn)/scorpionUrgency)
	for _, in := range k.Intruders {
		h.intruder(w, b, in, step, learnt, &t)
	}
	return t, h.hunt(w, b)
}

// opened fills w.open with the hiding zones no search has ruled out in
// the game sketched in w.k and returns how many were ruled out.
func (h Scorpion) opened(w *scorpionWork) int {
	k := &w.k
	learnt := 0
	for i := range h.ids {
		w.open[i] = false
		if h.hide[i] {
			w.open[i] = k.Found[i] == "" && !k.Searched[i]
			if !w.open[i] {
				learnt++
			}
		}
	}
	return learnt
}

// intruder adds one intruder's prospects to *t.
func (h Scorpion) intruder(w *scorpionWork, b scorpionBoard, in scorpion.SketchIntruder, step float64, learnt int, t *float64) {
	k := &w.k
	switch {
	case in.Gone:
		*t += scorpionGone + scorpionDone + scorpionLearnt*float64(h.hides)
		return
	case in.Dead:
		*t -= scorpionDead
		return
	}
	*t -= scorpionWound * float64(in.Wounds)
	if in.Revealed {
		*t -= scorpionSeen
	}
	if in.Zone == scorpion.NoZone {
		return
	}
	if in.Zone < len(h.ids) && b.watched[in.Zone] {
		*t -= scorpionGuarded
	}
	steps, pending, end := h.goal(w, b, in)
	if !in.Done && end >= 0 {
		// The way out still to walk once the mission is done counts now,
		// or finishing it far from an edge would look like a loss.
		steps += h.out[end]
	}
	// Steps the turns left may not cover weigh more: a way out held by a
	// guard is worth forcing while there is time, not waited on to the end.
	*t -= scorpionLate * float64(max(0, steps+scorpionSlack-3*(h.turns-k.Turn+1)))
	switch {
	case in.Done:
		*t += scorpionDone + scorpionLearnt*float64(h.hides)
		*t -= step * float64(steps)
	case h.foundAt(k, in.Mission) >= 0:
		*t += scorpionLearnt * float64(h.hides)
		*t -= step * float64(steps)
	default:
		*t += scorpionLearnt * float64(learnt)
		*t += scorpionPending * float64(pending)
		*t -= step * float64(steps)
	}
}

// goal is the steps between an intruder on the board and his goal: off
// the map once his mission is done (leaving costs one more step off an
// edge zone), to his objective once a search found it, else a walk
// through the open hiding zones (those in w.open) but the ones he passed
// through this turn and may still search, which it also counts (searching
// ends his move, so he walks on while he can find more); and, while his
// mission is open, the zone that walk ends on (-1 when not known).
func (h Scorpion) goal(w *scorpionWork, b scorpionBoard, in scorpion.SketchIntruder) (steps, pending, end int) {
	end = -1
	if in.Zone >= 0 && in.Zone < len(h.ids) {
		copy(w.dist, h.row(w, b, in.Zone))
		end = in.Zone
	} else {
		w.dist, w.items = h.dists(b, h.start(w, in.Zone), w.dist, w.items)
	}
	if in.Done {
		d, _ := nearest(w.dist, h.edgeAt, h.edge)
		return d + 1, 0, -1
	}
	// A search takes a zone moved into or out of this turn: one he
	// stands on without having moved is a step away.
	here := end >= 0 && !slices.Contains(in.Visited, in.Zone)
	if z := h.foundAt(&w.k, in.Mission); z >= 0 {
		switch {
		case slices.Contains(in.Visited, z):
			return 0, 0, end
		case here && z == in.Zone:
			return 1, 0, z
		}
		return w.dist[z], 0, z
	}
	open, left := w.open, w.left
	clear(w.pending)
	for _, z := range in.Visited {
		if z >= 0 && z < len(h.ids) && open[z] && pending < scorpionSearchMax {
			w.pending[z] = true
			pending++
		}
	}
	for i := range left {
		left[i] = open[i] && !w.pending[i]
	}
	if here {
		w.dist[in.Zone] = 1
	}
	steps, last := h.tour(w, b, w.dist, left)
	if last >= 0 {
		end = last
	}
	return steps, pending, end
}

// hunt is how well the guards stand in the game sketched in w.k, beyond
// the intruders' tally: for each intruder on the board, a sober guard at
// his zone or a step or two from it (a search and a Kenjutsu away), and
// one standing on the zone of his objective while his mission is not
// done. Only the guards read it: they know where the objectives lie, and
// on their samples where the intruders may be, so averaged over samples
// it sends them towards what they heard and saw and onto what the
// intruders must reach.
func (h Scorpion) hunt(w *scorpionWork, b scorpionBoard) float64 {
	k := &w.k
	w.at = w.at[:0]
	for i, on := range b.watched {
		if on {
			w.at = append(w.at, i)
		}
	}
	t := 0.0
	for _, in := range k.Intruders {
		if in.Gone || in.Dead || in.Zone < 0 || in.Zone >= len(h.ids) {
			continue
		}
		d := scorpionOffBoard
		for _, g := range w.at {
			d = min(d, h.apart[g][in.Zone])
		}
		if d < len(scorpionHunt) {
			t += scorpionHunt[d]
		}
		if !in.Done && in.Mission != "" {
			// The objective may be still hidden or found already (by the
			// partner, or by a decoy before him).
			for _, g := range w.at {
				if k.Hidden[g] == in.Mission || k.Found[g] == in.Mission {
					t += scorpionCamp
				}
			}
		}
	}
	return t
}

// foundAt is the zone a search found the objective of mission in, or -1.
func (h Scorpion) foundAt(k *scorpion.Sketch, mission string) int {
	if mission == "" {
		return -1
	}
	for i, what := range k.Found {
		if what == mission {
			return i
		}
	}
	return -1
}

// Value is the game's return expected in an unfinished game, for each
// seat's side, the same for both sides but for the sign. The intruders win
// with both out, draw with one and lose with none, so their return is the
// chance of the first getting out plus that of the second, less one,
// whatever the two chances have to do with each other. An intruder out has
// chance 1, one dead for good 0, and any other the logistic model
// scorpionOdds of his prospects (features), fitted to where whole games
// of easy bots went: a draw is worth what the game pays for it, and every
// intruder's way out counts until he is out or dead.
func (h Scorpion) Value(s *scorpion.State, buf []float64) []float64 {
	if s.Over() {
		return s.Returns(buf)
	}
	w := h.work()
	defer scorpionWorks.Put(w)
	s.Sketch(&w.k)
	v := h.outlook(w)
	for seat := range s.Players() {
		role, _ := s.Role(rules.Seat(seat))
		if role.Side() == scorpion.Guards {
			buf = append(buf, -v)
		} else {
			buf = append(buf, v)
		}
	}
	return buf
}

// outlook is the intruders' expected return in the game sketched in w.k
// (not over): the chances of each getting out, less one.
func (h Scorpion) outlook(w *scorpionWork) float64 {
	b := h.board(w)
	learnt := h.opened(w)
	v := -1.0
	for i := range w.k.Intruders {
		v += h.chance(w, b, i, learnt)
	}
	return v
}

// chance is intruder i's chance of getting out.
func (h Scorpion) chance(w *scorpionWork, b scorpionBoard, i, learnt int) float64 {
	in := w.k.Intruders[i]
	switch {
	case in.Gone:
		return 1
	case in.Dead && !in.Returning:
		return 0
	}
	x := h.features(w, b, i, learnt)
	z := 0.0
	for j, c := range scorpionOdds {
		z += c * x[j]
	}
	return 1 / (1 + math.Exp(-z))
}

// scorpionFeatures is how many numbers describe an intruder's prospects.
const scorpionFeatures = 18

// features describes intruder i (on the board, or dead as a decoy and
// coming back) in the game sketched in w.k, w.open filled (opened):
// 1, coming back, mission done, the steps to his goal (goal) with it done
// and without, whether a search found his objective, the turns left, the
// turns he lacks at three steps a turn, whether the next wound kills him,
// whether a death would be for good, seen, the alert, a sober guard in his
// zone, one and two steps away (through doors), the sober guards on his
// objective while his mission is open, the hiding zones ruled out, and the
// sober guards on the board.
func (h Scorpion) features(w *scorpionWork, b scorpionBoard, i, learnt int) [scorpionFeatures]float64 {
	k := &w.k
	in := k.Intruders[i]
	var x [scorpionFeatures]float64
	x[0] = 1
	left := float64(max(0, h.turns-k.Turn))
	x[6] = left / 10
	x[11] = float64(k.Alert) / 3
	sober := 0
	for _, on := range b.watched {
		if on {
			sober++
		}
	}
	x[17] = float64(sober) / 10
	if in.Returning || in.Zone == scorpion.NoZone {
		x[1] = 1
		x[16] = float64(learnt) / float64(max(1, h.hides))
		return x
	}
	steps, _, _ := h.goal(w, b, in)
	short := max(0, float64(steps)/3-left)
	x[7] = short
	if in.Done {
		x[2], x[3] = 1, float64(steps)/10
	} else {
		x[4] = float64(steps) / 10
		x[16] = float64(learnt) / float64(max(1, h.hides))
		if h.foundAt(k, in.Mission) >= 0 {
			x[5] = 1
		}
	}
	if in.Wounds+1 >= h.wounds[i] {
		x[8] = 1
	}
	if in.Decoyed || k.Turn >= h.decoyTurn {
		x[9] = 1
	}
	if in.Revealed {
		x[10] = 1
	}
	if in.Zone < len(h.ids) {
		d := scorpionOffBoard
		for g, on := range b.watched {
			if on {
				d = min(d, h.apart[g][in.Zone])
			}
		}
		if d < 3 {
			x[12+d] = 1
		}
	}
	if !in.Done && in.Mission != "" {
		for g, on := range b.watched {
			if on && (k.Hidden[g] == in.Mission || k.Found[g] == in.Mission) {
				x[15]++
			}
		}
	}
	return x
}

// scorpionOdds are the weights of features in the log-odds of an intruder
// getting out, fitted (TestScorpionFitOdds; docs/BOTS.md) but for the
// guards' closeness (held, scorpionFixed) and the steps of an intruder
// still looking: fitted, -0.266 for ten steps, it moves a searching
// intruder's value too little for the search to tell one way from
// another (he paced to and fro), so it counts three times that.
var scorpionOdds = [scorpionFeatures]float64{-0.848, -0.610, 2.855, -2.208, -0.8, 0.266, 1.763, 0.085, -1.066, 0.340, 0.145, 0.493, -0.500, -0.400, -0.250, -0.500, 0.882, 0.147}
