package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkCompanionCommand times one companion command as a player runs it:
// a fresh ninjakit process that opens the session file, replays the log and
// prints the status.
func BenchmarkCompanionCommand(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "ninjakit")
	if out, err := exec.Command("go", "build", "-o", bin, "./ninjakit").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	env := append(os.Environ(), "NINJAKIT_HOME="+filepath.Join(dir, "home"))
	run := func(args ...string) string {
		c := exec.Command(bin, args...)
		c.Env = env
		out, err := c.CombinedOutput()
		if err != nil {
			b.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	run("companion", "blades", "new", "--players", "3", "--seed", "42", "--cards", "none")
	// A game some 40 moves in, so each command replays a real log.
	for range 40 {
		moves := strings.Split(run("companion", "blades", "moves"), "\n")
		run(append([]string{"companion", "blades", "move"}, strings.Fields(moves[1])...)...)
	}
	for b.Loop() {
		run("companion", "blades", "move", "pass")
		run("companion", "blades", "undo")
	}
}
