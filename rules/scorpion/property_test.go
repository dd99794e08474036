package scorpion

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/internal/sweep"
)

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestRandomGames(t *testing.T) {
	n := sweep.Count(t, 50, 200)
	outcomes := map[Outcome]int{}
	for seed := range uint64(n) {
		g := randomGame(t, 1+int(seed%2), seed, func(g *Game, ev []Event) {
			invariants(t, g, ev)
			secrets(t, g, ev)
		})
		_, o := g.Over()
		outcomes[o]++
	}
	t.Logf("outcomes: %v", outcomes)
}

// TestRandomGamesOnATwoWayTrack plays random games on a user map whose
// track runs both ways: every march keeps each patrol's way, so a patrol
// never faces the zone it marched in from, and every game ends.
func TestRandomGamesOnATwoWayTrack(t *testing.T) {
	f, err := os.Open("testdata/twoway.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := data.LoadScorpion(f)
	if err != nil {
		t.Fatal(err)
	}
	walked := 0
	for seed := range uint64(10) {
		randomGameOn(t, d, 1+int(seed%2), seed, func(g *Game, ev []Event) {
			invariants(t, g, ev)
			for p, came := range g.came {
				if came != "" && g.facing[p] == came {
					t.Fatalf("seed %d: patrol %d faces %s, the zone it came from", seed, p, came)
				}
				walked++
			}
		})
	}
	if walked == 0 {
		t.Fatal("no patrol ever marched")
	}
}

func invariants(t *testing.T, g *Game, ev []Event) {
	t.Helper()
	if g.count() > g.d.Setup.GuardCap {
		t.Fatalf("%d guards on the board", g.count())
	}
	if g.alert < AlertNone || g.alert > AlertHigh {
		t.Fatalf("alert %d", g.alert)
	}
	if g.turn > g.d.Setup.Turns {
		t.Fatalf("turn %d", g.turn)
	}
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		if in := g.intr(r); in.Wounds > g.maxWounds(r) {
			t.Fatalf("%s has %d wounds", r, in.Wounds)
		}
	}
}

// secrets checks that no role reads what it may not know, in its view and
// in every event of the last step.
func secrets(t *testing.T, g *Game, ev []Event) {
	t.Helper()
	for _, r := range []Role{RoleGuard, RoleSword, RoleSpear, RoleNinja, RoleTraitor, RoleTable} {
		if r.Side() == Guards && !g.isGuardRole(r) {
			continue
		}
		v := g.View(r)
		if g.turn%4 == 0 {
			// What leaves the process is the JSON: read the view back
			// from it now and then.
			v = View{}
			if err := json.Unmarshal([]byte(mustJSON(g.View(r))), &v); err != nil {
				t.Fatal(err)
			}
		}
		var texts []string
		for _, e := range ev {
			if s, ok := e.For(r); ok {
				texts = append(texts, s)
			}
		}
		all := strings.Join(texts, "\n")
		if r.Side() != Intruders {
			guardSecrets(t, g, r, v, all)
		}
		if r.Side() != Guards {
			intruderSecrets(t, g, r, v, all)
		}
	}
}

func guardSecrets(t *testing.T, g *Game, r Role, v View, all string) {
	t.Helper()
	for i, iv := range v.Intruders {
		in := g.in[i]
		if !iv.Revealed && iv.Zone != "" {
			t.Fatalf("%s reads the hidden %s's zone %s", r, iv.Name, iv.Zone)
		}
		if iv.Noise != nil || iv.Moves != nil || iv.Hand != nil || iv.Visited != nil {
			t.Fatalf("%s reads the %s's noise, moves or hand", r, iv.Name)
		}
		if iv.Mission != "" && !in.Done {
			t.Fatalf("%s reads the %s's mission", r, iv.Name)
		}
	}
	for i, e := range g.passage {
		if !g.disc[i] && slices.Contains(v.Passage, e) {
			t.Fatalf("%s reads an undiscovered passage end", r)
		}
	}
	if v.Ropes != nil {
		t.Fatalf("%s reads the ropes", r)
	}
	if r != RoleTable && len(g.inZone(passageID)) > 0 {
		for _, c := range g.Choices(r) {
			w := strings.Fields(c)
			for i := 0; i+1 < len(w); i++ {
				if j := slices.Index(g.passage[:], w[i+1]); w[i] == passageID && j >= 0 && !g.disc[j] {
					t.Fatalf("%s's choices lead out of the passage by an unknown exit: %q", r, c)
				}
			}
		}
	}
	for _, w := range []string{"moves to", "a rope between", "returns at", "will start", "passage joins", "'s cards:", "mission is"} {
		if strings.Contains(all, w) {
			t.Fatalf("%s reads an intruder secret: %q", r, all)
		}
	}
}

func intruderSecrets(t *testing.T, g *Game, r Role, v View, all string) {
	t.Helper()
	if v.Hidden != nil || v.SleepingAt != nil {
		t.Fatalf("%s reads the guards' hidden placements", r)
	}
	for _, h := range v.Hands {
		if h.Cards != nil || h.DeckOf != nil || h.Drawn != nil {
			t.Fatalf("%s reads a guard hand", r)
		}
	}
	if r != RoleTable {
		p := g.intr(r.partner())
		if pv := v.Intruders[r.partner()-RoleNinja]; pv.Mission != "" && !p.Shown && !p.Done {
			t.Fatalf("%s reads the unshown partner mission", r)
		}
		if !p.Shown && strings.Contains(all, r.partner().String()+"'s mission is") {
			t.Fatalf("%s reads the unshown partner mission in %q", r, all)
		}
	}
	for z, w := range g.hidden {
		if g.found[z] == "" && strings.Contains(all, z+"="+w) {
			t.Fatalf("%s reads an unfound placement in %q", r, all)
		}
	}
	for _, w := range []string{"sleeping guards:", "sleeping guards at", "'s hand:"} {
		if strings.Contains(all, w) {
			t.Fatalf("%s reads a guard secret in %q", r, all)
		}
	}
	for _, e := range []string{"the guard draws ", "the sword draws ", "the spear draws "} {
		if i := strings.Index(all, e); i >= 0 {
			for _, c := range cardNames(g.d.Guards) {
				if strings.Contains(all[i:], c) && !strings.Contains(all[i:], "plays "+c) {
					line, _, _ := strings.Cut(all[i:], "\n")
					if strings.Contains(line, c) {
						t.Fatalf("%s reads a guard draw: %q", r, line)
					}
				}
			}
		}
	}
}
