package cmd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// needTool skips when a Debian tool is missing on a developer's machine, but
// fails under CI, where .ci/run installs it.
func needTool(t *testing.T, name, pkg string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing: .ci/run should install %s", name, pkg)
		}
		t.Skipf("%s not installed (apt-get install %s); skipping the printed-QR scan", name, pkg)
	}
}

// TestPrintedQRScans renders setup sheets to PNG at 150 dpi, as a phone would
// see a printout, and reads the QR code back with zbarimg.
func TestPrintedQRScans(t *testing.T) {
	needTool(t, "pdftoppm", "poppler-utils")
	needTool(t, "zbarimg", "zbar-tools")
	for _, args := range [][]string{
		{"--players", "3", "--seed", "42"},
		{"--players", "4", "--seed", "7", "--paper", "letter", "--cards", "dealt"},
		{"--players", "5", "--seed", "1099511627775", "--share-url", "https://ninjakit.example/s"},
	} {
		dir := t.TempDir()
		pdf := filepath.Join(dir, "setup.pdf")
		var out, errOut bytes.Buffer
		code := Execute(append([]string{"generate", "blades", "-o", pdf, "--json"}, args...), &IOStreams{Out: &out, ErrOut: &errOut})
		require.Equal(t, 0, code, errOut.String())
		want := between(out.String(), `"qrPayload": "`, `"`)
		require.NotEmpty(t, want)

		run := exec.Command("pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", pdf, filepath.Join(dir, "page"))
		msg, err := run.CombinedOutput()
		require.NoError(t, err, string(msg))
		pngs, _ := filepath.Glob(filepath.Join(dir, "page*.png"))
		require.Len(t, pngs, 1)
		scan, err := exec.Command("zbarimg", "--quiet", "--raw", pngs[0]).Output()
		require.NoError(t, err, "zbarimg found no code in %v", args)
		require.Equal(t, want, strings.TrimSpace(string(scan)), "%v", args)
	}
}

func between(s, from, to string) string {
	_, rest, ok := strings.Cut(s, from)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, to)
	return v
}
