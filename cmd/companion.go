package cmd

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/spf13/cobra"
)

func newCompanionCmd(io *IOStreams) *cobra.Command {
	c := &cobra.Command{
		Use:   "companion <game>",
		Short: "Moderate a game at the table: track it, check every move, keep secrets per player",
		Long: `Each companion game is a session kept on disk (under $NINJAKIT_HOME, or your
state directory), so every command is short and the game survives closing
the terminal. --session picks a session (default: the latest of that game);
--as says who is looking (a seat number or colour, or "table" for everyone),
and each role sees only what the rules let it see.`,
	}
	c.AddCommand(newCompanionBladesCmd(io), newCompanionKnightsCmd(io))
	return gameGroup(c)
}

// sessionFlags are shared by every companion command.
type sessionFlags struct {
	Session string
	As      string
	JSON    bool
}

func (f *sessionFlags) add(c *cobra.Command, withAs bool) {
	c.Flags().StringVar(&f.Session, "session", "", "session name (default: the latest session of this game)")
	if withAs {
		c.Flags().StringVar(&f.As, "as", "table", "who is looking: table, a seat number, or a seat's colour")
	}
}

// openStore opens the session file; callers close it when their one action
// is done, so other ninjakit processes only ever wait briefly.
func openStore() (*companion.Store, error) {
	path, err := companion.DefaultPath()
	if err != nil {
		return nil, err
	}
	return companion.Open(path)
}

// withSession opens the store, finds the session (the named one, or the
// latest of the game) and runs fn.
func withSession(game, name string, fn func(st *companion.Store, name string) error) error {
	st, err := openStore()
	if err != nil {
		return err
	}
	defer st.Close()
	if name == "" {
		if name, err = st.Latest(game); err != nil {
			if errors.Is(err, companion.ErrNoSession) {
				return fmt.Errorf("no %s session yet: start one with ninjakit companion %s new", game, game)
			}
			return err
		}
	}
	return fn(st, name)
}

// freeName picks "<game>-N" with the first N not taken.
func freeName(st *companion.Store, game string) (string, error) {
	list, err := st.List()
	if err != nil {
		return "", err
	}
	taken := map[string]bool{}
	for _, s := range list {
		taken[s.Name] = true
	}
	for n := 1; ; n++ {
		if name := fmt.Sprintf("%s-%d", game, n); !taken[name] {
			return name, nil
		}
	}
}
