package bots

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// scorpionFixed are the weights of the guards' closeness (a sober guard in
// the intruder's zone, one and two steps off, on his objective) that the
// fit keeps: in games of easy guards they come out near zero or positive
// (an easy guard seldom turns closeness into a kill, and guards crowd
// where intruders pass), which would leave a searching guard no reason to
// close in. They are the old hunt's gains in log-odds.
var scorpionFixed = map[int]float64{12: -0.5, 13: -0.4, 14: -0.25, 15: -0.5}

// TestScorpionFitOdds fits scorpionOdds: it plays NINJAKIT_FIT whole games
// of easy bots (the setups of simulate --seed 9000), describes every
// intruder still in play at every second action after set-up (features)
// and labels him with whether he got out in the end, then fits a logistic
// regression by Newton's method (an L2 penalty of 1), the weights in
// scorpionFixed held, and prints the weights and how well they are
// calibrated. It runs only when NINJAKIT_FIT is set (400 gave the
// weights in use); run it with GOMAXPROCS=1.
func TestScorpionFitOdds(t *testing.T) {
	games, err := strconv.Atoi(os.Getenv("NINJAKIT_FIT"))
	if err != nil {
		t.Skip("set NINJAKIT_FIT=400 to fit scorpionOdds")
	}
	h := scorpionH
	var xs [][scorpionFeatures]float64
	var ys []float64
	for i := range games {
		g, err := scorpion.New(scorpionData, 1, simSeed(9000, i, "setup"))
		require.NoError(t, err)
		var seats []*Bot[*scorpion.State, scorpion.Play]
		for k := range 3 {
			seats = append(seats, New(h, Options{Level: Easy, Seed: simSeed(9000, i, fmt.Sprintf("bot%d", k))}))
		}
		s := scorpion.NewState(g)
		var seen [][scorpionFeatures]float64
		var who []int
		for moves := 0; !s.Over() && moves < 1000; moves++ {
			p := s.ToAct(nil)[0]
			d, err := seats[p].Choose(ViewOf(s, p))
			require.NoError(t, err)
			require.NoError(t, s.Act(p, d.Action))
			if s.Phase() == scorpion.PhaseSetup || s.Over() || moves%2 != 0 {
				continue
			}
			w := h.work()
			s.Sketch(&w.k)
			b := h.board(w)
			learnt := h.opened(w)
			for j, in := range w.k.Intruders {
				if !in.Gone && (!in.Dead || in.Returning) {
					seen = append(seen, h.features(w, b, j, learnt))
					who = append(who, j)
				}
			}
			scorpionWorks.Put(w)
		}
		var k scorpion.Sketch
		s.Sketch(&k)
		for j, x := range seen {
			xs = append(xs, x)
			ys = append(ys, map[bool]float64{true: 1}[k.Intruders[who[j]].Gone])
		}
	}
	wt := fitLogistic(xs, ys, scorpionFixed)
	var bins [10][2]float64
	for j, x := range xs {
		p := logistic(wt, x)
		b := min(9, int(p*10))
		bins[b][0]++
		bins[b][1] += ys[j]
	}
	for b, v := range bins {
		fmt.Printf("predicted %.1f-%.1f: %6.0f samples, %.2f got out\n", float64(b)/10, float64(b+1)/10, v[0], v[1]/max(1, v[0]))
	}
	fmt.Printf("%d samples\nscorpionOdds = %#v\n", len(xs), wt)
}

func logistic(wt, x [scorpionFeatures]float64) float64 {
	z := 0.0
	for a := range wt {
		z += wt[a] * x[a]
	}
	return 1 / (1 + math.Exp(-z))
}

// fitLogistic is the L2-penalised logistic regression of ys on xs, the
// weights in fixed held at their values.
func fitLogistic(xs [][scorpionFeatures]float64, ys []float64, fixed map[int]float64) [scorpionFeatures]float64 {
	const n = scorpionFeatures
	var wt [n]float64
	for a, v := range fixed {
		wt[a] = v
	}
	for range 30 {
		// The Newton step solves H d = g, H and g side by side.
		var m [n][n + 1]float64
		for j, x := range xs {
			p := logistic(wt, x)
			for a := range n {
				m[a][n] += (p - ys[j]) * x[a]
				for c := range n {
					m[a][c] += p * (1 - p) * x[a] * x[c]
				}
			}
		}
		for a := range n {
			m[a][n] += wt[a]
			m[a][a]++
			if _, ok := fixed[a]; ok {
				for c := range n {
					m[a][c], m[c][a] = 0, 0
				}
				m[a][a], m[a][n] = 1, 0
			}
		}
		for c := range n {
			piv := c
			for r := c + 1; r < n; r++ {
				if math.Abs(m[r][c]) > math.Abs(m[piv][c]) {
					piv = r
				}
			}
			m[c], m[piv] = m[piv], m[c]
			for r := range n {
				if r != c && m[c][c] != 0 {
					f := m[r][c] / m[c][c]
					for q := c; q <= n; q++ {
						m[r][q] -= f * m[c][q]
					}
				}
			}
		}
		for a := range n {
			wt[a] -= m[a][n] / m[a][a]
		}
	}
	return wt
}

// TestFitLogisticFindsTheOdds: on samples drawn from known log-odds the
// fit finds them back (within the penalty and the noise of 20,000
// samples), and holds a fixed weight where it is told to.
func TestFitLogisticFindsTheOdds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var want [scorpionFeatures]float64
	want[0], want[1], want[2], want[3] = -0.5, 1.5, -2, 0.7
	var xs [][scorpionFeatures]float64
	var ys []float64
	for range 20000 {
		var x [scorpionFeatures]float64
		x[0], x[1], x[2], x[3] = 1, r.Float64()*2-1, r.Float64()*2-1, r.Float64()
		y := 0.0
		if r.Float64() < logistic(want, x) {
			y = 1
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	got := fitLogistic(xs, ys, map[int]float64{3: 0.7})
	for a := range 3 {
		require.InDelta(t, want[a], got[a], 0.15, "weight %d", a)
	}
	require.Equal(t, 0.7, got[3])
}
