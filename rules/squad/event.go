package squad

import "github.com/ninjakit/ninjakit/rules"

// EventKind says what happened.
type EventKind uint8

// Event kinds, in the words a moderator reads them out.
const (
	EventPhase     EventKind = iota // movement phase N begins; Seat holds the first-player token
	EventFootstep                   // Seat discards the card it would turn up (Careless Footstep)
	EventMissed                     // Seat discards N cards and sits out this turn
	EventFireOut                    // a fire lit by Seat goes out
	EventMoveEnds                   // the movement phase is over
	EventGuardStep                  // Guard Phase step N begins
	EventTracker                    // the tracker moves by N to Target
	EventGuards                     // N guards go on the board
	EventDrew                       // Seat drew Kind from Pile (Senjutsu and Buki: only Seat may see Kind)
	EventReshuffle                  // Pile's discards become its draw pile
	EventPileEmpty                  // Pile has no card left for Seat
	EventTrapLoss                   // Seat lost a Buki card of Kind to a Trip Wire (Kind hidden but from Seat and the trap's owner)
	EventToken                      // the first-player token passes to Seat
	EventRotate                     // the movement decks pass on: Decks gives each seat's deck for phase N
	EventHome                       // Seat reached the goal
	EventEscape                     // the raid is won: the Dawn Escape begins with Seat first
	EventOver                       // the game ends
)

// Event is one step the engine took while applying an action.
type Event struct {
	Kind   EventKind
	Seat   rules.Seat
	N      int
	Target int
	Pile   Pile
	Card   string
	Decks  []int
}

// Events lists what the last applied action (or NewGame's set-up) made
// happen, in order.
func (g *Game) Events() []Event { return append([]Event(nil), g.events...) }

func (g *Game) note(e Event) { g.events = append(g.events, e) }

// For is the event as viewer may know it (NoSeat: the whole table): the
// kind of a Senjutsu or Buki card drawn, or lost to a Trip Wire, is blanked
// for everyone but its holder. A Trip Wire's owner learns the card at the
// table; the companion shows it to that role from the trap's action.
func (e Event) For(viewer rules.Seat) Event {
	hidden := (e.Kind == EventDrew && e.Pile != AlarmPile) || e.Kind == EventTrapLoss
	if hidden && viewer != e.Seat {
		e.Card = ""
	}
	return e
}
