package scorpion

import "testing"

// TestGuardsCannotTell plays pairs of intruder turns that differ only in
// what the intruders keep secret: the guards' events and view must not
// tell them apart.
func TestGuardsCannotTell(t *testing.T) {
	type side struct {
		at   string
		cmds []string
		prep func(*Game)
	}
	done := func(g *Game) { g.in[0].Done = true }
	for _, c := range []struct {
		name string
		a, b side
	}{
		{"moves", side{"OL1", []string{"move OL2", "move OL3"}, nil}, side{"OL1", []string{"move OL12", "move OL11"}, nil}},
		{"rope", side{"MO12", []string{"rope YA16"}, nil}, side{"MO4", []string{"rope YA6"}, nil}},
		{"shadow walk", side{"YA4", []string{"move YA5", "walk", "move YA6"}, nil}, side{"CA1", []string{"move CA2", "walk", "move CA3"}, nil}},
		{"passage exit", side{passageID, []string{"move OL2"}, nil}, side{passageID, []string{"move YA11"}, nil}},
		{"leave", side{"OL1", []string{"leave"}, done}, side{"OL6", []string{"leave"}, done}},
	} {
		var seen [2]string
		for i, s := range []side{c.a, c.b} {
			g := intruderTurn(t, false)
			put(g, RoleNinja, s.at)
			if s.at == passageID {
				g.in[0].PassageOut = true
			}
			if s.prep != nil {
				s.prep(g)
			}
			var log string
			for _, cmd := range append(s.cmds, "done") {
				if cmd == "done" && !g.acting(RoleNinja) {
					continue
				}
				ev := must(t, g, RoleNinja, cmd)
				log += texts(ev, RoleGuard) + "\n"
			}
			seen[i] = log + mustJSON(g.View(RoleGuard)) + mustJSON(g.View(RoleTable))
		}
		if seen[0] != seen[1] {
			t.Errorf("%s: the guards can tell\n%s\n%s", c.name, seen[0], seen[1])
		}
	}
}

// TestCatWaitTellsNothing: whether the traitor holds It Was A Cat, and
// whether the listen could hear, the guards see the same wait.
func TestCatWaitTellsNothing(t *testing.T) {
	var seen []string
	for _, cats := range []int{0, 2} {
		for _, noise := range []int{0, 3} {
			g := table(t)
			// Same hand size, with or without the cats.
			g.in[1].Hand[cKenjutsu] += g.in[1].Hand[cCat] - cats
			g.in[1].Hand[cCat] = cats
			g.in[1].Noise = noise
			put(g, RoleTraitor, "YA20") // four zones from YA1's sentry
			ev := must(t, g, RoleGuard, "listen YA1")
			seen = append(seen, texts(ev, RoleGuard)+mustJSON(g.View(RoleGuard)))
		}
	}
	for _, s := range seen[1:] {
		if s != seen[0] {
			t.Errorf("the wait differs:\n%s\n%s", seen[0], s)
		}
	}
}

// TestIntrudersCannotTell: guard set-ups that differ only in secret
// placements and hands read the same to the intruders.
func TestIntrudersCannotTell(t *testing.T) {
	var seen []string
	for _, v := range []struct{ sleep, hide, hand string }{
		{"sleep YA2 YA2 YA10 YA10 YA14 YA14 CA3 CA3", "hide CA1=A CA3=B CA4=C CA6=D CB1=E CB2=F CA8=trap CB4=trap CA9=sentry CB6=sentry",
			"hand kenjutsu:6 ssearch:6 slisten:4 plisten:2 psearch:2 awaken:2 passage:2"},
		{"sleep CB7 CB7 YA10 YA10 YA14 YA14 CA3 CA3", "hide CA1=F CA3=trap CA4=C CA6=D CB1=E CB2=A CA8=B CB4=sentry CA9=trap CB6=sentry",
			"hand kenjutsu:4 ssearch:6 slisten:8 plisten:2 psearch:2 awaken:2"},
	} {
		g, _ := New(dflt, 1, 5)
		var log string
		for _, c := range []string{"posts YA1 YA5 YA9 YA13 CA2 CA5 CB3 CB5", "patrol YA7", "patrol YA15", "patrol YA19", v.sleep, v.hide, v.hand, "ready"} {
			ev := must(t, g, RoleGuard, c)
			log += texts(ev, RoleNinja) + texts(ev, RoleTraitor) + "\n"
		}
		seen = append(seen, log+mustJSON(g.View(RoleNinja))+mustJSON(g.View(RoleTraitor)))
	}
	if seen[0] != seen[1] {
		t.Errorf("the intruders can tell:\n%s\n%s", seen[0], seen[1])
	}
}
