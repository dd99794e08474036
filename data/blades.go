package data

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// BladesCardKinds lists the seven Special Attacks by the ids data files use,
// in the order engines number them.
var BladesCardKinds = []string{"bomb", "shuriken", "double-kick", "triple-kick", "vanishing", "circle-kick", "double-dragon"}

// Blades is the validated content of a Flying Blades data file.
type Blades struct {
	About         string      `json:"about"`
	NinjasPerDojo int         `json:"ninjasPerDojo"`
	Dojos         []Dojo      `json:"dojos"`
	House         BladesBoard `json:"house"`
	Temple        BladesBoard `json:"temple"`
	Deck          BladesDeck  `json:"deck"`
}

// Dojo is one ninja colour.
type Dojo struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
	RGB    [3]int `json:"rgb"`
}

// BladesBoard describes the House (9x9) or the Temple (House plus extension).
type BladesBoard struct {
	Name    string `json:"name"`
	Place   string `json:"place"`
	Columns int    `json:"columns"`
	Rows    int    `json:"rows"`
	// Dojos are the letters of the colours this board is played with.
	Dojos string `json:"dojos"`
	// Buddha is the side ("left" or "right") the 4-player game crowds towards.
	Buddha            string `json:"buddha,omitempty"`
	FourPlayerColumns int    `json:"fourPlayerColumns,omitempty"`
}

// BladesDeck is the Special Attack deck and the keep limit for hands.
type BladesDeck struct {
	Size      int          `json:"size"`
	KeepLimit int          `json:"keepLimit"`
	Cards     []BladesCard `json:"cards"`
}

// BladesCard is one kind of Special Attack card.
type BladesCard struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Count int    `json:"count"`
	Price int    `json:"price"`
	Text  string `json:"text"`
}

// DefaultBlades returns the embedded data. TestDefaultBladesIsValid validates
// it, so a process does not: every command of the game paid for the checks.
func DefaultBlades() *Blades { return bladesDefault() }

// LoadBlades reads and validates a Flying Blades data file.
func LoadBlades(r io.Reader) (*Blades, error) { return load[Blades](r, "blades data") }

func (b *Blades) validate() error {
	if b.NinjasPerDojo < 1 {
		return errors.New("ninjasPerDojo must be at least 1")
	}
	seen := map[string]bool{}
	for i, d := range b.Dojos {
		if len(d.Letter) != 1 || d.Letter[0] < 'A' || d.Letter[0] > 'Z' || d.Letter == "X" {
			return fmt.Errorf("dojo %d: letter %q must be one capital letter other than X", i+1, d.Letter)
		}
		if seen[d.Letter] {
			return fmt.Errorf("dojo letter %q is used twice", d.Letter)
		}
		seen[d.Letter] = true
		if strings.TrimSpace(d.Name) == "" {
			return fmt.Errorf("dojo %q has no name", d.Letter)
		}
		for _, v := range d.RGB {
			if v < 0 || v > 255 {
				return fmt.Errorf("dojo %q: colour values must be 0 to 255", d.Letter)
			}
		}
	}
	if err := b.House.validate("house", 3, b.NinjasPerDojo, seen); err != nil {
		return err
	}
	if err := b.Temple.validate("temple", 5, b.NinjasPerDojo, seen); err != nil {
		return err
	}
	if b.Temple.Buddha != "left" && b.Temple.Buddha != "right" {
		return fmt.Errorf("temple: buddha must be \"left\" or \"right\", not %q", b.Temple.Buddha)
	}
	if got, want := b.Temple.FourPlayerColumns*b.Temple.Rows, 4*b.NinjasPerDojo; got != want || b.Temple.FourPlayerColumns > b.Temple.Columns {
		return fmt.Errorf("temple: the 4-player area of %d columns holds %d cells but 4 dojos need %d", b.Temple.FourPlayerColumns, got, want)
	}
	return b.Deck.validate()
}

// MaxBladesCells bounds board size so engines can use fixed arrays.
const MaxBladesCells = 250

func (bb BladesBoard) validate(name string, dojos, ninjas int, known map[string]bool) error {
	if bb.Columns < 1 || bb.Columns > 26 || bb.Rows < 1 || bb.Rows > 26 || bb.Columns*bb.Rows > MaxBladesCells {
		return fmt.Errorf("%s: %dx%d is not a board size ninjakit can draw (1 to 26 each way, at most %d cells)", name, bb.Columns, bb.Rows, MaxBladesCells)
	}
	if len(bb.Dojos) != dojos {
		return fmt.Errorf("%s: needs %d dojo letters, has %q", name, dojos, bb.Dojos)
	}
	for _, l := range bb.Dojos {
		if !known[string(l)] || strings.Count(bb.Dojos, string(l)) > 1 {
			return fmt.Errorf("%s: dojo letter %q is unknown or repeated", name, l)
		}
	}
	if got, want := bb.Columns*bb.Rows, dojos*ninjas; got != want {
		return fmt.Errorf("%s: %d cells but %d dojos of %d ninjas need exactly %d", name, got, dojos, ninjas, want)
	}
	return nil
}

func (d BladesDeck) validate() error {
	if len(d.Cards) != len(BladesCardKinds) {
		return fmt.Errorf("deck: needs exactly the %d card kinds %s", len(BladesCardKinds), strings.Join(BladesCardKinds, ", "))
	}
	total, cheapest := 0, -1
	for i, c := range d.Cards {
		if c.Kind != BladesCardKinds[i] {
			return fmt.Errorf("deck: card %d is %q, expected %q (kinds come in the order %s)", i+1, c.Kind, BladesCardKinds[i], strings.Join(BladesCardKinds, ", "))
		}
		if strings.TrimSpace(c.Name) == "" {
			return fmt.Errorf("deck: %s has no name", c.Kind)
		}
		if c.Count < 0 || c.Price < 0 {
			return fmt.Errorf("deck: %s: count and price cannot be negative", c.Kind)
		}
		total += c.Count
		if c.Count > 0 && (cheapest < 0 || c.Price < cheapest) {
			cheapest = c.Price
		}
	}
	if total != d.Size {
		return fmt.Errorf("deck: card counts add up to %d but size says %d", total, d.Size)
	}
	if d.KeepLimit < 1 {
		return errors.New("deck: keepLimit must be at least 1")
	}
	if cheapest > d.KeepLimit {
		return fmt.Errorf("deck: keepLimit %d is below the cheapest card (%d), so nobody could keep anything", d.KeepLimit, cheapest)
	}
	return nil
}
