package cmd

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// BenchmarkCompanionCommand times one companion command as a player runs it:
// a fresh ninjakit process that opens the session file, replays the log and
// prints the status.
func BenchmarkCompanionCommand(b *testing.B) {
	run := benchRunner(b)
	// Each game some 40 actions in, so every command replays a real log;
	// one op is a checked action plus its undo: two processes.
	// The moves come from --json, the form made for scripts.
	bladesMove := func() []string {
		var ml struct{ Moves []string }
		if err := json.Unmarshal([]byte(run("companion", "blades", "moves", "--json")), &ml); err != nil || len(ml.Moves) == 0 {
			b.Fatalf("blades moves: %v %v", err, ml)
		}
		return strings.Fields(ml.Moves[len(ml.Moves)-1]) // the first is pass
	}
	knightsMove := func(last bool) []string {
		var all []struct{ Groups []struct{ Commands []string } }
		if err := json.Unmarshal([]byte(run("companion", "knights", "moves", "--json")), &all); err != nil {
			b.Fatalf("knights moves: %v", err)
		}
		var cmds []string
		for _, c := range all {
			for _, g := range c.Groups {
				cmds = append(cmds, g.Commands...)
			}
		}
		if len(cmds) == 0 {
			b.Fatal("knights moves: nothing to do")
		}
		if last {
			return strings.Fields(cmds[len(cmds)-1])
		}
		return strings.Fields(cmds[0])
	}
	b.Run("blades", func(b *testing.B) {
		run("companion", "blades", "new", "--players", "3", "--seed", "42", "--cards", "none")
		for range 40 {
			run(append([]string{"companion", "blades", "move"}, bladesMove()...)...)
		}
		for b.Loop() {
			run("companion", "blades", "move", "pass")
			run("companion", "blades", "undo")
		}
	})
	b.Run("knights", func(b *testing.B) {
		run("companion", "knights", "new", "--players", "4", "--mode", "physical", "--private-seed", "1")
		for range 40 {
			run(append([]string{"companion", "knights"}, knightsMove(true)...)...)
		}
		for b.Loop() {
			run(append([]string{"companion", "knights"}, knightsMove(false)...)...)
			run("companion", "knights", "undo")
		}
	})
}

// built is the ninjakit binary every benchmark of this process runs: one
// build (a link costs seconds), removed by TestMain at the end.
var built struct {
	once sync.Once
	dir  string
	out  []byte
	err  error
}

// ninjakitBinary builds ./ninjakit on first use and returns its path.
func ninjakitBinary(b *testing.B) string {
	b.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "ninjakit-bench-"); built.err == nil {
			// Static, as the README installs it: no dynamic loader at start.
			c := exec.Command("go", "build", "-o", filepath.Join(built.dir, "ninjakit"), "./ninjakit")
			c.Env = append(os.Environ(), "CGO_ENABLED=0")
			built.out, built.err = c.CombinedOutput()
		}
	})
	if built.err != nil {
		b.Fatalf("build: %v\n%s", built.err, built.out)
	}
	return filepath.Join(built.dir, "ninjakit")
}

// benchRunner returns a run that starts ninjakit as a player would, with
// its own NINJAKIT_HOME and prefix before args, failing the benchmark on
// an error.
func benchRunner(b *testing.B, prefix ...string) func(args ...string) string {
	bin := ninjakitBinary(b)
	env := append(os.Environ(), "NINJAKIT_HOME="+filepath.Join(b.TempDir(), "home"))
	return func(args ...string) string {
		c := exec.Command(bin, append(prefix[:len(prefix):len(prefix)], args...)...)
		c.Env = env
		out, err := c.CombinedOutput()
		if err != nil {
			b.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
}
