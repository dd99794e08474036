package blind

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
	"github.com/stretchr/testify/require"
)

func TestWithBots(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", 0, "")
	require.NoError(t, err)
	b, err := o.WithBots([]string{"bob", "3=hard"})
	require.NoError(t, err)
	require.Equal(t, []companion.BotSeat{{Seat: 1, Level: "normal"}, {Seat: 2, Level: "hard"}}, b.Bots)
	for flags, want := range map[string]string{
		"dan":                 `--bot: "dan" is not a player here: choose ann, bob, cy`,
		"bob,2=easy":          "--bot bob is given twice",
		"bob=clever":          `--bot "bob=clever": bot level "clever": choose random, easy, normal or hard`,
		"=easy":               `--bot "=easy": say which seat, as SEAT or SEAT=LEVEL`,
		"ann,bob,cy":          "--bot: every player is a bot; give --turns N so their game surely ends, or play a seat yourself",
		"table":               `--bot: "table" is not a player here: choose ann, bob, cy`,
		"ann=easy,bob,cy=bad": `--bot "cy=bad": bot level "bad": choose random, easy, normal or hard`,
	} {
		_, err := o.WithBots(strings.Split(flags, ","))
		require.EqualError(t, err, want, flags)
	}
	o.Turns = 10
	_, err = o.WithBots([]string{"ann", "bob", "cy"})
	require.NoError(t, err, "bots alone may play a game with a turn limit (W-16)")

	// A hand-edited import is checked as new checks the flags.
	bad := o
	bad.Bots = []companion.BotSeat{{Seat: 3, Level: "easy"}}
	_, err = Start(bad, 0)
	require.EqualError(t, err, "--bot: seat 4 is not a player here")
}

// play appends e to s as the store would, and checks the replay takes it.
func play(t *testing.T, s *companion.Session, e companion.Event) *Table {
	t.Helper()
	e.Seq = len(s.Events) + 1
	s.Events = append(s.Events, e)
	tb, err := Replay(*s)
	require.NoError(t, err, "the replay refused event %d: %s", e.Seq, e.Data)
	return tb
}

var squareWord = regexp.MustCompile(`\b[A-H][1-8]\b`)

// TestBotAgainstPerson plays a whole two-player game: a person giving
// random legal orders (through Act, as the orders command does) against an
// easy bot seat, every bot play logged and replayed. Every Said line tells
// only what the table hears: no square but a slashed one.
func TestBotAgainstPerson(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob"}, "", 40, "")
	require.NoError(t, err)
	o, err = o.WithBots([]string{"bob=easy"})
	require.NoError(t, err)
	s := session(t, o)
	s.Seed = 7
	r := rand.New(rand.NewPCG(1, 2))
	tb, err := Replay(s)
	require.NoError(t, err)
	botTurns := 0
	for step := 0; tb.Game.Stage() != engine.StageOver; step++ {
		require.Less(t, step, 200)
		p, ok, err := NextBot(s)
		require.NoError(t, err)
		if ok {
			require.Equal(t, 1, p.Seat)
			require.Equal(t, "easy", p.Level)
			require.True(t, strings.HasPrefix(p.Said, "bob (bot) gave orders"), p.Said)
			tb = play(t, &s, p.Event)
			heard := map[string]bool{}
			for _, h := range tb.Game.Heard() {
				heard[h.Square.String()] = true
			}
			for _, q := range squareWord.FindAllString(p.Said, -1) {
				require.True(t, heard[q], "the bot's words name %s, which nobody heard: %s", q, p.Said)
			}
			botTurns++
			continue
		}
		require.Equal(t, rules.Seat(0), tb.Game.ToAct(), "no bot acts on ann's turn")
		_, err = tb.ParseRole("2")
		require.EqualError(t, err, "--as bob: bob is a bot: the companion gives its orders and keeps its grid")
		_, err = tb.ParseRole("ann")
		require.NoError(t, err)
		acts := engine.NewState(tb.Game).Actions(0, nil)
		e, err := tb.Act(acts[r.IntN(len(acts))].Action(tb.Game.Grid(), 2), 0)
		require.NoError(t, err)
		tb = play(t, &s, e)
	}
	require.Greater(t, botTurns, 3)
	_, ok, err := NextBot(s)
	require.NoError(t, err)
	require.False(t, ok, "no bot acts once the game is over")
	t.Logf("over in round %d: %s", tb.Game.Round(), tb.Result())
}

// TestBotsAlone: three bot seats play a limited game to its end while a
// person watches as the table, who never sees a grid before the end
// (W-13, W-16); each bot places its own ninjas first.
func TestBotsAlone(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", 4, "")
	require.NoError(t, err)
	o, err = o.WithBots([]string{"ann=random", "bob=easy", "cy=easy"})
	require.NoError(t, err)
	s := session(t, o)
	s.Seed = 11
	var said []string
	for {
		p, ok, err := NextBot(s)
		require.NoError(t, err)
		if !ok {
			break
		}
		tb := play(t, &s, p.Event)
		said = append(said, p.Said)
		st := tb.Status(Role{Table: true})
		if tb.Game.Stage() != engine.StageOver {
			for _, pl := range st.Players {
				require.Empty(t, pl.Ninjas, "the table sees %s's grid before the end", pl.Name)
			}
		}
		require.Less(t, len(said), 40)
	}
	tb, err := Replay(s)
	require.NoError(t, err)
	require.Equal(t, engine.StageOver, tb.Game.Stage())
	require.Equal(t, []string{"ann (bot) placed their ninjas", "bob (bot) placed their ninjas", "cy (bot) placed their ninjas"}, said[:3])
	require.Contains(t, said[len(said)-1], "The game is over: ")
}

// TestBotSeesOnlyItsSeat is the twin-session test from outside: two
// sessions that differ only in where ann's ninjas stand and face (her
// placement and silent orders) give the bots the same plays, step by step,
// as long as every slash sounds the same in both.
func TestBotSeesOnlyItsSeat(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", 0, "")
	require.NoError(t, err)
	o, err = o.WithBots([]string{"bob", "cy=easy"})
	require.NoError(t, err)
	// ann places differently in each twin; in the first her ninjas only
	// stand, in the second they move and turn at random, never slashing.
	starts := [2][]string{{"a", "b", "c", "d"}, {"a", "c", "f", "h"}}
	r := rand.New(rand.NewPCG(8, 9))
	// Twins part when a bot's slash sounds differently, which may come
	// early: several sessions' seeds together give enough plays to compare.
	compared := 0
	for seed := uint64(7); seed < 11 && compared < 8; seed++ {
		compared += twinBotPlays(t, o, seed, starts, r)
	}
	require.GreaterOrEqual(t, compared, 8, "too few bot plays compared")
	t.Logf("%d bot plays compared", compared)
}

// twinBotPlays plays two sessions of seed that differ only in ann's grid
// and returns how many bot plays they had alike before a slash sounded
// differently; any bot play that differs before then fails t.
func twinBotPlays(t *testing.T, o Options, seed uint64, starts [2][]string, r *rand.Rand) int {
	var sessions [2]companion.Session
	for i := range sessions {
		sessions[i] = session(t, o)
		sessions[i].Seed = seed
	}
	compared := 0
	for step := 0; step < 18; step++ {
		var plays [2]companion.BotPlay
		var oks [2]bool
		for i := range sessions {
			s := &sessions[i]
			tb, err := Replay(*s)
			require.NoError(t, err)
			if tb.Game.Stage() == engine.StageOver {
				return compared
			}
			p, ok, err := NextBot(*s)
			require.NoError(t, err)
			plays[i], oks[i] = p, ok
			if ok {
				play(t, s, p.Event)
				continue
			}
			a, err := tb.Placement(0, starts[i])
			if tb.Game.Stage() == engine.StagePlay {
				a, err = tb.Orders(0, strings.Repeat("s ", len(tb.Game.Living(0))))
				if i == 1 {
					a = silent(r, tb)
				}
			}
			require.NoError(t, err)
			e, err := tb.Act(a, 0)
			require.NoError(t, err)
			play(t, s, e)
		}
		require.Equal(t, oks[0], oks[1], "step %d", step)
		if !oks[0] {
			continue
		}
		a, b := mustReplay(t, sessions[0]), mustReplay(t, sessions[1])
		if a.Status(Role{Table: true}).HeardText() != b.Status(Role{Table: true}).HeardText() {
			break // a slash sounded differently: the twins are no longer twins to the bots
		}
		require.Equal(t, plays[0].Event.Data, plays[1].Event.Data, "step %d: %s's play depends on ann's hidden grid", step, a.Name(rules.Seat(plays[0].Seat)))
		require.Equal(t, plays[0].Said, plays[1].Said)
		compared++
	}
	return compared
}

// silent is a random set of ann's orders without a slash.
func silent(r *rand.Rand, tb *Table) engine.Action {
	var quiet []engine.Play
	for _, p := range engine.NewState(tb.Game).Actions(0, nil) {
		if !strings.Contains(p.Action(tb.Game.Grid(), 3).String(), "x") {
			quiet = append(quiet, p)
		}
	}
	return quiet[r.IntN(len(quiet))].Action(tb.Game.Grid(), 3)
}

func mustReplay(t *testing.T, s companion.Session) *Table {
	t.Helper()
	tb, err := Replay(s)
	require.NoError(t, err)
	return tb
}

// TestBotSeed: the same session and seed give the same bot play; another
// private seed may give another.
func TestBotSeed(t *testing.T) {
	o, err := NewOptions(0, []string{"ann", "bob"}, "", 0, "")
	require.NoError(t, err)
	o, err = o.WithBots([]string{"ann=random"})
	require.NoError(t, err)
	s := session(t, o)
	s.Seed = 5
	a, ok, err := NextBot(s)
	require.NoError(t, err)
	require.True(t, ok)
	b, _, err := NextBot(s)
	require.NoError(t, err)
	require.Equal(t, a, b)
	seen := map[string]bool{}
	for seed := range uint64(8) {
		s.Seed = seed
		p, _, err := NextBot(s)
		require.NoError(t, err)
		seen[string(p.Event.Data)] = true
	}
	require.Greater(t, len(seen), 1, "the private seed changes nothing")
}

// BenchmarkBotDecision is a normal bot seat's decision in the middle of a
// three-player game: NormalIterations is set from it (about 0.3 s).
func BenchmarkBotDecision(b *testing.B) {
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", 0, "")
	if err != nil {
		b.Fatal(err)
	}
	tb, err := Start(o, 0)
	if err != nil {
		b.Fatal(err)
	}
	st := engine.NewState(tb.Game)
	r := rand.New(rand.NewPCG(3, 4))
	var seats []rules.Seat
	for range 12 {
		seats = st.ToAct(seats[:0])
		acts := st.Actions(seats[0], nil)
		if err := st.Act(seats[0], acts[r.IntN(len(acts))]); err != nil {
			b.Fatal(err)
		}
	}
	seat := st.ToAct(nil)[0]
	bot := bots.New(bots.Blind{}, bots.Options{Level: bots.Normal, Seed: 1, Iterations: NormalIterations})
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		if _, err := bot.Choose(bots.ViewOf(st, seat)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/decision")
}

// TestBotsStopWhenEveryPersonIsOut: ann, the one person, gives random
// orders against two easy bots in a game without a turn limit; once her
// last ninja falls while both bots are still in, no bot acts again (they
// could walk forever, W-16) and the table is told the game stops there.
// With a turn limit the bots would play on to it.
func TestBotsStopWhenEveryPersonIsOut(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", 0, "")
		require.NoError(t, err)
		o, err = o.WithBots([]string{"bob=easy", "cy=easy"})
		require.NoError(t, err)
		s := session(t, o)
		s.Seed = seed
		r := rand.New(rand.NewPCG(seed, 3))
		tb := mustReplay(t, s)
		for step := 0; step < 600 && tb.Game.Stage() != engine.StageOver && !tb.BotsAlone(); step++ {
			p, ok, err := NextBot(s)
			require.NoError(t, err)
			if ok {
				tb = play(t, &s, p.Event)
				continue
			}
			require.Equal(t, rules.Seat(0), tb.Game.ToAct())
			acts := engine.NewState(tb.Game).Actions(0, nil)
			e, err := tb.Act(acts[r.IntN(len(acts))].Action(tb.Game.Grid(), 3), 0)
			require.NoError(t, err)
			tb = play(t, &s, e)
		}
		if !tb.BotsAlone() {
			continue
		}
		require.Empty(t, tb.Game.Living(0))
		require.Equal(t, engine.StagePlay, tb.Game.Stage())
		require.False(t, tb.BotPending())
		_, ok, err := NextBot(s)
		require.NoError(t, err)
		require.False(t, ok, "a bot acted with no person left")
		require.Contains(t, tb.Waiting(), "the game stops here")
		t.Logf("seed %d: ann out in round %d", seed, tb.Game.Round())
		o.Turns = 60
		limited := session(t, o)
		limited.Events, limited.Seed = s.Events, s.Seed
		require.False(t, mustReplay(t, limited).BotsAlone(), "with a turn limit the bots play on")
		return
	}
	t.Fatal("in 20 games ann was never out while both bots were in")
}

// A position past the start carries no history, and the bots' draws of the
// other grids start from the placement (E-1): new refuses bot seats there
// and hint refuses to guess. A position at the very start is a start like
// any other.
func TestBotsNeedTheGameFromItsStart(t *testing.T) {
	mid := "blind1 players=3 first=1 next=1 stage=play turn=6 round=3 limit=0 winners=- " +
		"seats=b1n,c1n,d1n,e1n/-h2,-h3,-h7,-h8/a8s,-b8,-c8,-d8"
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", 0, mid)
	require.NoError(t, err)
	_, err = o.WithBots([]string{"cy"})
	require.ErrorContains(t, err, "past the start")
	tb, err := Replay(session(t, o))
	require.NoError(t, err)
	_, err = tb.Hint(Role{Seat: 0}, bots.Options{Level: bots.Easy, Seed: 1})
	require.ErrorContains(t, err, "past the start")

	fresh, err := engine.NewGame(engine.Options{Players: 3, First: 1})
	require.NoError(t, err)
	o, err = NewOptions(0, []string{"ann", "bob", "cy"}, "", 0, fresh.Position())
	require.NoError(t, err)
	o, err = o.WithBots([]string{"cy"})
	require.NoError(t, err)
	tb, err = Replay(session(t, o))
	require.NoError(t, err)
	_, err = tb.Hint(Role{Seat: 1}, bots.Options{Level: bots.Easy, Seed: 1})
	require.NoError(t, err)
}
