package cmd

import (
	"path/filepath"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	cbn "github.com/ninjakit/ninjakit/companion/blind"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
)

// TestBotsSeated checks, per game with bot seats, that seated reads the
// table its commands replay: no bot seats lets a command skip asking the
// file for a bot's action; bot seats, or a table it cannot read, ask.
func TestBotsSeated(t *testing.T) {
	games := []struct {
		game        string
		plain, bots []string
		replay      func(companion.Session) (any, error)
	}{
		{cb.Game, []string{"--players", "3", "--seed", "5"}, []string{"--players", "3", "--seed", "5", "--bot", "2=easy"},
			func(s companion.Session) (any, error) { return cb.Replay(s) }},
		{cbn.Game, []string{"--names", "ann,bob", "--turns", "2"}, []string{"--names", "ann,bob", "--turns", "2", "--bot", "bob=easy"},
			func(s companion.Session) (any, error) { return cbn.Replay(s) }},
		{ck.Game, []string{"--names", "ann,bob,cy,dee"}, []string{"--names", "ann,bob,cy,dee", "--bot", "bob=easy"},
			func(s companion.Session) (any, error) { return ck.Replay(s) }},
		{sc.Game, []string{"--guards", "1"}, []string{"--guards", "1", "--bot", "guard=easy"},
			func(s companion.Session) (any, error) { return sc.Replay(s) }},
	}
	for _, g := range games {
		t.Run(g.game, func(t *testing.T) {
			seated := botPlayers[g.game].seated
			if seated == nil {
				t.Fatal("no seated")
			}
			if !seated(nil) {
				t.Error("seated(nil) = false: a table it cannot read must ask the file")
			}
			for _, c := range []struct {
				args []string
				want bool
			}{{g.plain, false}, {g.bots, true}} {
				home := t.TempDir()
				t.Setenv("NINJAKIT_HOME", home)
				args := append([]string{"companion", g.game, "new", "--private-seed", "1"}, c.args...)
				if code, _, errOut := ninjakit(t, "", args...); code != 0 {
					t.Fatalf("%v: %s", args, errOut)
				}
				st, err := companion.Open(filepath.Join(home, companion.FileName), companion.ReadOnly())
				if err != nil {
					t.Fatal(err)
				}
				name, err := st.Latest(g.game)
				var s companion.Session
				if err == nil {
					s, err = st.LoadLatest(name)
				}
				_ = st.Close()
				if err != nil {
					t.Fatal(err)
				}
				table, err := g.replay(s)
				if err != nil {
					t.Fatal(err)
				}
				if got := seated(table); got != c.want {
					t.Errorf("%v: seated = %v, want %v", c.args, got, c.want)
				}
			}
		})
	}
}
