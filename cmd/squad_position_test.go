package cmd

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSquadNewFromPosition: a position printed by one session starts another
// that stands exactly where the first one does.
func TestSquadNewFromPosition(t *testing.T) {
	freshHome(t)
	for _, args := range [][]string{
		{"companion", "squad", "new", "a", "--names", "ann,bob", "--decks", "physical"},
		{"companion", "squad", "move", "1.1", "1", "lantern", "--session", "a"},
		{"companion", "squad", "move", "1.2", "--session", "a"},
	} {
		code, _, stderr := run(args...)
		require.Zero(t, code, "%v: %s", args, stderr)
	}
	code, stdout, stderr := run("companion", "squad", "position", "--session", "a", "--json")
	require.Zero(t, code, stderr)
	var pos struct{ Position string }
	require.NoError(t, json.Unmarshal([]byte(stdout), &pos))
	require.True(t, strings.HasPrefix(pos.Position, "squad1 "), pos.Position)

	code, _, stderr = run("companion", "squad", "new", "b", "--names", "ann,bob", "--position", pos.Position)
	require.Zero(t, code, stderr)
	status := func(session string) map[string]any {
		code, stdout, stderr := run("companion", "squad", "status", "--session", session, "--json")
		require.Zero(t, code, stderr)
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(stdout), &m))
		delete(m, "session")
		return m
	}
	require.Equal(t, status("a"), status("b"))
	_, stdout, _ = run("companion", "squad", "position", "--session", "b", "--json")
	require.Contains(t, stdout, pos.Position)

	for _, bad := range [][]string{
		{"--position", "squad1 nonsense"},
		{"--position", pos.Position, "--players", "3"},
		{"--position", pos.Position, "--decks", "digital"},
		{"--position", pos.Position, "--code", "28RG-00000-00W66"},
	} {
		code, _, stderr := run(append([]string{"companion", "squad", "new", "c"}, bad...)...)
		require.Equal(t, ExitUsage, code, "%v", bad)
		require.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	}
}
