package blades

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// ErrHiddenPosition refuses a position string that would show hidden hands.
var ErrHiddenPosition = errors.New("this game has hidden hands and its position string holds every one of them: print it with --as table --reveal, with everyone agreeing to see all hands (ruling B-22)")

// noteKind is the log event of a public note: today only a reveal of every
// hidden hand.
const noteKind = "note"

// revealNote is the one note the table writes.
const revealNote = "reveal"

// revealSaid is how every role's log tells a reveal.
const revealSaid = "showed the whole position, every hand included, with position --reveal"

type noteData struct {
	Note string `json:"note"`
}

// Position is the game as one line, which `companion blades new --position`
// rebuilds. It holds every hand, so with hidden hands it is given only to
// the whole table when it asks to reveal them, and the reveal is logged
// (ruling B-22); with open hands or no cards it hides nothing.
func (t *Table) Position(r Role, reveal bool) (string, error) {
	if t.PositionSecret() {
		switch {
		case reveal && !r.Table:
			return "", errors.New("--reveal shows every hand, so it is for --as table only, where everyone sees the same")
		case reveal && len(t.Options.Bots) > 0:
			return "", fmt.Errorf("--reveal would show the hand of %s, which the companion plays and keeps hidden from everyone (ruling B-24)", t.BotNames())
		case !reveal:
			return "", ErrHiddenPosition
		}
	}
	return t.Pos.String(), nil
}

// PositionSecret reports whether the position holds a hand some role may
// not see. A game that is over still does: undo could take back the last
// pass and play on with every hand known (ruling B-22).
func (t *Table) PositionSecret() bool { return t.Pos.Cards() == engine.HiddenHands }

// Reveal returns the public note that the table saw every hand, to log in
// the same transaction that prints the position. It is an undo barrier:
// what it showed cannot be unseen.
func (t *Table) Reveal() (companion.Event, error) {
	raw, _ := json.Marshal(noteData{Note: revealNote})
	return t.record(companion.Event{Kind: noteKind, Data: raw})
}

// readNote decodes a note exactly as Reveal writes it, where Reveal would
// write it.
func (t *Table) readNote(e companion.Event) error {
	var d noteData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return fmt.Errorf("note data: %w", err)
	}
	if d.Note != revealNote {
		return fmt.Errorf("unknown note %q", d.Note)
	}
	if !t.PositionSecret() {
		return errors.New("a reveal note in a game without hidden hands, where position --reveal writes none")
	}
	return nil
}
