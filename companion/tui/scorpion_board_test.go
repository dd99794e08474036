package tui

import (
	"encoding/json"
	"fmt"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	"github.com/stretchr/testify/require"
)

var svgView = regexp.MustCompile(`^<svg [^>]*viewBox="[^"]+"`)

func scorpionDry(t *testing.T, guards int, seed uint64) (*scorpion, *dryMemory) {
	t.Helper()
	o, err := sc.NewOptions(guards, nil)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	src := &dryMemory{memory: memory{companion.Session{Name: "test", Game: sc.Game, Options: raw, Seed: seed, Created: time.Now()}}}
	g, err := NewScorpion(src)
	require.NoError(t, err)
	return g.(*scorpion), src
}

// Every move the castle offers a role is one Do accepts as offered, for
// every role along random games with one and two guard players; a move's
// taps name zones of the map (or the passage), its card is one the role
// holds; the table and the moderator are offered none, and nobody is
// offered a move while the game does not ask them.
func TestScorpionPictureMovesAreAccepted(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 9))
	steps := sweep.Count(t, 45, 90)
	for _, guards := range []int{1, 2} {
		q, src := scorpionDry(t, guards, uint64(40+guards))
		tapped := 0
		bases := map[Viewer]string{}
		for step := 0; step < steps; step++ {
			type offer struct {
				v    Viewer
				text string
			}
			var offered []offer
			for v := Table; q.Name(v) != "" || v == Table; v++ {
				pic, err := q.Picture(v)
				require.NoError(t, err)
				require.True(t, strings.HasPrefix(pic.SVG, "<svg"), "one svg element")
				// The map under the pieces is one drawing for the whole
				// game, of the same viewBox as the pieces'.
				require.Equal(t, svgView.FindString(pic.SVG), svgView.FindString(pic.Base))
				if b, ok := bases[v]; ok {
					require.Equal(t, b, pic.Base, "%s's map changed", q.Name(v))
				}
				bases[v] = pic.Base
				asked := false
				for _, w := range q.t.Game.Waiting() {
					asked = asked || (v != Table && w.String() == q.Name(v))
				}
				if !asked {
					require.Empty(t, pic.Moves, "%s is not asked", q.Name(v))
				}
				held := map[string]bool{}
				for _, c := range pic.Hand {
					held[c.ID] = true
					require.Positive(t, c.Count)
				}
				for _, m := range pic.Moves {
					require.NotEmpty(t, m.Say)
					if m.Piece != "" {
						require.True(t, hasSpot(pic, m.Piece) && hasSpot(pic, m.To), "%s names spots on the map: %s to %s", m.Text, m.Piece, m.To)
						tapped++
					}
					if m.Card != "" && m.Piece != "" {
						require.True(t, held[m.Card], "%s plays %s, which %s holds", m.Text, m.Card, q.Name(v))
					}
					offered = append(offered, offer{v, m.Text})
				}
			}
			if len(offered) == 0 {
				break // the game is over
			}
			src.dry = true
			for i, o := range offered {
				if !sweep.Every(step+i, 2, 0) {
					continue // half the offers by default, every other one the next step
				}
				_, err := q.Do(o.v, o.text)
				require.ErrorIs(t, err, errDry, "%s refused %q", q.Name(o.v), o.text)
			}
			src.dry = false
			// Ending a phase at random would end most games in set-up
			// speed; it is taken one time in four.
			o := offered[rng.IntN(len(offered))]
			if o.text == "done" && len(offered) > 1 && rng.IntN(4) > 0 {
				o = offered[rng.IntN(len(offered))]
			}
			_, err := q.Do(o.v, o.text)
			require.NoError(t, err, "%s: %s", q.Name(o.v), o.text)
		}
		require.Positive(t, tapped, "some moves are taps on the map")
		require.Greater(t, q.t.Game.View(0).Turn, 1, "the game got past its first turn")
		t.Logf("%d guard player(s): %d taps offered, turn %d", guards, tapped, q.t.Game.View(0).Turn)
	}
}

// scorpionSetup is the set-up of the scripted game (scorpion_game.txtar),
// each line a role and what it types.
var scorpionSetup = [][2]string{
	{"guard", "posts MO2 MO8 YA1 YA5 YA9 YA13 CA7 CB8"},
	{"guard", "patrol YA3>YA4"},
	{"guard", "patrol YA11/YA22"},
	{"guard", "patrol YA15"},
	{"guard", "sleep YA2 YA2 YA10 YA10 YA14 YA14 CA3 CB7"},
	{"guard", "hide CA6=A CA9=B CB6=C CB9=D CA3=E CB4=F CB1=trap CA1=trap CB2=sentry CA4=sentry"},
	{"guard", "hand kenjutsu:4 ssearch:5 slisten:6 plisten:2 psearch:4 awaken:2 passage:1"},
	{"guard", "ready"},
	{"ninja", "start OL8"},
	{"ninja", "deck passage:1 kenjutsu:3 rope:2 shuriken:2"},
	{"traitor", "start YA12"},
	{"traitor", "deck cat:2 kenjutsu:2 sake:2 passage:1"},
	{"ninja", "passage OL8 CA8"},
	{"ninja", "ready"},
	{"traitor", "ready"},
	{"guard", "done"},
	{"guard", "march"},
	{"ninja", "done"},
}

// commitment is a sealed set-up's short commitment: the salted hash is
// read by everyone and differs with what it seals, by design, so the
// twins are compared with it blanked.
var commitment = regexp.MustCompile(`[GI](-[0-9A-F]{4}){5}`)

// twinPlay plays the set-up with some lines replaced and returns each
// named role's pictures, one per step, as JSON.
func twinPlay(t *testing.T, swap map[string]string, readers []string) map[string][]string {
	t.Helper()
	g, _ := scorpionGame(t, 1)
	q := g.(*scorpion)
	out := map[string][]string{}
	for _, step := range scorpionSetup {
		text := step[1]
		if s, ok := swap[text]; ok {
			text = s
		}
		v, ok := q.Seat(step[0])
		require.True(t, ok)
		_, err := q.Do(v, text)
		require.NoError(t, err, text)
		for _, r := range readers {
			rv := Table
			if r != "table" {
				rv, _ = q.Seat(r)
			}
			pic, err := q.Picture(rv)
			require.NoError(t, err)
			raw, err := json.Marshal(pic)
			require.NoError(t, err)
			out[r] = append(out[r], commitment.ReplaceAllString(string(raw), "COMMITMENT"))
		}
	}
	return out
}

// Twin games that differ only in what a role may not know give it the
// very same picture, byte for byte, at every step: the guards' hidden
// placements, sleeping guards and hand for the intruders and the table;
// the intruders' start zones, decks and passage for the guards and the
// table. The side that knows sees the difference.
func TestScorpionPictureTwins(t *testing.T) {
	guardSecrets := map[string]string{
		"sleep YA2 YA2 YA10 YA10 YA14 YA14 CA3 CB7":                                        "sleep YA2 YA2 YA10 YA14 YA14 CA3 CB7 CB7",
		"hide CA6=A CA9=B CB6=C CB9=D CA3=E CB4=F CB1=trap CA1=trap CB2=sentry CA4=sentry": "hide CA9=A CA6=B CB9=C CB6=D CB4=E CA3=F CA1=trap CB1=trap CA4=sentry CB2=sentry",
		"hand kenjutsu:4 ssearch:5 slisten:6 plisten:2 psearch:4 awaken:2 passage:1":       "hand kenjutsu:5 ssearch:4 slisten:6 plisten:2 psearch:4 awaken:2 passage:1",
	}
	readers := []string{"table", "ninja", "traitor", "guard"}
	a, b := twinPlay(t, nil, readers), twinPlay(t, guardSecrets, readers)
	for _, r := range []string{"table", "ninja", "traitor"} {
		require.Empty(t, firstDiff(a[r], b[r]), "%s sees the guards' secrets", r)
	}
	require.NotEmpty(t, firstDiff(a["guard"], b["guard"]), "the guard sees his own set-up")

	intruderSecrets := map[string]string{
		"start OL8": "start OL9",
		"deck passage:1 kenjutsu:3 rope:2 shuriken:2": "deck passage:1 kenjutsu:2 rope:3 shuriken:2",
		"passage OL8 CA8": "passage OL9 CB3",
	}
	readers = []string{"table", "guard", "ninja"}
	a, b = twinPlay(t, nil, readers), twinPlay(t, intruderSecrets, readers)
	for _, r := range []string{"table", "guard"} {
		require.Empty(t, firstDiff(a[r], b[r]), "%s sees the intruders' secrets", r)
	}
	require.NotEmpty(t, firstDiff(a["ninja"], b["ninja"]), "the ninja sees where he is")
}

// firstDiff is where two runs' pictures first differ: the step and a
// little of each around the first byte that differs; "" if they never do.
func firstDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		j := 0
		for j < len(x) && j < len(y) && x[j] == y[j] {
			j++
		}
		return fmt.Sprintf("step %d:\n%s\n%s", i, x[max(0, j-120):min(len(x), j+120)], y[max(0, j-120):min(len(y), j+120)])
	}
	if len(a) != len(b) {
		return "the runs have different lengths"
	}
	return ""
}
