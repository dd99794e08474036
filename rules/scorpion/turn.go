package scorpion

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// startTurn begins the next turn (or ends the game after the last):
// per-turn marks are cleared, and the alert phase is skipped at none.
func (g *Game) startTurn() {
	if g.turn == g.d.Setup.Turns {
		g.end()
		return
	}
	g.turn++
	for i := range g.figs {
		f := &g.figs[i]
		f.Carded, f.Attacked, f.Moved, f.WithTraitor = false, false, false, false
	}
	g.drew, g.freeUsed, g.marched = false, false, false
	g.played, g.phased = 0, 0
	for _, h := range g.hands {
		h.Drawn = map[string]int{}
	}
	for i := range g.in {
		in := &g.in[i]
		in.Moves, in.Visited, in.Ended, in.Searched, in.Finished, in.Shuriken, in.WalkZone = 0, nil, false, false, false, false, ""
	}
	g.say("turn", "turn %d begins, alert %s", g.turn, alertNames[g.alert])
	g.phase = PhaseAlert
	if g.alert == AlertNone {
		g.phase = PhaseCards
	}
}

// guardTurn dispatches a guard command in the alert, card or patrol phase.
func (g *Game) guardTurn(r Role, a Action) error {
	switch a.Verb {
	case "draw":
		return g.draw(r, a)
	case "done":
		return g.guardDone(a)
	case "listen", "plisten":
		return g.listen(r, a)
	case "ssearch":
		return g.sentrySearch(r, a)
	case "psearch":
		return g.patrolSearch(r, a)
	case "awaken":
		return g.awaken(r, a)
	case "passage":
		return g.guardPassage(r, a)
	case "kenjutsu":
		return g.guardKenjutsu(r, a)
	case "march":
		return g.march(a)
	}
	return g.refuse(a, "the guards cannot %s", a.Verb)
}

// draw takes cards at random from each player's draw deck, as many as
// the alert level allows between them, then lowers the alert.
func (g *Game) draw(r Role, a Action) error {
	if g.phase != PhaseAlert || g.drew {
		return g.refuse(a, "cards are drawn once, at the start of the alert phase")
	}
	want := map[Role]int{}
	for _, w := range a.Args {
		who, n, ok := strings.Cut(w, ":")
		role := r
		if ok {
			p, err := ParseRole(who)
			if err != nil || !g.isGuardRole(p) {
				return g.refuse(a, "draw for sword and spear: draw sword:N spear:M")
			}
			role = p
		} else {
			n = who
		}
		if g.guards == 2 && !ok {
			return g.refuse(a, "two guard players: draw sword:N spear:M")
		}
		v, err := strconv.Atoi(n)
		if err != nil || v < 0 {
			return g.refuse(a, "%q is not a number of cards", n)
		}
		want[role] += v
	}
	most := g.d.Setup.AlertLevels[g.alert].Draw
	sum := 0
	for _, v := range want {
		sum += v
	}
	if sum > most {
		return g.refuse(a, "at alert %s the guards draw at most %d", alertNames[g.alert], most)
	}
	if g.dry {
		return nil
	}
	rng := g.rng()
	for _, p := range g.guardRoles() {
		h := g.hands[p]
		var got []string
		for range want[p] {
			c := pick(rng, h.Deck)
			if c == "" {
				break
			}
			h.Deck[c]--
			h.Hand[c]++
			h.Drawn[c]++
			got = append(got, c)
		}
		if want[p] > 0 {
			g.tell("draw", guardSide, fmt.Sprintf("the %s draws %d card(s)", p, len(got)), "the %s draws %s", p, strings.Join(got, ", "))
		}
	}
	g.fall()
	return nil
}

// fall ends the draw: the alert drops one level.
func (g *Game) fall() {
	g.drew = true
	g.alert = max(AlertNone, g.alert-1)
	g.say("alert", "the alert falls to %s", alertNames[g.alert])
}

// guardDone closes the current guard phase.
func (g *Game) guardDone(a Action) error {
	if g.dry {
		return nil
	}
	switch g.phase {
	case PhaseAlert:
		if !g.drew {
			g.fall()
		}
		g.phase = PhaseCards
		g.say("phase", "the guards' card phase")
	case PhaseCards:
		g.phase = PhasePatrol
		g.say("phase", "the patrol phase")
	case PhasePatrol:
		// Before the march, done marches and ends the turn even when a
		// strike is possible, as stored logs replay it (SC-31).
		if !g.marched {
			if err := g.doMarch(a, nil); err != nil {
				return err
			}
		}
		g.endGuardTurn()
	}
	return nil
}

// occupied reports whether an intruder stands in z.
func (g *Game) occupied(z string) bool {
	for i := range g.in {
		if g.in[i].onBoard() && g.in[i].Zone == z {
			return true
		}
	}
	return false
}

// march moves every patrol no card moved this turn two zones along the
// track; FORK/NEXT words (or FORK>NEXT) choose at forks.
func (g *Game) march(a Action) error {
	if g.phase != PhasePatrol || g.marched {
		return g.refuse(a, "the patrols march once, in the patrol phase")
	}
	choice := map[string]string{}
	for _, w := range a.Args {
		zw, nw, ok := strings.Cut(w, "/")
		z, n := zoneWord(zw), zoneWord(nw)
		next := g.d.TrackNext(z)
		if !ok || len(next) < 2 {
			return g.refuse(a, "%q: write FORK/NEXT for a fork of the track", w)
		}
		if !slices.Contains(next, n) {
			return g.refuse(a, "from %s the track goes to %s", z, strings.Join(next, " or "))
		}
		choice[z] = n
	}
	if err := g.doMarch(a, choice); err != nil || g.dry {
		return err
	}
	if !g.canStrike() {
		g.endGuardTurn()
	}
	return nil
}

// marching lists the patrols that march this turn: those no card moved.
func (g *Game) marching() []int {
	var ps []int
	for _, f := range g.figs {
		if f.Patrol != 0 && !slices.Contains(ps, f.Patrol) {
			ps = append(ps, f.Patrol)
		}
	}
	slices.Sort(ps)
	return slices.DeleteFunc(ps, func(p int) bool {
		return slices.ContainsFunc(g.members(p), func(f *figure) bool { return f.Moved })
	})
}

// marchRoute is one patrol's march: the zones it passes, the zone it
// last came in from and its facing at the end ("" where the track ends).
type marchRoute struct {
	patrol int
	route  []string
	came   string
	face   string
}

// planMarch works out the march of every patrol no card moved, without
// changing the game; meeting an intruder ends that patrol's march. A
// choice no patrol could take without turning back is refused.
func (g *Game) planMarch(a Action, choice map[string]string) ([]marchRoute, error) {
	var took, back map[string]bool
	if len(choice) > 0 {
		took, back = map[string]bool{}, map[string]bool{}
	}
	var plan []marchRoute
	for _, p := range g.marching() {
		m := marchRoute{patrol: p, came: g.came[p], face: g.facing[p]}
		at := g.members(p)[0].Zone
		// face sets the facing on arriving at a zone, as setFacing does.
		face := func(at, want string) bool {
			next := ways(g.d.TrackNext(at), m.came)
			switch {
			case len(next) == 0:
				m.face = ""
			case slices.Contains(next, want):
				m.face = want
				return true
			default:
				m.face = next[0]
			}
			return false
		}
		for range 2 {
			next := ways(g.d.TrackNext(at), m.came)
			if len(next) == 0 {
				break
			}
			n := next[0]
			if slices.Contains(next, m.face) {
				n = m.face
			}
			if c, ok := choice[at]; ok && slices.Contains(next, c) {
				n, took[at] = c, true
			} else if ok {
				back[at] = true
			}
			m.came = at
			at = n
			m.route = append(m.route, n)
			if c, ok := choice[at]; ok {
				took[at] = face(at, c) || took[at]
				back[at] = back[at] || c == m.came
			} else {
				face(at, "")
			}
			if g.occupied(n) {
				break
			}
		}
		plan = append(plan, m)
	}
	for _, z := range slices.Sorted(maps.Keys(choice)) {
		if back[z] && !took[z] {
			return nil, g.refuse(a, "patrols do not turn back: the patrol at %s came from %s", z, choice[z])
		}
	}
	return plan, nil
}

// doMarch marches every patrol no card moved, as planMarch plans it.
func (g *Game) doMarch(a Action, choice map[string]string) error {
	plan, err := g.planMarch(a, choice)
	if err != nil || g.dry {
		return err
	}
	g.marched = true
	for _, m := range plan {
		if len(m.route) == 0 {
			continue
		}
		at := m.route[len(m.route)-1]
		for _, f := range g.members(m.patrol) {
			f.Zone = at
		}
		g.came[m.patrol] = m.came
		if m.face == "" {
			delete(g.facing, m.patrol)
		} else {
			g.facing[m.patrol] = m.face
		}
		g.say(KindGuardMove, "a patrol marches to %s", strings.Join(m.route, " "))
		g.guardEnters(at)
	}
	g.sortFigs()
	return nil
}

// forks lists the march choices open now: FORK/NEXT for every fork a
// marching patrol may leave or stop at, never back the way it came.
func (g *Game) forks() []string {
	type step struct{ at, came string }
	var out []string
	for _, p := range g.marching() {
		front := []step{{g.members(p)[0].Zone, g.came[p]}}
		for range 3 {
			var next []step
			for _, s := range front {
				w := ways(g.d.TrackNext(s.at), s.came)
				for _, n := range w {
					if c := s.at + "/" + n; len(w) > 1 && !slices.Contains(out, c) {
						out = append(out, c)
					}
					next = append(next, step{n, s.at})
				}
			}
			front = next
		}
	}
	return out
}

// canStrike reports whether a guard could still attack a revealed
// intruder (public facts only, so waiting reveals no hand).
func (g *Game) canStrike() bool {
	for i := range g.in {
		in := &g.in[i]
		if !in.onBoard() || !in.Revealed {
			continue
		}
		for _, f := range g.inZone(in.Zone) {
			if !f.Drunk && !f.Attacked {
				return true
			}
		}
	}
	return false
}

// endGuardTurn discovers passage entrances where a guard ends the turn,
// then hands over to the intruders.
func (g *Game) endGuardTurn() {
	for _, e := range g.passage {
		for _, f := range g.inZone(e) {
			if !f.Drunk {
				g.discover(e)
				break
			}
		}
	}
	g.phase = PhaseIntruders
	g.say("phase", "the intruders' phase")
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		if g.intr(r).Return {
			g.say("wait", "the %s returns: start and deck", r)
		}
	}
}
