package cmd

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	"github.com/spf13/cobra"
)

type bladesNewOptions struct {
	IO          *IOStreams
	Name        string
	Players     int
	Code        string
	Seed        string
	Cards       string
	Position    string
	PrivateSeed string
	// Given reports whether a flag was typed, not left at its default.
	Given func(flag string) bool
}

func newCompanionBladesCmd(io *IOStreams) *cobra.Command {
	c := &cobra.Command{
		Use:     "blades",
		Aliases: []string{"flying-blades", "house", "temple"},
		Short:   "Flying Blades: deal hidden hands, check every move, score the end",
		Example: `  ninjakit companion blades new --players 3
  ninjakit companion blades status --as 2
  ninjakit companion blades keep --as 2 bomb,shuriken
  ninjakit companion blades move attack c4 c5
  ninjakit companion blades moves --as 1`,
	}
	c.AddCommand(newBladesNewCmd(io), newBladesKeepCmd(io), newBladesMoveCmd(io), newBladesMovesCmd(io),
		newBladesBoardCmd(io), newBladesStatusCmd(io), newLogCmd(io, cb.Game, cb.Replay, (*cb.Table).LogLines),
		newUndoCmd(io, cb.Game, "Take back the last action (not one that showed a hidden card)"))
	return gameGroup(c)
}

func newBladesNewCmd(io *IOStreams) *cobra.Command {
	o := &bladesNewOptions{IO: io}
	c := &cobra.Command{
		Use:   "new --players N [--code CODE | --seed S | --position POS]",
		Short: "Start a session from a random setup, a share code, a seed or a position",
		Args:  noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.Given = c.Flags().Changed
			return runBladesNew(o)
		},
	}
	c.Example = "  ninjakit companion blades new --players 3\n  ninjakit companion blades new --code 24R0-00000-058Y4 --session friday\n  ninjakit companion blades new --players 4 --cards open"
	f := c.Flags()
	f.StringVar(&o.Name, "session", "", "name for the session (default: blades-N)")
	f.IntVar(&o.Players, "players", 3, "number of players, 2 to 5")
	f.StringVar(&o.Code, "code", "", "play the setup of this share code")
	f.StringVar(&o.Seed, "seed", "", "public seed of the setup")
	f.StringVar(&o.Cards, "cards", "dealt", "dealt (hidden hands dealt by the companion), open or none")
	f.StringVar(&o.Position, "position", "", "start from a position string")
	f.StringVar(&o.PrivateSeed, "private-seed", "", "seed for the hidden deal, 0 to 18446744073709551615 (default: random), to replay a game exactly")
	return c
}

func runBladesNew(o *bladesNewOptions) error {
	if err := o.contradictions(); err != nil {
		return err
	}
	opts, err := cb.NewOptions(o.Players, o.Code, o.Seed, o.Cards, o.Position)
	if err != nil {
		return usageError{err}
	}
	if err := o.contradictsCode(opts); err != nil {
		return err
	}
	raw, err := json.Marshal(opts)
	if err != nil {
		return err
	}
	s := companion.Session{Name: o.Name, Game: cb.Game, Options: raw, Created: time.Now().UTC()}
	if s.Seed, err = sessionSeed(o.PrivateSeed); err != nil {
		return err
	}
	t, err := cb.Start(opts, s.Seed)
	if err != nil {
		return err
	}
	if err := createSession(&s); err != nil {
		return err
	}
	out := o.IO.Out
	fmt.Fprintf(out, "Started session %s: %d players, %s.\n", s.Name, t.Players(), map[string]string{
		"dealt": "hidden hands dealt by the companion", "open": "open hands", "none": "no cards", "hidden": "hidden hands",
	}[opts.Cards])
	if t.Setup != nil {
		fmt.Fprintf(out, "Share code %s (%s): ninjakit setup pdf %s -o setup.pdf prints the board.\n", t.Setup.Code, t.Setup.Fingerprint, t.Setup.Code)
	}
	fmt.Fprint(out, t.Board())
	fmt.Fprint(out, t.Status(cb.TableRole).Text(t.Players() == 2))
	if opts.Cards == "dealt" {
		fmt.Fprintln(out, "Each player sees their hand with: ninjakit companion blades status --as SEAT")
	}
	return nil
}

// contradictions refuses flags that say different things about the same
// game, instead of silently letting one win.
func (o *bladesNewOptions) contradictions() error {
	if o.Position != "" {
		for _, f := range []string{"players", "code", "seed", "cards", "private-seed"} {
			if o.Given(f) {
				return usagef("--position already sets the whole game, hands included: drop --%s", f)
			}
		}
	}
	if o.Code != "" && o.Given("seed") {
		return usagef("--code already holds the public seed: drop --seed")
	}
	return nil
}

// contradictsCode refuses a player count or card choice that differs from
// the share code's, and a private seed where no hidden hand is dealt.
func (o *bladesNewOptions) contradictsCode(opts cb.Options) error {
	if o.Code != "" && o.Given("players") && o.Players != opts.Players {
		return usagef("the share code is for %d players, not %d: drop --players", opts.Players, o.Players)
	}
	if o.Code != "" && o.Given("cards") && o.Cards != opts.Cards {
		return usagef("the share code plays with --cards %s, not %s: drop --cards", opts.Cards, o.Cards)
	}
	if o.Given("private-seed") && opts.Cards != "dealt" {
		return usagef("--private-seed only deals hidden hands, and a game with --cards %s has none", opts.Cards)
	}
	return nil
}

// bladesAction runs one checked, logged action on the current session.
func bladesAction(f *sessionFlags, act func(*cb.Table, cb.Role) (companion.Event, error), after func(*cb.Table, cb.Role) error) error {
	return actOnTable(cb.Game, f, cb.Replay, act, after)
}

// bladesView runs a read-only command on the current session.
func bladesView(f *sessionFlags, fn func(*cb.Table, cb.Role) error) error {
	return viewTable(cb.Game, f, cb.Replay, fn)
}

func newBladesKeepCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "keep --as SEAT CARDS",
		Short:   "Choose which dealt cards a player keeps (worth at most the keep limit)",
		Example: "  ninjakit companion blades keep --as 2 bomb shuriken shuriken\n  ninjakit companion blades keep --as 3 none",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			cards := strings.Join(args, ",")
			if cards == "none" {
				cards = "-"
			}
			return bladesAction(f, func(t *cb.Table, r cb.Role) (companion.Event, error) { return t.Keep(r, cards) },
				func(t *cb.Table, r cb.Role) error {
					fmt.Fprint(io.Out, t.Status(r).Text(t.Players() == 2))
					return nil
				})
		},
	}
	c.ValidArgsFunction = completeBladesKeep
	f.add(c, true)
	return c
}

func newBladesMoveCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "move NOTATION",
		Short:   "Play the move of the player to move; illegal moves are refused with the reason",
		Example: "  ninjakit companion blades move attack c4 c5\n  ninjakit companion blades move \"bomb d4 g4\" --as 2\n  ninjakit companion blades move pass",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			text := strings.Join(args, " ")
			return bladesAction(f, func(t *cb.Table, r cb.Role) (companion.Event, error) { return t.Move(r, text) },
				func(t *cb.Table, _ cb.Role) error {
					last := t.Log[len(t.Log)-1]
					fmt.Fprintf(io.Out, "Seat %s played %s.\n", last.Seat, last.Text)
					fmt.Fprint(io.Out, t.Status(cb.TableRole).Text(t.Players() == 2))
					return nil
				})
		},
	}
	c.ValidArgsFunction = completeBladesMove
	f.add(c, true)
	return c
}

func newBladesMovesCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "moves",
		Short: "List the legal moves of the player to move",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return bladesView(f, func(t *cb.Table, r cb.Role) error {
				moves, hidden := t.Moves(r)
				if f.JSON {
					return writeJSON(io.Out, map[string]any{"moves": moves, "cardMovesHidden": hidden})
				}
				for _, m := range moves {
					fmt.Fprintln(io.Out, m)
				}
				if hidden {
					fmt.Fprintf(io.Out, "(card moves, if any, show only to the player to move: --as %d)\n", t.Status(r).Turn)
				}
				return nil
			})
		},
	}
	c.Example = "  ninjakit companion blades moves\n  ninjakit companion blades moves --as 1 --json"
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

func newBladesBoardCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "board",
		Short: "Show the board ('.' empty, '#' out of play)",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return bladesView(f, func(t *cb.Table, _ cb.Role) error {
				fmt.Fprint(io.Out, t.Board())
				return nil
			})
		},
	}
	c.Example = "  ninjakit companion blades board\n  ninjakit companion blades board --session friday"
	f.add(c, true)
	return c
}

func newBladesStatusCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "status",
		Short: "Whose turn, ninjas and cards per seat, your hand with --as, and the result at the end",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return bladesView(f, func(t *cb.Table, r cb.Role) error {
				st := t.Status(r)
				if f.JSON {
					return writeJSON(io.Out, st)
				}
				fmt.Fprint(io.Out, st.Text(t.Players() == 2))
				return nil
			})
		},
	}
	c.Example = "  ninjakit companion blades status\n  ninjakit companion blades status --as red --json"
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}
