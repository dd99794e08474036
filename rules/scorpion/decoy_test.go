package scorpion

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// killNinja sets the turn and kills the ninja with a guard's Kenjutsu at
// YA1 in the card phase.
func killNinja(t *testing.T, turn int) *Game {
	g := table(t)
	g.turn = turn
	put(g, RoleNinja, "YA1")
	g.in[0].Revealed = true
	g.in[0].Wounds, g.in[0].WoundBy = 2, []Role{RoleGuard, RoleGuard}
	must(t, g, RoleGuard, "kenjutsu YA1 ninja")
	if !g.in[0].Dead || g.hands[RoleGuard].Discard[cKenjutsu] != 3 {
		t.Fatalf("turn %d: the ninja should be dead with 3 wound cards discarded: %+v", turn, g.in[0])
	}
	return g
}

func TestDecoyBeforeTurnTen(t *testing.T) {
	g := killNinja(t, 9)
	if !g.in[0].Return || len(g.pending) != 1 || g.pending[0].Kind != pBonus {
		t.Fatalf("turn 9: return %v pending %+v", g.in[0].Return, g.pending)
	}
	if got := refused(t, g, RoleGuard, "done"); !strings.Contains(got, "decoy bonus") {
		t.Errorf("act before the bonus: %q", got)
	}
	if got := refused(t, g, RoleGuard, "reinforce kenjutsu:3 slisten:3 sleep CB7 CB7 CA3"); !strings.Contains(got, "at most 5") {
		t.Errorf("six cards: %q", got)
	}
	if got := refused(t, g, RoleGuard, "reinforce kenjutsu:3 sleep CB7 CB7 CB7"); !strings.Contains(got, "place 2 sleeping guards") {
		t.Errorf("three more do not fit, two do: %q", got)
	}
	delete(g.sleeping, "YA2") // two woke up: room for three
	if got := refused(t, g, RoleGuard, "reinforce kenjutsu:3 sleep YA10 CB7 CB7"); !strings.Contains(got, "at most 2 sleeping") {
		t.Errorf("a full barracks: %q", got)
	}
	if got := refused(t, g, RoleGuard, "reinforce kenjutsu:4 sleep CB7 CB7 YA2"); !strings.Contains(got, "hold 3 Kenjutsu") {
		t.Errorf("more cards than the piles hold: %q", got)
	}
	ev := must(t, g, RoleGuard, "reinforce kenjutsu:3 slisten:2 sleep CB7 CB7 YA2")
	h := g.hands[RoleGuard]
	if h.Discard[cKenjutsu] != 0 || h.Hand[cKenjutsu] != 8 || h.Hand[cSListen] != 6 || total(g.sleeping) != 9 {
		t.Errorf("bonus: hand %v sleeping %v", h.Hand, g.sleeping)
	}
	if s := texts(ev, RoleNinja); strings.Contains(s, "CB7") || strings.Contains(s, "Kenjutsu") {
		t.Errorf("the ninja reads the bonus: %q", s)
	}
	toIntruders(t, g)
	if got := refused(t, g, RoleNinja, "move OL2"); !strings.Contains(got, "start and deck") {
		t.Errorf("act before returning: %q", got)
	}
	refused(t, g, RoleNinja, "start YA3")
	must(t, g, RoleNinja, "start OL5")
	if got := refused(t, g, RoleNinja, "deck kenjutsu:3 rope:3 walk:2"); !strings.Contains(got, "exactly 6") {
		t.Errorf("decoy deck: %q", got)
	}
	ev = must(t, g, RoleNinja, "deck kenjutsu:3 rope:3")
	in := g.in[0]
	if in.Dead || in.Return || !in.onBoard() || in.Wounds != 0 || in.Mission == g.in[1].Mission || in.Mission == "" {
		t.Fatalf("returned: %+v", in)
	}
	if s := texts(ev, RoleTraitor); strings.Contains(s, "mission is") {
		t.Errorf("the partner reads the new mission: %q", s)
	}
	must(t, g, RoleNinja, "move OL4")
	// A second death is final.
	toGuards(t, g)
	g.in[0].Revealed = true
	g.alert = AlertNone
	g.phase = PhaseCards
	guardAt(g, "OL4", 0)
	g.in[0].Wounds = 2
	must(t, g, RoleGuard, "kenjutsu OL4 ninja")
	if g.in[0].Return || len(g.pending) != 0 {
		t.Error("a second decoy")
	}
}

// A returning decoy never draws the letter his partner holds, even when
// the partner is dead for good (SC-19). A session started before keeps
// the old draw from every letter (DrawAnyLetter): the draw comes from the
// session's random source at replay, so its log must replay alike.
func TestDecoyMissionPool(t *testing.T) {
	for _, old := range []bool{false, true} {
		drawn, partner := map[string]int{}, 0
		for seed := range uint64(300) {
			g := killNinja(t, 5)
			if old {
				g.DrawAnyLetter()
			}
			g.src.Seed(seed, 3)
			// The traitor died after his own return: he is dead for good.
			g.in[1].Dead, g.in[1].Decoyed, g.in[1].Return, g.in[1].Zone, g.in[1].Finished = true, true, false, "", true
			must(t, g, RoleGuard, "reinforce sleep CB7 CB7")
			toIntruders(t, g)
			must(t, g, RoleNinja, "start OL5")
			src := g.src
			all := make([]string, len(g.d.Missions))
			for i, m := range g.d.Missions {
				all[i] = m.Letter
			}
			before := all[rand.New(&src).IntN(len(all))]
			must(t, g, RoleNinja, "deck kenjutsu:3 rope:3")
			got := g.in[0].Mission
			if old && got != before {
				t.Fatalf("seed %d: the old draw gave %s, now %s", seed, before, got)
			}
			drawn[got]++
			if got == g.in[1].Mission {
				partner++
			}
		}
		if !old && partner != 0 || old && partner == 0 {
			t.Errorf("old draw %v: the partner's letter drawn %d times of 300", old, partner)
		}
		if want := len(table(t).d.Missions) - 1; !old && len(drawn) != want {
			t.Errorf("drawn %v, want every letter but the partner's (%d)", drawn, want)
		}
	}
}

func TestNoDecoyFromTurnTen(t *testing.T) {
	for _, turn := range []int{10, 11} {
		g := killNinja(t, turn)
		if g.in[0].Return || len(g.pending) != 0 {
			t.Errorf("turn %d: return %v, bonus %v", turn, g.in[0].Return, g.pending)
		}
		toIntruders(t, g)
		if got := refused(t, g, RoleNinja, "start OL5"); !strings.Contains(got, "turn is over") {
			t.Errorf("turn %d: %q", turn, got)
		}
	}
}

func TestOutcomes(t *testing.T) {
	// Both out with their missions.
	g := intruderTurn(t, true)
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		g.intr(r).Done = true
		put(g, r, "OL3")
		must(t, g, r, "leave")
	}
	if over, o := g.Over(); !over || o != IntrudersWin {
		t.Errorf("both out: %v %s", over, o)
	}
	// One out, the other dead with no return: the game ends at once.
	g = killNinja(t, 12)
	toIntruders(t, g)
	g.in[1].Done = true
	put(g, RoleTraitor, "OL3")
	must(t, g, RoleTraitor, "leave")
	if over, o := g.Over(); !over || o != Draw {
		t.Errorf("one out: %v %s", over, o)
	}
	// Both dead: guards win, at once.
	g = killNinja(t, 12)
	put(g, RoleTraitor, "YA1")
	g.in[1].Revealed = true
	guardAt(g, "YA1", 0)
	guardAt(g, "YA1", 0)
	must(t, g, RoleGuard, "kenjutsu YA1 traitor 2")
	if over, o := g.Over(); !over || o != GuardsWin || g.turn != 12 {
		t.Errorf("both dead: %v %s", over, o)
	}
	if got := refused(t, g, RoleGuard, "done"); !strings.Contains(got, "over") {
		t.Errorf("after the end: %q", got)
	}
	// Time runs out after turn 20; one out with his mission is a draw.
	g = intruderTurn(t, true)
	g.turn = 20
	g.in[1].Done = true
	put(g, RoleTraitor, "OL3")
	must(t, g, RoleTraitor, "leave")
	must(t, g, RoleNinja, "done")
	if over, o := g.Over(); !over || o != Draw || g.turn != 20 {
		t.Errorf("time out: %v %s turn %d", over, o, g.turn)
	}
	g = intruderTurn(t, true)
	g.turn = 20
	g.in[1].Done = true // done but not out: it does not count
	toGuards(t, g)
	if over, o := g.Over(); !over || o != GuardsWin {
		t.Errorf("time out, nobody out: %v %s", over, o)
	}
	if g.View(RoleNinja).Outcome != "guards win" {
		t.Error("outcome in the view")
	}
}
