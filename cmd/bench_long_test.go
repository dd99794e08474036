package cmd

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
)

// longGame is how BenchmarkLongSession plays one game: live actions from
// new on, then one action undo can take back, done and undone as often as
// the length asks.
type longGame struct {
	game  string
	setup [][]string
	// live returns the next live action after the set-up, nil when the
	// game offers none; run runs a command in-process.
	live   func(b testing.TB, run func(...string) string, i int) []string
	act    []string // done and undone: the mutating command measured
	undo   []string
	status []string
	// maxLive caps the live actions: after it, act must still be legal.
	maxLive int
	// round: the live actions stop at a multiple of it, where act's
	// player is next.
	round int
	// nextAct: when the live actions stop before the game runs out of
	// them, the next one is the action done and undone.
	nextAct bool
	// actNow, when set, picks the action from the game at that point.
	actNow func(b testing.TB, run func(...string) string) []string
}

var longGames = []longGame{
	{
		game:  "blades",
		setup: [][]string{{"new", "--players", "3", "--seed", "42", "--cards", "none"}},
		live: func(b testing.TB, run func(...string) string, i int) []string {
			if i >= 40 {
				return nil
			}
			var ml struct{ Moves []string }
			if err := json.Unmarshal([]byte(run("companion", "blades", "moves", "--json")), &ml); err != nil || len(ml.Moves) < 2 {
				return nil
			}
			return append([]string{"move"}, strings.Fields(ml.Moves[len(ml.Moves)-1])...)
		},
		act: []string{"move", "pass"}, undo: []string{"undo"}, status: []string{"status", "--json"}, maxLive: 40,
	},
	{
		game:  "knights",
		setup: [][]string{{"new", "--players", "4", "--mode", "physical", "--private-seed", "1"}},
		live: func(b testing.TB, run func(...string) string, i int) []string {
			cmds := knightsCommands(b, run)
			if len(cmds) == 0 {
				return nil
			}
			return strings.Fields(cmds[len(cmds)-1])
		},
		actNow: func(b testing.TB, run func(...string) string) []string {
			return strings.Fields(knightsCommands(b, run)[0])
		},
		undo: []string{"undo"}, status: []string{"status", "--json"}, maxLive: 40,
	},
	{
		game:  "squad",
		setup: [][]string{{"new", "bench", "--players", "2", "--private-seed", "1"}},
		live: func(b testing.TB, _ func(...string) string, i int) []string {
			switch {
			case i >= 42:
				return nil
			case i%14 == 12:
				return []string{"exposed", "none"}
			case i%14 == 13:
				return []string{"patrols"}
			}
			return []string{"move", "1.1", "1", "lantern"}
		},
		act: []string{"move", "1.2", "2", "cubes"}, undo: []string{"undo"}, status: []string{"status", "--json"}, maxLive: 42, nextAct: true,
	},
	{
		game: "blind",
		setup: [][]string{
			{"new", "bench", "--names", "ann,bob,cy,dee", "--turns", "0"},
			{"start", "--as", "ann", "a", "c", "e", "g"}, {"start", "--as", "bob", "1", "3", "5", "7"},
			{"start", "--as", "cy", "b", "d", "f", "h"}, {"start", "--as", "dee", "2", "4", "6", "8"},
		},
		// Each ninja turns a quarter and back: silent turns, as long as
		// the table likes.
		live: func(b testing.TB, _ func(...string) string, i int) []string {
			turns := [][2]string{{"t:e", "t:n"}, {"t:n", "t:w"}, {"t:w", "t:s"}, {"t:s", "t:e"}}
			p, o := i%4, turns[i%4][(i/4)%2]
			return []string{"orders", "--as", []string{"ann", "bob", "cy", "dee"}[p], o, o, o, o}
		},
		act: []string{"orders", "--as", "ann", "t:s", "s", "s", "s"}, undo: []string{"undo", "--as", "ann"},
		status: []string{"status", "--json", "--as", "ann"}, maxLive: 3000, round: 4,
	},
	{
		game:  "scorpion",
		setup: [][]string{{"new", "castle", "--guards", "1", "--private-seed", "12"}},
		live: func(b testing.TB, _ func(...string) string, i int) []string {
			steps := scorpionPrefix(b)[1:]
			if i >= len(steps) {
				return nil
			}
			return steps[i]
		},
		act: []string{"move", "CA8", "--as", "ninja"}, undo: []string{"undo", "--as", "ninja"},
		status: []string{"status", "--json", "--as", "ninja"}, maxLive: 1000, nextAct: true,
	},
}

// knightsCommands lists the commands knights moves offers now.
func knightsCommands(b testing.TB, run func(...string) string) []string {
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
	return cmds
}

// scorpionPrefix is the scripted Scorpion Clan game up to the ninja's
// search on turn 2, as BenchmarkScorpionCommand plays it, its logged
// actions only (new first, as longGames starts it).
func scorpionPrefix(b testing.TB) [][]string {
	var out [][]string
	for _, step := range scorpionScript(b, "testdata/script/scorpion_game.txtar") {
		if strings.HasPrefix(step, "search CA8 CA9") {
			break
		}
		f := strings.Fields(step)
		if strings.HasPrefix(step, "!") || slices.Contains([]string{"status", "log", "commitment", "moves", "show"}, f[0]) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// buildLong makes, on a fast scratch disk, a session of game with n logged
// actions: live ones as far as maxLive and the game go, the rest taken back
// by undo (each a copy of the one action the benchmark does and undoes).
// It returns the session file and that action and its undo.
func buildLong(b testing.TB, g longGame, n int) (path string, act, undo []string) {
	scratch := os.Getenv("NINJAKIT_BENCH_SCRATCH")
	if scratch == "" {
		scratch = "/dev/shm"
	}
	dir, err := os.MkdirTemp(scratch, "ninjakit-long-")
	if err != nil {
		dir = b.TempDir()
	} else {
		b.Cleanup(func() { _ = os.RemoveAll(dir) })
	}
	b.Setenv("NINJAKIT_HOME", dir)
	run := func(args ...string) string {
		code, out, stderr := ninjakit(b, "", args...)
		if code != 0 {
			b.Fatalf("%v: %s", args, stderr)
		}
		return out
	}
	in := func(args []string) []string { return append([]string{"companion", g.game}, args...) }
	for _, s := range g.setup {
		run(in(s)...)
	}
	logged := max(len(g.setup)-1, 0) // every command after new logs one action
	for i := 0; logged < n && i < g.maxLive; i++ {
		if g.round > 0 && i%g.round == 0 && logged+g.round > n {
			break
		}
		a := g.live(b, run, i)
		if a == nil {
			break
		}
		run(in(a)...)
		logged++
	}
	path = filepath.Join(dir, companion.FileName)
	act, undo = g.act, g.undo
	switch {
	case g.actNow != nil:
		act = g.actNow(b, run)
	case g.nextAct && logged < g.maxLive:
		if next := g.live(b, run, logged-max(len(g.setup)-1, 0)); next != nil {
			act, undo = next, []string{"undo"}
			if i := slices.Index(next, "--as"); i >= 0 {
				undo = append(undo, next[i:i+2]...)
			}
		}
	}
	if logged < n {
		run(in(act)...)
		run(in(undo)...)
		st, err := companion.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		name, err := st.Latest(g.game)
		if err == nil {
			var s companion.Session
			if s, err = st.Load(name); err == nil {
				taken := s.Retracted[len(s.Retracted)-1]
				for len(s.Events)+len(s.Retracted) < n {
					s.Retracted = append(s.Retracted, taken)
				}
				err = st.Import(s, true)
			}
		}
		if cerr := st.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	return path, act, undo
}

// timed runs commands, one after another, in fresh processes reps
// times over and returns each one's median time.
func timed(b *testing.B, reps int, env []string, cmds ...[]string) []time.Duration {
	ts := make([][]time.Duration, len(cmds))
	for range reps {
		for i, args := range cmds {
			c := exec.Command(args[0], args[1:]...)
			c.Env = env
			start := time.Now()
			out, err := c.CombinedOutput()
			ts[i] = append(ts[i], time.Since(start))
			if err != nil {
				b.Fatalf("%v: %v\n%s", args, err, out)
			}
		}
	}
	med := make([]time.Duration, len(cmds))
	for i := range ts {
		slices.Sort(ts[i])
		med[i] = ts[i][reps/2]
	}
	return med
}

// onDisk copies a session file into a fresh home on the benchmark's own
// disk, where its commands pay for real syncs, and returns that home.
func onDisk(b *testing.B, path string) string {
	home := b.TempDir()
	src, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(filepath.Join(home, companion.FileName), os.O_CREATE|os.O_WRONLY, 0o600)
	if err == nil {
		_, err = io.Copy(dst, src)
		if cerr := dst.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		b.Fatal(err)
	}
	return home
}

// BenchmarkLongSession measures, per game, a companion command in a fresh
// process against a session of 10 logged actions and one of 3,000 (live
// ones as far as the game goes, the rest taken back by undo: Ninja Squad
// 45 live, as its issue measured): status --json, and one mutating command
// (reported with the undo that takes it back, each half of the pair). The
// durable-write floor is a sqlite3 insert in a fresh process on the same
// disk. It reports milliseconds and the ratios 3000/10 and to the floor.
func BenchmarkLongSession(b *testing.B) {
	bin := ninjakitBinary(b)
	sqlite, err := exec.LookPath("sqlite3")
	if err != nil {
		b.Skip("sqlite3 is needed for the durable-write floor (Debian: apt-get install sqlite3)")
	}
	floorDB := filepath.Join(b.TempDir(), "floor.db")
	if out, err := exec.Command(sqlite, floorDB, "CREATE TABLE log(seq INTEGER PRIMARY KEY, data TEXT);").CombinedOutput(); err != nil {
		b.Fatalf("sqlite3: %v\n%s", err, out)
	}
	const reps = 5
	for _, g := range longGames {
		b.Run(g.game, func(b *testing.B) {
			made := func(n int) (string, []string, []string) {
				path, act, undo := buildLong(b, g, n)
				return onDisk(b, path), act, undo
			}
			shortDir, shortAct, shortUndo := made(10)
			longDir, longAct, longUndo := made(3000)
			// status, then the action and its undo, per home.
			cost := func(dir string, act, undo []string) (status, mutate time.Duration) {
				env := append(os.Environ(), "NINJAKIT_HOME="+dir)
				in := func(args []string) []string { return append([]string{bin, "companion", g.game}, args...) }
				ts := timed(b, reps, env, in(g.status), in(act), in(undo))
				return ts[0], (ts[1] + ts[2]) / 2
			}
			var st10, st3k, act10, act3k, floor time.Duration
			for b.Loop() {
				floor = timed(b, reps, os.Environ(), []string{sqlite, floorDB, "PRAGMA synchronous=FULL; INSERT INTO log(data) VALUES('a logged action');"})[0]
				st10, act10 = cost(shortDir, shortAct, shortUndo)
				st3k, act3k = cost(longDir, longAct, longUndo)
			}
			ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
			b.ReportMetric(ms(floor), "floor-ms")
			b.ReportMetric(ms(st10), "status10-ms")
			b.ReportMetric(ms(st3k), "status3000-ms")
			b.ReportMetric(ms(act10), "act10-ms")
			b.ReportMetric(ms(act3k), "act3000-ms")
			b.ReportMetric(ms(st3k)/ms(st10), "status-3000/10")
			b.ReportMetric(ms(act3k)/ms(act10), "act-3000/10")
			b.ReportMetric(ms(st3k)/ms(floor), "status3000/floor")
			b.ReportMetric(ms(act3k)/ms(floor), "act3000/floor")
		})
	}
}
