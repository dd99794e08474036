package cmd

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
	"github.com/stretchr/testify/require"
)

// secretsPosition deals hands whose cards the test can follow: every kind
// that matters is in one hand only, and the draw pile holds the rest.
const secretsPosition = "players=4 mode=digital turn=1 phase=main gems=5,5,5,5 hands=FKSP/KREI/DTPC/HONA"

// secretsScript is an Of Knights and Ninjas game typed at one terminal:
// a herald, an attack turned by a traitor, a steal window (a seat lets the
// gems go, another steals), a monk's tax,
// an executioner, refusals from the table and from named players, and undo
// of public plays (taken back) and of private ones or of a reveal of the
// whole position (refused, rulings C-1, K38).
// Each step is the command line; a leading '!' marks one that must fail.
var secretsScript = []string{
	"play herald",
	"undo",
	"play herald",
	"show king --by bob",
	"!undo",
	"show dragon",
	"show ninja --by dee",
	"!take queen --from bob",
	"!take king --from dee",
	"!take king --from bob --as bob",
	"!play soldier --at bob",
	"take king --from bob --as ann",
	"!play queen --at cy",
	"!play dragon --at cy",
	"play knight --at cy",
	"undo --as dee",
	"play knight --at cy",
	"respond traitor --by cy",
	"undo",
	"respond traitor --by cy",
	"!respond king",
	"pass",
	"!act respond 1 highwayman",
	"!act respond 2 highwayman",
	"!respond highwayman --by ann",
	"!respond highwayman",
	"!decline --by cy",
	"decline --by ann",
	"!steal --by ann",
	"respond highwayman --by dee",
	"pass",
	"fortify castle",
	"play monk",
	"!pay cards dragon queen --by cy",
	"!pay cards dragon",
	"!pay gems --by ann",
	"pay cards peasant catapult --by cy",
	"!undo",
	"!play queen --at bob",
	"!play dragon --at cy --burn",
	"!discard knight knight",
	"!play soldier --at cy",
	"!play queen --at bob --as ann",
	"play king --at bob",
	"respond executioner --by bob",
	"!position",
	"position --reveal --as cy",
	"!undo",
	"!position",
}

// role is who reads an output: a seat, or the table.
type role struct {
	name string
	seat rules.Seat // engine.NoSeat for the table
}

// typistOf is the role that typed args: the one the last of flags in args
// names, else the first role (the table).
func typistOf(roles []role, args []string, flags ...string) role {
	typist := roles[0]
	for i, a := range args {
		if slices.Contains(flags, a) && i+1 < len(args) {
			for _, r := range roles {
				if r.name == args[i+1] {
					typist = r
				}
			}
		}
	}
	return typist
}

// knightsKnowledge is what each role may know at a moment of the game: every card
// kind that has been face up, every kind a seat has held, and the cards
// shown to a Herald that a seat was allowed to see (ruling K36).
type knightsKnowledge struct {
	public map[engine.Card]bool
	seen   map[rules.Seat]map[engine.Card]bool
}

func (k *knightsKnowledge) learn(g *engine.Game) {
	faceUp := g.Discards()
	for s := range g.Players() {
		for _, p := range g.Fort(rules.Seat(s)).Plays() {
			faceUp = append(faceUp, p.Card)
		}
	}
	plays, _, _ := g.Pending()
	for _, p := range plays {
		faceUp = append(faceUp, p.Card)
	}
	for _, c := range faceUp {
		k.public[c] = true
	}
	for s := range g.Players() {
		seat := rules.Seat(s)
		for _, c := range g.Hand(seat) {
			k.seen[seat][c] = true
		}
		for _, cards := range shownIn(g) {
			if seat == g.Turn() {
				for _, c := range cards {
					k.seen[seat][c] = true
				}
			}
		}
		for _, c := range shownIn(g)[seat] {
			k.seen[seat][c] = true
		}
	}
}

// shownIn reads the cards shown to a Herald from the position string, the
// engine's whole state: the test must not trust the views it checks.
func shownIn(g *engine.Game) map[rules.Seat][]engine.Card {
	out := map[rules.Seat][]engine.Card{}
	for _, f := range strings.Fields(g.String()) {
		v, ok := strings.CutPrefix(f, "shown=")
		if !ok {
			continue
		}
		for s, part := range strings.Split(v, "/") {
			for i := 0; i < len(part) && part != "-"; i++ {
				for _, c := range engine.Cards {
					if c.Code() == part[i] {
						out[rules.Seat(s)] = append(out[rules.Seat(s)], c)
					}
				}
			}
		}
	}
	return out
}

func (k *knightsKnowledge) allowed(r role) map[engine.Card]bool {
	out := map[engine.Card]bool{}
	for c := range k.public {
		out[c] = true
	}
	if r.seat != engine.NoSeat {
		for c := range k.seen[r.seat] {
			out[c] = true
		}
	}
	return out
}

// templates are fixed wordings that name a kind of card without saying
// where any card is: what the game waits for, rules in a refusal, roles a
// Jester may pose as. They are cut before the scan.
var templates = regexp.MustCompile(`(?i)` + strings.Join([]string{
	`of knights and ninjas`,
	`may play a highwayman`,
	`steals? them with a highwayman`,
	`show a card to the herald`,
	`cards shown to the herald`,
	`pay the monk`,
	`for the minstrel`,
	`behind a castle: a ladder, catapult, dragon or ninja first`,
	`a princess only answers a knight or a dragon`,
	`play a highwayman`,
}, "|"))

// jesterRole is a Jester posing as a card: the card it poses as is a role,
// not a card anyone holds.
var jesterRole = regexp.MustCompile(`jester\(\w+\)|jesters? as (?:an? )?\w+`)

var knightsCardWord = regexp.MustCompile(`\b(peasant|soldier|knight|king|queen|ninja|dragon|traitor|highwayman|highwaymen|princess|executioner|herald|merchant|monk|minstrel|archer|castle|ladder|catapult|jester)(?:s|es)?\b`)

// leaks lists the card kinds an output names that the reader may not know.
func leaks(out string, allowed map[engine.Card]bool) []string {
	var bad []string
	for _, m := range knightsCardWord.FindAllStringSubmatch(templates.ReplaceAllString(jesterRole.ReplaceAllString(strings.ToLower(out), "jester"), " "), -1) {
		c, err := engine.ParseCard(strings.Replace(m[1], "highwaymen", "highwayman", 1))
		if err == nil && !allowed[c] {
			bad = append(bad, m[1])
		}
	}
	return bad
}

// TestKnightsSecrets plays a scripted game through the command line and,
// after every step, reads every output as every role: status, moves and log,
// as text and JSON. No output may name a card its reader may not know at
// that moment: another seat's hand, a card shown to someone else's Herald,
// or the draw pile. Refused commands are read as the role that typed them
// (the seat named with --by/--as, else the table), and a refusal that rests
// on a hand must not be worded for anyone but its owner. The position string
// holds every hand in letter codes, so no output but position --reveal may
// print one while the game goes on (ruling K38).
func TestKnightsSecrets(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--session", "secrets", "--names", "ann,bob,cy,dee", "--position", secretsPosition)
	require.Zero(t, code, errOut)
	roles := []role{{"table", engine.NoSeat}, {"ann", 0}, {"bob", 1}, {"cy", 2}, {"dee", 3}}
	k := &knightsKnowledge{public: map[engine.Card]bool{}, seen: map[rules.Seat]map[engine.Card]bool{}}
	for _, r := range roles[1:] {
		k.seen[r.seat] = map[engine.Card]bool{}
	}
	game := func() *engine.Game {
		var g *engine.Game
		require.NoError(t, withSession(ck.Game, "secrets", true, func(st *companion.Store, name string) error {
			s, err := st.Load(name)
			if err != nil {
				return err
			}
			tb, err := ck.Replay(s)
			g = tb.Game
			// A play undo took back was face up for all (ruling C-11).
			for _, e := range s.Retracted {
				var d struct{ Action string }
				require.NoError(t, json.Unmarshal(e.Data, &d))
				a, err := engine.ParseAction(d.Action)
				require.NoError(t, err)
				for _, p := range a.Plays() {
					k.public[p.Card] = true
				}
			}
			return err
		}))
		return g
	}
	k.learn(game())
	checked := 0
	check := func(step, what string, r role, out string, typed []string) {
		t.Helper()
		allowed := k.allowed(r)
		for _, w := range typed {
			if c, err := engine.ParseCard(w); err == nil {
				allowed[c] = true
			}
		}
		require.Empty(t, leaks(out, allowed), "after %q, %s as %s names cards it may not know:\n%s", step, what, r.name, out)
		checked++
	}
	views := func(step string) {
		for _, r := range roles {
			for _, view := range [][]string{{"status"}, {"status", "--json"}, {"moves"}, {"moves", "--json"}, {"log"}, {"log", "--json"}, {"position"}} {
				_, out, errOut := run(append(append([]string{"companion", "knights"}, view...), "--session", "secrets", "--as", r.name)...)
				check(step, strings.Join(view, " "), r, out+errOut, nil)
				require.NotContains(t, out+errOut, "hands=", "after %q, %s as %s prints the position mid-game", step, strings.Join(view, " "), r.name)
			}
		}
	}
	views("new")
	for _, step := range secretsScript {
		line, refused := strings.CutPrefix(step, "!")
		args := strings.Fields(line)
		code, out, errOut := run(append(append([]string{"companion", "knights"}, args...), "--session", "secrets")...)
		if refused {
			require.NotZero(t, code, "%q should be refused", line)
		} else {
			require.Zero(t, code, "%q: %s", line, errOut)
		}
		typist := typistOf(roles, args, "--by", "--as")
		var typed []string
		for _, a := range args {
			typed = append(typed, regexp.MustCompile(`[a-z]+`).FindAllString(a, -1)...)
		}
		check(line, "the command itself", typist, out+errOut, typed)
		if !strings.Contains(line, "--reveal") {
			require.NotContains(t, out+errOut, "hands=", "%q prints the position mid-game", line)
		} else {
			// Every hand, but not the order of the coming draws (ruling K38).
			require.Contains(t, out, " draw=* ", line)
		}
		if refused && (strings.Contains(errOut, "does not hold") || strings.Contains(errOut, "did not show")) {
			require.NotEqual(t, engine.NoSeat, typist.seat, "%q: a reason about a hand is worded for a named seat only: %s", line, errOut)
		}
		k.learn(game())
		views(line)
	}
	t.Logf("%d outputs checked", checked)
}

// TestKnightsSecretsAtTheEnd finishes a digital game and reads every view as
// every role: the summary names no card, and the position (every hand and
// the draw pile) is printed only now that the game is over (ruling K38).
func TestKnightsSecretsAtTheEnd(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "knights", "new", "--session", "end", "--names", "ann,bob,cy", "--position", "players=3 mode=digital turn=1 phase=main gems=4,3,8 hands=K/P/JS")
	require.Zero(t, code, errOut)
	for _, step := range []string{"play knight --at bob", "pass --by bob"} {
		code, out, errOut := run(append([]string{"companion", "knights", "--session", "end"}, strings.Fields(step)...)...)
		require.Zero(t, code, errOut)
		require.NotContains(t, out, "hands=", step)
		require.Empty(t, leaks(out, map[engine.Card]bool{engine.Knight: true, engine.Peasant: true}), "%q tells the table a hidden card:\n%s", step, out)
	}
	code, _, errOut = run("companion", "knights", "--session", "end", "respond", "jester(highwayman)", "--by", "cy")
	require.Zero(t, code, errOut)
	code, out, errOut := run("companion", "knights", "--session", "end", "pass")
	require.Zero(t, code, errOut)
	require.Contains(t, out, "nobody steals from cy: the window closes\ncy has 11 gems and wins\n")
	require.Contains(t, out, "Game over: cy wins with 11 gems (10 needed).\nGems: ann 4, bob 0, cy 11.\n1 turn, 0 reshuffles.\n")
	require.Empty(t, leaks(out, map[engine.Card]bool{engine.Knight: true, engine.Jester: true, engine.Highwayman: true}), out)
	for _, r := range []string{"table", "ann", "bob", "cy"} {
		for _, view := range [][]string{{"status"}, {"moves"}, {"log"}} {
			_, out, errOut := run(append(append([]string{"companion", "knights", "--session", "end"}, view...), "--as", r)...)
			allowed := map[engine.Card]bool{engine.Knight: true, engine.Jester: true, engine.Highwayman: true}
			allowed[map[string]engine.Card{"bob": engine.Peasant, "cy": engine.Soldier}[r]] = true
			require.Empty(t, leaks(out+errOut, allowed), "%s as %s:\n%s", view, r, out+errOut)
		}
		code, out, _ := run("companion", "knights", "--session", "end", "status", "--json", "--as", r)
		require.Zero(t, code)
		require.Contains(t, out, `"position": "players=3 mode=digital`, "the game is over: the position hides nothing now")
	}
	// The game stays finished (ruling K41): nobody takes the win back, and
	// the refusal names no card.
	_, before, _ := run("companion", "knights", "--session", "end", "log", "--json")
	for _, r := range []string{"table", "ann", "cy"} {
		code, out, errOut := run("companion", "knights", "--session", "end", "undo", "--as", r)
		require.Equal(t, 1, code, r)
		require.Empty(t, out, r)
		require.Equal(t, "ninjakit: cy won the game on that play: it cannot be taken back\n", errOut, r)
	}
	_, after, _ := run("companion", "knights", "--session", "end", "log", "--json")
	require.Equal(t, before, after, "the log is as it was")
}

// TestKnightsSecretsWithBots plays a game with two bot seats (bob and dee)
// from the command line, the people's plays chosen at random among the
// legal ones, and after every command reads every output as every role:
// the table, each person, and the bot seats as a person may look from them
// (which shows no hand, ruling K43). No output names a card of a bot's hand
// to anyone, nor any other card its reader may not know; the bots' own
// lines, printed after the person's command, are read as that person.
func TestKnightsSecretsWithBots(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, out, errOut := run("companion", "knights", "new", "--session", "bots", "--names", "ann,bob,cy,dee",
		"--bot", "bob=easy", "--bot", "dee=random", "--private-seed", "5")
	require.Zero(t, code, errOut)
	roles := []role{{"table", engine.NoSeat}, {"ann", 0}, {"bob", 1}, {"cy", 2}, {"dee", 3}}
	bot := map[string]bool{"bob": true, "dee": true}
	k := &knightsKnowledge{public: map[engine.Card]bool{}, seen: map[rules.Seat]map[engine.Card]bool{}}
	for _, r := range roles[1:] {
		k.seen[r.seat] = map[engine.Card]bool{}
	}
	table := func() *ck.Table {
		var tb *ck.Table
		require.NoError(t, withSession(ck.Game, "bots", true, func(st *companion.Store, name string) error {
			s, err := st.Load(name)
			if err != nil {
				return err
			}
			tb, err = ck.Replay(s)
			return err
		}))
		return tb
	}
	// A person may look from a bot seat only as the table does.
	eyes := func(r role) role {
		if bot[r.name] {
			return role{r.name, engine.NoSeat}
		}
		return r
	}
	check := func(step, what string, r role, out string) {
		t.Helper()
		// The command name is no card.
		out = strings.ReplaceAll(out, "companion knights", "")
		require.Empty(t, leaks(out, k.allowed(eyes(r))), "after %q, %s as %s names cards it may not know:\n%s", step, what, r.name, out)
	}
	k.learn(table().Game)
	check("new", "new", roles[0], out)
	pick := rand.New(rand.NewPCG(5, 5))
	steps := 0
	for ; steps < 40; steps++ {
		tb := table()
		if tb.Game.Phase() == engine.PhaseOver {
			break
		}
		var args []string
		if asked := tb.Asked(); len(asked) > 0 {
			args = []string{"decline", "--by", tb.Options.Names[asked[0]]}
		} else {
			s := tb.Game.ToAct()
			require.False(t, bot[tb.Options.Names[s]], "the game waits on a bot after a command")
			legal := tb.Game.LegalActionsFor(s)
			args = append([]string{"act"}, strings.Fields(legal[pick.IntN(len(legal))].String())...)
			args = append(args, "--by", tb.Options.Names[s])
		}
		line := strings.Join(args, " ")
		code, out, errOut := run(append(append([]string{"companion", "knights"}, args...), "--session", "bots")...)
		require.Zero(t, code, "%q: %s", line, errOut)
		over := table().Game.Phase() == engine.PhaseOver
		k.learn(table().Game)
		// The typist knows the cards it typed; the bots' lines follow.
		typist := typistOf(roles, args, "--by")
		check(line, "the command and the bots' lines", typist, strings.ReplaceAll(out, line, ""))
		for _, r := range roles {
			for _, view := range [][]string{{"status"}, {"status", "--json"}, {"moves"}, {"log"}, {"log", "--json"}} {
				_, out, errOut := run(append(append([]string{"companion", "knights"}, view...), "--session", "bots", "--as", r.name)...)
				check(line, strings.Join(view, " "), r, out+errOut)
				if !over {
					require.NotContains(t, out+errOut, "hands=", "after %q, %s as %s prints the position mid-game", line, strings.Join(view, " "), r.name)
				}
			}
		}
		for _, b := range []string{"bob", "dee"} {
			code, _, errOut := run("companion", "knights", "pass", "--by", b, "--session", "bots")
			require.NotZero(t, code)
			require.Contains(t, errOut, b+" is played by the companion")
		}
	}
	t.Logf("%d commands", steps)
	require.Greater(t, steps, 8)
}
