package bots

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// TestScorpionStepsCountWalls: a step over a wall costs three (a rope,
// which ends the move), any other step one.
func TestScorpionStepsCountWalls(t *testing.T) {
	d := scorpionData
	walls, open := 0, 0
	for _, z := range d.Map.Zones {
		for _, n := range d.Neighbours(z.ID) {
			got := scorpionH.dist[z.ID][n]
			if d.Wall(z.ID, n) {
				require.Greater(t, got, 1, "%s to %s over a wall", z.ID, n)
				require.LessOrEqual(t, got, scorpionWallSteps, "%s to %s", z.ID, n)
				walls++
			} else {
				require.Equal(t, 1, got, "%s to %s", z.ID, n)
				open++
			}
		}
	}
	require.Positive(t, walls)
	require.Positive(t, open)
}

// TestScorpionSearchValue plays random games until a search has ruled a
// castle zone out: searching it again tells nothing and costs a little,
// as does searching the yard, while a castle zone that may still hold
// the objective is worth scorpionSearch to an intruder still looking.
func TestScorpionSearchValue(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for seed := range uint64(20) {
		s := scorpionState(t, 1, seed)
		var buf []scorpion.Play
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			buf = s.Actions(seat, buf[:0])
			require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
			g := s.Game()
			v := g.View(scorpion.RoleModerator)
			var done, open string
			for _, z := range scorpionData.Map.Zones {
				switch {
				case !scorpionH.hide[z.ID] || v.Found[z.ID] != "":
				case s.Searched(z.ID):
					done = z.ID
				default:
					open = z.ID
				}
			}
			if done == "" || open == "" || v.Intruders[0].Done {
				continue
			}
			value := func(zone string) float64 {
				return scorpionH.searchValue(s, v, scorpion.RoleNinja, scorpion.Play("search "+zone))
			}
			require.Equal(t, -scorpionIdle, value(done))
			require.Equal(t, scorpionSearch, value(open))
			for _, z := range scorpionData.Map.Zones {
				if strings.HasPrefix(z.Region, "yard") {
					require.Equal(t, -scorpionIdle, value(z.ID))
					break
				}
			}
			require.Zero(t, scorpionH.searchValue(s, v, scorpion.RoleGuard, scorpion.Play("search "+open)), "only intruders search")
			return
		}
	}
	t.Fatal("no random game ruled a castle zone out by a search")
}
