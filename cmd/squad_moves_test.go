package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/stretchr/testify/require"
)

// squadMovesGames are scripted games whose every position is checked: a
// physical raid (cards named by the table, a dash that ends at a guard, a
// rival's guard, Senjutsu cards played from the palace roof) and a
// physical escape for three (traps, a rival knocked onto a trap and into a
// guard). A step "*" plays move 1.1 until the movement phase is over.
var squadMovesGames = []struct {
	new   []string
	steps []string
}{
	{[]string{"--names", "ann,bob", "--decks", "physical"}, []string{
		"move 1.1 2 cubes", "guard ann", "move 1.2", "move 2.1", "*",
		"exposed ann", "patrols", "draw scaredy cat", "draw ninja dash", "draw pocket rocket",
		"move 1.1", "senjutsu ninja dash --by ann", "move 2.1 guard", "move 1.1", "move 1.1", "move 1.1 home",
		"senjutsu pocket rocket --by ann", "move 1.2 home",
	}},
	{[]string{"--names", "ann,bob,cy", "--mode", "escape", "--decks", "physical"}, []string{
		"trap trip wire", "move 1.1 1 cube", "draw spear", "end",
		"move 1.1 1 cube", "draw tonfa", "end",
		"trap caltrops --by cy", "move 1.1",
		"buki spear --by ann", "sprung trip wire --of ann --who bob --lost tonfa", "guard cy", "move 1.1",
		"sprung caltrops --of cy", "move 1.2", "move 1.1 home",
	}},
}

// TestSquadListedMovesArePlayable plays the scripted games and, at every
// position, asks every role for its moves as text and as JSON: both list
// the same commands, and each, typed as listed, is accepted (tried on a
// copy of the session file, so the game goes on as scripted). A command
// that names a hidden card is listed to that card's holder only.
func TestSquadListedMovesArePlayable(t *testing.T) {
	for gi, game := range squadMovesGames {
		home := t.TempDir()
		t.Setenv("NINJAKIT_HOME", home)
		code, _, errOut := run(append([]string{"companion", "squad", "new", "listed"}, game.new...)...)
		require.Zero(t, code, errOut)
		names := strings.Split(game.new[1], ",")
		tried, positions, private := 0, 0, 0
		check := func(step string) {
			t.Helper()
			positions++
			commands := map[string]bool{}
			for _, as := range append([]string{"table"}, names...) {
				_, text, errOut := run("companion", "squad", "moves", "--session", "listed", "--as", as)
				require.Empty(t, errOut)
				_, raw, _ := run("companion", "squad", "moves", "--session", "listed", "--as", as, "--json")
				var ml cs.MoveList
				require.NoError(t, json.Unmarshal([]byte(raw), &ml))
				var listed []string
				for _, g := range ml.Groups {
					require.Len(t, g.Moves, g.Count, "game %d after %q, group %s as %s", gi, step, g.Name, as)
					for _, m := range g.Moves {
						listed = append(listed, m.Command)
						require.True(t, strings.HasSuffix(m.What, "."), "%q is a whole sentence", m.What)
						require.NotContains(t, m.What, "--", "a sentence has no flags: %q", m.What)
						commands[m.Command] = true
						if owner := squadCardOwner(m.Command, ml.Waiting, names); owner != "" {
							private++
							require.Equal(t, owner, as, "game %d after %q: %q names a hidden card but is listed to %s", gi, step, m.Command, as)
						}
					}
				}
				require.Equal(t, listed, textCommands(text), "game %d after %q as %s: text and JSON list the same moves:\n%s", gi, step, as, text)
			}
			for _, c := range slices.Sorted(func(yield func(string) bool) {
				for c := range commands {
					if !yield(c) {
						return
					}
				}
			}) {
				tried++
				try := t.TempDir()
				copyFile(t, filepath.Join(home, companion.FileName), filepath.Join(try, companion.FileName))
				t.Setenv("NINJAKIT_HOME", try)
				code, _, errOut := run(append(append([]string{"companion", "squad"}, strings.Fields(c)...), "--session", "listed")...)
				require.Zero(t, code, "game %d after %q: the listed %q is refused: %s", gi, step, c, errOut)
				t.Setenv("NINJAKIT_HOME", home)
			}
		}
		check("new")
		for _, step := range game.steps {
			words := []string{step}
			if step == "*" {
				words = nil
				for range 20 {
					words = append(words, "move 1.1")
				}
			}
			for _, w := range words {
				_, status, _ := run("companion", "squad", "status", "--session", "listed")
				if step == "*" && strings.Contains(status, "Waiting: phase over") {
					break
				}
				code, _, errOut := run(append(append([]string{"companion", "squad"}, strings.Fields(w)...), "--session", "listed")...)
				require.Zero(t, code, "game %d: %q: %s", gi, w, errOut)
				check(w)
			}
		}
		_, over, _ := run("companion", "squad", "moves", "--session", "listed")
		require.Contains(t, over, "Nothing to report now", "game %d plays to its end", gi)
		require.Positive(t, private, "game %d lists card plays to their holders", gi)
		t.Logf("game %d: %d positions, %d listed commands played, %d card plays listed to their holders", gi, positions, tried, private)
	}
}

// squadCardOwner is the one role a listed command may be shown to, when it
// names a hidden card: a Senjutsu card its holder (--by) plays, a Buki card
// of the ninja to act (named first in waiting), a Trip Wire's lost card of
// the ninja who stepped on it (--who, else the ninja to act).
func squadCardOwner(command, waiting string, names []string) string {
	f := strings.Fields(command)
	flag := func(name string) string {
		if i := slices.Index(f, name); i >= 0 && i+1 < len(f) {
			return f[i+1]
		}
		return ""
	}
	mover := ""
	for _, n := range names {
		if strings.HasPrefix(waiting, n+" ") || strings.HasPrefix(waiting, n+"'s ") {
			mover = n
		}
	}
	switch {
	case f[0] == "senjutsu":
		return flag("--by")
	case f[0] == "buki" || f[0] == "fire" || f[0] == "flask":
		return mover
	case flag("--lost") != "" && flag("--who") != "":
		return flag("--who")
	case flag("--lost") != "":
		return mover
	}
	return ""
}

// textCommands reads the commands off `moves` text: the first column of
// the lines indented by two, not the notes ("  - ").
func textCommands(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "   ") || strings.HasPrefix(l, "  - ") {
			continue
		}
		c, _, _ := strings.Cut(strings.TrimSpace(l), "  ")
		out = append(out, c)
	}
	return out
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(to, b, 0o600))
}
