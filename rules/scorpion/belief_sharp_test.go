package scorpion_test

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// TestScorpionBeliefSharpness is the belief's diagnostic (ruling E-9): it
// plays NINJAKIT_BELIEF_SHARP whole games of easy bots (the set-ups of
// simulate --seed 9300, apart from the fit's) and, at the start of each
// guards' turn, takes for every hidden intruder the log of the belief's
// share of the pair he truly stands at over the uniform draw's share
// among the same pairs. It prints the mean, per turn and overall, and
// asserts the belief beats the uniform draw. Run it with GOMAXPROCS=1.
func TestScorpionBeliefSharpness(t *testing.T) {
	games, err := strconv.Atoi(os.Getenv("NINJAKIT_BELIEF_SHARP"))
	if err != nil {
		t.Skip("set NINJAKIT_BELIEF_SHARP=20 to measure the belief")
	}
	var sum, pairs [16]float64
	var count [16]int
	playEasy(t, games, 9300, func(s *scorpion.State, was scorpion.Phase) {
		if was != scorpion.PhaseIntruders || s.Phase() == scorpion.PhaseIntruders || s.Over() {
			return
		}
		turn := min(scorpion.TurnOf(s), len(sum)-1)
		for j := range 2 {
			share, n, ok := scorpion.BeliefShare(s, j)
			if !ok {
				continue
			}
			sum[turn] += math.Log(share * float64(n))
			pairs[turn] += float64(n)
			count[turn]++
		}
	})
	all, n := 0.0, 0
	for turn := range sum {
		if count[turn] == 0 {
			continue
		}
		fmt.Printf("turn %2d: %3d intruders, %5.1f pairs, log share over uniform %.3f\n", turn, count[turn], pairs[turn]/float64(count[turn]), sum[turn]/float64(count[turn]))
		all += sum[turn]
		n += count[turn]
	}
	require.Positive(t, n)
	fmt.Printf("all: %d intruders, log share over uniform %.3f (x%.2f)\n", n, all/float64(n), math.Exp(all/float64(n)))
	require.Positive(t, all, "the belief does no better than the uniform draw")
}
