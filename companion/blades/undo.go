package blades

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// clone copies a table for companion.Mark: positions are plain values, and
// the log is cut so that appending to either copy leaves the other alone.
func (t *Table) clone() *Table {
	c := *t
	c.Pos = t.Pos.Clone()
	c.Log = t.Log[:len(t.Log):len(t.Log)]
	return &c
}

// colour names a seat by its dojo colour.
func (t *Table) colour(s engine.Seat) string { return t.rules.Name(t.Pos.Colour(s)) }

// shownCard is the card a logged event showed the table from a hidden hand,
// if it did: what undo leaves in the log as a note (ruling B-19).
func (t *Table) shownCard(e companion.Event) (engine.Seat, string, bool) {
	var d moveData
	if e.Kind != "move" || t.Pos.Cards() != engine.HiddenHands || json.Unmarshal(e.Data, &d) != nil {
		return 0, "", false
	}
	m, err := engine.ParseMove(t.Pos.Board(), d.Move)
	if err != nil {
		return 0, "", false
	}
	k, card := m.Action.Card()
	return engine.Seat(d.Seat), t.CardName(k), card
}

// notes are the log's public lines for the cards undo took back (ruling
// C-11).
func (t *Table) notes() []LogLine {
	var out []LogLine
	for _, e := range t.takenEvents() {
		if seat, card, ok := t.shownCard(e); ok {
			out = append(out, LogLine{
				Seq: e.Seq, Seat: int(seat) + 1, Who: fmt.Sprintf("seat %s", seat),
				Action: t.colour(seat) + " showed a " + card + " (the play was taken back)", TakenBack: true,
			})
		}
	}
	return out
}

// Undone says, for role r, what undo took back and who acts now; t is the
// table after the undo. A kept hand is named only to a role that may see it.
func (t *Table) Undone(r Role, e companion.Event) string {
	var sb strings.Builder
	switch e.Kind {
	case "keep":
		var d keepData
		_ = json.Unmarshal(e.Data, &d)
		seat := engine.Seat(d.Seat)
		h, _ := engine.ParseHand(d.Hand)
		what := fmt.Sprintf("choice of %d card(s) to keep", h.Size())
		if t.sees(r, seat) {
			what = "keep (" + t.handNames(h) + ")"
		}
		fmt.Fprintf(&sb, "Took back %s's %s", t.colour(seat), what)
	case "move":
		// The move as the log told it, from the position before it,
		// which is the table's now.
		said := "a move"
		if c := t.clone(); c.replay(e) == nil {
			said = c.Log[len(c.Log)-1].Said
		}
		fmt.Fprintf(&sb, "Took back: %s", said)
	}
	sb.WriteString("; " + t.next(e) + ".")
	if seat, card, ok := t.shownCard(e); ok {
		fmt.Fprintf(&sb, " The log keeps that %s showed a %s.", t.colour(seat), card)
	}
	return sb.String()
}

// next says who the game waits for after an undo of e.
func (t *Table) next(e companion.Event) string {
	var d moveData
	_ = json.Unmarshal(e.Data, &d)
	switch p := t.Pos; {
	case p.Phase() == engine.Choosing:
		var who []string
		for i := range p.Players() {
			if p.Choosing(engine.Seat(i)) {
				who = append(who, t.colour(engine.Seat(i)))
			}
		}
		return strings.Join(who, ", ") + " to choose cards to keep"
	case e.Kind == "move" && engine.Seat(d.Seat) == p.Turn():
		return t.colour(p.Turn()) + " is to move again"
	default:
		return t.colour(p.Turn()) + " is to move"
	}
}
