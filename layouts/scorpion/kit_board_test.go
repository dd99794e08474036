package scorpion

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCutRunsAvoidIDs: the runs cover every cell once, none is longer than
// a page holds, and the cut goes where it splits no id when it can.
func TestCutRunsAvoidIDs(t *testing.T) {
	for _, c := range []struct {
		n, most int
		ids     []float64
		want    [][2]int
	}{
		{14, 9, []float64{5, 7, 9, 3, 11, 8, 6.5}, [][2]int{{0, 6}, {6, 8}}},
		{14, 7, []float64{7}, [][2]int{{0, 7}, {7, 7}}},
		{14, 14, nil, [][2]int{{0, 14}}},
		{10, 4, nil, [][2]int{{0, 4}, {4, 3}, {7, 3}}},
		{10, 4, []float64{4, 7}, [][2]int{{0, 3}, {3, 3}, {6, 4}}},
	} {
		got := cutRuns(c.n, c.most, c.ids)
		require.Equal(t, c.want, got, "%+v", c)
		next := 0
		for _, r := range got {
			require.Equal(t, next, r[0])
			require.LessOrEqual(t, r[1], c.most)
			next += r[1]
		}
		require.Equal(t, c.n, next)
	}
}

// TestSpearTokensStandOutInGrey: sword and spear guards differ without
// colour: the spear field is striped and its grey is clearly lighter.
func TestSpearTokensStandOutInGrey(t *testing.T) {
	grey := func(c rgb) float64 { return 0.299*float64(c[0]) + 0.587*float64(c[1]) + 0.114*float64(c[2]) }
	for _, kind := range []string{"Sentry", "Patrol guard"} {
		sword, spear := guardToken(kind, "sword"), guardToken(kind, "spear")
		require.False(t, sword.striped, kind)
		require.True(t, spear.striped, kind)
		require.Equal(t, sword.label, spear.label, "the label tells sentry from patrol, not the type")
		require.Greater(t, grey(spear.field)-grey(sword.field), 20.0, kind)
	}
}
