package bots

import (
	"testing"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// inexact is Blades without its Exact method: easy averages every draw.
type inexact struct{ Blades }

func (inexact) Exact() {}

var _ Exact[*blades.State] = Blades{}

// TestExactChoosesAsAveraging: where nothing is hidden, easy scoring one
// draw plays exactly the game it plays averaging all of them.
func TestExactChoosesAsAveraging(t *testing.T) {
	_, averages := any(inexact{}).(Exact[*blades.State])
	require.False(t, averages)
	r := blades.DefaultRules()
	for g, cards := range []gen.Cards{gen.CardsOpen, gen.CardsNone, gen.CardsOpen} {
		s, err := gen.Generate(r, gen.Options{Players: 2 + g, Seed: uint64(g), Cards: cards})
		require.NoError(t, err)
		p, err := blades.NewPosition(r, s.Start)
		require.NoError(t, err)
		var logs [2][]string
		for k, h := range []Heuristic[*blades.State, blades.Play]{Blades{}, inexact{}} {
			st := blades.NewState(p.Clone())
			seats := make([]*Bot[*blades.State, blades.Play], st.Players())
			for i := range seats {
				seats[i] = New(h, Options{Level: Easy, Seed: uint64(10*g + i)})
			}
			for !st.Over() {
				who := st.ToAct(nil)[0]
				d, err := seats[who].Choose(ViewOf(st, who))
				require.NoError(t, err)
				logs[k] = append(logs[k], st.Notation(d.Action))
				require.NoError(t, st.Act(who, d.Action))
			}
		}
		require.NotEmpty(t, logs[0])
		require.Equal(t, logs[0], logs[1], "game %d", g)
	}
}
