package knights

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
	"github.com/stretchr/testify/require"
)

func newTable(t testing.TB, o Options) (*Table, companion.Session) {
	t.Helper()
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	s := companion.Session{Name: "t", Game: Game, Options: raw, Seed: 7}
	tb, err := Replay(s)
	require.NoError(t, err)
	return tb, s
}

// act applies a report and appends its event to the session, as the store
// would.
func act(t testing.TB, tb *Table, s *companion.Session, r Report) {
	t.Helper()
	text, err := tb.Command(r)
	require.NoError(t, err)
	e, err := tb.Act(r.By, text)
	require.NoError(t, err, text)
	s.Events = append(s.Events, e)
}

func TestReplayGivesTheSameDraws(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "digital", "", "")
	require.NoError(t, err)
	tb, s := newTable(t, o)
	hand := tb.Status(Role{Seat: 0}).Hand
	act(t, tb, &s, Report{Verb: "discard", Cards: hand[:1]})
	again, err := Replay(s)
	require.NoError(t, err)
	require.Equal(t, tb.Game.String(), again.Game.String(), "replaying the log draws the same cards")
	verdicts, err := Verify(s)
	require.NoError(t, err)
	require.Equal(t, "bob already drew two cards after that play", verdicts[0].Barrier, "the next turn's draw: no undo")
}

func TestPhysicalActionsCanBeUndone(t *testing.T) {
	o, err := NewOptions(3, nil, "", "physical", "", "")
	require.NoError(t, err)
	require.Equal(t, []string{"p1", "p2", "p3"}, o.Names)
	tb, s := newTable(t, o)
	act(t, tb, &s, Report{Verb: "fortify", Cards: []string{"castle"}})
	verdicts, err := Verify(s)
	require.NoError(t, err)
	require.Empty(t, verdicts[0].Barrier, "the companion knows no card: undo corrects the record")
}

func TestCommandBuildsEngineNotation(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	cases := map[string]Report{
		"attack 2 knight":          {Verb: "play", Cards: []string{"knight"}, At: "bob"},
		"attack 3 archer fort":     {Verb: "play", Cards: []string{"archer"}, At: "3", Fort: true},
		"attack 2 dragon burn":     {Verb: "play", Cards: []string{"dragon"}, At: "bob", Burn: true},
		"special herald":           {Verb: "play", Cards: []string{"herald"}},
		"special merchant 2":       {Verb: "play", Cards: []string{"merchant"}, At: "bob"},
		"special jester(monk)":     {Verb: "play", Cards: []string{"jester(monk)"}},
		"respond 1 princess":       {Verb: "respond", Cards: []string{"princess"}, By: "ann"},
		"fortify castle,archer":    {Verb: "fortify", Cards: []string{"castle", "archer"}},
		"take 3 knight":            {Verb: "take", Cards: []string{"knight"}, At: "cy"},
		"pay gems":                 {Verb: "pay", Cards: []string{"gems"}},
		"pay cards peasant,king":   {Verb: "pay", Cards: []string{"cards", "peasant", "king"}},
		"pass":                     {Verb: "pass"},
		"attack 2 peasant,peasant": {Verb: "play", Cards: []string{"peasant", "peasant"}, At: "bob"},
	}
	for want, r := range cases {
		got, err := tb.Command(r)
		require.NoError(t, err, want)
		require.Equal(t, want, got)
	}
	bad := map[string]Report{
		"needs --at NAME":   {Verb: "play", Cards: []string{"knight"}},
		"needs the card":    {Verb: "fortify"},
		"not at the table":  {Verb: "play", Cards: []string{"knight"}, At: "zed"},
		"pay gems, or pay":  {Verb: "pay", Cards: []string{"cash"}},
		"takes no cards":    {Verb: "pass", Cards: []string{"king"}},
		"unknown play":      {Verb: "dance"},
		"needs --from NAME": {Verb: "take", Cards: []string{"knight"}},
	}
	for want, r := range bad {
		_, err := tb.Command(r)
		require.ErrorContains(t, err, want)
	}
}

// A report the notation cannot carry is refused in the words typed, never
// in the notation the companion built from them ("attack 2 sword").
func TestCommandRefusesInTableWords(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "digital", "", "")
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	for r, want := range map[*Report]string{
		{Verb: "play", Cards: []string{"sword"}, At: "bob"}:                        `"sword" is not a card (cards: peasant, soldier,`,
		{Verb: "fortify", Cards: []string{"castle", "sword"}}:                      `"sword" is not a card`,
		{Verb: "play", Cards: []string{"jester (knight)"}, At: "bob"}:              `"jester (knight)" is not a card`,
		{Verb: "play", Cards: []string{"jester(knight"}, At: "bob"}:                `"jester(knight": close the bracket, as in jester(knight)`,
		{Verb: "play", Cards: []string{"ladder"}, At: "bob", Burn: true}:           "only a dragon burns a castle",
		{Verb: "play", Cards: []string{"herald", "monk"}}:                          "a special action plays one card",
		{Verb: "take", Cards: []string{"sword"}, At: "bob"}:                        `"sword" is not a card`,
		{Verb: "pay", Cards: []string{"cards", "jester(knight)"}}:                  "a jester only poses as a card when it is played",
		{Verb: "discard", Cards: []string{"peasant*500"}}:                          "repeat count must be 1 to 100",
		{Verb: "play", Cards: []string{"archer", "archer"}, At: "bob", Fort: true}: "",
	} {
		_, err := tb.Command(*r)
		require.Error(t, err, "%+v", *r)
		require.NotContains(t, err.Error(), `action "`, "%+v", *r)
		require.NotContains(t, err.Error(), "bad notation", "%+v", *r)
		require.Contains(t, err.Error(), want, "%+v", *r)
	}
}

func TestNamesReplaceSeatNumbers(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	require.Equal(t, "bob is attacked by cy; seat 9 is no one", tb.Names("seat 2 is attacked by seat 3; seat 9 is no one"))
	for notation, want := range map[string]string{
		"attack 2 knight":               "play knight --at bob",
		"attack 2 peasant,peasant":      "play peasant peasant --at bob",
		"respond 3 princess":            "respond princess --by cy",
		"attack 2 dragon burn":          "play dragon --at bob --burn",
		"attack 3 archer fort":          "play archer --fort --at cy",
		"special merchant 3":            "play merchant --at cy",
		"special herald":                "play herald",
		"take 2 knight":                 "take knight --from bob",
		"fortify castle,jester(archer)": "fortify castle jester(archer)",
		"pay cards peasant,king":        "pay cards peasant king",
		"pay gems":                      "pay gems",
		"discard king,peasant":          "discard peasant king",
	} {
		a, err := engine.ParseAction(notation)
		require.NoError(t, err)
		require.Equal(t, want, tb.CommandFor(a), notation)
	}
}

func TestMonkPaymentsStayPrivateInTheLog(t *testing.T) {
	pos := "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=O/PK/- forts=-/C/-"
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", pos)
	require.NoError(t, err)
	tb, s := newTable(t, o)
	act(t, tb, &s, Report{Verb: "play", Cards: []string{"monk"}})
	act(t, tb, &s, Report{Verb: "pay", Cards: []string{"cards", "peasant", "knight"}})
	require.Equal(t, "paid ann 2 cards for the monk", tb.LogLines(Role{Table: true})[1].Action)
	require.Equal(t, "paid ann 2 cards for the monk", tb.LogLines(Role{Seat: 2})[1].Action)
	require.Equal(t, "paid ann a peasant and a knight for the monk", tb.LogLines(Role{Seat: 1})[1].Action)
	require.Equal(t, "paid ann a peasant and a knight for the monk", tb.LogLines(Role{Seat: 0})[1].Action)
}

// FuzzAct feeds arbitrary play text through the companion: it must refuse
// or accept without panicking, and an accepted play must replay identically.
func FuzzAct(f *testing.F) {
	for _, s := range []string{"attack 2 knight", "pass", "fortify castle", "respond 2 jester(highwayman)", "special merchant 3", "pay cards", "x"} {
		f.Add(s)
	}
	o, _ := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	raw, _ := json.Marshal(o)
	f.Fuzz(func(t *testing.T, text string) {
		s := companion.Session{Name: "t", Game: Game, Options: raw, Seed: 7}
		tb, err := Replay(s)
		if err != nil {
			t.Fatal(err)
		}
		e, err := tb.Act("", text)
		if err != nil {
			return
		}
		s.Events = append(s.Events, e)
		again, err := Replay(s)
		if err != nil || again.Game.String() != tb.Game.String() {
			t.Fatalf("%q accepted but does not replay: %v", text, err)
		}
	})
}

// With real cards the companion must say when to reshuffle and draw, since
// nobody else at the table keeps count.
func TestPhysicalCues(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	tb, s := newTable(t, o)
	act(t, tb, &s, Report{Verb: "discard", Cards: []string{"peasant"}})
	require.Equal(t, []string{"bob's turn: bob draws 2 card(s)."}, tb.Cues)
	for tb.Game.Reshuffles() == 0 {
		moves, err := tb.Moves(Role{Table: true})
		require.NoError(t, err)
		require.Len(t, moves, 1, "one player has choices")
		i := slices.IndexFunc(moves[0].Groups, func(g Group) bool { return g.Name == "discard" })
		require.GreaterOrEqual(t, i, 0, "a physical hand can always discard")
		act(t, tb, &s, Report{Verb: "discard", Cards: strings.Fields(moves[0].Groups[i].Commands[0])[1:]})
	}
	require.Contains(t, tb.Cues, "The draw pile ran out: shuffle the 43 discards into a new draw pile. Now 9 gems win.")
}

// The cues of the executioner and minstrel answers: the seat whose turn
// begins played a card and then drew two, so a hand-size difference would
// say one.
func TestCuesCountWhatTheEngineDrew(t *testing.T) {
	for _, mode := range []string{"physical", "digital"} {
		o, err := NewOptions(0, []string{"a", "b", "c"}, "", mode, "", "players=3 mode="+mode+" turn=1 phase=main gems=5,5,5 hands="+
			map[string]string{"physical": "6/4/4", "digital": "KPPPPP/EPPP/BPPP"}[mode])
		require.NoError(t, err)
		tb, s := newTable(t, o)
		act(t, tb, &s, Report{Verb: "play", Cards: []string{"knight"}, At: "b"})
		pile := tb.Game.DrawSize()
		act(t, tb, &s, Report{Verb: "respond", Cards: []string{"executioner"}, By: "b"})
		require.Equal(t, pile-2, tb.Game.DrawSize())
		require.Equal(t, 4-1+2, tb.Game.HandSize(1))
		want := map[string]string{"physical": "b's turn: b draws 2 card(s).", "digital": "b's turn: b drew 2 card(s) (status --as b)."}[mode]
		require.Equal(t, []string{want}, tb.Cues, mode)

		act(t, tb, &s, Report{Verb: "play", Cards: []string{"peasant"}, At: "c"})
		act(t, tb, &s, Report{Verb: "respond", Cards: []string{"minstrel"}, By: "c"})
		want = map[string]string{"physical": "c's turn: c draws 2 card(s).", "digital": "c's turn: c drew 2 card(s) (status --as c)."}[mode]
		require.Equal(t, []string{"c's minstrel has kept watch: it goes to the discards.", want}, tb.Cues, mode)
		require.Equal(t, 4-1+2, tb.Game.HandSize(2))
	}
}

var (
	drawCue      = regexp.MustCompile(`(?:(\S+) )?(?:draws|drew|Deal|dealt) (\d+)(?: more)? card\(s\)`)
	reshuffleCue = regexp.MustCompile(`the (\d+) discards .*?(?:Now (\d+) gems win\.)?$`)
	merchantCue  = regexp.MustCompile(`picks (\d+) card\(s\)`)
)

// TestCuesMatchTheCounts plays random games of both modes and 2 to 6
// players through the companion and replays every action's cues against
// the piles: each draw (or draft deal) cue takes its count off the draw pile, a reshuffle cue comes exactly when
// the pile is empty and makes the pile its count, and at the end the pile
// is what the engine holds. A merchant cue names the half the engine moved.
func TestCuesMatchTheCounts(t *testing.T) {
	kinds := map[string]bool{}
	for i := range 80 {
		mode := []string{"digital", "physical"}[i%2]
		players := 2 + i%5
		o, err := NewOptions(players, nil, "", mode, "", "")
		require.NoError(t, err)
		raw, _ := json.Marshal(o)
		tb, err := Replay(companion.Session{Name: "t", Game: Game, Options: raw, Seed: uint64(i)})
		require.NoError(t, err)
		r := rules.NewRand(uint64(i), "cues")
		for step := 0; step < 3000 && !tb.Game.Outcome().Over(); step++ {
			before := tb.Game.Clone()
			legal := before.LegalActions()
			a := legal[r.IntN(len(legal))]
			_, err := tb.Act("", a.String())
			require.NoError(t, err, a.String())
			kinds[a.Type().String()] = true
			pile, resh := before.DrawSize(), 0
			drawn := map[string]int{}
			for _, c := range tb.Cues {
				if m := drawCue.FindStringSubmatch(c); m != nil {
					n, _ := strconv.Atoi(m[2])
					drawn[m[1]] += n
					require.Positive(t, n, c)
					pile -= n
					require.GreaterOrEqual(t, pile, 0, "%s: more drawn than the pile held", c)
					continue
				}
				if m := reshuffleCue.FindStringSubmatch(c); m != nil {
					require.Zero(t, pile, "%s: reshuffled before the pile was empty", c)
					pile, _ = strconv.Atoi(m[1])
					resh++
					if players > 2 {
						require.Equal(t, strconv.Itoa(before.Target()-resh), m[2], c)
					}
					continue
				}
				if m := merchantCue.FindStringSubmatch(c); m != nil {
					require.Equal(t, strconv.Itoa(before.HandSize(a.Seat())/2), m[1], c)
				}
			}
			require.Equal(t, tb.Game.DrawSize(), pile, "%s: the cues %q leave the pile at the engine's count", a, tb.Cues)
			require.Equal(t, tb.Game.Reshuffles()-before.Reshuffles(), resh, "%s: one cue per reshuffle", a)
			// The seat whose turn begins holds what it held plus what the
			// cues say it drew, unless the action itself moved its cards.
			// An answer that ends the turn (an executioner, a minstrel, a
			// block or a steal nobody else can follow) leaves the answering
			// seat's hand short of the cards it played.
			next := tb.Game.Turn()
			if players > 2 && next != before.Turn() && !tb.Game.Outcome().Over() && a.Type() != engine.ActTake {
				name := tb.Options.Names[next]
				switch {
				case next == before.Actor(a) && a.Type() == engine.ActRespond:
					require.Equal(t, before.HandSize(next)-len(a.Plays())+drawn[name], tb.Game.HandSize(next), "%s: %s's hand against the cues %q", a, name, tb.Cues)
					kinds["turn-ending answer"] = true
				case next != before.Actor(a) && next != a.Seat():
					require.Equal(t, before.HandSize(next)+drawn[name], tb.Game.HandSize(next), "%s: %s's hand against the cues %q", a, name, tb.Cues)
				}
			}
		}
	}
	require.Len(t, kinds, 14, "every action kind was played, and answers that end the turn: %v", kinds)
}

// Cards shown to a Herald, and the one it takes, are told to the Herald's
// player and the showing seat only (ruling K36); the rest of the table reads
// how many.
func TestHeraldCardsStayPrivateInTheLog(t *testing.T) {
	pos := "players=4 mode=digital turn=1 phase=main gems=5,5,5,5 hands=F/KS/R/Q"
	o, err := NewOptions(0, []string{"ann", "bob", "cy", "dee"}, "", "digital", "", pos)
	require.NoError(t, err)
	tb, s := newTable(t, o)
	act(t, tb, &s, Report{Verb: "play", Cards: []string{"herald"}})
	act(t, tb, &s, Report{Verb: "show", Cards: []string{"knight"}, By: "bob"})
	act(t, tb, &s, Report{Verb: "show", Cards: []string{"king"}})
	act(t, tb, &s, Report{Verb: "show", Cards: []string{"queen"}})
	_, err = tb.Moves(Role{Table: true})
	require.ErrorContains(t, err, "only ann sees the cards shown")
	require.Equal(t, []string{"bob: knight", "cy: king", "dee: queen"}, tb.Status(Role{Seat: 0}).Shown)
	require.Equal(t, []string{"bob: knight", "cy: 1 card(s)", "dee: 1 card(s)"}, tb.Status(Role{Seat: 1}).Shown)
	require.Equal(t, []string{"bob: 1 card(s)", "cy: 1 card(s)", "dee: 1 card(s)"}, tb.Status(Role{Table: true}).Shown)
	act(t, tb, &s, Report{Verb: "take", Cards: []string{"king"}, At: "cy"})
	actions := func(r Role) []string {
		var out []string
		for _, l := range tb.LogLines(r) {
			out = append(out, l.Who+" "+l.Action)
		}
		return out
	}
	const herald = "ann played a herald: each rival shows a card"
	const back = "; the other shown cards go back to their hands"
	require.Equal(t, []string{herald, "bob showed a knight to ann's herald", "cy showed a king to ann's herald", "dee showed a queen to ann's herald", "ann took cy's king" + back}, actions(Role{Seat: 0}))
	require.Equal(t, []string{herald, "bob showed a knight to ann's herald", "cy showed 1 card to ann's herald", "dee showed 1 card to ann's herald", "ann took one of the cards cy showed" + back}, actions(Role{Seat: 1}))
	require.Equal(t, []string{herald, "bob showed 1 card to ann's herald", "cy showed a king to ann's herald", "dee showed 1 card to ann's herald", "ann took cy's king" + back}, actions(Role{Seat: 2}))
	for _, r := range []Role{{Table: true}, {Seat: 3}} {
		got := actions(r)
		require.Equal(t, "ann took one of the cards cy showed"+back, got[4])
		for _, a := range got {
			for _, c := range []string{"knight", "king", "queen"} {
				if r.Seat == 3 && c == "queen" && a == "dee showed a queen to ann's herald" {
					continue
				}
				require.NotContains(t, a, c, "%+v reads %q", r, a)
			}
		}
	}
}

// A refusal that rests on a hand goes only to the seat it concerns; the
// table and everyone else read one line, whatever the hand holds.
func TestRefusalsDoNotProbeHands(t *testing.T) {
	pos := "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=SK/H/R forts=-/C/-"
	o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", pos)
	require.NoError(t, err)
	tb, _ := newTable(t, o)
	refused := func(by, text string) string {
		_, err := tb.Act(by, text)
		require.ErrorIs(t, err, rules.ErrIllegal, text)
		return err.Error()
	}
	neutral := "that play is not available; ann, report it with --by ann to see why"
	require.Contains(t, refused("", "attack 3 queen"), neutral)
	require.Contains(t, refused("", "attack 3 ninja"), neutral)
	require.True(t, strings.HasSuffix(refused("ann", "attack 3 queen"), "ann does not hold a queen"))
	require.Equal(t, strings.Replace(refused("", "attack 2 soldier"), "soldier", "X", 1), strings.Replace(refused("", "attack 2 queen"), "queen", "X", 1),
		"behind a castle either way")
	require.Contains(t, refused("", "attack 2 queen"), "behind a castle")
	require.Contains(t, refused("", "discard knight,knight"), "exactly one")
	require.Contains(t, refused("", "fortify castle,archer"), neutral)

	// The steal window: anyone may steal, so a probe names a seat; only
	// that seat reads why.
	_, err = tb.Act("", "attack 3 knight")
	require.NoError(t, err)
	_, err = tb.Act("", "pass")
	require.NoError(t, err)
	require.Equal(t, engine.PhaseSteal, tb.Game.Phase())
	require.Contains(t, refused("", "respond 3 highwayman"), "that play is not available; cy, report it with --by cy")
	require.Contains(t, refused("", "respond 1 highwayman"), "already holds")
	require.True(t, strings.HasSuffix(refused("cy", "respond 3 highwayman"), "cy does not hold a highwayman"))
}

// TestRefusalsSameForHeldAndUnheld reports every card kind through every
// verb, in every phase where ann acts, twice: once with ann holding that
// card and once without it, the rest of the table alike. Typed by the table
// (no --by), a refusal must read the same either way; where one deal
// accepts the play, the other may only refuse it with the neutral line.
func TestRefusalsSameForHeldAndUnheld(t *testing.T) {
	type phase struct {
		pos     string // %s is ann's hand
		reports []Report
	}
	phases := []phase{
		{"players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=%s/SS/SS forts=-/-/C", []Report{
			{Verb: "play", At: "bob"}, {Verb: "play", At: "cy"}, {Verb: "play", At: "cy", Burn: true}, {Verb: "play", At: "bob", Fort: true},
			{Verb: "play"}, {Verb: "fortify"}, {Verb: "discard"}, {Verb: "show"}, {Verb: "pay"},
		}},
		{"players=3 mode=digital turn=2 phase=respond gems=5,5,5 hands=%s/SS/SS target=1 attack=K by=2 on=1", []Report{{Verb: "respond"}}},
		{"players=3 mode=digital turn=2 phase=respond gems=5,5,5 hands=%s/SS/SS target=1 attack=D by=2 on=1", []Report{{Verb: "respond"}}},
		{"players=3 mode=digital turn=2 phase=steal gems=5,9,1 hands=%s/SS/SS target=3 holder=2 amount=4", []Report{{Verb: "respond", By: ""}}},
		{"players=3 mode=digital turn=3 phase=tax gems=5,5,5 hands=%s/SS/- forts=C/-/- taxed=1", []Report{{Verb: "pay"}}},
		{"players=3 mode=digital turn=3 phase=show gems=5,5,5 hands=%s/SS/- shown=-/S/- discard=F", []Report{{Verb: "show"}}},
	}
	neutral := "that play is not available; ann, report it with --by ann to see why"
	checked, playable := 0, 0
	for _, ph := range phases {
		for _, c := range engine.Cards {
			filler, other := engine.Peasant, engine.Princess
			if c == engine.Peasant {
				filler = engine.Soldier
			}
			if c == engine.Princess {
				other = engine.Executioner
			}
			for _, base := range ph.reports {
				for _, n := range []int{1, 2} {
					r := base
					for range n {
						r.Cards = append(r.Cards, c.String())
					}
					if r.Verb == "pay" {
						r.Cards = append([]string{"cards"}, r.Cards...)
					}
					var msgs [2]string
					for i, first := range []engine.Card{c, filler} {
						hand := string(first.Code()) + string(filler.Code()) + string(other.Code())
						o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", fmt.Sprintf(ph.pos, hand))
						require.NoError(t, err, ph.pos)
						tb, _ := newTable(t, o)
						text, err := tb.Command(r)
						if err == nil {
							if steal := tb.Game.Phase() == engine.PhaseSteal; steal {
								text = strings.Replace(text, "respond 2 ", "respond 1 ", 1) // a probe at ann, typed by the table
							}
							_, err = tb.Act("", text)
						}
						if err != nil {
							msgs[i] = err.Error()
						}
					}
					switch {
					case msgs[0] == msgs[1]:
					case msgs[0] == "" || msgs[1] == "":
						require.Contains(t, msgs[0]+msgs[1], neutral, "%v with %s: accepted when held, refused with a reason when not", r, c)
						playable++
					default:
						t.Fatalf("%v with %s: the table reads\n  %s\nwhen ann holds it and\n  %s\nwhen not", r, c, msgs[0], msgs[1])
					}
					checked++
				}
			}
		}
	}
	require.Positive(t, playable, "some plays go through when the card is held")
	t.Logf("%d reports compared, %d playable only when held", checked, playable)
}
