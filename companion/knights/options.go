package knights

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// Options are stored with a session.
type Options struct {
	Players  int      `json:"players"`
	Names    []string `json:"names"`
	Mode     string   `json:"mode"` // digital or physical
	First    int      `json:"first"`
	Position string   `json:"position,omitempty"`
	// Bots are the seats the companion plays (ruling K43).
	Bots []companion.BotSeat `json:"bots,omitempty"`
}

// maxName is the longest name, in characters.
const maxName = 16

// NewOptions checks the options of a new session. Names are kept as typed
// (only spaces around them are dropped) and read back ignoring case.
func NewOptions(players int, names []string, variant, mode, first, position string) (Options, error) {
	o := Options{Players: players, Mode: mode, Position: position}
	if err := checkMode(mode); err != nil {
		return Options{}, fmt.Errorf("--mode %w", err)
	}
	switch variant {
	case "", "standard":
	case "two-player", "duel":
		o.Players = 2
		if players != 0 && players != 2 {
			return Options{}, errors.New("the two-player variant is for 2 players")
		}
	default:
		return Options{}, fmt.Errorf("--variant %q: choose standard or two-player", variant)
	}
	if position != "" {
		g, err := engine.ParsePosition(position)
		if err != nil {
			return Options{}, err
		}
		if first != "" {
			return Options{}, fmt.Errorf("--first: the position says who started (first=%s)", g.First())
		}
		o.Players, o.Position, o.Mode, o.First = g.Players(), g.String(), g.Mode().String(), int(g.First())
	}
	if len(names) == 0 {
		for i := range o.Players {
			names = append(names, "p"+strconv.Itoa(i+1))
		}
	}
	if o.Players == 0 {
		o.Players = len(names)
	}
	for _, n := range names {
		o.Names = append(o.Names, strings.TrimSpace(n))
	}
	if err := o.checkSeats(); err != nil {
		return Options{}, err
	}
	if first != "" {
		s, err := o.seat(first)
		if err != nil {
			return Options{}, fmt.Errorf("--first: %w", err)
		}
		o.First = int(s)
	}
	return o, o.validate()
}

// validate is every rule options must follow, for a new session and for
// one read back from storage or an import alike.
func (o Options) validate() error {
	if err := checkMode(o.Mode); err != nil {
		return fmt.Errorf("mode %w", err)
	}
	if err := o.checkSeats(); err != nil {
		return err
	}
	if err := o.checkBots(); err != nil {
		return err
	}
	if o.First < 0 || o.First >= o.Players {
		return fmt.Errorf("first seat %d is not at a table of %d", o.First+1, o.Players)
	}
	if o.Position == "" {
		return nil
	}
	g, err := engine.ParsePosition(o.Position)
	if err != nil {
		return err
	}
	switch {
	case g.Players() != o.Players:
		return fmt.Errorf("the position is for %d players, the options for %d", g.Players(), o.Players)
	case g.Mode().String() != o.Mode:
		return fmt.Errorf("the position is %s, the options %s", g.Mode(), o.Mode)
	case int(g.First()) != o.First:
		return fmt.Errorf("the position's first seat is %s, the options' %d", g.First(), o.First+1)
	}
	return nil
}

func checkMode(mode string) error {
	if mode != "digital" && mode != "physical" {
		return fmt.Errorf("%q: choose digital (the companion deals) or physical (your own cards)", mode)
	}
	return nil
}

// checkSeats checks the player count and the names.
func (o Options) checkSeats() error {
	if o.Players < 2 || o.Players > 6 {
		return fmt.Errorf("of knights and ninjas is for 2 to 6 players, not %d", o.Players)
	}
	if len(o.Names) != o.Players {
		return fmt.Errorf("%d names for %d players", len(o.Names), o.Players)
	}
	for i, n := range o.Names {
		if err := checkName(n); err != nil {
			return err
		}
		for _, m := range o.Names[:i] {
			if strings.EqualFold(m, n) {
				return fmt.Errorf("names %q and %q are the same ignoring case", m, n)
			}
		}
	}
	return nil
}

// checkName says what is wrong with a player's name, if anything. Names
// are printed on every terminal of the table and typed back after --as,
// so they hold no control or escape characters and never read as a seat
// number or as the table.
func checkName(n string) error {
	if n == "" {
		return errors.New("a name is empty")
	}
	if !utf8.ValidString(n) {
		return fmt.Errorf("name %q is not valid text", n)
	}
	for _, r := range n {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return fmt.Errorf("name %q holds a control character", n)
		}
	}
	if utf8.RuneCountInString(n) > maxName {
		return fmt.Errorf("name %q is longer than %d characters", n, maxName)
	}
	if r, _ := utf8.DecodeRuneInString(n); !unicode.IsLetter(r) {
		return fmt.Errorf("name %q must start with a letter", n)
	}
	for _, r := range n {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) && r != '-' && r != '\'' {
			return fmt.Errorf("name %q holds %q: use letters, digits, '-' or '''", n, r)
		}
	}
	if strings.EqualFold(n, "table") {
		return fmt.Errorf("name %q is kept for the whole table (--as table)", n)
	}
	return nil
}

// seat reads a player's name, in any case, or seat number.
func (o Options) seat(s string) (rules.Seat, error) {
	s = strings.TrimSpace(s)
	for i, n := range o.Names {
		if strings.EqualFold(n, s) {
			return rules.Seat(i), nil
		}
	}
	if seat, err := rules.ParseSeat(s, o.Players); err == nil {
		return seat, nil
	}
	return 0, fmt.Errorf("%q is not at the table (%s)", s, strings.Join(o.Names, ", "))
}
