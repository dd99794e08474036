package cmd

import (
	"testing"
)

// BenchmarkBlindCommand times one What Blind Ninjas referee command as a
// player runs it: a fresh ninjakit process that opens the session file,
// replays the log (four placements and 40 turns) and
// prints the player's grid. One op is a player's orders plus their undo.
func BenchmarkBlindCommand(b *testing.B) {
	run := benchRunner(b, "companion", "blind")
	run("new", "bench", "--names", "ann,bob,cy,dee")
	run("start", "--as", "ann", "a", "c", "e", "g")
	run("start", "--as", "bob", "1", "3", "5", "7")
	run("start", "--as", "cy", "b", "d", "f", "h")
	run("start", "--as", "dee", "2", "4", "6", "8")
	// Each ninja turns a quarter and back: 40 silent turns.
	turns := map[string][2]string{"ann": {"t:e", "t:n"}, "bob": {"t:n", "t:w"}, "cy": {"t:w", "t:s"}, "dee": {"t:s", "t:e"}}
	for i := range 10 {
		for _, p := range []string{"ann", "bob", "cy", "dee"} {
			o := turns[p][i%2]
			run("orders", "--as", p, o, o, o, o)
		}
	}
	for b.Loop() {
		run("orders", "--as", "ann", "t:s", "s", "s", "s")
		run("undo", "--as", "ann")
	}
}
