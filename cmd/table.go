package cmd

import (
	"errors"
	"os"

	"github.com/charmbracelet/x/term"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/spf13/cobra"
)

// storeSource reaches one session through the same store calls as the
// one-shot commands: a read-only open to look, one Append to act.
type storeSource struct {
	game, name string
}

func (s storeSource) Load() (sess companion.Session, err error) {
	err = withSession(s.game, s.name, true, func(st *companion.Store, name string) error {
		// From a snapshot (ruling C-21): a long evening reads no slower
		// than its first action.
		sess, err = st.LoadTail(name)
		return err
	})
	return sess, err
}

func (s storeSource) Append(check func(companion.Session) ([]companion.Event, error)) error {
	return withSession(s.game, s.name, false, func(st *companion.Store, name string) error {
		_, err := st.Append(name, check)
		return err
	})
}

// newTableCmd builds `companion <game> table`. It is not called play, the
// name the design first gave it, because Of Knights and Ninjas already has
// a play command for playing cards.
func newTableCmd(io *IOStreams, game, what string, adapt func(tui.Source) (tui.Game, error)) *cobra.Command {
	var session string
	c := &cobra.Command{
		Use:   "table",
		Short: "Table mode: the whole table on one full screen, " + what,
		Long: `The table mode (named table, not play, because Of Knights and Ninjas
already uses play for playing cards) runs the game on one shared screen:
the board for everyone, moves typed with Tab completion and up/down
history or picked from a grouped list (Tab on an empty line). Before a
hand or any other private view appears, the screen asks that player to
take the device and press Enter; Esc hides it again, and it is wiped
before the next player. Every action is checked and logged exactly as the
one-shot commands do, so both can be used in turn on the same session.
It needs a terminal; NO_COLOR turns colour off.

Keys: Enter plays the line, or on an empty line hands the device to the
player the game waits for; "hand NAME" asks for any player's own view.
Tab completes, or on an empty line opens the moves grouped by card and
cell (up/down, right opens, left closes, Enter picks); up/down recall
what this player typed before; "undo" takes the last action back as
the undo command would; Esc hides a private view; ctrl+c quits.`,
		Example: "  ninjakit companion " + game + " table\n  ninjakit companion " + game + " table --session " + game + "-2",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runTable(io, storeSource{game: game, name: session}, adapt)
		},
	}
	c.Flags().StringVar(&session, "session", "", "session name (default: the latest session of this game)")
	return c
}

func runTable(io *IOStreams, src storeSource, adapt func(tui.Source) (tui.Game, error)) error {
	out, ok := io.Out.(*os.File)
	if !ok || !term.IsTerminal(out.Fd()) {
		return errors.New("the table mode needs a terminal: use the one-shot commands (status, moves, log) to script a game")
	}
	// Pin the session now, so a game started meanwhile elsewhere does not
	// take over the screen.
	if src.name == "" {
		if err := withSession(src.game, "", true, func(_ *companion.Store, name string) error {
			src.name = name
			return nil
		}); err != nil {
			return err
		}
	}
	g, err := adapt(src)
	if err != nil {
		return err
	}
	colour := os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	return tui.Run(tui.New(g, tui.NewStyles(out, colour)), io.In, out)
}

// Undo takes back the last event as `companion GAME undo` does: may is
// the command's own check of who may, then the store's undo with the
// game's barriers.
func (s storeSource) Undo(may func(companion.Session) error) (e companion.Event, err error) {
	err = withSession(s.game, s.name, false, func(st *companion.Store, name string) error {
		cur, err := st.LoadLatest(name)
		if err != nil {
			return err
		}
		if err := may(cur); err != nil {
			return err
		}
		// With bot seats, the bots' actions since the person's go too
		// (ruling C-23); e is the earliest taken back, the person's own.
		return st.UndoWithBots(name, verifiers[s.game], botPlayers[s.game].next, func(taken companion.Event, _ companion.Session) error {
			e = taken
			return nil
		})
	})
	return e, err
}
