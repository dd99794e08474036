// Package testmain runs a package's tests the way this project's heavier
// test packages want them run.
package testmain

import (
	"runtime/debug"
	"testing"
)

// GCPercent is the collector's target while tests run. Tests allocate far
// more than any one command (stores, replays, whole games per test), and
// at Go's default of 100 a third of cmd's test CPU went to collecting:
// 36 s at 100 against 25 s at 400, for 130 MB more at the peak.
const GCPercent = 400

// Run runs m's tests with the collector's target at GCPercent.
func Run(m *testing.M) int {
	debug.SetGCPercent(GCPercent)
	return m.Run()
}
