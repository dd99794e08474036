package blades

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

// Dojo is one ninja colour as printed: the letter used in board strings, its
// name and the fill of its discs.
type Dojo struct {
	Letter byte   // 'R', 'Y', 'B', 'K', 'G', as used in Sheet.Board
	Name   string // "Red", "Yellow", ...
	RGB    [3]int // disc fill, 0..255 per channel
	// Pattern picks the disc's marking (see Patterns): every dojo gets its
	// own, so dojos whose colours print as the same grey stay apart.
	Pattern int
}

// Patterns is how many distinct disc markings there are; a sheet with more
// dojos than this repeats them, and validate refuses two dojos that share one.
const Patterns = 5

// SeatLine is one player's seat as the rules engine decided it.
type SeatLine struct {
	Seat    int  // 1-based, in turn order
	Dojo    byte // letter
	Prey    []byte
	Hunters []byte
	Neutral []byte // 4-player Temple: the player across the table
}

// CardLine is one card: its name and price, and in the legend a short effect
// in our words (hands leave Text empty: each kind's text is printed once).
type CardLine struct {
	Name  string
	Price int
	Text  string
}

// HandSlip is the cards dealt to one seat and the price limit to keep within.
type HandSlip struct {
	Seat  int
	Dojo  byte
	Cards []CardLine
	Limit int // keep cards whose prices total at most Limit
}

// Sheet is everything printed for one Flying Blades setup.
type Sheet struct {
	Paper       layouts.Paper
	Title       string   // "The House of the Flying Blades"
	Subtitle    string   // "3 players – hidden hands"
	Board       []string // top row first; a dojo letter, '#' out of play or ' ' empty per cell
	ColLabels   string   // one label per column, left to right, e.g. "abcdefghi"
	Buddha      string   // "", "left" or "right": the side of the Buddha end
	Join        int      // Temple: the grid line (1..cols-1) where the House meets the extension; 0 for none
	Dojos       []Dojo   // colours on the board, seated or not
	Seats       []SeatLine
	FirstSeat   int
	ShareCode   string
	Fingerprint string
	QRPayload   string // "" prints no QR code
	Notes       []string
	OpenHands   []HandSlip // open-hands variant: printed on public pages
	Slips       []HandSlip // hidden hands: private slips to cut apart
	Legend      []CardLine // the card texts, printed once beside the hands, in this order
}

// Board cell bytes that are not dojo letters.
const (
	CellEmpty     = ' '
	CellOutOfPlay = '#'
)

// ErrInvalidSheet wraps every validation failure of a Sheet.
var ErrInvalidSheet = errors.New("invalid setup sheet")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidSheet, fmt.Sprintf(format, args...))
}

// validate checks the sheet is self-consistent; it says nothing about whether
// the setup is legal, which is the rules engine's business.
func (s *Sheet) validate() error {
	if err := s.Paper.Validate(); err != nil {
		return invalid("%v", err)
	}
	if len(s.Board) == 0 {
		return invalid("board has no rows")
	}
	cols := len(s.Board[0])
	if cols == 0 {
		return invalid("board row 1 is empty")
	}
	if len(s.Board) > 40 || cols > 40 {
		return invalid("board %dx%d is too large to print", cols, len(s.Board))
	}
	if len(s.ColLabels) != cols {
		return invalid("%d column labels %q for %d columns", len(s.ColLabels), s.ColLabels, cols)
	}
	dojos := map[byte]bool{}
	patterns := map[int]string{}
	for _, d := range s.Dojos {
		switch {
		case d.Letter <= ' ' || d.Letter >= 0x7f || d.Letter == CellOutOfPlay:
			return invalid("dojo %q: letter %q cannot be printed on a board", d.Name, d.Letter)
		case dojos[d.Letter]:
			return invalid("dojo letter %q listed twice", d.Letter)
		case strings.TrimSpace(d.Name) == "":
			return invalid("dojo %q has no name", d.Letter)
		}
		for _, c := range d.RGB {
			if c < 0 || c > 255 {
				return invalid("dojo %q: colour %v out of range 0..255", d.Letter, d.RGB)
			}
		}
		if d.Pattern < 0 || d.Pattern >= Patterns {
			return invalid("dojo %q: pattern %d out of range 0..%d", d.Name, d.Pattern, Patterns-1)
		}
		if other, ok := patterns[d.Pattern]; ok {
			return invalid("dojos %q and %q share pattern %d: they would print alike in greyscale", other, d.Name, d.Pattern)
		}
		patterns[d.Pattern] = d.Name
		dojos[d.Letter] = true
	}
	for i, row := range s.Board {
		if len(row) != cols {
			return invalid("board row %d (from the top) has %d cells, row 1 has %d", i+1, len(row), cols)
		}
		for j := 0; j < len(row); j++ {
			if c := row[j]; c != CellEmpty && c != CellOutOfPlay && !dojos[c] {
				return invalid("board cell %c%d: %q is not a dojo letter", s.ColLabels[j], len(s.Board)-i, c)
			}
		}
	}
	switch s.Buddha {
	case "", "left", "right":
	default:
		return invalid("buddha side %q: want \"\", \"left\" or \"right\"", s.Buddha)
	}
	if s.Join < 0 || s.Join >= cols {
		return invalid("join at grid line %d: want 0 (none) or 1..%d", s.Join, cols-1)
	}
	if len(s.Seats) == 0 {
		return invalid("no seats")
	}
	if len(s.Seats) > 8 {
		return invalid("%d seats: at most 8 can be drawn", len(s.Seats))
	}
	seated := map[int]bool{}
	for i, st := range s.Seats {
		if st.Seat != i+1 {
			return invalid("seat %d listed in position %d: seats must be 1..n in turn order", st.Seat, i+1)
		}
		seated[st.Seat] = true
		if !dojos[st.Dojo] {
			return invalid("seat %d: dojo %q is not among the dojos", st.Seat, st.Dojo)
		}
		for _, l := range [][]byte{st.Prey, st.Hunters, st.Neutral} {
			for _, c := range l {
				if !dojos[c] {
					return invalid("seat %d: dojo %q is not among the dojos", st.Seat, c)
				}
			}
		}
	}
	if !seated[s.FirstSeat] {
		return invalid("first seat %d is not a seat", s.FirstSeat)
	}
	for _, group := range []struct {
		name  string
		slips []HandSlip
	}{{"open hand", s.OpenHands}, {"slip", s.Slips}} {
		for _, h := range group.slips {
			if !seated[h.Seat] {
				return invalid("%s for seat %d: no such seat", group.name, h.Seat)
			}
			if !dojos[h.Dojo] {
				return invalid("%s for seat %d: dojo %q is not among the dojos", group.name, h.Seat, h.Dojo)
			}
			if len(h.Cards) > 20 {
				return invalid("%s for seat %d: %d cards do not fit on a slip", group.name, h.Seat, len(h.Cards))
			}
		}
	}
	return nil
}

func (s *Sheet) dojo(letter byte) Dojo {
	for _, d := range s.Dojos {
		if d.Letter == letter {
			return d
		}
	}
	return Dojo{Letter: letter, Name: string(letter), RGB: [3]int{255, 255, 255}}
}

func (s *Sheet) names(letters []byte) string {
	parts := make([]string, len(letters))
	for i, l := range letters {
		parts[i] = s.dojo(l).Name
	}
	return strings.Join(parts, ", ")
}
