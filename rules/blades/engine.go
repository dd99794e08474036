package blades

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Play is one decision of the engine interface: keeping cards from a dealt
// hand (Keep set, Cards the kept ones) or a move on the board.
type Play struct {
	Keep  bool
	Cards Hand
	Move  Move
}

// State is a game as the engine interface (rules.Engine) sees it: the
// position plus the two facts a seat remembers that the position forgets,
// each seat's dealt hand and the cards each seat has played. Both are
// arrays, so Clone is a plain copy.
type State struct {
	pos    Position
	dealt  [5]Hand // as dealt; the current hand when the state began after the deal
	played [5]Hand // Special Attacks played so far, public
}

var _ rules.Engine[*State, Play] = (*State)(nil)

// NewState starts the engine interface on a position. A position still in
// its choosing phase gives every seat's dealt hand; one past it is taken as
// it stands, with nothing played yet.
func NewState(p *Position) *State {
	s := &State{pos: *p}
	s.dealt = p.hands
	return s
}

// Position is the current position (a copy).
func (s *State) Position() *Position { return s.pos.Clone() }

// Dealt is the hand dealt to a seat (the hand it held when the state began,
// if that was after the deal).
func (s *State) Dealt(seat rules.Seat) Hand { return s.dealt[seat] }

// Played is every Special Attack a seat has played, as the table saw them.
func (s *State) Played(seat rules.Seat) Hand { return s.played[seat] }

// Clone is a plain copy.
func (s *State) Clone() *State {
	c := *s
	return &c
}

// Players is the number of seats.
func (s *State) Players() int { return s.pos.players }

// ToAct lists every seat still choosing its cards (they choose at once), or
// the seat to move.
func (s *State) ToAct(buf []rules.Seat) []rules.Seat {
	switch s.pos.Phase() {
	case Choosing:
		for i := range s.pos.players {
			if s.pos.chooses(Seat(i)) {
				buf = append(buf, Seat(i))
			}
		}
	case Playing:
		buf = append(buf, s.pos.turn)
	}
	return buf
}

// Actions lists seat's legal plays: every affordable part of its dealt hand
// while it chooses, else the legal moves when it is its turn.
func (s *State) Actions(seat rules.Seat, buf []Play) []Play {
	p := &s.pos
	if int(seat) < 0 || int(seat) >= p.players {
		return buf
	}
	if p.chooses(seat) {
		return s.keeps(p.hands[seat], 0, Hand{}, buf)
	}
	if p.Phase() != Playing || seat != p.turn {
		return buf
	}
	// The moves go through a buffer on the stack: big enough for any
	// ordinary position, so listing them allocates nothing.
	var moves [1024]Move
	ms := p.LegalMoves(moves[:0])
	buf = slices.Grow(buf, len(ms))
	out := buf[len(buf) : len(buf)+len(ms)]
	for i := range out {
		out[i] = Play{Move: ms[i]}
	}
	return buf[:len(buf)+len(ms)]
}

// keeps appends every part of dealt (from kind k on, added to kept) whose
// price is within the keep limit.
func (s *State) keeps(dealt Hand, k int, kept Hand, buf []Play) []Play {
	if k == int(NumKinds) {
		return append(buf, Play{Keep: true, Cards: kept})
	}
	for n := uint8(0); n <= dealt[k]; n++ {
		kept[k] = n
		if s.pos.rules.Price(kept) > s.pos.rules.KeepLimit {
			break
		}
		buf = s.keeps(dealt, k+1, kept, buf)
	}
	return buf
}

// Act applies a play through Keep or Apply, the checks a person's choice
// goes through.
func (s *State) Act(seat rules.Seat, a Play) error {
	if a.Keep {
		return s.pos.Keep(seat, a.Cards)
	}
	if s.pos.Phase() == Playing && seat != s.pos.turn {
		return fmt.Errorf("%w: it is seat %s's turn, not seat %s's", rules.ErrIllegal, s.pos.turn, seat)
	}
	if err := s.pos.Apply(a.Move); err != nil {
		return err
	}
	if k, ok := a.Move.Action.Card(); ok {
		s.played[seat][k]++
	}
	return nil
}

// Over reports whether everyone has passed in succession.
func (s *State) Over() bool { return s.pos.Phase() == Over }

// Returns scores a finished game: the best score wins, a tie is a draw
// between the tied seats.
func (s *State) Returns(buf []float64) []float64 {
	if !s.Over() {
		for range s.pos.players {
			buf = append(buf, 0)
		}
		return buf
	}
	return rules.Outcome(buf, s.pos.players, s.pos.Outcome().Winners)
}

// Observation is what seat knows: the public position and the number of
// cards each seat holds (as the companion's status shows everyone), every
// card each seat has played (the log), and its own dealt and current hand.
// With open hands or no cards nothing is hidden.
func (s *State) Observation(seat rules.Seat) string {
	p := &s.pos
	if p.cards != HiddenHands {
		return p.String()
	}
	var sb strings.Builder
	sb.WriteString(p.Public().String())
	sb.WriteString(" held:")
	for i := range p.players {
		fmt.Fprintf(&sb, "%d", p.hands[i].Size())
		if p.chooses(Seat(i)) {
			sb.WriteByte('?')
		}
		sb.WriteByte(',')
	}
	sb.WriteString(" played:")
	for i := range p.players {
		sb.WriteString(s.played[i].String() + ",")
	}
	fmt.Fprintf(&sb, " seat:%d dealt:%s hand:%s", int(seat)+1, s.dealt[seat], p.hands[seat])
	return sb.String()
}

// Notation writes a play as the engine reads it: a move ("shuriken c1 c5")
// or "keep" and the kept cards' letters ("keep BS2", "keep -").
func (s *State) Notation(a Play) string {
	if a.Keep {
		return "keep " + a.Cards.String()
	}
	return a.Move.Format(s.pos.board)
}

// ParseAction reads a play written by Notation, or a keep with the cards'
// names ("keep bomb, 2 shuriken").
func (s *State) ParseAction(_ rules.Seat, text string) (Play, error) {
	if rest, ok := strings.CutPrefix(strings.TrimSpace(strings.ToLower(text)), "keep"); ok {
		h, err := ParseHand(strings.ToUpper(strings.TrimSpace(rest)))
		if err != nil {
			if h, err = ParseCards(rest); err != nil {
				return Play{}, fmt.Errorf("%w: %w", rules.ErrNotation, err)
			}
		}
		return Play{Keep: true, Cards: h}, nil
	}
	m, err := ParseMove(s.pos.board, text)
	return Play{Move: m}, err
}

// Narrate tells a play in table words, with what a person does on the board
// for it: "Red plays Shuriken from c1 at c5: take the Blue ninja off c5". A
// keep names the kept cards, which only their holder may read.
func (s *State) Narrate(seat rules.Seat, a Play) string {
	p := &s.pos
	who := p.rules.Name(p.seats[seat])
	if a.Keep {
		return fmt.Sprintf("%s keeps %s", who, s.cardList(a.Cards))
	}
	m, b := a.Move, p.board
	var text string
	switch m.Action {
	case Pass:
		return who + " passes"
	case Attack:
		text = fmt.Sprintf("%s attacks from %s to %s", who, b.CellName(m.From), b.CellName(m.To))
	case PlayCircleKick:
		text = fmt.Sprintf("%s plays %s on %s", who, s.cardName(m.Action), b.CellName(m.From))
	default:
		text = fmt.Sprintf("%s plays %s from %s to %s", who, s.cardName(m.Action), b.CellName(m.From), b.CellName(m.To))
	}
	var off []string
	if p.Check(m) == nil {
		for _, c := range p.Removed(m) {
			off = append(off, fmt.Sprintf("the %s ninja off %s", p.rules.Name(p.cells[c].colour()), b.CellName(c)))
		}
	}
	if len(off) > 0 {
		text += ": take " + strings.Join(off, ", ")
	}
	if moves := m.Action == Attack || m.Action == PlayDoubleKick || m.Action == PlayTripleKick ||
		m.Action == PlayVanish || m.Action == PlayDoubleDragon; moves {
		text += fmt.Sprintf("; move the ninja from %s to %s", b.CellName(m.From), b.CellName(m.To))
	}
	return text
}

func (s *State) cardName(a Action) string {
	k, _ := a.Card()
	return s.pos.rules.Data.Deck.Cards[k].Name
}

func (s *State) cardList(h Hand) string {
	var out []string
	for k, n := range h {
		name := s.pos.rules.Data.Deck.Cards[k].Name
		switch {
		case n == 1:
			out = append(out, name)
		case n > 1:
			out = append(out, fmt.Sprintf("%d %s", n, name))
		}
	}
	if len(out) == 0 {
		return "no cards"
	}
	return strings.Join(out, ", ")
}
