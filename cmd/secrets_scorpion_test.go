package cmd

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/internal/sweep"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// scorpionScript reads the commands of a Scorpion Clan transcript: each
// `exec ninjakit companion scorpion ...` line, '!' kept in front of one
// that must fail. Quotes are taken off; verify (which reads a file) is
// left out.
func scorpionScript(t testing.TB, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	var out []string
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		l := lines.Text()
		bang := strings.HasPrefix(l, "! ")
		l = strings.TrimPrefix(l, "! ")
		rest, ok := strings.CutPrefix(l, "exec ninjakit companion scorpion ")
		if !ok || strings.HasPrefix(rest, "verify") {
			continue
		}
		rest = strings.ReplaceAll(rest, "'", "")
		if bang {
			rest = "!" + rest
		}
		out = append(out, rest)
	}
	require.NoError(t, lines.Err())
	return out
}

// scorpionSecrets is what a reader may not know at one moment: texts of
// events told only to others, and facts of the board it may not see.
type scorpionSecrets struct {
	texts   []string         // event texts verbatim
	actions map[string]bool  // actions as typed: no line may end in one after its indent or a ": "
	lines   []*regexp.Regexp // patterns no output line may match
}

// secretsFor computes, from the moderator's knowledge, what reader r may
// not know now.
func secretsFor(tb *sc.Table, reader string) scorpionSecrets {
	var s scorpionSecrets
	r, err := tb.ParseRole(reader)
	if err != nil {
		panic(err)
	}
	// Every text some event told others but not r, unless r read the same
	// words from another event; the engine's own filter decides, never
	// the companion's.
	seen := map[string]bool{}
	var private []string
	for _, e := range tb.Log[1:] {
		for _, ev := range e.Events {
			text, _ := ev.For(r.Engine)
			seen[text] = true
			if ev.Text != "" && text != ev.Text {
				private = append(private, ev.Text)
			}
		}
	}
	add := func(p string) { s.lines = append(s.lines, regexp.MustCompile(p)) }
	// The actions of a side r does not know, as typed (a step, a start, a
	// hand): the log and the answers never show them to r.
	s.actions = map[string]bool{}
	for _, e := range tb.Log[1:] {
		if !r.Knows(e.Role) && len(e.Action.Args) > 0 {
			s.actions[e.Action.String()] = true
		}
	}
	for _, p := range private {
		if !seen[p] {
			s.texts = append(s.texts, p)
		}
	}
	if r.Engine == engine.RoleModerator {
		return s
	}
	m := tb.Game.View(engine.RoleModerator)
	guardSide := !r.Table && r.Engine.Side() == engine.Guards
	intruderSide := !r.Table && r.Engine.Side() == engine.Intruders
	if !guardSide {
		for z, what := range m.Hidden {
			add(`\b` + z + `=` + what + `\b`)
		}
		add(`Hidden \(guards only\)|"hidden"|"sleepingAt"|"deckCards"|"drawn"|draw deck:|just drawn:|Sleeping guards left: \d+ \(`)
		add(`^(Guard|Sword|Spear): .*\n  hand:`)
		add(`the (guard|sword|spear) draws [A-Z]`)
	}
	if !intruderSide {
		add(`hidden at |"ropes"|Ropes \(|"noise"|noise \d|"visited"|hangs a rope|will start at|secret passage joins`)
		add(`^(Ninja|Traitor): .*\n  hand:`)
		for i, iv := range m.Intruders {
			name := []string{"Ninja", "Traitor"}[i]
			if !iv.Done && iv.Mission != "" {
				add(`(?i)` + name + `:[^\n]*mission ` + iv.Mission + `|"mission": "` + iv.Mission + `"`)
			}
		}
		for i, iv := range m.Intruders {
			if iv.Zone != "" && iv.Zone != "passage" && !iv.Revealed && !iv.Dead && !iv.Gone {
				// Where a hidden intruder stands: his own status line.
				add(`(?m)^` + []string{"Ninja", "Traitor"}[i] + `:[^\n]*\b` + regexp.QuoteMeta(iv.Zone) + `\b`)
			}
		}
		if v := tb.Game.View(r.Engine); len(v.Passage) == 0 {
			add(`Secret passage ends known|"passage": \[`)
		}
	}
	if intruderSide {
		// The partner's mission, until he shows it or it is done.
		own := map[string]int{"ninja": 0, "traitor": 1}[reader]
		other := m.Intruders[1-own]
		v := tb.Game.View(r.Engine)
		if other.Mission != "" && v.Intruders[1-own].Mission == "" {
			name := []string{"Ninja", "Traitor"}[1-own]
			add(name + `:[^\n]*mission ` + other.Mission + `|mission is ` + other.Mission)
		}
	}
	return s
}

func (s scorpionSecrets) leaks(out string) []string {
	var bad []string
	for _, text := range s.texts {
		// Outputs wrap a long text at 62 columns: its first piece stands whole.
		if cut := strings.LastIndexByte(text[:min(len(text), 62)], ' '); len(text) > 62 && cut > 2 {
			text = text[:cut]
		}
		if strings.Contains(out, text) {
			bad = append(bad, text)
		}
	}
	// A set lookup per line ending, not a pattern per logged action: the
	// check costs the same at the game's end as at its start.
	for _, l := range strings.Split(out, "\n") {
		ends := []string{strings.TrimLeft(l, " ")}
		for i := strings.Index(l, ": "); i >= 0; {
			ends = append(ends, l[i+2:])
			next := strings.Index(l[i+2:], ": ")
			if next < 0 {
				break
			}
			i += 2 + next
		}
		for _, end := range ends {
			if s.actions[end] {
				bad = append(bad, "an action of the other side => "+end)
			}
		}
	}
	for _, re := range s.lines {
		if m := re.FindString(out); m != "" {
			bad = append(bad, re.String()+" => "+m)
		}
	}
	return bad
}

// checkStatusJSON reads a status --json as reader: the fields the engine
// fills only for one side must be empty for the other.
func checkStatusJSON(t *testing.T, step, reader, out string) {
	t.Helper()
	var st sc.Status
	require.NoError(t, json.Unmarshal([]byte(out), &st), "%s: status --json as %s", step, reader)
	v := st.View
	if reader == "moderator" {
		return
	}
	if reader != "guard" && reader != "sword" && reader != "spear" {
		require.Empty(t, v.Hidden, "%s: %s reads hidden placements", step, reader)
		require.Empty(t, v.SleepingAt, "%s: %s reads the sleeping guards", step, reader)
		for _, h := range v.Hands {
			require.Empty(t, h.Cards, "%s: %s reads a guard hand", step, reader)
			require.Empty(t, h.DeckOf, "%s: %s reads a guard deck", step, reader)
		}
	}
	if reader != "ninja" && reader != "traitor" {
		require.Empty(t, v.Ropes, "%s: %s reads the ropes", step, reader)
		for _, in := range v.Intruders {
			require.Empty(t, in.Hand, "%s: %s reads an intruder's hand", step, reader)
			require.Nil(t, in.Noise, "%s: %s reads an intruder's noise", step, reader)
			if !in.Revealed {
				require.Empty(t, in.Zone, "%s: %s reads the hidden %s's zone", step, reader, in.Name)
			}
		}
	}
}

// TestScorpionSecrets plays the scripted games of scorpion_game.txtar (one
// guard player, to the end) and scorpion_two_guards.txtar (sword and spear;
// a rope and a Shadow Walk) through the command line and, after every step,
// reads the command's own output and refusal (as the role that typed it),
// and every view as a third of the roles and the table in turn (all of them
// under NINJAKIT_SWEEP=1): status and log, as text and JSON, and an undo
// tried by each role that may not take the last action back. No output may hold a
// text the engine told only others, nor any of the hidden facts the reader
// may not know at that moment: the guards' unfound placements, sleeping
// guards and hands for the intruders; hidden intruder zones, ropes, the
// passage ends, hands, noise and missions for the guards; the partner's
// unshown mission for each intruder.
func TestScorpionSecrets(t *testing.T) {
	sweep.Sampled(t, "the views after each step")
	for _, g := range []struct {
		file, session string
		readers       []string
		steps         int // at least
	}{
		{"scorpion_game", "castle", []string{"table", "guard", "ninja", "traitor", "moderator"}, 40},
		{"scorpion_two_guards", "duo", []string{"table", "sword", "spear", "ninja", "traitor", "moderator"}, 40},
		// Bot guards: their set-up and hand are the companion's; the bot's
		// words after each command are checked as the typist's output.
		{"scorpion_bot", "solo", []string{"table", "ninja", "traitor"}, 20},
		// Bot intruders: their hidden steps tell the guards nothing.
		{"scorpion_bot_intruders", "raid", []string{"table", "sword", "spear"}, 8},
	} {
		t.Run(g.file, func(t *testing.T) { playScorpionSecrets(t, g.file, g.session, g.readers, g.steps) })
	}
}

func playScorpionSecrets(t *testing.T, file, session string, readers []string, steps int) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	script := scorpionScript(t, "testdata/script/"+file+".txtar")
	require.Greater(t, len(script), steps)
	table := func() *sc.Table {
		return storedTable(t, sc.Game, session, sc.Replay)
	}
	checked, refusals := 0, 0
	// What a reader may not know is worked out once per step and reader.
	var secretsOf map[string]scorpionSecrets
	check := func(tb *sc.Table, step, what, reader, out string) {
		t.Helper()
		if over, _ := tb.Game.Over(); over && strings.HasPrefix(step, "reveal") {
			return // C-17: after the game, reveal opens every set-up, one line each
		}
		sec, ok := secretsOf[reader]
		if !ok {
			sec = secretsFor(tb, reader)
			secretsOf[reader] = sec
		}
		bad := sec.leaks(out)
		require.Empty(t, bad, "after %q, %s as %s tells what it may not know:\n%s", step, what, reader, out)
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), `"`) {
				continue // JSON is read by programs: a hash may run long
			}
			require.LessOrEqual(t, len([]rune(l)), 80, "after %q, %s as %s: a line wider than 80 columns:\n%s", step, what, reader, l)
		}
		checked++
	}
	// The session's size would count the intruders' hidden steps: the
	// sessions commands read the same all game long, but for the phase,
	// which is the table's own view of the turn (ruling F-8).
	var sessions string
	views := func(i int, step string) {
		tb := table()
		_, list, _ := run("sessions", "list", "--json")
		var entries []map[string]any
		require.NoError(t, json.Unmarshal([]byte(list), &entries))
		require.Len(t, entries, 1)
		_, public, _ := run("companion", "scorpion", "status", "--json", "--session", session, "--as", "table")
		var st struct {
			View struct {
				Turn           int
				Phase, Outcome string
			}
		}
		require.NoError(t, json.Unmarshal([]byte(public), &st))
		want := fmt.Sprintf("turn %d, %s phase", st.View.Turn, st.View.Phase)
		switch {
		case st.View.Outcome != "":
			want = fmt.Sprintf("over after turn %d: %s", st.View.Turn, st.View.Outcome)
		case st.View.Phase == "setup":
			want = "setup"
		}
		require.Equal(t, want, entries[0]["phase"], "after %q, the listed phase is not the table's", step)
		delete(entries[0], "phase")
		rest, err := json.Marshal(entries)
		require.NoError(t, err)
		_, show, _ := run("sessions", "show", session)
		if sessions == "" {
			sessions = string(rest) + show
		}
		require.Equal(t, sessions, string(rest)+show, "after %q, the sessions commands read differently", step)
		for ri, r := range readers {
			if !sweep.Every(i+ri, 3, 0) {
				continue
			}
			for _, view := range [][]string{{"status"}, {"status", "--json"}, {"log"}, {"log", "--json"}, {"commitment"}, {"moves"}, {"moves", "--json"}} {
				_, out, errOut := run(append(append([]string{"companion", "scorpion"}, view...), "--session", session, "--as", r)...)
				check(tb, step, strings.Join(view, " "), r, out+errOut)
				if strings.Join(view, " ") == "status --json" {
					checkStatusJSON(t, step, r, out)
				}
			}
			role, err := tb.ParseRole(r)
			require.NoError(t, err)
			if tb.MayUndo(role) != nil {
				code, out, errOut := run("companion", "scorpion", "undo", "--session", session, "--as", r)
				require.NotZero(t, code, "after %q, undo as %s should be refused", step, r)
				check(tb, step, "undo", r, out+errOut)
			}
		}
	}
	for i, step := range script {
		line := strings.TrimPrefix(step, "!")
		args := strings.Fields(line)
		if i > 0 {
			args = append(args, "--session", session)
		}
		code, out, errOut := run(append([]string{"companion", "scorpion"}, args...)...)
		if step[0] == '!' {
			require.NotZero(t, code, "%q should be refused", line)
			require.Equal(t, 1, strings.Count(errOut, "\n"), "%q: a refusal is one line: %s", line, errOut)
			refusals++
		} else {
			require.Zero(t, code, "%q: %s", line, errOut)
		}
		typist := "table"
		for j, a := range args {
			if a == "--as" && j+1 < len(args) {
				typist = args[j+1]
			}
		}
		if _, err := table().ParseRole(typist); err != nil {
			typist = "table" // a role this game has not: the refusal is for anyone
		}
		secretsOf = map[string]scorpionSecrets{}
		check(table(), line, "the command itself", typist, out+errOut)
		views(i, line)
	}
	require.Greater(t, refusals, 2)
	t.Logf("%d outputs checked over %d steps, %d refusals", checked, len(script), refusals)
}

// TestScorpionVerifyCLI plays the scripted game to its end, takes reveal's
// output and checks verify through the command line: each side matches;
// any changed placement or salt, and a cut or malformed commitment, fail
// with one line that names the part.
func TestScorpionVerifyCLI(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	for _, step := range scorpionScript(t, "testdata/script/scorpion_game.txtar") {
		if step[0] != '!' {
			code, _, errOut := run(append([]string{"companion", "scorpion"}, strings.Fields(step)...)...)
			require.Zero(t, code, "%s: %s", step, errOut)
		}
	}
	code, out, errOut := run("companion", "scorpion", "reveal", "--json")
	require.Zero(t, code, errOut)
	var rs []sc.RevealLine
	require.NoError(t, json.Unmarshal([]byte(out), &rs))
	require.Len(t, rs, 2)
	verify := func(commitment, reveal string) (int, string, string) {
		return run(append([]string{"companion", "scorpion", "verify", commitment}, strings.Fields(reveal)...)...)
	}
	for _, r := range rs {
		code, out, errOut := verify(r.Short, r.Reveal)
		require.Zero(t, code, errOut)
		require.Equal(t, r.Short+": match\n", out)
		code, _, errOut = verify(r.Full, r.Reveal)
		require.Zero(t, code, errOut)

		words := strings.Fields(r.Placements)
		for i := range words {
			alt := append([]string(nil), words...)
			alt[i] = strings.ToLower(alt[i]) + "X"
			code, _, errOut := verify(r.Short, r.Reveal[:2]+r.Salt+" "+strings.Join(alt, " "))
			require.Equal(t, 1, code)
			require.Regexp(t, `^ninjakit: [GI](-[0-9A-F]{4}){5} does not match: placements: `, errOut)
			require.Equal(t, 1, strings.Count(errOut, "\n"))
		}
		salt := []byte(r.Salt)
		salt[5] = map[bool]byte{true: '1', false: '0'}[salt[5] == '0']
		code, _, errOut = verify(r.Short, strings.Replace(r.Reveal, r.Salt, string(salt), 1))
		require.Equal(t, 1, code)
		require.Contains(t, errOut, "does not match: placements: the placements and salt revealed are not the ones sealed")
		code, _, errOut = verify(r.Short[:len(r.Short)-5], r.Reveal)
		require.Equal(t, 1, code)
		require.Contains(t, errOut, "commitment: the commitment has 16 hex digits")
		code, _, errOut = verify(strings.Replace(r.Short, "-", "-Q", 1), r.Reveal)
		require.Equal(t, 1, code)
		require.Contains(t, errOut, `commitment: the commitment is not hex after its side letter: "q" at position 1`)
	}
	// The sides do not open each other.
	code, _, errOut = verify(rs[0].Short, rs[1].Reveal)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "side: the commitment is the guards', the reveal the intruders'")
}

// TestScorpionTableSecrets plays the scripted game through the table
// mode's adapter, each action typed in its role's own view, and after
// every step reads the board (the shared screen), what the table is told
// of the action, and every role's own view against what that reader may
// not know.
func TestScorpionTableSecrets(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	var g tui.Game
	styles := tui.NewStyles(io.Discard, false)
	checked := 0
	for _, step := range scorpionScript(t, "testdata/script/scorpion_game.txtar") {
		args := strings.Fields(strings.TrimPrefix(step, "!"))
		var words []string
		as := ""
		for i := 0; i < len(args); i++ {
			switch {
			case args[i] == "--as" && i+1 < len(args):
				as = args[i+1]
				i++
			case args[i] == "--free":
				words = append(words, "free")
			case strings.HasPrefix(args[i], "-"):
			default:
				words = append(words, args[i])
			}
		}
		switch {
		case args[0] == "new" || args[0] == "undo":
			code, _, errOut := run(append([]string{"companion", "scorpion"}, args...)...)
			require.Equal(t, step[0] == '!', code != 0, "%s: %s", step, errOut)
		case as == "" || slices.Contains([]string{"status", "log", "moves", "commitment", "reveal"}, args[0]):
			continue
		default:
			v, ok := g.Seat(as)
			require.True(t, ok, step)
			if words[0] == "act" {
				words = words[1:]
			}
			told, err := g.Do(v, strings.Join(words, " "))
			require.Equal(t, step[0] == '!', err != nil, "%s: %v", step, err)
			tb := storedTable(t, sc.Game, "castle", sc.Replay)
			require.Empty(t, secretsFor(tb, "table").leaks(told), "after %q the table is told:\n%s", step, told)
			if err != nil {
				require.Empty(t, secretsFor(tb, as).leaks(err.Error()), "after %q, %s is refused with:\n%s", step, as, err)
			}
		}
		if g == nil {
			var err error
			g, err = tui.NewScorpion(storeSource{game: sc.Game, name: "castle"})
			require.NoError(t, err)
		}
		require.NoError(t, g.Refresh())
		tb := storedTable(t, sc.Game, "castle", sc.Replay)
		require.Empty(t, secretsFor(tb, "table").leaks(g.Board(styles)), "after %q the board shows:\n%s", step, g.Board(styles))
		for v := tui.Viewer(0); g.Name(v) != ""; v++ {
			view := g.Secret(v, styles)
			require.Empty(t, secretsFor(tb, g.Name(v)).leaks(view), "after %q, %s's own view shows:\n%s", step, g.Name(v), view)
			checked++
		}
	}
	t.Logf("%d table-mode views checked", checked)
}
