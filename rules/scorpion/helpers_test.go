package scorpion

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
)

var dflt = data.DefaultScorpion()

// must applies a command and fails the test if it is refused.
func must(t testing.TB, g *Game, r Role, text string) []Event {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	ev, err := g.Apply(r, a)
	if err != nil {
		t.Fatalf("%s %s: %v", r, text, err)
	}
	return ev
}

// refused applies a command that must be refused, checks the game did not
// change and returns the reason.
func refused(t testing.TB, g *Game, r Role, text string) string {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	before := g.Clone()
	_, err = g.Apply(r, a)
	var ref *rules.Refusal[Action]
	if !errors.As(err, &ref) {
		t.Fatalf("%s %s: want a refusal, got %v", r, text, err)
	}
	if !sameGame(before, g) {
		t.Fatalf("%s %s: a refused action changed the game", r, text)
	}
	return ref.Reason
}

// sameGame compares two games through the moderator's view and the
// internals that view does not show.
func sameGame(a, b *Game) bool {
	ja, jb := mustJSON(a.View(RoleModerator)), mustJSON(b.View(RoleModerator))
	return ja == jb && a.src == b.src && len(a.pending) == len(b.pending) && a.drew == b.drew && a.marched == b.marched &&
		a.Placements(Guards) == b.Placements(Guards) && a.Placements(Intruders) == b.Placements(Intruders)
}

// randomGame plays seeded random commands from Choices' candidates until
// the game ends; check runs after every step. Trying shuffled candidates
// until one applies picks among Choices without listing them all each
// step; every 16th step lists Choices in full and plays from the list.
func randomGame(t testing.TB, guards int, seed uint64, check func(*Game, []Event)) *Game {
	return randomGameOn(t, dflt, guards, seed, check)
}

// randomGameOn is randomGame on map d.
func randomGameOn(t testing.TB, d *data.Scorpion, guards int, seed uint64, check func(*Game, []Event)) *Game {
	g, err := New(d, guards, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for step := 0; step < 5000; step++ {
		if over, _ := g.Over(); over {
			return g
		}
		ev := randomStep(t, g, rng, step%16 == 0)
		if ev == nil {
			t.Fatalf("seed %d: nobody can act (phase %s, waiting %v, pending %+v): %s", seed, g.phase, g.Waiting(), g.pending, mustJSON(g.View(RoleModerator)))
		}
		if check != nil {
			check(g, ev)
		}
	}
	t.Fatalf("seed %d: the game did not end", seed)
	return g
}

func randomStep(t testing.TB, g *Game, rng *rand.Rand, full bool) []Event {
	roles := g.Waiting()
	rules.Shuffle(rng, roles)
	for _, r := range roles {
		var cands []string
		if full {
			cands = g.Choices(r)
		} else {
			cands = g.candidates(r)
		}
		rules.Shuffle(rng, cands)
		if i := slices.Index(cands, "random"); i >= 0 && rng.IntN(2) == 0 {
			cands[0], cands[i] = cands[i], cands[0]
		}
		for _, c := range cands {
			a, err := ParseAction(c)
			if err != nil {
				t.Fatalf("candidate %q: %v", c, err)
			}
			if ev, err := g.Apply(r, a); err == nil {
				return append(ev, Event{})[:len(ev)]
			} else if full {
				t.Fatalf("Choices lists %q for %s but Apply refuses it: %v", c, r, err)
			}
		}
	}
	return nil
}

// table is a one-guard game past set-up: turn 1, card phase, alert none.
// Sentries at YA1 YA5 YA9 YA13 CA2 CA5 CB3 CB5, patrols at YA7, YA15,
// YA19; the ninja at OL1 with mission A (CA1), the traitor at YA3 with
// mission E (CB1); the passage joins OL2 and YA11.
func table(t testing.TB) *Game {
	t.Helper()
	return tableN(t, 1)
}

func tableN(t testing.TB, guards int) *Game {
	t.Helper()
	g, err := New(dflt, guards, 1)
	if err != nil {
		t.Fatal(err)
	}
	gr := []Role{RoleGuard}
	if guards == 2 {
		gr = []Role{RoleSword, RoleSpear}
	}
	must(t, g, gr[0], "posts YA1 YA5 YA9 YA13 CA2 CA5 CB3 CB5")
	for _, z := range []string{"YA7", "YA15", "YA19"} {
		must(t, g, gr[0], "patrol "+z)
	}
	must(t, g, gr[0], "sleep YA2 YA2 YA10 YA10 YA14 YA14 CA3 CA3")
	must(t, g, gr[0], "hide CA1=A CA3=B CA4=C CA6=D CB1=E CB2=F CA8=trap CB4=trap CA9=sentry CB6=sentry")
	if guards == 1 {
		must(t, g, RoleGuard, "hand kenjutsu:6 ssearch:6 slisten:4 plisten:2 psearch:2 awaken:2 passage:2")
	} else {
		for _, r := range gr {
			must(t, g, r, "hand kenjutsu:3 ssearch:3 slisten:2 plisten:1 psearch:1 awaken:1 passage:1")
		}
	}
	must(t, g, gr[0], "ready")
	must(t, g, RoleNinja, "start OL1")
	must(t, g, RoleNinja, "deck passage:1 kenjutsu:2 rope:2 walk:1 shuriken:2")
	must(t, g, RoleNinja, "passage OL2 YA11")
	must(t, g, RoleTraitor, "start YA3")
	must(t, g, RoleTraitor, "deck passage:1 rope:1 kenjutsu:2 cat:2 sake:1")
	must(t, g, RoleNinja, "ready")
	must(t, g, RoleTraitor, "ready")
	g.in[0].Mission, g.in[1].Mission = "A", "E"
	return g
}

// put moves an intruder to z for a test (hidden, no encounter).
func put(g *Game, r Role, z string) { g.intr(r).Zone = z }

// clearGuards takes every guard figure off the board.
func clearGuards(g *Game) { g.figs = nil }

// guardAt adds a sentry (patrol 0) or a patrol guard at z.
func guardAt(g *Game, z string, patrol int) *figure { return g.addFig(z, "", patrol) }

// toIntruders ends the guards' turn (cards phase to the intruders' phase,
// with nothing to march).
func toIntruders(t testing.TB, g *Game) {
	t.Helper()
	for g.phase != PhaseIntruders {
		must(t, g, g.guardRoles()[0], "done")
	}
}

// toGuards ends the intruders' phase.
func toGuards(t testing.TB, g *Game) {
	t.Helper()
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		if g.acting(r) {
			must(t, g, r, "done")
		}
	}
}

func texts(ev []Event, r Role) string {
	var s []string
	for _, e := range ev {
		if x, ok := e.For(r); ok {
			s = append(s, x)
		}
	}
	return strings.Join(s, "\n")
}
