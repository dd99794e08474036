// Package sweep sizes the exhaustive parts of the tests. `go test ./...`
// plays a sample that still reaches every rule and every role, so the suite
// stays quick on a small, busy machine; NINJAKIT_SWEEP=1 plays the full
// sweeps (thousands of random games, every view after every step).
package sweep

import (
	"os"
	"testing"
)

// Env is the variable that asks for the full sweeps.
const Env = "NINJAKIT_SWEEP"

// Full reports whether the full sweeps were asked for.
func Full() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Count is how many repetitions a sweep makes: full under NINJAKIT_SWEEP=1,
// sample otherwise. It logs which, so a sample is never read as the sweep.
func Count(t testing.TB, sample, full int) int {
	t.Helper()
	if Full() {
		return full
	}
	t.Logf("a sample of %d of %d; %s=1 runs them all", sample, full, Env)
	return sample
}

// Sampled logs that what a test checks is a sample of the full sweep.
func Sampled(t testing.TB, what string) {
	t.Helper()
	if !Full() {
		t.Logf("%s: a sample; %s=1 checks them all", what, Env)
	}
}

// Every reports whether step i of a sweep is checked in full: each one
// under NINJAKIT_SWEEP=1, otherwise every k-th, offset so that different
// sweeps in one test land on different steps.
func Every(i, k, offset int) bool {
	return Full() || k <= 1 || (i+offset)%k == 0
}
