package cmd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// usageLine runs a command line that must be refused as bad usage: exit 2,
// one line on stderr, nothing on stdout. It returns the line.
func usageLine(t *testing.T, line ...string) string {
	t.Helper()
	code, out, errOut := run(line...)
	require.Equal(t, ExitUsage, code, "%q: %s", line, errOut)
	require.Empty(t, out, line)
	require.Equal(t, 1, strings.Count(errOut, "\n"), "%q: %s", line, errOut)
	return errOut
}

// TestEmptyValuesAreRefused: an empty flag value or argument is never taken
// as "nothing" or as the default.
func TestEmptyValuesAreRefused(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	for _, line := range [][]string{
		{"generate", "blades", "--players", "3", "--seed", ""},
		{"generate", "blades", "--players", "3", "--seed", " "},
		{"generate", "squad", "--players", "3", "--seed="},
		{"generate", "blades", "--players", "3", "-o", ""},
		{"serve", "--reissue", ""},
		{"companion", "blades", "new", "--session", ""},
		{"companion", "blind", "new", "--players", "2", "--names", ""},
		{"generate", "blind", "--players", "2", "--names", ""},
		{"generate", "cards", "blades", "--only", " , "},
	} {
		require.Contains(t, usageLine(t, line...), "is empty: give a value or leave the flag out", line)
	}
	require.Contains(t, usageLine(t, "companion", "blades", "keep", "--as", "1", ""), "argument 1 is empty")
	require.Contains(t, usageLine(t, "setup", "show", "24R0-00000-058Y4", " "), "argument 2 is empty")
	_, out, _ := run("sessions", "list")
	require.Contains(t, out, "No sessions yet.")
}

// TestFlagGivenTwiceIsRefused: with two values only the last would count,
// silently; the same value twice and flags that collect lists may repeat.
func TestFlagGivenTwiceIsRefused(t *testing.T) {
	t.Chdir(t.TempDir())
	msg := usageLine(t, "generate", "blades", "--players", "3", "--seed", "1", "--seed", "2")
	require.Equal(t, "ninjakit: --seed is given twice, as \"1\" and as \"2\": give it once\n", msg)
	usageLine(t, "generate", "blades", "--players", "3", "--players", "4")
	usageLine(t, "generate", "blades", "--players", "3", "--json", "--json=false")
	usageLine(t, "generate", "blind", "--players", "2", "-o", "a.pdf", "--output", "b.pdf")

	code, _, errOut := run("generate", "blades", "--players", "3", "--players", "3", "--json")
	require.Zero(t, code, errOut)
	code, out, errOut := run("generate", "cards", "blades", "--only", "bomb", "--only", "shuriken", "--json")
	require.Zero(t, code, errOut)
	require.Contains(t, out, `"Bomb"`)
	require.Contains(t, out, `"Shuriken"`)
}

// TestUnknownHelpTopicAndShell: both were printed as help with exit 0.
func TestUnknownHelpTopicAndShell(t *testing.T) {
	require.Equal(t, "ninjakit: help: no command \"nosuchcmd\": see ninjakit help\n", usageLine(t, "help", "nosuchcmd"))
	require.Contains(t, usageLine(t, "help", "companion", "nosuchgame"), `no command "companion nosuchgame"`)
	require.Equal(t, "ninjakit: completion: unknown \"tcsh\": choose one of: bash, fish, powershell, zsh\n", usageLine(t, "completion", "tcsh"))
	code, out, _ := run("help", "companion", "blades")
	require.Zero(t, code)
	require.Contains(t, out, "Usage:")
	code, out, _ = run("completion", "bash")
	require.Zero(t, code)
	require.Contains(t, out, "bash completion")
}

// TestEchoedInputIsCut: a long paste comes back as its first 40 characters,
// whichever layer quotes it.
func TestEchoedInputIsCut(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	long := strings.Repeat("abcdefghij", 30)
	for _, line := range [][]string{
		{"generate", "blades", "--players", "3", "--cards", long},
		{"generate", "blades", "--players", long},
		{"generate", long},
		{"help", long},
		{"generate", "blades", "--players", "3", "--share-url", long},
	} {
		msg := usageLine(t, line...)
		require.Contains(t, msg, `"`+long[:40]+`..."`, line)
		require.NotContains(t, msg, long[:41], line)
		require.Less(t, len(msg), 200, line)
	}
	code, _, errOut := run("companion", "blades", "new", "--players", "2", "--cards", "none")
	require.Zero(t, code, errOut)
	code, _, errOut = run("companion", "blades", "move", long)
	require.NotZero(t, code)
	require.Contains(t, errOut, `"`+long[:40]+`..."`)
	require.NotContains(t, errOut, long[:41])
}

// TestShareURLIsAWebAddress: the QR of a sheet opens a web page or nothing.
func TestShareURLIsAWebAddress(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, u := range []string{"javascript:alert(1)", "ftp://example.org/s", "example.org/s", "file:///etc/passwd", "https://", "https://user:pw@example.org/s"} {
		require.Contains(t, usageLine(t, "generate", "blades", "--players", "3", "--share-url", u, "--json"), "give an http:// or https:// address", u)
		require.Contains(t, usageLine(t, "generate", "squad", "--players", "3", "--share-url", u, "--json"), "give an http:// or https:// address", u)
	}
	code, out, errOut := run("generate", "blades", "--players", "3", "--seed", "1", "--share-url", "https://example.org/s", "--json")
	require.Zero(t, code, errOut)
	require.Contains(t, out, `"qrPayload": "https://example.org/s/`)
	code, out, errOut = run("generate", "squad", "--players", "3", "--seed", "1", "--share-url", "http://192.168.1.5:8080/s", "--json")
	require.Zero(t, code, errOut)
	require.Contains(t, out, `http://192.168.1.5:8080/s/`)
}
