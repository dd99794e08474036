package blind

import (
	"bytes"
	"encoding/gob"
)

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
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(snapshot{Position: g.Position(), Heard: g.heard, Events: g.events})
	return b.Bytes(), err
}

// FromSnapshot reads a game Snapshot wrote.
func FromSnapshot(b []byte) (*Game, error) {
	var sn snapshot
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&sn); err != nil {
		return nil, err
	}
	g, err := ParsePosition(sn.Position)
	if err != nil {
		return nil, err
	}
	g.heard, g.events = sn.Heard, sn.Events
	return g, nil
}
