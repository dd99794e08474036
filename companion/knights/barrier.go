package knights

import (
	"fmt"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// Verify replays a session as import and undo need it: its options must pass
// the checks `new` makes (Start runs them), every event must be exactly what
// the table records for its action, and the engine, never a stored flag,
// says which events are undo barriers (ruling C-1). See companion.Mark for what it returns.
func Verify(s companion.Session) ([]bool, error) {
	_, marks, err := companion.Mark(s, Game, Start, (*Table).check, (*Table).replay)
	return marks, err
}

// check refuses event data the table would not have written (unknown
// fields, an action not in the engine's own notation, which also keeps
// anything unprintable out of the log) and reports whether the event is an
// undo barrier: every action with a digital deck (ruling C-1), and every
// reveal of the whole position (ruling K38).
func (t *Table) check(e companion.Event) (bool, error) {
	if e.Kind == noteKind {
		_, err := t.readNote(e)
		return true, err
	}
	if e.Kind != "act" {
		return false, fmt.Errorf("unknown event %q", e.Kind)
	}
	var d actData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return false, err
	}
	a, err := engine.ParseActionFor(d.Action, t.Game.Players())
	if err != nil {
		return false, err
	}
	if a.String() != d.Action {
		return false, fmt.Errorf("action %q is not written as the engine writes it", d.Action)
	}
	return t.Game.Mode() == engine.Digital, nil
}
