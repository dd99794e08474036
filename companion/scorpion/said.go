package scorpion

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// said tells the table the bot's action just logged, from what the whole
// table may read of it (the engine's filter: a hidden step says nothing, a
// search, an encounter or a listen's result says what the rules make
// public), then what to change on the physical board, found by comparing
// the table's view before and after. "" when the table learns nothing.
func (t *Table) said(before engine.View) string {
	e := t.Log[len(t.Log)-1]
	var told []string
	for _, ev := range e.Events {
		if text, ok := ev.For(engine.RoleTable); ok && text != "" {
			told = append(told, text)
		}
	}
	if e.Sealed != nil {
		told = append(told, sealLine(e.Sealed)+" (write it down)")
	}
	board := boardChanges(before, t.Game.View(engine.RoleTable))
	if len(told) == 0 && len(board) == 0 {
		return ""
	}
	// A guard player is named (his cards are played openly); an intruder
	// is not, since the table does not know which of them acted.
	who := e.Role.String()
	if e.Role.Side() == engine.Intruders {
		who = sideWord(e.Role)
	}
	out := capital(who) + " (bot): " + strings.Join(told, "; ")
	if len(board) > 0 {
		if len(told) > 0 {
			out += ". "
		}
		out += "On the board: " + strings.Join(board, "; ")
	}
	return out + "."
}

// figureKey is a lone guard figure as the table sees it.
type figureKey struct {
	zone, typ string
	drunk     bool
}

// patrolAt is a patrol as the table sees it; types are its guards'
// types joined by "+" where two guard players play.
type patrolAt struct {
	zone, facing, types string
	size                int
}

func guardWord(typ string) string {
	if typ == "" {
		return "guard"
	}
	return typ + " guard"
}

// boardChanges lists what moved between two table views, as instructions
// for the physical board: guard figures, patrols, intruder tokens, wounds
// and the alert.
func boardChanges(a, b engine.View) []string {
	var out []string
	loneA, patA := figures(a)
	loneB, patB := figures(b)
	gone, came := minusKeys(loneA, loneB), minusKeys(loneB, loneA)
	// A guard who got drunk or sobered up stays where he is.
	for i := 0; i < len(gone); i++ {
		g := gone[i]
		j := slices.IndexFunc(came, func(c figureKey) bool { return c.zone == g.zone && c.typ == g.typ && c.drunk != g.drunk })
		if j < 0 {
			continue
		}
		if came[j].drunk {
			out = append(out, fmt.Sprintf("lay the %s at %s down (drunk)", guardWord(g.typ), g.zone))
		} else {
			out = append(out, fmt.Sprintf("stand the drunk %s at %s up", guardWord(g.typ), g.zone))
		}
		gone = slices.Delete(gone, i, i+1)
		came = slices.Delete(came, j, j+1)
		i--
	}
	if len(gone) == 1 && len(came) == 1 && gone[0].typ == came[0].typ && gone[0].drunk == came[0].drunk {
		out = append(out, fmt.Sprintf("move the %s from %s to %s", guardWord(gone[0].typ), gone[0].zone, came[0].zone))
		gone, came = nil, nil
	}
	for _, g := range gone {
		out = append(out, fmt.Sprintf("take the %s off %s", guardWord(g.typ), g.zone))
	}
	if len(came) > 0 {
		var zs []string
		for _, c := range came {
			w := c.zone
			if c.typ != "" {
				w += " (" + c.typ + ")"
			}
			if c.drunk {
				w += " (drunk)"
			}
			zs = append(zs, w)
		}
		noun := "a guard on"
		if len(zs) > 1 {
			noun = "a guard on each of"
		}
		out = append(out, "put "+noun+" "+strings.Join(zs, ", "))
	}
	for _, n := range slices.Sorted(maps.Keys(patB)) {
		p, q := patA[n], patB[n]
		switch {
		case p.size == 0:
			w := fmt.Sprintf("%d guards", q.size)
			if q.types != "" {
				w += ", " + q.types
			}
			out = append(out, fmt.Sprintf("put patrol %d (%s) on %s facing %s", n, w, q.zone, q.facing))
			continue
		case p.zone != q.zone:
			out = append(out, fmt.Sprintf("move patrol %d from %s to %s, facing %s", n, p.zone, q.zone, q.facing))
		case p.facing != q.facing && q.facing != "":
			out = append(out, fmt.Sprintf("turn patrol %d at %s to face %s", n, q.zone, q.facing))
		}
		if q.size < p.size {
			out = append(out, fmt.Sprintf("take %d guard(s) of patrol %d off %s", p.size-q.size, n, q.zone))
		}
	}
	for _, n := range slices.Sorted(maps.Keys(patA)) {
		if _, ok := patB[n]; !ok {
			out = append(out, fmt.Sprintf("take patrol %d off %s", n, patA[n].zone))
		}
	}
	for i := range min(len(a.Intruders), len(b.Intruders)) {
		out = append(out, tokenChanges(a.Intruders[i], b.Intruders[i])...)
	}
	if a.Alert != b.Alert && b.Phase != engine.PhaseOver.String() {
		out = append(out, "set the alert to "+b.Alert)
	}
	return out
}

// figures splits a view's guards into lone figures (sentries and drunk
// guards) and patrols by number.
func figures(v engine.View) ([]figureKey, map[int]patrolAt) {
	var lone []figureKey
	pats := map[int]patrolAt{}
	for _, g := range v.Guards {
		if g.Patrol == 0 || g.Drunk {
			lone = append(lone, figureKey{g.Zone, g.Type, g.Drunk})
			continue
		}
		p := pats[g.Patrol]
		p.zone, p.size = g.Zone, p.size+1
		if g.Facing != "" {
			p.facing = g.Facing
		}
		if g.Type != "" {
			p.types = strings.TrimPrefix(p.types+"+"+g.Type, "+")
		}
		pats[g.Patrol] = p
	}
	return lone, pats
}

// minusKeys is a less b, as multisets.
func minusKeys(a, b []figureKey) []figureKey {
	left := slices.Clone(b)
	var out []figureKey
	for _, k := range a {
		if i := slices.Index(left, k); i >= 0 {
			left = slices.Delete(left, i, i+1)
			continue
		}
		out = append(out, k)
	}
	return out
}

// tokenChanges is what the table does with one intruder's token and
// wound cards.
func tokenChanges(a, b engine.IntruderView) []string {
	var out []string
	seenA, seenB := a.Revealed && a.Zone != "", b.Revealed && b.Zone != ""
	switch {
	case !seenA && seenB:
		out = append(out, fmt.Sprintf("put the %s's token on %s", b.Name, b.Zone))
	case seenA && seenB && a.Zone != b.Zone:
		out = append(out, fmt.Sprintf("move the %s's token to %s", b.Name, b.Zone))
	case seenA && !seenB:
		out = append(out, fmt.Sprintf("take the %s's token off the board", b.Name))
	}
	if b.Wounds > a.Wounds {
		out = append(out, fmt.Sprintf("lay %d Kenjutsu card(s) by the %s for his wounds (%d now)", b.Wounds-a.Wounds, b.Name, b.Wounds))
	}
	return out
}
