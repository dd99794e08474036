package scorpion

import (
	"strings"
	"testing"
)

func TestTableSetup(t *testing.T) {
	g := table(t)
	if g.turn != 1 || g.phase != PhaseCards || g.alert != AlertNone {
		t.Fatalf("turn %d phase %s alert %d", g.turn, g.phase, g.alert)
	}
	if g.count() != 14 || total(g.sleeping) != 8 {
		t.Fatalf("%d guards, %d sleeping", g.count(), total(g.sleeping))
	}
	want := "sleep CA3 CA3 YA10 YA10 YA14 YA14 YA2 YA2\nhide CA1=A CA3=B CA4=C CA6=D CA8=trap CA9=sentry CB1=E CB2=F CB4=trap CB6=sentry\n" +
		"hand guard Awaken:2 Kenjutsu:6 Patrol-Listen:2 Patrol-Search:2 Secret-Passage:2 Sentry-Listen:4 Sentry-Search:6\n" +
		"deck guard Awaken:2 Patrol-Listen:2 Patrol-Search:4 Sentry-Listen:4\n"
	if got := g.Placements(Guards); got != want {
		t.Errorf("guard placements:\n%s\nwant\n%s", got, want)
	}
	if got := g.Placements(Intruders); !strings.HasPrefix(got, "start ninja OL1\nstart traitor YA3\npassage OL2 YA11\ndeck ninja Kenjutsu:2 Rope:2 Secret-Passage:1 Shadow-Walk:1 Shuriken:2\n") {
		t.Errorf("intruder placements:\n%s", got)
	}
}

func TestSetupLimits(t *testing.T) {
	fresh := func(guards int) *Game {
		g, err := New(dflt, guards, 3)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g := fresh(1)
	for _, c := range []struct {
		r           Role
		cmd, reason string
	}{
		{RoleGuard, "posts YA1 YA5 YA9 YA13 CA2 CA5 CB3", "exactly 8 sentries"},
		{RoleGuard, "posts YA1 YA5 YA9 YA13 CA2 CA5 CB3 YA2", "YA2 is not a sentry post"},
		{RoleGuard, "posts YA1 YA5 YA9 YA13 CA2 CA5 CB3 YA1", "one sentry per post"},
		{RoleGuard, "posts YA1 YA5 YA9 YA13 CA2 CA5 CB3 CB5:sword", "no type"},
		{RoleGuard, "patrol CA1", "not on the patrol track"},
		{RoleGuard, "patrol YA3>YA2", "the track goes to"},
		{RoleGuard, "sleep YA2 YA2 YA10 YA10 YA14 YA14 CA3", "exactly 8 sleeping"},
		{RoleGuard, "sleep YA2 YA2 YA2 YA10 YA10 YA14 YA14 CA3", "at most 2 sleeping guards per barracks"},
		{RoleGuard, "sleep YA1 YA2 YA10 YA10 YA14 YA14 CA3 CA3", "YA1 is not a barracks"},
		{RoleGuard, "hide CA1=A CA3=B CA4=C CA6=D CB1=E CB2=F CA8=trap CB4=trap CA9=sentry YA6=sentry", "not an inner castle zone"},
		{RoleGuard, "hide CA1=A CA3=B CA4=C CA6=D CB1=E CB2=F CA8=trap CB4=trap CA9=sentry CA2=sentry", "without a sentry post"},
		{RoleGuard, "hide CA1=A CA3=B CA4=C CA6=D CB1=E CB2=F CA8=trap CB4=trap CA9=sentry CA9=sentry", "at most one thing per zone"},
		{RoleGuard, "hide CA1=A CA3=B CA4=C CA6=D CB1=E CB2=F CA8=trap CB4=trap CA9=sentry", "once each"},
		{RoleGuard, "hide CA1=A CA3=A CA4=C CA6=D CB1=E CB2=F CA8=trap CB4=trap CA9=sentry CB6=sentry", "once each"},
		{RoleGuard, "hand kenjutsu:6 ssearch:6 slisten:4 plisten:2 psearch:2 awaken:2 passage:1", "exactly 24"},
		{RoleGuard, "hand kenjutsu:7 ssearch:6 slisten:4 plisten:2 psearch:2 awaken:2 passage:1", "only 6 Kenjutsu"},
		{RoleGuard, "hand kenjutsu:6 zzz:1", "no card"},
		{RoleGuard, "ready", "place the 8 sentries first"},
		{RoleGuard, "move YA1", "during set-up"},
		{RoleNinja, "start YA3", "board's edge"},
		{RoleTraitor, "start OL1", "in the yard"},
		{RoleTraitor, "start CA1", "in the yard"},
		{RoleNinja, "deck kenjutsu:3 rope:3 walk:2 shuriken:1", "exactly 8"},
		{RoleNinja, "deck kenjutsu:4 rope:3 walk:1", "only 3 Kenjutsu"},
		{RoleTraitor, "deck kenjutsu:3 cat:2 sake:1", "exactly 7"},
		{RoleNinja, "passage MO1 YA3", "any zone but the moat"},
		{RoleNinja, "passage YA3 YA3", "two different zones"},
		{RoleNinja, "ready", "choose a start first"},
		{RoleModerator, "ready", "does not act"},
		{RoleSword, "ready", "one guard player"},
	} {
		if got := refused(t, g, c.r, c.cmd); !strings.Contains(got, c.reason) {
			t.Errorf("%s %s: %q, want %q", c.r, c.cmd, got, c.reason)
		}
	}
	for range 3 {
		must(t, g, RoleGuard, "patrol YA3>YA17")
	}
	if got := refused(t, g, RoleGuard, "patrol YA7"); !strings.Contains(got, "3 patrols") {
		t.Errorf("fourth patrol: %q", got)
	}
	must(t, g, RoleGuard, "patrol clear")
	if g.count() != 0 {
		t.Error("patrol clear left guards")
	}
	g2 := fresh(2)
	if got := refused(t, g2, RoleGuard, "ready"); !strings.Contains(got, "sword and spear") {
		t.Errorf("guard in a two-guard game: %q", got)
	}
	if got := refused(t, g2, RoleSword, "hand kenjutsu:3 ssearch:3 slisten:4 plisten:1"); !strings.Contains(got, "exactly 12") {
		t.Errorf("two-guard hand: %q", got)
	}
	if got := refused(t, g2, RoleSword, "hand kenjutsu:4 ssearch:3 slisten:4 plisten:1"); !strings.Contains(got, "only 3 Kenjutsu") {
		t.Errorf("two-guard half: %q", got)
	}
	must(t, g2, RoleSword, "patrol YA7 sword+spear")
	if got := refused(t, g2, RoleSword, "patrol YA7 sword+axe"); !strings.Contains(got, "sword or spear") {
		t.Errorf("patrol type: %q", got)
	}
}

func TestRandomSetupAndMissions(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(30) {
		g, _ := New(dflt, 2, seed)
		if g.in[0].Mission == g.in[1].Mission {
			t.Fatalf("seed %d: both missions %s", seed, g.in[0].Mission)
		}
		seen[g.in[0].Mission] = true
		must(t, g, RoleSpear, "random")
		refused(t, g, RoleSword, "random")
		must(t, g, RoleSword, "ready")
		must(t, g, RoleTraitor, "random")
		must(t, g, RoleNinja, "random")
		if r := refused(t, g, RoleNinja, "random"); !strings.Contains(r, "set-up is complete") {
			t.Fatalf("random with nothing left to fill: %s", r)
		}
		must(t, g, RoleNinja, "ready")
		must(t, g, RoleTraitor, "ready")
		if g.phase != PhaseCards || g.count() != 14 {
			t.Fatalf("seed %d: phase %s, %d guards", seed, g.phase, g.count())
		}
		h, _ := New(dflt, 2, seed)
		must(t, h, RoleSpear, "random")
		if h.Placements(Guards) != "" || h.hands[RoleSword].Hand == nil {
			t.Fatal("placements before ready")
		}
		must(t, h, RoleSword, "ready")
		if h.Placements(Guards) != g.Placements(Guards) {
			t.Fatalf("seed %d: random set-up is not reproducible", seed)
		}
	}
	if len(seen) < 4 {
		t.Errorf("missions drawn from only %v", seen)
	}
}
