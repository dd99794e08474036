package data

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDefaultSquadIsValid(t *testing.T) {
	require.NoError(t, squadDefault().validate())
	s := DefaultSquad()
	require.Len(t, s.Movement, 60)
	count := func(cs []SquadCard) int {
		n := 0
		for _, c := range cs {
			n += c.Count
		}
		return n
	}
	// The rulebook's component list.
	require.Equal(t, 12, count(s.Alarm))
	require.Equal(t, 12, count(s.Senjutsu))
	require.Equal(t, 30, count(s.Buki))
	require.Len(t, s.Wana, 3)
	require.Equal(t, SquadTokens{Fire: 4, ThrowingStars: 4, Guards: 16, PatrollingGuards: 8, LanternCubes: 27, Cubes: 18}, s.Tokens)
	for p, want := range map[int][2]int{2: {20, 90}, 3: {21, 120}, 4: {25, 150}} {
		tg, ok := s.Target(p)
		require.True(t, ok)
		require.Equal(t, want, [2]int{tg.Alarm, tg.SpeedySeconds})
	}
	_, ok := s.Target(5)
	require.False(t, ok)
}

func TestSquadMovementCardsComeInMirrorPairs(t *testing.T) {
	mirror := strings.NewReplacer("L", "R", "R", "L")
	s := DefaultSquad()
	for i := 0; i < len(s.Movement); i += 2 {
		a, b := s.Movement[i], s.Movement[i+1]
		for r := range a.Routes {
			require.Equal(t, mirror.Replace(a.Routes[r]), b.Routes[r], "card %d mirrors card %d", b.Number, a.Number)
		}
	}
}

func TestParseRoute(t *testing.T) {
	steps, err := ParseRoute(" F  JFL B ")
	require.NoError(t, err)
	require.Equal(t, []string{"F", "JFL", "B"}, steps)
	_, err = ParseRoute("")
	require.EqualError(t, err, "a route needs at least one step")
	_, err = ParseRoute("F X")
	require.ErrorContains(t, err, `step "X"`)
}

func TestLoadSquadRejects(t *testing.T) {
	base := string(squadJSON)
	for name, tc := range map[string]struct{ from, to, want string }{
		"unknown alarm kind": {`"kind": "sleeping-sentry"`, `"kind": "lazy-sentry"`, `alarm kind "lazy-sentry"`},
		"bad route":          {`"routes": ["F F", "FL"]`, `"routes": ["F F", "FLY"]`, `movement card 1: route "FLY"`},
		"one route":          {`"routes": ["F F", "FL"]`, `"routes": ["F F"]`, "needs exactly 2 routes"},
		"no 3p target":       {`{"players": 3, "alarm": 21, "speedySeconds": 120},`, ``, "no target for 3 players"},
		"zero buki count":    {`"name": "Spear",           "count": 3`, `"name": "Spear",           "count": 0`, "count must be at least 1"},
		"duplicate number":   {`{"number": 2, `, `{"number": 1, `, "movement card 1: numbers must be positive and distinct"},
		"unknown field":      {`"fire": 4,`, `"fire": 4, "dragons": 2,`, "dragons"},
	} {
		t.Run(name, func(t *testing.T) {
			require.Contains(t, base, tc.from)
			_, err := LoadSquad(strings.NewReader(strings.Replace(base, tc.from, tc.to, 1)))
			require.ErrorContains(t, err, tc.want)
		})
	}
}
