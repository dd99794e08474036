package blind

import (
	"errors"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func pos(t *testing.T, text string) *Game {
	t.Helper()
	g, err := ParsePosition(text)
	require.NoError(t, err)
	require.Equal(t, text, g.Position(), "the position reads back as written")
	return g
}

func orders(t *testing.T, g *Game, seat int, text string) error {
	t.Helper()
	os, err := ParseOrders(text, g.Living(rules.Seat(seat-1)))
	require.NoError(t, err)
	return g.Apply(Action{Kind: ActOrders, Seat: rules.Seat(seat - 1), Orders: os})
}

func refused(t *testing.T, err error, reason string) {
	t.Helper()
	var r *Refusal
	require.True(t, errors.As(err, &r), "want a refusal, got %v", err)
	require.True(t, errors.Is(err, rules.ErrIllegal))
	require.Equal(t, reason, r.Reason)
}

func TestTwoPlayersStartOnOppositeRows(t *testing.T) {
	g, err := NewGame(Options{Players: 2})
	require.NoError(t, err)
	require.Equal(t, Grid{4, 8}, g.Grid())
	require.Equal(t, StagePlay, g.Stage())
	require.Equal(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1n/a8s,b8s,c8s,d8s", g.Position())
}

func TestThreeOrFourChooseTheirStart(t *testing.T) {
	g, err := NewGame(Options{Players: 4, First: 2})
	require.NoError(t, err)
	require.Equal(t, Grid{8, 8}, g.Grid())
	require.Equal(t, []rules.Seat{2, 3, 0, 1}, g.Unplaced())
	refused(t, orders(t, g, 3, "s s s s"), "every player chooses their starting squares (start) before the first orders")
	start := func(seat int, sq ...string) error {
		qs, err := ParseSquares(sq)
		require.NoError(t, err)
		return g.Apply(Action{Kind: ActStart, Seat: rules.Seat(seat - 1), Squares: qs})
	}
	refused(t, start(1, "a1", "b1", "c1"), "choose four squares of your home edge (A1 to H1), not 3")
	refused(t, start(1, "a1", "b1", "c1", "c2"), "C2 is not on your home edge (A1 to H1)")
	refused(t, start(1, "a1", "b1", "c1", "a1"), "A1 is chosen twice: one ninja a square")
	require.NoError(t, start(1, "h1", "b1", "e1", "a1"))
	ev, ok := g.Events()[0].For(1)
	require.True(t, ok)
	require.Equal(t, Event{Kind: EventPlaced, Seat: 0}, ev, "the others learn only that seat 1 placed")
	refused(t, start(1, "a1", "b1", "c1", "d1"), "seat 1 has placed their ninjas already")
	require.NoError(t, start(2, "h1", "h2", "h7", "h8"))
	require.NoError(t, start(3, "a8", "b8", "c8", "d8"))
	require.NoError(t, start(4, "a1", "a3", "a5", "a8"))
	require.Equal(t, StagePlay, g.Stage())
	require.Equal(t, "blind1 players=4 first=3 next=3 stage=play turn=0 round=1 limit=0 winners=- "+
		"seats=a1n,b1n,e1n,h1n/h1w,h2w,h7w,h8w/a8s,b8s,c8s,d8s/a1e,a3e,a5e,a8e", g.Position())
	_, err = NewGame(Options{Players: 5})
	require.Error(t, err)
	_, err = NewGame(Options{Players: 2, First: 2})
	require.Error(t, err)
}

func TestEachOrder(t *testing.T) {
	g := pos(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1n/a8s,b8s,c8s,d8s")
	require.NoError(t, orders(t, g, 1, "m t:e s x"))
	require.Equal(t, "blind1 players=2 first=1 next=2 stage=play turn=1 round=1 limit=0 winners=- seats=a2n,b1e,c1n,d1n/a8s,b8s,c8s,d8s", g.Position())
	evs := g.Events()
	require.Equal(t, []EventKind{EventMoved, EventTurned, EventStood, EventSlash}, kinds(evs))
	require.Equal(t, Square{3, 1}, evs[3].Square, "ninja 4 on D1 facing north slashes D2")
	require.Equal(t, []Sound{Swish, Swish}, evs[3].Sounds)
	for _, e := range evs[:3] {
		_, ok := e.For(1)
		require.False(t, ok, "silent orders are nobody else's business")
		_, ok = e.For(NoSeat)
		require.False(t, ok)
	}
	require.Equal(t, []Heard{{Turn: 1, Seat: 0, Square: Square{3, 1}, Sounds: []Sound{Swish, Swish}}}, g.Heard())
}

func TestIllegalOrders(t *testing.T) {
	start := "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1s,b2s,-d1/a8s,b8s,c8s,d8s"
	for _, c := range []struct{ orders, reason string }{
		{"m m m", "ninja 2 would walk off the grid from B1 facing south"},
		{"s s m", "ninja 3 would step onto B1, where ninja 2 stays"},
		{"1:s 2:s 3:s 1:m", "two orders for ninja 1: one order each"},
		{"1:x 2:m 3:s", "ninja 2's move follows ninja 1's slash: slashes come last"},
		{"1:s 2:s 3:s 4:s", "ninja 4 has been slain: it takes no order"},
		{"s s", "ninja 3 has no order: give one to each living ninja"},
		{"s s s s", "more orders than living ninjas: one order each"},
		{"t:n s s", "ninja 1 already faces north: a turn is to another facing"},
		{"s x s", "ninja 2 on B1 faces the wall (south): there is no square to slash"},
		{"1:s 2:s 3:s 5:s", "order 5:s: ninjas are numbered 1 to 4"},
	} {
		g := pos(t, start)
		refused(t, orders(t, g, 1, c.orders), c.reason)
		require.Equal(t, start, g.Position(), "a refusal changes nothing")
	}
	g := pos(t, start)
	refused(t, orders(t, g, 2, "s s s s"), "it is seat 1's turn, not seat 2's")
}

func TestOwnNinjasStepTogether(t *testing.T) {
	base := "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=%s/a8s,b8s,c8s,d8s"
	for _, c := range []struct{ seats, orders, reason, after string }{
		// A file steps forward together, whoever is given the order first.
		{"a1n,a2n,a3n,d1n", "m m m s", "", "a2n,a3n,a4n,d1n"},
		{"a1n,a2n,a3n,d1n", "m s m s", "ninja 1 would step onto A2, where ninja 2 stays", ""},
		{"a1n,a2s,c1n,d1n", "m m s s", "ninjas 1 and 2 would pass through each other", ""},
		{"a1n,a3s,c1n,d1n", "m m s s", "ninjas 1 and 2 would both step onto A2", ""},
		{"a1n,a2e,b1w,b2s", "m m m m", "ninjas 1, 2, 4, 3 would go round in a ring: none can step first", ""},
	} {
		g := pos(t, fmtPos(base, c.seats))
		err := orders(t, g, 1, c.orders)
		if c.reason != "" {
			refused(t, err, c.reason)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, fmtPos("blind1 players=2 first=1 next=2 stage=play turn=1 round=1 limit=0 winners=- seats=%s/a8s,b8s,c8s,d8s", c.after), g.Position())
	}
}

func TestSlashHitsEveryoneOnTheSquare(t *testing.T) {
	// Seat 1's ninja 1 on B1 faces north at B2, where its own ninja 2,
	// seat 2's ninja 1 and seat 3's ninja 4 stand; seat 4 has none there.
	g := pos(t, "blind1 players=4 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- "+
		"seats=b1n,b2n,c1n,d1n/b2w,h2w,h7w,h8w/a8s,b8s,c8s,b2s/a1e,a3e,a5e,a7e")
	require.NoError(t, orders(t, g, 1, "x s s s"))
	evs := g.Events()
	require.Equal(t, []EventKind{EventStood, EventStood, EventStood, EventSlash, EventSlain, EventSlain, EventSlain}, kinds(evs))
	require.Equal(t, []Sound{Grunt, Grunt, Grunt, Swish}, evs[3].Sounds)
	for i, e := range evs[4:] {
		require.Equal(t, []rules.Seat{0, 1, 2}[i], e.Seat)
		_, ok := e.For(NoSeat)
		require.False(t, ok, "which ninja died is its owner's to know")
	}
	require.Equal(t, []int{1, 3, 4}, g.Living(0))
	require.Equal(t, rules.Seat(1), g.ToAct())
}

func TestEliminationAndTheEnd(t *testing.T) {
	g := pos(t, "blind1 players=3 first=1 next=1 stage=play turn=6 round=3 limit=0 winners=- "+
		"seats=b1n,-c1,-d1,-e1/-h2,b2s,-h7,-h8/a8s,-b8,-c8,-d8")
	require.NoError(t, orders(t, g, 1, "x"))
	require.Equal(t, []EventKind{EventSlash, EventSlain, EventOut}, kinds(g.Events()))
	require.True(t, g.Out(1))
	require.Equal(t, rules.Seat(2), g.ToAct(), "play passes over a player who is out")
	refused(t, orders(t, g, 2, "s"), "seat 2 has no ninja left")
	require.NoError(t, orders(t, g, 3, "m"))
	require.Equal(t, rules.Seat(0), g.ToAct())
	require.Equal(t, 4, g.Round())
	// Seat 3's ninja walks down column A into the square seat 1 slashes.
	for _, o := range []string{"m", "m", "t:w", "m", "s", "m", "s", "m", "s", "m"} {
		require.NoError(t, orders(t, g, int(g.ToAct())+1, o))
	}
	require.Equal(t, rules.Seat(0), g.ToAct())
	require.NoError(t, orders(t, g, 1, "x"), "b2 facing west slashes a2")
	require.Equal(t, StageOver, g.Stage())
	require.Equal(t, []rules.Seat{0}, g.Winners())
	over := g.Events()[len(g.Events())-1]
	require.Equal(t, Event{Kind: EventOver, Seats: []rules.Seat{0}}, over)
	refused(t, orders(t, g, 1, "s"), "the game is over")
	v := g.View(1)
	require.Len(t, v.Players[2].Ninjas, 4, "the end shows every grid")
}

func TestTheGameEndsOnTheSlashThatLeavesOne(t *testing.T) {
	g := pos(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,-c1,-d1/a2s,-b8,-c8,-d8")
	// Ninja 1 slashes A2 (seat 2's last ninja); ninja 2's slash at B2
	// would be harmless anyway, but it is never made.
	require.NoError(t, orders(t, g, 1, "x x"))
	require.Equal(t, []EventKind{EventSlash, EventSlain, EventOut, EventOver}, kinds(g.Events()))
	require.Equal(t, []rules.Seat{0}, g.Winners())
	require.Len(t, g.Heard(), 1)
}

func TestSlainBeforeItsSlash(t *testing.T) {
	g := pos(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,a2s,c1n,d1n/a8s,b8s,c8s,d8s")
	require.NoError(t, orders(t, g, 1, "1:s 3:s 4:s 2:x"), "ninja 2 on A2 slashes A1, its friend's square")
	require.Equal(t, []int{2, 3, 4}, g.Living(0))
	g = pos(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,a2s,c1n,d1n/a8s,b8s,c8s,d8s")
	require.NoError(t, orders(t, g, 1, "x x s s"), "unnumbered: silent orders first, then slashes in ninja order")
	require.Equal(t, []EventKind{EventStood, EventStood, EventSlash, EventSlain, EventNoSlash}, kinds(g.Events()))
	require.Equal(t, []int{1, 3, 4}, g.Living(0))
	g = pos(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,a2s,c1n,d1n/a8s,b8s,c8s,d8s")
	require.NoError(t, orders(t, g, 1, "3:s 4:s 2:x 1:x"), "numbered: the slashes fall in the order given")
	require.Equal(t, []EventKind{EventStood, EventStood, EventSlash, EventSlain, EventNoSlash}, kinds(g.Events()))
	require.Equal(t, []int{2, 3, 4}, g.Living(0))
}

func TestTurnLimit(t *testing.T) {
	g, err := NewGame(Options{Players: 2, First: 1, Turns: 2})
	require.NoError(t, err)
	require.NoError(t, orders(t, g, 2, "s s s s"))
	require.NoError(t, orders(t, g, 1, "s s s x"))
	require.Equal(t, 2, g.Round())
	require.NoError(t, orders(t, g, 2, "s s s s"))
	require.NoError(t, orders(t, g, 1, "s s s s"))
	require.Equal(t, StageOver, g.Stage())
	require.Equal(t, []rules.Seat{0, 1}, g.Winners(), "four each: shared")
	require.Equal(t, 2, g.Round())
	require.Equal(t, Event{Kind: EventOver, Seats: []rules.Seat{0, 1}, N: 2}, g.Events()[len(g.Events())-1])

	g = pos(t, "blind1 players=3 first=1 next=3 stage=play turn=8 round=3 limit=3 winners=- seats=a1n,-b1,c1n,d1n/-h2,b2s,-h7,-h8/a8s,b8s,-c8,-d8")
	require.NoError(t, orders(t, g, 3, "s s"))
	require.Equal(t, []rules.Seat{0}, g.Winners(), "most ninjas left wins")
	_, err = NewGame(Options{Players: 2, Turns: -1})
	require.Error(t, err)
}

func TestRefusalsTellOnlyTheGiver(t *testing.T) {
	g := pos(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1s,b2s,-d1/a8s,b8s,c8s,d8s")
	err := orders(t, g, 1, "m m m")
	var r *Refusal
	require.True(t, errors.As(err, &r))
	require.Equal(t, "ninja 2 would walk off the grid from B1 facing south", r.For(0))
	require.Equal(t, NeutralOrders, r.For(1))
	require.Equal(t, NeutralOrders, r.For(NoSeat))
	err = orders(t, g, 2, "m m m m")
	require.True(t, errors.As(err, &r))
	require.Equal(t, r.Reason, r.For(NoSeat), "whose turn it is is public")
}

func TestViewShowsOnlyTheViewersNinjas(t *testing.T) {
	g := pos(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1n/a8s,b8s,c8s,d8s")
	require.NoError(t, orders(t, g, 1, "s s s x"))
	for _, viewer := range []rules.Seat{NoSeat, 0, 1} {
		v := g.View(viewer)
		for _, p := range v.Players {
			if p.Seat == viewer {
				require.Len(t, p.Ninjas, 4)
			} else {
				require.Empty(t, p.Ninjas)
			}
		}
		require.Equal(t, []HeardView{{Turn: 1, Age: 0, Seat: 0, Square: "D2", Sounds: []string{"swish", "swish"}}}, v.Heard)
	}
}

func TestChoices(t *testing.T) {
	g := pos(t, "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1w,a2n,-c1,d1n/a8s,b8s,c8s,d8s")
	c := g.Choices(0)
	require.Equal(t, []Order{{1, Stand, 0}, {1, Turn, North}, {1, Turn, East}, {1, Turn, South}}, c[0], "a1 faces the wall")
	require.Nil(t, c[2])
	require.Len(t, c[1], 6)
	require.Len(t, g.Choices(1)[0], 0, "not seat 2's turn")
}

func TestPositionRefusesTheImpossible(t *testing.T) {
	for _, p := range []string{
		"",
		"blind2 players=2",
		"blind1 players=5 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1n/a8s,b8s,c8s,d8s",
		"blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,a1n,c1n,d1n/a8s,b8s,c8s,d8s",
		"blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=e1n,b1n,c1n,d1n/a8s,b8s,c8s,d8s",
		"blind1 players=2 first=1 next=1 stage=start turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1n/a8s,b8s,c8s,d8s",
		"blind1 players=2 first=1 next=2 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1n/-a8,-b8,-c8,-d8",
		"blind1 players=3 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=?/?/?",
		"blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1x/a8s,b8s,c8s,d8s",
	} {
		_, err := ParsePosition(p)
		require.ErrorIs(t, err, rules.ErrNotation, p)
	}
}

func kinds(evs []Event) []EventKind {
	var out []EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

func fmtPos(format, seats string) string { return strings.Replace(format, "%s", seats, 1) }
