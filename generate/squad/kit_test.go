package squad

import (
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/layouts"
	squadpdf "github.com/ninjakit/ninjakit/layouts/squad"
	"github.com/stretchr/testify/require"
)

// The kit prints what the data file holds: every Movement card with both
// routes parsed, every kind in its count, a trap of each kind per seat.
func TestKitContentFollowsTheData(t *testing.T) {
	d := data.DefaultSquad()
	c := KitContent(d)
	require.Len(t, c.Movement, len(d.Movement))
	for i, m := range c.Movement {
		require.Equal(t, d.Movement[i].Number, m.Number)
		require.Len(t, m.Routes, 2)
		for j, r := range m.Routes {
			want, err := data.ParseRoute(d.Movement[i].Routes[j])
			require.NoError(t, err)
			require.Equal(t, want, r)
		}
	}
	require.Len(t, c.Alarm, len(d.Alarm))
	require.Equal(t, d.Buki[4].Range, c.Buki[4].Range)
	require.Equal(t, d.Senjutsu[4].Alarm, c.Senjutsu[4].Alarm)
	require.Len(t, c.Targets, len(d.Setup.Targets))

	k, err := squadpdf.Kit(c, layouts.PaperA4, layouts.SizePoker)
	require.NoError(t, err)
	counts := map[string]int{}
	for _, s := range k.Sections {
		if s.Set != nil {
			counts[s.Title] = len(s.Set.Pieces)
		}
	}
	require.Equal(t, map[string]int{"Movement cards": 60, "Alarm cards": 12, "Senjutsu cards": 12, "Buki cards": 30, "Tokens": 22}, counts)
}
