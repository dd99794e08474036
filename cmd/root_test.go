package cmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"
)

// The lists reach prunes by name the same commands the tree has.
func TestReachNamesTheTree(t *testing.T) {
	root := NewRootCmd(&IOStreams{})
	for _, b := range topCommands {
		c, _, err := root.Find([]string{b.name})
		require.NoError(t, err)
		require.Equal(t, b.name, c.Name())
	}
	comp, _, err := root.Find([]string{"companion"})
	require.NoError(t, err)
	var games []string
	for _, c := range comp.Commands() {
		games = append(games, c.Name())
	}
	var listed []string
	for _, g := range companionGames {
		listed = append(listed, g.name)
	}
	require.ElementsMatch(t, games, listed)
	require.Equal(t, []string{}, reach([]string{"--version"}))
	require.Equal(t, []string{"companion", "blind", "status"}, reach([]string{"companion", "blind", "status", "--json"}))
	require.Equal(t, []string{"companion", "blind"}, reach([]string{"companion", "blind", "--session", "x", "status"}))
	require.Equal(t, []string{"companion", "blind"}, reach([]string{"companion", "blind"}))
	require.Equal(t, []string{"sessions"}, reach([]string{"sessions", "list"}))
	require.Nil(t, reach([]string{"help", "companion"}))
	require.Nil(t, reach([]string{"--help"}))
	require.Equal(t, []string{"companion"}, reach([]string{"companion", "what-blind-ninjas", "status"}))
}

// Every command below a game is built alone under each of its names, as
// the whole tree has it; a word that names none builds them all.
func TestAddSubsNamesTheTree(t *testing.T) {
	for _, g := range companionGames {
		full := g.build(&IOStreams{}, "")
		for _, c := range full.Commands() {
			for _, name := range append([]string{c.Name()}, c.Aliases...) {
				one := g.build(&IOStreams{}, name)
				require.Len(t, one.Commands(), 1, "%s %s", g.name, name)
				got := one.Commands()[0]
				require.Equal(t, c.Use, got.Use, "%s %s", g.name, name)
				require.Equal(t, c.Aliases, got.Aliases, "%s %s", g.name, name)
				require.Equal(t, c.Short, got.Short, "%s %s", g.name, name)
			}
		}
		require.Len(t, g.build(&IOStreams{}, "no-such-word").Commands(), len(full.Commands()), g.name)
	}
}

// A command line run on the tree reach builds prints what it prints on the
// whole tree: every command's help, the version, and refusals.
func TestReachPrintsAsTheWholeTree(t *testing.T) {
	freshHome(t)
	lines := [][]string{{"--version"}, {"-v"}, {"companion", "blind", "statsu"}, {"companion", "blind"},
		{"companion", "blind", "status", "--bogus"}, {"sessions", "list", "--json"}, {"generate", "nothing"},
		{"companion", "blades", "status", "--as", ""}, {"companion", "blind", "play", "--help"}, {"companion", "blades", "c4", "c5"},
		{"companion", "scorpion", "status", "--as", "ninja"}, {"companion", "squad", "help", "move"}, {"companion", "knights", "Play"}}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		lines = append(lines, append(append([]string(nil), path...), "--help"))
		for _, sub := range c.Commands() {
			walk(sub, append(path, sub.Name()))
		}
	}
	walk(NewRootCmd(&IOStreams{}), nil)
	run := func(whole bool, args []string) (int, string, string) {
		var out, errOut bytes.Buffer
		io := &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}
		var code int
		if whole {
			code = execute(NewRootCmd(io), args, io)
		} else {
			code = Execute(args, io)
		}
		return code, out.String(), errOut.String()
	}
	for _, args := range lines {
		wantCode, wantOut, wantErr := run(true, args)
		code, out, errOut := run(false, args)
		require.Equal(t, wantCode, code, "%q", args)
		require.Equal(t, wantOut, out, "%q", args)
		require.Equal(t, wantErr, errOut, "%q", args)
	}
}
