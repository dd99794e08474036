package knights

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// declineKind is the log event of a seat letting a steal window's gems go
// (ruling K42).
const declineKind = "decline"

type declineData struct {
	Seat int `json:"seat"`
}

// Asked lists the seats an open steal window still asks, in turn order
// from the holder's left: every other seat with a card, less those that let
// the gems go. A seat with no card cannot steal and hand sizes are public,
// so leaving it out tells nothing. Nil while no window is open.
func (t *Table) Asked() []rules.Seat {
	g := t.Game
	if g.Phase() != engine.PhaseSteal {
		return nil
	}
	holder, _ := g.Holder()
	var out []rules.Seat
	for i := 1; i < g.Players(); i++ {
		s := holder.Offset(i, g.Players())
		if g.HandSize(s) > 0 && t.declined&(1<<s) == 0 {
			out = append(out, s)
		}
	}
	return out
}

// Question is what the steal window asks each seat in Asked, the same words
// for every one of them, whatever their hand holds.
func (t *Table) Question() string {
	holder, amount := t.Game.Holder()
	return fmt.Sprintf("%s just took %s. Do you steal them with a highwayman (steal), or let them go (decline)?", t.seatName(holder), gems(amount))
}

// Decline returns the event of seat by (the next seat asked when empty)
// letting the open window's gems go. The last seat asked to decline closes
// the window, as the turn player's pass would (ruling K39).
func (t *Table) Decline(by string) (companion.Event, error) {
	return t.decline(by, false)
}

// decline is Decline; bot says the companion answers for a bot seat.
func (t *Table) decline(by string, bot bool) (companion.Event, error) {
	asked := t.Asked()
	s := engine.NoSeat
	for _, a := range asked {
		if bot || !t.isBot(a) {
			s = a
			break
		}
	}
	if by != "" {
		var err error
		if s, err = t.Options.seat(by); err != nil {
			return companion.Event{}, err
		}
	}
	if !bot && t.isBot(s) {
		return companion.Event{}, botRefusal(t.seatName(s))
	}
	if err := t.notAsked(s); err != nil {
		return companion.Event{}, err
	}
	raw, _ := json.Marshal(declineData{Seat: int(s)})
	e := companion.Event{Seq: len(t.Log) + 1, Kind: declineKind, Data: raw}
	if err := t.replayDecline(e); err != nil {
		return companion.Event{}, err
	}
	t.Cues = nil
	if t.closed {
		t.Cues = t.cues()
	}
	return e, nil
}

// notAsked says, from public facts only, why seat s may not answer the
// steal window now; nil when it is asked.
func (t *Table) notAsked(s rules.Seat) error {
	g := t.Game
	holder, _ := g.Holder()
	switch {
	case g.Phase() != engine.PhaseSteal:
		return fmt.Errorf("%w: no gems to steal now: %s", rules.ErrIllegal, t.Waiting())
	case s == engine.NoSeat:
		return fmt.Errorf("%w: nobody else has a card to steal with: pass closes the window", rules.ErrIllegal)
	case s == holder:
		return fmt.Errorf("%w: %s holds the gems", rules.ErrIllegal, t.seatName(s))
	case t.declined&(1<<s) != 0:
		return fmt.Errorf("%w: %s already let these gems go", rules.ErrIllegal, t.seatName(s))
	case g.HandSize(s) == 0:
		return fmt.Errorf("%w: %s has no cards to steal with", rules.ErrIllegal, t.seatName(s))
	}
	return nil
}

// letGo reports whether a is a steal by a seat that already let the open
// window's gems go, which the engine would allow but the table does not.
func (t *Table) letGo(a engine.Action) bool {
	return a.Type() == engine.ActRespond && t.Game.Phase() == engine.PhaseSteal && t.declined&(1<<a.Seat()) != 0
}

// readDecline decodes a decline exactly as Decline writes it.
func (t *Table) readDecline(e companion.Event) (rules.Seat, error) {
	var d declineData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return 0, fmt.Errorf("decline data: %w", err)
	}
	if d.Seat < 0 || d.Seat >= t.Game.Players() {
		return 0, fmt.Errorf("decline by seat %d at a table of %d", d.Seat+1, t.Game.Players())
	}
	return rules.Seat(d.Seat), nil
}

func (t *Table) replayDecline(e companion.Event) error {
	s, err := t.readDecline(e)
	if err != nil {
		return err
	}
	if err := t.notAsked(s); err != nil {
		return err
	}
	t.declined |= 1 << s
	story := []line{public("%s lets the gems go", t.seatName(s))}
	t.closed = len(t.Asked()) == 0
	if t.closed {
		before := t.Game.Clone()
		pass := engine.PassAction()
		t.Game.SetRand(drawRand(t.seed, e.Seq))
		if err := t.Game.Apply(pass); err != nil {
			return err
		}
		t.applied(before)
		story = append(story, t.narrate(before, pass, before.ToAct())...)
	}
	t.Log = append(t.Log, Entry{Seq: e.Seq, Seat: s, Story: story})
	return nil
}

// applied keeps the table's own counts after the engine applied an action
// to the game before was: a new turn is counted, and whoever let an earlier
// window's gems go is asked again by the next.
func (t *Table) applied(before *engine.Game) {
	g := t.Game
	if p := g.Phase(); p != engine.PhaseDraft && p != engine.PhaseOver && (g.Turn() != before.Turn() || before.Phase() == engine.PhaseDraft) {
		t.Turns++
	}
	t.declined = 0
}

// names lists seats as a sentence says them: "bob, cy and dee".
func (t *Table) names(seats []rules.Seat) string {
	var out []string
	for _, s := range seats {
		out = append(out, t.seatName(s))
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// stealCard is the card a steal report plays: the one named, else with a
// digital deck a highwayman if the seat holds one, else a jester posing as
// one if it holds that, else a highwayman (refused as the engine words it).
func (t *Table) stealCard(s rules.Seat, named []string) (string, error) {
	switch {
	case len(named) > 1:
		return "", fmt.Errorf("steal with one card: a highwayman, or a jester as one")
	case len(named) == 1:
		switch named[0] {
		case "highwayman":
			return "highwayman", nil
		case "jester", "jester(highwayman)":
			return "jester(highwayman)", nil
		}
		return "", fmt.Errorf("only a highwayman steals, or a jester as one: steal, or steal jester")
	}
	g := t.Game
	if g.Mode() == engine.Digital && s >= 0 && int(s) < g.Players() {
		hand := g.Hand(s)
		if !slices.Contains(hand, engine.Highwayman) && slices.Contains(hand, engine.Jester) {
			return "jester(highwayman)", nil
		}
	}
	return "highwayman", nil
}
