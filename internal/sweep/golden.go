package sweep

import (
	"os"
	"strings"
	"testing"
)

// Golden compares a golden file of one line per case with what a test
// computes, line by line. By default the test computes every k-th case
// only; under the full sweep, and when it rewrites the file, every one.
type Golden struct {
	t      testing.TB
	path   string
	update bool
	every  int
	want   []string
	got    strings.Builder
}

// NewGolden reads path (unless update asks to rewrite it) for a test that
// samples one case in every.
func NewGolden(t testing.TB, path string, update bool, every int) *Golden {
	t.Helper()
	g := &Golden{t: t, path: path, update: update, every: every}
	if update {
		return g
	}
	Sampled(t, "the recorded cases")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g.want = strings.Split(string(b), "\n")
	return g
}

// Wants says whether case i (from 0) is computed this run.
func (g *Golden) Wants(i int) bool { return g.update || Every(i, g.every, 0) }

// Check compares case i's line with the file's.
func (g *Golden) Check(i int, line string) {
	g.t.Helper()
	g.got.WriteString(line + "\n")
	switch {
	case g.update:
	case i >= len(g.want):
		g.t.Fatalf("%s has %d lines; case %d has none", g.path, len(g.want), i)
	case g.want[i] != line:
		g.t.Fatalf("case %d differs from %s:\n got: %s\nwant: %s", i, g.path, line, g.want[i])
	}
}

// Close rewrites the file when the test was asked to.
func (g *Golden) Close() {
	g.t.Helper()
	if !g.update {
		return
	}
	if err := os.WriteFile(g.path, []byte(g.got.String()), 0o644); err != nil {
		g.t.Fatal(err)
	}
}
