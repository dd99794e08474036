package scorpion

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/data"
)

// atDistance finds a zone exactly d zones from z.
func atDistance(t *testing.T, g *Game, z string, d int) string {
	t.Helper()
	for _, c := range g.d.Map.Zones {
		if g.dist(z, c.ID) == d {
			return c.ID
		}
	}
	t.Fatalf("no zone %d from %s", d, z)
	return ""
}

// lone is a table with one sentry at z, the traitor off the board (no
// cat wait) and the ninja at nz with noise n.
func lone(t *testing.T, z, nz string, n int) *Game {
	g := table(t)
	clearGuards(g)
	guardAt(g, z, 0)
	g.in[1].Gone, g.in[1].Zone = true, ""
	put(g, RoleNinja, nz)
	g.in[0].Noise = n
	return g
}

func TestListenRange(t *testing.T) {
	for noise := 0; noise <= 3; noise++ {
		for d := 0; d <= noise+1; d++ {
			g := table(t)
			nz := atDistance(t, g, "YA4", d)
			g = lone(t, "YA4", nz, noise)
			ev := must(t, g, RoleGuard, "listen YA4 free")
			heard := d <= noise && noise > 0
			if got := strings.Contains(texts(ev, RoleGuard), "hear something"); got != heard {
				t.Errorf("noise %d, distance %d: heard %v", noise, d, got)
			}
			if want := map[bool]int{true: AlertLow, false: AlertNone}[heard]; g.alert != want {
				t.Errorf("noise %d, distance %d: alert %d", noise, d, g.alert)
			}
			if g.hands[RoleGuard].Hand[cSListen] != 4 {
				t.Error("the free listen spent a card")
			}
		}
	}
}

func TestListenWallsPassageAndFollow(t *testing.T) {
	g := lone(t, "YA2", "CA2", 1) // a wall stands between them
	must(t, g, RoleGuard, "listen YA2")
	if g.alert != AlertLow || len(g.pending) != 1 || g.pending[0].Kind != pFollow {
		t.Fatalf("through a wall: alert %d, pending %+v", g.alert, g.pending)
	}
	refused(t, g, RoleGuard, "follow CA2") // guards never cross walls
	refused(t, g, RoleGuard, "done")
	ev := must(t, g, RoleGuard, "follow YA3 YA4")
	if f := g.figs[0]; f.Zone != "YA4" || !f.Moved {
		t.Errorf("follow: %+v %s", f, texts(ev, RoleGuard))
	}

	g = lone(t, "YA10", "YA11", 3)
	put(g, RoleNinja, passageID)
	must(t, g, RoleGuard, "listen YA10")
	if g.alert != AlertNone {
		t.Error("an intruder in the passage was heard")
	}

	g = lone(t, "YA10", "YA11", 3)
	g.figs[0].Zone = passageID
	if got := refused(t, g, RoleGuard, "listen passage"); !strings.Contains(got, "cannot listen") {
		t.Errorf("listening in the passage: %q", got)
	}

	g = lone(t, "YA10", "YA10", 0) // standing still: out of reach
	must(t, g, RoleGuard, "listen YA10 free")
	if g.alert != AlertNone {
		t.Error("standing still was heard")
	}
}

func TestTraitorCatWait(t *testing.T) {
	g := table(t)
	clearGuards(g)
	guardAt(g, "YA5", 0)
	put(g, RoleTraitor, "YA4")
	g.in[1].Noise = 1
	ev := must(t, g, RoleGuard, "listen YA5")
	if w := g.Waiting(); len(w) != 1 || w[0] != RoleTraitor {
		t.Fatalf("waiting %v", w)
	}
	if strings.Contains(texts(ev, RoleGuard), "hear") {
		t.Error("the result came before the traitor's answer")
	}
	refused(t, g, RoleGuard, "done")
	must(t, g, RoleTraitor, "cat")
	if g.alert != AlertNone || g.in[1].Hand[cCat] != 1 || len(g.pending) != 0 {
		t.Errorf("It Was A Cat: alert %d, cats %d, pending %v", g.alert, g.in[1].Hand[cCat], g.pending)
	}

	// Nothing to hear: the traitor is still asked, and may pass.
	g = table(t)
	clearGuards(g)
	guardAt(g, "YA16", 0)
	must(t, g, RoleGuard, "listen YA16")
	if w := g.Waiting(); len(w) != 1 || w[0] != RoleTraitor {
		t.Fatalf("no wait when nothing was heard: %v", w)
	}
	g.in[1].Hand[cCat] = 0
	refused(t, g, RoleTraitor, "cat")
	ev = must(t, g, RoleTraitor, "pass")
	if !strings.Contains(texts(ev, RoleGuard), "hear nothing") {
		t.Errorf("pass: %s", texts(ev, RoleGuard))
	}

	g = table(t)
	clearGuards(g)
	guardAt(g, "YA5", 0)
	put(g, RoleTraitor, "YA4")
	g.in[1].Noise = 1
	must(t, g, RoleGuard, "listen YA5")
	must(t, g, RoleTraitor, "pass")
	if g.alert != AlertLow {
		t.Errorf("pass: alert %d", g.alert)
	}
	must(t, g, RoleGuard, "stay")
}

func TestAlertPhaseDraws(t *testing.T) {
	for level := AlertLow; level <= AlertHigh; level++ {
		g := table(t)
		toIntruders(t, g)
		g.alert = level
		toGuards(t, g)
		if g.phase != PhaseAlert || g.turn != 2 {
			t.Fatalf("phase %s turn %d", g.phase, g.turn)
		}
		refused(t, g, RoleGuard, "listen YA1")
		if got := refused(t, g, RoleGuard, "draw "+string(rune('1'+level))); !strings.Contains(got, "at most") {
			t.Errorf("level %d: %q", level, got)
		}
		g.hands[RoleGuard].Deck = map[string]int{cSSearch: 5}
		must(t, g, RoleGuard, "draw "+string(rune('0'+level)))
		if g.alert != level-1 || g.hands[RoleGuard].Drawn[cSSearch] != level {
			t.Errorf("level %d: alert %d, drawn %v", level, g.alert, g.hands[RoleGuard].Drawn)
		}
		refused(t, g, RoleGuard, "draw 0")
		if got := refused(t, g, RoleGuard, "listen YA1"); !strings.Contains(got, "just drawn") {
			t.Errorf("a card not just drawn: %q", got)
		}
		must(t, g, RoleGuard, "ssearch YA1 YA2")
		must(t, g, RoleGuard, "done")
		if g.phase != PhaseCards {
			t.Fatalf("phase %s", g.phase)
		}
		if g.View(RoleGuard).FreeListen {
			t.Error("a card was played in the alert phase: no free listen")
		}
	}
	// At alert none the alert phase is skipped.
	g := table(t)
	toIntruders(t, g)
	toGuards(t, g)
	if g.phase != PhaseCards {
		t.Errorf("alert none: phase %s", g.phase)
	}
	// done without drawing still lowers the alert.
	g = table(t)
	toIntruders(t, g)
	g.alert = AlertHigh
	toGuards(t, g)
	must(t, g, RoleGuard, "done")
	if g.alert != AlertMedium {
		t.Errorf("done at high: %d", g.alert)
	}
}

func TestCardsPhaseLimits(t *testing.T) {
	g := table(t)
	must(t, g, RoleGuard, "ssearch YA1 YA2")
	if got := refused(t, g, RoleGuard, "ssearch YA2 YA3"); !strings.Contains(got, "had a card") {
		t.Errorf("second card on a guard: %q", got)
	}
	must(t, g, RoleGuard, "listen YA5")
	must(t, g, RoleTraitor, "pass")
	if g.hands[RoleGuard].Hand[cSListen] != 3 {
		t.Error("listen after a card should spend a card")
	}
	if got := refused(t, g, RoleGuard, "listen YA9"); !strings.Contains(got, "two cards") {
		t.Errorf("third card: %q", got)
	}
	// Kenjutsu does not count.
	put(g, RoleTraitor, "YA13")
	g.in[1].Revealed = true
	must(t, g, RoleGuard, "kenjutsu YA13 traitor")
	if g.in[1].Wounds != 1 || g.alert != AlertHigh {
		t.Errorf("kenjutsu: wounds %d alert %d", g.in[1].Wounds, g.alert)
	}
	if got := refused(t, g, RoleGuard, "kenjutsu YA13 traitor"); !strings.Contains(got, "may still attack") {
		t.Errorf("second attack by one guard: %q", got)
	}

	// The free listen closes the card play.
	g = table(t)
	must(t, g, RoleGuard, "listen YA1 free")
	must(t, g, RoleTraitor, "pass")
	if got := refused(t, g, RoleGuard, "ssearch YA5 YA4"); !strings.Contains(got, "free listen") {
		t.Errorf("card after the free listen: %q", got)
	}
	if got := refused(t, g, RoleNinja, "done"); !strings.Contains(got, "guards' turn") {
		t.Errorf("out of turn: %q", got)
	}
}

func TestGuardCards(t *testing.T) {
	g := table(t)
	// Sentry Search: walls stop guards; a patrol is not a sentry.
	if got := refused(t, g, RoleGuard, "ssearch YA1 CA1"); !strings.Contains(got, "do not cross the wall") {
		t.Errorf("wall: %q", got)
	}
	if got := refused(t, g, RoleGuard, "ssearch YA7 YA8"); !strings.Contains(got, "not a patrol") {
		t.Errorf("patrol: %q", got)
	}
	if _, err := ParseAction("ssearch YA1 YA2 YA3 YA4"); err == nil {
		t.Error("three steps parse")
	}
	// The guard walks in on the hidden traitor at YA3: the move ends.
	ev := must(t, g, RoleGuard, "ssearch YA1 YA2 YA3")
	if f := g.inZone("YA3"); len(f) != 1 || !g.in[1].Revealed || g.alert != AlertHigh {
		t.Errorf("walk-in: %v revealed %v alert %d", f, g.in[1].Revealed, g.alert)
	}
	if !strings.Contains(texts(ev, RoleGuard), "walks in on the traitor at YA3") {
		t.Error(texts(ev, RoleGuard))
	}
	// Patrol Search moves the whole patrol; Patrol Listen listens.
	must(t, g, RoleGuard, "psearch YA7 YA6 YA5 >YA6")
	if len(g.inZone("YA5")) != 3 || g.facing[1] != "YA6" {
		t.Errorf("patrol search: %d at YA5, facing %q", len(g.inZone("YA5")), g.facing[1])
	}

	g = table(t)
	if got := refused(t, g, RoleGuard, "psearch YA1 YA2"); !strings.Contains(got, "needs a patrol") && !strings.Contains(got, "moves a patrol") {
		t.Errorf("psearch on a sentry: %q", got)
	}
	g.removeFig(g.inZone("YA7")[0].ID)
	if got := refused(t, g, RoleGuard, "psearch YA7 YA8"); !strings.Contains(got, "patrol of one") {
		t.Errorf("psearch with one guard: %q", got)
	}
	must(t, g, RoleGuard, "plisten YA15 free")
	must(t, g, RoleTraitor, "pass")
	if g.hands[RoleGuard].Hand[cPListen] != 2 {
		t.Error("plisten as the free listen should not spend a card")
	}
}

func TestAwakenAndCap(t *testing.T) {
	g := table(t)
	if got := refused(t, g, RoleGuard, "awaken YA1"); !strings.Contains(got, "not a barracks") {
		t.Errorf("awaken off a barracks: %q", got)
	}
	if got := refused(t, g, RoleGuard, "awaken CB7"); !strings.Contains(got, "nobody sleeps") {
		t.Errorf("awaken an empty barracks: %q", got)
	}
	must(t, g, RoleGuard, "awaken YA2 YA3")
	if g.sleeping["YA2"] != 1 || len(g.inZone("YA3")) != 1 || !g.in[1].Revealed {
		t.Errorf("awaken: sleeping %v, YA3 %d", g.sleeping, len(g.inZone("YA3")))
	}
	// The cap counts drunk guards.
	g = table(t)
	for len(g.figs) < 20 {
		guardAt(g, "OL5", 0).Drunk = true
	}
	if got := refused(t, g, RoleGuard, "awaken YA2"); !strings.Contains(got, "20 guards") {
		t.Errorf("cap: %q", got)
	}
	// With nobody asleep, Awaken sobers up a drunk guard.
	g = table(t)
	g.sleeping = map[string]int{}
	if got := refused(t, g, RoleGuard, "awaken YA1"); !strings.Contains(got, "drunk") {
		t.Errorf("sober a sober guard: %q", got)
	}
	guardAt(g, "OL5", 0).Drunk = true
	must(t, g, RoleGuard, "awaken OL5")
	if g.inZone("OL5")[0].Drunk {
		t.Error("still drunk")
	}
}

func TestPatrolMarch(t *testing.T) {
	g := table(t)
	clearGuards(g)
	guardAt(g, "YA2", 1)
	guardAt(g, "YA2", 1)
	g.facing[1] = "YA3"
	guardAt(g, "YA14", 2)
	guardAt(g, "YA14", 2)
	g.facing[2] = "YA15"
	guardAt(g, "YA10", 3)
	guardAt(g, "YA10", 3)
	g.facing[3] = "YA11"
	g.in[1].Hand[cCat] = 0
	must(t, g, RoleGuard, "psearch YA14 YA13")
	must(t, g, RoleGuard, "done")
	if got := refused(t, g, RoleGuard, "march YA4>YA5"); !strings.Contains(got, "fork") {
		t.Errorf("choice off a fork: %q", got)
	}
	if got := refused(t, g, RoleGuard, "march YA3>YA2"); !strings.Contains(got, "track goes to") {
		t.Errorf("reverse: %q", got)
	}
	if a, _ := ParseAction("march YA11>YA22"); a.String() != "march YA11/YA22" {
		t.Errorf("written form %q", a)
	}
	must(t, g, RoleGuard, "march YA11/YA22")
	// YA2 > YA3 walks in on the traitor and stops; YA13 was moved by a
	// card and stays; YA10 > YA11 > YA22 at the fork.
	if len(g.inZone("YA3")) != 2 || !g.in[1].Revealed || g.alert != AlertHigh {
		t.Errorf("encounter march: YA3 %d", len(g.inZone("YA3")))
	}
	if len(g.inZone("YA13")) != 2 || len(g.inZone("YA22")) != 2 {
		t.Errorf("march: %+v", g.figs)
	}
	// A revealed intruder with unattacked guards keeps the phase open for
	// Kenjutsu.
	if g.phase != PhasePatrol {
		t.Fatalf("phase %s", g.phase)
	}
	must(t, g, RoleGuard, "kenjutsu YA3 traitor 2")
	if !g.in[1].Dead || !g.in[1].Return {
		t.Fatalf("traitor: %+v", g.in[1])
	}
}

// The card phase allows "up to two cards": a Sentry Listen card is
// one of the two, and another card may follow it.
func TestListenCardThenSearch(t *testing.T) {
	g := table(t)
	c := g.Choices(RoleGuard)
	for _, want := range []string{"listen YA1", "listen YA1 free", "plisten YA7", "plisten YA7 free"} {
		if !contains(c, want) {
			t.Errorf("the guards are not offered %q", want)
		}
	}
	ev := must(t, g, RoleGuard, "listen YA1")
	must(t, g, RoleTraitor, "pass")
	if g.hands[RoleGuard].Hand[cSListen] != 3 || !strings.Contains(texts(ev, RoleGuard), "plays Sentry Listen") {
		t.Errorf("the listen card was not played: %d left, %q", g.hands[RoleGuard].Hand[cSListen], texts(ev, RoleGuard))
	}
	if contains(g.Choices(RoleGuard), "listen YA5 free") {
		t.Error("the free listen is offered after a card")
	}
	must(t, g, RoleGuard, "ssearch YA5 YA4")
	if g.hands[RoleGuard].Hand[cSSearch] != 5 || len(g.inZone("YA4")) != 1 {
		t.Errorf("the search after a listen card: %d left, YA4 %d", g.hands[RoleGuard].Hand[cSSearch], len(g.inZone("YA4")))
	}
	if got := refused(t, g, RoleGuard, "ssearch YA9 YA8"); !strings.Contains(got, "two cards") {
		t.Errorf("a third card: %q", got)
	}
}

// The free listen needs an alert phase without cards and guards who
// "choose to play no cards" then: the free listen is that choice, so no
// card follows it, and none may come before it.
func TestFreeListenIsTheChoiceOfNoCards(t *testing.T) {
	g := table(t)
	must(t, g, RoleGuard, "listen YA1 free")
	must(t, g, RoleTraitor, "pass")
	if g.hands[RoleGuard].Hand[cSListen] != 4 {
		t.Error("the free listen spent a card")
	}
	if got := refused(t, g, RoleGuard, "ssearch YA5 YA4"); !strings.Contains(got, "free listen was taken") {
		t.Errorf("a card after the free listen: %q", got)
	}
	if got := refused(t, g, RoleGuard, "listen YA5 free"); !strings.Contains(got, "free listen was taken") {
		t.Errorf("a second free listen: %q", got)
	}

	// A card in the card phase, then the free listen.
	g = table(t)
	must(t, g, RoleGuard, "ssearch YA5 YA4")
	if got := refused(t, g, RoleGuard, "listen YA1 free"); !strings.Contains(got, "card was played") {
		t.Errorf("the free listen after a card: %q", got)
	}

	// A card in the alert phase, then the free listen in the card phase.
	g = table(t)
	toIntruders(t, g)
	g.alert = AlertLow
	toGuards(t, g)
	g.hands[RoleGuard].Deck = map[string]int{cSSearch: 5}
	must(t, g, RoleGuard, "draw 1")
	if got := refused(t, g, RoleGuard, "listen YA1 free"); !strings.Contains(got, "card phase") {
		t.Errorf("the free listen in the alert phase: %q", got)
	}
	must(t, g, RoleGuard, "ssearch YA5 YA4")
	must(t, g, RoleGuard, "done")
	if got := refused(t, g, RoleGuard, "listen YA1 free"); !strings.Contains(got, "card was played") {
		t.Errorf("the free listen after an alert-phase card: %q", got)
	}
	if got := refused(t, g, RoleGuard, "listen YA1 loud"); !strings.Contains(got, "listen ZONE free") {
		t.Errorf("a stray word: %q", got)
	}
	// Without a Sentry Listen card the listen card is refused, with a hint.
	g = table(t)
	g.hands[RoleGuard].Hand[cSListen] = 0
	if got := refused(t, g, RoleGuard, "listen YA1"); !strings.Contains(got, "hold 0 Sentry Listen") {
		t.Errorf("a listen card not held: %q", got)
	}
}

// Guards hear an intruder "no more than 3" zones away: distance 0 is in
// range. The ninja Shadow Walks past a hidden
// sentry he found and stays in its zone unseen; that sentry hears him.
func TestListenHearsOwnZone(t *testing.T) {
	g := table(t)
	toIntruders(t, g)
	put(g, RoleNinja, "CA8")
	must(t, g, RoleNinja, "move CA9")
	must(t, g, RoleNinja, "search CA9")
	must(t, g, RoleNinja, "walk")
	if len(g.inZone("CA9")) != 1 || g.in[0].Revealed || g.in[0].Zone != "CA9" {
		t.Fatalf("after the Shadow Walk: CA9 %d guards, ninja %+v", len(g.inZone("CA9")), g.in[0])
	}
	toGuards(t, g)
	must(t, g, RoleGuard, "listen CA9 free")
	ev := must(t, g, RoleTraitor, "pass")
	if !strings.Contains(texts(ev, RoleGuard), "hear something") || g.alert != AlertLow {
		t.Errorf("the sentry in the ninja's zone: %q, alert %d", texts(ev, RoleGuard), g.alert)
	}
}

// twoWay is a game on testdata/twoway.json, a user map whose patrol track
// runs both ways, set up with a patrol at YA1 facing YA2 and the others
// out of its way; turn 1, card phase.
func twoWay(t *testing.T) *Game {
	t.Helper()
	f, err := os.Open("testdata/twoway.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := data.LoadScorpion(f)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(d.TrackNext("YA2"), "YA1") {
		t.Fatal("the fixture's track does not run both ways")
	}
	g, err := New(d, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	must(t, g, RoleGuard, "posts OL1 OL5 MO2 MO4 YA3 YA7 YA9 YA18")
	must(t, g, RoleGuard, "patrol YA1/YA2")
	must(t, g, RoleGuard, "patrol YA11/YA12")
	must(t, g, RoleGuard, "patrol YA16/YA17")
	must(t, g, RoleGuard, "random")
	must(t, g, RoleGuard, "ready")
	must(t, g, RoleNinja, "start OL3")
	must(t, g, RoleTraitor, "start YA8")
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		must(t, g, r, "random")
		must(t, g, r, "ready")
	}
	return g
}

// Patrols "may not reverse direction", on a user map too: from YA2 the track's first way leads back to YA1.
func TestPatrolKeepsDirectionOnTwoWayTrack(t *testing.T) {
	g := twoWay(t)
	must(t, g, RoleGuard, "done")
	if c := g.Choices(RoleGuard); contains(c, "march YA2/YA1") || !contains(c, "march YA1/YA20") {
		t.Errorf("march choices %v", c)
	}
	must(t, g, RoleGuard, "march")
	if len(g.inZone("YA3")) != 3 || g.facing[1] != "YA4" {
		t.Fatalf("turn 1: YA3 holds %d figures, facing %q", len(g.inZone("YA3")), g.facing[1])
	}
	toGuards(t, g)
	must(t, g, RoleGuard, "done")
	if got := refused(t, g, RoleGuard, "march YA3/YA2"); !strings.Contains(got, "do not turn back") {
		t.Errorf("marching back: %q", got)
	}
	if c := g.Choices(RoleGuard); contains(c, "march YA3/YA2") || !contains(c, "march YA5/YA16") {
		t.Errorf("march choices %v", c)
	}
	must(t, g, RoleGuard, "march YA5/YA16")
	if len(g.inZone("YA5")) != 2 || g.facing[1] != "YA16" {
		t.Fatalf("turn 2: YA5 holds %d figures, facing %q", len(g.inZone("YA5")), g.facing[1])
	}
	// From the fork at YA5 the patrol goes on by YA16, never back by YA4.
	toGuards(t, g)
	must(t, g, RoleGuard, "done")
	must(t, g, RoleGuard, "march")
	if at := g.members(1)[0].Zone; at != "YA17" && at != "YA15" {
		t.Errorf("turn 3: the patrol from YA5 went to %s", at)
	}
}

// A march choice binds the patrols that may follow it; a patrol for which
// it would be a turn back goes on by its own facing.
func TestMarchChoiceSharedByTwoPatrols(t *testing.T) {
	g := twoWay(t)
	clearGuards(g)
	for _, p := range []struct {
		id           int
		at, came, to string
	}{{1, "YA2", "YA1", "YA3"}, {2, "YA4", "YA5", "YA3"}} {
		guardAt(g, p.at, p.id)
		guardAt(g, p.at, p.id)
		g.came[p.id], g.facing[p.id] = p.came, p.to
	}
	must(t, g, RoleGuard, "done")
	must(t, g, RoleGuard, "march YA3/YA4")
	if a, b := g.members(1)[0].Zone, g.members(2)[0].Zone; a != "YA4" || b != "YA2" {
		t.Errorf("patrol 1 at %s (want YA4), patrol 2 at %s (want YA2)", a, b)
	}
}

// A march that meets a revealed intruder leaves the patrol phase open for
// a guard's Kenjutsu; done before the march marches and ends the turn at
// once, as stored logs replay it (SC-31).
func TestPatrolStrikeAfterMarchNotDone(t *testing.T) {
	for _, verb := range []string{"march", "done"} {
		g := table(t)
		clearGuards(g)
		g.facing, g.came = map[int]string{}, map[int]string{}
		guardAt(g, "YA1", 1)
		guardAt(g, "YA1", 1)
		g.facing[1] = "YA2"
		put(g, RoleNinja, "YA2")
		must(t, g, RoleGuard, "done") // the card phase
		must(t, g, RoleGuard, verb)
		if !g.in[0].Revealed || g.in[0].Zone != "YA2" {
			t.Fatalf("%s: the patrol should find the ninja at YA2: %+v", verb, g.in[0])
		}
		if verb == "march" {
			must(t, g, RoleGuard, "kenjutsu YA2 ninja")
			continue
		}
		if g.phase != PhaseIntruders {
			t.Errorf("done: phase %v, want the intruders' turn", g.phase)
		}
		refused(t, g, RoleGuard, "kenjutsu YA2 ninja")
	}
}
