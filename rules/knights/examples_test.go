package knights

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every worked example of the rulebook, played through the engine.
// Seat 1 is "you" unless the example says otherwise.

// The common-attack walk-through: Soldier against Soldier, Knight against
// King, Queen against three Peasants, then the player to your left takes
// four gems with her King.
func TestExampleCommonAttacks(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=SKQ/R/SRPPP draw=*PP")

	play(t, g, "attack 3 soldier", "respond 3 soldier")
	require.Equal(t, PhaseMain, g.Phase(), "no gems moved: you may go on")
	require.Equal(t, []int{5, 5, 5}, g.gems)
	require.Equal(t, []Card{Soldier, Soldier}, g.Discards(), "both soldiers are discarded")
	require.True(t, legal(t, g, "pass"), "or end the turn")

	play(t, g, "attack 3 knight", "respond 3 king")
	require.Equal(t, PhaseMain, g.Phase())
	require.Equal(t, []int{5, 5, 5}, g.gems, "the King protects up to 4")

	play(t, g, "attack 3 queen", "respond 3 peasant,peasant,peasant")
	require.Equal(t, []int{7, 5, 3}, g.gems, "5 minus 3: two gems move")
	require.Equal(t, PhaseSteal, g.Phase(), "seat 2 holds a card and may steal")
	play(t, g, "pass")
	require.Equal(t, seat(2), g.Turn(), "gems moved, so the turn passes")

	// The next seat in turn order (on your left) attacks you; you have no
	// cards left, so you cannot answer and lose four gems.
	play(t, g, "attack 1 king")
	require.Equal(t, []int{3, 9, 3}, g.gems)
	require.Equal(t, seat(3), g.Turn(), "nobody else holds a card, so the steal window closes at once")
}

// A Highwayman steals the gems of a King's attack out of turn.
func TestExampleHighwaymanAfterKing(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=2 phase=main gems=7,5,3 hands=-/R/H")
	play(t, g, "attack 1 king")
	require.Equal(t, []int{3, 9, 3}, g.gems)
	require.Equal(t, PhaseSteal, g.Phase())
	play(t, g, "respond 3 highwayman")
	require.Equal(t, []int{3, 5, 7}, g.gems, "all four gems go to the highwayman")
	require.Equal(t, seat(3), g.Turn(), "the king's turn is over")
}

// A rival destroys your castle with a Catapult and attacks with a King; your
// Executioner kills the King and ends her turn, but the castle is gone.
func TestExampleCatapultKingExecutioner(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=2 phase=main gems=5,5,5 hands=E/UR/- forts=C/-/-")
	refuse(t, g, "attack 1 king", "behind a castle")
	play(t, g, "attack 1 catapult")
	refuse(t, g, "respond 1 executioner", "head")
	play(t, g, "pass")
	require.Equal(t, Fort{}, g.Fort(seat(1)), "the catapult destroys the castle")
	play(t, g, "attack 1 king", "respond 1 executioner")
	require.Equal(t, []int{5, 5, 5}, g.gems)
	require.Equal(t, seat(3), g.Turn(), "the executioner ends her turn")
	require.Equal(t, Fort{}, g.Fort(seat(1)), "but the castle stays destroyed")
	require.ElementsMatch(t, []Card{Castle, Catapult, King, Executioner}, g.Discards())
}

// Your Executioner kills a Dragon before it burns your castle or takes gems.
func TestExampleDragonExecutioner(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=2 phase=main gems=5,5,5 hands=E/D/- forts=C/-/-")
	play(t, g, "attack 1 dragon burn", "respond 1 executioner")
	require.Equal(t, []int{5, 5, 5}, g.gems)
	require.Equal(t, Castle, g.Fort(seat(1)).Castle)
	require.Equal(t, seat(3), g.Turn())

	// Unanswered, the same Dragon burns the castle and takes two gems.
	g = pos(t, "players=3 mode=digital turn=2 phase=main gems=5,5,5 hands=E/D/- forts=C/-/-")
	play(t, g, "attack 1 dragon burn", "pass")
	require.Equal(t, []int{3, 7, 5}, g.gems)
	require.Equal(t, Fort{}, g.Fort(seat(1)))
}

// Your Traitor turns a rival's Knight around: the Knight strikes its
// owner although her kingdom is fortified by an Archer. She blocks with a
// Soldier and gives you one gem, and her turn is over.
func TestExampleTraitorOnKnight(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=2 phase=main gems=5,5,5 hands=T/KS/- forts=-/A/-")
	play(t, g, "attack 1 knight", "respond 1 traitor")
	plays, by, on := g.Pending()
	require.Equal(t, []Play{Plain(Knight)}, plays)
	require.Equal(t, seat(1), by, "the knight now fights for you")
	require.Equal(t, seat(2), on, "against its owner, archer or not")
	play(t, g, "respond 2 soldier")
	require.Equal(t, []int{6, 4, 5}, g.gems)
	require.Equal(t, seat(3), g.Turn(), "gems moved: her turn is over")
	require.Equal(t, Archer, g.Fort(seat(2)).Archer)
}

// A player holds nine cards; your Merchant pays them a gem and takes four.
func TestExampleMerchantNineCards(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=M/PPSSKKRNA/-")
	before := g.Hand(seat(2))
	play(t, g, "special merchant 2")
	require.Equal(t, []int{4, 6, 5}, g.gems)
	took := g.Hand(seat(1))
	require.Len(t, took, 4, "nine rounds down to eight: half is four")
	require.Equal(t, 5+2, g.HandSize(seat(2)), "five left, and seat 2 drew two to start its turn")
	for _, c := range took {
		i := slices.Index(before, c)
		require.GreaterOrEqual(t, i, 0, "the merchant only takes the rival's cards")
		before = slices.Delete(before, i, i+1)
	}
}

// You have eight gems; a rival's Knight captures three gems from another
// rival; your Jester, announced as a Highwayman, steals them and you win.
func TestExampleJesterHighwaymanWins(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=4,3,8 hands=K/-/J")
	play(t, g, "attack 2 knight")
	require.Equal(t, []int{7, 0, 8}, g.gems)
	play(t, g, "respond 3 jester(highwayman)")
	require.Equal(t, []int{4, 0, 11}, g.gems)
	require.Equal(t, Outcome{Winner: seat(3)}, g.Outcome())
	require.Equal(t, "seat 3 wins", g.Outcome().String())
}

// The same example's warning: a second Highwayman can still take the gems
// away, so the win waits until nobody steals any more.
func TestExampleJesterHighwaymanStolenBack(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=4,3,8 hands=HK/-/J")
	play(t, g, "attack 2 knight", "respond 3 jester(highwayman)")
	require.Equal(t, []int{4, 0, 11}, g.gems)
	require.False(t, g.Outcome().Over(), "seat 1 can still steal")
	require.Equal(t, PhaseSteal, g.Phase())

	won := g.Clone()
	play(t, won, "pass")
	require.Equal(t, seat(3), won.Winner())

	play(t, g, "respond 1 highwayman")
	require.Equal(t, []int{7, 0, 8}, g.gems)
	require.False(t, g.Outcome().Over(), "seven gems do not win")
	require.Equal(t, seat(2), g.Turn())
}

// A Knight against a kingdom with one gem takes that gem; the rest of its
// strength is wasted.
func TestExampleKnightAgainstOneGem(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,1,9 hands=K/-/-")
	play(t, g, "attack 2 knight")
	require.Equal(t, []int{6, 0, 9}, g.gems)
	require.Equal(t, seat(2), g.Turn())
}

// Seven Peasants played together attack for seven gems.
func TestExampleSevenPeasantRevolt(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=1,7,7 hands=PPPPPPP/-/-")
	play(t, g, "attack 2 peasant*7")
	require.Equal(t, []int{8, 0, 7}, g.gems)
}

// A Traitor can turn a whole revolt against its owner.
func TestExampleTraitorTurnsRevolt(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=PPP/T/-")
	play(t, g, "attack 2 peasant,peasant,peasant", "respond 2 traitor")
	require.Equal(t, []int{2, 8, 5}, g.gems, "seat 1 has no cards left to answer")
}

// After the first reshuffle nine gems win; a player already at the target
// does not win passively but must gain a gem. The pile is reshuffled the
// moment its last card is drawn (ruling K5): here seat 1 draws the last two
// cards as its turn begins, and nine gems win from then on.
func TestExampleReshuffleLowersTarget(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=3 phase=main gems=9,1,5 hands=S/-/P draw=KK discard=*")
	require.Equal(t, 10, g.Target())
	play(t, g, "discard peasant")
	require.Equal(t, []Card{Soldier, Knight, Knight}, g.Hand(seat(1)), "seat 1 drew the last two cards")
	require.Equal(t, 1, g.Reshuffles(), "the empty pile is reshuffled at once")
	require.Empty(t, g.Discards())
	require.Equal(t, 9, g.Target())
	require.False(t, g.Outcome().Over(), "nine gems at a target of nine is no win until a gem is gained")
	play(t, g, "attack 2 soldier")
	require.Equal(t, []int{10, 0, 5}, g.gems)
	require.Equal(t, seat(1), g.Winner())
}
