package scorpion

import (
	"errors"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// FuzzAct types lines as a role into a game set up at random on both
// sides: nothing may panic; a line is applied, or refused as illegal in one
// line that changes nothing; whatever happens, the session replays to the
// same table.
func FuzzAct(f *testing.F) {
	for _, s := range []string{"listen YA1", "done", "draw 2", "ssearch MO2 YA3 YA4", "march YA3/YA17", "move OL2",
		"search OL1 OL2", "kenjutsu YA1 ninja", "rope CA1", "hide CA1=A", "cat", "walk", "passage", "reinforce kenjutsu:1 sleep YA2"} {
		for _, r := range []string{"guard", "ninja", "traitor", "moderator", "table"} {
			f.Add(r, s, false)
		}
		f.Add("sword", s, true)
	}
	f.Fuzz(func(t *testing.T, role, line string, two bool) {
		guards, guard := 1, "guard"
		if two {
			guards, guard = 2, "sword"
		}
		s := session(t, guards, guard+" random", guard+" ready", "ninja random", "traitor random", "ninja ready", "traitor ready")
		tb, err := Replay(s)
		if err != nil {
			t.Fatal(err)
		}
		r, err := tb.ParseRole(role)
		if err != nil {
			return
		}
		a, err := engine.ParseAction(line)
		if err != nil {
			return
		}
		mod, _ := tb.ParseRole("moderator")
		before := tb.Status(mod)
		e, err := tb.Act(r, a)
		if err != nil {
			if !errors.Is(err, rules.ErrIllegal) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("%s %q: %v", role, line, err)
			}
			if tb.Status(mod).Text() != before.Text() {
				t.Fatalf("%s %q was refused but changed the game", role, line)
			}
			return
		}
		s.Events = append(s.Events, e)
		again, err := Replay(s)
		if err != nil {
			t.Fatalf("%s %q does not replay: %v", role, line, err)
		}
		if again.Status(mod).Text() != tb.Status(mod).Text() {
			t.Fatalf("%s %q replays to another game", role, line)
		}
	})
}
