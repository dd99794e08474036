package squad

import (
	"sync"

	"github.com/ninjakit/ninjakit/rules"
)

// LegalActions lists every action the game accepts now. Plays and reports
// of a rival moved list every count of cubes and lanterns up to maxMet that
// the part allows, dashes up to maxDashMet.
func (g *Game) LegalActions() []Action { return g.AppendLegalActions(nil) }

// AppendLegalActions appends LegalActions to buf, so a caller that lists
// many times (a playout) reuses one buffer.
func (g *Game) AppendLegalActions(buf []Action) []Action {
	out := buf
	me := &g.seats[g.turn]
	switch g.stage {
	case StageMove:
		if tab := g.mets(); me.Dash {
			out = append(out, tab.dash...)
		} else {
			out = append(out, tab.plays[:2*me.Up*len(tab.list)]...)
			out = append(out, Action{Type: ActFreeze, Seat: NoSeat})
		}
		out = g.freeActions(out)
		if g.speedy && g.mode == Raid {
			out = append(out, Action{Type: ActTimeUp, Seat: NoSeat})
		}
	case StageAfter:
		out = append(g.freeActions(out), Action{Type: ActEndTurn, Seat: NoSeat})
	case StageExposed, StagePatrols:
		typ := ActExposed
		if g.stage == StagePatrols {
			typ = ActPatrols
		}
		away := g.away()
		for s := SeatSet(0); s < 1<<len(g.seats); s++ {
			if s&^away == 0 {
				out = append(out, Action{Type: typ, Seat: NoSeat, Seats: s})
			}
		}
	case StageDraw:
		p := g.pending[0]
		for k, n := range g.piles[p.Pile].Draw {
			if n > 0 {
				out = append(out, Action{Type: ActDraw, Seat: p.Seat, Pile: p.Pile, Kind: g.cards(p.Pile)[k].Kind})
			}
		}
	}
	return out
}

// away is the set of seats not yet home.
func (g *Game) away() SeatSet {
	var away SeatSet
	for i := range g.seats {
		if !g.seats[i].Home {
			away |= 1 << i
		}
	}
	return away
}

// Everything a move may report meeting, in the raid and in the escape
// (no lanterns by day), and the plays made of them: built on first use, so
// that a command that plays no Ninja Squad does not pay for them at start.
var (
	raidMets   = sync.OnceValue(func() *moveTable { t := newMoveTable(true); return &t })
	escapeMets = sync.OnceValue(func() *moveTable { t := newMoveTable(false); return &t })
)

// moveTable holds a part's movement listings, built once: plays lists
// card 1's then card 2's routes with every Met (a seat with one card face
// up lists the first half), dash the dashes then the single plays that ran
// into a guard (S-26), and reached what a rival moved by someone else may
// report (S-28).
type moveTable struct {
	list        []Met
	plays, dash []Action
	reached     []Met
}

func (g *Game) mets() *moveTable {
	if g.mode == Raid {
		return raidMets()
	}
	return escapeMets()
}

func newMoveTable(lanterns bool) moveTable {
	t := moveTable{list: metList(maxMet, lanterns)}
	for c := 1; c <= 2; c++ {
		for r := 1; r <= 2; r++ {
			for _, m := range t.list {
				t.plays = append(t.plays, Action{Type: ActPlay, Seat: NoSeat, Card: c, Route: r, Met: m})
			}
		}
	}
	for r1 := 1; r1 <= 2; r1++ {
		for r2 := 1; r2 <= 2; r2++ {
			for _, m := range metList(maxDashMet, lanterns) {
				t.dash = append(t.dash, Action{Type: ActDash, Seat: NoSeat, Route: r1, Route2: r2, Met: m})
			}
		}
	}
	for _, a := range t.plays {
		if a.Met.Guard {
			t.dash = append(t.dash, a)
		}
	}
	for _, m := range t.list {
		if !m.Guard && m != (Met{}) {
			t.reached = append(t.reached, m)
		}
	}
	return t
}

// metList is every Met with up to most cubes, and as many lanterns when
// the part has them.
func metList(most int, lanterns bool) []Met {
	var out []Met
	for c := 0; c <= most; c++ {
		for l := 0; l <= most*b2i(lanterns); l++ {
			for _, guard := range []bool{false, true} {
				for _, home := range []bool{false, true} {
					out = append(out, Met{Cubes: c, Lanterns: l, Guard: guard, Home: home})
				}
			}
		}
	}
	return out
}

// freeActions are the actions that cost no movement: Senjutsu cards (any
// holder, a ninja on the palace roof too, any time in the movement phase;
// Ninja Dash only before one's own move, S-14), a rival taking out a guard
// it was knocked into (S-24) or reaching cubes, lanterns or home when moved
// by someone else (S-28), and on one's own turn the Throwing Star
// token, Buki cards and traps (S-15), which may knock a rival onto a trap
// (S-25).
func (g *Game) freeActions(out []Action) []Action {
	t := g.turn
	me := &g.seats[t]
	if g.mode == Raid && g.stage == StageMove {
		for i := range g.seats {
			s := rules.Seat(i)
			for k, n := range g.seats[i].Senjutsu {
				kind := g.d.Senjutsu[k].Kind
				if n == 0 || (kind == "ninja-dash" && (s != t || me.Up != 2 || me.Dash)) {
					continue
				}
				out = append(out, Action{Type: ActSenjutsu, Seat: s, Kind: kind})
			}
		}
	}
	if !me.StarUsed {
		out = append(out, Action{Type: ActStar, Seat: t})
	}
	for i := range g.seats {
		if s := rules.Seat(i); s != t && !g.seats[i].Home {
			out = append(out, Action{Type: ActGuard, Seat: s})
			for _, m := range g.mets().reached {
				out = append(out, Action{Type: ActReached, Seat: s, Met: m})
			}
		}
	}
	if g.mode == Raid {
		return out
	}
	for k, n := range me.Buki {
		if n == 0 {
			continue
		}
		switch kind := g.d.Buki[k].Kind; kind {
		case "water-flask":
			if len(g.fires) > 0 {
				out = append(out, Action{Type: ActFlask, Seat: t})
			}
		case "arrow":
			if len(g.fires) < g.d.Tokens.Fire {
				out = append(out, Action{Type: ActFire, Seat: t})
			}
			fallthrough
		default:
			out = append(out, Action{Type: ActBuki, Seat: t, Kind: kind})
		}
	}
	for k, st := range me.Wana {
		if st == trapHeld {
			out = append(out, Action{Type: ActSetTrap, Seat: t, Kind: g.d.Wana[k].Kind})
		}
	}
	for v := range g.seats {
		if g.seats[v].Home {
			continue
		}
		var on SeatSet
		if rules.Seat(v) != t {
			on = Seats(rules.Seat(v))
		}
		out = g.springs(out, rules.Seat(v), on)
	}
	return out
}

// springs adds the traps victim may spring: every rival's trap on the
// board; a Trip Wire in a physical game once per Buki card victim holds.
func (g *Game) springs(out []Action, victim rules.Seat, on SeatSet) []Action {
	hand := g.seats[victim].Buki
	for i := range g.seats {
		if rules.Seat(i) == victim {
			continue
		}
		for k, st := range g.seats[i].Wana {
			if st != trapSet {
				continue
			}
			a := Action{Type: ActSpring, Seat: rules.Seat(i), Kind: g.d.Wana[k].Kind, Seats: on}
			if a.Kind != "trip-wire" || g.draws == Digital || sum(hand) == 0 {
				out = append(out, a)
				continue
			}
			for b, n := range hand {
				if n > 0 {
					a.Lost = g.d.Buki[b].Kind
					out = append(out, a)
				}
			}
		}
	}
	return out
}

// lists reports whether LegalActions holds a, without listing: Apply's
// check. TestListsIsLegalActions holds it to the listing.
func (g *Game) lists(a Action) bool {
	t := g.turn
	me := &g.seats[t]
	switch g.stage {
	case StageMove:
		switch a.Type {
		case ActPlay:
			return a.isMove(g.mode) && a.Route2 == 0 && a.Card >= 1 &&
				(me.Dash && a.Card <= 2 && a.Met.Guard || !me.Dash && a.Card <= me.Up)
		case ActDash:
			return me.Dash && a.isMove(g.mode) && a.Card == 0 && a.Route2 >= 1 && a.Route2 <= 2
		case ActFreeze:
			return !me.Dash && a.bare(NoSeat)
		case ActTimeUp:
			return g.speedy && g.mode == Raid && a.bare(NoSeat)
		}
		return g.listsFree(a)
	case StageAfter:
		if a.Type == ActEndTurn {
			return a.bare(NoSeat)
		}
		return g.listsFree(a)
	case StageExposed, StagePatrols:
		typ := ActExposed
		if g.stage == StagePatrols {
			typ = ActPatrols
		}
		return a.Type == typ && a == Action{Type: typ, Seat: NoSeat, Seats: a.Seats} && a.Seats&^g.away() == 0
	case StageDraw:
		p := g.pending[0]
		k := kindIndex(g.cards(p.Pile), a.Kind)
		return k >= 0 && g.piles[p.Pile].Draw[k] > 0 && a == Action{Type: ActDraw, Seat: p.Seat, Pile: p.Pile, Kind: a.Kind}
	}
	return false
}

// isMove checks what plays and dashes share: a route, a Met the part
// lists, and nothing else set.
func (a Action) isMove(m Mode) bool {
	most := maxMet
	if a.Type == ActDash {
		most = maxDashMet
	}
	return a.Seat == NoSeat && a.Route >= 1 && a.Route <= 2 && a.Met.within(most, m) &&
		a.Pile == 0 && a.Kind == "" && a.Lost == "" && a.Seats == 0
}

// within reports counts from 0 to most, and no lanterns in the escape.
func (m Met) within(most int, part Mode) bool {
	lanterns := most
	if part == Escape {
		lanterns = 0
	}
	return m.Cubes >= 0 && m.Cubes <= most && m.Lanterns >= 0 && m.Lanterns <= lanterns
}

// bare reports an action of its type with only seat set.
func (a Action) bare(seat rules.Seat) bool { return a == Action{Type: a.Type, Seat: seat} }

// listsFree is lists for freeActions.
func (g *Game) listsFree(a Action) bool {
	t := g.turn
	me := &g.seats[t]
	switch a.Type {
	case ActSenjutsu:
		if g.mode != Raid || g.stage != StageMove || a.Seat < 0 || int(a.Seat) >= len(g.seats) {
			return false
		}
		k := kindIndex(g.d.Senjutsu, a.Kind)
		if k < 0 || g.seats[a.Seat].Senjutsu[k] == 0 || a.Kind == "ninja-dash" && (a.Seat != t || me.Up != 2 || me.Dash) {
			return false
		}
		return a == Action{Type: ActSenjutsu, Seat: a.Seat, Kind: a.Kind}
	case ActStar:
		return !me.StarUsed && a.bare(t)
	case ActGuard:
		return a.Seat != t && a.Seat >= 0 && int(a.Seat) < len(g.seats) && !g.seats[a.Seat].Home && a.bare(a.Seat)
	case ActReached:
		return a.Seat != t && a.Seat >= 0 && int(a.Seat) < len(g.seats) && !g.seats[a.Seat].Home &&
			a == Action{Type: ActReached, Seat: a.Seat, Met: a.Met} && !a.Met.Guard && a.Met != (Met{}) && a.Met.within(maxMet, g.mode)
	}
	if g.mode == Raid {
		return false
	}
	switch a.Type {
	case ActFlask:
		k := kindIndex(g.d.Buki, "water-flask")
		return k >= 0 && me.Buki[k] > 0 && len(g.fires) > 0 && a.bare(t)
	case ActFire:
		k := kindIndex(g.d.Buki, "arrow")
		return k >= 0 && me.Buki[k] > 0 && len(g.fires) < g.d.Tokens.Fire && a.bare(t)
	case ActBuki:
		k := kindIndex(g.d.Buki, a.Kind)
		return k >= 0 && a.Kind != "water-flask" && me.Buki[k] > 0 && a == Action{Type: ActBuki, Seat: t, Kind: a.Kind}
	case ActSetTrap:
		k := kindIndex(g.d.Wana, a.Kind)
		return k >= 0 && me.Wana[k] == trapHeld && a == Action{Type: ActSetTrap, Seat: t, Kind: a.Kind}
	case ActSpring:
		return g.listsSpring(a)
	}
	return false
}

// listsSpring is lists for springs: a rival's set trap, stepped on by the
// ninja to act (no seat named) or by the one rival named, not yet home.
func (g *Game) listsSpring(a Action) bool {
	t := g.turn
	victim := t
	if a.Seats != 0 {
		victim = a.Rival()
		if victim == NoSeat || victim == t || int(victim) >= len(g.seats) || a.Seats != Seats(victim) {
			return false
		}
	}
	if a.Seat < 0 || int(a.Seat) >= len(g.seats) || a.Seat == victim || g.seats[victim].Home {
		return false
	}
	k := kindIndex(g.d.Wana, a.Kind)
	if k < 0 || g.seats[a.Seat].Wana[k] != trapSet {
		return false
	}
	if a != (Action{Type: ActSpring, Seat: a.Seat, Kind: a.Kind, Seats: a.Seats, Lost: a.Lost}) {
		return false
	}
	hand := g.seats[victim].Buki
	if a.Kind != "trip-wire" || g.draws == Digital || sum(hand) == 0 {
		return a.Lost == ""
	}
	b := kindIndex(g.d.Buki, a.Lost)
	return b >= 0 && hand[b] > 0
}
