package cmd

import (
	"strings"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	squadgen "github.com/ninjakit/ninjakit/generate/squad"
	"github.com/spf13/cobra"
)

func newSetupCmd(io *IOStreams) *cobra.Command {
	c := &cobra.Command{
		Use:   "setup",
		Short: "Rebuild a setup from its share code",
		Example: `  ninjakit setup show 24R0-00000-058Y4
  ninjakit setup pdf 24R0-00000-058Y4 -o setup.pdf`,
	}
	c.AddCommand(newSetupShowCmd(io, runSetup), newSetupPDFCmd(io, runSetup))
	return gameGroup(c)
}

// codeArgs takes the share code, allowing it to be typed with spaces.
func codeArgs(_ *cobra.Command, args []string) error {
	if len(args) == 0 {
		return usagef("give the share code printed on the setup sheet")
	}
	return nil
}

type setupOptions struct {
	IO       *IOStreams
	Code     string
	DataFile string
	Out      setupOutput
}

func newSetupShowCmd(io *IOStreams, runF func(*setupOptions) error) *cobra.Command {
	o := &setupOptions{IO: io}
	c := &cobra.Command{
		Use:   "show CODE",
		Short: "Print the setup a share code (or scanned QR text, or share URL) stands for",
		Example: `  ninjakit setup show 24R2-NF5TF-A3H5W
  ninjakit setup show 28RR-00000-09PA7
  ninjakit setup show https://example.org/s/24R2-NF5TF-A3H5W --json`,
		Args: codeArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			o.Code = strings.Join(args, " ")
			return runF(o)
		},
	}
	c.Flags().StringVar(&o.DataFile, "data", "", "the data file the code was made with, if not the built-in one")
	c.Flags().BoolVar(&o.Out.JSON, "json", false, "print the setup as JSON")
	return c
}

func newSetupPDFCmd(io *IOStreams, runF func(*setupOptions) error) *cobra.Command {
	o := &setupOptions{IO: io}
	c := &cobra.Command{
		Use:     "pdf CODE -o FILE",
		Short:   "Print the setup sheet of a share code again",
		Example: `  ninjakit setup pdf 24R2-NF5TF-A3H5W -o setup.pdf`,
		Args:    codeArgs,
		RunE: func(_ *cobra.Command, args []string) error {
			o.Code = strings.Join(args, " ")
			return runF(o)
		},
	}
	c.Flags().StringVar(&o.DataFile, "data", "", "the data file the code was made with, if not the built-in one")
	addSetupOutputFlags(c, &o.Out)
	_ = c.MarkFlagRequired("output")
	return c
}

func runSetup(o *setupOptions) error {
	code, err := generate.ParseCode(o.Code)
	if err != nil {
		return usageError{err}
	}
	if o.Out.ShareURL == "" {
		o.Out.ShareURL = urlBase(o.Code, code)
	}
	switch code.Game {
	case generate.GameBlades:
	case generate.GameSquad:
		if o.DataFile != "" {
			return usagef("--data: Ninja Squad splits are made from the built-in data only")
		}
		s, err := squadgen.FromCode(data.DefaultSquad(), code)
		if err != nil {
			return usageError{err}
		}
		return writeSquad(o.IO, o.Out, s)
	default:
		return usagef("share code %s is for %s, which has no printed setup yet", code, code.Game)
	}
	r, tag, err := loadBladesRules(o.DataFile)
	if err != nil {
		return err
	}
	s, err := gen.FromCode(r, code, tag)
	if err != nil {
		return err
	}
	return o.Out.write(o.IO, r, s)
}

// urlBase keeps the address of a scanned share URL so that a sheet printed
// again carries the same QR payload.
func urlBase(input string, code generate.Code) string {
	input = strings.TrimSpace(input)
	i := strings.LastIndex(input, "/")
	if i < 0 || !webURL(input[:i]) {
		return ""
	}
	if c, err := generate.ParseCode(input[i+1:]); err != nil || c != code {
		return ""
	}
	return input[:i]
}
