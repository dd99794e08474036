package blades

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseCardsAsPlayersTypeThem(t *testing.T) {
	for want, typed := range map[string][][]string{
		"C":    {{"Circle kick"}, {"circle-kick"}, {"CIRCLE KICK"}, {"circle", "kick"}, {"CIRCLE", "KICK"}},
		"SSD":  {{"2 shuriken, double dragon"}, {"Shuriken", "shuriken", "Double", "Dragon"}, {"shuriken,shuriken,double-dragon"}},
		"B2V":  {{"bomb", "double kick", "Vanishing"}, {"Bomb Double-kick vanish"}},
		"-":    {{"none"}, {}},
		"2233": {{"2 double kick", "2 triple kick"}},
	} {
		for _, words := range typed {
			h, err := ParseCards(words...)
			require.NoError(t, err, "%q", words)
			require.Equal(t, want, h.String(), "%q", words)
		}
	}
	for word, typed := range map[string][]string{
		"jump":  {"bomb", "jump"},
		"kick":  {"kick"},
		"bs":    {"BS"},
		"300":   {"300", "bomb"},
		"none":  {"bomb", "none"},
		"punch": {"circle punch"},
	} {
		_, err := ParseCards(typed...)
		var ne NameError
		require.ErrorAs(t, err, &ne, "%q", typed)
		require.Equal(t, word, ne.Word, "%q", typed)
	}
}

func TestParseKindTakesTwoWords(t *testing.T) {
	k, err := ParseKind(" Double  Dragon ")
	require.NoError(t, err)
	require.Equal(t, DoubleDragon, k)
	_, err = ParseKind("double dragon kick")
	require.ErrorContains(t, err, `"double dragon kick" is not a Special Attack`)
}

// FuzzParseCards: whatever is typed, a hand or an error, and a hand read
// back from its own names is the same hand.
func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"bomb", "2 shuriken, Circle kick", "none", "32 vanish 32 vanish", "double double dragon", "9999 bomb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseCards(s)
		if err != nil {
			return
		}
		var names []string
		for _, k := range h.Kinds() {
			names = append(names, k.String())
		}
		again, err := ParseCards(strings.Join(names, " "))
		if len(names) == 0 {
			again, err = ParseCards("none")
		}
		if err != nil || again != h {
			t.Fatalf("%q -> %v does not read back: %v", s, h, err)
		}
	})
}
