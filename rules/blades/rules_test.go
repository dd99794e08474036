package blades

import (
	"errors"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// play applies moves in turn, failing the test on any refusal.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, m := range moves {
		require.NoError(t, p.Apply(mv(t, p, m)), m)
	}
}

// refuse checks that a move is refused with a reason mentioning want and
// that the position did not change.
func refuse(t *testing.T, p *Position, text, want string) {
	t.Helper()
	before := p.String()
	err := p.Apply(mv(t, p, text))
	require.Error(t, err, text)
	require.True(t, errors.Is(err, rules.ErrIllegal), "%v", err)
	require.Contains(t, err.Error(), want)
	require.Equal(t, before, p.String(), "a refused move changes nothing")
	require.NotContains(t, legalTexts(p), text)
}

func letters(p *Position, cs []Colour) string {
	s := ""
	for _, c := range cs {
		s += string(p.Rules().Letter(c))
	}
	return s
}

func TestRelationsByPlayerCount(t *testing.T) {
	cases := []struct {
		table                  string
		prey, hunters, neutral []string // by seat
	}{
		{"2:RY/B", []string{"B", "B"}, []string{"", ""}, []string{"Y", "R"}},
		{"3:RYB", []string{"Y", "B", "R"}, []string{"B", "R", "Y"}, []string{"", "", ""}},
		{"4:RYBK", []string{"Y", "B", "K", "R"}, []string{"K", "R", "Y", "B"}, []string{"B", "K", "R", "Y"}},
		{"5:RYBKG", []string{"YB", "BK", "KG", "GR", "RY"}, []string{"GK", "RG", "YR", "BY", "KB"}, []string{"", "", "", "", ""}},
	}
	for _, c := range cases {
		t.Run(c.table, func(t *testing.T) {
			p := place(t, c.table, "", "none")
			for s := range p.Players() {
				seat := Seat(s)
				require.Equal(t, c.prey[s], letters(p, p.Prey(seat)), "prey of seat %d", s+1)
				require.Equal(t, c.hunters[s], letters(p, p.Hunters(seat)), "hunters of seat %d", s+1)
				require.Equal(t, c.neutral[s], letters(p, p.Neutral(seat)), "neutral of seat %d", s+1)
			}
		})
	}
}

func TestTurnsPassToThePrey(t *testing.T) {
	p := place(t, "3:RYB", "R:a1 Y:a2 B:a3", "none")
	play(t, p, "pass")
	require.Equal(t, Seat(1), p.Turn())
	require.Equal(t, p.Prey(0)[0], p.Colour(p.Turn()), "the next player is the prey")
}

func TestBoardsByPlayerCount(t *testing.T) {
	for players, want := range map[int][3]int{2: {9, 9, 81}, 3: {9, 9, 81}, 4: {15, 9, 108}, 5: {15, 9, 135}} {
		b := testRules.Board(players)
		require.Equal(t, want[0], b.Cols)
		require.Equal(t, want[1], b.Rows)
		require.Len(t, b.Cells(), want[2], "%d players", players)
	}
	b4 := testRules.Board(4)
	for _, out := range []string{"a1", "b5", "c9"} {
		_, err := b4.ParseCell(out)
		require.ErrorContains(t, err, "out of play", "the Buddha is on the right, so a-c sit out")
	}
	_, err := b4.ParseCell("d1")
	require.NoError(t, err)
	d5, _ := b4.ParseCell("d5")
	require.Empty(t, b4.Ray(d5, West), "the out-of-play columns end lines like the board edge")
	require.Len(t, b4.Around(d5), 5)
}

func TestAttack(t *testing.T) {
	p := place(t, "3:RYB", "R:c4 Y:c5,d5 B:b4", "none")
	refuse(t, p, "attack c4 b4", "not your prey")
	refuse(t, p, "attack c4 d5", "1 cell(s) away in a straight line")
	refuse(t, p, "attack c4 c3", "c3 is empty")
	refuse(t, p, "attack c5 c4", "not one of your (Red) ninjas")
	play(t, p, "attack c4 c5")
	require.Equal(t, "R", occupant(p, "c5"))
	require.Equal(t, ".", occupant(p, "c4"))
	require.Equal(t, 1, p.Taken(0))
	require.Equal(t, 1, p.Count(p.Colour(1)))
}

func TestShuriken(t *testing.T) {
	t.Run("flies over empty cells", func(t *testing.T) {
		p := place(t, "3:RYB", "R:c1 Y:c8", "hidden:S,-,-")
		play(t, p, "shuriken c1 c8")
		require.Equal(t, ".", occupant(p, "c8"))
		require.Equal(t, "R", occupant(p, "c1"), "the thrower stays")
		require.Equal(t, Hand{}, p.Hand(0), "the card is spent")
	})
	t.Run("blocked by any ninja", func(t *testing.T) {
		p := place(t, "3:RYB", "R:c1 B:c4 Y:c8", "hidden:S,-,-")
		refuse(t, p, "shuriken c1 c8", "the ninja on c4 blocks")
		p = place(t, "3:RYB", "R:c1,c4 Y:c8", "hidden:S,-,-")
		refuse(t, p, "shuriken c1 c8", "the ninja on c4 blocks")
	})
	t.Run("reaches adjacent prey (ruling B-2)", func(t *testing.T) {
		p := place(t, "3:RYB", "R:c1 Y:c2", "hidden:S,-,-")
		require.Contains(t, legalTexts(p), "shuriken c1 c2")
	})
	t.Run("only prey, only straight, only with the card", func(t *testing.T) {
		p := place(t, "3:RYB", "R:c1 B:c8 Y:d2", "hidden:S,-,-")
		refuse(t, p, "shuriken c1 c8", "not your prey")
		refuse(t, p, "shuriken c1 d2", "along a row or column")
		p = place(t, "3:RYB", "R:c1 Y:c8", "hidden:-,-,-")
		refuse(t, p, "shuriken c1 c8", "no shuriken card")
	})
}

func TestKicks(t *testing.T) {
	p := place(t, "3:RYB", "R:a1 Y:a2,a3,a4,b1,d1", "hidden:23,-,-")
	refuse(t, p, "double-kick a1 c1", "c1 is empty")
	refuse(t, p, "triple-kick a1 d1", "c1 is empty")
	refuse(t, p, "double-kick a1 a4", "2 cell(s) away")
	require.Contains(t, legalTexts(p), "double-kick a1 a3")
	play(t, p, "triple-kick a1 a4")
	require.Equal(t, "R", occupant(p, "a4"))
	for _, c := range []string{"a1", "a2", "a3"} {
		require.Equal(t, ".", occupant(p, c))
	}
	require.Equal(t, 3, p.Taken(0))

	p = place(t, "3:RYB", "R:a1 Y:a2 B:a3", "hidden:2,-,-")
	refuse(t, p, "double-kick a1 a3", "not your prey")
	p = place(t, "3:RYB", "R:a7 Y:a8,a9", "hidden:3,-,-")
	require.NotContains(t, legalTexts(p), "triple-kick a7 a9", "a kick cannot run off the board")
	p = place(t, "5:RYBKG", "R:a1 Y:a2 B:a3", "hidden:2,-,-,-,-")
	play(t, p, "double-kick a1 a3")
	require.Equal(t, 2, p.Taken(0), "both of a 5-player seat's prey colours may be kicked in one go")
}

func TestVanishing(t *testing.T) {
	p := place(t, "3:RYB", "R:a1 Y:i9", "hidden:V,-,-")
	refuse(t, p, "vanish a1 i9", "i9 is taken")
	moves := 0
	for _, m := range p.LegalMoves(nil) {
		if m.Action == PlayVanish {
			moves++
		}
	}
	require.Equal(t, 79, moves, "every empty cell")
	play(t, p, "vanish a1 e5")
	require.Equal(t, "R", occupant(p, "e5"))
	require.Equal(t, ".", occupant(p, "a1"))

	p4 := place(t, "4:RYBK", "R:d5", "hidden:V,-,-,-")
	_, err := ParseMove(p4.Board(), "vanish d5 a5")
	require.ErrorContains(t, err, "out of play")
	for _, m := range p4.LegalMoves(nil)[1:] {
		require.True(t, p4.Board().InPlay(m.To))
	}
}

func TestCircleKick(t *testing.T) {
	p := place(t, "3:RYB", "R:e5 Y:d4,e4,f6,e7 B:d5", "hidden:C,-,-")
	play(t, p, "circle-kick e5")
	for _, c := range []string{"d4", "e4", "f6"} {
		require.Equal(t, ".", occupant(p, c), "prey on %s, diagonals included", c)
	}
	require.Equal(t, "Y", occupant(p, "e7"), "two cells away is out of reach")
	require.Equal(t, "B", occupant(p, "d5"), "hunters are spared")
	require.Equal(t, "R", occupant(p, "e5"))
	require.Equal(t, 3, p.Taken(0))

	p = place(t, "3:RYB", "R:e5 B:d5", "hidden:C,-,-")
	refuse(t, p, "circle-kick e5", "no prey stands around e5")
}

func TestBomb(t *testing.T) {
	t.Run("clears the 3x3 square of every colour", func(t *testing.T) {
		p := place(t, "3:RYB", "R:e1,e4 Y:e5,f6 B:d4,d6,c5", "hidden:B,-,-")
		play(t, p, "bomb e1 e5")
		for _, c := range []string{"e4", "e5", "f6", "d4", "d6"} {
			require.Equal(t, ".", occupant(p, c))
		}
		require.Equal(t, "B", occupant(p, "c5"), "outside the square")
		require.Equal(t, "R", occupant(p, "e1"), "the thrower stays when out of the blast")
		require.Equal(t, 2, p.Taken(0), "only prey count as taken")
	})
	t.Run("lobbed over ninjas in the way", func(t *testing.T) {
		p := place(t, "3:RYB", "R:a1 B:a2,a3 Y:a7", "hidden:B,-,-")
		play(t, p, "bomb a1 a7")
		require.Equal(t, ".", occupant(p, "a7"))
		require.Equal(t, "B", occupant(p, "a3"))
	})
	t.Run("at the edge only the cells on the board", func(t *testing.T) {
		p := place(t, "3:RYB", "R:a9 Y:i9,h8,h9,i8 B:g9", "hidden:B,-,-")
		play(t, p, "bomb a9 i9")
		require.Equal(t, 0, p.Count(p.Colour(1)))
		require.Equal(t, "B", occupant(p, "g9"))
	})
	t.Run("the thrower is hit when the bomb lands next to it (ruling B-3)", func(t *testing.T) {
		p := place(t, "3:RYB", "R:e5,e3 Y:e6", "hidden:B,-,-")
		play(t, p, "bomb e5 e6")
		require.Equal(t, ".", occupant(p, "e5"))
		require.Equal(t, "R", occupant(p, "e3"))
	})
	t.Run("needs distance, a straight line and a victim (ruling B-4)", func(t *testing.T) {
		p := place(t, "3:RYB", "R:e5 Y:g6", "hidden:B,-,-")
		refuse(t, p, "bomb e5 e5", "at least one cell")
		refuse(t, p, "bomb e5 g6", "at least one cell along a row or column")
		refuse(t, p, "bomb e5 a5", "would hit nobody")
		require.Contains(t, legalTexts(p), "bomb e5 g5")
	})
	t.Run("4 players: cannot land out of play", func(t *testing.T) {
		p := place(t, "4:RYBK", "R:d5,e4 Y:d6", "hidden:B,-,-,-")
		for _, m := range p.LegalMoves(nil)[1:] {
			require.True(t, p.Board().InPlay(m.To))
		}
		require.Contains(t, legalTexts(p), "bomb e4 e5")
	})
}

func TestDoubleDragon(t *testing.T) {
	p := place(t, "3:RYB", "R:d5,f5,e4 B:e5 Y:e6", "hidden:D,-,-")
	refuse(t, p, "double-dragon e4 e6", "must stand next to")
	play(t, p, "double-dragon d5 e5")
	require.Equal(t, "R", occupant(p, "e5"), "one attacker steps in")
	require.Equal(t, ".", occupant(p, "d5"))
	require.Equal(t, 0, p.Taken(0), "a hunter is not prey")

	p = place(t, "3:RYB", "R:d5,f6 B:e5", "hidden:D,-,-")
	refuse(t, p, "double-dragon d5 e5", "needs two of your ninjas")
	p = place(t, "3:RYB", "R:d5,f5 Y:e5", "hidden:D,-,-")
	refuse(t, p, "double-dragon d5 e5", "not your prey")

	p = place(t, "4:RYBK", "R:e5,g5 B:f5", "hidden:D,-,-,-")
	require.Contains(t, legalTexts(p), "double-dragon e5 f5", "the neutral player across the table")
}

func TestTwoPlayers(t *testing.T) {
	p := place(t, "2:RY/B", "R:a1,c1 Y:a2,b1 B:a3,b2,i9", "hidden:BD,D")
	refuse(t, p, "attack a1 a2", "not your prey")
	require.Contains(t, legalTexts(p), "double-dragon a1 b1", "the rival may be hit by Double Dragon")
	play(t, p, "bomb c1 c2")
	require.Equal(t, ".", occupant(p, "b1"))
	require.Equal(t, ".", occupant(p, "b2"))
	require.Equal(t, 1, p.Taken(0), "only the common prey scores")
	play(t, p, "attack a2 a3", "pass", "pass")
	require.Equal(t, Over, p.Phase())
	o := p.Outcome()
	require.Equal(t, []int{1, 1}, o.Scores)
	require.True(t, o.Tie())
}

func TestGameEndsWhenEveryonePassesInSuccession(t *testing.T) {
	p := place(t, "3:RYB", "R:a1 Y:a2 B:i9", "none")
	play(t, p, "pass", "pass")
	require.Equal(t, Playing, p.Phase())
	play(t, p, "pass")
	require.Equal(t, Over, p.Phase())
	require.Empty(t, p.LegalMoves(nil))
	refuse(t, p, "pass", "the game is over")

	p = place(t, "3:RYB", "R:a1 Y:a2 B:b1", "none")
	play(t, p, "pass", "pass", "attack b1 a1", "pass", "pass")
	require.Equal(t, Playing, p.Phase(), "an attack restarts the count")
	play(t, p, "pass")
	require.Equal(t, Over, p.Phase())
	o := p.Outcome()
	require.Equal(t, []int{0, 1, 1}, o.Scores, "a seat with no ninjas left still takes its turns, passing")
	require.Equal(t, []Seat{1, 2}, o.Winners)
	require.True(t, o.Tie())
}

func TestPassIsAlwaysLegal(t *testing.T) {
	p := place(t, "3:RYB", "R:a1 Y:a2", "none")
	require.Equal(t, []string{"pass", "attack a1 a2"}, legalTexts(p))
}

func TestKeepChoice(t *testing.T) {
	p := place(t, "3:RYB", "R:a1 Y:a2 B:a3", "hidden:BBC?,SS?,-?")
	require.Equal(t, Choosing, p.Phase())
	refuse(t, p, "pass", "still choosing")
	require.NoError(t, p.Clone().Keep(0, Hand{Bomb: 2}), "exactly the limit is allowed")
	require.ErrorContains(t, p.Keep(0, Hand{Bomb: 1, CircleKick: 1, Shuriken: 1}), "not part of the hand")
	err := p.Keep(0, Hand{Bomb: 2, CircleKick: 1})
	require.ErrorContains(t, err, "cost 14, more than the limit of 10")
	require.NoError(t, p.Keep(0, Hand{Bomb: 1, CircleKick: 1}))
	require.ErrorContains(t, p.Keep(0, Hand{}), "already chosen")
	require.NoError(t, p.Keep(1, Hand{Shuriken: 2}))
	require.NoError(t, p.Keep(2, Hand{}))
	require.Equal(t, Playing, p.Phase())
	require.Equal(t, "3:RYB 9/9/9/9/9/9/B8/Y8/R8 1 0 hidden:BC,SS,- 0,0,0", p.String())
}

// TestEverySeatChoosesBeforePlay: the choosing seats are kept as bits; play
// starts only once the last of five seats, in any order, has kept its cards.
func TestEverySeatChoosesBeforePlay(t *testing.T) {
	p, err := ParsePosition(testRules, "5:GKBYR 15/15/15/15/15/15/15/15/GKBYR10 5 0 hidden:-?,S?,-,C?,D? 0,0,0,0,0")
	require.NoError(t, err)
	for _, s := range []Seat{4, 0, 3, 1} {
		require.Equal(t, Choosing, p.Phase())
		require.True(t, p.Choosing(s))
		refuse(t, p, "pass", "still choosing")
		require.NoError(t, p.Keep(s, Hand{}))
		require.False(t, p.Choosing(s))
		require.False(t, p.Choosing(2), "seat 3 had already kept its cards")
	}
	require.Equal(t, Playing, p.Phase())
	require.Equal(t, "5:GKBYR 15/15/15/15/15/15/15/15/GKBYR10 5 0 hidden:-,-,-,-,- 0,0,0,0,0", p.String())
}

// TestBoardIsCheckedBeforeTheHand: a move that cannot work on the board is
// refused for that reason whatever the hand; only a move that would work is
// refused for the missing card, marked ErrNoCard (ruling C-4).
func TestBoardIsCheckedBeforeTheHand(t *testing.T) {
	for _, cards := range []string{"hidden:-,-,-", "hidden:S23V,-,-", "hidden:BC,-,-", "hidden:D,-,-"} {
		p := place(t, "3:RYB", "R:a1,b1 Y:a2,a3 B:c1", cards)
		for text, want := range map[string]string{
			"double-kick a1 a1":   "ends 2 cell(s) away",
			"triple-kick a1 a4":   "a4 is empty",
			"shuriken a1 b2":      "flies along a row or column",
			"bomb a1 a1":          "at least one cell",
			"vanish a1 a2":        "a2 is taken",
			"circle-kick c1":      "not one of your",
			"double-dragon a1 b1": "not your prey",
		} {
			err := p.Check(mv(t, p, text))
			require.ErrorContains(t, err, want, text)
			require.False(t, errors.Is(err, ErrNoCard), text)
		}
	}
	p := place(t, "3:RYB", "R:a1,b1 Y:a2,a3 B:c1", "hidden:S,-,-")
	err := p.Check(mv(t, p, "double-kick a1 a3"))
	require.True(t, errors.Is(err, ErrNoCard) && errors.Is(err, rules.ErrIllegal), "%v", err)
	require.EqualError(t, err, "not allowed: you hold no double-kick card")
}

func TestRemovedListsWhatAMoveEliminates(t *testing.T) {
	for _, c := range []struct {
		pieces, cards, move string
		want                []string
	}{
		{"R:c4 Y:c5", "none", "attack c4 c5", []string{"c5"}},
		{"R:c4 Y:c5,c6,c7", "hidden:3,-,-", "triple-kick c4 c7", []string{"c5", "c6", "c7"}},
		{"R:c4 Y:c8", "hidden:S,-,-", "shuriken c4 c8", []string{"c8"}},
		{"R:e5,e3 Y:e6 B:f5", "hidden:B,-,-", "bomb e5 e6", []string{"e5", "f5", "e6"}},
		{"R:e5 Y:d4,f6 B:e6", "hidden:C,-,-", "circle-kick e5", []string{"d4", "f6"}},
		{"R:a1", "hidden:V,-,-", "vanish a1 i9", nil},
		{"R:d4,e5 B:e4", "hidden:D,-,-", "double-dragon d4 e4", []string{"e4"}},
		{"R:c4 Y:c5", "none", "pass", nil},
	} {
		p := place(t, "3:RYB", c.pieces, c.cards)
		var got []string
		for _, cell := range p.Removed(mv(t, p, c.move)) {
			got = append(got, p.Board().CellName(cell))
		}
		require.Equal(t, c.want, got, c.move)
		require.NoError(t, p.Apply(mv(t, p, c.move)), "Removed leaves the position as it was")
	}
}
