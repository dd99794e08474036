package cmd

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	kengine "github.com/ninjakit/ninjakit/rules/knights"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"
)

// complete asks for completions as a shell does, through cobra's hidden
// __complete command, in-process. It returns the candidates without their
// descriptions, and the directive.
func complete(t *testing.T, args ...string) ([]string, cobra.ShellCompDirective) {
	t.Helper()
	code, stdout, stderr := ninjakit(t, "", append([]string{cobra.ShellCompRequestCmd}, args...)...)
	require.Equal(t, 0, code)
	require.Empty(t, stderr, "completion writes nothing to the error stream")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	last := lines[len(lines)-1]
	require.True(t, strings.HasPrefix(last, ":"), "no directive in %q", stdout)
	d, err := strconv.Atoi(last[1:])
	require.NoError(t, err)
	var words []string
	for _, l := range lines[:len(lines)-1] {
		w, _, _ := strings.Cut(l, "\t")
		words = append(words, w)
	}
	return words, cobra.ShellCompDirective(d)
}

// words is complete without the directive.
func words(t *testing.T, args ...string) []string {
	t.Helper()
	w, _ := complete(t, args...)
	return w
}

// mustRun runs a command that must succeed.
func mustRun(t *testing.T, args ...string) {
	t.Helper()
	code, _, stderr := ninjakit(t, "", args...)
	require.Equal(t, 0, code, stderr)
}

// freshHome points NINJAKIT_HOME at an empty directory and returns the
// session file's path there.
func freshHome(t *testing.T) string {
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	return filepath.Join(home, companion.FileName)
}

// loadTable rebuilds a session as the companion does.
func loadTable[T any](t *testing.T, path, name string, replay func(companion.Session) (T, error)) T {
	t.Helper()
	st, err := companion.Open(path, companion.ReadOnly())
	require.NoError(t, err)
	defer st.Close()
	s, err := st.Load(name)
	require.NoError(t, err)
	tb, err := replay(s)
	require.NoError(t, err)
	return tb
}

func TestCompleteCommandsAndGames(t *testing.T) {
	freshHome(t)
	require.Equal(t, []string{"blades", "blind", "knights", "scorpion", "squad"}, words(t, "companion", ""))
	require.Equal(t, []string{"blades", "blind", "calibration", "cards", "kit", "scorpion", "squad"}, words(t, "generate", ""))
	require.Equal(t, []string{"blades", "knights", "scorpion", "squad"}, words(t, "generate", "kit", ""))
	require.Equal(t, []string{"knights"}, words(t, "companion", "k"))
	top := words(t, "")
	for _, want := range []string{"generate", "setup", "companion", "sessions", "version", "completion", "help"} {
		require.Contains(t, top, want)
	}
	require.Equal(t, []string{"bash", "fish", "powershell", "zsh"}, words(t, "completion", ""))
}

func TestCompleteSessionNames(t *testing.T) {
	freshHome(t)
	mustRun(t, "companion", "blades", "new", "--players", "3")
	mustRun(t, "companion", "blades", "new", "--players", "2", "--session", "friday")
	mustRun(t, "companion", "knights", "new", "--names", "ann,bob,cy")

	got, d := complete(t, "companion", "blades", "status", "--session", "")
	require.Equal(t, []string{"blades-1", "friday"}, got)
	require.Equal(t, cobra.ShellCompDirectiveNoFileComp, d)
	require.Equal(t, []string{"friday"}, words(t, "companion", "blades", "move", "--session", "F"))
	require.Equal(t, []string{"knights-1"}, words(t, "companion", "knights", "play", "--session", ""))
	require.Equal(t, []string{"knights-1"}, words(t, "companion", "knights", "log", "--session", ""))
	require.Empty(t, words(t, "companion", "blades", "new", "--session", ""), "new names a new session")

	for _, verb := range []string{"show", "export", "delete"} {
		require.Equal(t, []string{"blades-1", "friday", "knights-1"}, words(t, "sessions", verb, ""), verb)
		require.Empty(t, words(t, "sessions", verb, "friday", ""), "%s takes one session", verb)
	}
	require.Equal(t, []string{"knights-1"}, words(t, "sessions", "show", "kn"))

	// Descriptions say the game and the size.
	code, stdout, _ := ninjakit(t, "", "__complete", "sessions", "show", "f")
	require.Equal(t, 0, code)
	require.Equal(t, "friday\tblades, 0 events\n:4\n", stdout)
}

func TestCompleteFlagValues(t *testing.T) {
	freshHome(t)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"generate", "blades", "--cards", ""}, []string{"hidden", "dealt", "open", "none"}},
		{[]string{"companion", "blades", "new", "--cards", ""}, []string{"dealt", "open", "none"}},
		{[]string{"generate", "blades", "--paper", ""}, []string{"a4", "letter"}},
		{[]string{"generate", "blades", "--players", ""}, []string{"2", "3", "4", "5"}},
		{[]string{"companion", "knights", "new", "--mode", "p"}, []string{"physical"}},
		{[]string{"companion", "knights", "new", "--variant", ""}, []string{"standard", "two-player"}},
		{[]string{"companion", "knights", "new", "--players", ""}, []string{"3", "4", "5", "6", "2"}},
		{[]string{"generate", "blades", "--seed", ""}, nil},
		{[]string{"companion", "blades", "board", ""}, nil},
		{[]string{"setup", "show", ""}, nil},
	} {
		got, d := complete(t, tc.args...)
		require.Equal(t, tc.want, got, tc.args)
		require.Equal(t, cobra.ShellCompDirectiveNoFileComp, d, tc.args)
	}
	// File names where a file is wanted, and only there.
	_, d := complete(t, "generate", "blades", "-o", "")
	require.Equal(t, cobra.ShellCompDirectiveDefault, d)
	got, d := complete(t, "generate", "blades", "--data", "")
	require.Equal(t, []string{"json"}, got)
	require.Equal(t, cobra.ShellCompDirectiveFilterFileExt, d)
	got, d = complete(t, "sessions", "import", "")
	require.Equal(t, []string{"json"}, got)
	require.Equal(t, cobra.ShellCompDirectiveFilterFileExt, d)
}

func TestCompleteBladesRoles(t *testing.T) {
	path := freshHome(t)
	mustRun(t, "companion", "blades", "new", "--players", "3")
	tb := loadTable(t, path, "blades-1", cb.Replay)
	want := []string{"table", "1", "2", "3"}
	for _, s := range tb.Status(cb.TableRole).Seats {
		want = append(want, strings.ToLower(s.Colour))
	}
	got, d := complete(t, "companion", "blades", "status", "--as", "")
	require.Equal(t, want, got)
	require.Equal(t, cobra.ShellCompDirectiveNoFileComp|cobra.ShellCompDirectiveKeepOrder, d)
	for _, w := range got {
		_, err := tb.ParseRole(w)
		require.NoError(t, err, "every role offered is one --as reads")
	}
}

// A position where seat 1 (to move) holds a bomb and a circle kick, seat 2
// two shurikens; its twin swaps the hands. Both share every public fact.
const (
	bladesPos     = "3:RYB 9/9/9/9/9/9/B8/Y8/R8 1 0 hidden:BC,SS,- 0,0,0"
	bladesPosTwin = "3:RYB 9/9/9/9/9/9/B8/Y8/R8 1 0 hidden:SS,BC,- 0,0,0"
)

// firstWords are the distinct first words of moves, in order.
func firstWords(moves []string) []string {
	var out []string
	for _, m := range moves {
		if w := strings.Fields(m)[0]; !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

func TestCompleteBladesMove(t *testing.T) {
	path := freshHome(t)
	mustRun(t, "companion", "blades", "new", "--position", bladesPos, "--session", "g")
	tb := loadTable(t, path, "g", cb.Replay)

	ml := tb.Moves(cb.TableRole)
	tableMoves, hidden := ml.Moves, ml.CardsHidden
	require.True(t, hidden)
	require.Equal(t, firstWords(tableMoves), words(t, "companion", "blades", "move", ""))
	require.Equal(t, []string{"pass", "attack"}, words(t, "companion", "blades", "move", "--as", "table", ""))

	seat1 := tb.Moves(cb.Role{Seat: 0}).Moves
	for _, as := range []string{"1", "red"} {
		got := words(t, "companion", "blades", "move", "--as", as, "")
		require.Equal(t, firstWords(seat1), got)
		require.Contains(t, got, "bomb")
		require.Contains(t, got, "circle-kick")
	}
	require.Empty(t, words(t, "companion", "blades", "move", "--as", "2", ""), "seat 2 is not to move")
	require.Empty(t, words(t, "companion", "blades", "move", "--as", "9", ""), "no such seat")

	// Word by word, and a quoted move as a whole.
	require.Equal(t, []string{"a1"}, words(t, "companion", "blades", "move", "--as", "1", "bomb", ""))
	var targets, whole []string
	for _, m := range seat1 {
		if f := strings.Fields(m); f[0] == "bomb" {
			targets = append(targets, f[2])
			whole = append(whole, m)
		}
	}
	require.Equal(t, targets, words(t, "companion", "blades", "move", "--as", "1", "bomb", "a1", ""))
	require.Equal(t, whole, words(t, "companion", "blades", "move", "--as", "1", "bomb a"))
	require.Empty(t, words(t, "companion", "blades", "move", "--as", "1", "pass", ""))
	require.Empty(t, words(t, "companion", "blades", "move", "bomb", ""), "the table never completes a card play")
	require.Empty(t, words(t, "companion", "blades", "move", "bomb a"))
}

// tree collects every line of words reachable after args by choosing each
// candidate in turn, up to depth words.
func tree(t *testing.T, depth int, args []string, chosen ...string) []string {
	if depth == 0 {
		return nil
	}
	var out []string
	line := append(slices.Clone(args), chosen...)
	for _, w := range words(t, append(line, "")...) {
		next := append(slices.Clone(chosen), w)
		out = append(out, strings.Join(next, " "))
		out = append(out, tree(t, depth-1, args, next...)...)
	}
	return out
}

// What the table is offered, at any depth, is the same whatever the hidden
// hands hold; the mover's own completions do differ.
func TestCompleteBladesMoveHidesHands(t *testing.T) {
	freshHome(t)
	mustRun(t, "companion", "blades", "new", "--position", bladesPos, "--session", "a")
	mustRun(t, "companion", "blades", "new", "--position", bladesPosTwin, "--session", "b")
	for _, as := range [][]string{nil, {"--as", "table"}, {"--as", "2"}, {"--as", "blue"}} {
		a := tree(t, 3, append([]string{"companion", "blades", "move", "--session", "a"}, as...))
		b := tree(t, 3, append([]string{"companion", "blades", "move", "--session", "b"}, as...))
		require.Equal(t, a, b, as)
	}
	require.Len(t, tree(t, 3, []string{"companion", "blades", "move", "--session", "a"}), 4, "pass, attack, attack a1, attack a1 a2")
	// Sanity: the checker would see a difference for the mover.
	require.NotEqual(t,
		words(t, "companion", "blades", "move", "--session", "a", "--as", "1", ""),
		words(t, "companion", "blades", "move", "--session", "b", "--as", "1", ""))
}

func TestCompleteBladesKeep(t *testing.T) {
	path := freshHome(t)
	mustRun(t, "companion", "blades", "new", "--players", "3", "--private-seed", "7")
	tb := loadTable(t, path, "blades-1", cb.Replay)
	hand := tb.Pos.Hand(1)
	var kinds []string
	var first engine.Kind
	for k, n := range hand {
		if n > 0 {
			if kinds == nil {
				first = engine.Kind(k)
			}
			kinds = append(kinds, engine.Kind(k).String())
		}
	}
	require.NotEmpty(t, kinds)
	require.Equal(t, append([]string{"none"}, kinds...), words(t, "companion", "blades", "keep", "--as", "2", ""))

	// Once every copy of a card is named it is no longer offered.
	typed := []string{"companion", "blades", "keep", "--as", "2"}
	for range hand[first] {
		typed = append(typed, first.String())
	}
	got := words(t, append(typed, "")...)
	require.NotContains(t, got, first.String())
	require.NotContains(t, got, "none")
	require.Equal(t, kinds[1:], got)

	require.Empty(t, words(t, "companion", "blades", "keep", ""), "the table holds no hand")
	mustRun(t, "companion", "blades", "keep", "--as", "2", "none")
	require.Empty(t, words(t, "companion", "blades", "keep", "--as", "2", ""), "seat 2 has chosen")
}

func TestCompleteKnights(t *testing.T) {
	path := freshHome(t)
	mustRun(t, "companion", "knights", "new", "--session", "g", "--names", "ann,bob,cy",
		"--position", "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=SKQ/R/SRPPP draw=*PP")
	names := []string{"ann", "bob", "cy"}
	for _, flag := range []string{"--at", "--by", "--from"} {
		require.Equal(t, names, words(t, "companion", "knights", "play", flag, ""), flag)
	}
	require.Equal(t, names, words(t, "companion", "knights", "respond", "--as", ""), "a verb's --as is who acts")
	require.Equal(t, names, words(t, "companion", "knights", "take", "--from", ""))
	require.Equal(t, append([]string{"table"}, names...), words(t, "companion", "knights", "status", "--as", ""))
	require.Equal(t, []string{"bob"}, words(t, "companion", "knights", "moves", "--as", "B"))

	var all []string
	for _, c := range kengine.Cards {
		all = append(all, c.String())
	}
	// Without a player on the line every card is offered: tab shows no hand.
	require.Equal(t, all, words(t, "companion", "knights", "play", ""))
	require.Equal(t, all, words(t, "companion", "knights", "play", "--at", "bob", ""))
	require.Equal(t, all, words(t, "companion", "knights", "respond", ""))
	// A player named on the line is offered their own hand.
	tb := loadTable(t, path, "g", ck.Replay)
	var hand []string
	for _, c := range tb.Game.Hand(2) {
		if !slices.Contains(hand, c.String()) {
			hand = append(hand, c.String())
		}
	}
	require.Equal(t, []string{"soldier", "knight", "queen"}, words(t, "companion", "knights", "play", "--from", "ann", ""))
	require.Equal(t, hand, words(t, "companion", "knights", "respond", "--by", "cy", ""))
	require.Equal(t, hand, words(t, "companion", "knights", "discard", "--as", "3", ""))
	require.Equal(t, []string{"peasant"}, words(t, "companion", "knights", "fortify", "--by", "cy", "p"))
	require.Equal(t, all, words(t, "companion", "knights", "play", "--by", "nobody", ""))

	require.Equal(t, []string{"gems", "cards"}, words(t, "companion", "knights", "pay", ""))
	require.Equal(t, hand, words(t, "companion", "knights", "pay", "--by", "cy", "cards", ""))
	require.Empty(t, words(t, "companion", "knights", "pay", "gems", ""))
	for _, verb := range []string{"pass", "keep", "give", "redeal"} {
		require.Empty(t, words(t, "companion", "knights", verb, ""), verb)
	}

	// act completes engine notation for the player on the line; with a
	// digital deck the table sees no choices, as with moves.
	require.Empty(t, words(t, "companion", "knights", "act", ""))
	require.Equal(t, []string{"attack", "discard"}, words(t, "companion", "knights", "act", "--by", "ann", ""))
	require.Equal(t, []string{"2", "3"}, words(t, "companion", "knights", "act", "--as", "ann", "attack", ""))
	require.Equal(t, []string{"soldier", "knight", "queen"}, words(t, "companion", "knights", "act", "--by", "ann", "attack", "3", ""))
	require.Empty(t, words(t, "companion", "knights", "act", "--by", "cy", ""), "cy is not to act")

	// A physical deck: the companion knows no hand, so every card; the
	// table may see every choice.
	mustRun(t, "companion", "knights", "new", "--session", "p", "--mode", "physical", "--names", "a,b,c")
	require.Equal(t, all, words(t, "companion", "knights", "play", "--session", "p", "--by", "a", ""))
	require.NotEmpty(t, words(t, "companion", "knights", "act", "--session", "p", ""))
}

// Completion reads only: a missing file stays missing, a damaged or busy
// one offers nothing, and nothing is ever printed but the directive.
func TestCompleteFailsQuietly(t *testing.T) {
	path := freshHome(t)
	probes := [][]string{
		{"companion", "blades", "move", ""},
		{"companion", "blades", "status", "--as", ""},
		{"companion", "knights", "play", "--at", ""},
		{"companion", "knights", "play", "--by", "ann", ""},
		{"sessions", "show", ""},
		{"companion", "blades", "status", "--session", ""},
	}
	quiet := func(why string) {
		t.Helper()
		for _, p := range probes {
			code, stdout, stderr := ninjakit(t, "", append([]string{"__complete"}, p...)...)
			require.Equal(t, 0, code, why)
			require.Empty(t, stderr, why)
			require.Regexp(t, `^:\d+\n$`, stdout, "%s: %v", why, p)
		}
	}
	quiet("no session file")
	_, err := os.Stat(path)
	require.ErrorIs(t, err, os.ErrNotExist, "completion created the session file")

	require.NoError(t, os.WriteFile(path, []byte("not a session file at all, not even close to one"), 0o600))
	quiet("a damaged file")

	require.NoError(t, os.Remove(path))
	mustRun(t, "companion", "blades", "new", "--players", "3")
	mustRun(t, "companion", "knights", "new", "--names", "ann,bob,cy")
	st, err := companion.Open(path)
	require.NoError(t, err)
	start := time.Now()
	quiet("a file another command is writing")
	require.Less(t, time.Since(start), time.Duration(len(probes))*time.Second, "completion waited for the lock")
	require.NoError(t, st.Close())
	require.NotEmpty(t, words(t, "sessions", "show", ""))

	require.Empty(t, words(t, "companion", "blades", "move", "--session", "nosuch", ""))
	require.Empty(t, words(t, "companion", "knights", "status", "--session", "blades-1", "--as", ""), "a session of another game")
}
