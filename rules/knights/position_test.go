package knights

import (
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// positions covers every phase and both modes; the round-trip test and the
// fuzz corpus start from the same list.
var positions = []string{
	"players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=SKQ/R/PPPSR draw=*PP",
	"players=4 mode=physical first=2 turn=3 phase=main gems=5,5,5,5 hands=4/4/6/4 forts=-/CA/Jb/- discard=RR",
	"players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/T/- forts=A/-/- target=2 attack=K by=1 on=2",
	"players=3 mode=digital turn=1 phase=steal gems=9,1,5 hands=-/-/H target=2 holder=1 amount=4",
	"players=3 mode=digital turn=1 phase=show gems=5,5,5 hands=-/SK/R shown=-/-/- discard=F",
	"players=3 mode=digital turn=1 phase=tax gems=5,5,5 hands=-/SS/P forts=-/C/C taxed=2,3",
	"players=2 mode=digital turn=1 phase=purge gems=6,6 hands=-/PSS purge=2 endturn=1",
	"players=2 mode=physical turn=2 phase=draft gems=6,6 hands=3/0 draft=15",
	"players=3 mode=digital turn=1 phase=over gems=10,0,5 hands=-/-/- winner=1",
	"players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=J/-/- forts=-/Ja/- target=2 ladder=1",
	"players=3 mode=digital turn=1 phase=take gems=5,5,5 hands=-/S/- shown=-/K/R discard=F",
}

func TestPositionRoundTrip(t *testing.T) {
	for _, s := range positions {
		g := pos(t, s)
		out := g.String()
		back := pos(t, out)
		require.Equal(t, out, back.String(), s)
		for _, f := range strings.Fields(s) {
			if !strings.HasPrefix(f, "draw=") {
				require.Contains(t, " "+out+" ", " "+f+" ", "canonical output keeps %s", f)
			}
		}
	}
}

func TestParsePositionRejects(t *testing.T) {
	const base = "players=3 mode=digital turn=1 phase=main gems=5,5,5 "
	for in, want := range map[string]string{
		"":                               "missing field",
		base + "hands=-/-/- colour=red":  "unknown field",
		base + "hands=-/-/- hands=-/-/-": "given twice",
		base + "hands=-/-/- turn":        "not key=value",
		"players=9 mode=digital turn=1 phase=main gems=5 hands=-":          "players",
		"players=3 mode=paper turn=1 phase=main gems=5,5,5 hands=-/-/-":    "digital or physical",
		"players=3 mode=digital turn=4 phase=main gems=5,5,5 hands=-/-/-":  "turn",
		"players=3 mode=digital turn=1 phase=lunch gems=5,5,5 hands=-/-/-": "phase",
		"players=3 mode=digital turn=1 phase=main gems=5,5 hands=-/-/-":    "2 values for 3 players",
		"players=3 mode=digital turn=1 phase=main gems=5,5,4 hands=-/-/-":  "gems add up to 14",
		base + "hands=-/-":                       "2 entries for 3 players",
		base + "hands=SSSSSSSSSSSSSSSSS/-/-":     "17 soldier card(s) in play, the deck has 16",
		base + "hands=3/-/-":                     "knows every card",
		base + "hands=X/-/-":                     "not a card letter",
		base + "hands=/-/-":                      "write - for no cards",
		base + "hands=-/-/- forts=S/-/-":         "does not fortify",
		base + "hands=-/-/- forts=CC/-/-":        "two castles",
		base + "hands=-/-/- forts=Jc/-/-":        "living",
		base + "hands=-/-/- attack=K":            "no place in phase main",
		base + "hands=-/-/- ladder=1":            "give target",
		base + "hands=-/-/- target=1":            "does not attack itself",
		base + "hands=-/-/- draw=* discard=*":    "not both",
		base + "hands=-/-/- reshuffles=-1":       "reshuffles",
		base + "hands=-/-/- ladder=yes target=2": "ladder=1",
		"players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/-/- target=2":                     "needs target, attack, by and on",
		"players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/-/- target=2 attack=N by=2 on=1":  "Traitor",
		"players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/-/- target=2 attack=SS by=1 on=2": "only peasants",
		"players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/-/- target=2 attack=F by=1 on=2":  "does not attack",
		"players=3 mode=digital turn=1 phase=respond gems=5,5,5 hands=-/-/- target=2 attack=K by=3 on=2":  "turn player and the target",
		"players=3 mode=digital turn=1 phase=steal gems=5,5,5 hands=-/-/- target=2 holder=1 amount=9":     "owns",
		"players=3 mode=digital turn=1 phase=tax gems=5,5,5 hands=-/-/- taxed=1":                          "rivals",
		"players=3 mode=digital turn=1 phase=show gems=5,5,5 hands=-/-/- shown=-/-/-":                     "does not fit",
		"players=3 mode=digital turn=1 phase=purge gems=5,5,5 hands=-/S/- purge=2":                        "only in a duel",
		"players=3 mode=digital turn=1 phase=over gems=5,5,5 hands=-/-/-":                                 "needs a winner",
		"players=2 mode=digital turn=1 phase=main gems=6,6 hands=-/- forts=B/-":                           "never stays",
		"players=2 mode=digital turn=1 phase=main gems=6,6 hands=Q/-":                                     "1 queen card(s) in play, the deck has 0",
		"players=2 mode=digital turn=1 phase=draft gems=6,6 hands=-/- draft=-":                            "with cards in the draft pile",
		"players=3 mode=physical turn=1 phase=main gems=5,5,5 hands=K/4/4":                                "write them as counts",
		"players=3 mode=physical turn=1 phase=main gems=5,5,5 hands=4/4/4 discard=RRRR":                   "4 king card(s) in sight",
		"players=3 mode=physical turn=1 phase=main gems=5,5,5 hands=4/4/4 draw=1":                         "cards in play, the deck has 100",
		"players=3 mode=physical turn=1 phase=main gems=5,5,5 hands=4/4/4 discard=*":                      "faces are unknown",
		base + "hands=999/-/-": "too large",
	} {
		_, err := ParsePosition(in)
		require.ErrorIs(t, err, rules.ErrNotation, in)
		require.ErrorContains(t, err, want, in)
		require.NotContains(t, err.Error(), "\n")
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range positions {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParsePosition(s)
		if err != nil {
			return
		}
		out := g.String()
		back, err := ParsePosition(out)
		require.NoError(t, err, "%q printed as %q", s, out)
		require.Equal(t, out, back.String())
		// An accepted position is one the engine can play on from.
		legal := g.LegalActions()
		if g.Phase() != PhaseOver {
			require.NotEmpty(t, legal, out)
		}
		for _, a := range legal[:min(len(legal), 3)] {
			c := g.Clone()
			require.NoError(t, c.Apply(a), "%s in %s", a, out)
			require.NoError(t, c.checkCards())
		}
	})
}

// Unordered keeps everything but the order of the cards to come: every
// position still reads back, the same but for the draw pile's order (and
// the draft pile's below its top card), and the same cards stay in each pile.
func TestUnorderedLeavesOutOnlyTheOrderToCome(t *testing.T) {
	for _, s := range append(positions,
		"players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=-/-/- draw=KPQ*",
		"players=2 mode=digital turn=2 phase=draft gems=6,6 hands=-/- draft=RPKP") {
		g := pos(t, s)
		back := pos(t, g.Unordered())
		require.Equal(t, g.Unordered(), back.Unordered(), s)
		fields, backFields := strings.Fields(g.String()), strings.Fields(back.String())
		require.Len(t, backFields, len(fields), s)
		for i, f := range fields {
			switch {
			case strings.HasPrefix(f, "draw=") && g.Mode() == Digital:
				require.Equal(t, sorted(g.deck.Draw), sorted(back.deck.Draw), s)
				require.Equal(t, "draw=*", strings.Fields(g.Unordered())[i], s)
			case strings.HasPrefix(f, "draft="):
				top := len(g.pile) - 1
				require.Equal(t, g.pile[top], back.pile[top], "%s: the card being decided stays on top", s)
				require.Equal(t, sorted(g.pile), sorted(back.pile), s)
			default:
				require.Equal(t, f, backFields[i], s)
			}
		}
	}
	g := pos(t, "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=-/-/- draw=KPQ*")
	require.NotContains(t, g.Unordered(), "KPQ", "the next draws are not shown")
	d := pos(t, "players=2 mode=digital turn=2 phase=draft gems=6,6 hands=-/- draft=RPKP")
	require.Contains(t, d.Unordered(), " draft=PKRP")
}

func sorted(cs []Card) []Card {
	out := append([]Card(nil), cs...)
	slices.Sort(out)
	return out
}
