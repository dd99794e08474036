package cmd

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ninjakit/ninjakit/data"
	gen "github.com/ninjakit/ninjakit/generate/scorpion"
	"github.com/ninjakit/ninjakit/layouts"
	scorpionpdf "github.com/ninjakit/ninjakit/layouts/scorpion"
	"github.com/spf13/cobra"
)

type generateScorpionOptions struct {
	IO       *IOStreams
	Role     string
	Pages    int
	Paper    string
	DataFile string
	Output   string
}

func newGenerateScorpionCmd(io *IOStreams, runF func(*generateScorpionOptions) error) *cobra.Command {
	o := &generateScorpionOptions{IO: io}
	c := &cobra.Command{
		Use:     "scorpion [--role guard|intruder|all]",
		Aliases: []string{"scorpion-clan"},
		Short:   "Private map pads for Ninja: Legend of the Scorpion Clan",
		Long: `Prints the castle map as large as the page allows, one map a page, for each
side to mark in secret: the guards their sleeping guards, objectives, traps,
hidden sentries and guesses; the intruders their starts, ropes, the secret
passage and what their searches found. Each page has a 1 to 20 turn tally.
--role all prints a set for each side. Writes scorpion-pads.pdf, with the
role, pages, paper and map file in the name where they are not the
defaults (scorpion-pads-guard-5pages-letter.pdf), unless -o names another
file; --data takes your own map.`,
		Example: `  ninjakit generate scorpion
  ninjakit generate scorpion --role guard --pages 5 --paper letter
  ninjakit generate scorpion --data mymap.json -o pads.pdf`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runF(o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.Role, "role", "all", "guard, intruder or all (a set each)")
	f.IntVar(&o.Pages, "pages", 1, fmt.Sprintf("pages for each side, 1 to %d", scorpionpdf.MaxPadPages))
	f.StringVar(&o.Paper, "paper", "a4", "a4, letter or any (fits both)")
	f.StringVar(&o.DataFile, "data", "", "your Scorpion Clan data file (your map) instead of the built-in one")
	f.StringVarP(&o.Output, "output", "o", "", "PDF file, - for stdout (default scorpion-pads.pdf)")
	return c
}

func runGenerateScorpion(o *generateScorpionOptions) error {
	roles, err := scorpionpdf.ParseRoles(o.Role)
	if err != nil {
		return usageError{err}
	}
	if o.Pages < 1 || o.Pages > scorpionpdf.MaxPadPages {
		return usagef("--pages %d: print 1 to %d pages for each side", o.Pages, scorpionpdf.MaxPadPages)
	}
	paper, err := layouts.ParsePaper(o.Paper)
	if err != nil {
		return usageError{err}
	}
	if o.Output == "" {
		o.Output = scorpionPadsFile(o, paper)
	}
	d, err := gameData(o.DataFile, data.DefaultScorpion, data.LoadScorpion)
	if err != nil {
		return err
	}
	pads := scorpionpdf.Pads{Map: gen.MapContent(d), Roles: roles, Pages: o.Pages, Turns: d.Setup.Turns, Paper: paper}
	if err := writePDF(o.IO.Out, o.Output, publicOutput, func(w io.Writer) error { return scorpionpdf.RenderPads(w, pads) }); err != nil {
		return err
	}
	if o.Output != "-" {
		fmt.Fprintf(o.IO.Out, "Wrote %s: %d pages, %d x %d zone map on %s\n", o.Output, len(roles)*o.Pages, d.Map.Width, d.Map.Height, paper.Name)
	}
	return nil
}

// scorpionPadsFile names a pad set by what sets it apart from the default
// one, so a second set does not replace the first.
func scorpionPadsFile(o *generateScorpionOptions, paper layouts.Paper) string {
	parts := []string{"scorpion-pads"}
	if o.Role != "all" {
		parts = append(parts, o.Role)
	}
	if o.Pages > 1 {
		parts = append(parts, fmt.Sprintf("%dpages", o.Pages))
	}
	if paper != layouts.PaperA4 {
		parts = append(parts, paper.String())
	}
	if o.DataFile != "" {
		parts = append(parts, strings.TrimSuffix(filepath.Base(o.DataFile), filepath.Ext(o.DataFile)))
	}
	return fileSlug(parts...) + ".pdf"
}
