package bots

import (
	"math"
	"slices"
	"time"
)

// Wilson is the 95% Wilson score interval of wins successes out of n.
func Wilson(wins, n int) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, fn := float64(wins)/float64(n), float64(n)
	den := 1 + z*z/fn
	mid := (p + z*z/(2*fn)) / den
	half := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / den
	return max(0, mid-half), min(1, mid+half)
}

// Percentile is the q-th quantile (0..1) of ds by the nearest rank, 0 for
// none. It sorts ds.
func Percentile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	i := int(math.Ceil(q*float64(len(ds)))) - 1
	return ds[max(0, min(i, len(ds)-1))]
}
