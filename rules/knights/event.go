package knights

import "github.com/ninjakit/ninjakit/rules"

// EventKind says what happened.
type EventKind uint8

// Event kinds: the steps of an action that players at a table carry out by
// hand, in the order they happen.
const (
	EventDraw           EventKind = iota // Seat draws Cards cards from the draw pile
	EventReshuffle                       // the Cards discards become the draw pile; Target gems now win
	EventMinstrelLeaves                  // Seat's fortifying Minstrel goes to the discards at its turn's start
	EventLadderLeaves                    // the Ladder of the turn goes to the discards
	EventMerchantTakes                   // the Merchant's player takes Cards cards, unseen, from Seat's hand
	EventDraft                           // Cards cards leave the draw pile to form a duel draft pile
)

// Event is one step the engine counted while applying an action; the
// companion turns these into instructions for a physical table, so what it
// says is what the engine did rather than a guess from hand sizes.
type Event struct {
	Kind   EventKind
	Seat   rules.Seat
	Cards  int
	Target int
}

// Events lists what the last applied action (or NewGame's deal) made happen,
// in order.
func (g *Game) Events() []Event { return append([]Event(nil), g.events...) }

func (g *Game) note(e Event) { g.events = append(g.events, e) }
