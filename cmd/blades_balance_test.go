package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/stretchr/testify/require"
)

// balancedRun runs generate blades --balanced at 4 games a candidate.
func balancedRun(t *testing.T, args ...string) string {
	t.Helper()
	t.Setenv(balanceGamesEnv, "4")
	var out, errOut bytes.Buffer
	code := Execute(append([]string{"generate", "blades", "--balanced"}, args...), &IOStreams{Out: &out, ErrOut: &errOut})
	require.Zero(t, code, errOut.String())
	return out.String()
}

func TestGenerateBladesBalancedJSON(t *testing.T) {
	raw := balancedRun(t, "--players", "4", "--seed", "3", "--cards", "open", "--json")
	var v struct {
		Code    string
		Balance *struct {
			Level      string
			Games      int
			Draws      *int
			Unfinished *int
			Gap        *float64
			Balance    float64
			From       uint64
			Candidate  int
			Candidates int
			Gaps       []float64
			Seats      []struct {
				Seat                   int
				Wins                   *int
				Rate, Low, High, Score *float64
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(raw), &v))
	b := v.Balance
	require.NotNil(t, b, raw)
	require.Equal(t, "easy", b.Level)
	require.Equal(t, 4, b.Games)
	require.Equal(t, uint64(3), b.From)
	require.Equal(t, 8, b.Candidates)
	require.Len(t, b.Gaps, 8)
	require.GreaterOrEqual(t, b.Candidate, 1)
	require.NotNil(t, b.Draws)
	require.NotNil(t, b.Unfinished)
	require.NotNil(t, b.Gap)
	require.Len(t, b.Seats, 4)
	for i, s := range b.Seats {
		require.Equal(t, i+1, s.Seat)
		require.NotNil(t, s.Wins)
		require.NotNil(t, s.Score)
		require.LessOrEqual(t, *s.Low, *s.Rate)
		require.LessOrEqual(t, *s.Rate, *s.High)
	}
	// The same seed keeps the same setup and estimate.
	require.Equal(t, raw, balancedRun(t, "--players", "4", "--seed", "3", "--cards", "open", "--json"))
}

// TestBalancedSheetRenders draws the balanced sheet and reads the rates
// back from the page.
func TestBalancedSheetRenders(t *testing.T) {
	pdftoppm := pdftest.Tool(t, "pdftoppm", "poppler-utils")
	pdftotext := pdftest.Tool(t, "pdftotext", "poppler-utils")
	dir := t.TempDir()
	pdf := filepath.Join(dir, "balanced.pdf")
	balancedRun(t, "--players", "5", "--seed", "8", "-o", pdf)
	out, err := exec.Command(pdftoppm, "-r", "30", "-gray", "-png", "-singlefile", pdf, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, "pdftoppm: %s", out)
	st, err := os.Stat(filepath.Join(dir, "page.png"))
	require.NoError(t, err)
	require.Positive(t, st.Size())
	text, err := exec.Command(pdftotext, pdf, "-").Output()
	require.NoError(t, err)
	require.Contains(t, string(text), "Balanced by simulation")
	require.Regexp(t, `seat 5 \d+\.\d% \(\d+\.\d%-\d+\.\d%\)`, string(bytes.Join(bytes.Fields(text), []byte(" "))))
}
