package squad

import (
	"errors"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func TestTargets(t *testing.T) {
	for players, want := range map[int]int{2: 20, 3: 21, 4: 25} {
		g := newGame(t, Raid, players, Digital)
		tr, target := g.Alarm()
		require.Equal(t, 0, tr)
		require.Equal(t, want, target)
	}
	_, err := NewGame(data.DefaultSquad(), Options{Players: 5})
	require.Error(t, err)
	_, err = NewGame(data.DefaultSquad(), Options{Players: 2, Mode: Escape, Speedy: true})
	require.Error(t, err)
}

func TestRotation(t *testing.T) {
	for players := 2; players <= 4; players++ {
		seen := make([]map[int]bool, players)
		for i := range seen {
			seen[i] = map[int]bool{}
		}
		prevSeats, prevInter := Rotation(players, 1)
		for phase := 1; phase <= 8; phase++ {
			seats, inter := Rotation(players, phase)
			require.Len(t, seats, players)
			require.Len(t, inter, 4-players)
			all := map[int]bool{}
			for _, d := range append(append([]int(nil), seats...), inter...) {
				require.False(t, all[d], "deck %d has two holders", d)
				all[d] = true
			}
			require.Len(t, all, 4)
			for i, d := range seats {
				seen[i][d] = true
			}
			if phase > 1 {
				ring := append(append([]int(nil), prevSeats...), prevInter...)
				now := append(append([]int(nil), seats...), inter...)
				for place := range now {
					require.Equal(t, ring[(place+3)%4], now[place], "each deck passes one place clockwise")
				}
			}
			prevSeats, prevInter = seats, inter
		}
		for i := range seen {
			require.Len(t, seen[i], 4, "seat %d uses every deck", i)
		}
	}
	s, i := Rotation(5, 1)
	require.Nil(t, s)
	require.Nil(t, i)
}

func TestPhaseCardCounts(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	require.Equal(t, [4]int{10, 2, 0, 0}, cards(g, 0), "first player has drawn its second card")
	require.Equal(t, [4]int{11, 1, 0, 0}, cards(g, 1))
	do(t, g, "play 2.1")
	require.Equal(t, [4]int{9, 1, 1, 1}, cards(g, 0), "play one, discard the other, turn the next up")
	require.Equal(t, [4]int{10, 2, 0, 0}, cards(g, 1))
	moveAll(t, g)
	require.Equal(t, StageExposed, g.Stage())
	for s := range rules.Seat(2) {
		require.Equal(t, [4]int{0, 0, 6, 6}, cards(g, s), "six played, six discarded")
	}
}

func TestFreeze(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	do(t, g, "freeze")
	require.Equal(t, [4]int{9, 1, 0, 2}, cards(g, 0))
	require.Equal(t, rules.Seat(1), g.ToAct())
}

func TestGuardTakenOut(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	do(t, g, "play 1.1 guard")
	require.Equal(t, 1, g.Missed(0))
	require.Equal(t, [4]int{9, 1, 1, 1}, cards(g, 0))
	do(t, g, "play 1.1")
	// Round 2: seat 1 discards two cards and sits out, so seat 2 acts.
	require.Equal(t, rules.Seat(1), g.ToAct())
	ev := kinds(g.Events(), EventMissed)
	require.Len(t, ev, 1)
	require.Equal(t, rules.Seat(0), ev[0].Seat)
	require.Equal(t, 2, ev[0].N)
	require.Equal(t, [4]int{7, 1, 1, 3}, cards(g, 0))
	require.Equal(t, 0, g.Missed(0))
	do(t, g, "play 1.1")
	require.Equal(t, rules.Seat(0), g.ToAct(), "round 3 is seat 1's again")
	require.Equal(t, 3, g.Round())
}

func TestSixthCardException(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	for range 5 {
		do(t, g, "play 1.1", "play 1.1")
	}
	require.Equal(t, 6, g.Round())
	do(t, g, "play 1.1 guard")
	require.Equal(t, 0, g.Missed(0), "no missed turn on the sixth card")
	do(t, g, "play 1.1 guard")
	require.Equal(t, StageExposed, g.Stage())
	quietGuardPhase(t, g)
	require.Equal(t, 0, g.Missed(0))
	require.Equal(t, 0, g.Missed(1))
	require.Equal(t, rules.Seat(1), g.ToAct(), "the token moved on and nobody sits out")
}

func TestNinjaDash(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	g.seats[0].Senjutsu[kindIndex(g.d.Senjutsu, "ninja-dash")] = 1
	g.piles[SenjutsuPile].Draw[kindIndex(g.d.Senjutsu, "ninja-dash")]--
	require.ErrorIs(t, g.Apply(Action{Type: ActDash, Seat: NoSeat, Route: 1, Route2: 2}), rules.ErrIllegal)
	require.False(t, g.Dashing(0))
	do(t, g, "senjutsu 1 ninja-dash")
	require.True(t, g.Dashing(0))
	a, _ := ParseAction("play 1.1", 2)
	err := g.Apply(a)
	require.ErrorIs(t, err, rules.ErrIllegal, "a dash in use must play both cards")
	do(t, g, "dash 1.2 c1")
	require.False(t, g.Dashing(0), "the dash is over once moved")
	require.Equal(t, [4]int{9, 1, 2, 0}, cards(g, 0), "both cards played, none discarded")
	require.Equal(t, 1, g.piles[SenjutsuPile].Discard[kindIndex(g.d.Senjutsu, "ninja-dash")])
}

func TestCarelessFootstepAndSamuraiMaster(t *testing.T) {
	g := newGame(t, Raid, 2, Physical)
	moveAll(t, g)
	do(t, g, "exposed 1,2", "patrols -",
		"draw 1 alarm careless-footstep", "draw 2 alarm samurai-master")
	require.Equal(t, 2, g.Phase())
	// Seat 2 holds the token now and must sit out its first turn; seat 1
	// discarded its first flip and plays one card, with no choice.
	require.Equal(t, rules.Seat(0), g.ToAct())
	require.Equal(t, [4]int{6 + 4, 1, 0, 1}, cards(g, 0))
	require.Equal(t, [4]int{9, 1, 0, 2}, cards(g, 1), "Samurai Master: two cards gone, turn missed")
	a, _ := ParseAction("play 2.1", 2)
	require.ErrorIs(t, g.Apply(a), rules.ErrIllegal, "only the drawn card may be played")
	do(t, g, "play 1.2")
	require.Equal(t, [4]int{9, 1, 1, 1}, cards(g, 0))
	moveAll(t, g)
	for s := range rules.Seat(2) {
		d, u, p, x := g.Cards(s)
		require.Equal(t, 12, d+u+p+x)
		require.Zero(t, d+u)
	}
}

// TestRaidGuardPhaseOrder checks the eight steps in the book's order.
func TestRaidGuardPhaseOrder(t *testing.T) {
	g := newGame(t, Raid, 3, Digital)
	do(t, g, "play 1.1 c2 l1", "play 1.1 l2", "play 1.1 c1")
	moveAll(t, g)
	do(t, g, "exposed 2,3")
	do(t, g, "patrols 1")
	// Each landmark comes after the one before it.
	landmarks := []func(Event) bool{
		func(e Event) bool { return e.Kind == EventGuardStep && e.N == 1 },
		func(e Event) bool { return e.Kind == EventGuardStep && e.N == 2 },
		func(e Event) bool { return e.Kind == EventTracker },
		func(e Event) bool { return e.Kind == EventGuardStep && e.N == 3 },
		func(e Event) bool { return e.Kind == EventGuards },
		func(e Event) bool { return e.Kind == EventGuardStep && e.N == 4 },
		func(e Event) bool { return e.Kind == EventDrew && e.Pile == AlarmPile },
		func(e Event) bool { return e.Kind == EventGuardStep && e.N == 5 },
		func(e Event) bool { return e.Kind == EventDrew && e.Pile == SenjutsuPile },
		func(e Event) bool { return e.Kind == EventGuardStep && e.N == 6 },
		func(e Event) bool { return e.Kind == EventToken },
		func(e Event) bool { return e.Kind == EventGuardStep && e.N == 7 },
		func(e Event) bool { return e.Kind == EventRotate },
		func(e Event) bool { return e.Kind == EventGuardStep && e.N == 8 },
		func(e Event) bool { return e.Kind == EventPhase },
	}
	at := 0
	for i, found := range landmarks {
		for at < len(g.Events()) && !found(g.Events()[at]) {
			at++
		}
		require.Less(t, at, len(g.Events()), "landmark %d missing or out of order", i)
	}
	ev := g.Events()
	require.Equal(t, 6, kinds(ev, EventTracker)[0].N)
	require.Equal(t, 3, kinds(ev, EventGuards)[0].N, "one guard per lantern")
	drew := kinds(ev, EventDrew)
	require.Len(t, drew, 2+3, "two alarm cards then three Senjutsu cards")
	require.Equal(t, []rules.Seat{1, 2, 0, 0, 2}, []rules.Seat{drew[0].Seat, drew[1].Seat, drew[2].Seat, drew[3].Seat, drew[4].Seat})
	for _, e := range drew[:2] {
		require.Equal(t, AlarmPile, e.Pile)
	}
	for _, e := range drew[2:] {
		require.Equal(t, SenjutsuPile, e.Pile)
	}
	require.Equal(t, rules.Seat(1), kinds(ev, EventToken)[0].Seat)
	require.Equal(t, []int{4, 1, 2}, kinds(ev, EventRotate)[0].Decks)
	require.Equal(t, 2, g.Phase())
	require.Equal(t, rules.Seat(1), g.First())
	require.Equal(t, 1, g.seats[0].Guards)
}

func TestEscapeGuardPhaseOrder(t *testing.T) {
	g := newGame(t, Escape, 2, Digital)
	moveAll(t, g)
	do(t, g, "exposed 1,2", "patrols -")
	var order []EventKind
	for _, e := range g.Events() {
		order = append(order, e.Kind)
	}
	require.Equal(t, []EventKind{EventGuardStep, EventGuardStep, EventGuards, EventGuardStep, EventRotate, EventGuardStep, EventToken, EventPhase}, order)
	require.Equal(t, 2, kinds(g.Events(), EventGuards)[0].N, "a guard per exposed ninja")
	tr, _ := g.Alarm()
	require.Zero(t, tr, "no alarm track in the escape")
}

// TestAlarmCards applies each Alarm card to a tracker at 6.
func TestAlarmCards(t *testing.T) {
	for _, tc := range []struct {
		kind     string
		tracker  int
		footstep bool
		missed   int
	}{
		{"roof-top-slip", 8, false, 0},
		{"scaredy-cat", 7, false, 0},
		{"careless-footstep", 6, true, 0},
		{"samurai-master", 6, false, 1},
		{"giggling-geisha", 6, false, 0},
		{"sleeping-sentry", 6, false, 0},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			g := newGame(t, Raid, 4, Physical)
			moveAll(t, g)
			do(t, g, "exposed 3", "patrols -")
			require.Equal(t, StageDraw, g.Stage())
			a, _ := ParseAction("draw 2 alarm "+tc.kind, 4)
			require.ErrorIs(t, g.Apply(a), rules.ErrIllegal, "the card is owed to seat 3")
			do(t, g, "draw 3 alarm "+tc.kind)
			tr, _ := g.Alarm()
			require.Equal(t, tc.tracker, tr)
			require.Equal(t, tc.missed, g.Missed(2))
			if tc.footstep {
				require.Equal(t, [4]int{11, 0, 0, 1}, cards(g, 2))
			}
			require.Equal(t, 1, g.piles[AlarmPile].Discard[kindIndex(g.d.Alarm, tc.kind)])
		})
	}
}

// TestSenjutsuCards uses each Senjutsu card on a tracker at 1.
func TestSenjutsuCards(t *testing.T) {
	for kind, want := range map[string]int{"blow-dart": 1, "throwing-star": 1, "perfect-hiding-place": 0, "pocket-rocket": 0, "team-ninja": 1, "ninja-dash": 1} {
		t.Run(kind, func(t *testing.T) {
			g := newGame(t, Raid, 2, Digital)
			g.alarm = 1
			k := kindIndex(g.d.Senjutsu, kind)
			g.seats[1].Senjutsu[k], g.piles[SenjutsuPile].Draw[k] = 1, 1
			other := "senjutsu 2 " + kind
			if kind == "ninja-dash" {
				a, _ := ParseAction(other, 2)
				err := g.Apply(a)
				require.ErrorIs(t, err, rules.ErrIllegal, "dash only on one's own turn")
				do(t, g, "play 1.1")
			}
			do(t, g, other)
			tr, _ := g.Alarm()
			require.Equal(t, want, tr, "the tracker never goes below 0")
			require.Zero(t, g.Hand(1, SenjutsuPile)[kind])
			require.Equal(t, 1, g.piles[SenjutsuPile].Discard[k])
		})
	}
}

func TestHiddenRefusal(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	a, err := ParseAction("senjutsu 2 pocket-rocket", 2)
	require.NoError(t, err)
	var ie *IllegalError
	require.ErrorAs(t, g.Apply(a), &ie)
	require.Equal(t, rules.Seat(1), ie.Private)
	require.Equal(t, Neutral, ie.For(0))
	require.Equal(t, Neutral, ie.For(NoSeat))
	require.Contains(t, ie.For(1), "holds no such card")
	g.seats[1].Senjutsu[kindIndex(g.d.Senjutsu, "pocket-rocket")] = 1
	g.piles[SenjutsuPile].Draw[kindIndex(g.d.Senjutsu, "pocket-rocket")]--
	moveAll(t, g)
	require.ErrorAs(t, g.Apply(a), &ie)
	require.Equal(t, NoSeat, ie.Private, "a stage problem is public")
	require.NotEqual(t, Neutral, ie.For(0))
}

// TestTrackerBoundary: the raid is lost exactly at the target, even in the
// middle of the Guard Phase, and not one space below.
func TestTrackerBoundary(t *testing.T) {
	for kind, lost := range map[string]bool{"roof-top-slip": true, "scaredy-cat": false} {
		g := newGame(t, Raid, 2, Physical)
		for range 3 {
			moveAll(t, g)
			if g.Phase() < 3 {
				quietGuardPhase(t, g)
			}
		}
		do(t, g, "exposed 1,2", "patrols 2")
		tr, _ := g.Alarm()
		require.Equal(t, 18, tr)
		do(t, g, "draw 1 alarm "+kind)
		res, _ := g.Outcome()
		if lost {
			require.Equal(t, RaidLost, res)
			require.Empty(t, g.LegalActions(), "seat 2's alarm card is never drawn")
			continue
		}
		require.Equal(t, Playing, res)
		require.Equal(t, StageDraw, g.Stage())
	}
}

func TestRaidWon(t *testing.T) {
	g := newGame(t, Raid, 3, Digital)
	do(t, g, "play 1.1 home", "play 1.2", "play 2.1 home")
	require.Equal(t, rules.Seat(1), g.ToAct(), "ninjas home take no more turns")
	do(t, g, "play 1.1")
	require.Equal(t, rules.Seat(1), g.ToAct())
	do(t, g, "play 1.1 home")
	res, _ := g.Outcome()
	require.Equal(t, RaidWon, res)
	require.Equal(t, StageOver, g.Stage())
}

// TestScriptedRaidLoss plays four quiet phases with two players: 24 >= 20.
func TestScriptedRaidLoss(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	for phase := 1; phase <= 4; phase++ {
		moveAll(t, g)
		quietGuardPhase(t, g)
		tr, _ := g.Alarm()
		require.Equal(t, 6*phase, tr)
	}
	res, _ := g.Outcome()
	require.Equal(t, RaidLost, res)
}

func TestFullGame(t *testing.T) {
	g := newGame(t, Full, 3, Digital)
	do(t, g, "play 1.1", "play 1.1 home")
	moveAll(t, g)
	quietGuardPhase(t, g)
	require.Equal(t, rules.Seat(1), g.First())
	require.Equal(t, rules.Seat(2), g.ToAct(), "the first player is home, so the next one starts")
	do(t, g, "play 1.1 home")
	require.Equal(t, rules.Seat(0), g.ToAct())
	do(t, g, "play 1.1 home")
	require.Equal(t, Escape, g.Mode())
	require.Equal(t, rules.Seat(1), g.First(), "first onto the roof starts the escape")
	require.Equal(t, rules.Seat(1), g.ToAct())
	require.Equal(t, 1, g.Phase())
	for s := range rules.Seat(3) {
		require.Empty(t, g.Hand(s, SenjutsuPile))
		require.False(t, g.Home(s))
	}
	res, _ := g.Outcome()
	require.Equal(t, Playing, res)
}

// TestScriptedEscape: Buki draws, fire, flask, traps, the star, the winner.
func TestScriptedEscape(t *testing.T) {
	g := newGame(t, Escape, 2, Physical)
	do(t, g, "set 1 trip-wire", "star 1", "play 1.1 c3")
	require.Equal(t, StageDraw, g.Stage())
	do(t, g, "draw 1 buki arrow", "draw 1 buki arrow", "draw 1 buki water-flask")
	require.Equal(t, StageAfter, g.Stage(), "a fresh Buki card may be used at once")
	do(t, g, "fire 1")
	require.Equal(t, 1, g.Fires())
	do(t, g, "end")
	require.Equal(t, rules.Seat(1), g.ToAct())
	a, _ := ParseAction("star 1", 2)
	require.ErrorIs(t, g.Apply(a), rules.ErrIllegal)
	do(t, g, "spring 1 trip-wire", "play 1.1")
	require.Equal(t, 0, g.Fires(), "the fire went out when its archer's turn came round")
	require.Len(t, kinds(g.Events(), EventFireOut), 1)
	do(t, g, "fire 1")
	a, _ = ParseAction("buki 1 water-flask", 2)
	require.ErrorIs(t, g.Apply(a), rules.ErrIllegal)
	do(t, g, "flask 1", "play 1.1 c1", "draw 1 buki spear", "set 1 caltrops", "end")
	require.Equal(t, map[string]int{"spear": 1}, g.Hand(0, BukiPile))
	require.Empty(t, g.Hand(1, BukiPile))
	do(t, g, "spring 1 caltrops", "play 1.2 home")
	res, who := g.Outcome()
	require.Equal(t, Escaped, res)
	require.Equal(t, rules.Seat(1), who)
}

func TestTripWireTakesACard(t *testing.T) {
	g := newGame(t, Escape, 2, Physical)
	do(t, g, "play 1.1")
	do(t, g, "set 2 trip-wire", "play 1.1 c1", "draw 2 buki spear", "end")
	a, _ := ParseAction("spring 2 trip-wire nunchaku", 2)
	var ie *IllegalError
	require.ErrorAs(t, g.Apply(a), &ie)
	require.Equal(t, rules.Seat(0), ie.Private)
	do(t, g, "play 1.1 c1", "draw 1 buki tonfa", "end", "play 1.1")
	do(t, g, "spring 2 trip-wire tonfa")
	require.Empty(t, g.Hand(0, BukiPile))
	require.Equal(t, "tonfa", kinds(g.Events(), EventTrapLoss)[0].Card)
}

func TestTimeUp(t *testing.T) {
	g, err := NewGame(data.DefaultSquad(), Options{Players: 2, Speedy: true})
	require.NoError(t, err)
	do(t, g, "play 1.1 guard", "time-up")
	require.Equal(t, StageExposed, g.Stage())
	require.Zero(t, g.Missed(0))
	quietGuardPhase(t, g)
	require.Equal(t, 2, g.Phase())
	g2 := newGame(t, Raid, 2, Digital)
	a, _ := ParseAction("time-up", 2)
	require.ErrorIs(t, g2.Apply(a), rules.ErrIllegal)
}

// TestUndoDeterminism replays a log and its prefix: the same seed and log
// give the same cards, so an undo cannot reroll.
func TestUndoDeterminism(t *testing.T) {
	log := []string{}
	g := newGame(t, Raid, 3, Digital)
	for g.Stage() == StageMove {
		log = append(log, "play 1.1 c2")
		do(t, g, "play 1.1 c2")
	}
	log = append(log, "exposed 1,2,3", "patrols -")
	do(t, g, "exposed 1,2,3")
	before := g.Position()
	do(t, g, "patrols -")
	first := g.Events()
	again, err := ParsePosition(g.d, before)
	require.NoError(t, err)
	do(t, again, "patrols -")
	require.Equal(t, first, again.Events(), "undo then redo draws the same cards")
	replay := newGame(t, Raid, 3, Digital)
	do(t, replay, log...)
	require.Equal(t, g.Position(), replay.Position())
	other, err := NewGame(data.DefaultSquad(), Options{Players: 3, Seed: 43})
	require.NoError(t, err)
	do(t, other, log...)
	require.NotEqual(t, g.Position(), other.Position(), "another seed draws differently")
}

func TestNotation(t *testing.T) {
	for _, s := range []string{"play 1.2", "play 2.1 c2 l1 guard home", "dash 1.2 c1", "freeze", "senjutsu 3 pocket-rocket",
		"buki 2 spear", "fire 1", "flask 2", "star 1", "set 1 caltrops", "spring 2 trip-wire", "spring 2 trip-wire tonfa",
		"spring 2 caltrops on 3", "spring 1 trip-wire spear on 2", "guard 3",
		"dash 1.1 c8 l5", "reached 2 home", "reached 3 c1 l2 home", "end", "time-up", "exposed 1,3", "exposed -", "patrols 2", "draw 3 alarm scaredy-cat"} {
		a, err := ParseAction(s, 3)
		require.NoError(t, err, s)
		require.Equal(t, s, a.String())
	}
	exposed := Action{Type: ActExposed, Seat: NoSeat, Seats: Seats(0, 2)}
	require.Equal(t, "exposed 1,3", exposed.String())
	require.True(t, exposed.Has(2))
	require.False(t, exposed.Has(1))
	for _, s := range []string{"", "jump", "play", "play 3.1", "play 1.1 c9", "dash 1.1 l10", "play 1.1 c05", "play 1.1 c0", "play 1.1 c+1", "play 1.1 c1 c2", "reached", "reached 4 home", "reached 2 x", "play 1.1 x", "star 4", "exposed 1,1", "guard", "spring 2 caltrops on", "spring 2 caltrops on 4", "draw 1 gold x", "freeze now"} {
		_, err := ParseAction(s, 3)
		require.True(t, errors.Is(err, rules.ErrNotation), s)
	}
}

func TestPositionRefusesTypos(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	pos := g.Position()
	back, err := ParsePosition(g.d, pos)
	require.NoError(t, err)
	require.Equal(t, pos, back.Position())
	for _, bad := range []string{"", "chess1", pos + " x", pos[:len(pos)-5]} {
		_, err := ParsePosition(g.d, bad)
		require.ErrorIs(t, err, rules.ErrNotation, bad)
	}
}

// TestTrackedCounts reads back what the companion shows between actions.
func TestTrackedCounts(t *testing.T) {
	g := newGame(t, Raid, 2, Physical)
	do(t, g, "star 1", "play 1.1 c2 l1 guard")
	cubes, lanterns := g.Collected(0)
	require.Equal(t, [2]int{2, 1}, [2]int{cubes, lanterns})
	require.Equal(t, 1, g.GuardsTakenOut(0))
	require.True(t, g.StarUsed(0))
	require.False(t, g.StarUsed(1))
	moveAll(t, g)
	do(t, g, "exposed 2", "patrols -")
	require.True(t, g.Exposed(1))
	require.False(t, g.Exposed(0))
	require.Equal(t, 1, g.GuardsToAdd())
	p, s, ok := g.Owed()
	require.True(t, ok)
	require.Equal(t, AlarmPile, p)
	require.Equal(t, rules.Seat(1), s)
	do(t, g, "draw 2 alarm careless-footstep", "draw 1 senjutsu blow-dart", "draw 1 senjutsu team-ninja")
	_, _, ok = g.Owed()
	require.False(t, ok)
	require.Equal(t, map[string]int{"blow-dart": 1, "team-ninja": 1}, g.Hand(0, SenjutsuPile))
	require.True(t, g.MustPlayDrawn(1))
	require.False(t, g.MustPlayDrawn(0))

	e := newGame(t, Escape, 2, Digital)
	do(t, e, "set 1 hornets-nest")
	set, sprung := e.Trap(0, "hornets-nest")
	require.True(t, set)
	require.False(t, sprung)
	do(t, e, "play 1.1", "spring 1 hornets-nest")
	set, sprung = e.Trap(0, "hornets-nest")
	require.False(t, set)
	require.True(t, sprung)
	set, sprung = e.Trap(0, "nothing")
	require.False(t, set || sprung)
}

// TestLegalCounts counts the legal actions of known positions, as perft
// does for chess: plays are 2 cards x 2 routes x what the move met.
func TestLegalCounts(t *testing.T) {
	raid := newGame(t, Raid, 2, Digital)
	require.Len(t, raid.LegalActions(), 2*2*(5*5*2*2)+1+1+1+(5*5*2-1), "plays, freeze, star, a rival's guard, what a push met")
	escape := newGame(t, Escape, 2, Digital)
	require.Len(t, escape.LegalActions(), 2*2*(5*2*2)+1+1+1+(5*2-1)+3, "plays, freeze, star, a rival's guard, what a push met, three traps")
	moveAll(t, raid)
	require.Len(t, raid.LegalActions(), 4, "every subset of two seats")
}

func BenchmarkLegalActions(b *testing.B) {
	g, err := NewGame(data.DefaultSquad(), Options{Players: 4})
	require.NoError(b, err)
	b.ReportAllocs()
	for range b.N {
		g.LegalActions()
	}
}

// TestPileRunsOut: a used-up pile takes its discards back (S-11); with no
// card anywhere the reward is lost.
func TestPileRunsOut(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	al, sen := &g.piles[AlarmPile], &g.piles[SenjutsuPile]
	al.Draw, al.Discard = al.Discard, al.Draw
	for k := range sen.Draw {
		g.seats[1].Senjutsu[k], sen.Draw[k] = sen.Draw[k], 0
	}
	do(t, g, "play 1.1 c1")
	moveAll(t, g)
	do(t, g, "exposed 1", "patrols -")
	ev := g.Events()
	require.Len(t, kinds(ev, EventReshuffle), 1)
	require.Equal(t, AlarmPile, kinds(ev, EventReshuffle)[0].Pile)
	require.Len(t, kinds(ev, EventPileEmpty), 1)
	require.Equal(t, SenjutsuPile, kinds(ev, EventPileEmpty)[0].Pile)
	require.Empty(t, g.Hand(0, SenjutsuPile))
	require.NoError(t, g.check())
}

// TestDashOnTheSixthCard: a guard met in a dash costs a turn, except in
// the last round.
func TestDashOnTheSixthCard(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	k := kindIndex(g.d.Senjutsu, "ninja-dash")
	g.seats[0].Senjutsu[k], g.piles[SenjutsuPile].Draw[k] = 2, 0
	do(t, g, "senjutsu 1 ninja-dash", "dash 1.1 guard")
	require.Equal(t, 1, g.Missed(0))
	do(t, g, "play 1.1")
	require.Zero(t, g.Missed(0), "the missed turn was sat out")
	for g.Round() < 6 {
		do(t, g, "play 1.1")
	}
	require.Equal(t, rules.Seat(0), g.ToAct())
	do(t, g, "senjutsu 1 ninja-dash", "dash 2.2 guard")
	require.Zero(t, g.Missed(0))
	do(t, g, "play 1.1")
	require.Equal(t, StageExposed, g.Stage())
	require.Equal(t, [4]int{0, 0, 7, 5}, cards(g, 0), "two dashes and a missed turn still use twelve cards")
}

// TestSenjutsuFromThePalaceRoof: a Senjutsu reward is a free action usable
// "at any time during a Movement Phase", with no exception for the roof: a
// ninja already on the palace roof still plays its cards (S-14).
func TestSenjutsuFromThePalaceRoof(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	g.alarm = 3
	for _, kind := range []string{"pocket-rocket", "team-ninja", "ninja-dash"} {
		k := kindIndex(g.d.Senjutsu, kind)
		g.seats[0].Senjutsu[k]++
		g.piles[SenjutsuPile].Draw[k]--
	}
	do(t, g, "play 1.1 home")
	require.True(t, g.Home(0))
	require.Equal(t, rules.Seat(1), g.ToAct())
	do(t, g, "senjutsu 1 pocket-rocket", "senjutsu 1 team-ninja")
	tr, _ := g.Alarm()
	require.Equal(t, 1, tr, "Pocket Rocket pulled the tracker back two")
	require.Empty(t, g.Hand(0, SenjutsuPile)["pocket-rocket"])
	a, _ := ParseAction("senjutsu 1 ninja-dash", 2)
	require.ErrorIs(t, g.Apply(a), rules.ErrIllegal, "a dash still needs one's own turn, which a ninja on the roof no longer takes")
	require.NoError(t, g.check())
}

// TestRivalKnockedIntoGuard: the rulebook applies the guard rule too when a
// Buki card or token moves a ninja "into a Guard" or a guard "into a Ninja"
// in the player-versus-player game: the rival takes
// the guard out on the attacker's turn and misses its own next turn (S-24).
func TestRivalKnockedIntoGuard(t *testing.T) {
	g := newGame(t, Escape, 3, Digital)
	own, _ := ParseAction("guard 1", 3)
	require.ErrorIs(t, g.Apply(own), rules.ErrIllegal, "the mover's own guard is told with its move")
	do(t, g, "star 1", "guard 3")
	require.Equal(t, 1, g.Missed(2))
	require.Equal(t, 1, g.GuardsTakenOut(2))
	require.Equal(t, rules.Seat(0), g.ToAct(), "the attacker's turn goes on")
	do(t, g, "play 1.1", "play 1.1")
	require.Equal(t, rules.Seat(0), g.ToAct(), "seat 3 sat out its turn")
	missed := kinds(g.Events(), EventMissed)
	require.Len(t, missed, 1)
	require.Equal(t, rules.Seat(2), missed[0].Seat)
	require.Equal(t, [4]int{9, 1, 0, 2}, cards(g, 2), "the face-up card and the next one went")

	// In the raid, Team Ninja! can move a ninja into a guard all the same;
	// a turn still owed when the phase ends is forgiven (S-4).
	raid := newGame(t, Raid, 2, Digital)
	for range 5 {
		do(t, raid, "play 1.1", "play 1.1")
	}
	do(t, raid, "play 1.1", "guard 1", "play 1.1")
	require.Equal(t, StageExposed, raid.Stage())
	require.Zero(t, raid.Missed(0))
	require.Equal(t, 1, raid.GuardsTakenOut(0))
}

// TestRivalKnockedOntoTrap: a rival's ninja that goes "onto or through" a
// Wana token's space turns it over and takes its effect at once, also when
// knocked there on another ninja's turn (S-25).
func TestRivalKnockedOntoTrap(t *testing.T) {
	g := newGame(t, Escape, 2, Physical)
	do(t, g, "play 1.1 c1", "draw 1 buki spear", "end", "play 1.1 c1", "draw 2 buki tonfa", "end")
	do(t, g, "set 1 caltrops", "set 1 trip-wire")
	for _, bad := range []string{"spring 1 caltrops on 1", "spring 2 caltrops on 2", "spring 1 trip-wire spear on 2"} {
		a, err := ParseAction(bad, 2)
		require.NoError(t, err)
		require.ErrorIs(t, g.Apply(a), rules.ErrIllegal, bad)
	}
	do(t, g, "buki 1 spear", "spring 1 caltrops on 2", "spring 1 trip-wire tonfa on 2")
	_, sprung := g.Trap(0, "caltrops")
	require.True(t, sprung)
	require.Empty(t, g.Hand(1, BukiPile), "the rival lost its card")
	loss := kinds(g.Events(), EventTrapLoss)
	require.Len(t, loss, 1)
	require.Equal(t, rules.Seat(1), loss[0].Seat)
	require.Equal(t, rules.Seat(0), g.ToAct(), "still the attacker's turn")

	digital := newGame(t, Escape, 2, Digital)
	do(t, digital, "play 1.1", "play 1.1 c2", "end", "set 1 trip-wire", "spring 1 trip-wire on 2")
	require.Len(t, kinds(digital.Events(), EventTrapLoss), 1)
	require.Equal(t, 1, sum(digital.seats[1].Buki), "the engine took one of the rival's two cards")
}

// TestDashEndsAtAGuard: a ninja that reaches a guard's tile stops there
// ("immediately", the rulebook says): a dash whose first
// move runs into a guard ends with that card; the other is discarded (S-26).
func TestDashEndsAtAGuard(t *testing.T) {
	g := newGame(t, Raid, 2, Digital)
	useDash(t, g)
	plain, _ := ParseAction("play 2.1 c1", 2)
	require.ErrorIs(t, g.Apply(plain), rules.ErrIllegal, "without a guard the dash plays both cards")
	do(t, g, "play 2.1 c1 guard")
	require.Equal(t, [4]int{9, 1, 1, 1}, cards(g, 0), "one card played, the other discarded")
	require.Equal(t, 1, g.Missed(0))
	require.Equal(t, rules.Seat(1), g.ToAct())
	do(t, g, "play 1.1")
	require.Equal(t, rules.Seat(1), g.ToAct(), "seat 1 sits out the next turn")
}

// A ninja under Careless Footstep who misses the phase's first turn (a rival
// knocked it into a guard) has had that first turn: the next one starts with
// a card up and two to choose from, and nothing says it must play the drawn
// one. The missed turn costs one card, since the footstep already took the
// first flip (S-3, S-17: six turns to a twelve-card deck).
func TestFootstepTurnMissed(t *testing.T) {
	g := newGame(t, Raid, 2, Physical)
	moveAll(t, g)
	do(t, g, "exposed 1", "patrols -", "draw 1 alarm careless-footstep")
	require.Equal(t, rules.Seat(1), g.ToAct())
	require.True(t, g.MustPlayDrawn(0))
	before := cards(g, 0)
	do(t, g, "guard 1", "play 1.1")
	after := cards(g, 0)
	require.Equal(t, before[0]-2, after[0], "the missed turn drew one card, then the next was turned up")
	require.Equal(t, before[3]+1, after[3], "the missed turn discarded one card")
	require.Equal(t, 1, after[1])
	require.False(t, g.MustPlayDrawn(0), "the footstep's first turn is spent")
	do(t, g, "play 1.1")
	require.Equal(t, rules.Seat(0), g.ToAct())
	_, up, _, _ := g.Cards(0)
	require.Equal(t, 2, up)
	require.False(t, g.MustPlayDrawn(0))
	require.NoError(t, g.Apply(Action{Type: ActPlay, Seat: NoSeat, Card: 2, Route: 1}), "either face-up card may be played")
}
