package knights

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// Verify replays a session as import and undo need it: its options must be
// exactly what `new` stores, every event exactly what the table records for
// its action, and the engine, never a stored flag, says which events are
// undo barriers (ruling C-1). See companion.Mark for what it returns.
func Verify(s companion.Session) ([]bool, error) {
	_, marks, err := companion.Mark(s, Game, startNew, (*Table).check, (*Table).replay)
	return marks, err
}

// startNew starts a table only from options `new` could have stored.
func startNew(o Options, seed uint64) (*Table, error) {
	want, err := NewOptions(o.Players, o.Names, "", o.Mode, strconv.Itoa(o.First+1), o.Position)
	if err != nil {
		return nil, err
	}
	if !reflect.DeepEqual(want, o) {
		return nil, errors.New("not what `companion knights new` stores")
	}
	return Start(o, seed)
}

// check refuses event data the table would not have written (unknown
// fields, an action not in the engine's own notation, which also keeps
// anything unprintable out of the log) and reports whether the event is an
// undo barrier: every action with a digital deck (ruling C-1).
func (t *Table) check(e companion.Event) (bool, error) {
	if e.Kind != "act" {
		return false, fmt.Errorf("unknown event %q", e.Kind)
	}
	var d actData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return false, err
	}
	a, err := engine.ParseAction(d.Action)
	if err != nil {
		return false, err
	}
	if a.String() != d.Action {
		return false, fmt.Errorf("action %q is not written as the engine writes it", d.Action)
	}
	return t.Game.Mode() == engine.Digital, nil
}
