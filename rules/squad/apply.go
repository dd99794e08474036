package squad

import (
	"strconv"

	"github.com/ninjakit/ninjakit/rules"
)

// Apply carries out an action. An action LegalActions does not list is
// refused with an *IllegalError (wrapping rules.ErrIllegal) and the game is
// left unchanged.
func (g *Game) Apply(a Action) error {
	if !g.lists(a) {
		return g.judge(a)
	}
	g.events = g.events[:0]
	g.apply(a)
	g.step++
	return nil
}

// IsLegal reports whether LegalActions lists a.
func (g *Game) IsLegal(a Action) bool { return g.lists(a) }

func (g *Game) apply(a Action) {
	t := g.turn
	me := &g.seats[t]
	switch a.Type {
	case ActPlay:
		me.Up--
		me.Played++
		me.Discarded += me.Up
		me.Up, me.Blind = 0, false
		g.moved(a.Met)
	case ActDash:
		me.Up = 0
		me.Played += 2
		g.moved(a.Met)
	case ActFreeze:
		me.Discarded += me.Up
		me.Up, me.Blind = 0, false
		g.endTurn()
	case ActSenjutsu:
		k := kindIndex(g.d.Senjutsu, a.Kind)
		g.seats[a.Seat].Senjutsu[k]--
		g.piles[SenjutsuPile].Discard[k]++
		if a.Kind == "ninja-dash" {
			me.Dash = true
		}
		g.moveTracker(g.d.Senjutsu[k].Alarm)
	case ActBuki:
		g.spendBuki(a.Kind)
	case ActFire:
		g.spendBuki("arrow")
		g.fires = append(g.fires, t)
	case ActFlask:
		g.spendBuki("water-flask")
		g.note(Event{Kind: EventFireOut, Seat: g.fires[0]})
		g.fires = g.fires[1:]
	case ActStar:
		me.StarUsed = true
	case ActSetTrap:
		me.Wana[kindIndex(g.d.Wana, a.Kind)] = trapSet
	case ActSpring:
		g.seats[a.Seat].Wana[kindIndex(g.d.Wana, a.Kind)] = trapSprung
		if a.Kind == "trip-wire" {
			g.tripWire(a)
		}
	case ActGuard:
		// As on one's own move, a guard taken out costs the next turn; one
		// still owed when the phase ends is forgiven (S-4, S-24).
		g.seats[a.Seat].Guards++
		g.seats[a.Seat].Missed++
	case ActReached:
		// The mover's turn goes on; Buki cards owed are drawn now (S-28).
		if !g.collect(a.Seat, a.Met) && g.mode == Escape {
			g.drain()
		}
	case ActEndTurn:
		g.endTurn()
	case ActTimeUp:
		g.endMovement()
	case ActExposed:
		for i := range g.seats {
			g.seats[i].Exposed = a.Has(rules.Seat(i))
		}
		g.stage = StagePatrols
	case ActPatrols:
		g.note(Event{Kind: EventGuardStep, N: 1})
		for i := range g.seats {
			if a.Has(rules.Seat(i)) {
				g.seats[i].Guards++ // no missed turn: the movement phase is over (S-4)
			}
		}
		g.gstep = 2
		g.runGuard()
	case ActDraw:
		p := g.pending[0]
		g.popPending()
		g.give(p, kindIndex(g.cards(p.Pile), a.Kind))
		g.resume()
	}
}

// resume continues after a reported card: the Guard Phase, or the turn of
// the mover, who has played its card once none is face up (the cards may
// be a rival's, moved before the mover's move, S-28).
func (g *Game) resume() {
	switch {
	case g.result != Playing:
	case g.gstep > 0:
		g.runGuard()
	case g.drain():
		g.stage = StageAfter
		if g.seats[g.turn].Up > 0 {
			g.stage = StageMove
		}
	}
}

// moved records what a played move met and ends the turn, or leaves it
// open for the Buki cards it drew.
func (g *Game) moved(m Met) {
	me := &g.seats[g.turn]
	if m.Guard {
		me.Guards++
		// Taking out a guard costs the next turn, except on the last
		// movement turn of the phase (the sixth card).
		if g.round < g.d.Setup.Rounds {
			me.Missed++
		}
	}
	if g.collect(g.turn, m) {
		return
	}
	if g.mode == Raid || m.Cubes == 0 {
		g.endTurn()
		return
	}
	if g.drain() {
		g.stage = StageAfter
	}
}

// collect gives s what m met besides a guard: lanterns, Senjutsu cubes in
// the raid or Buki cards owed in the escape, and home; true when reaching
// home ended the part.
func (g *Game) collect(s rules.Seat, m Met) bool {
	p := &g.seats[s]
	p.Lanterns += m.Lanterns
	if m.Home {
		p.Home = true
		g.homeAt = append(g.homeAt, s)
		g.note(Event{Kind: EventHome, Seat: s})
		if g.arrived(s) {
			return true
		}
	}
	if g.mode == Raid {
		p.Cubes += m.Cubes
		return false
	}
	for range m.Cubes {
		g.pending = append(g.pending, pending{BukiPile, s})
	}
	return false
}

// arrived settles s reaching the goal; true when that ended the part.
func (g *Game) arrived(s rules.Seat) bool {
	if g.mode == Escape {
		g.end(Escaped, s)
		return true
	}
	for i := range g.seats {
		if !g.seats[i].Home {
			return false
		}
	}
	if !g.full {
		g.end(RaidWon, NoSeat)
		return true
	}
	// The escape: Senjutsu cards are set aside, the first ninja on the
	// palace roof takes the first-player token (S-12).
	for i := range g.seats {
		s := &g.seats[i]
		for k, n := range s.Senjutsu {
			g.piles[SenjutsuPile].Discard[k] += n
			s.Senjutsu[k] = 0
		}
	}
	g.mode, g.first, g.fires = Escape, g.homeAt[0], nil
	g.note(Event{Kind: EventEscape, Seat: g.first})
	g.beginPart()
	return true
}

func (g *Game) spendBuki(kind string) {
	k := kindIndex(g.d.Buki, kind)
	g.seats[g.turn].Buki[k]--
	g.piles[BukiPile].Discard[k]++
}

// springer is the ninja who stepped on a trap: the rival knocked onto it,
// or the ninja to act.
func (g *Game) springer(a Action) rules.Seat {
	if r := a.Rival(); r != NoSeat {
		return r
	}
	return g.turn
}

// tripWire takes one Buki card from the ninja who stepped on it: named by
// the table in a physical game, drawn at random by the engine in a digital
// one (S-16).
func (g *Game) tripWire(a Action) {
	victim := g.springer(a)
	hand := g.seats[victim].Buki
	if sum(hand) == 0 {
		return
	}
	k := kindIndex(g.d.Buki, a.Lost)
	if g.draws == Digital {
		var buf [32]byte
		n := g.rand(strconv.AppendInt(append(buf[:0], "squad trip "...), int64(g.step), 10)).IntN(sum(hand))
		for k = 0; n >= hand[k]; k++ {
			n -= hand[k]
		}
	}
	hand[k]--
	g.piles[BukiPile].Discard[k]++
	g.note(Event{Kind: EventTrapLoss, Seat: victim, Pile: BukiPile, Card: g.d.Buki[k].Kind})
}
