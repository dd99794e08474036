package squad

import (
	"errors"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

// FuzzBuild feeds typed lines to the table verbs of a raid and an escape:
// nothing may panic, and a line that builds is either applied or refused
// as illegal, with a message of one line.
func FuzzBuild(f *testing.F) {
	for _, s := range []string{"move 1.2 2 cubes 1 lantern guard home", "dash 2.1 c1", "senjutsu Ninja Dash", "buki hollow reed",
		"sprung trip wire", "exposed ann,bob", "patrols none", "draw spear", "trap hornet's nest", "move 1.1 blue forest", "reached bob 2 cubes roof", "end", "time-up"} {
		f.Add(s, "", "ann", false)
		f.Add(s, "bob", "bob", true)
	}
	f.Fuzz(func(t *testing.T, line, by, of string, escape bool) {
		o := Options{Players: 2, Names: []string{"ann", "bob"}, Mode: "raid", Decks: "physical", Speedy: true}
		if escape {
			o.Mode, o.Speedy = "escape", false
		}
		tb, err := Start(o, 1)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			return
		}
		a, seat, err := tb.Build(Report{Verb: f[0], Args: f[1:], By: by, Of: of})
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("two-line error: %q", err)
			}
			return
		}
		if _, err := tb.Act(seat, a, engine.NoSeat); err != nil && (!errors.Is(err, rules.ErrIllegal) || strings.Contains(err.Error(), "\n")) {
			t.Fatalf("%q: %v", line, err)
		}
	})
}
