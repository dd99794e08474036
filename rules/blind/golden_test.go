package blind

import (
	"flag"
	"fmt"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestPlayoutsGolden replays seeded random games and compares them with the
// games recorded before the engine was made faster: every list of plays in
// the same order (a random pick depends on both), the same plays and the
// same final positions.
func TestPlayoutsGolden(t *testing.T) {
	golden := sweep.NewGolden(t, "testdata/playouts.golden", *update, 3)
	defer golden.Close()
	var buf []Play
	for g := range 60 {
		if !golden.Wants(g) {
			continue
		}
		players := 2 + g%3
		s := newState(t, players, 10+g%25)
		r := rand.New(rand.NewPCG(uint64(g), 41))
		h := fnv.New64a()
		n := 0
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			buf = s.Actions(seat, buf[:0])
			for _, a := range buf {
				fmt.Fprintf(h, "%s;", s.Notation(a))
			}
			a := buf[r.IntN(len(buf))]
			require.NoError(t, s.Act(seat, a))
			n++
		}
		golden.Check(g, fmt.Sprintf("game %d: %d plays, lists %016x, returns %v, end %s", g, n, h.Sum64(), s.Returns(nil), s.g.Position()))
	}
}
