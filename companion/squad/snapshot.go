package squad

import (
	"bytes"
	"encoding/gob"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

// snapCodec is the version of the snapshot encoding below (ruling C-21).
const snapCodec = 1

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
	var b bytes.Buffer
	err = gob.NewEncoder(&b).Encode(snapState{Position: t.Game.Position(), Log: log})
	return b.Bytes(), err
}

func (t *Table) snapDecode(raw []byte, blobs *companion.Blobs) error {
	var s snapState
	if err := gob.NewDecoder(bytes.NewReader(raw)).Decode(&s); err != nil {
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
