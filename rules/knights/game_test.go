package knights

import (
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func TestNewGameDeals(t *testing.T) {
	for _, mode := range []Mode{Digital, Physical} {
		g, err := NewGame(Config{Players: 4, Mode: mode, First: 2}, rules.NewRand(7, "deal"))
		require.NoError(t, err)
		require.Equal(t, []int{5, 5, 5, 5}, g.gems)
		for s := range 4 {
			want := 4
			if s == 2 {
				want = 6 // the first player has drawn for its turn
			}
			require.Equal(t, want, g.HandSize(rules.Seat(s)), mode)
		}
		require.Equal(t, 100-16-2, g.DrawSize())
		require.Equal(t, rules.Seat(2), g.Turn())
		require.Equal(t, 10, g.Target())
		require.Equal(t, PhaseMain, g.Phase())
		require.NoError(t, g.checkCards())
	}
}

func TestNewGameIsSeeded(t *testing.T) {
	a, _ := NewGame(Config{Players: 5}, rules.NewRand(3, "deal"))
	b, _ := NewGame(Config{Players: 5}, rules.NewRand(3, "deal"))
	c, _ := NewGame(Config{Players: 5}, rules.NewRand(4, "deal"))
	require.Equal(t, a.String(), b.String())
	require.NotEqual(t, a.String(), c.String())
}

func TestNewDuelDrafts(t *testing.T) {
	g, err := NewGame(Config{Players: 2, First: 1}, rules.NewRand(1, "deal"))
	require.NoError(t, err)
	require.Equal(t, PhaseDraft, g.Phase())
	require.Equal(t, []int{6, 6}, g.gems)
	require.Equal(t, rules.Seat(1), g.Turn(), "tied gems and hands: the first seat drafts")
	require.Len(t, g.pile, 15)
	require.Equal(t, 94-15, g.DrawSize(), "expansions stay in the box")
	require.Zero(t, g.HandSize(0))
	have := g.census()
	for _, c := range []Card{Queen, Highwayman, Jester} {
		require.Zero(t, have[c], c)
	}
}

func TestNewGameRejects(t *testing.T) {
	r := rules.NewRand(1, "x")
	for _, c := range []struct {
		cfg  Config
		r    bool
		want string
	}{
		{Config{Players: 1}, true, "2 to 6"},
		{Config{Players: 7}, true, "2 to 6"},
		{Config{Players: 3, First: 3}, true, "first seat 4"},
		{Config{Players: 3}, false, "random source"},
	} {
		rr := r
		if !c.r {
			rr = nil
		}
		_, err := NewGame(c.cfg, rr)
		require.ErrorContains(t, err, c.want)
	}
	_, err := NewGame(Config{Players: 3, Mode: Physical}, nil)
	require.NoError(t, err, "a physical game needs no random source")
}

func TestSpecFromData(t *testing.T) {
	sp := DefaultSpec()
	require.Equal(t, 24, sp.Count(Peasant))
	require.Equal(t, 5, sp.Strength(Queen))
	require.Equal(t, 2, sp.Strength(Ninja))
	require.True(t, sp.Living(Archer))
	require.False(t, sp.Living(Catapult))
	require.True(t, sp.Expansion(Jester))
	require.Len(t, sp.Deck(3), 100)
	require.Len(t, sp.Deck(2), 94)

	load := func(from, to string) (*Spec, error) {
		k := data.DefaultKnights()
		b := *k
		b.Cards = append([]data.KnightsCard(nil), k.Cards...)
		for i := range b.Cards {
			if b.Cards[i].Kind == from {
				b.Cards[i].Kind = to
			}
		}
		return NewSpec(&b)
	}
	_, err := load("jester", "wizard")
	require.ErrorContains(t, err, `kind "wizard" has no rules`)
	_, err = load("castle", "tower")
	require.ErrorContains(t, err, "no rules")

	k := data.DefaultKnights()
	k.Cards[0].Labels = []string{"ATTACK", "UNIQUE"}
	_, err = NewSpec(k)
	require.ErrorContains(t, err, "peasant is labelled")

	// A house rule: no jesters at all. The engine plays on without them.
	k = data.DefaultKnights()
	var cards []data.KnightsCard
	for _, c := range k.Cards {
		if c.Kind != "jester" {
			cards = append(cards, c)
		}
	}
	k.Cards, k.Total = cards, 98
	sp, err = NewSpec(k)
	require.NoError(t, err)
	g, err := NewGame(Config{Players: 3, Spec: sp}, rules.NewRand(1, "x"))
	require.NoError(t, err)
	require.NotContains(t, g.String(), "J")
	_, err = ParsePositionSpec(g.String(), sp)
	require.NoError(t, err)
	_, err = ParsePosition(g.String())
	require.Error(t, err, "the default deck has jesters the position lacks")
}

func TestViewHidesOtherHands(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=R/H/HS")
	play(t, g, "attack 2 king", "pass")
	require.Equal(t, PhaseSteal, g.Phase())
	v := g.View(seat(3))
	require.Equal(t, []Card{Soldier, Highwayman}, v.Hand)
	require.Equal(t, []int{0, 1, 2}, v.HandSizes)
	require.Equal(t, []int{9, 1, 5}, v.Gems)
	require.Equal(t, seat(1), v.Holder)
	require.Equal(t, 4, v.Amount)
	var mine []string
	for _, a := range v.Legal {
		mine = append(mine, a.String())
	}
	require.Equal(t, []string{"respond 3 highwayman"}, mine, "seat 3 sees its own options only")
	v1 := g.View(seat(1))
	require.Empty(t, v1.Hand)
	require.Equal(t, "pass", v1.Legal[0].String(), "the turn player closes the window")
	for _, a := range v1.Legal {
		require.NotContains(t, a.String(), "respond 2", "seat 1 cannot learn what seat 2 holds")
	}
}

// Cards shown to a Herald are seen by the Herald's player and by the seat
// that showed them; a third seat only counts them (ruling K36).
func TestViewOfHeraldShownCards(t *testing.T) {
	g := pos(t, "players=4 mode=digital turn=1 phase=main gems=5,5,5,5 hands=F/KS/R/-")
	play(t, g, "special herald", "show knight", "show king")
	hidden := []Play{{}}
	require.Equal(t, [][]Play{nil, {Plain(Knight)}, {Plain(King)}, nil}, g.View(seat(1)).Shown, "the Herald's player sees all")
	require.Equal(t, [][]Play{nil, {Plain(Knight)}, hidden, nil}, g.View(seat(2)).Shown, "seat 2 sees its own")
	require.Equal(t, [][]Play{nil, hidden, {Plain(King)}, nil}, g.View(seat(3)).Shown)
	require.Equal(t, [][]Play{nil, hidden, hidden, nil}, g.View(seat(4)).Shown, "seat 4 only counts")
	require.Empty(t, g.View(seat(4)).Legal)
}

func TestViewOfDraftAndPhysical(t *testing.T) {
	g := pos(t, "players=2 mode=digital turn=1 phase=draft gems=6,6 hands=-/- draft=PSK")
	require.Equal(t, Knight, g.View(seat(1)).Drafting)
	require.Equal(t, Unknown, g.View(seat(2)).Drafting, "the rival does not see the drafted card")
	require.Equal(t, 3, g.View(seat(2)).DraftPile)

	p := pos(t, "players=3 mode=physical turn=1 phase=main gems=5,5,5 hands=4/4/4")
	v := p.View(seat(1))
	require.Nil(t, v.Hand, "the engine never sees a physical hand")
	require.Equal(t, []int{4, 4, 4}, v.HandSizes)
	require.Equal(t, 88, v.DrawPile)
	require.True(t, strings.HasPrefix(v.Legal[0].String(), "fortify"))
}

func TestIllegalActionsExplain(t *testing.T) {
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=S/S/-")
	refuse(t, g, "keep", "seat 1 is to fortify")
	refuse(t, g, "attack 5 soldier", "no seat 5")
	refuse(t, g, "take 2 soldier", "seat 1 is to fortify")
	play(t, g, "attack 2 soldier")
	refuse(t, g, "respond 3 soldier", "only seat 2")
	refuse(t, g, "attack 2 soldier", "seat 2 is to answer a soldier or pass")
}
