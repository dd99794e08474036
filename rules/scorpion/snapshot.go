package scorpion

import (
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/internal/bincode"
)

// SnapshotVersion numbers the layout of Snapshot's bytes, 0 being the first
// in bincode; bump it when the snapshot type changes (its test says when).
// The companion's snapshot version includes it.
const SnapshotVersion = 0

// snapshot is the whole game as a companion snapshot stores it, in
// bincode, whose maps come out in key order, so one game always writes the
// same bytes; nil and empty stay apart, as the game tells them apart.
type snapshot struct {
	Guards   int
	Src      []byte
	Phase    Phase
	Turn     int
	Alert    int
	Figs     []figure
	NextID   int
	Patrols  int
	Facing   map[int]string
	Came     map[int]string
	Sleeping map[string]int
	Hidden   map[string]string
	Found    map[string]string
	Hands    map[Role]*hand
	In       [2]intruder
	Passage  [2]string
	Disc     [2]bool
	GPassage bool
	Ropes    [][2]string
	Pending  []pend
	Drew     bool
	FreeUsed bool
	Marched  bool
	Played   int
	Phased   int
	Ready    bool
	Placed   [2]string
	Events   []Event
	Outcome  Outcome
}

// Snapshot encodes the whole game, hidden cards, placements and the random
// source included, the same bytes for the same game.
func (g *Game) Snapshot() ([]byte, error) {
	src, err := g.src.MarshalBinary()
	if err != nil {
		return nil, err
	}
	s := snapshot{Guards: g.guards, Src: src, Phase: g.phase, Turn: g.turn, Alert: g.alert, Figs: g.figs, NextID: g.nextID,
		Patrols: g.patrols, Facing: g.facing, Came: g.came, Sleeping: g.sleeping, Hidden: g.hidden, Found: g.found,
		Hands: g.hands, In: g.in, Passage: g.passage, Disc: g.disc, GPassage: g.gPassage, Pending: g.pending,
		Drew: g.drew, FreeUsed: g.freeUsed, Marched: g.marched, Played: g.played, Phased: g.phased, Ready: g.guardReady,
		Placed: g.placed, Events: g.events, Outcome: g.outcome}
	for r, on := range g.ropes {
		if on {
			s.Ropes = append(s.Ropes, r)
		}
	}
	slices.SortFunc(s.Ropes, func(a, b [2]string) int { return strings.Compare(a[0]+" "+a[1], b[0]+" "+b[1]) })
	return bincode.MarshalExact(s)
}

// FromSnapshot reads a game Snapshot wrote, on the board d.
func FromSnapshot(d *data.Scorpion, b []byte) (*Game, error) {
	var s snapshot
	if err := bincode.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	g := &Game{d: d, guards: s.Guards, phase: s.Phase, turn: s.Turn, alert: s.Alert, figs: s.Figs, nextID: s.NextID,
		patrols: s.Patrols, facing: orEmpty(s.Facing), came: orEmpty(s.Came), sleeping: orEmpty(s.Sleeping),
		hidden: orEmpty(s.Hidden), found: orEmpty(s.Found), hands: orEmpty(s.Hands), in: s.In, passage: s.Passage,
		disc: s.Disc, gPassage: s.GPassage, ropes: map[[2]string]bool{}, pending: s.Pending, drew: s.Drew,
		freeUsed: s.FreeUsed, marched: s.Marched, played: s.Played, phased: s.Phased, guardReady: s.Ready,
		placed: s.Placed, events: s.Events, outcome: s.Outcome}
	if err := g.src.UnmarshalBinary(s.Src); err != nil {
		return nil, err
	}
	for _, r := range s.Ropes {
		g.ropes[r] = true
	}
	return g, nil
}

// orEmpty makes a map that was nil when written one to write into.
func orEmpty[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	return m
}
