package knights

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// clone copies a table for companion.Mark; the log is cut so that
// appending to either copy leaves the other alone.
func (t *Table) clone() *Table {
	c := *t
	c.Game = t.Game.Clone()
	c.Log = t.Log[:len(t.Log):len(t.Log)]
	return &c
}

// takenBack reads a taken-back event: who acted and what.
func (t *Table) takenBack(e companion.Event) (rules.Seat, engine.Action, bool) {
	var d actData
	if json.Unmarshal(e.Data, &d) != nil {
		return 0, engine.Action{}, false
	}
	a, err := engine.ParseActionFor(d.Action, t.Game.Players())
	return rules.Seat(d.Seat), a, err == nil
}

// shownBy is what an undoable action showed the table from a hidden hand:
// the cards it put face up, with a digital deck (a physical table's undo
// only corrects the record, and a fortifying archer was in sight already).
func (t *Table) shownBy(a engine.Action) string {
	if t.Game.Mode() != engine.Digital || a.FromFort() {
		return ""
	}
	switch a.Type() {
	case engine.ActAttack, engine.ActRespond, engine.ActFortify, engine.ActDiscard, engine.ActSpecial:
		return engine.Spoken(a.Plays())
	}
	return ""
}

// notes are the log's public lines for the cards undo took back (ruling
// C-11).
func (t *Table) notes() []companion.LogLine {
	var out []companion.LogLine
	for _, e := range t.takenEvents() {
		seat, a, ok := t.takenBack(e)
		if shown := t.shownBy(a); ok && shown != "" {
			out = append(out, companion.LogLine{Seq: e.Seq, Who: t.seatName(seat), Action: "showed " + shown + " (the play was taken back)", TakenBack: true})
		}
	}
	return out
}

// Undone says what undo took back and what the game waits for now, in
// table words; t is the table after the undo. Every undoable action is public, so every role reads the same.
func (t *Table) Undone(_ Role, e companion.Event) string {
	seat, a, _ := t.takenBack(e)
	who := t.seatName(seat)
	var what string
	switch {
	case e.Kind == declineKind:
		what = "decline to steal"
	case a.Type() == engine.ActAttack:
		at := t.seatName(a.Seat())
		switch plays := a.Plays(); {
		case a.FromFort():
			what = "shot at " + at + " with the fortifying archer"
		case len(plays) == 1 && plays[0].Card == plays[0].As:
			what = plays[0].Card.String() + " attack on " + at
		default:
			what = "attack on " + at + " with " + engine.Spoken(plays)
		}
		if a.Burns() {
			what += ", to burn the castle"
		}
	case a.Type() == engine.ActRespond && t.Game.Phase() == engine.PhaseSteal:
		what = "steal with " + engine.Spoken(a.Plays())
	case a.Type() == engine.ActRespond:
		what = "answer with " + engine.Spoken(a.Plays())
	case a.Type() == engine.ActFortify:
		what = "fortification with " + engine.Spoken(a.Plays())
	case a.Type() == engine.ActDiscard:
		what = "discard of " + engine.Spoken(a.Plays())
	case a.Type() == engine.ActSpecial:
		what = strings.TrimPrefix(strings.TrimPrefix(engine.Spoken(a.Plays()), "a "), "an ")
		if a.Seat() != engine.NoSeat {
			what += " at " + t.seatName(a.Seat())
		}
	case a.Type() == engine.ActPayGems:
		what = "payment of gems to the monk"
	default:
		what = a.Type().String()
	}
	g := t.Game
	msg := fmt.Sprintf("Took back %s's %s; %s's turn", who, what, t.seatName(g.Turn()))
	if g.ToAct() != g.Turn() || g.Phase() == engine.PhaseSteal {
		msg += ": " + t.Waiting()
	}
	msg += "."
	if shown := t.shownBy(a); shown != "" {
		msg += fmt.Sprintf(" The log keeps that %s showed %s.", who, shown)
	}
	return msg
}
