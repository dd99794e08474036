package blades

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/rules"
)

// Seat is a player's place in turn order; play passes to the next seat, the
// player on your right, who is your (first) prey.
type Seat = rules.Seat

// CardMode is how Special Attack cards are used.
type CardMode uint8

// Card modes: hidden hands are the rulebook's default; open hands and no
// cards are its footnote variants.
const (
	HiddenHands CardMode = iota
	OpenHands
	NoCards
)

var cardModeNames = [...]string{"hidden", "open", "none"}

func (m CardMode) String() string { return cardModeNames[m] }

// ParseCardMode reads hidden, open or none.
func ParseCardMode(s string) (CardMode, error) {
	for i, n := range cardModeNames {
		if s == n {
			return CardMode(i), nil
		}
	}
	return 0, fmt.Errorf("card mode %q: choose hidden, open or none", s)
}

// Phase is where a game stands.
type Phase uint8

// Phases: players first choose the cards they keep, then play until everyone
// has passed in succession.
const (
	Choosing Phase = iota
	Playing
	Over
)

// square is what a cell holds: 0 when empty, otherwise colour+1, so a set of
// colours is a bit mask over squares that never includes an empty cell.
type square uint8

func (q square) colour() Colour { return Colour(q - 1) }

func bit(c Colour) uint16 { return 1 << (c + 1) }

// Setup is everything needed to start a game.
type Setup struct {
	Players int
	Seats   []Colour // colour of each seat, in turn order
	Target  Colour   // 2 players only: the third colour, both players' prey
	Fill    []Colour // colour on each in-play cell, in Board.Cells order
	First   Seat
	Cards   CardMode
	Hands   []Hand // dealt hands by seat; empty with NoCards
}

// Position is the whole state of a game.
type Position struct {
	rules    *Rules
	board    *Board
	players  int
	seats    [5]Colour
	target   Colour
	cells    [MaxCells]square
	turn     Seat
	passes   int
	cards    CardMode
	hands    [5]Hand
	choosing uint8  // bit s: seat s still to choose which dealt cards to keep
	taken    [5]int // prey ninjas each seat has eliminated
	prey     [5]uint16
	hurt     [5]uint16  // colours Double Dragon may hit: not prey, not own
	count    [5]int     // ninjas left per colour
	occ      cellSet    // cells holding a ninja
	by       [5]cellSet // cells holding a ninja, per colour
}

// NewPosition starts a game from a setup, checking that it is complete.
func NewPosition(r *Rules, s Setup) (*Position, error) {
	if err := CheckPlayers(s.Players); err != nil {
		return nil, err
	}
	p := &Position{rules: r, board: r.Board(s.Players), players: s.Players, target: s.Target, turn: s.First, cards: s.Cards}
	if len(s.Seats) != s.Players {
		return nil, fmt.Errorf("setup: %d seats for %d players", len(s.Seats), s.Players)
	}
	palette := r.allowed[s.Players]
	var used uint16
	for i, c := range s.Seats {
		if !r.allows(palette, c) || used&bit(c) != 0 {
			return nil, fmt.Errorf("setup: seat %d has a colour not available or already taken", i+1)
		}
		used |= bit(c)
		p.seats[i] = c
	}
	if s.Players == 2 && (!r.allows(palette, s.Target) || used&bit(s.Target) != 0) {
		return nil, errors.New("setup: the 2-player game needs the third House colour as the common prey")
	}
	if int(s.First) < 0 || int(s.First) >= s.Players {
		return nil, fmt.Errorf("setup: first seat %d is not at the table", int(s.First)+1)
	}
	cells := p.board.Cells()
	if len(s.Fill) != len(cells) {
		return nil, fmt.Errorf("setup: %d ninjas for %d cells", len(s.Fill), len(cells))
	}
	if s.Players == 2 {
		used |= bit(s.Target)
	}
	// The cells and each colour's bitboard in one pass (derive would take
	// a second); the counts and the occupied cells then come from the
	// bitboards.
	for i, c := range s.Fill {
		if c >= Colour(len(p.by)) || used&bit(c) == 0 {
			return nil, fmt.Errorf("setup: a ninja of a colour nobody plays on %s", p.board.CellName(cells[i]))
		}
		x := cells[i]
		p.cells[x] = square(c + 1)
		p.by[c].add(x)
	}
	for c := range p.by {
		p.occ.or(&p.by[c])
		p.count[c] = p.by[c].countAnd(&p.board.playSet)
	}
	switch {
	case s.Cards == NoCards && len(s.Hands) != 0:
		return nil, errors.New("setup: hands dealt in a game without cards")
	case s.Cards != NoCards && len(s.Hands) != s.Players:
		return nil, fmt.Errorf("setup: %d hands for %d players", len(s.Hands), s.Players)
	}
	var dealt Hand
	for i, h := range s.Hands {
		p.hands[i] = h
		p.choosing |= 1 << i
		for k := range h {
			dealt[k] += h[k]
		}
	}
	for k, n := range dealt {
		if int(n) > r.Counts[k] {
			return nil, fmt.Errorf("setup: %d %s cards dealt but the deck has %d", n, Kind(k), r.Counts[k])
		}
	}
	p.relate()
	return p, nil
}

func contains(cs []Colour, c Colour) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// derive fills the relation masks, counts and bitboards from seats and
// cells.
func (p *Position) derive() {
	p.relate()
	p.count = [5]int{}
	p.occ, p.by = cellSet{}, [5]cellSet{}
	for _, c := range p.board.Cells() {
		if q := p.cells[c]; q != 0 {
			p.count[q.colour()]++
			p.occ.add(c)
			p.by[q.colour()].add(c)
		}
	}
}

// relate fills the relation masks from the seats; they follow Prey,
// Hunters and Neutral.
func (p *Position) relate() {
	n := p.players
	for s := range n {
		seat := Seat(s)
		switch n {
		case 2:
			p.prey[s] = bit(p.target)
			p.hurt[s] = bit(p.seats[seat.Next(2)])
		case 5:
			p.prey[s] = bit(p.seats[seat.Offset(1, 5)]) | bit(p.seats[seat.Offset(2, 5)])
			p.hurt[s] = bit(p.seats[seat.Offset(-1, 5)]) | bit(p.seats[seat.Offset(-2, 5)])
		default:
			p.prey[s] = bit(p.seats[seat.Next(n)])
			p.hurt[s] = bit(p.seats[seat.Offset(-1, n)])
			if n == 4 {
				p.hurt[s] |= bit(p.seats[seat.Offset(2, 4)])
			}
		}
	}
}

// Rules returns the rules the position plays by.
func (p *Position) Rules() *Rules { return p.rules }

// Board returns the geometry.
func (p *Position) Board() *Board { return p.board }

// Players is the number of players.
func (p *Position) Players() int { return p.players }

// Turn is the seat to move.
func (p *Position) Turn() Seat { return p.turn }

// Passes counts the passes made in succession just before now.
func (p *Position) Passes() int { return p.passes }

// Cards is the card mode.
func (p *Position) Cards() CardMode { return p.cards }

// Colour is the dojo of a seat.
func (p *Position) Colour(s Seat) Colour { return p.seats[s] }

// Target is the common prey colour of the 2-player game.
func (p *Position) Target() Colour { return p.target }

// Hand is a seat's current cards (the dealt hand while still choosing).
func (p *Position) Hand(s Seat) Hand { return p.hands[s] }

// Choosing reports whether a seat still has to choose the cards it keeps.
func (p *Position) Choosing(s Seat) bool { return p.chooses(s) }

func (p *Position) chooses(s Seat) bool { return p.choosing>>s&1 != 0 }

// Taken counts the prey ninjas a seat has eliminated (the 2-player score).
func (p *Position) Taken(s Seat) int { return p.taken[s] }

// Count is the number of ninjas of a colour on the board.
func (p *Position) Count(c Colour) int { return p.count[c] }

// At reports the colour on a cell, and false when it is empty or out of play.
func (p *Position) At(c Cell) (Colour, bool) {
	q := p.cells[c]
	return q.colour(), q != 0
}

// Prey lists the colours a seat may attack: the next seat (3 and 4
// players), the next two (5 players), or the non-playing colour (2 players).
func (p *Position) Prey(s Seat) []Colour {
	switch p.players {
	case 2:
		return []Colour{p.target}
	case 5:
		return []Colour{p.seats[s.Offset(1, 5)], p.seats[s.Offset(2, 5)]}
	}
	return []Colour{p.seats[s.Next(p.players)]}
}

// Hunters lists the colours that may attack a seat.
func (p *Position) Hunters(s Seat) []Colour {
	switch p.players {
	case 2:
		return nil
	case 5:
		return []Colour{p.seats[s.Offset(-1, 5)], p.seats[s.Offset(-2, 5)]}
	}
	return []Colour{p.seats[s.Offset(-1, p.players)]}
}

// Neutral lists the colours that are neither prey nor hunter of a seat: the
// player across the table with 4 players, the rival with 2.
func (p *Position) Neutral(s Seat) []Colour {
	switch p.players {
	case 2:
		return []Colour{p.seats[s.Next(2)]}
	case 4:
		return []Colour{p.seats[s.Offset(2, 4)]}
	}
	return nil
}

// Phase tells whether players are choosing cards, playing, or done.
func (p *Position) Phase() Phase {
	if p.choosing != 0 {
		return Choosing
	}
	if p.passes >= p.players {
		return Over
	}
	return Playing
}

// Keep records which of its dealt cards a seat keeps; the rest are
// discarded unseen. The kept cards must be in the dealt hand and their prices
// may total at most the keep limit.
func (p *Position) Keep(s Seat, keep Hand) error {
	switch {
	case int(s) < 0 || int(s) >= p.players:
		return fmt.Errorf("%w: seat %d is not at the table", rules.ErrIllegal, int(s)+1)
	case !p.chooses(s):
		return fmt.Errorf("%w: seat %d has already chosen its cards", rules.ErrIllegal, int(s)+1)
	case !p.hands[s].Contains(keep):
		return fmt.Errorf("%w: %s is not part of the hand dealt to seat %d (%s)", rules.ErrIllegal, keep, int(s)+1, p.hands[s])
	}
	if price := p.rules.Price(keep); price > p.rules.KeepLimit {
		return fmt.Errorf("%w: those cards cost %d, more than the limit of %d", rules.ErrIllegal, price, p.rules.KeepLimit)
	}
	p.hands[s] = keep
	p.choosing &^= 1 << s
	return nil
}

// Clone returns an independent copy.
func (p *Position) Clone() *Position {
	c := *p
	return &c
}

// Public returns the position as an onlooker sees it: with hidden hands the
// cards are left out (each hand reads as empty), with open hands all is shown.
func (p *Position) Public() *Position {
	c := p.Clone()
	if c.cards == HiddenHands {
		c.hands = [5]Hand{}
	}
	return c
}
