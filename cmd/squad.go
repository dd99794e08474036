package cmd

import (
	"io"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate"
	gen "github.com/ninjakit/ninjakit/generate/squad"
	"github.com/ninjakit/ninjakit/layouts"
	squadpdf "github.com/ninjakit/ninjakit/layouts/squad"
	"github.com/spf13/cobra"
)

type generateSquadOptions struct {
	IO       *IOStreams
	Players  int
	Seed     string
	Balanced bool
	Mode     string
	Out      setupOutput
}

func newGenerateSquadCmd(io *IOStreams, runF func(*generateSquadOptions) error) *cobra.Command {
	o := &generateSquadOptions{IO: io}
	c := &cobra.Command{
		Use:     "squad --players N",
		Aliases: []string{"ninja-squad"},
		Short:   "Random Ninja Squad deck split (2-4 players) with its rotation table",
		Long: `Shuffles the 60 Movement cards into four decks of 12 and sets 12 aside,
hands the decks to the players and the Interchange piles, picks the first
player and lists which deck every holder has in each Movement Phase. Prints
the split and writes a PDF sheet with the cards' routes and a QR share code
that rebuilds it, to squad-CODE.pdf unless -o names another file.

--balanced deals decks of near-equal movement value (forward reach, leaps
and sideways options of their routes). --mode full deals the Midnight Raid
and, with a fresh shuffle, the Dawn Escape.`,
		Example: `  ninjakit generate squad --players 3 -o split.pdf
  ninjakit generate squad --players 2 --balanced --mode full --paper letter
  ninjakit generate squad --players 4 --seed 2026 --json`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runF(o)
		},
	}
	f := c.Flags()
	f.IntVar(&o.Players, "players", 0, "number of players, 2 to 4 (required)")
	f.StringVar(&o.Seed, "seed", "", "public seed, 0 to 1099511627775 (default: random)")
	f.BoolVar(&o.Balanced, "balanced", false, "deal decks of near-equal movement value")
	f.StringVar(&o.Mode, "mode", "raid", "raid, escape or full (both parts)")
	addSetupOutputFlags(c, &o.Out)
	f.Lookup("output").Usage += "; default squad-CODE.pdf"
	_ = c.MarkFlagRequired("players")
	return c
}

func runGenerateSquad(o *generateSquadOptions) error {
	mode, err := gen.ParseMode(o.Mode)
	if err != nil {
		return usageError{err}
	}
	opts := gen.Options{Players: o.Players, Balanced: o.Balanced, Mode: mode, Seed: generate.RandomSeed()}
	if o.Seed != "" {
		if opts.Seed, err = generate.ParseSeed(o.Seed); err != nil {
			return usageError{err}
		}
	}
	s, err := gen.Generate(data.DefaultSquad(), opts)
	if err != nil {
		return usageError{err}
	}
	o.Out.DefaultFile = true
	return writeSquad(o.IO, o.Out, s)
}

// writeSquad prints a split as text or JSON and writes its PDF sheet.
func writeSquad(streams *IOStreams, o setupOutput, s *gen.Setup) error {
	if err := o.check(); err != nil {
		return err
	}
	v := s.View(o.ShareURL)
	return o.emit(streams, printedSetup{File: "squad-" + v.Code + ".pdf", View: v, Text: v.Text(),
		Sheet: func(paper layouts.Paper) (func(io.Writer) error, error) {
			sheet, err := v.Sheet(data.DefaultSquad(), paper)
			return func(w io.Writer) error { return squadpdf.RenderSplitSheet(w, sheet) }, err
		}})
}
