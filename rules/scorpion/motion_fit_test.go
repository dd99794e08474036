package scorpion_test

import (
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// motionMove is one intruders' phase seen in a game: the pairs the model
// weighed and the one he took (-1: none of them).
type motionMove struct {
	choices []scorpion.MotionChoice
	took    int
}

// TestScorpionFitMotion fits the belief's motion model (motionGain,
// motionMoved; ruling E-9): it plays NINJAKIT_FIT_MOTION whole games of
// easy bots (the set-ups of simulate --seed 9100), notes for every
// intruder on the board at the start of each intruders' phase the pairs
// the model weighs from where he stands and the pair he ends the phase
// at, and fits the conditional logit by Newton's method (an L2 penalty of
// 1). It prints the weights, the share of moves the model cannot foresee
// (what beliefMix stands for) and the mean log-likelihood of a move
// under the fit, the weights in use and a uniform pick. It runs only when
// NINJAKIT_FIT_MOTION is set (200 gave the weights in use); run it with
// GOMAXPROCS=1.
func TestScorpionFitMotion(t *testing.T) {
	games, err := strconv.Atoi(os.Getenv("NINJAKIT_FIT_MOTION"))
	if err != nil {
		t.Skip("set NINJAKIT_FIT_MOTION=200 to fit the motion model")
	}
	var moves []motionMove
	missed := 0
	// The choices open to each intruder as his phase began: set on every
	// entry to the phase, which comes before its end in every game.
	var open [2][]scorpion.MotionChoice
	var ok [2]bool
	playEasy(t, games, 9100, func(s *scorpion.State, was scorpion.Phase) {
		switch now := s.Phase(); {
		case was != scorpion.PhaseIntruders && now == scorpion.PhaseIntruders:
			for j := range 2 {
				open[j], ok[j] = scorpion.MotionChoices(s, j)
			}
		case was == scorpion.PhaseIntruders && now != scorpion.PhaseIntruders && now != scorpion.PhaseOver:
			for j := range 2 {
				zone, moved, on := scorpion.IntruderAt(s, j)
				if !ok[j] || !on {
					continue
				}
				m := motionMove{choices: open[j], took: -1}
				for q, c := range open[j] {
					if c.Zone == zone && c.Moved == moved {
						m.took = q
					}
				}
				if m.took < 0 {
					missed++
					continue
				}
				moves = append(moves, m)
			}
		}
	})
	require.NotEmpty(t, moves)
	wt := fitMotion(moves)
	fmt.Printf("%d moves, %d (%.1f%%) outside the model's pairs\n", len(moves), missed, 100*float64(missed)/float64(len(moves)+missed))
	fmt.Printf("fitted %v: log-likelihood %.3f a move\n", wt, motionLogLik(moves, wt))
	fmt.Printf("in use %v: %.3f\n", scorpion.MotionWeights(), motionLogLik(moves, scorpion.MotionWeights()))
	fmt.Printf("uniform: %.3f\n", motionLogLik(moves, [scorpion.MotionFeatures]float64{}))
}

// playEasy plays n whole games of easy bots on the set-ups of simulate
// --seed seed, calling after with the state and the phase it left after
// every action.
func playEasy(t *testing.T, n int, seed uint64, after func(s *scorpion.State, was scorpion.Phase)) {
	d := data.DefaultScorpion()
	h := bots.NewScorpion(d)
	for i := range n {
		g, err := scorpion.New(d, 1, seedOf(seed, i, "setup"))
		require.NoError(t, err)
		var seats []*bots.Bot[*scorpion.State, scorpion.Play]
		for k := range 3 {
			seats = append(seats, bots.New(h, bots.Options{Level: bots.Easy, Seed: seedOf(seed, i, fmt.Sprintf("bot%d", k))}))
		}
		s := scorpion.NewState(g)
		for step := 0; !s.Over() && step < 2000; step++ {
			was := s.Phase()
			p := s.ToAct(nil)[0]
			c, err := seats[p].Choose(bots.ViewOf(s, p))
			require.NoError(t, err)
			require.NoError(t, s.Act(p, c.Action))
			after(s, was)
		}
	}
}

func seedOf(seed uint64, i int, use string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%s", seed, i, use)
	return h.Sum64()
}

// motionProbs is the model's chance of each of m's pairs under wt.
func motionProbs(m motionMove, wt [scorpion.MotionFeatures]float64) []float64 {
	p := make([]float64, len(m.choices))
	top := math.Inf(-1)
	for q, c := range m.choices {
		for a := range wt {
			p[q] += wt[a] * c.X[a]
		}
		top = max(top, p[q])
	}
	tot := 0.0
	for q := range p {
		p[q] = math.Exp(p[q] - top)
		tot += p[q]
	}
	for q := range p {
		p[q] /= tot
	}
	return p
}

func motionLogLik(moves []motionMove, wt [scorpion.MotionFeatures]float64) float64 {
	ll := 0.0
	for _, m := range moves {
		ll += math.Log(motionProbs(m, wt)[m.took])
	}
	return ll / float64(len(moves))
}

// fitMotion is the L2-penalised conditional logit of the pairs taken.
func fitMotion(moves []motionMove) [scorpion.MotionFeatures]float64 {
	const n = scorpion.MotionFeatures
	var wt [n]float64
	for range 30 {
		// The Newton step solves H d = g, H and g side by side.
		var h [n][n + 1]float64
		for _, m := range moves {
			p := motionProbs(m, wt)
			var mean [n]float64
			for q, c := range m.choices {
				for a := range n {
					mean[a] += p[q] * c.X[a]
				}
			}
			for a := range n {
				h[a][n] += mean[a] - m.choices[m.took].X[a]
			}
			for q, c := range m.choices {
				for a := range n {
					for b := range n {
						h[a][b] += p[q] * (c.X[a] - mean[a]) * (c.X[b] - mean[b])
					}
				}
			}
		}
		for a := range n {
			h[a][n] += wt[a]
			h[a][a]++
		}
		for c := range n {
			for r := range n {
				if r != c && h[c][c] != 0 {
					f := h[r][c] / h[c][c]
					for q := c; q <= n; q++ {
						h[r][q] -= f * h[c][q]
					}
				}
			}
		}
		// Halve the step until the penalised fit improves.
		before := penalised(moves, wt)
		for step := 1.0; step > 1e-6; step /= 2 {
			next := wt
			for a := range n {
				next[a] -= step * h[a][n] / h[a][a]
			}
			if penalised(moves, next) >= before {
				wt = next
				break
			}
		}
	}
	return wt
}

// penalised is the log-likelihood of moves under wt less the L2 penalty.
func penalised(moves []motionMove, wt [scorpion.MotionFeatures]float64) float64 {
	ll := motionLogLik(moves, wt) * float64(len(moves))
	for _, w := range wt {
		ll -= w * w / 2
	}
	return ll
}
