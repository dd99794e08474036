package squad

import "github.com/ninjakit/ninjakit/rules"

// LegalActions lists every action the game accepts now. Plays list every
// count of cubes and lanterns up to maxMet that the part allows.
func (g *Game) LegalActions() []Action {
	var out []Action
	t := g.turn
	me := &g.seats[t]
	switch g.stage {
	case StageMove:
		mets := g.mets()
		out = make([]Action, 0, 4*len(mets)+8)
		switch {
		case me.Dash:
			for r1 := 1; r1 <= 2; r1++ {
				for r2 := 1; r2 <= 2; r2++ {
					for _, m := range mets {
						out = append(out, Action{Type: ActDash, Seat: NoSeat, Route: r1, Route2: r2, Met: m})
					}
				}
			}
			// A first move that runs into a guard stops there: the dash
			// ends with that card alone (S-26).
			for c := 1; c <= 2; c++ {
				for r := 1; r <= 2; r++ {
					for _, m := range mets {
						if m.Guard {
							out = append(out, Action{Type: ActPlay, Seat: NoSeat, Card: c, Route: r, Met: m})
						}
					}
				}
			}
		default:
			for c := 1; c <= me.Up; c++ {
				for r := 1; r <= 2; r++ {
					for _, m := range mets {
						out = append(out, Action{Type: ActPlay, Seat: NoSeat, Card: c, Route: r, Met: m})
					}
				}
			}
			out = append(out, Action{Type: ActFreeze, Seat: NoSeat})
		}
		out = append(out, g.freeActions()...)
		if g.speedy && g.mode == Raid {
			out = append(out, Action{Type: ActTimeUp, Seat: NoSeat})
		}
	case StageAfter:
		out = append(g.freeActions(), Action{Type: ActEndTurn, Seat: NoSeat})
	case StageExposed, StagePatrols:
		typ := map[Stage]ActionType{StageExposed: ActExposed, StagePatrols: ActPatrols}[g.stage]
		var away SeatSet
		for i := range g.seats {
			if !g.seats[i].Home {
				away |= 1 << i
			}
		}
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

// Everything a move may report meeting, in the raid and in the escape
// (no lanterns by day).
var raidMets, escapeMets = metList(maxMet), metList(0)

func (g *Game) mets() []Met {
	if g.mode == Raid {
		return raidMets
	}
	return escapeMets
}

func metList(lanterns int) []Met {
	var out []Met
	for c := 0; c <= maxMet; c++ {
		for l := 0; l <= lanterns; l++ {
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
// it was knocked into (S-24), and on one's own turn the Throwing Star
// token, Buki cards and traps (S-15), which may knock a rival onto a trap
// (S-25).
func (g *Game) freeActions() []Action {
	var out []Action
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
