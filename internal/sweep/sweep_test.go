package sweep

import "testing"

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
