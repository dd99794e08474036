package cmd

import (
	"github.com/ninjakit/ninjakit/generate"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/spf13/cobra"
)

func newGenerateCmd(io *IOStreams) *cobra.Command {
	c := &cobra.Command{
		Use:   "generate <game>",
		Short: "Make printable PDFs: random setups, print-and-play kits, test pages",
		Example: `  ninjakit generate blades --players 3 -o setup.pdf
  ninjakit generate blades --players 4 --seed 2026 --json
  ninjakit generate kit knights --backs long
  ninjakit generate calibration`,
	}
	c.AddCommand(newGenerateBladesCmd(io, runGenerateBlades), newGenerateSquadCmd(io, runGenerateSquad), newGenerateScorpionCmd(io, runGenerateScorpion),
		newGenerateBlindCmd(io, runGenerateBlind), newKitCmd(io), newCardsCmd(io), newCalibrationCmd(io))
	return gameGroup(c)
}

type generateBladesOptions struct {
	IO          *IOStreams
	Players     int
	Seed        string
	PrivateSeed string
	Cards       string
	DataFile    string
	Balanced    bool
	// Session, when set, also starts a companion session with this deal.
	Session string
	Out     setupOutput
}

func newGenerateBladesCmd(io *IOStreams, runF func(*generateBladesOptions) error) *cobra.Command {
	o := &generateBladesOptions{IO: io}
	c := &cobra.Command{
		Use:     "blades --players N",
		Aliases: []string{"flying-blades", "house", "temple"},
		Short:   "Random House (2-3 players) or Temple (4-5) of the Flying Blades setup",
		Long: `Shuffles the ninjas onto the board, seats the dojos, picks the first player
and, with --cards dealt or open, deals the Special Attack cards. Prints the
setup and writes a PDF setup sheet with a QR share code that rebuilds it,
to blades-CODE.pdf unless -o names another file.

Card choices: hidden (you deal the real deck), dealt (ninjakit deals hidden
hands onto private slips in the PDF), open (open-hands variant, dealt in
public), none (play without cards).

--balanced draws candidate setups from the seed (the seed's own setup
first), plays each in easy bot self-play on every core, and keeps the one
whose seats win most evenly; the sheet, the text and --json give each
seat's estimated win rate with its 95% interval. Its share code is the
kept setup's own, so the code rebuilds it without simulating again.`,
		Example: `  ninjakit generate blades --players 3 -o setup.pdf
  ninjakit generate blades --players 5 --cards dealt --paper letter -o t.pdf
  ninjakit generate blades --players 4 --seed 12345 --json
  ninjakit generate blades --players 3 --balanced --seed 7`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runF(o)
		},
	}
	f := c.Flags()
	f.IntVar(&o.Players, "players", 0, "number of players, 2 to 5 (required)")
	f.StringVar(&o.Seed, "seed", "", "public seed, 0 to 1099511627775 (default: random)")
	f.StringVar(&o.PrivateSeed, "private-seed", "", "seed for hidden dealt hands, 0 to 18446744073709551615 (default: random; never in the share code)")
	f.StringVar(&o.Cards, "cards", "hidden", "hidden, dealt, open or none")
	f.StringVar(&o.DataFile, "data", "", "use this Flying Blades data file instead of the built-in one")
	f.BoolVar(&o.Balanced, "balanced", false, "draw candidate setups from the seed and keep the one whose seats win most evenly in easy bot self-play (a few seconds)")
	f.StringVar(&o.Session, "session", "", "also start a companion session of this name with the same setup and deal")
	addSetupOutputFlags(c, &o.Out)
	f.Lookup("output").Usage += "; default blades-CODE.pdf"
	_ = c.MarkFlagRequired("players")
	return c
}

func addSetupOutputFlags(c *cobra.Command, out *setupOutput) {
	f := c.Flags()
	f.StringVar(&out.Paper, "paper", "a4", "a4, letter or any (fits both)")
	f.StringVar(&out.ShareURL, "share-url", "", "base URL for the QR code: it then holds URL/CODE")
	f.StringVarP(&out.Output, "output", "o", "", "PDF file, - for stdout")
	f.BoolVar(&out.JSON, "json", false, "print the setup as JSON")
}

func runGenerateBlades(o *generateBladesOptions) error {
	cards, err := gen.ParseCards(o.Cards)
	if err != nil {
		return usageError{err}
	}
	opts := gen.Options{Players: o.Players, Cards: cards, Seed: generate.RandomSeed(), PrivateSeed: generate.RandomPrivateSeed()}
	if o.Seed != "" {
		if opts.Seed, err = generate.ParseSeed(o.Seed); err != nil {
			return usageError{err}
		}
	}
	if o.PrivateSeed != "" {
		if cards != gen.CardsDealt {
			return usagef("--private-seed only deals hidden hands (--cards dealt), and --cards %s has none", cards)
		}
		if opts.PrivateSeed, err = generate.ParsePrivateSeed(o.PrivateSeed); err != nil {
			return usageError{err}
		}
	}
	r, tag, err := loadBladesRules(o.DataFile)
	if err != nil {
		return err
	}
	opts.DataTag = tag
	s, err := generateBladesSetup(r, opts, o.Balanced)
	if err != nil {
		return usageError{err}
	}
	o.Out.Slips = cards == gen.CardsDealt
	o.Out.DefaultFile = true
	if o.Session == "" {
		return o.Out.write(o.IO, r, s)
	}
	if tag != 0 {
		return usagef("--session: the companion plays on the built-in data only, so drop --data or --session")
	}
	return startSessionFromSetup(o.IO, o.Session, s, o.Out.JSON || o.Out.Output == "-", func() error { return o.Out.write(o.IO, r, s) })
}
