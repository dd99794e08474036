package rules

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSeatOffsetWraps(t *testing.T) {
	require.Equal(t, Seat(0), Seat(2).Next(3))
	require.Equal(t, Seat(3), Seat(0).Offset(-2, 5))
	require.Equal(t, "1", Seat(0).String())
	s, err := ParseSeat("4", 4)
	require.NoError(t, err)
	require.Equal(t, Seat(3), s)
	for _, bad := range []string{"0", "5", "x", ""} {
		_, err := ParseSeat(bad, 4)
		require.Error(t, err, bad)
	}
}

func TestStreamsDiffer(t *testing.T) {
	a := NewRand(7, "public").Uint64()
	b := NewRand(7, "private").Uint64()
	require.NotEqual(t, a, b)
	require.Equal(t, a, NewRand(7, "public").Uint64(), "same seed and stream repeat")
}

func TestDeckTakeReshufflesDiscard(t *testing.T) {
	r := NewRand(1, "deck")
	d := NewDeck(r, []int{1, 2, 3, 4, 5})
	hands := d.Deal(r, 2, 2)
	require.Len(t, hands[0], 2)
	require.Len(t, d.Draw, 1)
	d.Discard = append(d.Discard, hands[0]...)
	got := d.Take(r, 3)
	require.Len(t, got, 3)
	require.Equal(t, 1, d.Reshuffles)
	require.Empty(t, d.Take(r, 1), "both piles empty")
	seen := map[int]bool{}
	for _, c := range append(append([]int{}, hands[1]...), got...) {
		require.False(t, seen[c], "card %d duplicated", c)
		seen[c] = true
	}
	require.Len(t, seen, 5)
}

// TestShuffleDrawsAsRandShuffle checks that Shuffle gives the permutation
// rand.Rand.Shuffle gives from the same stream, and leaves the stream where
// it leaves it, so every seeded deal and setup stays as it was.
func TestShuffleDrawsAsRandShuffle(t *testing.T) {
	for n := range 100 {
		ours, theirs := rand.New(rand.NewPCG(uint64(n), 5)), rand.New(rand.NewPCG(uint64(n), 5))
		a, b := make([]int, n), make([]int, n)
		for i := range a {
			a[i], b[i] = i, i
		}
		Shuffle(ours, a)
		theirs.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
		require.Equal(t, b, a, "length %d", n)
		require.Equal(t, theirs.Uint64(), ours.Uint64(), "length %d: the stream after", n)
	}
}
