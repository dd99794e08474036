package scorpion

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
)

func TestTwoGuardPlayers(t *testing.T) {
	g := tableN(t, 2)
	if w := g.Waiting(); len(w) != 2 || w[0] != RoleSword || w[1] != RoleSpear {
		t.Fatalf("waiting %v", w)
	}
	// The posts were typed by the sword player's default: all sword.
	g.inZone("YA5")[0].Type = "spear"
	if got := refused(t, g, RoleSword, "ssearch YA5 YA4"); !strings.Contains(got, "only on sword guards") {
		t.Errorf("sword on a spear guard: %q", got)
	}
	must(t, g, RoleSpear, "ssearch YA5 YA4")
	if got := refused(t, g, RoleGuard, "done"); !strings.Contains(got, "sword and spear") {
		t.Errorf("guard role: %q", got)
	}
	// Either player may play on a mixed patrol.
	must(t, g, RoleSword, "psearch YA7 YA8")
	// A woken guard takes the type of the player who woke him.
	h := tableN(t, 2)
	must(t, h, RoleSpear, "awaken YA10")
	if f := h.inZone("YA10"); len(f) != 1 || f[0].Type != "spear" {
		t.Errorf("woken guard: %+v", f)
	}
	toIntruders(t, g)
	g.alert = AlertHigh
	toGuards(t, g)
	if got := refused(t, g, RoleSword, "draw 2"); !strings.Contains(got, "sword:N spear:M") {
		t.Errorf("draw: %q", got)
	}
	if got := refused(t, g, RoleSword, "draw sword:2 spear:2"); !strings.Contains(got, "at most 3") {
		t.Errorf("draw 4: %q", got)
	}
	ev := must(t, g, RoleSpear, "draw sword:1 spear:2")
	if total(g.hands[RoleSword].Drawn) != 1 || total(g.hands[RoleSpear].Drawn) != 2 {
		t.Errorf("draws: %v %v", g.hands[RoleSword].Drawn, g.hands[RoleSpear].Drawn)
	}
	if s := texts(ev, RoleNinja); !strings.Contains(s, "the spear draws 2 card(s)") {
		t.Errorf("public draw: %q", s)
	}
	if s, _ := ev[0].For(RoleSpear); !strings.Contains(s, "the sword draws ") || strings.Contains(s, "card(s)") {
		t.Errorf("the team reads the draw: %q", s)
	}
}

func TestOutOfPhaseAndHand(t *testing.T) {
	g := table(t)
	for _, c := range []struct {
		r           Role
		cmd, reason string
	}{
		{RoleGuard, "march", "once, in the patrol phase"},
		{RoleGuard, "draw 1", "start of the alert phase"},
		{RoleGuard, "kenjutsu YA1 ninja", "not revealed at YA1"},
		{RoleGuard, "passage", "write passage ZONE"},
		{RoleGuard, "follow YA2", "cannot follow"},
		{RoleGuard, "reinforce sleep", "cannot reinforce"},
		{RoleTraitor, "move YA4", "guards' turn"},
		{RoleGuard, "remove YA1", "cannot remove"},
	} {
		if got := refused(t, g, c.r, c.cmd); !strings.Contains(got, c.reason) {
			t.Errorf("%s %s: %q, want %q", c.r, c.cmd, got, c.reason)
		}
	}
	g.hands[RoleGuard].Hand[cSSearch] = 0
	if got := refused(t, g, RoleGuard, "ssearch YA1 YA2"); !strings.Contains(got, "you hold 0 Sentry Search") {
		t.Errorf("a card not in hand: %q", got)
	}
	a, _ := ParseAction("ssearch YA1 YA2")
	_, err := g.Clone().Apply(RoleGuard, a)
	if s := RefusalFor(err, RoleNinja); strings.Contains(s, "Sentry Search") {
		t.Errorf("the ninja reads the guard's hand: %q", s)
	}
	// The alert never passes high.
	g.alert = AlertHigh
	put(g, RoleNinja, "YA1")
	g.in[0].Revealed = true
	must(t, g, RoleGuard, "kenjutsu YA1 ninja")
	g.raise(2)
	if g.alert != AlertHigh {
		t.Errorf("alert %d", g.alert)
	}
}

func TestIntruderCardsIllegal(t *testing.T) {
	g := intruderTurn(t, true)
	for _, c := range []struct {
		r           Role
		cmd, reason string
	}{
		{RoleNinja, "kenjutsu", "0 guard(s)"},
		{RoleNinja, "walk", "nothing waits"},
		{RoleTraitor, "sake", "nothing waits"},
		{RoleTraitor, "cat", "nothing waits"},
		{RoleTraitor, "shuriken YA4", "only the ninja"},
		{RoleNinja, "rope OL2", "no wall"},
		{RoleNinja, "passage", "not an entrance"},
		{RoleNinja, "move ZZ9", "no zone ZZ9"},
		{RoleNinja, "move passage", "enter the secret passage with passage"},
		{RoleNinja, "draw 1", "cannot draw"},
		{RoleModerator, "done", "does not act"},
	} {
		if got := refused(t, g, c.r, c.cmd); !strings.Contains(got, c.reason) {
			t.Errorf("%s %s: %q, want %q", c.r, c.cmd, got, c.reason)
		}
	}
	put(g, RoleNinja, "MO12")
	g.in[0].Hand[cRope] = 0
	if got := refused(t, g, RoleNinja, "rope YA16"); !strings.Contains(got, "holds 0 Rope") {
		t.Errorf("rope without a card: %q", got)
	}
	// Encounter answers by the wrong intruder.
	put(g, RoleNinja, "YA4")
	must(t, g, RoleNinja, "move YA5")
	if got := refused(t, g, RoleNinja, "sake"); !strings.Contains(got, "only the traitor") {
		t.Errorf("ninja sake: %q", got)
	}
	if got := refused(t, g, RoleTraitor, "pass"); !strings.Contains(got, "waiting for the ninja") {
		t.Errorf("partner answers: %q", got)
	}
	g.in[0].Hand[cWalk] = 0
	if got := refused(t, g, RoleNinja, "walk"); !strings.Contains(got, "holds 0 Shadow Walk") {
		t.Errorf("walk without a card: %q", got)
	}
	must(t, g, RoleNinja, "pass")
	put(g, RoleTraitor, "YA4")
	must(t, g, RoleTraitor, "move YA5")
	if got := refused(t, g, RoleTraitor, "walk"); !strings.Contains(got, "only the ninja") {
		t.Errorf("traitor walk: %q", got)
	}
}

func TestRefusalWording(t *testing.T) {
	g := intruderTurn(t, true)
	a, _ := ParseAction("rope YA16")
	put(g, RoleNinja, "MO12")
	g.in[0].Hand[cRope] = 0
	_, err := g.Apply(RoleNinja, a)
	var ref *rules.Refusal[Action]
	if !errors.As(err, &ref) || !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("%v", err)
	}
	for _, r := range []Role{RoleGuard, RoleTable} {
		if s := RefusalFor(err, r); strings.Contains(s, "Rope") || s != ref.Neutral {
			t.Errorf("a hand-based refusal reads %q to the %s", s, r)
		}
	}
	for _, r := range []Role{RoleNinja, RoleTraitor, RoleModerator} {
		if s := RefusalFor(err, r); s != ref.Reason {
			t.Errorf("the %s reads %q", r, s)
		}
	}
	// A guard's move is never refused because of a hidden intruder: it
	// ends early.
	g = table(t)
	ev := must(t, g, RoleGuard, "ssearch YA1 YA2 YA3")
	if !strings.Contains(texts(ev, RoleGuard), "walks in on the traitor") {
		t.Error("no encounter")
	}
}

func TestEventsAndViews(t *testing.T) {
	g := table(t)
	// Missions: own only, the partner's after show, never the guards'.
	if g.View(RoleTraitor).Intruders[0].Mission != "" || g.View(RoleNinja).Intruders[0].Mission != "A" {
		t.Error("missions before show")
	}
	ev := must(t, g, RoleNinja, "show")
	if s, _ := ev[0].For(RoleTraitor); !strings.Contains(s, "mission is A") {
		t.Errorf("show: %q", s)
	}
	if s, _ := ev[0].For(RoleGuard); strings.Contains(s, "A") && strings.Contains(s, "mission is") {
		t.Errorf("the guards read %q", s)
	}
	if g.View(RoleTraitor).Intruders[0].Mission != "A" || g.View(RoleGuard).Intruders[0].Mission != "" {
		t.Error("missions after show")
	}
	refused(t, g, RoleNinja, "show")
	// Hidden positions, hands, placements.
	gv, nv, mv := g.View(RoleGuard), g.View(RoleNinja), g.View(RoleModerator)
	if gv.Intruders[0].Zone != "" || gv.Intruders[0].Hand != nil || nv.Intruders[1].Zone != "YA3" {
		t.Error("intruder zones")
	}
	if nv.Hidden != nil || nv.SleepingAt != nil || nv.Hands[0].Cards != nil || gv.Hidden["CA1"] != "A" || gv.Hands[0].Cards[cKenjutsu] != 6 {
		t.Error("guard secrets")
	}
	if mv.Hidden == nil || mv.Intruders[0].Zone == "" || mv.Hands[0].Cards == nil {
		t.Error("the moderator sees everything")
	}
	if gv.Sleeping != 8 || nv.Sleeping != 8 || nv.Hands[0].Hand != 24 || gv.Intruders[0].Cards != 8 {
		t.Error("public counts")
	}
	if !gv.FreeListen || len(gv.Waiting) != 1 || gv.Waiting[0] != "guard" {
		t.Errorf("view: %+v", gv)
	}
	// The moderator reads every event; an intruder-only event is nothing
	// to the guards.
	tv := g.View(RoleTable)
	if tv.Intruders[0].Mission != "" || tv.Hidden != nil || tv.Intruders[1].Zone != "" || tv.Hands[0].Cards != nil {
		t.Error("the table sees a secret")
	}
	refused(t, g, RoleTable, "done")
	e := Event{Kind: "step", Text: "x", To: intruderSide}
	if _, ok := e.For(RoleGuard); ok {
		t.Error("guard reads an intruder event")
	}
	if s, ok := e.For(RoleModerator); !ok || s != "x" {
		t.Error("moderator")
	}
	if e.Reveals() || !(Event{Kind: KindGuardMove}).Reveals() {
		t.Error("Reveals")
	}
}

func TestChoices(t *testing.T) {
	g := table(t)
	c := g.Choices(RoleGuard)
	for _, want := range []string{"done", "listen YA1", "plisten YA7", "ssearch YA1 YA2", "ssearch YA1 YA2 YA3", "psearch YA7 YA8 YA9", "awaken YA2 YA3"} {
		if !contains(c, want) {
			t.Errorf("guard choices lack %q", want)
		}
	}
	if contains(c, "ssearch YA1 CA1") || len(g.Choices(RoleNinja)) != 0 {
		t.Error("illegal choices")
	}
	toIntruders(t, g)
	c = g.Choices(RoleNinja)
	for _, want := range []string{"done", "move OL2", "move MO1", "show"} {
		if !contains(c, want) {
			t.Errorf("ninja choices lack %q in %v", want, c)
		}
	}
	if contains(c, "leave") || contains(c, "search OL1") {
		t.Errorf("illegal ninja choices %v", c)
	}
	must(t, g, RoleNinja, "move OL2")
	if c = g.Choices(RoleNinja); !contains(c, "search OL1 OL2") || !contains(c, "passage") {
		t.Errorf("after a move: %v", c)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestReplay plays a random game, logging its commands, and replays the
// log from the same seed: the same game results.
func TestReplay(t *testing.T) {
	for seed := range uint64(5) {
		g, _ := New(dflt, 1+int(seed%2), seed)
		rng := rand.New(rand.NewPCG(seed, 9))
		type step struct {
			r Role
			a Action
		}
		var log []step
		for range 3000 {
			if over, _ := g.Over(); over {
				break
			}
			rs := g.Waiting()
			r := rs[rng.IntN(len(rs))]
			c := g.Choices(r)
			if len(c) == 0 {
				continue
			}
			a, _ := ParseAction(c[rng.IntN(len(c))])
			must(t, g, r, a.String())
			log = append(log, step{r, a})
		}
		h, _ := New(dflt, 1+int(seed%2), seed)
		for _, s := range log {
			if _, err := h.Apply(s.r, s.a); err != nil {
				t.Fatalf("replay: %v", err)
			}
		}
		if mustJSON(g.View(RoleModerator)) != mustJSON(h.View(RoleModerator)) {
			t.Fatalf("seed %d: the replay differs", seed)
		}
	}
}

func FuzzApply(f *testing.F) {
	for _, s := range []string{"move OL2", "ssearch YA1 YA2", "kenjutsu YA1 ninja 2", "hand kenjutsu:x", "draw sword:-1",
		"psearch YA7 YA8 >YA9", "reinforce sleep", "search OL1 OL1", "listen YA1:sword#0", "march YA3>", "patrol YA3>", "hide =", "remove #", "passage", "passage YA1 YA2", "kenjutsu", "follow YA2"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(3))
	}
	base := table(f)
	f.Fuzz(func(t *testing.T, text string, role uint8) {
		a, err := ParseAction(text)
		if err != nil {
			return
		}
		for _, g := range []*Game{base.Clone(), func() *Game { g := base.Clone(); toIntruders(t, g); return g }()} {
			r := Role(role % 6)
			before := g.Clone()
			if _, err := g.Apply(r, a); err != nil && !sameGame(before, g) {
				t.Fatalf("%s %q: refused but changed the game", r, text)
			}
		}
	})
}

func BenchmarkRandomGame(b *testing.B) {
	for i := range b.N {
		randomGame(b, 1+i%2, uint64(i), nil)
	}
}
