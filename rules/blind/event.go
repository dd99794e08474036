package blind

import "github.com/ninjakit/ninjakit/rules"

// EventKind says what happened.
type EventKind uint8

// Event kinds. Placed, Slash, Out, Round and Over are heard or seen by the
// whole table; the rest happen behind one player's screen.
const (
	EventPlaced  EventKind = iota // Seat placed their ninjas on Squares (the squares are Seat's alone)
	EventMoved                    // Seat's ninja moved to Square, facing Face
	EventTurned                   // Seat's ninja turned to Face
	EventStood                    // Seat's ninja stood still
	EventNoSlash                  // Seat's ninja was slain by an earlier slash of the turn: no slash
	EventSlash                    // Seat's ninja slashed Square; Sounds answer it, by seat
	EventSlain                    // Seat's ninja was slain on Square
	EventOut                      // Seat has no ninja left
	EventRound                    // round N begins
	EventOver                     // the game is over: Seats share the win; N is the turn limit that ended it, or 0
)

// Event is one step the engine took while applying an action.
type Event struct {
	Kind    EventKind
	Seat    rules.Seat
	Ninja   int
	Square  Square
	Squares []Square
	Face    Facing
	Sounds  []Sound
	Seats   []rules.Seat
	N       int
}

// Audience is who may read the whole event: NoSeat for the whole table,
// else the one seat behind whose screen it happened.
func (e Event) Audience() rules.Seat {
	switch e.Kind {
	case EventPlaced, EventMoved, EventTurned, EventStood, EventNoSlash, EventSlain:
		return e.Seat
	}
	return NoSeat
}

// For is the event as viewer may know it, and false when viewer may not
// know it happened at all. Everyone learns that a seat placed its ninjas,
// never where; a slain ninja is heard only as its owner's grunt.
func (e Event) For(viewer rules.Seat) (Event, bool) {
	if a := e.Audience(); a == NoSeat || a == viewer {
		return e, true
	}
	if e.Kind == EventPlaced {
		return Event{Kind: EventPlaced, Seat: e.Seat}, true
	}
	return Event{}, false
}

// Events lists what the last applied action made happen, in order.
func (g *Game) Events() []Event { return append([]Event(nil), g.events...) }

func (g *Game) note(e Event) {
	if !g.quiet {
		g.events = append(g.events, e)
	}
}
