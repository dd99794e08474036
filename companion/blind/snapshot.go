package blind

import (
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/internal/bincode"
	engine "github.com/ninjakit/ninjakit/rules/blind"
)

// snapCodec is the version of the snapshot encoding below (ruling C-21),
// the game's own snapshot version included in the hundreds.
const snapCodec = 2 + 100*engine.SnapshotVersion

// snapState is what a snapshot holds of a table: the game, every grid
// included, and the log.
type snapState struct {
	Game []byte
	Log  companion.LogChunks[Entry]
}

func init() { companion.Register(replayer) }

func (t *Table) snapEncode(blobs *companion.Blobs) ([]byte, error) {
	g, err := t.Game.Snapshot()
	if err != nil {
		return nil, err
	}
	log, err := companion.PackLog(t.Log, t.lazy.Chunks(), blobs)
	if err != nil {
		return nil, err
	}
	return bincode.Marshal(snapState{Game: g, Log: log})
}

func (t *Table) snapDecode(raw []byte, blobs *companion.Blobs) error {
	var s snapState
	if err := bincode.Unmarshal(raw, &s); err != nil {
		return err
	}
	g, err := engine.FromSnapshot(s.Game)
	if err != nil {
		return err
	}
	if t.Log, err = companion.UnpackLog(s.Log); err != nil {
		return err
	}
	t.Game, t.lazy = g, companion.NewLazy(s.Log, blobs)
	return nil
}
