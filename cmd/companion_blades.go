package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	"github.com/ninjakit/ninjakit/companion/tui"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
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
	Bots        []string
	Balanced    bool
	// Given reports whether a flag was typed, not left at its default.
	Given func(flag string) bool
}

func newCompanionBladesCmd(io *IOStreams, want string) *cobra.Command {
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
	addSubs(c, want, []sub{
		{[]string{"new"}, func() *cobra.Command { return newBladesNewCmd(io) }},
		{[]string{"keep"}, func() *cobra.Command { return newBladesKeepCmd(io) }},
		{[]string{"move"}, func() *cobra.Command { return newBladesMoveCmd(io) }},
		{[]string{"pass"}, func() *cobra.Command { return newBladesPassCmd(io) }},
		{[]string{"moves"}, func() *cobra.Command { return newBladesMovesCmd(io) }},
		{[]string{"board"}, func() *cobra.Command { return newBladesBoardCmd(io) }},
		{[]string{"status"}, func() *cobra.Command { return newBladesStatusCmd(io) }},
		{[]string{"hint"}, func() *cobra.Command {
			return newHintCmd(io, cb.Game, "Suggest a move or keep from that seat's own view, with the bot's estimated chance of winning",
				"  ninjakit companion blades hint --as 2\n  ninjakit companion blades hint --as red --level hard\n"+
					"  ninjakit companion blades hint --as 1 --seed 7 --json",
				cb.Replay, func(t *cb.Table, _ companion.Session, r cb.Role, o bots.Options) (cb.Hint, error) {
					return t.Hint(r, o)
				}, tableSearches[cb.Role](cb.NormalIterations))
		}},
		{[]string{"log"}, func() *cobra.Command { return newBladesLogCmd(io) }},
		{[]string{"position"}, func() *cobra.Command { return newBladesPositionCmd(io) }},
		{[]string{"undo"}, func() *cobra.Command {
			return newUndoCmd(io, cb.Game, "Take back the last action; a card it showed stays in the log", cb.Replay, (*cb.Table).Undone)
		}},
		{[]string{"table"}, func() *cobra.Command { return newTableCmd(io, cb.Game, "board in colour", tui.NewBlades) }},
	})
	return impliedMove(io, gameGroup(c))
}

// impliedMove lets a turn be one short command: words after the game that
// are no command but start a move ("c4 c5", "bomb c4 c7") play that move.
func impliedMove(io *IOStreams, c *cobra.Command) *cobra.Command {
	f := &sessionFlags{}
	f.add(c, true)
	group := c.RunE
	c.Use = "blades [MOVE]"
	c.RunE = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return group(c, args)
		}
		var word engine.NameError
		if _, err := engine.ParseMove(engine.DefaultRules().Board(3), strings.Join(args, " ")); errors.As(err, &word) {
			return usagef("%s is neither a command nor a move: try status, moves, a move such as c4 c5 or bomb c4 c7, or pass", rules.Quote(word.Word))
		}
		return runBladesMove(io, f, strings.Join(args, " "))
	}
	return c
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
	c.Example = "  ninjakit companion blades new --players 3\n  ninjakit companion blades new --code 24R0-00000-058Y4 --session friday\n  ninjakit companion blades new --players 4 --cards open\n  ninjakit companion blades new --players 3 --bot 2 --bot 3=hard"
	f := c.Flags()
	f.StringVar(&o.Name, "session", "", "name for the session (default: blades-N)")
	f.IntVar(&o.Players, "players", 3, "number of players, 2 to 5")
	f.StringVar(&o.Code, "code", "", "play the setup of this share code")
	f.StringVar(&o.Seed, "seed", "", "public seed of the setup")
	f.StringVar(&o.Cards, "cards", "dealt", "dealt (hidden hands dealt by the companion), open or none")
	f.StringVar(&o.Position, "position", "", "start from a position string")
	f.StringVar(&o.PrivateSeed, "private-seed", "", "seed for the hidden deal and the bots, 0 to 18446744073709551615 (default: random), to replay a game exactly")
	f.StringArrayVar(&o.Bots, "bot", nil, "a seat the companion plays, as SEAT or SEAT=LEVEL (random, easy, normal, hard; default normal); repeatable")
	f.BoolVar(&o.Balanced, "balanced", false, "keep the most evenly winning of candidate setups drawn from the seed, by easy bot self-play")
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
	if opts, err = opts.ParseBots(o.Bots); err != nil {
		return usageError{err}
	}
	balanced, err := balanceBladesNew(o, &opts)
	if err != nil {
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
	if balanced != nil {
		fmt.Fprint(out, balanced.Text())
	}
	fmt.Fprint(out, t.Board())
	fmt.Fprint(out, t.Edges())
	fmt.Fprint(out, t.Status(cb.TableRole).Text(t.Players() == 2))
	if opts.Cards == "dealt" {
		fmt.Fprintln(out, "Each player sees their hand with: ninjakit companion blades status --as SEAT")
	}
	if len(opts.Bots) > 0 {
		fmt.Fprintf(out, "The companion plays %s and keeps their cards hidden; it acts for them after each command.\n", t.BotNames())
	}
	return tellBots(o.IO, false, cb.Game, s.Name, botPlayers[cb.Game])
}

// bladesAfterBots shows the board and whose turn once bot seats acted.
func bladesAfterBots(io *IOStreams, s companion.Session) error {
	t, err := cb.Replay(s)
	if err != nil {
		return err
	}
	if t.Pos.Phase() != engine.Choosing {
		fmt.Fprint(io.Out, t.Board())
	}
	fmt.Fprint(io.Out, t.Status(cb.TableRole).Text(t.Players() == 2))
	return nil
}

// contradictions refuses flags that say different things about the same
// game, instead of silently letting one win.
func (o *bladesNewOptions) contradictions() error {
	if o.Position != "" {
		for _, f := range []string{"players", "code", "seed", "cards", "private-seed"} {
			// With bot seats the private seed seeds them (ruling B-24).
			if o.Given(f) && (f != "private-seed" || len(o.Bots) == 0) {
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
	if o.Given("private-seed") && opts.Cards != "dealt" && len(o.Bots) == 0 {
		return usagef("--private-seed only deals hidden hands, and a game with --cards %s has none", opts.Cards)
	}
	return nil
}

// bladesAction runs one checked, logged action on the current session.
func bladesAction(io *IOStreams, f *sessionFlags, act func(*cb.Table, cb.Role) (companion.Event, error), after func(*cb.Table, cb.Role) error) error {
	return actOnTable(io, cb.Game, f, cb.Replay, act, after)
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
			cards := strings.Join(args, " ")
			return bladesAction(io, f, func(t *cb.Table, r cb.Role) (companion.Event, error) { return t.Keep(r, cards) },
				func(t *cb.Table, r cb.Role) error {
					// The last keep starts play: show the board the first
					// turn is played on.
					if t.Pos.Phase() == engine.Playing {
						fmt.Fprint(io.Out, t.Board())
					}
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
		Use:     "move MOVE",
		Short:   "Play the move of the player to move; illegal moves are refused with the reason",
		Example: "  ninjakit companion blades move attack c4 c5\n  ninjakit companion blades move \"bomb d4 g4\" --as 2\n  ninjakit companion blades move pass",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return runBladesMove(io, f, strings.Join(args, " "))
		},
	}
	c.ValidArgsFunction = completeBladesMove
	f.add(c, true)
	return c
}

func newBladesPassCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "pass",
		Example: "  ninjakit companion blades pass\n  ninjakit companion blades pass --session friday",
		Short:   "The player to move passes (when everyone passes in a row the game ends)",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runBladesMove(io, f, "pass")
		},
	}
	f.add(c, true)
	return c
}

// runBladesMove plays a move and tells the table what happened, then shows
// the board and whose turn it is, or the summary at the end of the game.
func runBladesMove(io *IOStreams, f *sessionFlags, text string) error {
	return bladesAction(io, f, func(t *cb.Table, r cb.Role) (companion.Event, error) { return t.Move(r, text) },
		func(t *cb.Table, _ cb.Role) error {
			fmt.Fprintln(io.Out, cb.Wrap(t.Log[len(t.Log)-1].Said+".", 78, "  "))
			fmt.Fprint(io.Out, t.Board())
			fmt.Fprint(io.Out, t.Status(cb.TableRole).Text(t.Players() == 2))
			return nil
		})
}

func newBladesMovesCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "moves [CARD]",
		Example: "  ninjakit companion blades moves\n  ninjakit companion blades moves --as 1 bomb\n  ninjakit companion blades moves --as 1 --json",
		Short:   "List the legal moves of the player to move, grouped; a card name or attack lists only those",
		RunE: func(_ *cobra.Command, args []string) error {
			return bladesView(f, func(t *cb.Table, r cb.Role) error {
				ml := t.Moves(r)
				var only *cb.MoveGroup
				if len(args) > 0 {
					g, err := t.Only(ml, strings.Join(args, " "))
					if err != nil {
						return usageError{err}
					}
					only = &g
				}
				if f.JSON {
					if only != nil {
						return writeJSON(io.Out, map[string]any{"seat": ml.Seat, "group": only, "cardMovesHidden": ml.CardsHidden, "waiting": ml.Waiting})
					}
					return writeJSON(io.Out, ml)
				}
				fmt.Fprint(io.Out, ml.Text(only))
				return nil
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

func newBladesLogCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "log",
		Short: "Tell what happened so far, turn by turn",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			return bladesView(f, func(t *cb.Table, r cb.Role) error {
				ls := t.LogLines(r)
				if f.JSON {
					return writeJSON(io.Out, append([]cb.LogLine{}, ls...))
				}
				for _, l := range ls {
					fmt.Fprintln(io.Out, cb.Wrap(l.String(), 78, "       "))
				}
				return nil
			})
		},
	}
	c.Example = "  ninjakit companion blades log\n  ninjakit companion blades log --as 2 --json"
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

func newBladesPositionCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	var reveal bool
	c := &cobra.Command{
		Use:     "position",
		Example: "  ninjakit companion blades position\n  ninjakit companion blades position --reveal",
		Short:   "Print the game as one line for new --position (with hidden hands only with --reveal)",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			show := func(pos string) error {
				if f.JSON {
					return writeJSON(io.Out, map[string]string{"position": pos})
				}
				fmt.Fprintln(io.Out, pos)
				return nil
			}
			if !reveal {
				return bladesView(f, func(t *cb.Table, r cb.Role) error {
					pos, err := t.Position(r, false)
					if err != nil {
						return err
					}
					return show(pos)
				})
			}
			// A reveal of hidden hands is logged in the same transaction
			// that reads the position, so nobody peeks without a trace
			// (ruling B-22).
			var pos string
			return withSession(cb.Game, f.Session, false, func(st *companion.Store, name string) error {
				_, err := st.Append(name, func(s companion.Session) ([]companion.Event, error) {
					t, err := cb.Replay(s)
					if err != nil {
						return nil, err
					}
					r, err := t.ParseRole(f.As)
					if err != nil {
						return nil, usageError{err}
					}
					if pos, err = t.Position(r, true); err != nil || !t.PositionSecret() {
						return nil, err
					}
					e, err := t.Reveal()
					if err != nil {
						return nil, err
					}
					return []companion.Event{e}, nil
				})
				if err != nil {
					return err
				}
				return show(pos)
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	c.Flags().BoolVar(&reveal, "reveal", false, "show every hidden hand to everyone looking and log that (--as table only)")
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
				fmt.Fprint(io.Out, t.Edges())
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

// startSessionFromSetup starts a companion session on a generated setup,
// with the generator's private seed so that the companion deals the very
// hands printed on the slips, then writes the setup. The session comes
// first so a taken name costs nothing; if writing fails it is removed again,
// since a rerun deals other hands unless --private-seed is given.
func startSessionFromSetup(streams *IOStreams, name string, s *gen.Setup, dataOnStdout bool, write func() error) error {
	if s.Cards == gen.CardsHidden {
		return usagef("--session needs cards the companion deals (--cards dealt, open or none): with --cards hidden it could not check the cards played (ruling B-18)")
	}
	opts, err := cb.NewOptions(s.Players, "", strconv.FormatUint(s.Seed, 10), s.Cards.String(), "")
	if err != nil {
		return err
	}
	raw, err := json.Marshal(opts)
	if err != nil {
		return err
	}
	sess := companion.Session{Name: name, Game: cb.Game, Options: raw, Created: time.Now().UTC(), Seed: s.PrivateSeed}
	if s.Cards != gen.CardsDealt {
		sess.Seed = companion.NewSeed()
	}
	t, err := cb.Start(opts, sess.Seed)
	if err != nil {
		return err
	}
	if !slices.Equal(t.Setup.Hands, s.Hands) || t.Setup.Code != s.Code {
		return errors.New("--session: the companion would deal other hands than this setup; please report this as a bug")
	}
	if err := companion.ValidName(name); err != nil {
		return usageError{err}
	}
	if err := createSession(&sess); err != nil {
		return err
	}
	if err := write(); err != nil {
		_ = withStore(func(st *companion.Store) error { return st.Delete(name) })
		return err
	}
	// Standard output may carry JSON or the PDF itself; the note then goes
	// to the error stream so the data stays clean.
	msg := streams.Out
	if dataOnStdout {
		msg = streams.ErrOut
	}
	fmt.Fprintf(msg, "Started companion session %s with this setup and deal.\n", name)
	fmt.Fprintf(msg, "Carry on at the table: ninjakit companion blades status --session %s --as SEAT\n", name)
	return nil
}
