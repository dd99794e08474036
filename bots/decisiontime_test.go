//go:build unix

package bots

import (
	"fmt"
	"hash/fnv"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blind"
	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// cpuNow is the process's user and system time so far.
func cpuNow(t *testing.T) time.Duration {
	var u syscall.Rusage
	require.NoError(t, syscall.Getrusage(syscall.RUSAGE_SELF, &u))
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// slowest is a level's slowest decision and the action it chose.
type slowest struct {
	spent  time.Duration
	action string
}

// timedGame plays s to the end as Play does and adds each decision's CPU
// time to by, keyed by the deciding bot's level, keeping the slowest in
// worst.
func timedGame[S rules.Engine[S, A], A comparable](t *testing.T, s S, seats []*Bot[S, A], by map[Level][]time.Duration, worst map[Level]slowest) {
	var to []rules.Seat
	for moves := 0; !s.Over() && moves < 1000; moves++ {
		to = s.ToAct(to[:0])
		require.NotEmpty(t, to)
		who := to[0]
		start := cpuNow(t)
		d, err := seats[who].Choose(ViewOf(s, who))
		spent := cpuNow(t) - start
		require.NoError(t, err)
		if l := seats[who].Level(); l.Searches() {
			by[l] = append(by[l], spent)
			if spent > worst[l].spent {
				worst[l] = slowest{spent, s.Notation(d.Action)}
			}
		}
		require.NoError(t, s.Act(who, d.Action))
	}
}

// decisionCaps are the iterations a normal decision runs at the table,
// by game; hard runs five times as many.
var decisionCaps = map[string]int{"blades2": 3000, "blades3": 3000, "blades4": 3000, "blades5": 3000, "blind2": 1000, "blind2open": 1000, "blind3": 1000, "blind4": 1000, "knights2": 800,
	"scorpion-guard": 80, "scorpion-intruders": 80}

// hardCaps are the hard iterations where they are not five times normal:
// a hard Scorpion Clan guard (companion/scorpion's HardGuardIterations).
var hardCaps = map[string]int{"scorpion-guard": 360}

// scorpionRuns are the simulate runs whose games the Scorpion Clan entries
// replay (docs/BOTS.md): the seats' levels, simulate's seed and its games.
var scorpionRuns = map[string][]struct {
	levels []Level
	seed   uint64
	games  int
}{
	"scorpion-guard":     {{[]Level{Normal, Easy, Easy}, 191, 2}, {[]Level{Hard, Easy, Easy}, 231, 1}, {[]Level{Hard, Random, Random}, 441, 6}},
	"scorpion-intruders": {{[]Level{Easy, Normal, Normal}, 201, 2}, {[]Level{Easy, Hard, Hard}, 241, 1}},
}

// simSeed is cmd's seed of game i of a simulate run for one use, so the
// Scorpion Clan entries replay simulate's games.
func simSeed(seed uint64, i int, use string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%s", seed, i, use)
	return h.Sum64()
}

// TestDecisionTime measures the CPU time of each search decision over
// whole games at the table's iteration caps, hard against normal (and easy
// in the other Blades seats), and prints the 50th and 99th percentiles. It
// runs only when NINJAKIT_DECISIONS names the games (blades2 to blades5,
// blind2 with the tests' 30-turn limit, blind2open with none, blind3 and
// blind4 (hard, normal and random seats) with simulate's 50, knights2,
// comma-separated; scorpion-guard and scorpion-intruders replay the
// simulate games of docs/BOTS.md with the level under test playing that
// side); run it with GOMAXPROCS=1.
func TestDecisionTime(t *testing.T) {
	games := os.Getenv("NINJAKIT_DECISIONS")
	if games == "" {
		t.Skip("set NINJAKIT_DECISIONS=blades2,blades3,blind2,knights2 to measure decision times")
	}
	for _, game := range strings.Split(games, ",") {
		normal, ok := decisionCaps[game]
		require.True(t, ok, "unknown game %q", game)
		by, worst := map[Level][]time.Duration{}, map[Level]slowest{}
		levels := []Level{Hard, Normal}
		switch game {
		case "blades2":
			for g := range 3 {
				timedGame(t, bladesState(t, 2, 71+uint64(g)), timedBots(Blades{}, levels, 71+uint64(g), normal), by, worst)
			}
		case "blades3":
			for g := range 2 {
				timedGame(t, bladesState(t, 3, 72+uint64(g)), timedBots(Blades{}, []Level{Hard, Normal, Easy}, 72+uint64(g), normal), by, worst)
			}
		case "blades4", "blades5":
			players := 4
			if game == "blades5" {
				players = 5
			}
			seats := []Level{Hard, Normal}
			for len(seats) < players {
				seats = append(seats, Easy)
			}
			timedGame(t, bladesState(t, players, 76), timedBots(Blades{}, seats, 76, normal), by, worst)
		case "blind2":
			for g := range 2 {
				timedGame(t, blindState(t, 2), timedBots(Blind{}, levels, 73+uint64(g), normal), by, worst)
			}
		case "blind2open":
			for g := range 2 {
				g0, err := blind.NewGame(blind.Options{Players: 2})
				require.NoError(t, err)
				timedGame(t, blind.NewState(g0), timedBots(Blind{}, levels, 73+uint64(g), normal), by, worst)
			}
		case "blind3", "blind4":
			players := 3
			seats := []Level{Hard, Normal, Random}
			if game == "blind4" {
				players, seats = 4, append(seats, Random)
			}
			for g := range 2 {
				g0, err := blind.NewGame(blind.Options{Players: players, Turns: 50})
				require.NoError(t, err)
				timedGame(t, blind.NewState(g0), timedBots(Blind{}, seats, 75+uint64(g), normal), by, worst)
			}
		case "knights2":
			timedGame(t, knightsState(t, 2, 74), timedBots(Knights{}, levels, 74, normal), by, worst)
		case "scorpion-guard", "scorpion-intruders":
			for _, run := range scorpionRuns[game] {
				for i := range run.games {
					g, err := scorpion.New(scorpionData, 1, simSeed(run.seed, i, "setup"))
					require.NoError(t, err)
					var seats []*Bot[*scorpion.State, scorpion.Play]
					for k, l := range run.levels {
						it := normal
						if l == Hard {
							it *= 5
							if c, ok := hardCaps[game]; ok {
								it = c
							}
						}
						seats = append(seats, New(scorpionH, Options{Level: l, Seed: simSeed(run.seed, i, fmt.Sprintf("bot%d", k)), Iterations: it}))
					}
					timedGame(t, scorpion.NewState(g), seats, by, worst)
				}
			}
		}
		for _, l := range []Level{Normal, Hard} {
			ds := by[l]
			require.NotEmpty(t, ds)
			n := len(ds)
			fmt.Printf("decisions %s %s %d p50 %.3f s p99 %.3f s\n", game, l, n, Percentile(ds, 0.5).Seconds(), Percentile(ds, 0.99).Seconds())
			fmt.Printf("  slowest %.3f s: %s\n", worst[l].spent.Seconds(), worst[l].action)
		}
	}
}

// timedBots are one bot a level, hard at five times normal's iterations.
func timedBots[S rules.Engine[S, A], A comparable](h Heuristic[S, A], levels []Level, seed uint64, normal int) []*Bot[S, A] {
	var out []*Bot[S, A]
	for i, l := range levels {
		it := normal
		if l == Hard {
			it *= 5
		}
		out = append(out, New(h, Options{Level: l, Seed: seed + uint64(i), Iterations: it}))
	}
	return out
}
