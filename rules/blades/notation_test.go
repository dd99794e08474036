package blades

import (
	"errors"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func TestParseMove(t *testing.T) {
	b := testRules.Board(3)
	cases := map[string]string{
		"attack c4 c5":        "attack c4 c5",
		"  ATTACK   C4 C5 ":   "attack c4 c5",
		"shuriken c4 c8":      "shuriken c4 c8",
		"bomb d4 g4":          "bomb d4 g4",
		"double e1 e3":        "double-kick e1 e3",
		"kick3 e1 e4":         "triple-kick e1 e4",
		"vanishing a1 i9":     "vanish a1 i9",
		"circle e5":           "circle-kick e5",
		"dragon d5 e5":        "double-dragon d5 e5",
		"pass":                "pass",
		"double-dragon d5 e5": "double-dragon d5 e5",
		"triple-kick a1 a4":   "triple-kick a1 a4",
		"circle-kick e5":      "circle-kick e5",
		"doubledragon d5 e5":  "double-dragon d5 e5",
		"double-kick i9 i7":   "double-kick i9 i7",
		"shuriken a9 i9":      "shuriken a9 i9",
		"bomb a1 a9":          "bomb a1 a9",
		"vanish e5 e6":        "vanish e5 e6",
		"attack i1 h1":        "attack i1 h1",
		"triple e9 e6":        "triple-kick e9 e6",
		"kick2 e9 e7":         "double-kick e9 e7",
		"circlekick a1":       "circle-kick a1",
		"doublekick a1 a3":    "double-kick a1 a3",
		"triplekick a1 a4":    "triple-kick a1 a4",
		"a c4 c5":             "attack c4 c5",
		"c4 c5":               "attack c4 c5",
		"C4 C5":               "attack c4 c5",
		"Circle kick e5":      "circle-kick e5",
		"CIRCLE KICK e5":      "circle-kick e5",
		"Double Dragon d5 e5": "double-dragon d5 e5",
		"double kick e1 e3":   "double-kick e1 e3",
		"Triple kick e1 e4":   "triple-kick e1 e4",
		"Vanishing a1 i9":     "vanish a1 i9",
	}
	for in, want := range cases {
		m, err := ParseMove(b, in)
		require.NoError(t, err, in)
		require.Equal(t, want, m.Format(b), in)
	}
	bad := map[string]string{
		"":                  "empty move",
		"jump c4 c5":        `"jump" is not a move`,
		"attack c4":         "takes 2 cell(s)",
		"pass c4":           "takes 0 cell(s)",
		"circle-kick e5 e6": "takes 1 cell(s)",
		"attack c4 z9":      `"z9" is not a cell`,
		"attack c4 c10":     `"c10" is not a cell`,
		"attack 4c c5":      `"4c" is not a cell`,
		"attack c c5":       `"c" is not a cell`,
		"c4":                "attack takes 2 cell(s)",
		"z9 c5":             `"z9" is not a cell`,
		"flying kick e5":    `"flying" is not a move`,
	}
	for in, want := range bad {
		_, err := ParseMove(b, in)
		require.ErrorContains(t, err, want, in)
		require.True(t, errors.Is(err, rules.ErrNotation), in)
	}
}

func TestParseMoveNamesTheUnknownWord(t *testing.T) {
	_, err := ParseMove(testRules.Board(3), "jump c4 c5")
	var ne NameError
	require.ErrorAs(t, err, &ne)
	require.Equal(t, NameError{Word: "jump", Move: true}, ne)
}

// positions cover every player count and card mode; the round-trip test and
// the fuzz corpus start from them.
var positions = []string{
	"3:RYB 9/9/9/9/9/9/B8/Y8/R8 1 0 hidden:BC,SS,- 0,0,0",
	"2:YB/R RRYB5/9/9/9/9/9/9/9/9 2 1 open:BSV?,23? 3,0",
	"4:KBRY xxxK11/xxx12/xxx12/xxx12/xxx12/xxx12/xxx12/xxx12/xxxRYB9 4 3 none 1,2,3,4",
	"5:GKBYR 15/15/15/15/15/15/15/15/GKBYR10 5 0 hidden:-,-,-,-,D 0,0,0,0,0",
}

func TestPositionRoundTrip(t *testing.T) {
	for _, s := range positions {
		p, err := ParsePosition(testRules, s)
		require.NoError(t, err, s)
		require.Equal(t, s, p.String())
	}
}

func TestParsePositionRejects(t *testing.T) {
	cases := map[string]string{
		"":                                                                "needs 6 fields",
		"6:RYBKGR 9/9/9/9/9/9/9/9/9 1 0 none 0":                           "2 to 5 players",
		"3:RYK 9/9/9/9/9/9/9/9/9 1 0 none 0,0,0":                          "not a free colour",
		"3:RYR 9/9/9/9/9/9/9/9/9 1 0 none 0,0,0":                          "not a free colour",
		"2:RY 9/9/9/9/9/9/9/9/9 1 0 none 0,0":                             "common prey",
		"3:RYB 9/9/9/9/9/9/9/9 1 0 none 0,0,0":                            "8 rows, expected 9",
		"3:RYB 9/9/9/9/9/9/9/9/8 1 0 none 0,0,0":                          "8 cells, expected 9",
		"3:RYB 9/9/9/9/9/9/9/9/10 1 0 none 0,0,0":                         "past the in-play cells",
		"3:RYB 9/9/9/9/9/9/9/9/G8 1 0 none 0,0,0":                         "no colour at this table",
		"3:RYB 9/9/9/9/9/9/9/9/x8 1 0 none 0,0,0":                         "'x' where the cell is in play",
		"4:RYBK 15/15/15/15/15/15/15/15/15 1 0 none 0,0,0,0":              "past the in-play cells",
		"3:RYB 9/9/9/9/9/9/9/9/9 4 0 none 0,0,0":                          "turn",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 4 none 0,0,0":                          "passes",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 0 some 0,0,0":                          "card mode",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 0 none:B,-,- 0,0,0":                    "without cards has no hands",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 0 hidden:B,- 0,0,0":                    "one hand per seat",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 0 hidden:BBB,-,- 0,0,0":                "worth more than 10",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 0 hidden:BB?,BB?,- 0,0,0":              "more bomb cards than the deck has",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 0 hidden:Q,-,- 0,0,0":                  "not a card letter",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 0 none 0,0":                            "one count per seat",
		"3:RYB 9/9/9/9/9/9/9/9/9 1 0 none 0,0,-1":                         "counts from 0",
		"3:RYB RRRRRRRRR/RRRRRRRRR/RRRRRRRRR/R8/9/9/9/9/9 1 0 none 0,0,0": "28 Red ninjas",
	}
	for in, want := range cases {
		_, err := ParsePosition(testRules, in)
		require.ErrorContains(t, err, want, in)
		require.True(t, errors.Is(err, rules.ErrNotation), in)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"attack c4 c5", "pass", "circle e5", "bomb a1 a9", "dragon d5 e5", "vanish a1 o9", "x", "attack c0 c99999999999999999999", "d4 d5", "Circle kick d4", "double dragon d4 d5"} {
		f.Add(s)
	}
	b := testRules.Board(4)
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(b, s)
		if err != nil {
			return
		}
		again, err := ParseMove(b, m.Format(b))
		if err != nil || again != m {
			t.Fatalf("%q -> %q does not parse back: %v", s, m.Format(b), err)
		}
		p := place(t, "4:RYBK", "R:d4 Y:d5", "hidden:BS2V,C3,D,-")
		_ = p.Apply(m)
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range positions {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(testRules, s)
		if err != nil {
			return
		}
		q, err := ParsePosition(testRules, p.String())
		if err != nil || q.String() != p.String() {
			t.Fatalf("%q -> %q does not parse back: %v", s, p.String(), err)
		}
		for _, m := range p.LegalMoves(nil) {
			if err := p.Clone().Apply(m); err != nil {
				t.Fatalf("listed move %s refused in %s: %v", m.Format(p.Board()), p, err)
			}
		}
		_ = p.Outcome()
	})
}
