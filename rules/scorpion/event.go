package scorpion

import "fmt"

// Audience is a set of roles.
type Audience uint8

func aud(roles ...Role) Audience {
	var a Audience
	for _, r := range roles {
		a |= 1 << r
	}
	return a
}

var (
	guardSide    = aud(RoleGuard, RoleSword, RoleSpear)
	intruderSide = aud(RoleNinja, RoleTraitor)
	everyone     = guardSide | intruderSide | aud(RoleTable)
)

// Has reports whether r is in the audience.
func (a Audience) Has(r Role) bool { return a&(1<<r) != 0 }

// KindGuardMove is the kind of every event in which guard figures move
// (Sentry and Patrol Search, Awaken, following a listen, the march, a
// guard entering the passage): even meeting nobody, it tells the guards
// those zones were empty.
const KindGuardMove = "guardmove"

// quiet are the event kinds that tell nobody anything the role could not
// know before: turn and phase changes, waits, the falling alert, set-up
// choices (secret to their own side), an intruder's own step, readiness.
var quiet = map[string]bool{"turn": true, "phase": true, "wait": true, "done": true, "alert": true,
	"setup": true, "step": true, "ready": true, "start": true}

// Reveals reports whether the event tells some role something it could
// not know before (a draw, a listen or search result, a guard move, a
// meeting, a card played, a discovery, a death, a mission): such an
// action must not be undone, since undo never un-sees.
func (e Event) Reveals() bool { return !quiet[e.Kind] }

// Event is one thing that happened. Kinds: turn, phase, wait, done,
// alert, setup, step (an intruder's own move), ready, start, draw, listen,
// guardmove, found, seen, hidden, attack, kill, death, return, mission,
// show, search, cat, card, rope, passage, cap, bonus, leave, over. Text is what the audience To reads
// (the moderator reads it too); everyone else reads Public, or nothing
// when Public is empty.
type Event struct {
	Kind   string   `json:"kind"`
	Text   string   `json:"text"`
	Public string   `json:"public,omitempty"`
	To     Audience `json:"to"`
}

// For is the event as r may read it; ok is false when r learns nothing.
func (e Event) For(r Role) (text string, ok bool) {
	if r == RoleModerator || e.To.Has(r) {
		return e.Text, true
	}
	return e.Public, e.Public != ""
}

// say records an event everyone reads alike.
func (g *Game) say(kind, format string, args ...any) {
	g.events = append(g.events, Event{Kind: kind, Text: fmt.Sprintf(format, args...), To: everyone})
}

// tell records an event only the audience to reads; public is what
// everyone else reads ("" for nothing).
func (g *Game) tell(kind string, to Audience, public, format string, args ...any) {
	g.events = append(g.events, Event{Kind: kind, Text: fmt.Sprintf(format, args...), Public: public, To: to})
}

// Events lists what the last applied action made happen.
func (g *Game) Events() []Event { return append([]Event(nil), g.events...) }
