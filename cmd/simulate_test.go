package cmd

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSimulateRepeats: with an iteration cap, the same seed gives the same
// games, searching bots included, whatever worker played which game; only
// the decision times differ.
func TestSimulateRepeats(t *testing.T) {
	run := func(seed string) simReport {
		var out, errOut bytes.Buffer
		code := Execute([]string{"simulate", "blades", "--seats", "hard,normal", "--games", "3", "--iterations", "12", "--seed", seed, "--json"},
			&IOStreams{Out: &out, ErrOut: &errOut})
		require.Zero(t, code, errOut.String())
		var rep simReport
		require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
		require.Len(t, rep.Decisions, 2)
		rep.Decisions = nil
		return rep
	}
	first := run("4")
	require.Equal(t, 3, first.Games)
	require.Equal(t, first, run("4"))
	require.NotEqual(t, first, run("6"), "another seed, other games")
}
