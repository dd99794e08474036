package scorpion

import (
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/internal/bincode"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// snapCodec is the version of the snapshot encoding below (ruling C-21),
// the game's own snapshot version included in the hundreds.
const snapCodec = 2 + 100*engine.SnapshotVersion

// snapState is what a snapshot holds of a table: the game, guard
// placements, hands and the random source included, the log, the seals
// and the commitments undo made void.
type snapState struct {
	Game   []byte
	Log    companion.LogChunks[Entry]
	Sealed [2]bool
	Seals  [2]Seal
	Voids  [][2]string // salt, short form; in salt order
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
	s := snapState{Game: g, Log: log}
	for i, sl := range t.Seals {
		if sl != nil {
			s.Sealed[i], s.Seals[i] = true, *sl
		}
	}
	for salt, short := range t.voids {
		s.Voids = append(s.Voids, [2]string{salt, short})
	}
	slices.SortFunc(s.Voids, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	return bincode.Marshal(s)
}

func (t *Table) snapDecode(raw []byte, blobs *companion.Blobs) error {
	var s snapState
	if err := bincode.Unmarshal(raw, &s); err != nil {
		return err
	}
	g, err := engine.FromSnapshot(t.Data, s.Game)
	if err != nil {
		return err
	}
	t.Options.keepRules(g)
	if t.Log, err = companion.UnpackLog(s.Log); err != nil {
		return err
	}
	t.Game, t.lazy = g, companion.NewLazy(s.Log, blobs)
	for i := range s.Seals {
		t.Seals[i] = nil
		if s.Sealed[i] {
			t.Seals[i] = &s.Seals[i]
		}
	}
	t.voids = map[string]string{}
	for _, v := range s.Voids {
		t.voids[v[0]] = v[1]
	}
	return nil
}

// carry keeps the void commitments of the table after an undone event:
// a replay from the start shares them between clones.
func carry(dst, src *Table) { dst.voids = src.voids }
