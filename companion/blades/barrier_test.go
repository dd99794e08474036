package blades

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// Over random games with hidden hands, Verify accepts every log the table
// wrote, finds no barrier (ruling B-19), and gives version 1's flag to the
// card plays only.
func TestVerifyJudgesWhatMoveWrites(t *testing.T) {
	shown := 0
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
		verdicts, err := Verify(s)
		require.NoError(t, err)
		require.Len(t, verdicts, len(s.Events))
		for i, e := range s.Events {
			require.Empty(t, verdicts[i].Barrier, "seed %d event %d: blades draws nothing, so undo takes anything back", seed, e.Seq)
			var d moveData
			_ = json.Unmarshal(e.Data, &d)
			m, _ := engine.ParseMove(tb.Pos.Board(), d.Move)
			_, card := m.Action.Card()
			require.Equal(t, e.Kind == "move" && card, verdicts[i].V1, "version 1 flagged exactly the cards from hidden hands")
			if verdicts[i].V1 {
				shown++
			}
		}
	}
	require.NotZero(t, shown, "the games must play cards from hidden hands")
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
