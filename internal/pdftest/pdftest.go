// Package pdftest holds what the PDF tests of every game share: finding
// the external checkers, qpdf's structural check and byte-for-byte golden
// files.
package pdftest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// Tool is the path of an external program a test reads PDFs with. A
// machine without it skips the test; CI, whose .ci/run installs pkg, fails.
func Tool(t testing.TB, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing: .ci/run should install %s", name, pkg)
		}
		t.Skipf("%s not installed (apt-get install %s)", name, pkg)
	}
	return path
}

// QPDF writes pdf to path and has qpdf (from Tool) check its structure.
func QPDF(t testing.TB, qpdf, path string, pdf []byte) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, pdf, 0o644))
	out, err := exec.Command(qpdf, "--check", path).CombinedOutput()
	require.NoError(t, err, "%s: %s", path, out)
}

// Golden requires got to equal the file at path byte for byte; update
// (the package's -update flag) rewrites the file first.
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "rerun the test with -update to create %s", path)
	require.True(t, bytes.Equal(want, got), "the PDF differs from %s; if the change is intended, rerun with -update and look at the pages", path)
}

var pageRE = regexp.MustCompile(`/Type /Page[^s]`)

// Pages counts the pages of a PDF as gofpdf writes it.
func Pages(pdf []byte) int { return len(pageRE.FindAll(pdf, -1)) }
