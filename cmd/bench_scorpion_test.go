package cmd

import (
	"strings"
	"testing"
)

// BenchmarkScorpionCommand times one Scorpion Clan companion command as a
// player runs it: a fresh ninjakit process that opens the session file,
// replays the log (the whole scripted game of scorpion_game.txtar up to the
// ninja's search on turn 2: set-up, draws, listens, encounters, combat and
// the decoy bonus, some 40 logged actions) and prints its answer. One
// op is a hidden step of the ninja plus its undo.
func BenchmarkScorpionCommand(b *testing.B) {
	run := benchRunner(b, "companion", "scorpion")
	for _, step := range scorpionScript(b, "testdata/script/scorpion_game.txtar") {
		if strings.HasPrefix(step, "!") {
			continue
		}
		if strings.HasPrefix(step, "search CA8 CA9") {
			break
		}
		run(strings.Fields(step)...)
	}
	for b.Loop() {
		run("move", "CA8", "--as", "ninja")
		run("undo", "--as", "ninja")
	}
}
