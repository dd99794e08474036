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
	// Each game some 40 actions in, so every command replays a real log;
	// one op is a checked action plus its undo: two processes.
	b.Run("blades", func(b *testing.B) {
		run("companion", "blades", "new", "--players", "3", "--seed", "42", "--cards", "none")
		for range 40 {
			moves := strings.Split(run("companion", "blades", "moves"), "\n")
			run(append([]string{"companion", "blades", "move"}, strings.Fields(moves[1])...)...)
		}
		for b.Loop() {
			run("companion", "blades", "move", "pass")
			run("companion", "blades", "undo")
		}
	})
	b.Run("knights", func(b *testing.B) {
		run("companion", "knights", "new", "--players", "4", "--mode", "physical", "--private-seed", "1")
		for range 40 {
			moves := strings.Split(run("companion", "knights", "moves"), "\n")
			run(append([]string{"companion", "knights"}, strings.Fields(moves[len(moves)-2])...)...)
		}
		for b.Loop() {
			moves := strings.Split(run("companion", "knights", "moves"), "\n")
			run(append([]string{"companion", "knights"}, strings.Fields(moves[0])...)...)
			run("companion", "knights", "undo")
		}
	})
}
