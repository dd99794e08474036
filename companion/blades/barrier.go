package blades

import (
	"fmt"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Verify replays a session as import and undo need it: its options must pass
// the checks `new` makes (Start runs them), every event must be exactly what
// the table records for its action, and the engine, never a stored flag,
// says which events are undo barriers (ruling B-19). See companion.Mark for what it returns.
func Verify(s companion.Session) ([]bool, error) {
	_, marks, err := companion.Mark(s, Game, Start, (*Table).check, (*Table).replay)
	return marks, err
}

// check refuses event data the table would not have written (unknown
// fields, text not in the engine's own notation, which also keeps anything
// unprintable out of the log) and reports whether the event, applied to
// the state before it, is an undo barrier.
func (t *Table) check(e companion.Event) (bool, error) {
	switch e.Kind {
	case "keep":
		var d keepData
		if err := companion.DecodeStrict(e.Data, &d); err != nil {
			return false, err
		}
		h, err := engine.ParseHand(d.Hand)
		if err != nil {
			return false, err
		}
		if h.String() != d.Hand {
			return false, fmt.Errorf("hand %q is not written as the engine writes it", d.Hand)
		}
		return false, nil
	case "move":
		var d moveData
		if err := companion.DecodeStrict(e.Data, &d); err != nil {
			return false, err
		}
		m, err := engine.ParseMove(t.Pos.Board(), d.Move)
		if err != nil {
			return false, err
		}
		if m.Format(t.Pos.Board()) != d.Move {
			return false, fmt.Errorf("move %q is not written as the engine writes it", d.Move)
		}
		return t.shows(m), nil
	}
	return false, fmt.Errorf("unknown event %q", e.Kind)
}
