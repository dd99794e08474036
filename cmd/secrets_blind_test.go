package cmd

import (
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
