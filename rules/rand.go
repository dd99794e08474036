package rules

import (
	"hash/fnv"
	"math/rand/v2"
)

// NewRand returns a PCG generator for one named stream of a seed. Games draw
// public and private choices from different streams so that knowing the
// public seed (it is in the share code) reveals nothing about a private deal.
func NewRand(seed uint64, stream string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(stream))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// Shuffle permutes s in place with r. It exists so every engine shuffles the
// same way (Fisher-Yates from the end) and golden outputs stay stable. It
// draws exactly as rand.Rand.Shuffle does, without a call per swap.
func Shuffle[T any](r *rand.Rand, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := int(r.Uint64N(uint64(i + 1)))
		s[i], s[j] = s[j], s[i]
	}
}
