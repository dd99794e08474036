package cmd

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/ninjakit/ninjakit/layouts"
	blindpdf "github.com/ninjakit/ninjakit/layouts/blind"
	"github.com/spf13/cobra"
)

type generateBlindOptions struct {
	IO      *IOStreams
	Players int
	Names   []string
	Turns   int
	Pages   int
	Paper   string
	Output  string
}

func newGenerateBlindCmd(io *IOStreams, runF func(*generateBlindOptions) error) *cobra.Command {
	o := &generateBlindOptions{IO: io}
	c := &cobra.Command{
		Use:     "blind --players N",
		Aliases: []string{"what-blind-ninjas"},
		Short:   "What Blind Ninjas scoring pads (2-4 players) to play with a pencil",
		Long: `Writes a pad for every player, named by --names or else by stash colour
(Red, Yellow, Green, Blue): a main page with the big grid (4 x 8 for two
players, 8 x 8 for three or four), the slash log and the tally of games
won, then pages of small turn grids to draw your ninjas and the slashes you
heard each turn. The slash log has a row for every turn, on pages of its
own when the main page is full. --pages repeats each pad for more games.
Writes blind-pads-NAMES.pdf (with the turns, sets and paper when they are
not the defaults) unless -o names another file, so pads for another table
never replace these.`,
		Example: `  ninjakit generate blind --players 2 -o pads.pdf
  ninjakit generate blind --players 3 --names ann,bob,cy --turns 30
  ninjakit generate blind --players 4 --pages 2 --paper letter`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runF(o)
		},
	}
	f := c.Flags()
	f.IntVar(&o.Players, "players", 0, "number of players, 2 to 4 (required)")
	f.StringSliceVar(&o.Names, "names", nil, "players' names, comma-separated, one per player")
	f.IntVar(&o.Turns, "turns", blindpdf.DefaultTurns, fmt.Sprintf("turn grids per pad, 1 to %d", blindpdf.MaxTurns))
	f.IntVar(&o.Pages, "pages", 1, fmt.Sprintf("sets of pages per player, 1 to %d", blindpdf.MaxPages))
	f.StringVar(&o.Paper, "paper", "a4", "a4, letter or any (fits both)")
	f.StringVarP(&o.Output, "output", "o", "", "PDF file, - for stdout (default blind-pads-NAMES.pdf)")
	_ = c.MarkFlagRequired("players")
	return c
}

func runGenerateBlind(o *generateBlindOptions) error {
	paper, err := layouts.ParsePaper(o.Paper)
	if err != nil {
		return usageError{err}
	}
	pads, err := blindpdf.Plan(blindpdf.Options{Players: o.Players, Names: o.Names, Turns: o.Turns, Pages: o.Pages, Paper: paper})
	if err != nil {
		return usageError{err}
	}
	if o.Output == "" {
		o.Output = blindPadsFile(pads)
	}
	if err := writePDF(o.IO.Out, o.Output, publicOutput, func(w io.Writer) error { return pads.Render(w) }); err != nil {
		return err
	}
	if o.Output != "-" {
		cols, rows := blindpdf.ColumnLabels(pads.Cols), blindpdf.RowLabels(pads.Rows)
		fmt.Fprintf(o.IO.Out, "Wrote %s: %d pages, %d per player\n", o.Output, len(pads.Pages), len(pads.Pages)/o.Players)
		fmt.Fprintf(o.IO.Out, "  Grid: columns %s-%s, rows %s-%s, a starting edge per pad; %d turn grids a pad\n",
			cols[0], cols[len(cols)-1], rows[0], rows[len(rows)-1], o.Turns)
		fmt.Fprintf(o.IO.Out, "  Slash log: %d rows a pad, one for every turn at least\n", pads.LogRows())
		fmt.Fprintf(o.IO.Out, "  Pads: %s\n", strings.Join(pads.Players, ", "))
	}
	return nil
}

// blindPadsFile names a pad set by what sets it apart: its players, and
// its turns, sets and paper where they are not the defaults.
func blindPadsFile(p *blindpdf.Pads) string {
	parts := append([]string{"blind-pads"}, p.Players...)
	if p.Turns != blindpdf.DefaultTurns {
		parts = append(parts, fmt.Sprintf("%dturns", p.Turns))
	}
	if p.Options.Pages > 1 {
		parts = append(parts, fmt.Sprintf("%dsets", p.Options.Pages))
	}
	if p.Paper != layouts.PaperA4 {
		parts = append(parts, p.Paper.String())
	}
	return fileSlug(parts...) + ".pdf"
}

// fileSlug joins words into a file name that any file system and shell
// takes: letters and digits lower-cased, anything else one dash.
func fileSlug(words ...string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.Join(words, "-")) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && sb.Len() > 0 {
				sb.WriteByte('-')
			}
			sb.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return sb.String()
}
