package sweep

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestCountAndEvery(t *testing.T) {
	t.Setenv(Env, "")
	if got := Count(t, 3, 30); got != 3 {
		t.Fatalf("default Count = %d, want the sample 3", got)
	}
	var picked []int
	for i := range 7 {
		if Every(i, 3, 1) {
			picked = append(picked, i)
		}
	}
	if len(picked) != 2 || picked[0] != 2 || picked[1] != 5 {
		t.Fatalf("Every(i, 3, 1) over 0..6 picks %v, want [2 5]", picked)
	}
	for _, v := range []string{"1", "yes"} {
		t.Setenv(Env, v)
		if !Full() || Count(t, 3, 30) != 30 || !Every(1, 3, 0) {
			t.Fatalf("%s=%s: the full sweep was not chosen", Env, v)
		}
	}
	t.Setenv(Env, "0")
	if Full() {
		t.Fatalf("%s=0 asks for the sample", Env)
	}
}

func TestGoldenSamplesAndRewrites(t *testing.T) {
	t.Setenv(Env, "")
	path := filepath.Join(t.TempDir(), "cases.golden")
	g := NewGolden(t, path, true, 2)
	for i := range 4 {
		if !g.Wants(i) {
			t.Fatalf("an update computes every case; %d was passed over", i)
		}
		g.Check(i, fmt.Sprint("case ", i))
	}
	g.Close()
	g = NewGolden(t, path, false, 2)
	var wanted []int
	for i := range 4 {
		if g.Wants(i) {
			wanted = append(wanted, i)
			g.Check(i, fmt.Sprint("case ", i))
		}
	}
	if len(wanted) != 2 || wanted[0] != 0 || wanted[1] != 2 {
		t.Fatalf("a sample of one in two computes %v, want [0 2]", wanted)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "case 0\ncase 1\ncase 2\ncase 3\n" {
		t.Fatalf("the rewritten file reads %q, %v", b, err)
	}
}
