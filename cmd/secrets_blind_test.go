package cmd

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	cb "github.com/ninjakit/ninjakit/companion/blind"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
	"github.com/stretchr/testify/require"
)

// blindSecretsScript is the start of a three-player game typed at one
// terminal: placements, orders, refusals of every kind, undo by the giver
// and by others, a slash that hits. A leading '!' marks a step that must
// fail. {bob} is bob's part that varies between the two runs.
var blindSecretsScript = []string{
	"!start --as ann e f g",
	"!start --as ann e2 f g h",
	"start --as ann e f g h",
	"!start e f g h",
	"start --as bob {bobstart}",
	"start --as cy e8 f8 g8 h8",
	"!orders --as bob s s s s",
	"!orders --as ann 1:s 2:s 3:s 1:m",
	"!orders --as ann 4:x 1:m 2:s 3:s",
	"!orders --as ann s s s t:n",
	"!orders --as ann q",
	"!orders s s s s",
	"orders --as ann s s s t:e",
	"!undo --as bob",
	"!undo",
	"undo --as ann",
	"orders --as ann s s s x --json",
	"!undo --as ann",
	"orders --as bob {bob1}",
	"!orders --as bob s s s",
	"!orders --as cy m m m m m",
	"!orders --as cy m m s t:s",
	"orders --as cy m m m m",
	"orders --as ann t:e s m",
	"orders --as bob {bob2} --json",
	"undo --as bob",
	"orders --as bob {bob2}",
	"!orders --as cy x x x x x",
	"orders --as cy m m m m",
	"orders --as ann s s x",
	"!orders --as bob m m m",
	"orders --as bob t:n s",
}

// blindVariants differ only in what bob does behind his screen: where his
// fourth ninja starts and how his ninjas face. Every slash sounds the same
// in both, so nobody but bob may read anything different.
var blindVariants = []map[string]string{
	{"{bobstart}": "1 2 3 4", "{bob1}": "x s s", "{bob2}": "s s s"},
	{"{bobstart}": "1 2 3 6", "{bob1}": "x s t:s", "{bob2}": "t:s t:n m"},
}

var blindSquare = regexp.MustCompile(`\b[A-Ha-h][1-8]\b`)

// TestBlindSecrets plays the script twice, once per variant, and after
// every step reads every output as every role: status, log, position, as
// text and JSON, and the command's own output and refusal as its typist.
// Two checks: no output names a square where another player's ninja stands
// or stood unless everyone heard it slashed (or it is the reader's own);
// and every output for ann, cy or the table is the same in both runs, so
// it tells them nothing of bob's squares or facings.
func TestBlindSecrets(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	roles := []role{{"table", engine.NoSeat}, {"ann", 0}, {"bob", 1}, {"cy", 2}}
	var runs [2][]string // outputs per variant, in order, for everyone but bob
	for v, vars := range blindVariants {
		session := []string{"leak-a", "leak-b"}[v]
		code, _, errOut := run("companion", "blind", "new", session, "--names", "ann,bob,cy")
		require.Zero(t, code, errOut)
		seen := map[rules.Seat]map[string]bool{0: {}, 1: {}, 2: {}}
		table := func() *cb.Table {
			return storedTable(t, cb.Game, session, cb.Replay)
		}
		learn := func() {
			g := table().Game
			for s := range 3 {
				if !g.Placed(rules.Seat(s)) {
					continue
				}
				for k := 1; k <= engine.Ninjas; k++ {
					at, _, _ := g.Ninja(rules.Seat(s), k)
					seen[rules.Seat(s)][at.String()] = true
				}
			}
		}
		check := func(step, what string, r role, out string) {
			t.Helper()
			g := table().Game
			public := map[string]bool{}
			for _, h := range g.Heard() {
				public[h.Square.String()] = true
			}
			if r.seat != engine.NoSeat {
				edge := g.Grid().Edge(engine.Side(3, int(r.seat)))
				public[edge[0].String()], public[edge[len(edge)-1].String()] = true, true
			}
			for _, m := range blindSquare.FindAllString(out, -1) {
				q := strings.ToUpper(m)
				if public[q] || r.seat != engine.NoSeat && seen[r.seat][q] {
					continue
				}
				for s, sq := range seen {
					require.False(t, s != r.seat && sq[q], "after %q, %s as %s names %s, a square of %s's:\n%s", step, what, r.name, q, roles[s+1].name, out)
				}
			}
			for _, l := range strings.Split(out, "\n") {
				require.LessOrEqual(t, len([]rune(l)), 80, "after %q, %s as %s: a line wider than 80 columns", step, what, r.name)
			}
			if r.name != "bob" {
				runs[v] = append(runs[v], step+" | "+what+" as "+r.name+"\n"+strings.ReplaceAll(out, session, "SESSION"))
			}
		}
		views := func(step string) {
			for _, r := range roles {
				for _, view := range [][]string{{"status"}, {"status", "--json"}, {"log"}, {"log", "--json"}, {"position"}} {
					_, out, errOut := run(append(append([]string{"companion", "blind"}, view...), "--session", session, "--as", r.name)...)
					check(step, strings.Join(view, " "), r, out+errOut)
				}
			}
		}
		learn()
		views("new")
		for _, step := range blindSecretsScript {
			line := strings.TrimLeft(step, "!")
			for k, v := range vars {
				line = strings.ReplaceAll(line, k, v)
			}
			args := strings.Fields(line)
			code, out, errOut := run(append(append([]string{"companion", "blind"}, args...), "--session", session)...)
			if step[0] == '!' {
				require.NotZero(t, code, "%q should be refused", line)
				require.Equal(t, 1, strings.Count(errOut, "\n"), "%q: a refusal is one line: %s", line, errOut)
			} else {
				require.Zero(t, code, "%q: %s", line, errOut)
			}
			typist := typistOf(roles, args, "--as")
			learn()
			check(strings.TrimLeft(step, "!"), "the command itself", typist, out+errOut)
			views(strings.TrimLeft(step, "!"))
		}
	}
	require.Equal(t, len(runs[0]), len(runs[1]))
	for i := range runs[0] {
		require.Equal(t, runs[0][i], runs[1][i], "an output for someone other than bob differs with bob's hidden moves")
	}
	t.Logf("%d outputs compared", len(runs[0]))
}

// TestBlindSecretsWithBot: cy is a bot. Two runs differ only in which way
// bob's ninjas face (he turns them in one run, stands in the other, never
// slashing), so nothing anyone hears differs. ann plays her own hints.
// After every step every role reads every view: nobody's output names a
// square of another player's or of the bot's unless it was heard slashed;
// the bot's grid is shown to no role before the end (--as cy is refused);
// and everything ann and the table read is the same in both runs, the
// bot's words included, until the end shows every grid (W-13): the bot
// gave the same orders, so it did not read bob's grid.
func TestBlindSecretsWithBot(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	roles := []role{{"table", engine.NoSeat}, {"ann", 0}, {"bob", 1}, {"cy", 2}}
	var runs [2][]string
	for v := range 2 {
		session := []string{"bot-a", "bot-b"}[v]
		code, out, errOut := run("companion", "blind", "new", session, "--names", "ann,bob,cy", "--bot", "cy=easy", "--turns", "4", "--private-seed", "21")
		require.Zero(t, code, errOut)
		table := func() *cb.Table { return storedTable(t, cb.Game, session, cb.Replay) }
		check := func(step, what string, r role, out string) {
			t.Helper()
			g := table().Game
			public := map[string]bool{}
			for _, h := range g.Heard() {
				public[h.Square.String()] = true
			}
			if r.seat != engine.NoSeat {
				edge := g.Grid().Edge(engine.Side(3, int(r.seat)))
				public[edge[0].String()], public[edge[len(edge)-1].String()] = true, true
			}
			if g.Stage() != engine.StageOver {
				for s := range 3 {
					if rules.Seat(s) == r.seat || !g.Placed(rules.Seat(s)) {
						continue
					}
					for k := 1; k <= engine.Ninjas; k++ {
						at, _, _ := g.Ninja(rules.Seat(s), k)
						q := at.String()
						require.False(t, !public[q] && regexp.MustCompile(`\b(?i)`+q+`\b`).MatchString(out),
							"after %q, %s as %s names %s, a square of %s's:\n%s", step, what, r.name, q, roles[s+1].name, out)
					}
				}
			}
			if r.name != "bob" && g.Stage() != engine.StageOver {
				runs[v] = append(runs[v], step+" | "+what+" as "+r.name+"\n"+strings.ReplaceAll(out, session, "SESSION"))
			}
		}
		views := func(step string) {
			for _, r := range roles {
				for _, view := range [][]string{{"status"}, {"status", "--json"}, {"log"}, {"log", "--json"}} {
					code, out, errOut := run(append(append([]string{"companion", "blind"}, view...), "--session", session, "--as", r.name)...)
					if r.name == "cy" {
						require.Equal(t, 2, code, "the bot's view is refused")
					}
					check(step, strings.Join(view, " "), r, out+errOut)
				}
			}
		}
		check("new", "the command itself", roles[0], out+errOut)
		views("new")
		do := func(step string, args ...string) {
			code, out, errOut := run(append(append([]string{"companion", "blind"}, args...), "--session", session)...)
			require.Zero(t, code, "%s: %s", step, errOut)
			check(step, "the command itself", typistOf(roles, args, "--as"), out+errOut)
			views(step)
		}
		for _, bad := range [][]string{{"start", "--as", "cy", "a8", "b8", "c8", "d8"}, {"orders", "--as", "cy", "s"}, {"hint", "--as", "cy"}, {"undo", "--as", "cy"}} {
			code, out, errOut := run(append(append([]string{"companion", "blind"}, bad...), "--session", session)...)
			require.NotZero(t, code, "%v", bad)
			check(strings.Join(bad, " "), "the refusal", roles[0], out+errOut)
		}
		do("ann starts", "start", "--as", "ann", "b", "d", "e", "g")
		do("bob starts", "start", "--as", "bob", "2", "3", "5", "7")
		for step := 0; table().Game.Stage() != engine.StageOver; step++ {
			require.Less(t, step, 30)
			g := table().Game
			switch g.ToAct() {
			case 0:
				code, out, errOut := run("companion", "blind", "hint", "--session", session, "--as", "ann", "--level", "easy", "--seed", "1")
				require.Zero(t, code, errOut)
				check("ann's hint", "the hint", roles[1], out)
				_, cmd, ok := strings.Cut(out, "To play it: ninjakit companion blind ")
				require.True(t, ok, out)
				cmd, _, _ = strings.Cut(cmd, "\n")
				do(fmt.Sprintf("ann's turn %d", step), strings.Fields(cmd)...)
			case 1:
				var orders []string
				for _, k := range g.Living(1) {
					_, face, _ := g.Ninja(1, k)
					switch {
					case v == 0:
						orders = append(orders, "s")
					case face == engine.North:
						orders = append(orders, "t:s")
					default:
						orders = append(orders, "t:n")
					}
				}
				do(fmt.Sprintf("bob's turn %d", step), append([]string{"orders", "--as", "bob"}, orders...)...)
			default:
				t.Fatalf("the game waits for the bot cy after a command")
			}
		}
	}
	require.Equal(t, len(runs[0]), len(runs[1]))
	for i := range runs[0] {
		require.Equal(t, runs[0][i], runs[1][i], "an output for ann or the table differs with the way bob's ninjas face")
	}
	t.Logf("%d outputs compared", len(runs[0]))
}
