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
// stand, for the guards, and where the objectives lie, for the intruders,
// are samples of what the seat knows): each intruder gains for his mission
// done and more for getting out with it, and for every step closer to his
// objective (or, once it is done, to the edge of the map); he loses for
// each wound, for being seen, for sharing a zone with a sober guard and
// for dying, and both lose as the alert
// rises. The intruders play up the tally, the guards down. A play is rated
// by playing it on the determinization.
type Scorpion struct {
	// dist is the number of steps between two zones, a wall counting as
	// scorpionWallSteps (a rope is a card and ends the move).
	dist map[string]map[string]int
	// exit is the number of steps from a zone to the nearest edge zone.
	exit map[string]int
	// hide holds the zones an objective may be hidden in.
	hide map[string]bool
}

// Heuristic weights, in missions.
const (
	scorpionDone      = 1.0
	scorpionGone      = 2.0
	scorpionStep      = 0.08
	scorpionWound     = 0.4
	scorpionSeen      = 0.2
	scorpionDead      = 1.5
	scorpionAlert     = 0.15
	scorpionGuarded   = 0.3
	scorpionSearch    = 0.3
	scorpionWallSteps = 3
	scorpionIdle      = 0.02
	scorpionOffBoard  = 12
	scorpionRefused   = -100
	scorpionValueGap  = 2.0
	scorpionSetupPlay = "random"
)

// NewScorpion is the heuristic for the map of d.
func NewScorpion(d *data.Scorpion) Scorpion {
	h := Scorpion{dist: map[string]map[string]int{}, exit: map[string]int{}, hide: map[string]bool{}}
	for _, z := range d.Map.Zones {
		h.hide[z.ID] = strings.HasPrefix(z.Region, "castle") && !z.Post
		seen := h.steps(d, z.ID)
		h.dist[z.ID] = seen
		h.exit[z.ID] = scorpionOffBoard
		for _, e := range d.Map.Zones {
			if d, ok := seen[e.ID]; ok && e.Edge {
				h.exit[z.ID] = min(h.exit[z.ID], d)
			}
		}
	}
	return h
}

// steps is the walking distance from z to every zone (Dijkstra; a step
// over a wall costs scorpionWallSteps).
func (h Scorpion) steps(d *data.Scorpion, z string) map[string]int {
	seen := map[string]int{z: 0}
	done := map[string]bool{}
	for {
		at, best := "", -1
		for id, n := range seen {
			if !done[id] && (best < 0 || n < best || n == best && id < at) {
				at, best = id, n
			}
		}
		if best < 0 {
			return seen
		}
		done[at] = true
		for _, n := range d.Neighbours(at) {
			c := best + 1
			if d.Wall(at, n) {
				c = best + scorpionWallSteps
			}
			if old, ok := seen[n]; !ok || c < old {
				seen[n] = c
			}
		}
	}
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
	g := s.Game()
	if g.Phase() == scorpion.PhaseSetup {
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
	// guards would hunt intruders they cannot see and intruders walk to
	// objectives they never found. A draw from the seat's own knowledge
	// keeps each side to what it could know.
	s = s.Redraw(seat)
	g = s.Game()
	before := h.tally(s, g)
	var v scorpion.View
	if role.Side() == scorpion.Intruders {
		v = g.View(scorpion.RoleModerator)
	}
	for _, p := range plays {
		c := s.Clone()
		if err := c.Act(seat, p); err != nil {
			out = append(out, scorpionRefused)
			continue
		}
		out = append(out, sign*(h.tally(c, c.Game())-before)+h.searchValue(s, v, role, p))
	}
	return out
}

// searchValue is what a search tells an intruder who still looks for his
// objective: each zone searched that may hold it and is not known yet
// narrows where it lies, whether or not the determinization put it there
// (without it, the tally only sees a search where a sample put the
// objective, and intruders wander until the turns run out).
func (h Scorpion) searchValue(s *scorpion.State, v scorpion.View, role scorpion.Role, p scorpion.Play) float64 {
	words := strings.Fields(string(p))
	if role.Side() != scorpion.Intruders || len(words) < 2 || words[0] != "search" {
		return 0
	}
	if in := v.Intruders[role-scorpion.RoleNinja]; in.Done {
		return 0
	}
	n := 0.0
	for _, z := range words[1:] {
		if h.hide[z] && v.Found[z] == "" && !s.Searched(z) {
			n++
		}
	}
	if n == 0 {
		// A search that can tell nothing still ends the move.
		return -scorpionIdle
	}
	return scorpionSearch * n
}

// tally is the intruders' prospects in g, the game of s, in missions.
func (h Scorpion) tally(s *scorpion.State, g *scorpion.Game) float64 {
	if over, o := g.Over(); over {
		switch o {
		case scorpion.IntrudersWin:
			return 100
		case scorpion.GuardsWin:
			return -100
		}
		return 0
	}
	v := g.View(scorpion.RoleModerator)
	objective := map[string]string{}
	for z, what := range v.Hidden {
		objective[what] = z
	}
	t := -scorpionAlert * float64(g.Alert())
	awake := map[string]bool{}
	for _, f := range v.Guards {
		if !f.Drunk {
			awake[f.Zone] = true
		}
	}
	for _, in := range v.Intruders {
		switch {
		case in.Gone:
			t += scorpionGone + scorpionDone
			continue
		case in.Dead:
			t -= scorpionDead
			continue
		}
		t -= scorpionWound * float64(in.Wounds)
		if in.Revealed {
			t -= scorpionSeen
		}
		if in.Done {
			t += scorpionDone
		}
		if in.Zone == "" {
			continue
		}
		if awake[in.Zone] {
			t -= scorpionGuarded
		}
		steps := scorpionOffBoard
		if in.Done {
			steps = h.exit[in.Zone]
		} else if z, ok := objective[in.Mission]; ok {
			if d, ok := h.dist[in.Zone][z]; ok {
				steps = d
			}
			// The nearest zone he has not ruled out leads the search
			// whatever the sample says: samples differ, the map does not.
			t -= scorpionStep * float64(h.nearestOpen(s, v.Found, in.Zone))
		}
		t -= scorpionStep * float64(steps)
	}
	return t
}

// nearestOpen is the number of steps from z to the nearest zone that may
// hold an objective and was not searched yet.
func (h Scorpion) nearestOpen(s *scorpion.State, found map[string]string, z string) int {
	best := scorpionOffBoard
	for c, d := range h.dist[z] {
		if d < best && h.hide[c] && found[c] == "" && !s.Searched(c) {
			best = d
		}
	}
	return best
}

// Value reads the tally for each seat's side, squashed into (-1, 1).
func (h Scorpion) Value(s *scorpion.State, buf []float64) []float64 {
	v := math.Tanh(h.tally(s, s.Game()) / scorpionValueGap)
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
