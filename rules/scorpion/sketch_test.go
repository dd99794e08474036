package scorpion

import (
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// sketchOfView is what a Sketch must hold, read from the moderator's View
// and the record, as the bots' heuristic read it before there was a
// Sketch.
func sketchOfView(s *State) Sketch {
	g, b := s.g, s.b
	v := g.View(RoleModerator)
	n := len(dflt.Map.Zones)
	k := Sketch{Phase: g.Phase(), Turn: v.Turn, Alert: g.Alert(), Asking: v.Question != "", Passage: []int{}, Ropes: [][2]int{},
		Found: make([]string, n), Hidden: make([]string, n), Searched: make([]bool, n), Guards: []SketchGuard{}}
	k.Over, k.Outcome = g.Over()
	for _, f := range v.Guards {
		k.Guards = append(k.Guards, SketchGuard{Zone: b.zone(f.Zone), Drunk: f.Drunk})
	}
	for _, r := range v.Ropes {
		k.Ropes = append(k.Ropes, [2]int{b.zone(r[0]), b.zone(r[1])})
	}
	for _, e := range v.Passage {
		k.Passage = append(k.Passage, b.zone(e))
	}
	for i, z := range dflt.Map.Zones {
		k.Found[i], k.Hidden[i], k.Searched[i] = v.Found[z.ID], v.Hidden[z.ID], s.Searched(z.ID)
	}
	for i, in := range v.Intruders {
		out := SketchIntruder{Zone: b.zone(in.Zone), Revealed: in.Revealed, Wounds: in.Wounds, Mission: in.Mission,
			Done: in.Done, Gone: in.Gone, Dead: in.Dead, Returning: in.Returning, Decoyed: g.in[i].Decoyed, Visited: []int{}}
		for _, z := range in.Visited {
			out.Visited = append(out.Visited, b.zone(z))
		}
		k.Intruders[i] = out
	}
	return k
}

// TestSketchMatchesTheModeratorsView: at every step of random games (one
// and two guard players), the Sketch says what the moderator's View and
// the record say, also when it reuses a Sketch filled before.
func TestSketchMatchesTheModeratorsView(t *testing.T) {
	var k Sketch
	steps, decoys := 0, 0
	for seed := range uint64(6) {
		s := newState(t, 1+int(seed%2), seed)
		r := rules.NewRand(seed, "scorpion-sketch")
		var buf []Play
		for !s.Over() {
			buf = randomAct(t, s, r, buf)
			s.Sketch(&k)
			want := sketchOfView(s)
			want.Ropes = sortedPairs(want.Ropes)
			got := k
			got.Ropes = sortedPairs(got.Ropes)
			require.Equal(t, emptied(want), emptied(got), "seed %d step %d", seed, steps)
			for _, in := range k.Intruders {
				if in.Returning {
					decoys++
				}
				// Only a decoy comes back.
				require.True(t, !in.Returning || in.Decoyed && in.Dead)
			}
			steps++
		}
	}
	t.Logf("%d steps, %d of them with a decoy coming back", steps, decoys)
	require.Greater(t, steps, 500)
	require.Positive(t, decoys)
}

// emptied has empty slices for nil ones, which a Sketch filled for the
// first time may hold.
func emptied(k Sketch) Sketch {
	k.Guards, k.Ropes, k.Passage = append([]SketchGuard{}, k.Guards...), append([][2]int{}, k.Ropes...), append([]int{}, k.Passage...)
	for i := range k.Intruders {
		k.Intruders[i].Visited = append([]int{}, k.Intruders[i].Visited...)
	}
	return k
}

// sortedPairs is a copy of ps in order (a Sketch's ropes come in no order).
func sortedPairs(ps [][2]int) [][2]int {
	out := make([][2]int, 0, len(ps))
	for _, p := range ps {
		at := len(out)
		for at > 0 && (out[at-1][0] > p[0] || out[at-1][0] == p[0] && out[at-1][1] > p[1]) {
			at--
		}
		out = append(out[:at], append([][2]int{p}, out[at:]...)...)
	}
	return out
}
