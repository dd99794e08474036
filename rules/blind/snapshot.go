package blind

import "github.com/ninjakit/ninjakit/internal/bincode"

// SnapshotVersion numbers the layout of Snapshot's bytes, 0 being the first
// in bincode; bump it when the snapshot type changes (its test says when).
// The companion's snapshot version includes it.
const SnapshotVersion = 0

// snapshot is the whole game as a companion snapshot stores it: the
// position, and the history the position leaves out.
type snapshot struct {
	Position string
	Heard    []Heard
	Events   []Event
}

// Snapshot encodes the whole game, the slashes heard and the last action's
// events included, the same bytes for the same game.
func (g *Game) Snapshot() ([]byte, error) {
	return bincode.Marshal(snapshot{Position: g.Position(), Heard: g.heard, Events: g.events})
}

// FromSnapshot reads a game Snapshot wrote.
func FromSnapshot(b []byte) (*Game, error) {
	var sn snapshot
	if err := bincode.Unmarshal(b, &sn); err != nil {
		return nil, err
	}
	g, err := ParsePosition(sn.Position)
	if err != nil {
		return nil, err
	}
	g.heard, g.events = sn.Heard, sn.Events
	return g, nil
}
