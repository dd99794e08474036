package knights

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A physical deck's first turn offers over a hundred choices (every mix of
// peasants and jesters): the list groups them with counts within 80
// columns and a screen, and each long group says how to list it in full,
// which gives back every one of its commands.
func TestPhysicalChoicesAreGrouped(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	all, err := tb.Moves(Role{Seat: 0})
	require.NoError(t, err)
	c := all[0]
	require.Equal(t, 103, c.Count)
	text := c.Text()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	require.Less(t, len(lines), 24, text)
	for _, l := range lines {
		require.LessOrEqual(t, len(l), 80, l)
	}
	require.Equal(t, "ann's choices (103):", lines[0])
	sum := 0
	for _, m := range regexp.MustCompile(`(?m)^  ([a-z ]+) \((\d+)\):`).FindAllStringSubmatch(text, -1) {
		var n int
		for _, g := range c.Groups {
			if g.Name == m[1] {
				n = len(g.Commands)
			}
		}
		require.Equal(t, m[2], strconv.Itoa(n), m[1])
		sum += n
	}
	require.Equal(t, 103, sum, "every choice is counted under a group")
	require.Contains(t, text, "  attack bob (29): play ... --at bob\n    too many to list here; with ninja, jester, dragon, peasant, soldier,\n    knight, king, queen\n    list them: ninjakit companion knights moves --as ann attack bob\n")

	for _, m := range regexp.MustCompile(`moves --as ann (.+)`).FindAllStringSubmatch(text, -1) {
		only, err := c.Only(m[1])
		require.NoError(t, err)
		require.Len(t, only.Groups, 1, m[1])
		full := only.Text()
		require.NotContains(t, full, "too many", m[1])
		// Every command is there, written once as pattern and rest.
		for _, cmd := range only.Groups[0].Commands {
			rest := strings.TrimSuffix(strings.TrimPrefix(cmd, "play "), " --at bob")
			rest = strings.TrimSuffix(strings.TrimPrefix(rest, "play "), " --at cy")
			rest = strings.TrimPrefix(rest, "fortify ")
			require.Contains(t, full, rest, m[1])
		}
	}

	peasants, err := c.Only("Peasant")
	require.NoError(t, err)
	require.Equal(t, 35, peasants.Count, "17 mixes of peasants and jesters at each rival, and a discard")
	_, err = c.Only("sword")
	require.EqualError(t, err, `"sword" is neither a kind of choice of ann (fortify, attack bob, attack cy, special action, discard) nor a card`)
	traitor, err := c.Only("traitor")
	require.NoError(t, err)
	require.Equal(t, "ann's choices (1):\n  discard: discard traitor\n", traitor.Text())
}
