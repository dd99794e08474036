package squad

import (
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/stretchr/testify/require"
)

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"play 1.2 c1 l2 guard home", "dash 2.1", "dash 1.2 c8 l5", "reached 2 c1 home", "spring 2 trip-wire tonfa", "exposed 1,3", "draw 2 buki spear", "patrols -"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s, 4)
		if err != nil {
			return
		}
		back, err := ParseAction(a.String(), 4)
		require.NoError(t, err)
		require.Equal(t, a, back)
	})
}

func FuzzParsePosition(f *testing.F) {
	d := data.DefaultSquad()
	g, err := NewGame(d, Options{Mode: Full, Players: 3, Seed: 9})
	require.NoError(f, err)
	f.Add(g.Position())
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParsePosition(d, s)
		if err != nil {
			return
		}
		require.Equal(t, g.Position(), mustParse(t, d, g.Position()).Position())
	})
}

func mustParse(t *testing.T, d *data.Squad, s string) *Game {
	g, err := ParsePosition(d, s)
	require.NoError(t, err)
	return g
}
