package squad

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/ninjakit/ninjakit/data"
)

// playout plays a Full game out with the benchmark's policy: mostly a quiet
// play (at most one cube and one lantern, home one time in eight; found by
// drawing listed actions until one is quiet, so the policy costs little
// beside the engine), else any listed action. It returns the number of
// actions applied.
func playout(b *testing.B, d *data.Squad, o Options, r *rand.Rand, buf []Action) (int, []Action) {
	g, err := NewGame(d, o)
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for ; n < stepCap; n++ {
		if res, _ := g.Outcome(); res != Playing {
			break
		}
		buf = g.AppendLegalActions(buf[:0])
		a := buf[r.IntN(len(buf))]
		if r.IntN(10) < 8 {
			for range 32 {
				if x := buf[r.IntN(len(buf))]; isQuiet(x) {
					a = x
					break
				}
			}
		}
		if a.Met.Home && r.IntN(8) != 0 {
			a.Met.Home = false
		}
		if err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	return n, buf
}

func isQuiet(a Action) bool {
	return (a.Type == ActPlay || a.Type == ActDash) && a.Met.Cubes <= 1 && a.Met.Lanterns <= 1 && !(a.Met.Guard && a.Met.Home)
}

// BenchmarkPlayout plays random Full games of 2, 3 and 4 players through
// the public API, listing the actions into a reused buffer, and reports
// playouts a second and allocations an action.
func BenchmarkPlayout(b *testing.B) {
	d := data.DefaultSquad()
	r := rand.New(rand.NewPCG(1, 2))
	var buf []Action
	moves := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := range b.N {
		var n int
		n, buf = playout(b, d, Options{Mode: Full, Players: 2 + i%3, Seed: uint64(i)}, r, buf)
		moves += n
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(moves), "allocs/move")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/playout")
}
