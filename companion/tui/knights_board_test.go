package tui

import (
	"encoding/json"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/stretchr/testify/require"
)

func knightsGame(t *testing.T, players int, variant, position string, seed uint64) (*knights, *dryMemory) {
	return knightsIn(t, "digital", players, variant, position, seed)
}

func knightsIn(t *testing.T, mode string, players int, variant, position string, seed uint64) (*knights, *dryMemory) {
	t.Helper()
	o, err := ck.NewOptions(players, nil, variant, mode, "", position)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	src := &dryMemory{memory: memory{companion.Session{Name: "test", Game: ck.Game, Options: raw, Seed: seed, Created: time.Now()}}}
	g, err := NewKnights(src)
	require.NoError(t, err)
	return g.(*knights), src
}

// Every move the board offers a seat is one Do accepts as offered, in
// random digital games of 2 to 6 players and the duel, and a physical
// one (no hands known: every card stays playable); only the seat the
// game waits for, or every seat a steal window asks, is offered any, and
// a move's taps name spots on the board.
func TestKnightsPictureMovesAreAccepted(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 7))
	kinds := map[string]bool{}
	steps := sweep.Count(t, 60, 300)
	for game, players := range []int{2, 3, 4, 5, 6, 2, 3} {
		variant, mode := "", "digital"
		if game == 0 {
			variant = "two-player"
		}
		if game == 6 {
			mode = "physical"
		}
		k, src := knightsIn(t, mode, players, variant, "", uint64(game*11+3))
		for step := 0; step < steps && (mode == "digital" || step < 12); step++ {
			at, ok := k.Waiting()
			if !ok {
				break
			}
			type offer struct {
				v    Viewer
				text string
			}
			var offered []offer
			for v := Table; int(v) < players; v++ {
				pic, err := k.Picture(v)
				require.NoError(t, err)
				require.True(t, strings.HasPrefix(pic.SVG, "<svg"), "one svg element")
				// The board kept from another viewer's picture is the one
				// drawn afresh for this viewer (a draft card is its own).
				if sweep.Every(step, 4, int(v)) {
					k.drawn.t = nil
					fresh, err := k.Picture(v)
					require.NoError(t, err)
					require.Equal(t, fresh.SVG, pic.SVG, "%s's board", k.Name(v))
				}
				if v == Table {
					require.Empty(t, pic.Hand, "the table holds no hand")
				}
				for _, m := range pic.Moves {
					require.True(t, v == at || k.Asked(v), "%s is offered %q out of turn", k.Name(v), m.Text)
					require.NotEmpty(t, m.Say)
					if m.Piece != "" {
						require.True(t, hasSpot(pic, m.Piece) && hasSpot(pic, m.To), "%s names spots on the board", m.Text)
					}
					if m.Card != "" && mode == "digital" {
						require.True(t, inHand(pic, m.Card), "%s: its card %s is in the hand", m.Text, m.Card)
					}
					kinds[strings.Fields(m.Text)[0]] = true
					offered = append(offered, offer{v, m.Text})
				}
			}
			require.NotEmpty(t, offered, "step %d: %s is offered nothing", step, k.Name(at))
			src.dry = true
			for i, o := range offered {
				if !sweep.Every(step+i, 2, 0) {
					continue // half the offers by default, every other one the next step
				}
				_, err := k.Do(o.v, o.text)
				require.ErrorIs(t, err, errDry, "%s refused %q", k.Name(o.v), o.text)
			}
			src.dry = false
			o := offered[rng.IntN(len(offered))]
			_, err := k.Do(o.v, o.text)
			require.NoError(t, err)
		}
	}
	for _, verb := range []string{"play", "respond", "fortify", "discard", "pass", "keep", "give", "show", "take"} {
		require.True(t, kinds[verb], "some game offered a %s", verb)
	}
}

func inHand(p Picture, id string) bool {
	for _, c := range p.Hand {
		if c.ID == id {
			return true
		}
	}
	return false
}

// Two games that differ only in the other seats' hidden hands give a seat
// the very same picture, byte for byte: in its own turn, answering an
// attack, and asked by a steal window whether or not the others could
// steal.
func TestKnightsPictureHidesOtherHands(t *testing.T) {
	for _, twins := range [][2]string{
		{"players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KSC/PPH/QAK", "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=KSC/CAF/PKP"},
		{"players=4 mode=digital turn=1 phase=steal gems=8,2,5,5 hands=-/KS/HP/S target=2 holder=1 amount=3", "players=4 mode=digital turn=1 phase=steal gems=8,2,5,5 hands=-/KS/PP/H target=2 holder=1 amount=3"},
	} {
		var pics [2]string
		for i, pos := range twins {
			k, _ := knightsGame(t, 0, "", pos, 1)
			seat := Viewer(0)
			if k.t.Game.HandSize(0) == 0 {
				seat = 1
			}
			pic, err := k.Picture(seat)
			require.NoError(t, err)
			require.NotEmpty(t, pic.Hand)
			if k.Asked(seat) {
				require.Equal(t, k.t.Question(), pic.Turn, "the window's question, the same for every seat asked")
				require.Equal(t, []Move{{Text: "decline --by p2", Say: "Let the gems go"}}, pic.Moves, "no highwayman: only letting go is playable")
			}
			raw, err := json.Marshal(pic)
			require.NoError(t, err)
			pics[i] = string(raw)
		}
		require.True(t, pics[0] == pics[1], "the pictures differ: %s", twins)
	}
}
