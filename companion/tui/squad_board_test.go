package tui

import (
	"encoding/json"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	engine "github.com/ninjakit/ninjakit/rules/squad"
	"github.com/stretchr/testify/require"
)

func squadGame(t *testing.T, players int, mode, position string, seed uint64) (*squad, *dryMemory) {
	t.Helper()
	o, err := cs.NewOptions(players, nil, mode, false, "", "", position)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	src := &dryMemory{memory: memory{companion.Session{Name: "test", Game: cs.Game, Options: raw, Seed: seed, Created: time.Now()}}}
	g, err := NewSquad(src)
	require.NoError(t, err)
	return g.(*squad), src
}

// giveCard moves one card of kind k from pile p's draw pile (1 Senjutsu,
// 2 Buki) into seat's hand in position pos.
func giveCard(t *testing.T, pos string, seat, p, k int) string {
	t.Helper()
	field := func(name string) string { return regexp.MustCompile(name + `=(\S+)`).FindStringSubmatch(pos)[1] }
	seats, piles := field("seats"), field("piles")
	rows := strings.Split(seats, "/")
	row := strings.Split(rows[seat], ":")
	held := strings.Split(row[p], ".")
	n, err := strconv.Atoi(held[k])
	require.NoError(t, err)
	held[k] = strconv.Itoa(n + 1)
	row[p] = strings.Join(held, ".")
	rows[seat] = strings.Join(row, ":")
	ps := strings.Split(piles, "|")
	draw, discard, _ := strings.Cut(ps[p], ";")
	left := strings.Split(draw, ".")
	n, err = strconv.Atoi(left[k])
	require.NoError(t, err)
	left[k] = strconv.Itoa(n - 1)
	ps[p] = strings.Join(left, ".") + ";" + discard
	return strings.NewReplacer("seats="+seats, "seats="+strings.Join(rows, "/"), "piles="+piles, "piles="+strings.Join(ps, "|")).Replace(pos)
}

// Every move the board offers any seat is one Do accepts as offered, in
// random raids and escapes of 2 to 4 players played by those very taps
// through a Guard Phase (150 taps, or the end); a move's taps name spots
// on the board, a card's move names a card in the hand, and the table's
// screen is offered only what the table reports.
func TestSquadPictureMovesAreAccepted(t *testing.T) {
	sweep.Sampled(t, "two of the six games, and the dry runs of every offered move")
	rng := rand.New(rand.NewPCG(18, 9))
	kinds := map[string]bool{}
	taps := map[string]bool{}
	for game, players := range []int{2, 3, 4, 2, 3, 4} {
		// By default a raid for two and an escape for three, both with cards
		// in hand (between them they offer every kind checked below).
		if !sweep.Full() && game != 0 && game != 4 {
			continue
		}
		mode := "raid"
		if game >= 3 {
			mode = "escape"
		}
		q, src := squadGame(t, players, mode, "", uint64(game*13+5))
		if game%3 != 2 {
			// Every ninja holds Senjutsu and Buki cards from the start.
			pos := q.t.Game.Position()
			for seat := range players {
				pos = giveCard(t, pos, seat, 1, seat)
				pos = giveCard(t, pos, seat, 2, []int{1, 2, 4, 5}[seat])
			}
			q, src = squadGame(t, 0, "", pos, uint64(game*13+5))
		}
		steps := 0
		for ; steps < 150 && q.t.Game.Stage() != engine.StageOver; steps++ {
			type offer struct {
				v    Viewer
				text string
			}
			var offered []offer
			for v := Table; int(v) < players; v++ {
				pic, err := q.Picture(v)
				require.NoError(t, err)
				require.True(t, strings.HasPrefix(pic.SVG, "<svg"), "one svg element")
				if v == Table {
					require.Empty(t, pic.Hand)
				}
				for _, m := range pic.Moves {
					if v == Table {
						verb := strings.Fields(m.Text)[0]
						require.Contains(t, []string{"exposed", "patrols", "draw", "time-up"}, verb, "the table's screen reports only what the table does")
					}
					require.NotEmpty(t, m.Say)
					require.NotContains(t, m.Say, "--", "table words: %q", m.Say)
					if m.Piece != "" {
						require.True(t, hasSpot(pic, m.Piece) && hasSpot(pic, m.To), "%s names spots on the board", m.Text)
						taps[strings.Fields(m.Text)[0]] = true
					}
					if m.Card != "" {
						require.True(t, inHand(pic, m.Card), "%s: its card %s is in the hand", m.Text, m.Card)
					}
					kinds[strings.Fields(m.Text)[0]] = true
					offered = append(offered, offer{v, m.Text})
				}
			}
			require.NotEmpty(t, offered, "game %d step %d: nobody is offered anything: %s", game, steps, q.t.Waiting())
			// Each dry run replays the session: a sample of the steps by
			// default, every step under NINJAKIT_SWEEP=1.
			if sweep.Every(steps, 4, game) {
				src.dry = true
				for _, o := range offered {
					_, err := q.Do(o.v, o.text)
					require.ErrorIs(t, err, errDry, "%s refused %q", q.Name(o.v), o.text)
				}
				src.dry = false
			}
			// A rival pushed home ends the raid or wins the escape at once
			// (S-28), and every seat is offered one for each rival: chosen
			// as often as the rest, they would end most games before a
			// fire or a trap came up. They are taken only when alone.
			var plain []offer
			for _, o := range offered {
				if strings.Fields(o.text)[0] != "reached" {
					plain = append(plain, o)
				}
			}
			if len(plain) > 0 {
				offered = plain
			}
			o := offered[rng.IntN(len(offered))]
			_, err := q.Do(o.v, o.text)
			require.NoError(t, err)
		}
		require.True(t, q.t.Game.Stage() == engine.StageOver || q.t.Game.Phase() > 1, "game %d runs a Guard Phase by taps in %d steps", game, steps)
	}
	for _, verb := range []string{"move", "exposed", "patrols", "trap", "senjutsu", "buki", "fire"} {
		require.True(t, kinds[verb], "some game offered a %s", verb)
	}
	for _, verb := range []string{"move", "senjutsu", "buki"} {
		require.True(t, taps[verb], "a %s is tapped on the board", verb)
	}
}

// The Guard Phase's running step is the one outlined, and the alarm track
// marks tracker and target.
func TestSquadPictureTrackAndSteps(t *testing.T) {
	q, _ := squadGame(t, 2, "raid", "", 3)
	pic, err := q.Picture(Table)
	require.NoError(t, err)
	require.True(t, slices.ContainsFunc(pic.Spots, func(s Spot) bool { return s.ID == "alarm" && s.Name == "alarm 0, target 20" }), "the track tells tracker and target")
	require.Zero(t, q.guardStep(), "a movement phase runs")
	for q.t.Game.Stage() == engine.StageMove || q.t.Game.Stage() == engine.StageAfter {
		pic, err := q.Picture(Viewer(q.t.Game.ToAct()))
		require.NoError(t, err)
		require.NotEmpty(t, pic.Moves)
		_, err = q.Do(Viewer(q.t.Game.ToAct()), pic.Moves[0].Text)
		require.NoError(t, err)
	}
	_, err = q.Do(Table, "exposed none")
	require.NoError(t, err)
	require.Equal(t, 1, q.guardStep(), "the patrols are step 1")
}

// Two games that differ only in another ninja's hidden Senjutsu and Buki
// cards give a ninja and the table the very same picture, byte for byte.
func TestSquadPictureHidesOtherHands(t *testing.T) {
	q, _ := squadGame(t, 3, "raid", "", 7)
	pos := q.t.Game.Position()
	// Seat 3 takes a Senjutsu card of the first kind from the pile, then
	// one of the second kind instead.
	twins := [2]string{giveCard(t, pos, 2, 1, 0), giveCard(t, pos, 2, 1, 1)}
	require.NotEqual(t, twins[0], twins[1])
	for _, v := range []Viewer{Table, 0, 1} {
		var pics [2]string
		for i, p := range twins {
			g, _ := squadGame(t, 0, "", p, 7)
			pic, err := g.Picture(v)
			require.NoError(t, err)
			raw, err := json.Marshal(pic)
			require.NoError(t, err)
			pics[i] = string(raw)
		}
		require.True(t, pics[0] == pics[1], "viewer %d: the pictures differ", v)
	}
	g, _ := squadGame(t, 0, "", twins[1], 7)
	pic, err := g.Picture(2)
	require.NoError(t, err)
	require.Len(t, pic.Hand, 1, "the holder sees its card as printed")
	require.Contains(t, pic.Hand[0].SVG, "<svg")
}

// Undo is the last reporting ninja's; what the table reported is nobody's.
func TestSquadLastActor(t *testing.T) {
	q, _ := squadGame(t, 2, "raid", "", 3)
	_, ok := q.LastActor()
	require.False(t, ok)
	at := Viewer(q.t.Game.ToAct())
	pic, err := q.Picture(at)
	require.NoError(t, err)
	_, err = q.Do(at, pic.Moves[0].Text)
	require.NoError(t, err)
	who, ok := q.LastActor()
	require.True(t, ok)
	require.Equal(t, at, who)
}

// In Super Speedy Ninjas the picture tells the countdown under the board
// while a movement phase runs, from the phase's start (S-27).
func TestSquadPictureCountdown(t *testing.T) {
	o, err := cs.NewOptions(2, nil, "raid", true, "", "", "")
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	start := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
	now := start
	src := &memory{companion.Session{Name: "test", Game: cs.Game, Options: raw, Seed: 1, Created: start}}
	g, err := NewSquadClock(func() time.Time { return now })(src)
	require.NoError(t, err)
	q := g.(*squad)
	now = start.Add(30 * time.Second)
	pic, err := q.Picture(0)
	require.NoError(t, err)
	require.Contains(t, pic.Notes, "Super Speedy: 1:00 left in this movement phase", "90 s for two players, 30 s gone")
	require.NotNil(t, pic.Countdown, "a page runs the clock on")
	require.Equal(t, "Super Speedy: 1:00 left in this movement phase", pic.Notes[pic.Countdown.Note])
	require.Equal(t, start.Add(90*time.Second).UnixMilli(), pic.Countdown.Ends, "from the stored start of the phase")
}
