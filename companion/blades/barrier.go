package blades

import (
	"fmt"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Verify replays a session as import and undo need it: its options must pass
// the checks `new` makes (Start runs them), every event, taken-back ones
// included, must be exactly what the table records for its action, and the
// engine, never a stored flag, judges each event for undo (ruling B-19).
// See companion.Mark for what it returns.
func Verify(s companion.Session) ([]companion.Verdict, error) {
	return companion.Verify(s, replayer, (*Table).check)
}

// replayer drives the table through companion.Mark, taken-back events
// included, so that every command rebuilds the same history Verify checks.
var replayer = companion.Replayer[Options, *Table]{
	Game: Game, Start: Start, Apply: (*Table).replay, Judge: (*Table).judge, Clone: (*Table).clone,
	Taken:  func(t *Table, taken func() []companion.Event) { t.taken = taken },
	Encode: (*Table).snapEncode, Decode: (*Table).snapDecode, Codec: snapCodec,
}

// check refuses event data the table would not have written (unknown
// fields, text not in the engine's own notation, which also keeps anything
// unprintable out of the log).
func (t *Table) check(e companion.Event) error {
	switch e.Kind {
	case "keep":
		var d keepData
		if err := companion.DecodeStrict(e.Data, &d); err != nil {
			return err
		}
		h, err := engine.ParseHand(d.Hand)
		if err != nil {
			return err
		}
		if h.String() != d.Hand {
			return fmt.Errorf("hand %q is not written as the engine writes it", d.Hand)
		}
		return nil
	case "move":
		var d moveData
		if err := companion.DecodeStrict(e.Data, &d); err != nil {
			return err
		}
		m, err := engine.ParseMove(t.Pos.Board(), d.Move)
		if err != nil {
			return err
		}
		if m.Format(t.Pos.Board()) != d.Move {
			return fmt.Errorf("move %q is not written as the engine writes it", d.Move)
		}
		return nil
	case noteKind:
		return t.readNote(e)
	}
	return fmt.Errorf("unknown event %q", e.Kind)
}

// judge says whether undo may take back an event. Flying Blades draws
// nothing after the deal, so it may take back any action: a card play
// showed only the card, which the log keeps public (ruling B-19). A reveal
// note never (ruling B-22). Version 1 exports flagged every card from a
// hidden hand (ruling C-13).
func (t *Table) judge(e companion.Event) companion.Verdict {
	if e.Kind == noteKind {
		// Every hand was shown, and cannot be unseen (ruling B-22).
		return companion.Verdict{Barrier: "the whole table saw every hand with position --reveal", V1: true}
	}
	_, _, shown := t.shownCard(e)
	return companion.Verdict{V1: shown}
}
