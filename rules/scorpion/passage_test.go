package scorpion

import (
	"slices"
	"strings"
	"testing"
)

func TestSecretPassage(t *testing.T) {
	g := intruderTurn(t, false)
	must(t, g, RoleNinja, "move OL2")
	ev := must(t, g, RoleNinja, "passage")
	in := g.in[0]
	if in.Zone != passageID || !in.Ended || !in.PassageOut || in.Hand[cPassage] != 0 {
		t.Fatalf("enter: %+v", in)
	}
	if s := texts(ev, RoleGuard); !strings.Contains(s, "enters the secret passage") || strings.Contains(s, "OL2") {
		t.Errorf("the guards read %q", s)
	}
	if got := refused(t, g, RoleNinja, "move YA11"); !strings.Contains(got, "move is over") {
		t.Errorf("through the passage in one turn: %q", got)
	}
	must(t, g, RoleNinja, "done")
	toIntruders(t, g)
	must(t, g, RoleTraitor, "done")
	clearGuards(g)
	if got := refused(t, g, RoleNinja, "move YA12"); !strings.Contains(got, "comes out at OL2 and YA11") {
		t.Errorf("exit elsewhere: %q", got)
	}
	must(t, g, RoleNinja, "move YA11")
	must(t, g, RoleNinja, "move YA22")
	must(t, g, RoleNinja, "move YA11")
	if g.in[0].Moves != 3 {
		t.Errorf("leaving the passage is one step: %d", g.in[0].Moves)
	}
	g.in[0].Moves, g.in[0].Ended = 0, false
	must(t, g, RoleNinja, "passage") // no second card
	if g.in[0].Zone != passageID {
		t.Error("second entry")
	}

	// The traitor needs his own card.
	g = intruderTurn(t, true)
	must(t, g, RoleNinja, "done")
	put(g, RoleTraitor, "YA11")
	g.in[1].Hand[cPassage] = 0
	if got := refused(t, g, RoleTraitor, "passage"); !strings.Contains(got, "holds 0 Secret Passage") {
		t.Errorf("no card: %q", got)
	}
	put(g, RoleTraitor, "YA12")
	if got := refused(t, g, RoleTraitor, "passage"); !strings.Contains(got, "not an entrance") {
		t.Errorf("not at an entrance: %q", got)
	}
}

func TestPassageDiscoveryAndGuards(t *testing.T) {
	g := table(t)
	// A guard that only passes through an entrance notices nothing.
	must(t, g, RoleGuard, "ssearch YA9 YA10 YA11")
	must(t, g, RoleGuard, "done")
	if g.disc[1] {
		t.Fatal("discovered before the turn's end")
	}
	ev := must(t, g, RoleGuard, "march")
	if !g.disc[1] || g.disc[0] || !strings.Contains(texts(ev, RoleNinja), "entrance of the secret passage at YA11") {
		t.Fatalf("discovery: %v %s", g.disc, texts(ev, RoleNinja))
	}
	if v := g.View(RoleGuard); !slices.Equal(v.Passage, []string{"YA11"}) {
		t.Errorf("guards see %v", v.Passage)
	}
	if v := g.View(RoleNinja); len(v.Passage) != 2 {
		t.Errorf("the ninja sees %v", v.Passage)
	}
	// The ninja hides in the passage; a guard follows him in with the
	// card and finds him.
	put(g, RoleNinja, "YA11")
	must(t, g, RoleNinja, "passage")
	toGuards(t, g)
	if got := refused(t, g, RoleGuard, "ssearch YA11 passage"); !strings.Contains(got, "cannot use the secret passage") {
		t.Errorf("ssearch in before the card: %q", got)
	}
	must(t, g, RoleGuard, "passage YA11")
	if !g.in[0].Revealed || g.alert != AlertHigh || !g.gPassage {
		t.Fatalf("a guard in the passage detects the ninja: %+v", g.in[0])
	}
	toIntruders(t, g)
	toGuards(t, g)
	must(t, g, RoleGuard, "done") // alert phase
	if got := refused(t, g, RoleGuard, "ssearch passage YA12"); !strings.Contains(got, "does not come out at YA12") {
		t.Errorf("wrong exit: %q", got)
	}
	must(t, g, RoleGuard, "ssearch passage OL2")
	if !g.disc[0] {
		t.Error("leaving by the other exit discovers it")
	}
	must(t, g, RoleGuard, "ssearch YA13 YA12 YA11")
	if got := refused(t, g, RoleGuard, "passage YA12"); got == "" {
		t.Error("passage from a non-entrance")
	}

	// An intruder entering the passage with a guard inside is detected.
	g = intruderTurn(t, false)
	guardAt(g, passageID, 0)
	must(t, g, RoleNinja, "move OL2")
	must(t, g, RoleNinja, "passage")
	if !g.in[0].Revealed || g.alert != AlertHigh {
		t.Error("detected in the passage")
	}
}
