package blades

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// The replay's barrier flags are the ones Move sets while playing: over
// random games with hidden hands, card plays are barriers and nothing
// else is, and Verify accepts every log the table wrote.
func TestVerifyMarksWhatMoveMarks(t *testing.T) {
	barriers := 0
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 1))
		o, err := NewOptions(2+int(seed%4), "", "", "dealt", "")
		require.NoError(t, err)
		tb, err := Start(o, seed)
		require.NoError(t, err)
		s := session(t, o)
		s.Seed = seed
		record := func(e companion.Event, err error) {
			require.NoError(t, err)
			s.Events = append(s.Events, e)
		}
		for seat := range tb.Pos.Players() {
			// Keep up to two cards of the hand, or none if they cost too much.
			var keep engine.Hand
			kept := 0
			for k, n := range tb.Pos.Hand(engine.Seat(seat)) {
				if n > 0 && kept < 2 {
					keep[k], kept = 1, kept+1
				}
			}
			var words []string
			for _, k := range keep.Kinds() {
				words = append(words, k.String())
			}
			e, err := tb.Keep(Role{Seat: engine.Seat(seat)}, strings.Join(words, ","))
			if err != nil {
				e, err = tb.Keep(Role{Seat: engine.Seat(seat)}, "none")
			}
			record(e, err)
		}
		for range 60 {
			moves := tb.Pos.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			for _, c := range moves {
				if _, card := c.Action.Card(); card && rng.IntN(2) == 0 {
					m = c // card plays are rare among legal moves: favour them
					break
				}
			}
			record(tb.Move(Role{Seat: tb.Pos.Turn()}, m.Format(tb.Pos.Board())))
		}
		marks, err := Verify(s)
		require.NoError(t, err)
		require.Len(t, marks, len(s.Events))
		for i, e := range s.Events {
			require.Equal(t, e.Barrier, marks[i], "seed %d event %d", seed, e.Seq)
			if marks[i] {
				barriers++
			}
		}
	}
	require.NotZero(t, barriers, "the games must play cards from hidden hands")
}

// Options `new` would never store are refused even where Start alone would
// accept them.
func TestVerifyRefusesOptionsNewWouldNotStore(t *testing.T) {
	for name, o := range map[string]Options{
		"hidden cards":           {Players: 3, Seed: 1, Cards: "hidden"},
		"seed past the code":     {Players: 3, Seed: 1 << 41, Cards: "dealt"},
		"position with a seed":   {Players: 3, Seed: 5, Cards: "none", Position: "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 none 0,0,0"},
		"position not canonical": {Players: 3, Cards: "none", Position: " 3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 none 0,0,0"},
	} {
		_, err := Verify(session(t, o))
		var re *companion.ReplayError
		require.ErrorAs(t, err, &re, name)
		require.Zero(t, re.Seq, name)
	}
}
