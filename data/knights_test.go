package data

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDefaultKnightsIsValid(t *testing.T) {
	require.NoError(t, knightsDefault().validate())
	k := DefaultKnights()
	require.Equal(t, 100, k.Total)
	require.Len(t, k.Cards, 20)
	require.Equal(t, 5, k.Setup.Gems)
	require.Equal(t, 10, k.Setup.WinGems)
	require.Equal(t, 6, k.Setup.DuelGems)
	require.Equal(t, 15, k.Setup.DraftSize)

	// Counts as the rulebook lists them, kind by kind.
	want := map[string]int{
		"peasant": 24, "soldier": 16, "knight": 9, "king": 3, "queen": 1, "ninja": 5, "dragon": 3,
		"traitor": 2, "highwayman": 3, "princess": 2, "executioner": 2, "herald": 2, "merchant": 2, "monk": 2,
		"minstrel": 2, "archer": 6, "castle": 6, "ladder": 6, "catapult": 2, "jester": 2,
	}
	for kind, n := range want {
		c, ok := k.Card(kind)
		require.True(t, ok, kind)
		require.Equal(t, n, c.Count, kind)
	}
	// Ruling K2: three expansion kinds leave 17 kinds for the duel.
	var expansions []string
	for _, c := range k.Cards {
		if c.Expansion {
			expansions = append(expansions, c.Kind)
		}
	}
	require.Equal(t, []string{"queen", "highwayman", "jester"}, expansions)
	require.Equal(t, 94, k.DuelTotal())

	for kind, s := range map[string]int{"peasant": 1, "soldier": 2, "knight": 3, "king": 4, "queen": 5, "ninja": 2, "dragon": 2, "castle": 0} {
		c, _ := k.Card(kind)
		require.Equal(t, s, c.Strength, kind)
	}
	for kind, living := range map[string]bool{"castle": false, "ladder": false, "catapult": false, "archer": true, "dragon": true, "minstrel": true} {
		c, _ := k.Card(kind)
		require.Equal(t, living, c.Living, kind)
	}
	c, _ := k.Card("archer")
	require.True(t, c.Has(KnightsLabelFortify))
	require.True(t, c.Has(KnightsLabelPreAttack))
	require.False(t, c.Has(KnightsLabelAttack))
}

func TestLoadKnightsRejects(t *testing.T) {
	good := string(knightsJSON)
	cases := map[string]struct{ from, to, want string }{
		"wrong total":      {`"total": 100`, `"total": 99`, "counts add up to 100 but total says 99"},
		"unknown label":    {`["ATTACK", "RESPOND", "COMMON"], "strength": 1`, `["ATTACK", "RESPOND", "COMMON", "SNEAKY"], "strength": 1`, `unknown label "SNEAKY"`},
		"repeated label":   {`["FORTIFY"], "strength": 0, "living": false`, `["FORTIFY", "FORTIFY"], "strength": 0, "living": false`, `label "FORTIFY" given twice`},
		"duplicate kind":   {`"kind": "soldier"`, `"kind": "peasant"`, `kind "peasant" appears twice`},
		"duplicate name":   {`"name": "Soldier"`, `"name": "peasant"`, `name "peasant" appears twice`},
		"strength on fort": {`"labels": ["FORTIFY"], "strength": 0`, `"labels": ["FORTIFY"], "strength": 3`, "cannot attack"},
		"huge strength":    {`"strength": 5`, `"strength": 50`, "outside 0 to 10"},
		"weak attacker":    {`"strength": 1`, `"strength": 0`, "strength of at least 1"},
		"common unique":    {`["ATTACK", "UNIQUE"]`, `["ATTACK", "UNIQUE", "COMMON"]`, "both COMMON and UNIQUE"},
		"bare attack":      {`["ATTACK", "UNIQUE"]`, `["ATTACK"]`, "must be COMMON or UNIQUE"},
		"negative count":   {`"count": 24`, `"count": -24`, "negative"},
		"bad kind":         {`"kind": "peasant"`, `"kind": "Peasant"`, "lowercase word"},
		"no text":          {`"text": "Knocks down a rival's castle; keep attacking if you like."`, `"text": " "`, "no text"},
		"too many players": {`"maxPlayers": 6`, `"maxPlayers": 9`, "within 2 to 6"},
		"low win":          {`"winGems": 10`, `"winGems": 5`, "must exceed"},
		"huge draft":       {`"draftSize": 15`, `"draftSize": 95`, "duel deck"},
		"unknown field":    {`"about"`, `"notes"`, "unknown field"},
		"not json":         {`{`, `[`, "not valid JSON"},
		"wrong type":       {`"total": 100`, `"total": "100"`, "should be a"},
		"trailing content": {"\n}\n", "\n}\n{}", "after the JSON object"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			require.Contains(t, good, c.from)
			bad := strings.Replace(good, c.from, c.to, 1)
			_, err := LoadKnights(strings.NewReader(bad))
			require.ErrorContains(t, err, c.want)
			require.NotContains(t, err.Error(), "\n")
		})
	}
	_, err := LoadKnights(strings.NewReader(""))
	require.ErrorContains(t, err, "empty")
}

func TestLoadKnightsAcceptsHouseRules(t *testing.T) {
	// A printing with 99 cards: one peasant fewer and the total to match.
	s := strings.Replace(string(knightsJSON), `"count": 24`, `"count": 23`, 1)
	s = strings.Replace(s, `"total": 100`, `"total": 99`, 1)
	k, err := LoadKnights(bytes.NewReader([]byte(s)))
	require.NoError(t, err)
	require.Equal(t, 99, k.Total)
}
