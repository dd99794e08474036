package squad

import (
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/internal/bincode"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

// snapCodec is the version of the snapshot encoding below (ruling C-21).
const snapCodec = 2

// snapState is what a snapshot holds of a table: the game's position,
// hidden cards and pile order included, and the log.
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
	return bincode.Marshal(snapState{Position: t.Game.Position(), Log: log})
}

func (t *Table) snapDecode(raw []byte, blobs *companion.Blobs) error {
	var s snapState
	if err := bincode.Unmarshal(raw, &s); err != nil {
		return err
	}
	g, err := engine.ParsePosition(Data(), s.Position)
	if err != nil {
		return err
	}
	if t.Log, err = companion.UnpackLog(s.Log); err != nil {
		return err
	}
	t.Game, t.lazy = g, companion.NewLazy(s.Log, blobs)
	return nil
}
