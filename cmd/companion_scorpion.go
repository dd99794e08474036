package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	"github.com/ninjakit/ninjakit/companion/scorpion/commit"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/spf13/cobra"
)

func newCompanionScorpionCmd(io *IOStreams, want string) *cobra.Command {
	c := &cobra.Command{
		Use:     "scorpion",
		Aliases: []string{"scorpion-clan"},
		Short:   "Scorpion Clan: hidden placements, alert, turns; every action checked",
		Long: `Moderate Ninja: Legend of the Scorpion Clan. The companion keeps the board,
the alert level, the turn and its phases, every hand, and every secret: the
guards' sleeping guards, objectives, traps and hidden sentries, the
intruders' positions, ropes, passage and missions. Every command says who
types it with --as: guard (or sword and spear with --guards 2), ninja,
traitor; moderator sees everything and table only what all may see.
Each role reads only what it may know.

When a side's set-up is final (ready) the companion prints a commitment to
write down; after the game, reveal prints what opens it and verify checks
it on any machine.

Actions use the table words of the rules: zones by id (CA3), guards by
zone (YA4:sword, YA4#2), cards by name or a unique start (ssearch, walk).`,
		Example: `  ninjakit companion scorpion new --guards 1 castle
  ninjakit companion scorpion random --as guard
  ninjakit companion scorpion ready --as guard
  ninjakit companion scorpion start OL3 --as ninja
  ninjakit companion scorpion move OL4 --as ninja
  ninjakit companion scorpion status --as ninja`,
	}
	subs := []sub{
		{[]string{"new"}, func() *cobra.Command { return newScorpionNewCmd(io) }},
		{[]string{"status"}, func() *cobra.Command { return newScorpionStatusCmd(io) }},
		{[]string{"log"}, func() *cobra.Command { return newScorpionLogCmd(io) }},
		{[]string{"act"}, func() *cobra.Command { return newScorpionActCmd(io) }},
		{[]string{"undo"}, func() *cobra.Command { return newScorpionUndoCmd(io) }},
		{[]string{"moves"}, func() *cobra.Command { return newScorpionMovesCmd(io) }},
		{[]string{"reveal"}, func() *cobra.Command { return newScorpionRevealCmd(io) }},
		{[]string{"verify"}, func() *cobra.Command { return newScorpionVerifyCmd(io) }},
		{[]string{"commitment"}, func() *cobra.Command { return newScorpionCommitmentCmd(io) }},
		{[]string{"table"}, func() *cobra.Command { return newTableCmd(io, sc.Game, "alert and turns", tui.NewScorpion) }},
		{[]string{"hint"}, func() *cobra.Command {
			return newHintCmd(io, sc.Game, "Suggest your next action from your own role's view, with the bot's estimated chance of winning",
				"  ninjakit companion scorpion hint --as ninja\n  ninjakit companion scorpion hint --as guard --level hard --seed 7", sc.Replay, (*sc.Table).Hint,
				func(r sc.Role, lv bots.Level) int { return sc.Searches(r.Engine.Side(), lv) })
		}},
	}
	for _, v := range scorpionVerbs {
		subs = append(subs, sub{[]string{strings.Fields(v.use)[0]}, func() *cobra.Command { return newScorpionVerbCmd(io, v) }})
	}
	addSubs(c, want, subs)
	return gameGroup(c)
}

type scorpionVerb struct{ use, short, example string }

// scorpionVerbs are the table words, one command each; act takes any of
// them as one line.
var scorpionVerbs = []scorpionVerb{
	{"posts Z[:TYPE]...", "Set-up: the 8 sentries, one per post zone", "posts MO2 MO8 YA1 YA5 YA9 CA2 CB3 CB8 --as guard"},
	{"patrol Z[/F] [TYPE+TYPE]", "Set-up: a patrol of 2 on the track (facing F); patrol clear", "patrol YA3/YA4 --as guard"},
	{"sleep Z...", "Set-up: the 8 sleeping guards on barracks, 2 at most per zone", "sleep YA2 YA2 YA10 YA14 CA3 CA3 CB7 CB7 --as guard"},
	{"hide Z=WHAT...", "Set-up: objectives A-F, 2 traps, 2 hidden sentries", "hide CA1=A CA4=B CB9=trap CB1=sentry --as guard"},
	{"hand CARD:N...", "Set-up: the guard hand; the rest is the draw deck", "hand kenjutsu:4 ssearch:4 --as guard"},
	{"deck CARD:N...", "Set-up (and decoy return): an intruder's cards", "deck rope:3 kenjutsu:2 --as ninja"},
	{"start Z", "Set-up (and decoy return): where an intruder starts", "start OL3 --as ninja"},
	{"passage [Z Z]", "Set-up: the passage ends; later: enter the passage", "passage OL5 CA2 --as traitor"},
	{"show", "An intruder shows his mission to his partner", "show --as ninja"},
	{"random", "Set-up: fill the rest of your side's set-up at random", "random --as guard"},
	{"ready", "Set-up: your side is done; prints its commitment", "ready --as guard"},
	{"draw N | sword:N spear:M", "Alert phase: the guards draw up to the alert level", "draw 2 --as guard"},
	{"listen Z[:TYPE] [--free]", "Sentry Listen card on the sentry in Z; --free: the free listen", "listen YA4 --free --as guard"},
	{"plisten Z [--free]", "Patrol Listen card on the patrol in Z; --free: the free listen", "plisten YA3 --as guard"},
	{"follow Z [Z]", "After a heard listen: the listener moves up to 2 zones", "follow YA5 YA6 --as guard"},
	{"stay", "After a heard listen: the listener stays", "stay --as guard"},
	{"cat", "Traitor: It Was A Cat, on a listen or on his trap", "cat --as traitor"},
	{"pass", "Decline: no Cat, or detected on an encounter", "pass --as traitor"},
	{"ssearch Z Z [Z]", "Sentry Search: the sentry in Z walks 1 or 2 zones", "ssearch YA4 YA5 YA6 --as guard"},
	{"psearch Z Z [Z] [/F]", "Patrol Search: the patrol in Z walks 1 or 2 zones", "psearch YA3 YA4 --as guard"},
	{"awaken Z [Z [Z]]", "Awaken a sleeping guard in barracks Z (or a drunk)", "awaken YA10 YA9 --as guard"},
	{"kenjutsu [Z WHO] [N]", "Attack: guards name zone and intruder, intruders N", "kenjutsu YA4 ninja --as guard"},
	{"march [Z/N...]", "Patrol phase: the patrols march; fork choices; a strike may follow", "march YA3/YA11 --as guard"},
	{"reinforce CARD:N... sleep Z..", "The decoy bonus: cards back and sleeping guards", "reinforce ssearch:2 sleep YA2 --as guard"},
	{"remove Z", "20 guards: remove one to place the hidden sentry", "remove YA4 --as guard"},
	{"keep", "20 guards: place no hidden sentry", "keep --as guard"},
	{"done", "End your phase or turn; before the march: march, then no Kenjutsu", "done --as guard"},
	{"move Z", "Intruder: one step to an adjacent zone", "move CA2 --as ninja"},
	{"rope Z", "Intruder: hook a Rope over the wall to Z and climb", "rope CA4 --as ninja"},
	{"walk", "Ninja: Shadow Walk past the lone sentry here", "walk --as ninja"},
	{"sake", "Traitor: Potent Sake on the lone sentry here", "sake --as traitor"},
	{"shuriken Z", "Ninja: Shuriken at a lone sentry here or next door", "shuriken YA4 --as ninja"},
	{"search Z [Z]", "Intruder: search zones moved into or out of", "search CA2 CA3 --as ninja"},
	{"leave", "Intruder: leave the board from an edge zone", "leave --as ninja"},
}

func newScorpionVerbCmd(io *IOStreams, v scorpionVerb) *cobra.Command {
	f := &sessionFlags{}
	free := false
	verb, _, _ := strings.Cut(v.use, " ")
	c := &cobra.Command{
		Use:               v.use,
		Short:             v.short,
		Example:           "  ninjakit companion scorpion " + v.example,
		Args:              cobra.ArbitraryArgs,
		ValidArgsFunction: completeScorpionWords(verb),
		RunE: func(_ *cobra.Command, args []string) error {
			if free {
				args = append(args, "free")
			}
			return scorpionAction(io, f, append([]string{verb}, args...))
		},
	}
	// A listen plays its card; --free takes the free listen instead.
	if verb == "listen" || verb == "plisten" {
		c.Flags().BoolVar(&free, "free", false, "take the free listen (no card played this turn, none after it) instead of playing the card")
	}
	f.add(c, true)
	c.Flags().Lookup("as").Usage = "who acts: " + scorpionRoles
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

const scorpionRoles = "guard|sword|spear|ninja|traitor"

func newScorpionActCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "act WORDS...",
		Short: "Any action as one line of table words",
		Example: "  ninjakit companion scorpion act move CA2 --as ninja\n" +
			"  ninjakit companion scorpion act 'draw sword:1 spear:1' --as sword",
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: completeScorpionWords(""),
		RunE: func(_ *cobra.Command, args []string) error {
			return scorpionAction(io, f, strings.Fields(strings.Join(args, " ")))
		},
	}
	f.add(c, true)
	c.Flags().Lookup("as").Usage = "who acts: " + scorpionRoles
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

// scorpionResult is what an action prints with --json.
type scorpionResult struct {
	Told       []string       `json:"told"`
	Commitment *sc.SealPublic `json:"commitment,omitempty"`
	Status     sc.Status      `json:"status"`
}

// scorpionAction checks and logs one action typed by the --as role, then
// tells it as that role may read it. A refusal stores nothing.
func scorpionAction(io *IOStreams, f *sessionFlags, words []string) error {
	a, err := engine.ParseAction(strings.Join(words, " "))
	if err != nil {
		return usageError{err}
	}
	return actOnTable(io, sc.Game, f, sc.Replay,
		func(t *sc.Table, r sc.Role) (companion.Event, error) { return t.Act(r, a) },
		func(t *sc.Table, r sc.Role) error {
			res := scorpionResult{Told: t.Last(r), Status: t.Status(r)}
			if s := t.Log[len(t.Log)-1].Sealed; s != nil {
				p := s.Public()
				res.Commitment = &p
			}
			if f.JSON {
				return writeJSON(io.Out, res)
			}
			for _, l := range res.Told {
				fmt.Fprintln(io.Out, l)
			}
			if res.Commitment != nil {
				writeCommitment(io.Out, *res.Commitment, false)
			}
			fmt.Fprint(io.Out, res.Status.Brief())
			return nil
		})
}

// writeCommitment prints a commitment to write down, and its QR code when
// the output is a terminal (or qr asks for it).
func writeCommitment(w io.Writer, p sc.SealPublic, qr bool) {
	fmt.Fprintf(w, "The %s' commitment (write it down): %s\n", p.Side, p.Short)
	if f, ok := w.(*os.File); qr || ok && term.IsTerminal(f.Fd()) {
		commit.QR(w, p.Short)
	}
}

type scorpionNewOptions struct {
	Session, Map, PrivateSeed string
	Guards                    int
	Bots                      []string
	JSON                      bool
}

func newScorpionNewCmd(io *IOStreams) *cobra.Command {
	o := &scorpionNewOptions{}
	c := &cobra.Command{
		Use:   "new [NAME] --guards 1|2 [--map FILE]",
		Short: "Start a game session; the missions are drawn now",
		Example: "  ninjakit companion scorpion new castle --guards 1\n" +
			"  ninjakit companion scorpion new --guards 2 --map board.json\n" +
			"  ninjakit companion scorpion new solo --guards 1 --bot guard=easy",
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if err := sessionArg(args, &o.Session); err != nil {
				return err
			}
			return runScorpionNew(io, o)
		},
	}
	fl := c.Flags()
	fl.StringVar(&o.Session, "session", "", "name for the session (default: scorpion-N)")
	fl.IntVar(&o.Guards, "guards", 0, "guard players: 1 (guard) or 2 (sword and spear)")
	fl.StringVar(&o.Map, "map", "", "a Scorpion Clan data file with your board (default: built in)")
	fl.StringVar(&o.PrivateSeed, "private-seed", "", "seed of the missions and draws (default: random)")
	fl.StringArrayVar(&o.Bots, "bot", nil, "a role the companion plays, as ROLE or ROLE=LEVEL (random, easy, normal, hard; default normal); a bot plays a whole side; repeatable")
	fl.BoolVar(&o.JSON, "json", false, "print as JSON")
	return c
}

// maxMapFile bounds a --map file: the built-in one is about 20 KB.
const maxMapFile = 1 << 20

func runScorpionNew(io *IOStreams, o *scorpionNewOptions) error {
	if o.Guards == 0 {
		return usagef("--guards: say how many guard players: 1 (guard) or 2 (sword and spear)")
	}
	var file []byte
	if o.Map != "" {
		fi, err := os.Stat(o.Map)
		switch {
		case err != nil:
			return usagef("--map: %v", err)
		case !fi.Mode().IsRegular():
			return usagef("--map: %s is not a regular file", o.Map)
		case fi.Size() > maxMapFile:
			return usagef("--map: %s is larger than %d KiB: not a Scorpion Clan data file", o.Map, maxMapFile>>10)
		}
		if file, err = os.ReadFile(o.Map); err != nil {
			return usagef("--map: %v", err)
		}
	}
	opts, err := sc.NewOptions(o.Guards, file)
	if err != nil {
		return usageError{err}
	}
	if opts, err = opts.WithBots(o.Bots); err != nil {
		return usageError{err}
	}
	seed, err := sessionSeed(o.PrivateSeed)
	if err != nil {
		return err
	}
	name, t, err := startSession(o.Session, sc.Game, opts, seed, sc.Start)
	if err != nil {
		return err
	}
	st := t.Status(sc.TableRole)
	if o.JSON {
		if err := writeJSON(io.Out, struct {
			Session string    `json:"session"`
			Roles   []string  `json:"roles"`
			Bots    []string  `json:"bots,omitempty"`
			Status  sc.Status `json:"status"`
		}{name, opts.Roles(), opts.BotNames(), st}); err != nil {
			return err
		}
		return tellBots(io, true, sc.Game, name, botPlayers[sc.Game])
	}
	fmt.Fprintf(io.Out, "Started session %s: roles %s.\n", name, strings.Join(opts.Roles(), ", "))
	fmt.Fprint(io.Out, st.Text())
	if len(opts.Bots) > 0 {
		fmt.Fprintf(io.Out, "The companion plays the %s: %s.\nIt keeps their secrets; they act after each command.\n",
			sideOfBots(opts), strings.Join(opts.BotNames(), ", "))
	}
	return tellBots(io, false, sc.Game, name, botPlayers[sc.Game])
}

// sideOfBots names the side the bots play.
func sideOfBots(o sc.Options) string {
	if o.Bots[0].Seat < o.Guards {
		return "guards"
	}
	return "intruders"
}

// scorpionAfterBots shows where the game stands once bots acted.
func scorpionAfterBots(io *IOStreams, s companion.Session) error {
	t, err := sc.Replay(s)
	if err != nil {
		return err
	}
	fmt.Fprint(io.Out, t.Status(sc.TableRole).Brief())
	return nil
}

func newScorpionStatusCmd(io *IOStreams) *cobra.Command {
	c := newStatusCmd(io, sc.Game, "status [--as ROLE]", "Board, alert, turn and phase; your hand and secrets with --as",
		"  ninjakit companion scorpion status --as ninja\n  ninjakit companion scorpion status --as guard --json", sc.Replay, (*sc.Table).Status)
	c.Flags().Lookup("as").Usage = "who looks: table, " + scorpionRoles + "|moderator"
	return c
}

// newScorpionLogCmd lists the game so far; an action's later lines are
// indented under its first.
func newScorpionLogCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "log",
		Short:   "List the actions so far, as a role may read them",
		Example: "  ninjakit companion scorpion log --as guard\n  ninjakit companion scorpion log --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return viewTable(sc.Game, f, sc.Replay, func(t *sc.Table, r sc.Role) error {
				ls := t.LogLines(r)
				if f.JSON {
					return writeJSON(io.Out, append([]companion.LogLine{}, ls...))
				}
				fmt.Fprint(io.Out, sc.LogText(ls))
				return nil
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

func newScorpionMovesCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "moves [VERB] --as ROLE",
		Short: "What a role may type now, grouped with counts",
		Example: "  ninjakit companion scorpion moves --as guard\n  ninjakit companion scorpion moves ssearch --as guard\n" +
			"  ninjakit companion scorpion moves --as ninja --json",
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			return viewTable(sc.Game, f, sc.Replay, func(t *sc.Table, r sc.Role) error {
				ml := t.Moves(r)
				if len(args) == 1 {
					var err error
					if ml, err = ml.Only(args[0]); err != nil {
						return usageError{err}
					}
				}
				if f.JSON {
					return writeJSON(io.Out, ml)
				}
				fmt.Fprint(io.Out, ml.Text(len(args) == 1))
				return nil
			})
		},
	}
	f.add(c, true)
	c.Flags().Lookup("as").Usage = "who acts: " + scorpionRoles
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

func newScorpionCommitmentCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	var qr bool
	c := &cobra.Command{
		Use:     "commitment",
		Short:   "Print the sides' commitments again (public), with --qr as QR codes",
		Example: "  ninjakit companion scorpion commitment\n  ninjakit companion scorpion commitment --qr",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return viewTable(sc.Game, f, sc.Replay, func(t *sc.Table, _ sc.Role) error {
				ps := t.Commitments()
				if f.JSON {
					return writeJSON(io.Out, append([]sc.SealPublic{}, ps...))
				}
				if len(ps) == 0 && qr {
					return errors.New("no QR code to draw: no side is ready yet, and a commitment is made when a side's set-up is final (ready)")
				}
				if len(ps) == 0 {
					fmt.Fprintln(io.Out, "No side is ready yet: a commitment is printed when a side's set-up is final.")
				}
				for _, p := range ps {
					writeCommitment(io.Out, p, qr)
				}
				return nil
			})
		},
	}
	f.add(c, false)
	c.Flags().BoolVar(&qr, "qr", false, "draw each as a QR code, also when not on a terminal")
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON (with the full hashes)")
	return c
}

func newScorpionRevealCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "reveal",
		Short: "After the game: what opens each side's commitment",
		Long: `Once the game is over, print each side's committed set-up (its canonical
text) and salt, with the commitment. Anyone can then check it on any
machine: ninjakit companion scorpion verify COMMITMENT REVEAL, or feed this
output to verify - . Before the end it is refused, for every role (ruling
C-17).`,
		Example: "  ninjakit companion scorpion reveal\n  ninjakit companion scorpion reveal --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return viewTable(sc.Game, f, sc.Replay, func(t *sc.Table, _ sc.Role) error {
				rs, err := t.Reveals()
				if err != nil {
					return fmt.Errorf("%w: %v", rules.ErrIllegal, err)
				}
				if f.JSON {
					return writeJSON(io.Out, rs)
				}
				for _, r := range rs {
					fmt.Fprintf(io.Out, "The %s' commitment: %s\n", r.Side, r.Short)
					fmt.Fprintf(io.Out, "The %s' reveal: %s\n", r.Side, r.Reveal)
				}
				fmt.Fprintln(io.Out, "Check: ninjakit companion scorpion verify COMMITMENT REVEAL (or verify - < this)")
				return nil
			})
		},
	}
	f.add(c, false)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

// verifyResult is one commitment checked, as --json prints it.
type verifyResult struct {
	Commitment string `json:"commitment"`
	Match      bool   `json:"match"`
	Part       string `json:"part,omitempty"`
	Reason     string `json:"reason,omitempty"`
}

func newScorpionVerifyCmd(io *IOStreams) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "verify COMMITMENT REVEAL... | verify -",
		Short: "Check a revealed set-up against its commitment; no session needed",
		Long: `Recompute a commitment from a reveal (side letter, salt and set-up text, as
reveal prints it) and say whether they match, or which part fails: the
commitment (malformed or cut short), the reveal (malformed), the side, or
the set-up and salt (changed since they were sealed). With - it reads
reveal's output from standard input and checks every side in it.`,
		Example: "  ninjakit companion scorpion verify G-3F2A-91BC-77D0-E41A-0C5B G 0f1e sleep\n" +
			"  ninjakit companion scorpion verify -",
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			pairs := [][2]string{}
			if len(args) == 1 && args[0] == "-" {
				var err error
				if pairs, err = revealPairs(io.In); err != nil {
					return err
				}
			} else {
				if len(args) < 2 {
					return usagef("verify needs the commitment, then the reveal (side letter, salt, set-up)")
				}
				pairs = append(pairs, [2]string{args[0], strings.Join(args[1:], " ")})
			}
			var out []verifyResult
			failed := 0
			for _, p := range pairs {
				v := verifyResult{Commitment: strings.TrimSpace(p[0]), Match: true}
				if err := commit.Verify(p[0], p[1]); err != nil {
					var m *commit.Mismatch
					errors.As(err, &m)
					v.Match, v.Part, v.Reason = false, m.Part, m.Reason
					failed++
				}
				out = append(out, v)
			}
			if asJSON {
				if err := writeJSON(io.Out, out); err != nil {
					return err
				}
			} else {
				for _, v := range out {
					if v.Match {
						fmt.Fprintf(io.Out, "%s: match\n", v.Commitment)
					}
				}
			}
			for _, v := range out {
				if !v.Match {
					return fmt.Errorf("%s does not match: %s: %s", v.Commitment, v.Part, v.Reason)
				}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print as JSON")
	return c
}

// revealPairs reads reveal's text output: each "commitment:" line and the
// "reveal:" line of the same side after it.
func revealPairs(in io.Reader) ([][2]string, error) {
	var pairs [][2]string
	var pending string
	lines := bufio.NewScanner(io.LimitReader(in, 1<<20))
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		_, val, ok := strings.Cut(lines.Text(), ": ")
		switch line := lines.Text(); {
		case !ok:
		case strings.Contains(line, "commitment"):
			pending = val
		case strings.Contains(line, "reveal") && pending != "":
			pairs = append(pairs, [2]string{pending, val})
			pending = ""
		}
	}
	if err := lines.Err(); err != nil {
		return nil, err
	}
	if len(pairs) == 0 {
		return nil, usagef("verify -: no commitment followed by its reveal on standard input (give it reveal's output)")
	}
	return pairs, nil
}

// newScorpionUndoCmd takes back the last action, for its own side (or the
// moderator) only: the other side may not even know what it was.
func newScorpionUndoCmd(io *IOStreams) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:   "undo --as ROLE",
		Short: "Take back your side's last action if it showed nobody anything",
		Long: `Take back the last action, if it is one of your side's (the moderator may
take back any). An action that told anyone something new cannot be taken
back: a draw, a listen, a search, a guard's move (it shows the zones it
crossed are empty), an encounter, a shown mission (ruling C-18).`,
		Example: "  ninjakit companion scorpion undo --as ninja\n  ninjakit companion scorpion undo --as guard",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return undoLast(io, sc.Game, f, sc.Replay, (*sc.Table).MayUndo, (*sc.Table).Undone)
		},
	}
	f.add(c, true)
	c.Flags().Lookup("as").Usage = "who takes back: " + scorpionRoles + "|moderator"
	return c
}
