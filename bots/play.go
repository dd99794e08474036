package bots

import (
	"errors"
	"fmt"
	"time"

	"github.com/ninjakit/ninjakit/rules"
)

// Game is one finished (or cut off) bot game.
type Game struct {
	// Returns by seat, all 0 when the game was cut off.
	Returns  []float64
	Actions  int
	Finished bool
	// Think is every decision's time, by seat.
	Think [][]time.Duration
}

// Play plays s to the end (or limit actions) with one bot a seat, and
// leaves s at its end. Every action goes through the engine's checked Act;
// a refusal is an error naming the seat and the action, as is a seat to act
// without a bot or without an action.
func Play[S rules.Engine[S, A], A comparable](s S, seats []*Bot[S, A], limit int) (Game, error) {
	g := Game{Think: make([][]time.Duration, s.Players())}
	if len(seats) != s.Players() {
		return g, fmt.Errorf("%d bots for %d seats", len(seats), s.Players())
	}
	var to []rules.Seat
	for g.Actions < limit && !s.Over() {
		to = s.ToAct(to[:0])
		if len(to) == 0 {
			return g, errors.New("the game is not over, yet no seat is to act")
		}
		// Seats deciding at once each decide from their own view, which
		// hides what the others chose (E-3); they act in the listed order.
		who := to[0]
		start := time.Now()
		d, err := seats[who].Choose(ViewOf(s, who))
		g.Think[who] = append(g.Think[who], time.Since(start))
		if err != nil {
			return g, fmt.Errorf("seat %s (%s bot): %w", who, seats[who].Level(), err)
		}
		if err := s.Act(who, d.Action); err != nil {
			return g, fmt.Errorf("the engine refused seat %s's %s bot action %q: %w", who, seats[who].Level(), s.Notation(d.Action), err)
		}
		g.Actions++
	}
	g.Finished = s.Over()
	g.Returns = s.Returns(nil)
	return g, nil
}
