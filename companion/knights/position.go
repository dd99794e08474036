package knights

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// noteKind is the log event of a public note: today only a reveal of the
// whole position.
const noteKind = "note"

// revealNote is the one note the table writes.
const revealNote = "reveal"

type noteData struct {
	Seat int    `json:"seat"` // who revealed; -1: the table
	Note string `json:"note"`
}

// ErrSecretPosition refuses to print a position that holds cards someone
// may not see.
var ErrSecretPosition = errors.New("the position holds every hand and the draw pile's order, so it is printed once the game is over; position --reveal prints every hand now, without the draw pile's order, and tells the whole table in the log")

// PositionSecret reports whether the position holds a card some player may
// not see (ruling K38): every hand and the draw pile of a digital game, and
// in any game the cards shown to a Herald. A finished game hides nothing.
func (t *Table) PositionSecret() bool {
	g := t.Game
	switch {
	case g.Phase() == engine.PhaseOver:
		return false
	case g.Phase() == engine.PhaseShow || g.Phase() == engine.PhaseTake:
		return true
	}
	return g.Mode() == engine.Digital
}

// MayReveal refuses `position --reveal` while the position holds a bot
// seat's cards (ruling K43): a person may show the table their own hand,
// but a bot's is the companion's to keep until the game is over.
func (t *Table) MayReveal() error {
	if len(t.Options.Bots) > 0 && t.PositionSecret() {
		return fmt.Errorf("%w: the position holds the cards of %s, played by the companion: it can be shown once the game is over", rules.ErrIllegal, t.BotNames())
	}
	return nil
}

// Position is the game as one line, for new --position and bug reports,
// when it hides nothing from anyone (ruling K38).
func (t *Table) Position() (string, error) {
	if t.PositionSecret() {
		return "", ErrSecretPosition
	}
	return t.Game.String(), nil
}

// Revealed is what position --reveal prints: the whole position once it
// hides nothing, and before that every hand but not the order of the cards
// to come, which nobody needs mid-game and the seed can rebuild (ruling
// K38).
func (t *Table) Revealed() string {
	if t.PositionSecret() {
		return t.Game.Unordered()
	}
	return t.Game.String()
}

// Reveal logs that role r shows the whole position to the table. The note
// is public and can never be undone: what it showed cannot be unseen.
func (t *Table) Reveal(r Role) companion.Event {
	seat := -1
	if !r.Table {
		seat = int(r.Seat)
	}
	raw, _ := json.Marshal(noteData{Seat: seat, Note: revealNote})
	return companion.Event{Seq: len(t.Log) + 1, Kind: noteKind, Data: raw, Barrier: true}
}

// readNote decodes a note exactly as Reveal writes it.
func (t *Table) readNote(e companion.Event) (noteData, error) {
	var d noteData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return d, fmt.Errorf("note data: %w", err)
	}
	if d.Note != revealNote {
		return d, fmt.Errorf("unknown note %q", d.Note)
	}
	if d.Seat < -1 || d.Seat >= t.Game.Players() {
		return d, fmt.Errorf("note by seat %d at a table of %d", d.Seat+1, t.Game.Players())
	}
	return d, nil
}

func (t *Table) replayNote(e companion.Event) error {
	d, err := t.readNote(e)
	if err != nil {
		return err
	}
	t.Log = append(t.Log, Entry{Seq: e.Seq, Seat: rules.Seat(d.Seat), Story: []line{
		public("showed the whole position but the draw pile's order, every hand included, with position --reveal"),
	}})
	return nil
}
