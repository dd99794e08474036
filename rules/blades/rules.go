package blades

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/data"
)

// Colour is a dojo, numbered by its place in the data file's dojo list.
type Colour uint8

// Rules are the facts an engine needs from a data file: boards, colours,
// card prices and the keep limit. Build once, share between positions.
type Rules struct {
	Data      *data.Blades
	Letters   string // colour letters by Colour number
	Prices    [NumKinds]int
	Counts    [NumKinds]int
	KeepLimit int
	boards    [6]*Board // by player count
	allowed   [6]string // colour letters a player count may use
}

// NewRules prepares the engine for a validated data file.
func NewRules(d *data.Blades) (*Rules, error) {
	r := &Rules{Data: d, KeepLimit: d.Deck.KeepLimit}
	for _, dj := range d.Dojos {
		r.Letters += dj.Letter
	}
	for k, c := range d.Deck.Cards {
		r.Prices[k], r.Counts[k] = c.Price, c.Count
	}
	house, err := NewBoard(d.House.Columns, d.House.Rows, 0, d.House.Columns)
	if err != nil {
		return nil, err
	}
	temple, err := NewBoard(d.Temple.Columns, d.Temple.Rows, 0, d.Temple.Columns)
	if err != nil {
		return nil, err
	}
	// The 4-player game uses the columns nearest the Buddha (ruling B-1).
	first := 0
	if d.Temple.Buddha == "right" {
		first = d.Temple.Columns - d.Temple.FourPlayerColumns
	}
	temple4, err := NewBoard(d.Temple.Columns, d.Temple.Rows, first, d.Temple.FourPlayerColumns)
	if err != nil {
		return nil, err
	}
	r.boards = [6]*Board{2: house, 3: house, 4: temple4, 5: temple}
	r.allowed = [6]string{2: d.House.Dojos, 3: d.House.Dojos, 4: d.Temple.Dojos, 5: d.Temple.Dojos}
	return r, nil
}

// DefaultRules are the rules on the embedded data.
func DefaultRules() *Rules {
	r, err := NewRules(data.DefaultBlades())
	if err != nil {
		panic("embedded blades data: " + err.Error())
	}
	return r
}

// CheckPlayers reports whether a player count is playable.
func CheckPlayers(n int) error {
	if n < 2 || n > 5 {
		return fmt.Errorf("flying blades is for 2 to 5 players, not %d", n)
	}
	return nil
}

// Board returns the geometry used by a player count (2-3: the House; 4-5: the
// Temple, with columns out of play for 4).
func (r *Rules) Board(players int) *Board { return r.boards[players] }

// Palette returns the colours a player count draws seats from: the House's
// three for 2 and 3 players, the Temple's five for 4 and 5.
func (r *Rules) Palette(players int) []Colour {
	var out []Colour
	for i := range len(r.allowed[players]) {
		out = append(out, r.colour(r.allowed[players][i]))
	}
	return out
}

// allows reports whether a colour's letter is among letters (a palette).
func (r *Rules) allows(letters string, c Colour) bool {
	return int(c) < len(r.Letters) && strings.IndexByte(letters, r.Letters[c]) >= 0
}

func (r *Rules) colour(letter byte) Colour {
	for i := range len(r.Letters) {
		if r.Letters[i] == letter {
			return Colour(i)
		}
	}
	return 255
}

// Letter is the one-letter name of a colour.
func (r *Rules) Letter(c Colour) byte { return r.Letters[c] }

// Name is the full name of a colour ("Red").
func (r *Rules) Name(c Colour) string { return r.Data.Dojos[c].Name }

// Price totals the prices of a hand.
func (r *Rules) Price(h Hand) int {
	t := 0
	for k, n := range h {
		t += int(n) * r.Prices[k]
	}
	return t
}

// Deck lists the whole Special Attack deck, kind by kind.
func (r *Rules) Deck() []Kind {
	var out []Kind
	for k, n := range r.Counts {
		for range n {
			out = append(out, Kind(k))
		}
	}
	return out
}
