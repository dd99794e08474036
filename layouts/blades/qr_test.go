package blades

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

func TestQRScansFromPrintedPage(t *testing.T) {
	pdftoppm := pdftest.Tool(t, "pdftoppm", "poppler-utils")
	zbarimg := pdftest.Tool(t, "zbarimg", "zbar-tools")
	for _, s := range []Sheet{houseSheet(3, layouts.PaperA4), templeSheet(4, layouts.PaperLetter)} {
		dir := t.TempDir()
		pdfPath := filepath.Join(dir, "sheet.pdf")
		require.NoError(t, os.WriteFile(pdfPath, render(t, s), 0o644))
		out, err := exec.Command(pdftoppm, "-r", "150", "-f", "1", "-l", "1", "-png", pdfPath, filepath.Join(dir, "page")).CombinedOutput()
		require.NoError(t, err, "%s", out)
		pngs, err := filepath.Glob(filepath.Join(dir, "page*.png"))
		require.NoError(t, err)
		require.Len(t, pngs, 1)
		var stdout bytes.Buffer
		cmd := exec.Command(zbarimg, "-q", "--raw", pngs[0])
		cmd.Stdout = &stdout
		require.NoError(t, cmd.Run())
		require.Equal(t, s.QRPayload, strings.TrimSpace(stdout.String()))
	}
}
