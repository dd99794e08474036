package cmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// run executes one command line in-process.
func run(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Execute(args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	return code, out.String(), errOut.String()
}

// TestContradictingBladesFlagsAreUsageErrors: every contradiction is bad
// usage (exit 2), one line on stderr, nothing on stdout, no session made.
func TestContradictingBladesFlagsAreUsageErrors(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	const pos = "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,2,- 0,0,0"
	for _, line := range [][]string{
		{"companion", "blades", "new", "--code", "24R0-00000-058Y4", "--players", "2"},
		{"companion", "blades", "new", "--code", "24R0-00000-058Y4", "--seed", "42"},
		{"companion", "blades", "new", "--code", "2508-00000-7X8DN", "--cards", "none"},
		{"companion", "blades", "new", "--code", "2508-00000-7X8DN", "--private-seed", "1"},
		{"companion", "blades", "new", "--cards", "open", "--private-seed", "1"},
		{"companion", "blades", "new", "--position", pos, "--players", "3"},
		{"companion", "blades", "new", "--position", pos, "--private-seed", "18446744073709551615"},
		{"companion", "blades", "new", "--private-seed", "18446744073709551616"},
		{"companion", "knights", "new", "--players", "3", "--names", "a,b,c", "--private-seed", "x"},
		{"generate", "blades", "--players", "3", "--cards", "open", "--private-seed", "1"},
		{"generate", "blades", "--players", "3", "--private-seed", "1"},
	} {
		code, out, errOut := run(line...)
		require.Equal(t, ExitUsage, code, "%q: %s", line, errOut)
		require.Empty(t, out, line)
		require.Equal(t, 1, strings.Count(errOut, "\n"), line)
	}
	_, out, _ := run("sessions", "list")
	require.Contains(t, out, "No sessions yet.")
}

// TestFullRangePrivateSeeds: the largest private seed starts games of both
// companions and deals a setup sheet's slips.
func TestFullRangePrivateSeeds(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	for _, line := range [][]string{
		{"companion", "blades", "new", "--players", "3", "--private-seed", "18446744073709551615"},
		{"companion", "knights", "new", "--players", "3", "--names", "a,b,c", "--private-seed", "18446744073709551615"},
		{"generate", "blades", "--players", "3", "--cards", "dealt", "--private-seed", "18446744073709551615", "--json"},
	} {
		code, _, errOut := run(line...)
		require.Zero(t, code, "%q: %s", line, errOut)
	}
	_, out, _ := run("sessions", "export", "blades-1", "-o", "-")
	require.Contains(t, out, `"seed": 18446744073709551615`)
}
