package scorpion

import (
	"strings"
	"testing"
)

// intruderTurn is a table at the intruders' phase of turn 1, the traitor
// done unless keep says otherwise.
func intruderTurn(t *testing.T, keepTraitor bool) *Game {
	g := table(t)
	toIntruders(t, g)
	if !keepTraitor {
		must(t, g, RoleTraitor, "done")
	}
	return g
}

func TestMovesRopesAndNoise(t *testing.T) {
	g := intruderTurn(t, false)
	refused(t, g, RoleNinja, "move OL3")
	for _, z := range []string{"OL2", "OL3", "OL4"} {
		must(t, g, RoleNinja, "move "+z)
	}
	if got := refused(t, g, RoleNinja, "move OL5"); !strings.Contains(got, "his most") {
		t.Errorf("fourth zone: %q", got)
	}
	if got := refused(t, g, RoleGuard, "done"); !strings.Contains(got, "intruders' turn") {
		t.Errorf("guard in the intruders' turn: %q", got)
	}
	must(t, g, RoleNinja, "done")
	if g.turn != 2 || g.in[0].Noise != 3 || g.in[1].Noise != 0 {
		t.Fatalf("turn %d noise %d/%d", g.turn, g.in[0].Noise, g.in[1].Noise)
	}
	// Walls need a rope; crossing one ends the move; the rope stays for
	// both.
	g = intruderTurn(t, true)
	put(g, RoleNinja, "MO12")
	if got := refused(t, g, RoleNinja, "move YA16"); !strings.Contains(got, "rope YA16") {
		t.Errorf("wall: %q", got)
	}
	if got := refused(t, g, RoleNinja, "rope OL12"); !strings.Contains(got, "no wall") {
		t.Errorf("rope without a wall: %q", got)
	}
	ev := must(t, g, RoleNinja, "rope YA16")
	if g.in[0].Zone != "YA16" || !g.in[0].Ended || g.in[0].Hand[cRope] != 1 {
		t.Errorf("rope: %+v", g.in[0])
	}
	if s := texts(ev, RoleGuard); !strings.Contains(s, "plays Rope") || strings.Contains(s, "YA16") {
		t.Errorf("the guards read %q", s)
	}
	if refused(t, g, RoleNinja, "move YA15") == "" {
		t.Error("moved after a rope")
	}
	put(g, RoleTraitor, "MO12")
	must(t, g, RoleTraitor, "move YA16")
	if !g.in[1].Ended || g.in[1].Hand[cRope] != 1 {
		t.Error("the traitor's rope crossing should end his move and spend nothing")
	}
	g.in[1].Ended, g.in[1].Moves = false, 0
	if got := refused(t, g, RoleTraitor, "rope MO12"); !strings.Contains(got, "already") {
		t.Errorf("second rope: %q", got)
	}
}

func TestSearchRules(t *testing.T) {
	g := intruderTurn(t, false)
	if got := refused(t, g, RoleNinja, "search OL1"); !strings.Contains(got, "did not move into or out of") {
		t.Errorf("search without moving: %q", got)
	}
	must(t, g, RoleNinja, "move OL2")
	if got := refused(t, g, RoleNinja, "search OL3"); !strings.Contains(got, "did not move into or out of OL3") {
		t.Errorf("search a zone not moved through: %q", got)
	}
	must(t, g, RoleNinja, "search OL1 OL2")
	if got := refused(t, g, RoleNinja, "move OL3"); !strings.Contains(got, "move is over") {
		t.Errorf("move after a search: %q", got)
	}
	if got := refused(t, g, RoleNinja, "search OL2"); !strings.Contains(got, "searched") {
		t.Errorf("second search: %q", got)
	}
}

func TestSearchResults(t *testing.T) {
	// Trap found by the ninja: alert +1, the trap stays.
	g := intruderTurn(t, false)
	put(g, RoleNinja, "CA5")
	must(t, g, RoleNinja, "move CA8")
	ev := must(t, g, RoleNinja, "search CA8")
	if g.alert != AlertLow || g.hidden["CA8"] != "trap" || g.found["CA8"] != "trap" {
		t.Errorf("trap: alert %d", g.alert)
	}
	if !strings.Contains(texts(ev, RoleGuard), "searches CA8: a trap") {
		t.Error(texts(ev, RoleGuard))
	}
	// Trap found by the traitor: It Was A Cat cancels, pass does not.
	for _, ans := range []string{"cat", "pass"} {
		g = intruderTurn(t, true)
		must(t, g, RoleNinja, "done")
		put(g, RoleTraitor, "CB5")
		must(t, g, RoleTraitor, "move CB4")
		must(t, g, RoleTraitor, "search CB4")
		if w := g.Waiting(); len(w) != 1 || w[0] != RoleTraitor {
			t.Fatalf("waiting %v", w)
		}
		must(t, g, RoleTraitor, ans)
		if want := map[string]int{"cat": AlertNone, "pass": AlertLow}[ans]; g.alert != want {
			t.Errorf("trap %s: alert %d", ans, g.alert)
		}
	}
	// Objectives: the partner's letter is named but does not count.
	g = intruderTurn(t, true)
	put(g, RoleNinja, "CB2")
	must(t, g, RoleNinja, "move CB1")
	ev = must(t, g, RoleNinja, "search CB1")
	if g.in[0].Done || g.in[1].Done || !strings.Contains(texts(ev, RoleGuard), "objective E") {
		t.Errorf("partner's objective: %s", texts(ev, RoleGuard))
	}
	put(g, RoleTraitor, "CB2")
	must(t, g, RoleTraitor, "move CB1")
	ev = must(t, g, RoleTraitor, "search CB1 CB2")
	if !g.in[1].Done || !strings.Contains(texts(ev, RoleGuard), "traitor has accomplished his mission") {
		t.Errorf("own objective: %s", texts(ev, RoleGuard))
	}
	if v := g.View(RoleGuard); v.Intruders[1].Mission != "E" || v.Intruders[0].Mission != "" {
		t.Errorf("mission in the guards' view: %+v", v.Intruders)
	}
}

// hiddenSentry is the ninja finding the hidden sentry at CA9 from CA8.
func hiddenSentry(t *testing.T, cap bool) *Game {
	g := intruderTurn(t, true)
	if cap {
		for g.count() < 20 {
			guardAt(g, "OL7", 0).Drunk = true
		}
	}
	put(g, RoleNinja, "CA8")
	must(t, g, RoleNinja, "move CA9")
	must(t, g, RoleNinja, "search CA9")
	return g
}

func TestHiddenSentry(t *testing.T) {
	g := hiddenSentry(t, false)
	if len(g.inZone("CA9")) != 1 || g.in[0].Revealed || g.alert != AlertNone {
		t.Fatalf("the hidden sentry should appear and wait: %v", g.inZone("CA9"))
	}
	refused(t, g, RoleTraitor, "done")
	refused(t, g, RoleNinja, "sake")
	must(t, g, RoleNinja, "pass")
	if !g.in[0].Revealed || g.alert != AlertHigh {
		t.Error("pass: the ninja should be detected, alert high")
	}
	for _, c := range []struct {
		cmd    string
		alert  int
		guards int
	}{{"kenjutsu", AlertLow, 0}, {"shuriken CA9", AlertNone, 0}, {"walk", AlertNone, 1}} {
		g = hiddenSentry(t, false)
		must(t, g, RoleNinja, c.cmd)
		if g.alert != c.alert || len(g.inZone("CA9")) != c.guards || g.in[0].Revealed || len(g.pending) != 0 {
			t.Errorf("%s: alert %d, guards %d, revealed %v", c.cmd, g.alert, len(g.inZone("CA9")), g.in[0].Revealed)
		}
	}
	// The traitor's Potent Sake makes the sentry drunk.
	g = intruderTurn(t, true)
	put(g, RoleTraitor, "CA8")
	must(t, g, RoleTraitor, "move CA9")
	must(t, g, RoleTraitor, "search CA9")
	refused(t, g, RoleTraitor, "walk")
	must(t, g, RoleTraitor, "sake")
	if f := g.inZone("CA9"); len(f) != 1 || !f[0].Drunk {
		t.Errorf("sake: %+v", f)
	}
	// A hidden sentry in a zone the searcher has left: the sentry appears
	// there and the searcher, elsewhere, is not revealed by a pass.
	g = intruderTurn(t, true)
	put(g, RoleNinja, "CA9")
	must(t, g, RoleNinja, "move CA8")
	must(t, g, RoleNinja, "search CA9")
	must(t, g, RoleNinja, "pass")
	if g.in[0].Revealed || g.alert != AlertHigh || len(g.inZone("CA9")) != 1 {
		t.Errorf("left zone: revealed %v alert %d", g.in[0].Revealed, g.alert)
	}
}

func TestHiddenSentryAtCap(t *testing.T) {
	g := hiddenSentry(t, true)
	if g.count() != 20 || len(g.inZone("CA9")) != 0 {
		t.Fatalf("at the cap the sentry waits: %d", g.count())
	}
	must(t, g, RoleNinja, "kenjutsu")
	if g.count() != 20 || g.alert != AlertLow || len(g.pending) != 0 {
		t.Errorf("killed at the cap: %d guards, alert %d", g.count(), g.alert)
	}
	g = hiddenSentry(t, true)
	must(t, g, RoleNinja, "pass")
	if g.alert != AlertHigh || g.Waiting()[0] != RoleGuard {
		t.Fatalf("pass at the cap: waiting %v", g.Waiting())
	}
	refused(t, g, RoleNinja, "done")
	must(t, g, RoleGuard, "remove OL7")
	if g.count() != 20 || len(g.inZone("CA9")) != 1 || len(g.inZone("OL7")) != 5 {
		t.Errorf("remove: %d guards, CA9 %d", g.count(), len(g.inZone("CA9")))
	}
	g = hiddenSentry(t, true)
	must(t, g, RoleNinja, "pass")
	must(t, g, RoleGuard, "keep")
	if g.count() != 20 || len(g.inZone("CA9")) != 0 || !g.in[0].Revealed {
		t.Errorf("keep: %d guards", g.count())
	}
}

func TestEncounters(t *testing.T) {
	// pass: detected, alert high; moving on to an empty zone hides again.
	g := intruderTurn(t, false)
	put(g, RoleNinja, "YA2")
	ev := must(t, g, RoleNinja, "move YA1")
	if len(ev) != 1 || texts(ev, RoleGuard) != "" {
		t.Errorf("the guards read the encounter before the answer: %q", texts(ev, RoleGuard))
	}
	if w := g.Waiting(); len(w) != 1 {
		t.Errorf("waiting %v", w)
	}
	refused(t, g, RoleNinja, "move YA16")
	must(t, g, RoleNinja, "pass")
	if !g.in[0].Revealed || g.alert != AlertHigh {
		t.Error("pass")
	}
	ev = must(t, g, RoleNinja, "move YA16")
	if g.in[0].Revealed || !strings.Contains(texts(ev, RoleGuard), "hidden again") {
		t.Errorf("hidden again: %s", texts(ev, RoleGuard))
	}
	// Kenjutsu: one guard per card; the ninja +1 each, the traitor +2.
	g = intruderTurn(t, true)
	put(g, RoleNinja, "YA11")
	must(t, g, RoleNinja, "move YA12") // the patrol from YA19 marched here
	if got := refused(t, g, RoleNinja, "kenjutsu 3"); !strings.Contains(got, "2 guard") {
		t.Errorf("too many: %q", got)
	}
	refused(t, g, RoleNinja, "walk")
	must(t, g, RoleNinja, "kenjutsu 2")
	if g.alert != AlertMedium || len(g.inZone("YA12")) != 0 || g.in[0].Hand[cKenjutsu] != 0 || len(g.pending) != 0 {
		t.Errorf("ninja kenjutsu: alert %d, %v, %+v", g.alert, g.inZone("YA12"), g.pending)
	}
	put(g, RoleTraitor, "YA4")
	must(t, g, RoleTraitor, "move YA5")
	must(t, g, RoleTraitor, "kenjutsu")
	if g.alert != AlertHigh || len(g.inZone("YA5")) != 0 {
		t.Errorf("traitor kenjutsu: alert %d", g.alert)
	}
	// Shadow Walk: the ninja passes a lone sentry and may not stop.
	g = intruderTurn(t, false)
	put(g, RoleNinja, "YA4")
	must(t, g, RoleNinja, "move YA5")
	ev = must(t, g, RoleNinja, "walk")
	if g.in[0].Revealed || g.alert != AlertNone || strings.Contains(texts(ev, RoleGuard), "YA5") {
		t.Errorf("walk: %s", texts(ev, RoleGuard))
	}
	if got := refused(t, g, RoleNinja, "done"); !strings.Contains(got, "move on") {
		t.Errorf("stop after walk: %q", got)
	}
	if got := refused(t, g, RoleNinja, "search YA5"); !strings.Contains(got, "after Shadow Walk") {
		t.Errorf("search in place after walk: %q", got)
	}
	must(t, g, RoleNinja, "move YA6")
	must(t, g, RoleNinja, "search YA5")
	// Walk with no step left is refused.
	g = intruderTurn(t, false)
	put(g, RoleNinja, "YA4")
	must(t, g, RoleNinja, "move YA3")
	must(t, g, RoleNinja, "move YA4")
	must(t, g, RoleNinja, "move YA5")
	if got := refused(t, g, RoleNinja, "walk"); !strings.Contains(got, "move on") {
		t.Errorf("walk without a step: %q", got)
	}
	// Potent Sake, and the drunk guard's zone reveals without alert.
	g = intruderTurn(t, true)
	must(t, g, RoleNinja, "done")
	put(g, RoleTraitor, "YA6")
	must(t, g, RoleTraitor, "move YA5")
	refused(t, g, RoleTraitor, "walk")
	must(t, g, RoleTraitor, "sake")
	if f := g.inZone("YA5"); !f[0].Drunk || g.alert != AlertNone || g.in[1].Revealed {
		t.Errorf("sake: %+v", f)
	}
	must(t, g, RoleTraitor, "move YA4")
	ev = must(t, g, RoleTraitor, "move YA5")
	if !g.in[1].Revealed || g.alert != AlertNone || len(g.pending) != 0 {
		t.Errorf("drunk zone: revealed %v alert %d %s", g.in[1].Revealed, g.alert, texts(ev, RoleGuard))
	}
}

func TestSakeNotOnAGuardWhoSawTheTraitor(t *testing.T) {
	g := table(t)
	must(t, g, RoleGuard, "ssearch YA5 YA4")
	must(t, g, RoleGuard, "done")
	must(t, g, RoleGuard, "done")
	// The sentry at YA4 shared the traitor's zone? No: the traitor is at
	// YA3. Walk him in.
	g = table(t)
	must(t, g, RoleGuard, "ssearch YA5 YA4 YA3")
	toIntruders(t, g)
	must(t, g, RoleTraitor, "move YA2")
	must(t, g, RoleTraitor, "move YA3")
	if got := refused(t, g, RoleTraitor, "sake"); !strings.Contains(got, "shared the traitor's zone") {
		t.Errorf("sake on a guard who saw the traitor: %q", got)
	}
	must(t, g, RoleTraitor, "pass")
}

func TestShuriken(t *testing.T) {
	g := intruderTurn(t, false)
	put(g, RoleNinja, "YA4")
	refused(t, g, RoleTraitor, "shuriken YA5")
	ev := must(t, g, RoleNinja, "shuriken YA5")
	if len(g.inZone("YA5")) != 0 || g.alert != AlertNone || !strings.Contains(texts(ev, RoleGuard), "Shuriken") {
		t.Error("shuriken")
	}
	must(t, g, RoleNinja, "move YA3")
	if got := refused(t, g, RoleNinja, "move YA4"); !strings.Contains(got, "his most") {
		t.Errorf("second move after shuriken: %q", got)
	}
	g = intruderTurn(t, false)
	put(g, RoleNinja, "YA2")
	if got := refused(t, g, RoleNinja, "shuriken CA2"); !strings.Contains(got, "without a wall") {
		t.Errorf("across a wall: %q", got)
	}
	if got := refused(t, g, RoleNinja, "shuriken YA5"); !strings.Contains(got, "next to") {
		t.Errorf("two zones away: %q", got)
	}
	put(g, RoleNinja, "YA8")
	if got := refused(t, g, RoleNinja, "shuriken YA7"); !strings.Contains(got, "lone sentry") {
		t.Errorf("a patrol: %q", got)
	}
	put(g, RoleNinja, "YA4")
	must(t, g, RoleNinja, "move YA3")
	must(t, g, RoleNinja, "move YA4")
	if got := refused(t, g, RoleNinja, "shuriken YA5"); !strings.Contains(got, "at most one") {
		t.Errorf("after two zones: %q", got)
	}
}

func TestLeave(t *testing.T) {
	g := intruderTurn(t, false)
	if got := refused(t, g, RoleNinja, "leave"); !strings.Contains(got, "mission accomplished") {
		t.Errorf("leave without the mission: %q", got)
	}
	g.in[0].Done = true
	put(g, RoleNinja, "MO1")
	if got := refused(t, g, RoleNinja, "leave"); !strings.Contains(got, "board's edge") {
		t.Errorf("leave off the edge: %q", got)
	}
	must(t, g, RoleNinja, "move OL1")
	must(t, g, RoleNinja, "move OL2")
	must(t, g, RoleNinja, "move OL1")
	if got := refused(t, g, RoleNinja, "leave"); !strings.Contains(got, "his most") {
		t.Errorf("leave costs a step: %q", got)
	}
	g.in[0].Moves = 2
	must(t, g, RoleNinja, "leave")
	if !g.in[0].Gone || g.in[0].onBoard() || g.turn != 2 {
		t.Errorf("left: %+v turn %d", g.in[0], g.turn)
	}
}

// TestWalkThenSearchEnds: Shadow Walk lets the ninja "not stop in that
// zone, but ... search it"; once a search there has ended his move (a
// hidden sentry found after the walked-past sentry fell), nothing is left
// to move on with, so he may end his turn (SC-29).
func TestWalkThenSearchEnds(t *testing.T) {
	g := intruderTurn(t, false)
	put(g, RoleNinja, "YA4")
	must(t, g, RoleNinja, "move YA5")
	must(t, g, RoleNinja, "walk")
	must(t, g, RoleNinja, "kenjutsu")
	g.hidden["YA5"] = "sentry"
	must(t, g, RoleNinja, "search YA5")
	must(t, g, RoleNinja, "pass")
	if !g.in[0].Revealed || g.awake("YA5") != 1 {
		t.Fatalf("the hidden sentry stands with the revealed ninja: %+v", g.inZone("YA5"))
	}
	if len(g.Choices(RoleNinja)) == 0 {
		t.Fatal("the ninja has nothing to do")
	}
	must(t, g, RoleNinja, "done")
}
