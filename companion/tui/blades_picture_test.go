package tui

import (
	"encoding/json"
	"errors"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// errDry ends a dry run whose action the game accepted.
var errDry = errors.New("would be logged")

// dryMemory is a memory that can check an action without keeping it.
type dryMemory struct {
	memory
	dry bool
}

func (m *dryMemory) Append(check func(companion.Session) ([]companion.Event, error)) error {
	if m.dry {
		if _, err := check(m.s); err != nil {
			return err
		}
		return errDry
	}
	return m.memory.Append(check)
}

func bladesGame(t *testing.T, players int, cards string, seed uint64) (*blades, *dryMemory) {
	t.Helper()
	o, err := cb.NewOptions(players, "", "", cards, "")
	require.NoError(t, err)
	o.Seed = seed % 1000
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	src := &dryMemory{memory: memory{companion.Session{Name: "test", Game: cb.Game, Options: raw, Seed: seed, Created: time.Now()}}}
	g, err := NewBlades(src)
	require.NoError(t, err)
	return g.(*blades), src
}

// Every move and keep the board offers a seat is one Do accepts as
// offered, in random games of every size and card choice; the table and
// the seats not to move are offered none.
func TestBladesPictureMovesAreAccepted(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 5))
	for game, players := range []int{2, 3, 4, 5} {
		cards := []string{"dealt", "open", "none", "dealt"}[game]
		b, src := bladesGame(t, players, cards, uint64(game*7+1))
		for step := 0; step < 400; step++ {
			at, ok := b.Waiting()
			if !ok {
				break
			}
			type offer struct {
				v    Viewer
				text string
			}
			var offered []offer
			for v := Table; int(v) < players; v++ {
				pic, err := b.Picture(v)
				require.NoError(t, err)
				require.True(t, strings.HasPrefix(pic.SVG, "<svg"), "one svg element")
				for _, m := range pic.Moves {
					require.Equal(t, at, v, "only the seat to move is offered moves")
					require.NotEmpty(t, m.Say)
					if m.Piece != "" {
						require.True(t, hasSpot(pic, m.Piece) && hasSpot(pic, m.To), "%s names spots on the board", m.Text)
						require.True(t, strings.HasSuffix(m.Text, " "+m.To), "%s ends on its target %s", m.Text, m.To)
					}
					offered = append(offered, offer{v, m.Text})
				}
				for _, k := range pic.Keeps {
					require.True(t, v != Table && b.t.Pos.Choosing(engine.Seat(v)), "only a choosing seat is offered keeps")
					offered = append(offered, offer{v, k.Text})
				}
			}
			require.NotEmpty(t, offered, "step %d: seat %d is offered nothing", step, at+1)
			src.dry = true
			for i, o := range offered {
				if !sweep.Every(step+i, 2, 0) {
					continue // half the offers by default, every other one the next step
				}
				_, err := b.Do(o.v, o.text)
				require.ErrorIs(t, err, errDry, "%s refused %q", b.Name(o.v), o.text)
			}
			src.dry = false
			o := offered[rng.IntN(len(offered))]
			_, err := b.Do(o.v, o.text)
			require.NoError(t, err)
		}
	}
}

func hasSpot(p Picture, id string) bool {
	for _, s := range p.Spots {
		if s.ID == id {
			return true
		}
	}
	return false
}

// Two games that differ only in the other seats' hidden hands give a seat
// the very same picture but for its own hand, at every step of the game.
func TestBladesPictureHidesOtherHands(t *testing.T) {
	// Seat 1 holds the same cards in both; seats 2 and 3 hold others, as
	// many: in play, and while choosing what to keep.
	for _, twins := range [][2]string{
		{"3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0", "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,V,- 0,0,0"},
		{"3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS?,2S?,V? 0,0,0", "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS?,VC?,B? 0,0,0"},
	} {
		pics := twinPictures(t, twins)
		require.Equal(t, pics[0], pics[1])
	}
}

// twinPictures is seat 1's pictures of each game, as seats pass or keep.
func twinPictures(t *testing.T, twins [2]string) [2][]string {
	var pics [2][]string
	for i, pos := range twins {
		g, _ := bladesAt(t, pos)
		b := g.(*blades)
		for range 3 {
			pic, err := b.Picture(0)
			require.NoError(t, err)
			raw, err := json.Marshal(pic)
			require.NoError(t, err)
			pics[i] = append(pics[i], string(raw))
			at, ok := b.Waiting()
			if !ok {
				break
			}
			text := "pass"
			if b.t.Pos.Choosing(engine.Seat(at)) {
				text = "keep none"
			}
			_, err = b.Do(at, text)
			require.NoError(t, err)
		}
	}
	return pics
}
