package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"

	"github.com/ninjakit/ninjakit/data"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/layouts"
	bladespdf "github.com/ninjakit/ninjakit/layouts/blades"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// loadBladesRules reads the built-in data, or a user's file, and returns the
// tag share codes carry so they are not read against other data.
func loadBladesRules(path string) (*engine.Rules, uint8, error) {
	if path == "" {
		return engine.DefaultRules(), 0, nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, fmt.Errorf("data file: %w", err)
	}
	d, err := data.LoadBlades(bytes.NewReader(raw))
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	r, err := engine.NewRules(d)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	return r, gen.DataTag(raw), nil
}

// setupOutput is how a setup leaves the program.
type setupOutput struct {
	Paper    string
	ShareURL string
	Output   string // PDF path, "-" for standard output, "" for none or the default
	JSON     bool
	// Slips prints private hand slips into the PDF and hands into JSON
	// (Flying Blades only).
	Slips bool
	// DefaultFile writes GAME-<CODE>.pdf when no -o is given (and no
	// --json: JSON alone writes no file).
	DefaultFile bool
}

// printedSetup is one game's setup as the shared writer needs it.
type printedSetup struct {
	File string // the PDF's name when no -o is given
	View any    // what --json prints
	Text string // what the terminal shows
	// Private: the PDF holds hidden hands, so only its owner may read it.
	Private bool
	// Sheet makes the renderer of the PDF on the chosen paper.
	Sheet func(layouts.Paper) (func(io.Writer) error, error)
}

// check refuses a PDF and JSON both on standard output, and a share URL a
// phone would not open as a web page.
func (o setupOutput) check() error {
	if o.Output == "-" && o.JSON {
		return usagef("-o - writes the PDF to standard output, so it cannot be combined with --json")
	}
	if o.ShareURL != "" && !webURL(o.ShareURL) {
		return usagef("--share-url %s: give an http:// or https:// address", rules.Quote(o.ShareURL))
	}
	return nil
}

// webURL reports whether s is an absolute http or https address with a host.
func webURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

// emit writes the setup's PDF sheet, then prints it as JSON or as text.
func (o setupOutput) emit(streams *IOStreams, p printedSetup) error {
	if o.Output == "" && o.DefaultFile && !o.JSON {
		o.Output = p.File
	}
	if o.Output != "" {
		paper, err := layouts.ParsePaper(o.Paper)
		if err != nil {
			return usageError{err}
		}
		render, err := p.Sheet(paper)
		if err != nil {
			return err
		}
		kind := publicOutput
		if p.Private {
			kind = privateOutput
		}
		if err := writePDF(streams.Out, o.Output, kind, render); err != nil {
			return err
		}
	}
	switch {
	case o.JSON:
		if o.Output != "" {
			// Standard output carries only the JSON.
			fmt.Fprintf(streams.ErrOut, "Wrote %s\n", o.Output)
		}
		enc := json.NewEncoder(streams.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(p.View)
	case o.Output != "-":
		fmt.Fprint(streams.Out, p.Text)
		if o.Output != "" {
			fmt.Fprintf(streams.Out, "Wrote %s\n", o.Output)
		}
	}
	return nil
}

func (o setupOutput) write(streams *IOStreams, r *engine.Rules, s *gen.Setup) error {
	if err := o.check(); err != nil {
		return err
	}
	v, err := s.View(r, o.ShareURL, o.Slips || s.Cards == gen.CardsOpen)
	if err != nil {
		return err
	}
	text := v.Text()
	if s.Cards == gen.CardsDealt && o.Slips {
		text += "Private hand slips: in the PDF after the setup page, to cut apart.\n"
	}
	return o.emit(streams, printedSetup{File: "blades-" + v.Code + ".pdf", View: v, Text: text,
		Private: s.Cards == gen.CardsDealt && o.Slips,
		Sheet: func(paper layouts.Paper) (func(io.Writer) error, error) {
			sheet, err := s.Sheet(r, v, paper, o.Slips)
			return func(w io.Writer) error { return bladespdf.RenderSheet(w, sheet) }, err
		}})
}
