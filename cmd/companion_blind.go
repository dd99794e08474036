package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blind"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
	"github.com/spf13/cobra"
)

func newCompanionBlindCmd(io *IOStreams, want string) *cobra.Command {
	c := &cobra.Command{
		Use:     "blind",
		Aliases: []string{"what-blind-ninjas"},
		Short:   "What Blind Ninjas?: the referee that holds every secret grid",
		Long: `Referee a game of What Blind Ninjas? with no grids or dividers: the companion
keeps every player's ninjas, checks each turn's orders, and tells each player
only their own grid (status --as NAME). Every slash is announced to everyone
with a grunt or a swish from each player still in.

Orders give one letter per living ninja, in ninja order (1-4, numbered by
starting square, A before B, 1 before 2; a slain ninja is skipped):
  m    move one square the way it faces
  t:n  turn to face n, e, s or w
  s    stand
  x    slash the square in front (slashes come after the other orders)
Numbered orders (2:x 1:m) are given in the order written.

Two players play on 4 columns (A-D) by 8 rows, starting on rows 1 and 8;
three or four on 8x8, each choosing four squares of their own edge first
(start). The game ends when one player has ninjas left; --turns N ends it
after N rounds, most ninjas left winning.`,
		Example: `  ninjakit companion blind new --names ann,bob
  ninjakit companion blind orders --as ann m t:e s x
  ninjakit companion blind status --as bob
  ninjakit companion blind log`,
	}
	addSubs(c, want, []sub{
		{[]string{"new"}, func() *cobra.Command { return newBlindNewCmd(io) }},
		{[]string{"start"}, func() *cobra.Command { return newBlindStartCmd(io) }},
		{[]string{"orders"}, func() *cobra.Command { return newBlindOrdersCmd(io) }},
		{[]string{"status"}, func() *cobra.Command {
			return newStatusCmd(io, cb.Game, "status", "Round, who is in, slashes heard; your own grid with --as",
				"  ninjakit companion blind status\n  ninjakit companion blind status --as ann --json", cb.Replay, (*cb.Table).Status)
		}},
		{[]string{"log"}, func() *cobra.Command { return newLogCmd(io, cb.Game, cb.Replay, (*cb.Table).LogLines) }},
		{[]string{"undo"}, func() *cobra.Command { return newBlindUndoCmd(io) }},
		{[]string{"position"}, func() *cobra.Command { return newBlindPositionCmd(io) }},
		{[]string{"hint"}, func() *cobra.Command {
			return newHintCmd(io, cb.Game, "Suggest your placement or orders from your own grid, with the bot's estimated chance of winning",
				"  ninjakit companion blind hint --as ann\n  ninjakit companion blind hint --as bob --level hard --seed 7",
				cb.Replay, func(t *cb.Table, _ companion.Session, r cb.Role, o bots.Options) (cb.Hint, error) {
					return t.Hint(r, o)
				}, tableSearches[cb.Role](cb.NormalIterations))
		}},
		{[]string{"table", "play"}, func() *cobra.Command { return newBlindTableCmd(io) }},
	})
	return gameGroup(c)
}

// newBlindTableCmd is the table mode, which What Blind Ninjas? also calls
// play.
func newBlindTableCmd(io *IOStreams) *cobra.Command {
	table := newTableCmd(io, cb.Game, "one grid at a time", tui.NewBlind)
	table.Aliases = []string{"play"}
	table.Long = `The table mode (also: play) runs the game on one device passed round the
table. The board shows what the whole room knows: who is in, whose turn it
is, every slash heard. Enter on an empty line asks the player to give orders
to take the device; Enter again shows their grid, and only theirs. They type
their orders (Tab on an empty line lists each ninja's orders) and Enter:
the screen is wiped and the room reads the slashes, grunts and swishes.
Every turn is checked and logged as orders does, so the one-shot commands
work on the same session in between. It needs a terminal.

Keys: Enter plays the line or hands the device over; Esc hides a grid;
up/down recall what this player typed; ctrl+c quits.`
	return table
}

type blindNewOptions struct {
	Session, Names, First, Position, PrivateSeed string
	Bots                                         []string
	Players, Turns                               int
	JSON                                         bool
}

func newBlindNewCmd(io *IOStreams) *cobra.Command {
	o := &blindNewOptions{}
	c := &cobra.Command{
		Use:   "new [NAME] --players N [--turns N]",
		Short: "Start a game session",
		Example: "  ninjakit companion blind new --names ann,bob\n" +
			"  ninjakit companion blind new dojo --players 3 --turns 20 --first 2\n" +
			"  ninjakit companion blind new --names ann,bob,cy --bot bob --bot cy=hard",
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if err := sessionArg(args, &o.Session); err != nil {
				return err
			}
			return runBlindNew(io, o)
		},
	}
	fl := c.Flags()
	fl.StringVar(&o.Session, "session", "", "name for the session (default: blind-N)")
	fl.IntVar(&o.Players, "players", 0, "number of players, 2 to 4 (default: from --names)")
	fl.StringVar(&o.Names, "names", "", "names in seat order, to the right, as ann,bob")
	fl.StringVar(&o.First, "first", "", "who gives orders first (default: seat 1)")
	fl.IntVar(&o.Turns, "turns", 0, "variant: end after N rounds, most ninjas left wins")
	fl.StringVar(&o.Position, "position", "", "start from a position string (see position)")
	fl.StringArrayVar(&o.Bots, "bot", nil, "a seat the companion plays, as NAME or NAME=LEVEL (random, easy, normal, hard); repeatable")
	fl.StringVar(&o.PrivateSeed, "private-seed", "", "private seed of the bots' choices (default: random)")
	fl.BoolVar(&o.JSON, "json", false, "print as JSON")
	return c
}

func runBlindNew(io *IOStreams, o *blindNewOptions) error {
	var names []string
	if o.Names != "" {
		names = strings.Split(o.Names, ",")
	}
	opts, err := cb.NewOptions(o.Players, names, o.First, o.Turns, o.Position)
	if err == nil {
		opts, err = opts.WithBots(o.Bots)
	}
	if err != nil {
		return usageError{err}
	}
	seed, err := sessionSeed(o.PrivateSeed)
	if err != nil {
		return err
	}
	name, t, err := startSession(o.Session, cb.Game, opts, seed, cb.Start)
	if err != nil {
		return err
	}
	st := t.Status(cb.Role{Table: true})
	if o.JSON {
		return writeJSON(io.Out, struct {
			Session string    `json:"session"`
			Status  cb.Status `json:"status"`
		}{name, st})
	}
	fmt.Fprintf(io.Out, "Started session %s: %s.\n", name, strings.Join(opts.Names, ", "))
	fmt.Fprint(io.Out, st.Text())
	if len(opts.Bots) > 0 {
		fmt.Fprintln(io.Out, "The companion plays every bot and keeps its grid; the bots act after each command.")
	}
	return tellBots(io, o.JSON, cb.Game, name, botPlayers[cb.Game])
}

// blindAfterBots says what the game waits for once bot seats acted.
func blindAfterBots(io *IOStreams, s companion.Session) error {
	t, err := cb.Replay(s)
	if err != nil {
		return err
	}
	fmt.Fprintf(io.Out, "Waiting: %s\n", t.Waiting())
	return nil
}

// blindAction checks and logs one player's action, then tells it as that
// player may read it. Orders and placements are secret, so they are given
// only --as the player. A refusal stores nothing.
func blindAction(io *IOStreams, f *sessionFlags, build func(*cb.Table, rules.Seat) (engine.Action, error)) error {
	return actOnTable(io, cb.Game, f, cb.Replay,
		func(t *cb.Table, r cb.Role) (companion.Event, error) {
			if r.Table {
				return companion.Event{}, usagef("give it --as the player: only they may see their ninjas")
			}
			a, err := build(t, r.Seat)
			if err != nil {
				return companion.Event{}, usageError{err}
			}
			return t.Act(a, r.Viewer())
		},
		tellAction(io, f, (*cb.Table).Last, (*cb.Table).Status))
}

func newBlindOrdersCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "orders --as NAME ORDERS...",
		Short: "Give your turn's orders: one per living ninja (m, t:e, s, x)",
		Long: `Give your turn's orders, one per living ninja in ninja order:
m (move), t:n t:e t:s t:w (turn), s (stand), x (slash the square in front).
Silent orders are carried out first, then the slashes, which everyone hears.
Numbered, as 3:t:w 2:x, the orders are given in the order written.

Your ninjas may step in file (the front one first) but never onto, through
or round a square another of yours keeps, and never off the grid.`,
		Example: "  ninjakit companion blind orders --as ann m t:e s x\n  ninjakit companion blind orders --as bob 1:m 3:s 4:s 2:x",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return blindAction(io, f, func(t *cb.Table, s rules.Seat) (engine.Action, error) {
				return t.Orders(s, strings.Join(args, " "))
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

func newBlindStartCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "start --as NAME SQUARES...",
		Short: "8x8 grid: choose your four starting squares on your edge",
		Long: `Three or four players: before the first turn each player chooses, in
secret, four of the eight squares of their own edge (south: row 1, east:
column H, north: row 8, west: column A). Give squares (b1 d1 e1 h1) or,
along the edge, just the letters (b d e h) or row numbers (2 4 5 7).`,
		Example: "  ninjakit companion blind start --as ann b d e h\n  ninjakit companion blind start --as bob h1 h3 h6 h8",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return blindAction(io, f, func(t *cb.Table, s rules.Seat) (engine.Action, error) {
				return t.Placement(s, args)
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

// newBlindUndoCmd takes back the last action for the player who gave it,
// unless it made a slash heard (W-15).
func newBlindUndoCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "undo --as NAME",
		Short: "Take back your own last orders, unless a slash was heard",
		Long: `Take back your own orders or placement while nobody has acted since and no
slash was heard: the room then stands as before them and you give them again.
A slash cannot be unheard, and nobody may take back another player's orders.`,
		Example: "  ninjakit companion blind undo --as ann",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return undoLast(io, cb.Game, f, cb.Replay, func(t *cb.Table, r cb.Role) error {
				by, ok := t.LastPerson()
				switch {
				case !ok:
					return errors.New("nothing to undo: no orders were given yet")
				case r.Table:
					return usagef("give it --as the player whose orders to take back")
				case by != r.Seat:
					return fmt.Errorf("the last action is %s's: only they may take it back", t.Name(by))
				case t.BotBarrier() != "":
					return fmt.Errorf("%s: your orders cannot be taken back", t.BotBarrier())
				}
				return nil
			}, (*cb.Table).Undone)
		},
	}
	f.add(c, true)
	return c
}

func newBlindPositionCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "position",
		Short: "Print the game as one line, once it is over",
		Long: `Prints the engine's position string: every grid on one line, for bug
reports and for new --position, which starts a session from it (the slashes
heard before are not part of it). It shows where every ninja stands, so it
is printed only once the game is over.`,
		Example: "  ninjakit companion blind position",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return viewTable(cb.Game, f, cb.Replay, func(t *cb.Table, _ cb.Role) error {
				if t.Game.Stage() != engine.StageOver {
					return errors.New("the position shows every grid: it is printed once the game is over")
				}
				if f.JSON {
					return writeJSON(io.Out, map[string]string{"position": t.Game.Position()})
				}
				fmt.Fprintln(io.Out, t.Game.Position())
				return nil
			})
		},
	}
	f.add(c, false)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}
