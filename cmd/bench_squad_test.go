package cmd

import (
	"testing"
)

// BenchmarkSquadCommand times one Ninja Squad companion command as a player
// runs it: a fresh ninjakit process that opens the session file, replays
// the log (some 40 actions: three movement phases and their Guard Phases)
// and prints the status. One op is a checked move plus its undo.
func BenchmarkSquadCommand(b *testing.B) {
	run := benchRunner(b, "companion", "squad")
	run("new", "bench", "--players", "2", "--private-seed", "1")
	for range 3 {
		for range 12 {
			run("move", "1.1", "1", "lantern")
		}
		run("exposed", "none")
		run("patrols")
	}
	for b.Loop() {
		run("move", "1.2", "2", "cubes")
		run("undo")
	}
}
