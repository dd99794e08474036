package blades

import (
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/internal/bincode"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// snapCodec is the version of the snapshot encoding below (ruling C-21).
const snapCodec = 2

// snapState is what a snapshot holds of a table: the position, every hand
// included, and the log.
type snapState struct {
	Position string
	Log      companion.LogChunks[Entry]
}

func init() { companion.Register(replayer) }

func (t *Table) snapEncode(blobs *companion.Blobs) ([]byte, error) {
	log, err := companion.PackLog(t.Log, t.lazy.Chunks(), blobs)
	if err != nil {
		return nil, err
	}
	return bincode.Marshal(snapState{Position: t.Pos.String(), Log: log})
}

func (t *Table) snapDecode(raw []byte, blobs *companion.Blobs) error {
	var s snapState
	if err := bincode.Unmarshal(raw, &s); err != nil {
		return err
	}
	p, err := engine.ParsePosition(t.rules, s.Position)
	if err != nil {
		return err
	}
	if t.Log, err = companion.UnpackLog(s.Log); err != nil {
		return err
	}
	t.Pos, t.lazy = p, companion.NewLazy(s.Log, blobs)
	return nil
}
