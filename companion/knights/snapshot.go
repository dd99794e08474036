package knights

import (
	"encoding/binary"
	"errors"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/internal/bincode"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// snapCodec is the version of the snapshot encoding below (ruling C-21).
const snapCodec = 2

// snapState is what a snapshot holds of a table: the game's position, the
// draw pile's order and every hand included, the log and the table's own
// counts.
type snapState struct {
	Position string
	Log      companion.LogChunks[Entry]
	Cues     []string
	Turns    int
	Declined uint16
	Closed   bool
}

func init() { companion.Register(replayer) }

func (t *Table) snapEncode(blobs *companion.Blobs) ([]byte, error) {
	log, err := companion.PackLog(t.Log, t.lazy.Chunks(), blobs)
	if err != nil {
		return nil, err
	}
	s := snapState{Position: t.Game.String(), Log: log, Cues: t.Cues, Turns: t.Turns, Declined: t.declined, Closed: t.closed}
	return bincode.Marshal(s)
}

func (t *Table) snapDecode(raw []byte, blobs *companion.Blobs) error {
	var s snapState
	if err := bincode.Unmarshal(raw, &s); err != nil {
		return err
	}
	g, err := engine.ParsePositionSpec(s.Position, t.Game.Spec())
	if err != nil {
		return err
	}
	if t.Log, err = companion.UnpackLog(s.Log); err != nil {
		return err
	}
	t.Game, t.Cues, t.Turns, t.declined, t.closed = g, s.Cues, s.Turns, s.Declined, s.Closed
	t.lazy = companion.NewLazy(s.Log, blobs)
	return nil
}

// MarshalBinary writes a story line for a snapshot: its texts, then who
// sees the private one. The layout test sees only the name of this type,
// so a change to these bytes needs a new snapCodec by hand.
func (l line) MarshalBinary() ([]byte, error) {
	b := binary.AppendUvarint(nil, uint64(len(l.text)))
	b = append(b, l.text...)
	b = binary.AppendUvarint(b, uint64(len(l.private)))
	b = append(b, l.private...)
	if l.see == nil {
		return append(b, 0), nil
	}
	b = binary.AppendUvarint(b, uint64(len(l.see))+1)
	for _, s := range l.see {
		b = binary.AppendVarint(b, int64(s))
	}
	return b, nil
}

var errLine = errors.New("a story line does not read")

// UnmarshalBinary reads what MarshalBinary wrote.
func (l *line) UnmarshalBinary(b []byte) error {
	text := func() (string, bool) {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)-k) {
			return "", false
		}
		s := string(b[k : k+int(n)])
		b = b[k+int(n):]
		return s, true
	}
	var ok1, ok2 bool
	if l.text, ok1 = text(); !ok1 {
		return errLine
	}
	if l.private, ok2 = text(); !ok2 {
		return errLine
	}
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return errLine
	}
	b = b[k:]
	l.see = nil
	if n > 0 {
		l.see = make([]rules.Seat, 0, n-1)
	}
	for range int(n) - 1 {
		s, k := binary.Varint(b)
		if k <= 0 {
			return errLine
		}
		l.see, b = append(l.see, rules.Seat(s)), b[k:]
	}
	if len(b) != 0 {
		return errLine
	}
	return nil
}
