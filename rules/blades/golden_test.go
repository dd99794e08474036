package blades_test

import (
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/playouts.golden")

// TestPlayoutsGolden replays seeded random games and compares them with the
// games recorded before the move generator was rewritten for speed: every
// legal list in the same order (a random pick depends on both), the same
// moves, the same final positions, through the position and through the
// engine interface.
func TestPlayoutsGolden(t *testing.T) {
	var out strings.Builder
	modes := []gen.Cards{gen.CardsDealt, gen.CardsOpen, gen.CardsNone}
	var buf []blades.Move
	for g := range 240 {
		players := 2 + g%4
		rng := rand.New(rand.NewPCG(uint64(g), 77))
		p := start(t, players, modes[g%3], uint64(g)+1000, rng)
		h := fnv.New64a()
		var moves []string
		for p.Phase() == blades.Playing {
			buf = p.LegalMoves(buf[:0])
			for _, m := range buf {
				h.Write([]byte{byte(m.Action), byte(m.From), byte(m.To)})
			}
			h.Write([]byte{0xff})
			m := buf[rng.IntN(len(buf))]
			require.NoError(t, p.Apply(m))
			moves = append(moves, m.Format(p.Board()))
		}
		fmt.Fprintf(&out, "position %d: %d moves, lists %016x, end %s\n", g, len(moves), h.Sum64(), p)
		if g < 8 {
			fmt.Fprintf(&out, "  %s\n", strings.Join(moves, "; "))
		}
	}
	var plays []blades.Play
	for g := range 60 {
		players := 2 + g%4
		s := dealt(t, players, modes[g%3], uint64(g)+5000)
		again := s.Clone()
		rng := rand.New(rand.NewPCG(uint64(g), 99))
		h := fnv.New64a()
		n := 0
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			plays = s.Actions(seat, plays[:0])
			a := plays[rng.IntN(len(plays))]
			h.Write([]byte(s.Notation(a) + ";"))
			require.NoError(t, s.Act(seat, a))
			n++
		}
		played, _, err := rules.RandomPlayout(again, rand.New(rand.NewPCG(uint64(g), 99)), plays, 1<<20)
		require.NoError(t, err)
		require.Equal(t, n, played)
		require.Equal(t, s.Position().String(), again.Position().String())
		fmt.Fprintf(&out, "engine %d: %d plays, %016x, returns %v, end %s\n", g, n, h.Sum64(), s.Returns(nil), s.Position())
	}
	const path = "testdata/playouts.golden"
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(out.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), out.String())
}

// TestMovesDoNotAllocate checks the hot path of a search: listing and
// playing moves on a copy of a position, and listing a seat's plays through
// the engine interface into a buffer with room, allocate nothing.
func TestMovesDoNotAllocate(t *testing.T) {
	for players := 2; players <= 5; players++ {
		rng := rand.New(rand.NewPCG(uint64(players), 3))
		p := start(t, players, gen.CardsOpen, uint64(players), rng)
		buf := make([]blades.Move, 0, 4096)
		allocs := testing.AllocsPerRun(50, func() {
			q := *p
			for q.Phase() == blades.Playing {
				buf = q.LegalMoves(buf[:0])
				if err := q.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		})
		require.Zero(t, allocs, "%d players: allocations per game", players)
		s := blades.NewState(p)
		plays := make([]blades.Play, 0, 4096)
		seat := s.ToAct(nil)[0]
		require.Zero(t, testing.AllocsPerRun(50, func() { plays = s.Actions(seat, plays[:0]) }), "%d players: Actions", players)
		require.NotEmpty(t, plays)
	}
}
