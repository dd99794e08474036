package knights

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// ruleCase starts from a position, plays actions, then optionally checks
// that one more action is refused (with a reason) and inspects the game.
type ruleCase struct {
	name   string
	pos    string
	do     []string
	refuse string
	why    string
	check  func(t *testing.T, g *Game)
}

func runRules(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := pos(t, c.pos)
			play(t, g, c.do...)
			if c.refuse != "" {
				refuse(t, g, c.refuse, c.why)
			}
			if c.check != nil {
				c.check(t, g)
			}
			checkInvariants(t, g, g.TotalGems())
			back, err := ParsePosition(g.String())
			require.NoError(t, err)
			require.Equal(t, g.String(), back.String())
		})
	}
}

// legalStrings lists the legal actions in notation.
func legalStrings(g *Game) []string {
	var out []string
	for _, a := range g.LegalActions() {
		out = append(out, a.String())
	}
	return out
}

const three = "players=3 mode=digital turn=1 phase=main "

func TestTurnRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "discarding instead of playing ends the turn", pos: three + "gems=5,5,5 hands=P/-/-", do: []string{"discard peasant"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(2), g.Turn())
				require.Equal(t, 2, g.HandSize(seat(2)), "the next player draws two")
				require.Equal(t, []Card{Peasant}, g.Discards())
			}},
		{name: "a player who does not play must discard", pos: three + "gems=5,5,5 hands=P/-/-", refuse: "pass", why: "must discard"},
		{name: "an empty hand passes", pos: physical + "gems=5,5,5 hands=0/50/50 draw=0",
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []string{"pass"}, legalStrings(g))
				play(t, g, "pass")
				require.Equal(t, 50, g.HandSize(seat(2)), "nothing to draw")
				require.Zero(t, g.Reshuffles(), "nothing to reshuffle")
				require.Equal(t, 10, g.Target())
			}},
		{name: "the pile is reshuffled the moment it empties", pos: three + "gems=5,5,5 hands=P/-/- draw=SS discard=*",
			do: []string{"discard peasant"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []Card{Soldier, Soldier}, g.Hand(seat(2)))
				require.Equal(t, 1, g.Reshuffles())
				require.Equal(t, 9, g.Target(), "the target falls as the pile empties, not at the next draw")
				require.Empty(t, g.Discards())
				require.Equal(t, 100-2, g.DrawSize())
				require.Equal(t, []Event{{Kind: EventDraw, Seat: seat(2), Cards: 2}, {Kind: EventReshuffle, Seat: NoSeat, Cards: 98, Target: 9}}, g.Events())
			}},
		{name: "a pile that empties in the middle of a draw is reshuffled before the second card", pos: three + "gems=5,5,5 hands=P/-/- draw=S discard=*",
			do: []string{"discard peasant"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, 2, g.HandSize(seat(2)))
				require.Equal(t, []Event{{Kind: EventDraw, Seat: seat(2), Cards: 1}, {Kind: EventReshuffle, Seat: NoSeat, Cards: 99, Target: 9}, {Kind: EventDraw, Seat: seat(2), Cards: 1}}, g.Events())
				require.Equal(t, 98, g.DrawSize())
			}},
		{name: "drawing the last cards lowers the target before the drawer plays", pos: "players=3 mode=digital turn=3 phase=main gems=8,1,6 hands=S/-/P draw=KK discard=*",
			do: []string{"discard peasant", "attack 2 soldier"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{9, 0, 6}, g.gems)
				require.Equal(t, seat(1), g.Winner(), "nine gems, gained after the reshuffle, win")
			}},
		{name: "a kingdom with no gems plays on", pos: three + "gems=0,5,10 hands=S/-/-", do: []string{"attack 2 soldier"},
			check: func(t *testing.T, g *Game) { require.Equal(t, []int{2, 3, 10}, g.gems) }},
		{name: "the target never falls below one", pos: three + "gems=5,5,5 hands=P/-/- reshuffles=12", do: []string{"attack 2 peasant"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, 1, g.Target())
				require.Equal(t, seat(1), g.Winner())
			}},
		{name: "the play that wins reshuffles nothing", pos: physical + "gems=9,1,5 hands=100/0/0 draw=0",
			do: []string{"attack 2 peasant"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(1), g.Winner())
				require.Zero(t, g.Reshuffles(), "the game is over: nothing is dealt again")
				require.Equal(t, 10, g.Target(), "the target the game was won at")
				require.Len(t, g.Discards(), 1)
				require.Zero(t, g.DrawSize())
			}},
		{name: "a gem gain at the target wins", pos: three + "gems=9,1,5 hands=P/-/-", do: []string{"attack 2 peasant"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(1), g.Winner())
				require.Equal(t, PhaseOver, g.Phase())
				refuse(t, g, "pass", "game is over")
			}},
	})
}

func TestFortifyRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "several kinds in one action", pos: three + "gems=5,5,5 hands=CAB/-/-", do: []string{"fortify castle,archer,minstrel"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, Fort{Castle: Castle, Archer: Archer, Minstrel: Minstrel}, g.Fort(seat(1)))
				require.Equal(t, seat(2), g.Turn(), "fortifying is the turn's action")
			}},
		{name: "one of each kind at a time", pos: three + "gems=5,5,5 hands=C/-/- forts=C/-/-", refuse: "fortify castle", why: "already has a castle"},
		{name: "not twice in one action", pos: three + "gems=5,5,5 hands=AA/-/-", refuse: "fortify archer,archer", why: "one archer at a time"},
		{name: "a jester stands in for an archer", pos: three + "gems=5,5,5 hands=J/-/-", do: []string{"fortify jester(archer)"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, Fort{Archer: Jester}, g.Fort(seat(1)))
				require.Contains(t, g.String(), "forts=Ja/-/-")
			}},
		{name: "a jester is never an object", pos: three + "gems=5,5,5 hands=J/-/-", refuse: "fortify jester(castle)", why: "living"},
		{name: "a soldier does not fortify", pos: three + "gems=5,5,5 hands=S/-/-", refuse: "fortify soldier", why: "does not fortify"},
		{name: "the minstrel leaves when its owner's turn starts", pos: three + "gems=5,5,5 hands=B/-/- draw=*SSSS", do: []string{"fortify minstrel", "discard soldier", "discard soldier"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(1), g.Turn())
				require.Equal(t, Fort{}, g.Fort(seat(1)))
				require.Contains(t, g.Discards(), Minstrel)
			}},
	})
}

func TestAttackRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "one rival per turn", pos: three + "gems=5,5,5 hands=SS/S/-", do: []string{"attack 2 soldier", "respond 2 soldier"},
			refuse: "attack 3 soldier", why: "all go at seat 2"},
		{name: "no attacking yourself", pos: three + "gems=5,5,5 hands=S/-/-", refuse: "attack 1 soldier", why: "own kingdom"},
		{name: "one card at a time but for peasants", pos: three + "gems=5,5,5 hands=SS/-/-", refuse: "attack 2 soldier,soldier", why: "only peasants"},
		{name: "a jester may join a revolt", pos: three + "gems=5,5,5 hands=PJ/-/-", do: []string{"attack 2 peasant,jester(peasant)"},
			check: func(t *testing.T, g *Game) { require.Equal(t, []int{7, 3, 5}, g.gems) }},
		{name: "not holding the card", pos: three + "gems=5,5,5 hands=S/-/-", refuse: "attack 2 knight", why: "does not hold a knight"},
		{name: "no gems moved: attack again or stop", pos: three + "gems=5,0,10 hands=SS/-/-", do: []string{"attack 2 soldier"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, PhaseMain, g.Phase())
				require.Equal(t, seat(2), g.AttackTarget())
				require.ElementsMatch(t, []string{"pass", "attack 2 soldier"}, legalStrings(g))
				play(t, g, "pass")
				require.Equal(t, seat(2), g.Turn())
			}},
		{name: "after attacking there is no discarding", pos: three + "gems=5,0,10 hands=SS/-/-", do: []string{"attack 2 soldier"},
			refuse: "discard soldier", why: "is attacking seat 2"},
		{name: "a castle keeps common attackers out", pos: three + "gems=5,5,5 hands=S/-/- forts=-/C/-", refuse: "attack 2 soldier", why: "behind a castle"},
		{name: "a ladder lets them climb for the turn", pos: three + "gems=5,5,5 hands=LS/-/- forts=-/C/-", do: []string{"attack 2 ladder", "attack 2 soldier"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{7, 3, 5}, g.gems)
				require.Equal(t, Castle, g.Fort(seat(2)).Castle, "the castle still stands")
				require.ElementsMatch(t, []Card{Soldier, Ladder}, g.Discards(), "the ladder is discarded when the turn ends")
			}},
		{name: "one ladder is enough", pos: three + "gems=5,5,5 hands=LL/-/- forts=-/C/-", do: []string{"attack 2 ladder"}, refuse: "attack 2 ladder", why: "already stands"},
		{name: "a ladder needs a castle", pos: three + "gems=5,5,5 hands=L/-/-", refuse: "attack 2 ladder", why: "no castle"},
		{name: "a catapult needs a castle", pos: three + "gems=5,5,5 hands=U/-/-", refuse: "attack 2 catapult", why: "no castle"},
		{name: "an archer keeps the dragon away", pos: three + "gems=5,5,5 hands=D/-/- forts=-/A/-", refuse: "attack 2 dragon", why: "only a ninja or an archer"},
		{name: "an archer keeps ladders away", pos: three + "gems=5,5,5 hands=L/-/- forts=-/CA/-", refuse: "attack 2 ladder", why: "only a ninja or an archer"},
		{name: "an archer keeps common attackers away", pos: three + "gems=5,5,5 hands=R/-/- forts=-/A/-", refuse: "attack 2 king", why: "only a ninja or an archer"},
		{name: "an archer shoots an archer and the attack goes on", pos: three + "gems=5,5,5 hands=AS/-/- forts=-/A/-", do: []string{"attack 2 archer", "attack 2 soldier"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{7, 3, 5}, g.gems)
				require.Equal(t, Fort{}, g.Fort(seat(2)))
			}},
		{name: "a fortifying archer can shoot too", pos: three + "gems=5,5,5 hands=S/-/- forts=A/A/-", do: []string{"attack 2 archer fort"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, Fort{}, g.Fort(seat(1)))
				require.Equal(t, Fort{}, g.Fort(seat(2)))
				require.Equal(t, []Card{Archer, Archer}, g.Discards())
				require.Equal(t, PhaseMain, g.Phase())
			}},
		{name: "shooting needs an archer to shoot", pos: three + "gems=5,5,5 hands=A/-/-", refuse: "attack 2 archer", why: "no fortifying archer"},
		{name: "a ninja climbs the castle and kills the archer", pos: three + "gems=5,5,5 hands=N/-/- forts=-/CA/-", do: []string{"attack 2 ninja"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{7, 3, 5}, g.gems)
				require.Equal(t, Fort{Castle: Castle}, g.Fort(seat(2)))
				require.Equal(t, seat(2), g.Turn())
			}},
		{name: "only a minstrel or an executioner stops a ninja", pos: three + "gems=5,5,5 hands=N/IEBSTJ/-", do: []string{"attack 2 ninja"},
			check: func(t *testing.T, g *Game) {
				require.ElementsMatch(t, []string{"pass", "respond 2 executioner", "respond 2 minstrel", "respond 2 jester(executioner)", "respond 2 jester(minstrel)"}, legalStrings(g))
			}},
		{name: "a ninja gains no gem from an empty kingdom but kills the archer", pos: three + "gems=5,0,10 hands=NS/-/- forts=-/A/-", do: []string{"attack 2 ninja"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, PhaseMain, g.Phase(), "no gems moved, the turn goes on")
				require.Equal(t, Fort{}, g.Fort(seat(2)))
			}},
		{name: "a dragon burns the castle when its player says so", pos: three + "gems=5,5,5 hands=D/-/- forts=-/C/-", do: []string{"attack 2 dragon burn"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{7, 3, 5}, g.gems)
				require.Equal(t, Fort{}, g.Fort(seat(2)))
				require.Equal(t, []Card{Castle, Dragon}, g.Discards())
			}},
		{name: "a dragon may leave the castle standing", pos: three + "gems=5,5,5 hands=D/-/- forts=-/C/-", do: []string{"attack 2 dragon"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{7, 3, 5}, g.gems)
				require.Equal(t, Fort{Castle: Castle}, g.Fort(seat(2)))
			}},
		{name: "both dragon attacks are listed against a castle", pos: three + "gems=5,5,5 hands=DJ/-/- forts=-/C/-",
			check: func(t *testing.T, g *Game) {
				for _, a := range []string{"attack 2 dragon", "attack 2 dragon burn", "attack 2 jester(dragon)", "attack 2 jester(dragon) burn"} {
					require.True(t, legal(t, g, a), a)
				}
				require.False(t, legal(t, g, "attack 3 dragon burn"), "no castle at seat 3")
			}},
		{name: "nothing to burn without a castle", pos: three + "gems=5,5,5 hands=D/-/-", refuse: "attack 2 dragon burn", why: "no castle to burn"},
		{name: "an archer keeps a burning dragon away too", pos: three + "gems=5,5,5 hands=D/-/- forts=-/CA/-", refuse: "attack 2 dragon burn", why: "only a ninja or an archer"},
		{name: "a burning dragon on an empty kingdom burns and the attack goes on", pos: three + "gems=5,0,10 hands=JS/-/- forts=-/C/-", do: []string{"attack 2 jester(dragon) burn"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, PhaseMain, g.Phase(), "no gems moved (ruling K21)")
				require.Equal(t, Fort{}, g.Fort(seat(2)))
				require.True(t, legal(t, g, "attack 2 soldier"), "the castle is gone")
			}},
		{name: "a princess takes a burning dragon before it burns", pos: three + "gems=5,5,5 hands=D/I/- forts=-/C/-", do: []string{"attack 2 dragon burn", "respond 2 princess"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, Fort{Castle: Castle}, g.Fort(seat(2)))
				require.Equal(t, []Card{Dragon}, g.Hand(seat(2)))
			}},
		{name: "a burning dragon waits in a position", pos: "players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/E/- forts=-/C/- target=2 attack=D burn=1 by=1 on=2",
			do:    []string{"pass"},
			check: func(t *testing.T, g *Game) { require.Equal(t, Fort{}, g.Fort(seat(2))) }},
	})
}

func TestRespondRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "a princess takes the dragon and the attack goes on", pos: three + "gems=5,5,5 hands=DS/I/-", do: []string{"attack 2 dragon", "respond 2 princess"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []Card{Dragon}, g.Hand(seat(2)))
				require.Equal(t, PhaseMain, g.Phase())
				require.Equal(t, seat(1), g.Turn())
				play(t, g, "attack 2 soldier", "pass")
				require.Equal(t, []int{7, 3, 5}, g.gems)
			}},
		{name: "a princess takes a knight", pos: three + "gems=5,5,5 hands=K/I/-", do: []string{"attack 2 knight", "respond 2 princess"},
			check: func(t *testing.T, g *Game) { require.Equal(t, []Card{Knight}, g.Hand(seat(2))) }},
		{name: "a princess takes a jester posing as a knight, as a jester", pos: three + "gems=5,5,5 hands=J/I/-", do: []string{"attack 2 jester(knight)", "respond 2 princess"},
			check: func(t *testing.T, g *Game) { require.Equal(t, []Card{Jester}, g.Hand(seat(2))) }},
		{name: "a princess ignores a king", pos: three + "gems=5,5,5 hands=R/I/-", do: []string{"attack 2 king"}, refuse: "respond 2 princess", why: "knight or a dragon"},
		{name: "an executioner cannot kill a ladder", pos: three + "gems=5,5,5 hands=L/E/- forts=-/C/-", do: []string{"attack 2 ladder"}, refuse: "respond 2 executioner", why: "head"},
		{name: "an executioner kills a shooting archer", pos: three + "gems=5,5,5 hands=A/E/- forts=-/A/-", do: []string{"attack 2 archer", "respond 2 executioner"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, Fort{Archer: Archer}, g.Fort(seat(2)))
				require.Equal(t, seat(2), g.Turn())
			}},
		{name: "an executioner against a traitored card ends only that attack", pos: three + "gems=5,5,5 hands=KE/T/-", do: []string{"attack 2 knight", "respond 2 traitor", "respond 1 executioner"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, PhaseMain, g.Phase())
				require.Equal(t, seat(1), g.Turn())
				require.Equal(t, []int{5, 5, 5}, g.gems)
			}},
		{name: "a traitor on a traitored card: double agent", pos: three + "gems=5,5,5 hands=KT/T/-", do: []string{"attack 2 knight", "respond 2 traitor", "respond 1 traitor"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{8, 2, 5}, g.gems)
				require.Equal(t, seat(2), g.Turn())
			}},
		{name: "a traitor does nothing to a unique attack", pos: three + "gems=5,5,5 hands=N/T/-", do: []string{"attack 2 ninja"}, refuse: "respond 2 traitor", why: "common attack"},
		{name: "common cards only answer common attacks", pos: three + "gems=5,5,5 hands=N/R/-", do: []string{"attack 2 ninja"}, refuse: "respond 2 king", why: "common attack"},
		{name: "ninjas and dragons never answer", pos: three + "gems=5,5,5 hands=S/ND/-", do: []string{"attack 2 soldier"}, refuse: "respond 2 ninja", why: "cannot answer"},
		{name: "only the attacked seat answers", pos: three + "gems=5,5,5 hands=R/S/S", do: []string{"attack 2 king"}, refuse: "respond 3 soldier", why: "only seat 2"},
		{name: "one card answers, or a peasant stack", pos: three + "gems=5,5,5 hands=R/SS/-", do: []string{"attack 2 king"}, refuse: "respond 2 soldier,soldier", why: "only peasants"},
		{name: "a minstrel sends the attacker home and guards until its owner's turn", pos: three + "gems=5,5,5 hands=R/-/B draw=*SS", do: []string{"attack 3 king", "respond 3 minstrel"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []Card{King}, g.Hand(seat(1)), "the king goes back to its owner")
				require.Equal(t, seat(2), g.Turn(), "and the attacker's turn is over")
				require.Equal(t, Fort{Minstrel: Minstrel}, g.Fort(seat(3)))
				refuse(t, g, "attack 3 soldier", "minstrel")
				play(t, g, "discard soldier")
				require.Equal(t, Fort{}, g.Fort(seat(3)), "discarded as seat 3's turn begins")
			}},
		{name: "a highwayman cannot block", pos: three + "gems=5,5,5 hands=S/H/-", do: []string{"attack 2 soldier"}, refuse: "respond 2 highwayman", why: "after they move"},
		{name: "no highwayman after a unique attack", pos: three + "gems=5,5,5 hands=N/-/H", do: []string{"attack 2 ninja"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, PhaseMain, g.Phase())
				require.Equal(t, seat(2), g.Turn())
			}},
		{name: "the robbed kingdom may steal its gems back", pos: three + "gems=5,5,5 hands=R/H/-", do: []string{"attack 2 king", "pass", "respond 2 highwayman"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{5, 5, 5}, g.gems)
				require.Equal(t, seat(2), g.Turn())
			}},
		{name: "highwaymen rob each other", pos: three + "gems=5,5,5 hands=R/H/H", do: []string{"attack 2 king", "pass", "respond 3 highwayman", "respond 2 highwayman"},
			check: func(t *testing.T, g *Game) { require.Equal(t, []int{5, 5, 5}, g.gems) }},
		{name: "the holder cannot rob itself", pos: three + "gems=5,5,5 hands=RH/-/P", do: []string{"attack 2 king"}, refuse: "respond 1 highwayman", why: "already holds"},
		{name: "a traitored attack feeds a highwayman", pos: three + "gems=5,5,5 hands=R/T/H", do: []string{"attack 2 king", "respond 2 traitor", "respond 3 highwayman"},
			check: func(t *testing.T, g *Game) { require.Equal(t, []int{1, 5, 9}, g.gems) }},
	})
}

func TestSpecialRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "a herald sees one card from each rival and keeps one", pos: three + "gems=5,5,5 hands=F/KS/R", do: []string{"special herald"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, PhaseShow, g.Phase())
				require.Equal(t, seat(2), g.ToAct())
				require.ElementsMatch(t, []string{"show soldier", "show knight"}, legalStrings(g))
				play(t, g, "show knight")
				require.Equal(t, seat(3), g.ToAct())
				play(t, g, "show king")
				require.ElementsMatch(t, []string{"take 2 knight", "take 3 king"}, legalStrings(g))
				play(t, g, "take 3 king")
				require.Equal(t, []Card{King}, g.Hand(seat(1)))
				require.Equal(t, 0, g.HandSize(seat(3)))
				require.Subset(t, g.Hand(seat(2)), []Card{Soldier, Knight}, "the unchosen card goes home")
			}},
		{name: "a herald skips a seat with no cards", pos: three + "gems=5,5,5 hands=F/-/S", do: []string{"special herald"},
			check: func(t *testing.T, g *Game) { require.Equal(t, seat(3), g.ToAct()) }},
		{name: "a herald with nobody to show is spent", pos: three + "gems=5,5,5 hands=F/-/-", do: []string{"special herald"},
			check: func(t *testing.T, g *Game) { require.Equal(t, seat(2), g.Turn()) }},
		{name: "a merchant costs a gem", pos: three + "gems=0,5,10 hands=M/S/-", refuse: "special merchant 2", why: "costs 1"},
		{name: "a merchant names a seat", pos: three + "gems=5,5,5 hands=M/S/-", refuse: "special merchant", why: "a merchant needs a rival"},
		{name: "a merchant's gem can win the game for the rival", pos: three + "gems=5,9,1 hands=M/-/-", do: []string{"special merchant 2"},
			check: func(t *testing.T, g *Game) { require.Equal(t, seat(2), g.Winner()) }},
		{name: "a monk taxes every castle but its own", pos: three + "gems=5,5,5 hands=O/SSS/PP forts=C/C/C", do: []string{"special monk"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(2), g.ToAct())
				require.ElementsMatch(t, []string{"pay gems", "pay cards soldier,soldier"}, legalStrings(g))
				play(t, g, "pay gems", "pay cards peasant,peasant")
				require.Equal(t, []int{6, 4, 5}, g.gems)
				require.Equal(t, []Card{Peasant, Peasant}, g.Hand(seat(1)))
				require.Equal(t, seat(2), g.Turn())
			}},
		{name: "a monk skips a kingdom with nothing; one that can pay a gem must pay in full", pos: three + "gems=7,0,8 hands=O/-/P forts=-/C/C", do: []string{"special monk"},
			refuse: "pay cards peasant", why: "can pay 1 gem(s) in full",
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(3), g.ToAct())
				require.Equal(t, []string{"pay gems"}, legalStrings(g))
			}},
		{name: "a kingdom that can pay neither in full pays all it has of either", pos: three + "gems=15,0,0 hands=O/P/- forts=-/C/-", do: []string{"special monk"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []string{"pay cards peasant"}, legalStrings(g))
				play(t, g, "pay cards peasant")
				require.Equal(t, []Card{Peasant}, g.Hand(seat(1)))
			}},
		{name: "a poor kingdom with cards pays two of them", pos: three + "gems=15,0,0 hands=O/PSK/- forts=-/C/-", do: []string{"special monk"},
			refuse: "pay gems", why: "has no gems",
			check: func(t *testing.T, g *Game) {
				require.ElementsMatch(t, []string{"pay cards peasant,soldier", "pay cards peasant,knight", "pay cards soldier,knight"}, legalStrings(g))
			}},
		{name: "a monk's tax can win the game", pos: three + "gems=9,1,5 hands=O/-/P forts=-/C/C", do: []string{"special monk", "pay gems"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(1), g.Winner())
				require.Equal(t, []int{10, 0, 5}, g.gems)
			}},
		{name: "special actions cannot be answered", pos: three + "gems=5,5,5 hands=M/EBT/-", do: []string{"special merchant 2"},
			check: func(t *testing.T, g *Game) { require.Equal(t, seat(2), g.Turn()) }},
		{name: "a jester can be a merchant", pos: three + "gems=5,5,5 hands=J/SS/-", do: []string{"special jester(merchant) 2"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{4, 6, 5}, g.gems)
				require.Equal(t, []Card{Soldier}, g.Hand(seat(1)))
			}},
	})
}

const duel = "players=2 mode=digital turn=1 phase=main "

func TestDuelRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "keep passes the draft, give does not", pos: "players=2 mode=digital turn=1 phase=draft gems=6,6 hands=-/- draft=PSK", do: []string{"give"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []Card{Knight}, g.Hand(seat(2)))
				require.Equal(t, seat(1), g.Turn())
				play(t, g, "keep")
				require.Equal(t, []Card{Soldier}, g.Hand(seat(1)))
				require.Equal(t, seat(2), g.Turn())
				play(t, g, "keep")
				require.Equal(t, PhaseMain, g.Phase())
				require.Equal(t, seat(2), g.Turn(), "who takes the last card plays first")
			}},
		{name: "the drawer of the last card plays first even when giving it", pos: "players=2 mode=digital turn=1 phase=draft gems=6,6 hands=-/- draft=P", do: []string{"give"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(1), g.Turn())
				require.Equal(t, PhaseMain, g.Phase())
			}},
		{name: "the poorer seat drafts first", pos: duel + "gems=7,5 hands=SSS/PPPPPP forts=C/A", do: []string{"redeal"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, PhaseDraft, g.Phase())
				require.Equal(t, seat(2), g.Turn())
				require.Equal(t, Fort{}, g.Fort(seat(1)), "fortifications go")
				require.Equal(t, Fort{}, g.Fort(seat(2)))
				require.Equal(t, 3, g.HandSize(seat(1)), "hands stay")
				require.Equal(t, 15, len(g.pile))
			}},
		{name: "with equal gems the shorter hand drafts first", pos: duel + "gems=6,6 hands=SS/P", do: []string{"redeal"},
			check: func(t *testing.T, g *Game) { require.Equal(t, seat(2), g.Turn()) }},
		{name: "with equal gems and hands the first seat drafts", pos: duel + "first=2 gems=6,6 hands=S/P", do: []string{"redeal"},
			check: func(t *testing.T, g *Game) { require.Equal(t, seat(2), g.Turn()) }},
		{name: "three cards or fewer: redeal, not discard", pos: duel + "gems=6,6 hands=SSS/-", refuse: "discard soldier", why: "calls a redeal"},
		{name: "four cards or more: discard, not redeal", pos: duel + "gems=6,6 hands=SSSS/PPP", refuse: "redeal", why: "discard one instead"},
		{name: "the duel draws no cards", pos: duel + "gems=6,6 hands=SSSS/PPP", do: []string{"discard soldier"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(2), g.Turn())
				require.Equal(t, 3, g.HandSize(seat(2)))
			}},
		{name: "a duel herald makes the rival show two", pos: duel + "gems=6,6 hands=F/KSP", do: []string{"special herald"},
			check: func(t *testing.T, g *Game) {
				require.ElementsMatch(t, []string{"show peasant,soldier", "show peasant,knight", "show soldier,knight"}, legalStrings(g))
				play(t, g, "show soldier,knight", "take 2 knight")
				require.Equal(t, []Card{Knight}, g.Hand(seat(1)))
				require.Equal(t, []Card{Peasant, Soldier}, g.Hand(seat(2)))
			}},
		{name: "a duel merchant costs two gems", pos: duel + "gems=1,11 hands=M/SS", refuse: "special merchant 2", why: "costs 2"},
		{name: "a duel merchant pays two and takes half", pos: duel + "gems=6,6 hands=M/SSSS", do: []string{"special merchant 2"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []int{4, 8}, g.gems)
				require.Equal(t, []Card{Soldier, Soldier}, g.Hand(seat(1)))
			}},
		{name: "a duel rival who can pay two gems may not pay two cards", pos: duel + "gems=6,6 hands=O/SS forts=-/C", do: []string{"special monk"},
			refuse: "pay cards soldier,soldier", why: "can pay 2 gem(s) in full",
			check: func(t *testing.T, g *Game) { require.Equal(t, []string{"pay gems"}, legalStrings(g)) }},
		{name: "a duel rival who can pay three cards may not pay one gem", pos: duel + "gems=11,1 hands=O/SSSS forts=-/C", do: []string{"special monk"},
			refuse: "pay gems", why: "can pay 3 cards in full",
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []string{"pay cards soldier,soldier,soldier"}, legalStrings(g))
			}},
		{name: "a duel rival short of both pays all of either", pos: duel + "gems=11,1 hands=O/SP forts=-/C", do: []string{"special monk"},
			check: func(t *testing.T, g *Game) {
				require.ElementsMatch(t, []string{"pay gems", "pay cards peasant,soldier"}, legalStrings(g))
				play(t, g, "pay gems")
				require.Equal(t, []int{12, 0}, g.gems)
				require.Equal(t, seat(1), g.Winner())
			}},
		{name: "a duel monk asks two gems or three cards", pos: duel + "gems=6,6 hands=O/SSSS forts=-/C", do: []string{"special monk"},
			check: func(t *testing.T, g *Game) {
				require.ElementsMatch(t, []string{"pay gems", "pay cards soldier,soldier,soldier"}, legalStrings(g))
				play(t, g, "pay gems")
				require.Equal(t, []int{8, 4}, g.gems)
			}},
		{name: "a duel minstrel makes the rival discard two", pos: duel + "gems=6,6 hands=B/SSP", do: []string{"fortify minstrel"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, PhasePurge, g.Phase())
				require.Equal(t, seat(2), g.ToAct())
				play(t, g, "discard peasant,soldier")
				require.Equal(t, Fort{}, g.Fort(seat(1)), "the minstrel does not stay")
				require.Equal(t, []Card{Minstrel, Peasant, Soldier}, g.Discards())
				require.Equal(t, seat(2), g.Turn())
			}},
		{name: "a duel minstrel answer sends the card home and costs the attacker two cards", pos: duel + "gems=6,6 hands=RS/B", do: []string{"attack 2 king", "respond 2 minstrel"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(1), g.ToAct())
				require.Equal(t, []Card{Soldier, King}, g.Hand(seat(1)))
				play(t, g, "discard soldier,king")
				require.Equal(t, seat(2), g.Turn())
				require.Equal(t, []int{6, 6}, g.gems)
			}},
		{name: "the duel is won with all twelve gems", pos: duel + "gems=8,4 hands=R/-", do: []string{"attack 2 king"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, seat(1), g.Winner())
				require.Equal(t, 12, g.Target())
			}},
		{name: "ten gems do not win a duel", pos: duel + "gems=6,6 hands=R/-", do: []string{"attack 2 king"},
			check: func(t *testing.T, g *Game) {
				require.False(t, g.Outcome().Over())
				require.Equal(t, []int{10, 2}, g.gems)
			}},
	})
}

const physical = "players=3 mode=physical turn=1 phase=main "

func TestPhysicalRules(t *testing.T) {
	runRules(t, []ruleCase{
		{name: "a seat with no cards cannot play", pos: physical + "gems=5,5,5 hands=0/4/4", refuse: "attack 2 king", why: "only 0 card"},
		{name: "no more copies than the deck holds", pos: physical + "gems=5,5,5 hands=4/4/4 discard=RRR", refuse: "attack 2 king", why: "unseen"},
		{name: "any hidden card may be reported", pos: physical + "gems=5,5,5 hands=4/4/4", do: []string{"attack 2 king", "respond 2 king"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, 3, g.HandSize(seat(1)))
				require.Equal(t, 3, g.HandSize(seat(2)))
				require.Equal(t, []Card{King, King}, g.Discards())
				require.Contains(t, g.String(), " hands=3/3/4 ")
			}},
		{name: "a merchant moves counts, not faces", pos: physical + "gems=5,5,5 hands=3/9/4", do: []string{"special merchant 2"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, 6, g.HandSize(seat(1)))
				require.Equal(t, 5+2, g.HandSize(seat(2)))
				require.Equal(t, []Card{Unknown, Unknown, Unknown, Unknown, Unknown, Unknown}, g.Hand(seat(1)))
			}},
		{name: "the pile is reshuffled from counts when it runs out", pos: physical + "gems=5,5,5 hands=1/40/48 draw=1 discard=PPPPPPPPPP", do: []string{"discard soldier"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, 1, g.Reshuffles())
				require.Equal(t, 9, g.Target())
				require.Equal(t, 10, g.DrawSize())
				require.Empty(t, g.Discards())
			}},
		{name: "a monk's tax in cards is paid face down", pos: physical + "gems=5,5,5 hands=2/5/3 forts=-/C/-", do: []string{"special monk"},
			check: func(t *testing.T, g *Game) {
				require.Equal(t, []string{"pay gems", "pay cards"}, legalStrings(g))
				play(t, g, "pay cards")
				require.Equal(t, 3, g.HandSize(seat(1)))
				require.Equal(t, 3+2, g.HandSize(seat(2)))
			}},
		{name: "a physical duel has no expansion cards", pos: "players=2 mode=physical turn=1 phase=main gems=6,6 hands=5/5", refuse: "attack 2 queen", why: "unseen"},
	})
}
