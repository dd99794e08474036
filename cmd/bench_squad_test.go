package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkSquadCommand times one Ninja Squad companion command as a player
// runs it: a fresh ninjakit process that opens the session file, replays
// the log (some 40 actions: three movement phases and their Guard Phases)
// and prints the status. One op is a checked move plus its undo.
func BenchmarkSquadCommand(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "ninjakit")
	if out, err := exec.Command("go", "build", "-o", bin, "./ninjakit").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	env := append(os.Environ(), "NINJAKIT_HOME="+filepath.Join(dir, "home"))
	run := func(args ...string) string {
		c := exec.Command(bin, append([]string{"companion", "squad"}, args...)...)
		c.Env = env
		out, err := c.CombinedOutput()
		if err != nil {
			b.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
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
