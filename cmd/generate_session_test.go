package cmd

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// replayed rebuilds a blades session as the companion does.
func replayed(t *testing.T, name string) *cb.Table {
	t.Helper()
	code, out, errOut := run("sessions", "export", name, "-o", "-")
	require.Zero(t, code, errOut)
	s, err := companion.ParseExport([]byte(out))
	require.NoError(t, err)
	tb, err := cb.Replay(s)
	require.NoError(t, err)
	return tb
}

// TestGenerateStartsASessionWithTheSameDeal: printed slips can be continued
// in the companion, which deals exactly the hands on the slips.
func TestGenerateStartsASessionWithTheSameDeal(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	code, out, errOut := run("generate", "blades", "--players", "4", "--cards", "dealt", "--session", "slips", "--json")
	require.Zero(t, code, errOut)
	require.Contains(t, errOut, "Started companion session slips with this setup and deal.", "the note stays out of the JSON")
	var v struct {
		Code  string `json:"code"`
		Hands []struct {
			Cards []struct{ Name string } `json:"cards"`
		} `json:"hands"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	tb := replayed(t, "slips")
	require.Equal(t, v.Code, tb.Setup.Code.String())
	require.Len(t, v.Hands, 4)
	for seat, h := range v.Hands {
		var names []string
		for _, c := range h.Cards {
			names = append(names, c.Name)
		}
		want, err := engine.ParseCards(strings.Join(names, ","))
		require.NoError(t, err)
		require.Equal(t, want, tb.Pos.Hand(engine.Seat(seat)), "seat %d", seat+1)
	}

	// A PDF with slips, and the note on standard output.
	code, out, errOut = run("generate", "blades", "--players", "3", "--seed", "42", "--cards", "dealt", "--private-seed", "7", "--session", "pdf", "-o", "slips.pdf")
	require.Zero(t, code, errOut)
	require.Contains(t, out, "Carry on at the table: ninjakit companion blades status --session pdf --as SEAT\n")
	require.FileExists(t, "slips.pdf")
	require.Equal(t, "3:RBY", strings.Fields(replayed(t, "pdf").Pos.String())[0])
}

func TestGenerateSessionRefusals(t *testing.T) {
	mine, err := os.ReadFile("../data/blades.json")
	require.NoError(t, err)
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	require.NoError(t, os.WriteFile("mine.json", append(mine, '\n'), 0o600))
	code, _, errOut := run("generate", "blades", "--players", "3", "--cards", "dealt", "--data", "mine.json", "--session", "x")
	require.Equal(t, ExitUsage, code)
	require.Contains(t, errOut, "the companion plays on the built-in data only")
	code, _, errOut = run("generate", "blades", "--players", "3", "--session", "x")
	require.Equal(t, ExitUsage, code)
	require.Contains(t, errOut, "--session needs cards the companion deals")
	code, _, errOut = run("generate", "blades", "--players", "3", "--cards", "open", "--session", "bad name!")
	require.Equal(t, ExitUsage, code, errOut)

	code, _, errOut = run("generate", "blades", "--players", "3", "--cards", "none", "--session", "taken")
	require.Zero(t, code, errOut)
	code, _, errOut = run("generate", "blades", "--players", "3", "--cards", "none", "--session", "taken", "-o", "again.pdf")
	require.Equal(t, ExitFailed, code)
	require.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
	require.NoFileExists(t, "again.pdf", "nothing is printed for a session that could not start")
}
