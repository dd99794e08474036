package knights

import (
	"bytes"
	"encoding/gob"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// snapCodec is the version of the snapshot encoding below (ruling C-20).
const snapCodec = 1

// snapState is what a snapshot holds of a table: the game's position, the
// draw pile's order and every hand included, the log and the table's own
// counts.
type snapState struct {
	Position string
	Log      []snapEntry
	Cues     []string
	Turns    int
	Declined uint16
	Closed   bool
}

type snapEntry struct {
	Seq   int
	Seat  rules.Seat
	Story []snapLine
}

type snapLine struct {
	Text, Private string
	See           []rules.Seat
}

func init() { companion.Register(replayer) }

func (t *Table) snapEncode() ([]byte, error) {
	s := snapState{Position: t.Game.String(), Cues: t.Cues, Turns: t.Turns, Declined: t.declined, Closed: t.closed}
	s.Log = make([]snapEntry, len(t.Log))
	for i, e := range t.Log {
		s.Log[i] = snapEntry{Seq: e.Seq, Seat: e.Seat, Story: make([]snapLine, len(e.Story))}
		for j, l := range e.Story {
			s.Log[i].Story[j] = snapLine{Text: l.text, Private: l.private, See: l.see}
		}
	}
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(s)
	return b.Bytes(), err
}

func (t *Table) snapDecode(raw []byte) error {
	var s snapState
	if err := gob.NewDecoder(bytes.NewReader(raw)).Decode(&s); err != nil {
		return err
	}
	g, err := engine.ParsePositionSpec(s.Position, t.Game.Spec())
	if err != nil {
		return err
	}
	t.Game, t.Cues, t.Turns, t.declined, t.closed = g, s.Cues, s.Turns, s.Declined, s.Closed
	t.Log = make([]Entry, len(s.Log))
	for i, e := range s.Log {
		t.Log[i] = Entry{Seq: e.Seq, Seat: e.Seat, Story: make([]line, len(e.Story))}
		for j, l := range e.Story {
			t.Log[i].Story[j] = line{text: l.Text, private: l.Private, see: l.See}
		}
	}
	return nil
}
