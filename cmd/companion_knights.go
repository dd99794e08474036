package cmd

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/spf13/cobra"
)

func newCompanionKnightsCmd(io *IOStreams, want string) *cobra.Command {
	c := &cobra.Command{
		Use:     "knights",
		Aliases: []string{"knights-and-ninjas", "kn"},
		Short:   "Of Knights and Ninjas: gems, draw pile, reshuffle targets; every play checked",
		Long: `With a digital deck (the default) the companion shuffles and deals, and each
player reads their own hand with status --as NAME. With a physical deck you
use your own cards and the companion counts: hands, draw pile, discards,
reshuffles and the gems needed to win; each reported play is checked.

Plays name cards as printed (peasant, soldier, knight, king, queen, ninja,
dragon, traitor, highwayman, princess, executioner, herald, merchant, monk,
minstrel, archer, castle, ladder, catapult, jester); a Jester posing as
another card is jester(highwayman). Several peasants are a revolt. A dragon
burns the rival's castle only when you say so: play dragon --at NAME --burn.
When an attack takes gems, every other player with cards answers steal or
decline; the last answer closes the window.`,
		Example: `  ninjakit companion knights new --players 3 --names ann,bob,cy
  ninjakit companion knights status --as ann
  ninjakit companion knights play knight --from ann --at bob
  ninjakit companion knights play dragon --at bob --burn
  ninjakit companion knights respond princess --by bob
  ninjakit companion knights decline --by cy
  ninjakit companion knights fortify castle
  ninjakit companion knights pass`,
	}
	subs := []sub{
		{[]string{"new"}, func() *cobra.Command { return newKnightsNewCmd(io) }},
		{[]string{"status"}, func() *cobra.Command {
			return newStatusCmd(io, ck.Game, "status", "Gems, fortifications, hand sizes, draw pile, reshuffles, gems to win; your hand with --as",
				"  ninjakit companion knights status\n  ninjakit companion knights status --as ann --json", ck.Replay, (*ck.Table).Status)
		}},
		{[]string{"moves"}, func() *cobra.Command { return newKnightsMovesCmd(io) }},
		{[]string{"position"}, func() *cobra.Command { return newKnightsPositionCmd(io) }},
		{[]string{"log"}, func() *cobra.Command { return newLogCmd(io, ck.Game, ck.Replay, (*ck.Table).LogLines) }},
		{[]string{"act"}, func() *cobra.Command { return newKnightsActCmd(io) }},
		{[]string{"undo"}, func() *cobra.Command {
			return newUndoCmd(io, ck.Game, "Take back the last play, unless it won the game or cards were drawn, dealt or shown to one player since", ck.Replay, (*ck.Table).Undone)
		}},
		{[]string{"table"}, func() *cobra.Command { return newTableCmd(io, ck.Game, "gems at a glance", tui.NewKnights) }},
		{[]string{"hint"}, func() *cobra.Command {
			return newHintCmd(io, ck.Game, "Suggest your next play from your own hand (digital deck), with the bot's estimated chance of winning",
				"  ninjakit companion knights hint --as ann\n  ninjakit companion knights hint --as bob --level hard --seed 7", ck.Replay, (*ck.Table).Hint,
				tableSearches[ck.Role](ck.NormalIterations))
		}},
	}
	for _, v := range knightsVerbs {
		subs = append(subs, sub{[]string{v.name}, func() *cobra.Command { return newKnightsReportCmd(io, v) }})
	}
	addSubs(c, want, subs)
	return gameGroup(c)
}

type knightsVerb struct {
	name, use, short string
	cards            bool // takes card arguments
	at, from         string
	fort             bool
}

var knightsVerbs = []knightsVerb{
	{name: "play", use: "play CARD... [--from NAME] --at NAME [--burn | --fort]", short: "Attack a rival, or play a special action (herald, merchant --at NAME, monk)", cards: true, at: "the rival attacked, or robbed by a merchant", from: "who plays (default: whose turn it is)", fort: true},
	{name: "fortify", use: "fortify CARD... [--by NAME]", short: "Place castle, archer and/or minstrel in front of your gems", cards: true},
	{name: "respond", use: "respond CARD... [--by NAME]", short: "Answer the attack on the table (or steal with a highwayman, from anyone)", cards: true},
	{name: "discard", use: "discard CARD... [--by NAME]", short: "Discard instead of playing (or the two cards a duel minstrel demands)", cards: true},
	{name: "steal", use: "steal [jester] --by NAME", short: "Steal the gems just taken with a highwayman (or a jester as one)", cards: true},
	{name: "decline", use: "decline --by NAME", short: "Let the gems just taken go: the last player asked closes the steal window"},
	{name: "pass", use: "pass [--by NAME]", short: "End your turn, let an attack through, or close a steal window at once"},
	{name: "show", use: "show CARD... [--by NAME]", short: "Show a card to a herald", cards: true},
	{name: "take", use: "take CARD --from NAME", short: "Take a card shown to your herald", cards: true, from: "whose shown card"},
	{name: "pay", use: "pay gems | pay cards [CARD...]", short: "Pay a monk's tax", cards: true},
	{name: "keep", use: "keep", short: "Duel draft: keep the card you drew"},
	{name: "give", use: "give", short: "Duel draft: give the card you drew to your rival"},
	{name: "redeal", use: "redeal", short: "Duel: call for a re-deal (three cards or fewer)"},
}

type knightsNewOptions struct {
	IO          *IOStreams
	Name        string
	Players     int
	Names       string
	Variant     string
	Mode        string
	First       string
	Position    string
	PrivateSeed string
	Bots        []string
}

func newKnightsNewCmd(io *IOStreams) *cobra.Command {
	o := &knightsNewOptions{IO: io}
	c := &cobra.Command{
		Use:   "new --players N [--names a,b,c] [--variant two-player] [--mode digital|physical]",
		Short: "Start a game session",
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return runKnightsNew(o) },
	}
	c.Example = "  ninjakit companion knights new --players 4 --names ann,bob,cy,dee\n  ninjakit companion knights new --players 3 --mode physical --names a,b,c\n  ninjakit companion knights new --variant two-player --names ann,bob\n  ninjakit companion knights new --names ann,bob,cy,dee --bot bob --bot dee=hard"
	f := c.Flags()
	f.StringVar(&o.Name, "session", "", "name for the session (default: knights-N)")
	f.IntVar(&o.Players, "players", 0, "number of players, 3 to 6 (2 for the two-player variant)")
	f.StringVar(&o.Names, "names", "", "players' names in turn order, comma-separated (default p1,p2,...)")
	f.StringVar(&o.Variant, "variant", "standard", "standard, or two-player (draft and duel)")
	f.StringVar(&o.Mode, "mode", "digital", "digital (the companion deals) or physical (your own cards)")
	f.StringVar(&o.First, "first", "", "who starts (default: the first name)")
	f.StringVar(&o.Position, "position", "", "start from a position string")
	f.StringVar(&o.PrivateSeed, "private-seed", "", "seed for the shuffles (default: random), to replay a game exactly")
	f.StringArrayVar(&o.Bots, "bot", nil, "a seat the companion plays, as NAME or NAME=LEVEL (random, easy, normal, hard; default normal); repeatable, digital deck only")
	return c
}

func runKnightsNew(o *knightsNewOptions) error {
	var names []string
	if o.Names != "" {
		names = strings.Split(o.Names, ",")
	}
	opts, err := ck.NewOptions(o.Players, names, o.Variant, o.Mode, o.First, o.Position)
	if err == nil {
		opts, err = opts.ParseBots(o.Bots)
	}
	if err != nil {
		return usageError{err}
	}
	seed, err := sessionSeed(o.PrivateSeed)
	if err != nil {
		return err
	}
	name, t, err := startSession(o.Name, ck.Game, opts, seed, ck.Start)
	if err != nil {
		return err
	}
	fmt.Fprintf(o.IO.Out, "Started session %s: %s.\n", name, strings.Join(opts.Names, ", "))
	fmt.Fprint(o.IO.Out, t.Status(ck.Role{Table: true}).Text())
	if opts.Mode == "digital" {
		fmt.Fprintln(o.IO.Out, "Each player reads their hand with: ninjakit companion knights status --as NAME")
	}
	if len(opts.Bots) > 0 {
		fmt.Fprintf(o.IO.Out, "The companion plays %s and holds their cards; bots act after each command.\n", t.BotNames())
	}
	return tellBots(o.IO, false, ck.Game, name, botPlayers[ck.Game])
}

// knightsAfterBots shows the table's status once bot seats acted.
func knightsAfterBots(io *IOStreams, s companion.Session) error {
	t, err := ck.Replay(s)
	if err != nil {
		return err
	}
	fmt.Fprint(io.Out, t.Status(ck.Role{Table: true}).Text())
	return nil
}

// knightsAction checks and logs one play on the current session.
func knightsAction(io *IOStreams, session string, act func(t *ck.Table) (companion.Event, error)) error {
	return actOnTable(io, ck.Game, &sessionFlags{Session: session}, ck.Replay,
		func(t *ck.Table, _ ck.Role) (companion.Event, error) { return act(t) },
		func(t *ck.Table, _ ck.Role) error {
			// What happened, told as the actor may read it: whoever typed
			// the play knows its cards, and it names no card the actor may
			// not see.
			for _, l := range t.Echo() {
				fmt.Fprintln(io.Out, l)
			}
			for _, c := range t.Cues {
				fmt.Fprintln(io.Out, c)
			}
			fmt.Fprint(io.Out, t.Status(ck.Role{Table: true}).Text())
			return nil
		})
}

func newKnightsReportCmd(io *IOStreams, v knightsVerb) *cobra.Command {
	var r ck.Report
	var session string
	c := &cobra.Command{
		Use:   v.use,
		Short: v.short,
		Args:  cobra.ArbitraryArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			if !v.cards && len(args) > 0 {
				return usagef("%s takes no cards", v.name)
			}
			r.Verb = v.name
			for _, a := range args {
				for _, c := range strings.Split(strings.ToLower(a), ",") {
					if c != "" {
						r.Cards = append(r.Cards, c)
					}
				}
			}
			return knightsAction(io, session, func(t *ck.Table) (companion.Event, error) {
				if r.Verb == "decline" {
					return t.Decline(r.By)
				}
				text, err := t.Command(r)
				if err != nil {
					return companion.Event{}, usageError{err}
				}
				return t.Act(r.By, text)
			})
		},
	}
	c.Example = knightsVerbExamples[v.name]
	c.ValidArgsFunction = completeKnightsCards(v)
	f := c.Flags()
	f.StringVar(&session, "session", "", "session name (default: the latest knights session)")
	f.StringVar(&r.By, "by", "", "who acts (default: whoever the game waits for)")
	f.StringVar(&r.By, "as", "", "the same as --by")
	switch v.name {
	case "play":
		f.StringVar(&r.By, "from", "", v.from)
		f.StringVar(&r.At, "at", "", v.at)
		f.BoolVar(&r.Fort, "fort", false, "shoot with your fortifying archer")
		f.BoolVar(&r.Burn, "burn", false, "the dragon also burns the castle (else it stays)")
	case "take":
		f.StringVar(&r.At, "from", "", v.from)
	}
	return c
}

func newKnightsActCmd(io *IOStreams) *cobra.Command {
	var session, by string
	c := &cobra.Command{
		Use:     "act NOTATION",
		Short:   "Report a play in the engine's notation (seats as numbers)",
		Example: "  ninjakit companion knights act attack 2 peasant,peasant\n  ninjakit companion knights act respond 3 jester(highwayman)",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			text := strings.Join(args, " ")
			return knightsAction(io, session, func(t *ck.Table) (companion.Event, error) { return t.Act(by, text) })
		},
	}
	c.ValidArgsFunction = completeKnightsAct
	c.Flags().StringVar(&session, "session", "", "session name (default: the latest knights session)")
	c.Flags().StringVar(&by, "by", "", "who acts (default: whoever the game waits for)")
	c.Flags().StringVar(&by, "as", "", "the same as --by")
	return c
}

// knightsView runs a read-only command on the current session.
func knightsView(f *sessionFlags, fn func(*ck.Table, ck.Role) error) error {
	return viewTable(ck.Game, f, ck.Replay, fn)
}

func newKnightsMovesCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "moves --as NAME [KIND | CARD]",
		Short: "List what a player may do now, as commands to type, grouped with counts; a kind or card lists those in full",
		Args:  cobra.ArbitraryArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			return knightsView(f, func(t *ck.Table, r ck.Role) error {
				moves, err := t.Moves(r)
				if err != nil {
					return usageError{err}
				}
				if len(args) > 0 {
					for i, m := range moves {
						if moves[i], err = m.Only(strings.Join(args, " ")); err != nil {
							return usageError{err}
						}
					}
				}
				if f.JSON {
					return writeJSON(io.Out, moves)
				}
				for _, m := range moves {
					fmt.Fprint(io.Out, m.Text())
				}
				return nil
			})
		},
	}
	c.Example = "  ninjakit companion knights moves --as ann\n  ninjakit companion knights moves --as ann attack bob\n  ninjakit companion knights moves --as ann peasant\n  ninjakit companion knights moves --as 2 --json"
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

func newKnightsPositionCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	var reveal bool
	c := &cobra.Command{
		Use:     "position [--reveal]",
		Example: "  ninjakit companion knights position\n  ninjakit companion knights position --reveal",
		Short:   "Print the game as one line, for new --position and bug reports",
		Long: `Prints the position string: the whole game on one line, which
ninjakit companion knights new --position rebuilds. A physical-deck game
prints it at any time (the companion only counts hidden cards), except while
cards are shown to a herald; a digital game once it is over, draw pile in
order. --reveal prints it now and tells the whole table in the log, since it
shows every hand; before the game is over it leaves out the order of the
coming cards: the draw pile is written draw=* (its cards in a fixed order)
and a duel's draft pile is in that order under its top card (ruling K38).`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			if !reveal {
				return knightsView(f, func(t *ck.Table, _ ck.Role) error {
					pos, err := t.Position()
					if err != nil {
						return err
					}
					fmt.Fprintln(io.Out, pos)
					return nil
				})
			}
			var pos string
			return withSession(ck.Game, f.Session, false, func(st *companion.Store, name string) error {
				_, err := st.Append(name, func(s companion.Session) ([]companion.Event, error) {
					t, err := ck.Replay(s)
					if err != nil {
						return nil, err
					}
					r, err := t.ParseRole(f.As)
					if err != nil {
						return nil, usageError{err}
					}
					if err := t.MayReveal(); err != nil {
						return nil, err
					}
					pos = t.Revealed()
					if !t.PositionSecret() {
						return nil, nil
					}
					return []companion.Event{t.Reveal(r)}, nil
				})
				if err != nil {
					return err
				}
				fmt.Fprintln(io.Out, pos)
				return nil
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&reveal, "reveal", false, "print it even mid-game (every hand, not the draw order), and log that for the whole table to read")
	return c
}
