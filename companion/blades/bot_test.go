package blades

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// appended is s with e logged after its events, as the store logs it.
func appended(s companion.Session, e companion.Event) companion.Session {
	e.Seq = s.Len() + 1
	s.Events = append(s.Events[:len(s.Events):len(s.Events)], e)
	return s
}

// person is a person's action at the seat the game waits for: keep the
// dealt cards up to the limit, or a random listed move.
func person(t *testing.T, tb *Table, rng *rand.Rand) companion.Event {
	t.Helper()
	p := tb.Pos
	if p.Phase() == engine.Choosing {
		for s := range p.Players() {
			if seat := engine.Seat(s); p.Choosing(seat) && !tb.RoleOf(seat).Bot {
				e, err := tb.Keep(tb.RoleOf(seat), "none")
				require.NoError(t, err)
				return e
			}
		}
		t.Fatal("no person to keep")
	}
	ml := tb.Moves(tb.RoleOf(p.Turn()))
	e, err := tb.Move(tb.RoleOf(p.Turn()), ml.Moves[rng.IntN(len(ml.Moves))])
	require.NoError(t, err)
	return e
}

// playOut plays s to the end: bots by NextBot, people by person; it
// returns the session and every bot play.
func playOut(t *testing.T, s companion.Session, rng *rand.Rand) (companion.Session, []companion.BotPlay) {
	t.Helper()
	var plays []companion.BotPlay
	for range 2000 {
		p, ok, err := NextBot(s)
		require.NoError(t, err)
		if ok {
			plays = append(plays, p)
			s = appended(s, p.Event)
			continue
		}
		tb, err := Replay(s)
		require.NoError(t, err, "every bot event replays through the person's path")
		if tb.Pos.Phase() == engine.Over {
			return s, plays
		}
		s = appended(s, person(t, tb, rng))
	}
	t.Fatal("the game did not end")
	return s, nil
}

func TestBotSeatsPlayAWholeGame(t *testing.T) {
	o := Options{Players: 3, Seed: 42, Cards: "dealt", Bots: []companion.BotSeat{{Seat: 1, Level: "random"}, {Seat: 2, Level: "easy"}}}
	s, plays := playOut(t, session(t, o), rand.New(rand.NewPCG(1, 2)))
	tb, err := Replay(s)
	require.NoError(t, err)
	require.Equal(t, engine.Over, tb.Pos.Phase())
	seats := map[int]bool{}
	for _, p := range plays {
		seats[p.Seat] = true
		require.Contains(t, p.Said, " (bot) ", "the table hears which seat is a bot")
		if p.Event.Kind == "keep" {
			// A hidden keep tells how many cards, never which.
			require.Regexp(t, `^(Red|Blue|Yellow|Green|Purple) \(bot\) keeps \d+ card\(s\), face down by the companion$`, p.Said)
		}
	}
	require.Equal(t, map[int]bool{1: true, 2: true}, seats, "only the bot seats are played by NextBot")
}

// The words a bot's move is told in say what to do on the board.
func TestBotSaysWhatToDoOnTheBoard(t *testing.T) {
	o := Options{Position: "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 none 0,0,0", Players: 3, Cards: "none", Bots: []companion.BotSeat{{Seat: 1, Level: "easy"}}}
	s := session(t, o)
	tb, err := Replay(s)
	require.NoError(t, err)
	s = appended(s, must(tb.Move(TableRole, "pass")))
	p, ok, err := NextBot(s)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, 1, p.Seat)
	// Yellow's easy bot takes the Blue ninja above it (its prey) from a2.
	require.Equal(t, "Yellow (bot) attacks from a2 to a3: take the Blue ninja off a3; move the ninja from a2 to a3", p.Said)
	_, err = Replay(appended(s, p.Event))
	require.NoError(t, err)
}

func must(e companion.Event, err error) companion.Event {
	if err != nil {
		panic(err)
	}
	return e
}

func TestNoBotToActIsNotOK(t *testing.T) {
	o := Options{Players: 3, Seed: 42, Cards: "dealt"}
	_, ok, err := NextBot(session(t, o))
	require.NoError(t, err)
	require.False(t, ok, "a game without bot seats never asks a bot")
	o.Bots = []companion.BotSeat{{Seat: 0, Level: "easy"}}
	s := session(t, o)
	p, ok, err := NextBot(s)
	require.NoError(t, err)
	require.True(t, ok, "a bot seat keeps at once")
	_, ok, err = NextBot(appended(s, p.Event))
	require.NoError(t, err)
	require.False(t, ok, "then the people keep")
}

// People may look from a bot seat only as the table does, and never act
// for it (ruling B-24).
func TestPeopleNeitherSeeNorActForABotSeat(t *testing.T) {
	o := Options{Players: 3, Seed: 42, Cards: "dealt", Bots: []companion.BotSeat{{Seat: 1, Level: "easy"}}}
	s := session(t, o)
	tb, err := Replay(s)
	require.NoError(t, err)
	r, err := tb.ParseRole("2")
	require.NoError(t, err)
	require.True(t, r.Bot)
	byColour, err := tb.ParseRole(tb.colour(1))
	require.NoError(t, err)
	require.Equal(t, r, byColour)
	require.Empty(t, tb.Status(r).Seats[1].Hand, "the bot's dealt hand")
	_, err = tb.Keep(r, "none")
	require.ErrorContains(t, err, "seat 2 is played by the companion")
	_, err = tb.Hint(r, bots.Options{Level: bots.Easy})
	require.ErrorContains(t, err, "seat 2 is played by the companion")

	// In play, neither the bot's role nor the table moves for it.
	p, _, err := NextBot(s)
	require.NoError(t, err)
	s = appended(s, p.Event)
	for _, seat := range []engine.Seat{0, 2} {
		tb, err = Replay(s)
		require.NoError(t, err)
		s = appended(s, must(tb.Keep(tb.RoleOf(seat), "none")))
	}
	tb, err = Replay(s)
	require.NoError(t, err)
	for tb.Pos.Turn() != 1 {
		s = appended(s, must(tb.Move(TableRole, "pass")))
		tb, err = Replay(s)
		require.NoError(t, err)
	}
	_, err = tb.Move(TableRole, "pass")
	require.ErrorContains(t, err, "seat 2 is played by the companion")
	_, err = tb.Move(r, "pass")
	require.ErrorContains(t, err, "seat 2 is played by the companion")
	require.True(t, tb.Moves(r).CardsHidden || tb.Pos.Hand(1).Size() == 0)
}

func TestPositionRevealIsRefusedWithABotSeat(t *testing.T) {
	o := Options{Players: 3, Seed: 42, Cards: "dealt", Bots: []companion.BotSeat{{Seat: 2, Level: "easy"}}}
	tb, err := Replay(session(t, o))
	require.NoError(t, err)
	_, err = tb.Position(TableRole, true)
	require.ErrorContains(t, err, "which the companion plays and keeps hidden from everyone")
}

func TestParseBots(t *testing.T) {
	o, err := NewOptions(3, "", "42", "dealt", "")
	require.NoError(t, err)
	tb, err := Start(o, 0)
	require.NoError(t, err)
	got, err := o.ParseBots([]string{"2", strings.ToUpper(tb.colour(2)) + "=hard"})
	require.NoError(t, err)
	require.Equal(t, []companion.BotSeat{{Seat: 1, Level: "normal"}, {Seat: 2, Level: "hard"}}, got.Bots)
	for flags, want := range map[string]string{
		"4":         "--as 4",
		"table":     "name a seat",
		"1,1":       "seat 1 is given twice",
		"1,2,3":     "every seat would be a bot",
		"2=genius":  "genius",
		"=easy":     "say which seat",
		"green=bad": "",
	} {
		_, err := o.ParseBots(strings.Split(flags, ","))
		require.Error(t, err, flags)
		require.ErrorContains(t, err, want, flags)
	}
	// A stored session is held to the same checks.
	o.Bots = []companion.BotSeat{{Seat: 5, Level: "easy"}}
	_, err = Start(o, 0)
	require.ErrorContains(t, err, "seat 6 does not exist")
}

// BenchmarkNormalDecision is one normal bot seat's decision, replay
// included, early in a 4-player game with hidden hands:
// NormalIterations is set so that it takes about 0.3 s on one core.
func BenchmarkNormalDecision(b *testing.B) {
	o := Options{Players: 4, Seed: 42, Cards: "dealt", Bots: []companion.BotSeat{{Seat: 0, Level: "normal"}, {Seat: 1, Level: "easy"}, {Seat: 2, Level: "easy"}}}
	raw := session(&testing.T{}, o)
	s := raw
	for {
		tb, err := Replay(s)
		if err != nil {
			b.Fatal(err)
		}
		if tb.Pos.Phase() == engine.Playing && tb.Pos.Turn() == 0 && len(tb.Log) > 4 {
			break
		}
		p, ok, err := NextBot(s)
		if err != nil {
			b.Fatal(err)
		}
		e := p.Event
		if !ok {
			if tb.Pos.Phase() == engine.Choosing {
				e = must(tb.Keep(tb.RoleOf(3), "none"))
			} else {
				ml := tb.Moves(tb.RoleOf(3))
				if len(ml.Moves) == 0 {
					b.Fatalf("no move at %s: %+v", tb.Pos, ml)
				}
				e = must(tb.Move(tb.RoleOf(3), ml.Moves[0]))
			}
		}
		s = appended(s, e)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, ok, err := NextBot(s); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
