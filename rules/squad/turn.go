package squad

import "github.com/ninjakit/ninjakit/rules"

// startTurn begins the movement turn of g.turn, passing over ninjas already
// home (S-5) and sitting out owed missed turns, until a turn needs the table.
func (g *Game) startTurn() {
	for {
		s := &g.seats[g.turn]
		g.expireFires(g.turn)
		switch {
		case s.Home:
		case s.Missed > 0:
			// The face-up card and the next one from the deck go (S-3).
			n := s.Up
			s.Discarded += s.Up
			s.Up = 0
			if s.Draw > 0 {
				s.Draw--
				s.Discarded++
				n++
			}
			s.Missed--
			// A Careless Footstep's first turn is the one missed: the
			// next turn starts with a card up like any other.
			s.Blind = false
			g.note(Event{Kind: EventMissed, Seat: g.turn, N: n})
		default:
			if s.Draw > 0 {
				s.Draw--
				s.Up++
			}
			g.stage = StageMove
			return
		}
		if !g.nextTurn() {
			return
		}
	}
}

// endTurn closes the turn just played.
func (g *Game) endTurn() {
	g.seats[g.turn].Dash = false
	if g.nextTurn() {
		g.startTurn()
	}
}

// nextTurn turns the next card up for the seat that just played and moves
// to the next seat; false when the movement phase ended.
func (g *Game) nextTurn() bool {
	s := &g.seats[g.turn]
	if !s.Home && s.Up == 0 && s.Draw > 0 {
		s.Draw--
		s.Up = 1
	}
	g.turn = g.turn.Next(len(g.seats))
	if g.turn == g.first {
		g.round++
	}
	if g.round > g.d.Setup.Rounds {
		g.endMovement()
		return false
	}
	return true
}

// endMovement closes the movement phase, after six rounds or at time-up.
// Fires go out and missed turns still owed are forgiven: both last only
// within a movement phase (S-4, S-7).
func (g *Game) endMovement() {
	for _, f := range g.fires {
		g.note(Event{Kind: EventFireOut, Seat: f})
	}
	g.fires = nil
	for i := range g.seats {
		g.seats[i].Missed, g.seats[i].Dash = 0, false
	}
	g.note(Event{Kind: EventMoveEnds, N: g.phase})
	g.stage = StageExposed
}

// expireFires puts out the fires seat lit: a fire burns for one movement
// round, until its archer's next turn comes round (S-8).
func (g *Game) expireFires(seat rules.Seat) {
	kept := g.fires[:0]
	for _, f := range g.fires {
		if f == seat {
			g.note(Event{Kind: EventFireOut, Seat: f})
			continue
		}
		kept = append(kept, f)
	}
	g.fires = kept
}
