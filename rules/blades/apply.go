package blades

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/rules"
)

// ErrNoCard marks a move refused only because the player to move does not
// hold the card it spends. Check tests it last, after everything the board
// shows, so a caller that must not reveal a hidden hand can answer it with
// one neutral line (ruling C-4).
var ErrNoCard = errors.New("card not held")

// noCardError is the refusal for a card not held; it is both ErrIllegal and
// ErrNoCard.
type noCardError struct{ kind Kind }

func (e noCardError) Error() string {
	return fmt.Sprintf("%v: you hold no %s card", rules.ErrIllegal, e.kind)
}

func (e noCardError) Is(target error) bool { return target == rules.ErrIllegal || target == ErrNoCard }

// Apply plays a move for the player to move, or refuses it with the reason
// (wrapping rules.ErrIllegal) and leaves the position unchanged.
func (p *Position) Apply(m Move) error {
	if p.playQuick(m) {
		return nil
	}
	if err := p.Check(m); err != nil {
		return err
	}
	p.play(m)
	return nil
}

// playQuick plays a pass, a plain attack, a shuriken or a vanishing that is
// legal on its face (the moves of most turns) and reports whether it did;
// anything else, or anything doubtful, goes through Check.
func (p *Position) playQuick(m Move) bool {
	if p.choosing != 0 || p.passes >= p.players {
		return false
	}
	s := p.turn
	next := s + 1
	if int(next) == p.players {
		next = 0
	}
	// Only ninjas stand in play, so an own ninja on From, or prey on To,
	// puts that cell in play.
	own := square(p.seats[s] + 1)
	switch m.Action {
	case Pass:
		p.turn = next
		p.passes++
		return true
	case Attack:
		q := p.cells[m.To]
		if p.cells[m.From] != own || p.prey[s]&(1<<q) == 0 || !p.board.orth[m.From].has(m.To) {
			return false
		}
		// remove and move in one: the prey on To goes, the attacker takes
		// its place, so To stays occupied.
		p.taken[s]++
		p.count[q.colour()]--
		p.by[q.colour()].del(m.To)
		p.cells[m.From], p.cells[m.To] = 0, own
		p.occ.del(m.From)
		mine := &p.by[own.colour()]
		mine.del(m.From)
		mine.add(m.To)
	case PlayShuriken:
		if p.hands[s][Shuriken] == 0 || p.cells[m.From] != own || p.prey[s]&(1<<p.cells[m.To]) == 0 {
			return false
		}
		d, dist := p.board.line(m.From, m.To)
		if dist == 0 {
			return false
		}
		for _, c := range p.board.rays[m.From][d][:dist-1] {
			if p.cells[c] != 0 {
				return false
			}
		}
		p.hands[s][Shuriken]--
		p.remove(s, m.To)
	case PlayVanish:
		if p.hands[s][Vanishing] == 0 || p.cells[m.From] != own || !p.board.InPlay(m.To) || p.cells[m.To] != 0 {
			return false
		}
		p.hands[s][Vanishing]--
		p.move(m.From, m.To)
	default:
		return false
	}
	p.turn, p.passes = next, 0
	return true
}

// Check explains why a move is illegal, or returns nil. Whether the move
// works on the board comes first and depends only on public facts; whether
// the card is in hand comes last, so the reason for a refusal never depends
// on a hidden hand unless that is the only reason (ruling C-4).
func (p *Position) Check(m Move) error {
	if err := p.checkBoard(m); err != nil {
		return err
	}
	if k, ok := m.Action.Card(); ok && p.hands[p.turn][k] == 0 {
		return noCardError{k}
	}
	return nil
}

// checkBoard explains why a move cannot be made whatever the mover holds.
func (p *Position) checkBoard(m Move) error {
	switch p.Phase() {
	case Choosing:
		return fmt.Errorf("%w: players are still choosing which cards to keep", rules.ErrIllegal)
	case Over:
		return fmt.Errorf("%w: the game is over", rules.ErrIllegal)
	}
	if m.Action == Pass {
		return nil
	}
	if m.Action > PlayDoubleDragon {
		return fmt.Errorf("%w: unknown action", rules.ErrIllegal)
	}
	b, s := p.board, p.turn
	if !b.InPlay(m.From) || !b.InPlay(m.To) {
		return fmt.Errorf("%w: that cell is not in play", rules.ErrIllegal)
	}
	own := square(p.seats[s] + 1)
	name := func(c Cell) string { return b.CellName(c) }
	if p.cells[m.From] != own {
		return fmt.Errorf("%w: %s is not one of your (%s) ninjas", rules.ErrIllegal, name(m.From), p.rules.Name(p.seats[s]))
	}
	prey := p.prey[s]
	isPrey := func(c Cell) bool { return prey&(1<<p.cells[c]) != 0 }
	notPrey := func(c Cell) error {
		if p.cells[c] == 0 {
			return fmt.Errorf("%w: %s is empty", rules.ErrIllegal, name(c))
		}
		return fmt.Errorf("%w: the ninja on %s is %s, not your prey (%s)", rules.ErrIllegal, name(c), p.rules.Name(p.cells[c].colour()), p.preyNames(s))
	}
	d, dist := b.line(m.From, m.To)
	switch m.Action {
	case Attack, PlayDoubleKick, PlayTripleKick:
		want := reach(m.Action)
		if dist != want {
			return fmt.Errorf("%w: %s ends %d cell(s) away in a straight line from %s", rules.ErrIllegal, m.Action, want, name(m.From))
		}
		for _, c := range b.rays[m.From][d][:want] {
			if !isPrey(c) {
				return notPrey(c)
			}
		}
	case PlayShuriken:
		if dist == 0 {
			return fmt.Errorf("%w: a shuriken flies along a row or column", rules.ErrIllegal)
		}
		for _, c := range b.rays[m.From][d][:dist-1] {
			if p.cells[c] != 0 {
				return fmt.Errorf("%w: the ninja on %s blocks the shuriken", rules.ErrIllegal, name(c))
			}
		}
		if !isPrey(m.To) {
			return notPrey(m.To)
		}
	case PlayBomb:
		if dist == 0 {
			return fmt.Errorf("%w: a bomb is lobbed at least one cell along a row or column", rules.ErrIllegal)
		}
		if !p.blastHits(m.To) {
			return fmt.Errorf("%w: a bomb on %s would hit nobody", rules.ErrIllegal, name(m.To))
		}
	case PlayVanish:
		if p.cells[m.To] != 0 {
			return fmt.Errorf("%w: vanishing needs an empty cell and %s is taken", rules.ErrIllegal, name(m.To))
		}
	case PlayCircleKick:
		if m.To != m.From {
			return fmt.Errorf("%w: a circle kick names only the kicking ninja", rules.ErrIllegal)
		}
		if p.preyAround(m.From, prey) == 0 {
			return fmt.Errorf("%w: no prey stands around %s", rules.ErrIllegal, name(m.From))
		}
	case PlayDoubleDragon:
		if dist != 1 {
			return fmt.Errorf("%w: the ninja that steps in must stand next to the target", rules.ErrIllegal)
		}
		if p.hurt[s]&(1<<p.cells[m.To]) == 0 {
			return fmt.Errorf("%w: Double Dragon hits a ninja of another player that is not your prey", rules.ErrIllegal)
		}
		if p.adjacentOwn(m.To, own) < 2 {
			return fmt.Errorf("%w: Double Dragon needs two of your ninjas next to %s", rules.ErrIllegal, name(m.To))
		}
	}
	return nil
}

func (p *Position) preyNames(s Seat) string {
	out := ""
	for i, c := range p.Prey(s) {
		if i > 0 {
			out += " and "
		}
		out += p.rules.Name(c)
	}
	return out
}

// line finds the direction and distance from a to b along a row or column;
// distance 0 means they are not in line. a must be in play.
func (b *Board) line(a, c Cell) (Direction, int) {
	ra, ca, rc, cc := int(b.row[a]), int(b.col[a]), int(b.row[c]), int(b.col[c])
	var d Direction
	var dist int
	switch {
	case ca == cc && rc > ra:
		d, dist = North, rc-ra
	case ra == rc && cc > ca:
		d, dist = East, cc-ca
	case ca == cc && rc < ra:
		d, dist = South, ra-rc
	case ra == rc && cc < ca:
		d, dist = West, ca-cc
	default:
		return 0, 0
	}
	if dist > int(b.rayLen[a][d]) {
		return 0, 0
	}
	return d, dist
}

// play carries out a legal move.
func (p *Position) play(m Move) {
	s := p.turn
	p.turn = s.Next(p.players)
	if m.Action == Pass {
		p.passes++
		return
	}
	p.passes = 0
	if k, ok := m.Action.Card(); ok {
		p.hands[s][k]--
	}
	b := p.board
	switch m.Action {
	case Attack, PlayDoubleKick, PlayTripleKick:
		d, dist := b.line(m.From, m.To)
		step := b.step[d]
		for i, c := 1, int(m.From); i <= dist; i++ {
			p.remove(s, Cell(c+i*step))
		}
		p.move(m.From, m.To)
	case PlayShuriken:
		p.remove(s, m.To)
	case PlayVanish:
		p.move(m.From, m.To)
	case PlayCircleKick:
		for _, c := range b.around[m.From] {
			if p.prey[s]&(1<<p.cells[c]) != 0 {
				p.remove(s, c)
			}
		}
	case PlayBomb:
		// Everyone in the blast goes, the thrower too when it stands there
		// (ruling B-3).
		p.remove(s, m.To)
		for _, c := range b.around[m.To] {
			p.remove(s, c)
		}
	case PlayDoubleDragon:
		p.remove(s, m.To)
		p.move(m.From, m.To)
	}
}

// move takes the ninja on from to the empty cell to.
func (p *Position) move(from, to Cell) {
	q := p.cells[from]
	p.cells[from], p.cells[to] = 0, q
	p.occ.del(from)
	p.occ.add(to)
	by := &p.by[q.colour()]
	by.del(from)
	by.add(to)
}

// remove eliminates whatever stands on c, crediting prey to seat s.
func (p *Position) remove(s Seat, c Cell) {
	q := p.cells[c]
	if q == 0 {
		return
	}
	if p.prey[s]&(1<<q) != 0 {
		p.taken[s]++
	}
	p.count[q.colour()]--
	p.cells[c] = 0
	p.occ.del(c)
	p.by[q.colour()].del(c)
}

// reach is how many prey an attack or kick goes through.
func reach(a Action) int {
	switch a {
	case PlayDoubleKick:
		return 2
	case PlayTripleKick:
		return 3
	}
	return 1
}

// Removed lists, in board order, the cells whose ninjas a legal move would
// eliminate. The acting ninja counts only when its own bomb catches it
// (ruling B-3); a ninja that merely moves away is not removed.
func (p *Position) Removed(m Move) []Cell {
	after := p.Clone()
	after.play(m)
	moves := m.Action == Attack || m.Action == PlayDoubleKick || m.Action == PlayTripleKick ||
		m.Action == PlayVanish || m.Action == PlayDoubleDragon
	var out []Cell
	for _, c := range p.board.cells {
		if p.cells[c] == 0 || moves && c == m.From {
			continue
		}
		if after.cells[c] != p.cells[c] {
			out = append(out, c)
		}
	}
	return out
}
