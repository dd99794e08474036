package blades

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Verify replays a session as import and undo need it: its options must be
// exactly what `new` stores, every event exactly what the table records for
// its action, and the engine, never a stored flag, says which events are
// undo barriers (ruling B-19). See companion.Mark for what it returns.
func Verify(s companion.Session) ([]bool, error) {
	_, marks, err := companion.Mark(s, Game, startNew, (*Table).check, (*Table).replay)
	return marks, err
}

// startNew starts a table only from options `new` could have stored.
func startNew(o Options, privateSeed uint64) (*Table, error) {
	want, err := NewOptions(o.Players, "", strconv.FormatUint(o.Seed, 10), o.Cards, o.Position)
	if err != nil {
		return nil, err
	}
	if !reflect.DeepEqual(want, o) {
		return nil, errors.New("not what `companion blades new` stores")
	}
	return Start(o, privateSeed)
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
		_, card := m.Action.Card()
		return card && t.Pos.Cards() == engine.HiddenHands, nil
	}
	return false, fmt.Errorf("unknown event %q", e.Kind)
}
