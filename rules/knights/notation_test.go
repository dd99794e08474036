package knights

import (
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func TestActionRoundTrip(t *testing.T) {
	for _, s := range []string{
		"pass", "keep", "give", "redeal", "pay gems", "pay cards", "pay cards peasant,king",
		"discard king", "discard peasant,soldier", "fortify minstrel,archer,castle", "fortify jester(archer)",
		"attack 2 knight", "attack 6 peasant,peasant,jester(peasant)", "attack 3 archer fort", "attack 2 jester(dragon)",
		"attack 2 dragon burn", "attack 5 jester(dragon) burn",
		"respond 3 princess", "respond 1 jester(highwayman)", "respond 4 peasant,peasant",
		"special herald", "special monk", "special merchant 4", "special jester(merchant) 2",
		"show knight", "show peasant,jester", "take 3 knight", "take 2 jester",
	} {
		a, err := ParseAction(s)
		require.NoError(t, err, s)
		require.Equal(t, s, a.String())
		b, err := ParseAction(a.String())
		require.NoError(t, err)
		require.True(t, a.Equal(b))
	}
}

func TestActionNormalises(t *testing.T) {
	for in, want := range map[string]string{
		"Attack 2 Peasant*3":                    "attack 2 peasant,peasant,peasant",
		"  fortify   castle,archer ":            "fortify archer,castle",
		"attack 2 jester(peasant),peasant":      "attack 2 peasant,jester(peasant)",
		"show jester(jester)":                   "show jester",
		"PAY CARDS king,peasant":                "pay cards peasant,king",
		"attack 2 ARCHER FORT":                  "attack 2 archer fort",
		"attack 2 Dragon BURN":                  "attack 2 dragon burn",
		"respond 2 peasant*2,jester(peasant)*2": "respond 2 peasant,peasant,jester(peasant),jester(peasant)",
	} {
		a, err := ParseAction(in)
		require.NoError(t, err, in)
		require.Equal(t, want, a.String(), in)
	}
	// Constructors give the same canonical actions as the parser.
	a, _ := ParseAction("fortify castle,archer")
	require.True(t, a.Equal(FortifyAction(Plain(Castle), Plain(Archer))))
	require.Equal(t, rules.Seat(1), AttackAction(1, Plain(Knight)).Seat())
	require.True(t, FortArcherAction(2).FromFort())
	require.True(t, BurnAction(1, Plain(Dragon)).Burns())
	require.False(t, BurnAction(1, Plain(Dragon)).Equal(AttackAction(1, Plain(Dragon))), "burning is part of the action")
	require.True(t, Action{}.Equal(PassAction()), "the zero action is pass")
	require.False(t, AttackAction(1, Plain(Knight)).Equal(AttackAction(2, Plain(Knight))))
	require.Equal(t, []Play{Plain(Peasant), JesterAs(Peasant)}, AttackAction(1, JesterAs(Peasant), Plain(Peasant)).Plays())
}

func TestParseActionRejects(t *testing.T) {
	for in, want := range map[string]string{
		"":                               "empty",
		"fly 2":                          "unknown verb",
		"attack":                         "attack SEAT CARD",
		"attack 0 knight":                "choose a number from 1 to 6",
		"attack 7 knight":                "choose a number from 1 to 6",
		"attack 2 dragonfly":             "is not a card",
		"attack 2 jester(knight":         "close the bracket",
		"attack 2 knight fort":           "only an archer",
		"attack 2 knight burn":           "only a dragon burns",
		"attack 2 dragon,dragon burn":    "only a dragon burns",
		"attack 2 dragon burn now":       "attack SEAT CARD",
		"special herald,monk":            "one card",
		"special merchant two":           "choose a number",
		"pay":                            "pay gems",
		"pay coins":                      "pay gems",
		"discard jester(king)":           "only poses",
		"pay cards jester(king)":         "only poses",
		"take 2 jester(king)":            "is not a card",
		"take 2":                         "take SEAT CARD",
		"attack 2 peasant*0":             "repeat count",
		"attack 2 peasant*101":           "repeat count",
		"attack 2 peasant*60,P*60":       "is not a card",
		"pass now":                       "write it as",
		"attack 2 peasant*60,peasant*60": "more than 100",
		"show unknown":                   "is not a card",
		"discard ?":                      "is not a card",
	} {
		_, err := ParseAction(in)
		require.ErrorIs(t, err, rules.ErrNotation, in)
		require.ErrorContains(t, err, want, in)
	}
}

func TestCardNames(t *testing.T) {
	for _, c := range Cards {
		got, err := ParseCard(c.String())
		require.NoError(t, err)
		require.Equal(t, c, got)
		back, ok := cardByCode(c.Code())
		require.True(t, ok)
		require.Equal(t, c, back)
	}
	require.Equal(t, "jester(knight)", JesterAs(Knight).String())
	require.Equal(t, "Jk", JesterAs(Knight).code())
	_, err := ParseCard("?")
	require.Error(t, err)
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{
		"pass", "attack 2 knight", "attack 3 peasant*3,jester(peasant)", "attack 2 archer fort", "attack 2 dragon burn", "respond 3 princess",
		"special merchant 4", "pay cards peasant,king", "fortify castle,jester(archer)", "take 2 knight", "show jester(jester)",
		"attack 2 jester(", "pay cards", "discard x*9",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		b, err := ParseAction(a.String())
		require.NoError(t, err, "%q printed as %q", s, a)
		require.True(t, a.Equal(b))
		require.Equal(t, a.String(), b.String())
	})
}

func TestSpoken(t *testing.T) {
	for _, tc := range []struct {
		plays []Play
		want  string
	}{
		{[]Play{Plain(Knight)}, "a knight"},
		{[]Play{Plain(Archer)}, "an archer"},
		{[]Play{Plain(Peasant), Plain(Peasant), Plain(Peasant)}, "3 peasants"},
		{[]Play{Plain(Peasant), JesterAs(Peasant), JesterAs(Peasant)}, "a peasant and 2 jesters as peasants"},
		{[]Play{JesterAs(Highwayman)}, "a jester as a highwayman"},
		{[]Play{Plain(Castle), Plain(Archer), Plain(Minstrel)}, "a castle, an archer and a minstrel"},
		{[]Play{Plain(Highwayman), Plain(Highwayman)}, "2 highwaymen"},
		{[]Play{Plain(Princess), Plain(Princess)}, "2 princesses"},
		{nil, "no cards"},
	} {
		require.Equal(t, tc.want, Spoken(tc.plays))
	}
}

func TestParseActionForBoundsSeatsByTable(t *testing.T) {
	_, err := ParseActionFor("attack 5 knight", 3)
	require.ErrorContains(t, err, "from 1 to 3")
	a, err := ParseActionFor("attack 3 knight", 3)
	require.NoError(t, err)
	require.Equal(t, "attack 3 knight", a.String())
}
