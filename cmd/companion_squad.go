package cmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
	"github.com/spf13/cobra"
)

func newCompanionSquadCmd(io *IOStreams, want string) *cobra.Command {
	c := &cobra.Command{
		Use:     "squad",
		Aliases: []string{"ninja-squad"},
		Short:   "Ninja Squad: alarm track, phases, decks, hidden cards; every turn checked",
		Long: `Follow a Ninja Squad game one short command per turn. The companion keeps
the alarm tracker, movement rounds and phases, missed turns, the Guard Phase
steps, tokens and traps, and each player's Senjutsu and Buki cards, which
only that player reads (status --as NAME). With --decks digital it draws the
Alarm, Senjutsu and Buki cards; with --decks physical the table names each
card that came up (draw CARD).

A movement turn names the face-up card and route played, then what the move
met: move 1.2 2 cubes 1 lantern guard home. Card names are accepted in any
case, with spaces or dashes (Ninja Dash, ninja-dash), or by a unique start.
moves lists every report the game takes now, each as a command to type.

Senjutsu: blow-dart, throwing-star, perfect-hiding-place, ninja-dash,
  pocket-rocket, team-ninja
Buki: throwing-star, nunchaku, spear, tonfa, arrow (fire), water-flask
  (flask), grappling-chain, bird-whistle, hollow-reed, zip-wire
Alarm: roof-top-slip, scaredy-cat, careless-footstep, samurai-master,
  giggling-geisha, sleeping-sentry
Wana traps: trip-wire, caltrops, hornets-nest`,
		Example: `  ninjakit companion squad new raid1 --players 2 --names ann,bob
  ninjakit companion squad move 1.2 2 cubes
  ninjakit companion squad exposed none
  ninjakit companion squad patrols
  ninjakit companion squad status --as ann`,
	}
	subs := []sub{
		{[]string{"new"}, func() *cobra.Command { return newSquadNewCmd(io) }},
		{[]string{"status"}, func() *cobra.Command {
			return newStatusCmd(io, cs.Game, "status", "Phase, round, turn, alarm, decks, tokens; your cards with --as",
				"  ninjakit companion squad status\n  ninjakit companion squad status --as ann --json", cs.Replay, (*cs.Table).Status)
		}},
		{[]string{"moves"}, func() *cobra.Command { return newSquadMovesCmd(io) }},
		{[]string{"position"}, func() *cobra.Command { return newSquadPositionCmd(io) }},
		{[]string{"log"}, func() *cobra.Command { return newLogCmd(io, cs.Game, cs.Replay, (*cs.Table).LogLines) }},
		{[]string{"act"}, func() *cobra.Command { return newSquadActCmd(io) }},
		{[]string{"undo"}, func() *cobra.Command {
			return newUndoCmd(io, cs.Game, "Take back the last action, unless a card was drawn since", cs.Replay,
				func(t *cs.Table, r cs.Role, e companion.Event) string { return t.Undone(r, e) })
		}},
		{[]string{"table"}, func() *cobra.Command { return newTableCmd(io, cs.Game, "alarm and turns", tui.NewSquad) }},
	}
	for _, v := range squadVerbs {
		subs = append(subs, sub{[]string{v.name}, func() *cobra.Command { return newSquadVerbCmd(io, v) }})
	}
	addSubs(c, want, subs)
	return gameGroup(c)
}

const metHelp = `MET is what the move went through or ended on, in any order:
  2 cubes (Senjutsu cubes in the raid, Buki cubes in the escape; also c2),
  1 lantern (raid only; also l1), guard (took out a guard: the next turn is
  missed, except on the sixth card), home (palace roof / Blue Forest).`

var squadVerbLong = map[string]string{
	"move":    "A movement turn: the face-up card played (1 or 2) and the route on it\n(1 or 2), as 1.2, then what the move met.\n\n" + metHelp,
	"dash":    "A Ninja Dash (after senjutsu ninja-dash): both face-up cards, the route\non each, as 1.2, then what the two moves met together. A first move that\nruns into a guard ends the dash: report that card alone, as move 2.1 guard.\n\n" + metHelp,
	"sprung":  "A Wana trap was sprung: by the ninja to act, or by a rival the ninja to\nact knocked onto it (--who). With physical piles a Trip Wire also names\nthe Buki card it took (--lost).",
	"guard":   "On the turn of the ninja to act, a rival was knocked into a guard, or a\nguard was moved onto the rival: the rival takes it out and misses the next\nmovement turn.",
	"reached": "On the turn of the ninja to act, a rival was moved by someone else's card\nor token (Team Ninja!, a knock-back, a swap) and went through cubes or\nlanterns, or reached home: the rival collects them (Buki cards at once in\nthe escape) or is home, and the turn goes on. A guard it met is guard NAME.\n\n" + metHelp,
}

type squadVerb struct {
	name, use, short, example string
	by, of                    bool
}

var squadVerbs = []squadVerb{
	{"move", "move CARD.ROUTE [MET...]", "A movement turn: card and route, then what the move met", "move 1.2 2 cubes guard", true, false},
	{"dash", "dash ROUTE.ROUTE [MET...]", "Ninja Dash: both face-up cards, the route on each", "dash 1.2 1 lantern", true, false},
	{"freeze", "freeze", "No route is possible: discard the face-up card(s)", "freeze", true, false},
	{"senjutsu", "senjutsu CARD [--by NAME]", "Use a Senjutsu card (Midnight Raid; any holder)", "senjutsu ninja dash", true, false},
	{"buki", "buki CARD", "Use a Buki card on your turn (Dawn Escape)", "buki spear", true, false},
	{"fire", "fire", "Shoot a Fire Arrow (uses an Arrow card): a tile burns", "fire", true, false},
	{"flask", "flask", "Pour a Water Flask on a burning fire", "flask", true, false},
	{"star", "star", "Throw your Throwing Star token", "star", true, false},
	{"trap", "trap WANA", "Set a Wana trap: trip wire, caltrops, hornets nest", "trap caltrops", true, false},
	{"sprung", "sprung WANA --of NAME [--who NAME] [--lost CARD]", "A ninja stepped on someone's trap, or was knocked onto it", "sprung trip wire --of bob", true, true},
	{"guard", "guard NAME", "A rival knocked into a guard, or reached by one, took it out", "guard bob", true, false},
	{"reached", "reached NAME MET...", "A rival moved by someone else met cubes, lanterns or home", "reached bob home", true, false},
	{"end", "end", "End a turn left open for a freshly drawn Buki card", "end", true, false},
	{"time-up", "time-up", "Super Speedy Ninjas: the timer ended the movement phase", "time-up", false, false},
	{"exposed", "exposed [NAME...|none]", "At the phase's end: who is on a road or out of cover", "exposed ann", false, false},
	{"patrols", "patrols [NAME...]", "Guard Phase step 1 done: who took out a patrolling guard", "patrols", false, false},
	{"draw", "draw CARD", "Physical piles: name the card that came up", "draw scaredy cat", false, false},
}

func newSquadVerbCmd(io *IOStreams, v squadVerb) *cobra.Command {
	var r cs.Report
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     v.use,
		Short:   v.short,
		Example: "  ninjakit companion squad " + v.example,
		Long:    squadVerbLong[v.name],
		Args:    cobra.ArbitraryArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			r.Verb, r.Args = v.name, args
			return squadAction(io, f, func(t *cs.Table) (engine.Action, rules.Seat, error) { return t.Build(r) })
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	if v.by {
		c.Flags().StringVar(&r.By, "by", "", "who acts (default: whose turn it is)")
	}
	if v.of {
		c.Flags().StringVar(&r.Of, "of", "", "whose trap it was")
		c.Flags().StringVar(&r.Who, "who", "", "the rival knocked onto it (default: the ninja to act)")
		c.Flags().StringVar(&r.Lost, "lost", "", "physical piles: the Buki card a Trip Wire took")
	}
	return c
}

// squadAction checks and logs one action, then tells it as the --as role
// may read it. A refusal stores nothing.
func squadAction(io *IOStreams, f *sessionFlags, build func(*cs.Table) (engine.Action, rules.Seat, error)) error {
	return actOnTable(io, cs.Game, f, cs.Replay,
		func(t *cs.Table, r cs.Role) (companion.Event, error) {
			a, by, err := build(t)
			if err != nil {
				if errors.Is(err, rules.ErrIllegal) {
					return companion.Event{}, err
				}
				return companion.Event{}, usageError{err}
			}
			return t.Act(by, a, r.Viewer())
		},
		tellAction(io, f, (*cs.Table).Last, (*cs.Table).Status))
}

func newSquadActCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	var by string
	c := &cobra.Command{
		Use:     "act NOTATION",
		Short:   "Report an action in the engine's notation (seats as numbers)",
		Example: "  ninjakit companion squad act play 1.2 c2 guard\n  ninjakit companion squad act exposed 1,2",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return squadAction(io, f, func(t *cs.Table) (engine.Action, rules.Seat, error) {
				a, err := engine.ParseAction(strings.Join(args, " "), t.Game.Players())
				if err != nil {
					return a, engine.NoSeat, err
				}
				s := engine.NoSeat
				if by != "" {
					if s, err = t.Seat(by); err != nil {
						return a, s, err
					}
				}
				return a, s, nil
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	c.Flags().StringVar(&by, "by", "", "who acts (default: whose turn it is)")
	return c
}

type squadNewOptions struct {
	Session, Names, Mode, Decks, Code, Position, PrivateSeed string
	Players                                                  int
	Speedy, JSON                                             bool
}

func newSquadNewCmd(io *IOStreams) *cobra.Command {
	o := &squadNewOptions{}
	c := &cobra.Command{
		Use:   "new [NAME] --players N [--mode M]",
		Short: "Start a game session",
		Example: "  ninjakit companion squad new raid1 --players 3\n" +
			"  ninjakit companion squad new --names ann,bob --mode escape\n" +
			"  ninjakit companion squad new --code CODE --decks physical",
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if err := sessionArg(args, &o.Session); err != nil {
				return err
			}
			return runSquadNew(io, o)
		},
	}
	fl := c.Flags()
	fl.StringVar(&o.Session, "session", "", "name for the session (default: squad-N)")
	fl.IntVar(&o.Players, "players", 0, "number of players, 2 to 4")
	fl.StringVar(&o.Names, "names", "", "names in seat order, as ann,bob (default p1,p2..)")
	fl.StringVar(&o.Mode, "mode", "", "raid (default), escape or full (both parts)")
	fl.BoolVar(&o.Speedy, "speedy", false, "Super Speedy Ninjas: timed movement phases")
	fl.StringVar(&o.Decks, "decks", "", "digital (default: we draw) or physical (you name)")
	fl.StringVar(&o.Code, "code", "", "share code from generate squad")
	fl.StringVar(&o.Position, "position", "", "start from a position string (see position)")
	fl.StringVar(&o.PrivateSeed, "private-seed", "", "seed of the draws (default: random)")
	fl.BoolVar(&o.JSON, "json", false, "print as JSON")
	return c
}

func runSquadNew(io *IOStreams, o *squadNewOptions) error {
	var names []string
	if o.Names != "" {
		names = strings.Split(o.Names, ",")
	}
	opts, err := cs.NewOptions(o.Players, names, o.Mode, o.Speedy, o.Decks, o.Code, o.Position)
	if err != nil {
		return usageError{err}
	}
	seed, err := sessionSeed(o.PrivateSeed)
	if err != nil {
		return err
	}
	name, t, err := startSession(o.Session, cs.Game, opts, seed, cs.Start)
	if err != nil {
		return err
	}
	st := t.Status(cs.Role{Table: true})
	if o.JSON {
		return writeJSON(io.Out, struct {
			Session string    `json:"session"`
			Status  cs.Status `json:"status"`
		}{name, st})
	}
	fmt.Fprintf(io.Out, "Started session %s: %s.\n", name, strings.Join(opts.Names, ", "))
	fmt.Fprint(io.Out, st.Text())
	return nil
}

func newSquadMovesCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "moves [--as NAME]",
		Short:   "List what may be reported now, grouped, each as a command to type",
		Example: "  ninjakit companion squad moves\n  ninjakit companion squad moves --as ann --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return viewTable(cs.Game, f, cs.Replay, func(t *cs.Table, r cs.Role) error {
				ml := t.Moves(r)
				if f.JSON {
					return writeJSON(io.Out, ml)
				}
				fmt.Fprint(io.Out, ml.Text())
				return nil
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

func newSquadPositionCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "position",
		Short:   "Print the game as one line, once it shows no hidden card",
		Example: "  ninjakit companion squad position\n  ninjakit companion squad position --json",
		Long: `Prints the engine's position string: the whole game on one line, for bug
reports and for new --position, which starts a session from it. It holds
every hand (and, with digital piles, the seed the draws
come from), so it is printed only once the game is over, or with physical
piles while nobody holds a Senjutsu or Buki card.`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return viewTable(cs.Game, f, cs.Replay, func(t *cs.Table, _ cs.Role) error {
				if t.PositionSecret() {
					return errors.New("the position shows hidden cards: it is printed once the game is over")
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
