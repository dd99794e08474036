package scorpion

import (
	"fmt"
	"slices"
	"strings"
)

// Choices lists the commands r may type now, each one step, in a stable
// order: every candidate that passes apply's checks (check), which change
// nothing, so no candidate is tried on a copy.
func (g *Game) Choices(r Role) []string {
	var out []string
	g.listing = true
	for _, c := range g.candidates(r) {
		a, err := ParseAction(c)
		if err != nil {
			continue
		}
		if g.check(r, a) == nil {
			out = append(out, c)
		}
	}
	g.listing = false
	return out
}

func (g *Game) candidates(r Role) []string {
	if r == RoleModerator || g.phase == PhaseOver || !slices.Contains(g.asked(), r) {
		return nil
	}
	if g.phase == PhaseSetup {
		return []string{"random", "ready", "show"}
	}
	if len(g.pending) > 0 {
		return g.answers(r)
	}
	if r.Side() == Guards {
		return g.guardCandidates(r)
	}
	return g.intruderCandidates(r)
}

// refs names every figure as Z or Z#N.
func (g *Game) refs() []string {
	var out []string
	n := map[string]int{}
	for _, f := range g.figs {
		n[f.Zone]++
		if n[f.Zone] == 1 {
			out = append(out, f.Zone)
		} else {
			out = append(out, fmt.Sprintf("%s#%d", f.Zone, n[f.Zone]))
		}
	}
	return out
}

// paths lists guard routes of one and two steps from z. Out of the
// passage it offers only the known exits: the list must not tell the
// guards where the other one is.
func (g *Game) paths(z string, passage bool) []string {
	next := func(at string) []string {
		if at == passageID {
			var known []string
			for _, e := range g.passage {
				if g.discovered(e) {
					known = append(known, e)
				}
			}
			return known
		}
		var n []string
		for _, b := range g.d.Neighbours(at) {
			if !g.d.Wall(at, b) {
				n = append(n, b)
			}
		}
		if passage && g.discovered(at) {
			n = append(n, passageID)
		}
		return n
	}
	var out []string
	for _, a := range next(z) {
		out = append(out, a)
		if a == passageID {
			continue
		}
		for _, b := range next(a) {
			out = append(out, a+" "+b)
		}
	}
	return out
}

func zoneOf(ref string) string {
	z, _, _ := strings.Cut(ref, "#")
	return z
}

func (g *Game) guardCandidates(r Role) []string {
	var c []string
	if g.phase == PhaseAlert && !g.drew {
		most := g.d.Setup.AlertLevels[g.alert].Draw
		for n := 0; n <= most; n++ {
			if g.guards == 1 {
				c = append(c, fmt.Sprintf("draw %d", n))
				continue
			}
			for m := 0; n+m <= most; m++ {
				c = append(c, fmt.Sprintf("draw sword:%d spear:%d", n, m))
			}
		}
		return append(c, "done")
	}
	c = append(c, "done")
	c = append(c, g.strikes()...)
	if g.phase == PhasePatrol {
		c = append(c, "march")
		for _, f := range g.forks() {
			c = append(c, "march "+f)
		}
		return c
	}
	h := g.hands[r].Hand
	if g.phase == PhaseAlert {
		h = g.hands[r].Drawn
	}
	free := g.freeOpen()
	// A card on a patrol is on all of it: one guard names the patrol.
	named := map[int]bool{}
	for i, ref := range g.refs() {
		f := &g.figs[i]
		if f.Patrol != 0 && !f.Drunk && g.mine(r, f) == "" {
			if named[f.Patrol] {
				continue
			}
			named[f.Patrol] = true
		}
		if f.Drunk {
			if h[cAwaken] > 0 {
				c = append(c, "awaken "+ref)
			}
			continue
		}
		if g.mine(r, f) != "" {
			continue
		}
		z := zoneOf(ref)
		switch {
		case f.Patrol == 0:
			if h[cSListen] > 0 {
				c = append(c, "listen "+ref)
			}
			if free {
				c = append(c, "listen "+ref+" "+freeWord)
			}
			if h[cPassage] > 0 {
				c = append(c, "passage "+ref)
			}
			if h[cSSearch] > 0 {
				for _, p := range g.paths(z, true) {
					c = append(c, "ssearch "+ref+" "+p)
				}
			}
		default:
			if h[cPListen] > 0 {
				c = append(c, "plisten "+ref)
			}
			if free {
				c = append(c, "plisten "+ref+" "+freeWord)
			}
			if h[cPSearch] > 0 {
				for _, p := range g.paths(z, false) {
					c = append(c, "psearch "+ref+" "+p)
				}
			}
		}
	}
	if h[cAwaken] == 0 {
		return c
	}
	for _, z := range sortedKeys(g.sleeping) {
		// A drunk guard's zone may also hold sleepers: one choice names both.
		if !slices.Contains(c, "awaken "+z) {
			c = append(c, "awaken "+z)
		}
		for _, p := range g.paths(z, false) {
			c = append(c, "awaken "+z+" "+p)
		}
	}
	return c
}

func (g *Game) strikes() []string {
	var c []string
	for _, who := range []Role{RoleNinja, RoleTraitor} {
		in := g.intr(who)
		if in.onBoard() && in.Revealed {
			for n := 1; n <= len(g.inZone(in.Zone)); n++ {
				c = append(c, fmt.Sprintf("kenjutsu %s %s %d", in.Zone, who, n))
			}
		}
	}
	return c
}

func (g *Game) intruderCandidates(r Role) []string {
	in := g.intr(r)
	if in.Return {
		c := []string{"random"}
		for _, z := range g.d.Map.Zones {
			if in.Zone == "" && g.startOK(r, z.ID) {
				c = append(c, "start "+z.ID)
			}
		}
		return c
	}
	c := []string{"done", "leave", "passage"}
	if !in.Shown {
		c = append(c, "show")
	}
	next := g.passage[:]
	if in.Zone != passageID {
		next = g.d.Neighbours(in.Zone)
	}
	for _, z := range next {
		c = append(c, "move "+z, "rope "+z, "shuriken "+z)
	}
	c = append(c, "shuriken "+in.Zone)
	for i, a := range in.Visited {
		c = append(c, "search "+a)
		for _, b := range in.Visited[i+1:] {
			c = append(c, "search "+a+" "+b)
		}
	}
	for n := 1; n <= len(g.inZone(in.Zone)); n++ {
		c = append(c, fmt.Sprintf("kenjutsu %d", n))
	}
	return c
}

func (g *Game) answers(r Role) []string {
	p := g.pending[0]
	switch p.Kind {
	case pCat, pTrapCat:
		return []string{"pass", "cat"}
	case pFollow:
		c := []string{"stay"}
		if f := g.fig(p.Guards[0]); f != nil {
			for _, path := range g.paths(f.Zone, false) {
				c = append(c, "follow "+path)
			}
		}
		return c
	case pEncounter, pHidden:
		c := []string{"pass", "walk", "sake", "shuriken " + p.Zone}
		for n := 1; n <= max(1, len(g.inZone(p.Zone))); n++ {
			c = append(c, fmt.Sprintf("kenjutsu %d", n))
		}
		return c
	case pCap:
		c := []string{"keep"}
		for _, ref := range g.refs() {
			c = append(c, "remove "+ref)
		}
		return c
	case pBonus:
		return g.bonusCandidates(r)
	}
	return nil
}

// bonusCandidates offers the decoy bonus with the sleeping guards placed
// in the first barracks with room, and no card or one card of a kind.
func (g *Game) bonusCandidates(r Role) []string {
	var zs []string
	sl := map[string]int{}
	for _, z := range g.d.Map.Zones {
		for z.Barracks && len(zs) < g.d.Setup.Decoy.SleepingGuards && g.sleeping[z.ID]+sl[z.ID] < g.d.Setup.SleepingPerBarracks {
			sl[z.ID]++
			zs = append(zs, z.ID)
		}
	}
	tail := " sleep " + strings.Join(zs, " ")
	if len(zs) == 0 {
		tail = ""
	}
	c := []string{"reinforce" + tail}
	if tail == "" {
		c[0] = "reinforce sleep"
	}
	for _, k := range cardNames(g.d.Guards) {
		c = append(c, "reinforce "+strings.ReplaceAll(k, " ", "-")+":1"+tail)
	}
	return c
}

func sortedKeys(m map[string]int) []string {
	var out []string
	for k, v := range m {
		if v > 0 {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
