package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	cb "github.com/ninjakit/ninjakit/companion/blades"
	"github.com/ninjakit/ninjakit/data"
	genblades "github.com/ninjakit/ninjakit/generate/blades"
	genknights "github.com/ninjakit/ninjakit/generate/knights"
	genscorpion "github.com/ninjakit/ninjakit/generate/scorpion"
	gensquad "github.com/ninjakit/ninjakit/generate/squad"
	"github.com/ninjakit/ninjakit/layouts"
	bladespdf "github.com/ninjakit/ninjakit/layouts/blades"
	knightspdf "github.com/ninjakit/ninjakit/layouts/knights"
	scorpionpdf "github.com/ninjakit/ninjakit/layouts/scorpion"
	squadpdf "github.com/ninjakit/ninjakit/layouts/squad"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/spf13/cobra"
)

// printFlags are the options every print-and-play PDF takes.
type printFlags struct {
	Paper      string
	CardSize   string
	Bleed      string
	Backs      string
	BackOffset string
	Scale      string
	Guides     bool
	Output     string
	JSON       bool
	DataFile   string
}

func addPrintFlags(c *cobra.Command, f *printFlags, backs string, cards bool) {
	fs := c.Flags()
	fs.StringVar(&f.Paper, "paper", "a4", "a4, letter or any (fits both)")
	fs.StringVar(&f.Backs, "backs", backs, "none, pages, long, short or fold")
	fs.StringVar(&f.BackOffset, "back-offset", "", "X,Y mm to move back pages (duplex drift)")
	fs.StringVar(&f.Scale, "scale", "", "X,Y factors for a printer that stretches")
	fs.StringVarP(&f.Output, "output", "o", "", "PDF file, - for stdout")
	if !cards {
		return
	}
	fs.StringVar(&f.CardSize, "card-size", "poker", "poker, bridge, mini or WxH in mm")
	fs.StringVar(&f.Bleed, "bleed", "", "mm of art past the cut (default 3 or 0)")
	fs.BoolVar(&f.Guides, "guides", false, "thin cut lines through the card block")
	fs.BoolVar(&f.JSON, "json", false, "list the pages and counts as JSON")
	fs.StringVar(&f.DataFile, "data", "", "your data file instead of the built-in one")
}

// print turns the flags into print options; each mistake is a usage error.
func (f printFlags) print() (layouts.Print, error) {
	p := layouts.DefaultPrint()
	var err error
	if p.Paper, err = layouts.ParsePaper(f.Paper); err != nil {
		return p, usageError{err}
	}
	if p.Backs, err = layouts.ParseBacks(f.Backs); err != nil {
		return p, usageError{err}
	}
	if f.Bleed != "" {
		b, err := strconv.ParseFloat(strings.TrimSpace(f.Bleed), 64)
		if err != nil || b < 0 {
			return p, usagef("--bleed %s: want millimetres, 0 or more", rules.Quote(f.Bleed))
		}
		p.Bleed = b
	}
	if f.BackOffset != "" {
		if p.BackOffset, err = layouts.ParsePair(f.BackOffset); err != nil {
			return p, usagef("--back-offset %w", err)
		}
	}
	if f.Scale != "" {
		if p.Scale, err = layouts.ParsePair(f.Scale); err != nil {
			return p, usagef("--scale %w", err)
		}
	}
	p.Guides = f.Guides
	if err := p.Validate(); err != nil {
		return p, usageError{err}
	}
	return p, nil
}

// kitGame is one game's print-and-play material.
type kitGame struct {
	name    string
	aliases []string
	title   string
	// build makes the whole kit, or with only set just those pieces.
	build func(dataFile string, paper layouts.Paper, size layouts.Size, only []string) (layouts.Kit, error)
}

var kitGames = []kitGame{
	{name: "blades", aliases: []string{"flying-blades", "house", "temple"}, title: "House and Temple of the Flying Blades", build: buildBladesKit},
	{name: "knights", aliases: []string{"knights-and-ninjas"}, title: "Of Knights and Ninjas", build: buildKnightsKit},
	{name: "squad", aliases: []string{"ninja-squad"}, title: "Ninja Squad", build: buildSquadKit},
	{name: "scorpion", aliases: []string{"scorpion-clan"}, title: "Ninja: Legend of the Scorpion Clan", build: buildScorpionKit},
}

func buildBladesKit(dataFile string, paper layouts.Paper, size layouts.Size, only []string) (layouts.Kit, error) {
	d, err := gameData(dataFile, data.DefaultBlades, data.LoadBlades)
	if err != nil {
		return layouts.Kit{}, err
	}
	c := genblades.KitContent(d)
	if only == nil {
		return bladespdf.Kit(c, paper, size)
	}
	var kinds []string
	for _, k := range c.Cards {
		kinds = append(kinds, k.Kind)
	}
	pick, extra, err := pickKinds(only, kinds, "counters")
	if err != nil {
		return layouts.Kit{}, err
	}
	c.Cards = slices.DeleteFunc(c.Cards, func(k bladespdf.KitCard) bool { return !pick[k.Kind] })
	k := layouts.Kit{Title: "Flying Blades – replacement pieces"}
	addSet(&k, bladespdf.CardSet(c, size))
	if extra {
		addSet(&k, bladespdf.CounterSet(c))
	}
	return k, nil
}

func buildKnightsKit(dataFile string, paper layouts.Paper, size layouts.Size, only []string) (layouts.Kit, error) {
	d, err := gameData(dataFile, data.DefaultKnights, data.LoadKnights)
	if err != nil {
		return layouts.Kit{}, err
	}
	c := genknights.KitContent(d)
	if only == nil {
		return knightspdf.Kit(c, paper, size)
	}
	var kinds []string
	for _, k := range c.Cards {
		kinds = append(kinds, k.Kind)
	}
	pick, extra, err := pickKinds(only, kinds, "gems")
	if err != nil {
		return layouts.Kit{}, err
	}
	c.Cards = slices.DeleteFunc(c.Cards, func(k knightspdf.KitCard) bool { return !pick[k.Kind] })
	k := layouts.Kit{Title: "Of Knights and Ninjas – replacement pieces"}
	addSet(&k, knightspdf.CardSet(c, size))
	if extra {
		addSet(&k, knightspdf.GemSet(c))
	}
	return k, nil
}

func buildSquadKit(dataFile string, paper layouts.Paper, size layouts.Size, only []string) (layouts.Kit, error) {
	d, err := gameData(dataFile, data.DefaultSquad, data.LoadSquad)
	if err != nil {
		return layouts.Kit{}, err
	}
	c := gensquad.KitContent(d)
	if only == nil {
		return squadpdf.Kit(c, paper, size)
	}
	pick, err := pickSquad(only, c)
	if err != nil {
		return layouts.Kit{}, err
	}
	k := layouts.Kit{Title: "Ninja Squad – replacement pieces"}
	addSet(&k, squadpdf.MovementSet(pick.content, size))
	for _, deck := range []string{squadpdf.DeckAlarm, squadpdf.DeckSenjutsu, squadpdf.DeckBuki} {
		addSet(&k, squadpdf.DeckSet(pick.content, deck, size))
	}
	if pick.tokens {
		addSet(&k, squadpdf.TokenSet(c))
	}
	if pick.track {
		k.Sections = append(k.Sections, layouts.Section{Title: "Alarm track", Pages: []layouts.Page{squadpdf.TrackPage(c)}})
	}
	return k, nil
}

func buildScorpionKit(dataFile string, paper layouts.Paper, size layouts.Size, only []string) (layouts.Kit, error) {
	d, err := gameData(dataFile, data.DefaultScorpion, data.LoadScorpion)
	if err != nil {
		return layouts.Kit{}, err
	}
	c := genscorpion.KitContent(d)
	if only == nil {
		return scorpionpdf.Kit(c, paper, size)
	}
	pick, err := pickScorpion(only, c)
	if err != nil {
		return layouts.Kit{}, err
	}
	k := layouts.Kit{Title: "Scorpion Clan – replacement pieces"}
	for _, deck := range []string{scorpionpdf.DeckNinja, scorpionpdf.DeckTraitor, scorpionpdf.DeckGuards} {
		addSet(&k, scorpionpdf.DeckSet(pick.content, deck, size))
	}
	if pick.missions {
		addSet(&k, scorpionpdf.MissionSet(c, size))
	}
	if pick.tokens {
		addSet(&k, scorpionpdf.TokenSet(c))
	}
	if pick.tracks {
		k.Sections = append(k.Sections, layouts.Section{Title: "Alert and turn tracks", Pages: []layouts.Page{scorpionpdf.TracksPage(c)}})
	}
	if pick.board {
		pages, err := scorpionpdf.BoardPages(c.Map, layouts.FreeArea(paper))
		if err != nil {
			return layouts.Kit{}, fmt.Errorf("board on %s paper: %w", paper.Name, err)
		}
		k.Sections = append(k.Sections, layouts.Section{Title: "Board", Pages: pages})
	}
	return k, nil
}

// scorpionPick is what --only chose of a Scorpion Clan kit: content holds
// only the chosen action cards.
type scorpionPick struct {
	content                         scorpionpdf.KitContent
	missions, tokens, tracks, board bool
}

// pickScorpion reads --only for the Scorpion Clan: a deck (ninja, traitor,
// guards), missions, tokens, tracks, board, or a card's name (in every
// deck that has it, or one deck's with DECK:NAME such as guards:kenjutsu).
func pickScorpion(only []string, c scorpionpdf.KitContent) (scorpionPick, error) {
	decks := map[string][]scorpionpdf.KitCard{scorpionpdf.DeckNinja: c.Ninja, scorpionpdf.DeckTraitor: c.Traitor, scorpionpdf.DeckGuards: c.Guards}
	order := []string{scorpionpdf.DeckNinja, scorpionpdf.DeckTraitor, scorpionpdf.DeckGuards}
	word := func(s string) string { return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), " ", "-") }
	var names []string
	for _, d := range order {
		for _, k := range decks[d] {
			if !slices.Contains(names, word(k.Name)) {
				names = append(names, word(k.Name))
			}
		}
	}
	choices := "ninja, traitor, guards, missions, tokens, tracks, board or a card (" + strings.Join(names, ", ") + "; deck:card for one deck's)"
	var p scorpionPick
	chosen := map[string]map[string]bool{}
	choose := func(deck, name string) bool {
		found := false
		for _, k := range decks[deck] {
			if name == "" || word(k.Name) == name || word(k.Name)+"s" == name {
				if chosen[deck] == nil {
					chosen[deck] = map[string]bool{}
				}
				chosen[deck][k.Name], found = true, true
			}
		}
		return found
	}
	for _, o := range only {
		w := word(o)
		deck, name, scoped := strings.Cut(w, ":")
		if deck == "guard" {
			deck = scorpionpdf.DeckGuards
		}
		found := true
		switch {
		case w == "":
			continue
		case w == "guard":
			found = choose(scorpionpdf.DeckGuards, "")
		case w == "missions" || w == "mission":
			p.missions = true
		case w == "tokens" || w == "token":
			p.tokens = true
		case w == "tracks" || w == "track":
			p.tracks = true
		case w == "board" || w == "map":
			p.board = true
		case decks[w] != nil:
			found = choose(w, "")
		case scoped && decks[deck] != nil:
			found = choose(deck, name)
		default:
			found = false
			for _, d := range order {
				found = choose(d, w) || found
			}
		}
		if !found {
			return scorpionPick{}, usagef("--only %s: choose from %s", rules.Quote(o), choices)
		}
	}
	if len(chosen) == 0 && !p.missions && !p.tokens && !p.tracks && !p.board {
		return scorpionPick{}, usagef("--only: name at least one of %s", choices)
	}
	p.content = c
	keep := func(deck string) []scorpionpdf.KitCard {
		return slices.DeleteFunc(slices.Clone(decks[deck]), func(k scorpionpdf.KitCard) bool { return !chosen[deck][k.Name] })
	}
	p.content.Ninja, p.content.Traitor, p.content.Guards = keep(scorpionpdf.DeckNinja), keep(scorpionpdf.DeckTraitor), keep(scorpionpdf.DeckGuards)
	return p, nil
}

// squadPick is what --only chose of a Ninja Squad kit: content holds only
// the chosen cards.
type squadPick struct {
	content       squadpdf.KitContent
	tokens, track bool
}

// pickSquad reads --only for Ninja Squad: a deck (movement, alarm,
// senjutsu, buki), a Movement card's number, a card kind (in every deck
// that has it, or one deck's with DECK:KIND such as buki:throwing-star),
// tokens, or track.
func pickSquad(only []string, c squadpdf.KitContent) (squadPick, error) {
	decks := map[string][]squadpdf.KitCard{squadpdf.DeckAlarm: c.Alarm, squadpdf.DeckSenjutsu: c.Senjutsu, squadpdf.DeckBuki: c.Buki}
	var words []string
	for _, d := range []string{squadpdf.DeckAlarm, squadpdf.DeckSenjutsu, squadpdf.DeckBuki} {
		for _, k := range decks[d] {
			if !slices.Contains(words, k.Kind) {
				words = append(words, k.Kind)
			}
		}
	}
	choices := "movement, alarm, senjutsu, buki, a Movement card number, tokens, track or a kind (" + strings.Join(words, ", ") + "; deck:kind for one deck's)"
	var p squadPick
	chosen := map[string]map[string]bool{}
	numbers := map[int]bool{}
	choose := func(deck, kind string) bool {
		for _, k := range decks[deck] {
			if kind == "" || k.Kind == kind || k.Kind+"s" == kind {
				if chosen[deck] == nil {
					chosen[deck] = map[string]bool{}
				}
				chosen[deck][k.Kind] = true
				if kind != "" {
					return true
				}
			}
		}
		return kind == ""
	}
	for _, o := range only {
		w := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(o)), " ", "-")
		deck, kind, scoped := strings.Cut(w, ":")
		n, numErr := strconv.Atoi(w)
		found := true
		switch {
		case w == "":
			continue
		case w == "tokens" || w == "token":
			p.tokens = true
		case w == "track" || w == "alarm-track":
			p.track = true
		case w == "movement":
			for _, m := range c.Movement {
				numbers[m.Number] = true
			}
		case numErr == nil:
			found = slices.ContainsFunc(c.Movement, func(m squadpdf.KitMovement) bool { return m.Number == n })
			numbers[n] = true
		case decks[w] != nil:
			choose(w, "")
		case scoped && decks[deck] != nil:
			found = choose(deck, kind)
		default:
			found = false
			for d := range decks {
				found = choose(d, w) || found
			}
		}
		if !found {
			return squadPick{}, usagef("--only %s: choose from %s", rules.Quote(o), choices)
		}
	}
	p.content = c
	p.content.Movement = slices.DeleteFunc(slices.Clone(c.Movement), func(m squadpdf.KitMovement) bool { return !numbers[m.Number] })
	keep := func(deck string) []squadpdf.KitCard {
		return slices.DeleteFunc(slices.Clone(decks[deck]), func(k squadpdf.KitCard) bool { return !chosen[deck][k.Kind] })
	}
	p.content.Alarm, p.content.Senjutsu, p.content.Buki = keep(squadpdf.DeckAlarm), keep(squadpdf.DeckSenjutsu), keep(squadpdf.DeckBuki)
	if len(numbers) == 0 && len(chosen) == 0 && !p.tokens && !p.track {
		return squadPick{}, usagef("--only: name at least one of %s", choices)
	}
	return p, nil
}

// gameData is the built-in data, or the user's file when path is set.
func gameData[T any](path string, builtin func() T, load func(io.Reader) (T, error)) (T, error) {
	if path == "" {
		return builtin(), nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("data file: %w", err)
	}
	d, err := load(bytes.NewReader(raw))
	if err != nil {
		var zero T
		return zero, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

// addSet adds a set of replacement pieces to k as its own section, unless
// --only left it empty.
func addSet(k *layouts.Kit, set layouts.Set) {
	if len(set.Pieces) > 0 {
		k.Sections = append(k.Sections, layouts.Section{Title: set.Title, Set: &set})
	}
}

// pickKinds reads --only: card kinds as the game names them, in any case,
// with spaces or dashes, plus one word for the game's tokens.
func pickKinds(only, kinds []string, tokens string) (pick map[string]bool, withTokens bool, err error) {
	pick = map[string]bool{}
	for _, o := range only {
		w := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(o)), " ", "-")
		switch {
		case w == "":
			continue
		case w == tokens || w+"s" == tokens:
			withTokens = true
		case slices.Contains(kinds, w):
			pick[w] = true
		case slices.Contains(kinds, strings.TrimSuffix(w, "s")):
			pick[strings.TrimSuffix(w, "s")] = true
		default:
			return nil, false, usagef("--only %s: choose from %s, %s", rules.Quote(o), strings.Join(kinds, ", "), tokens)
		}
	}
	if len(pick) == 0 && !withTokens {
		return nil, false, usagef("--only: name at least one of %s, %s", strings.Join(kinds, ", "), tokens)
	}
	return pick, withTokens, nil
}

func newKitCmd(io *IOStreams) *cobra.Command {
	c := &cobra.Command{
		Use:   "kit <game>",
		Short: "Print a game's whole print-and-play kit: boards, cards, tokens, aids",
		Example: `  ninjakit generate kit knights -o knights-kit.pdf
  ninjakit generate kit blades --paper any --backs long`,
	}
	for _, g := range kitGames {
		c.AddCommand(newKitGameCmd(io, g, false))
	}
	return gameGroup(c)
}

func newCardsCmd(io *IOStreams) *cobra.Command {
	c := &cobra.Command{
		Use:   "cards <game> --only KIND[,KIND]",
		Short: "Print some of a game's cards or tokens again, to replace lost ones",
		Example: `  ninjakit generate cards knights --only ninja,dragon
  ninjakit generate cards blades --only bomb,counters`,
	}
	for _, g := range kitGames {
		c.AddCommand(newKitGameCmd(io, g, true))
	}
	return gameGroup(c)
}

func newKitGameCmd(streams *IOStreams, g kitGame, cards bool) *cobra.Command {
	var f printFlags
	var only []string
	what, file := "kit", g.name+"-kit.pdf"
	if cards {
		what, file = "cards", g.name+"-cards.pdf"
	}
	c := &cobra.Command{
		Use:     g.name,
		Aliases: g.aliases,
		Short:   fmt.Sprintf("%s: print-and-play %s", g.title, what),
		Long: fmt.Sprintf(`Writes the print-and-play %s of %s
to %s unless -o names another file. The first page says what is inside,
how many of each piece, which pages to print double-sided and how to cut.`, what, g.title, file),
		Example: fmt.Sprintf("  ninjakit generate %s %s --paper letter --backs long -o %s", what, g.name, file),
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			if cards && len(only) == 0 {
				return usagef("--only: say which pieces to print again")
			}
			p, err := f.print()
			if err != nil {
				return err
			}
			size, err := layouts.ParseCardSize(f.CardSize)
			if err != nil {
				return usageError{err}
			}
			k, err := g.build(f.DataFile, p.Paper, size, only)
			if err != nil {
				return err
			}
			if f.Output == "" && !f.JSON {
				f.Output = file
			}
			return writeKit(streams, k, p, f)
		},
	}
	if cards {
		c.Example = fmt.Sprintf("  ninjakit generate cards %s --only %s", g.name, map[string]string{"blades": "bomb,counters", "knights": "ninja,dragon", "squad": "7,buki:spear,tokens", "scorpion": "guards:kenjutsu,rope,tokens"}[g.name])
		c.Flags().StringSliceVar(&only, "only", nil, "kinds to print, comma-separated")
	}
	addPrintFlags(c, &f, "none", true)
	return c
}

// kitJSON is what --json prints about a kit.
type kitJSON struct {
	File     string        `json:"file,omitempty"`
	Pages    int           `json:"pages"`
	Paper    string        `json:"paper"`
	Backs    string        `json:"backs"`
	Sections []sectionJSON `json:"sections"`
}

type sectionJSON struct {
	Title   string         `json:"title"`
	First   int            `json:"first"`
	Last    int            `json:"last"`
	Fronts  []int          `json:"fronts,omitempty"`
	Backs   []int          `json:"backs,omitempty"`
	Size    string         `json:"size,omitempty"`
	PerPage int            `json:"perPage,omitempty"`
	Bleed   float64        `json:"bleed,omitempty"`
	Counts  map[string]int `json:"counts,omitempty"`
}

func writeKit(streams *IOStreams, k layouts.Kit, p layouts.Print, f printFlags) error {
	if f.Output == "-" && f.JSON {
		return usagef("-o - writes the PDF to standard output, so it cannot be combined with --json")
	}
	plan, err := layouts.PlanKit(k, p)
	if err != nil {
		return err
	}
	// --json alone lists the kit and writes no PDF.
	if f.Output != "" {
		if err := writePDF(streams.Out, f.Output, publicOutput, func(w io.Writer) error { return layouts.RenderKit(w, k, p) }); err != nil {
			return err
		}
	}
	if f.Output == "-" {
		return nil
	}
	if !f.JSON {
		fmt.Fprintf(streams.Out, "Wrote %s: %d pages\n", f.Output, plan.Pages)
		for _, l := range layouts.CoverLines(k, plan) {
			if rest, ok := strings.CutPrefix(l, "# "); ok {
				if rest == "Printing" {
					break
				}
				continue
			}
			indent := "  " + strings.Repeat(" ", len(l)-len(strings.TrimLeft(l, " ")))
			fmt.Fprintln(streams.Out, cb.Wrap("  "+l, 78, indent+"  "))
		}
		return nil
	}
	if f.Output != "" {
		fmt.Fprintf(streams.ErrOut, "Wrote %s\n", f.Output)
	}
	out := kitJSON{File: f.Output, Pages: plan.Pages, Paper: p.Paper.String(), Backs: p.Backs.String()}
	for _, sp := range plan.Sections {
		s := sectionJSON{Title: sp.Title, First: sp.First, Last: sp.Last, Fronts: sp.Fronts, Backs: sp.Backs, PerPage: sp.PerPage, Bleed: sp.Bleed}
		if sp.Pieces > 0 {
			s.Size = sp.Size.Name
			s.Counts = map[string]int{}
			for _, c := range sp.Counts {
				s.Counts[c.Name] = c.Count
			}
		}
		out.Sections = append(out.Sections, s)
	}
	enc := json.NewEncoder(streams.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func newCalibrationCmd(streams *IOStreams) *cobra.Command {
	var f printFlags
	c := &cobra.Command{
		Use:   "calibration",
		Short: "Print a test page that measures your printer's scale and duplex drift",
		Long: `Writes calibration.pdf (or -o): rulers in mm and inches, a card outline and,
on the second page, a duplex test. Print both pages double-sided at 100 %,
measure, and pass what you read to --scale and --back-offset of generate kit
and generate cards. Print again with those flags to check the correction.`,
		Example: `  ninjakit generate calibration --paper letter -o calibration.pdf
  ninjakit generate calibration --backs short --back-offset 1.5,-0.5`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error {
			p, err := f.print()
			if err != nil {
				return err
			}
			if p.Backs != layouts.BacksLong && p.Backs != layouts.BacksShort {
				return usagef("--backs %s: the duplex test flips on the long or the short edge", p.Backs)
			}
			if f.Output == "" {
				f.Output = "calibration.pdf"
			}
			if err := writePDF(streams.Out, f.Output, publicOutput, func(w io.Writer) error { return layouts.RenderCalibration(w, p) }); err != nil {
				return err
			}
			if f.Output != "-" {
				fmt.Fprintf(streams.Out, "Wrote %s: print both pages double-sided at 100 %%, then read the rulers.\n", f.Output)
			}
			return nil
		},
	}
	addPrintFlags(c, &f, "long", false)
	c.Flags().Lookup("backs").Usage = "flip edge: long or short"
	return c
}
