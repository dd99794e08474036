package bots

import (
	"math"
	"slices"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blades"
)

// Blades is Flying Blades' heuristic. A move scores each ninja it
// eliminates (a prey ninja, or with two players the common prey, counts
// whole; another seat's ninja a little; one's own costs more than a prey
// is worth), less a little for spending a card (a plain attack that does
// the same keeps it) and less for ending next to a hunter that can take
// the ninja back. A keep scores the price of what it keeps: within the
// limit, dearer cards do more.
type Blades struct{}

// Heuristic weights, in prey ninjas.
const (
	bladesOwnLoss  = 1.5
	bladesOther    = 0.3
	bladesCard     = 0.4
	bladesExposed  = 0.6
	bladesValueGap = 4.0
	bladesThreat   = 0.5
)

var _ Heuristic[*blades.State, blades.Play] = Blades{}

// Score rates seat's plays.
func (Blades) Score(s *blades.State, seat rules.Seat, plays []blades.Play, out []float64) []float64 {
	p := s.Position()
	own := p.Colour(seat)
	// Arrays by colour, not maps: easy scores every legal play each turn
	// and balancing plays hundreds of games of it.
	var prey, hunter [256]bool
	for _, c := range p.Prey(seat) {
		prey[c] = true
	}
	if p.Players() == 2 {
		prey[p.Target()] = true
	}
	var blast [9]blades.Cell
	hunters := len(p.Hunters(seat)) > 0
	for _, c := range p.Hunters(seat) {
		hunter[c] = true
	}
	for _, a := range plays {
		if a.Keep {
			out = append(out, float64(p.Rules().Price(a.Cards)))
			continue
		}
		m := a.Move
		if m.Action == blades.Pass {
			out = append(out, 0)
			continue
		}
		score := 0.0
		gone := bladesRemoved(p, m, blast[:0])
		for _, c := range gone {
			col, _ := p.At(c)
			switch {
			case col == own:
				score -= bladesOwnLoss
			case prey[col]:
				score++
			default:
				score += bladesOther
			}
		}
		if _, card := m.Action.Card(); card {
			score -= bladesCard
		}
		if ends := m.Action != blades.PlayBomb && m.Action != blades.PlayShuriken && m.Action != blades.PlayCircleKick; ends && hunters {
			for d := blades.North; d <= blades.West; d++ {
				n := p.Board().Neighbour(m.To, d)
				if n == blades.NoCell || n == m.From || slices.Contains(gone, n) {
					continue
				}
				if col, ok := p.At(n); ok && hunter[col] {
					score -= bladesExposed
					break
				}
			}
		}
		out = append(out, score)
	}
	return out
}

// bladesRemoved is p.Removed(m), found without playing m out on a copy of
// the position where the move's kind makes it plain: a vanish only moves; a
// bomb takes every ninja in its blast, the thrower too (B-3); an attack or a
// kick takes every ninja on its line up to the cell it ends on, where the
// attacker then stands (so one of its own colour there reads unchanged, as
// Removed compares cells). Search rates every move at each new node, and
// Removed's copy was most of a Blades decision.
func bladesRemoved(p *blades.Position, m blades.Move, buf []blades.Cell) []blades.Cell {
	switch m.Action {
	case blades.PlayVanish:
		return nil
	case blades.PlayBomb:
		if _, ok := p.At(m.To); ok {
			buf = append(buf, m.To)
		}
		for _, c := range p.Board().Around(m.To) {
			if _, ok := p.At(c); ok {
				buf = append(buf, c)
			}
		}
	case blades.Attack, blades.PlayDoubleKick, blades.PlayTripleKick:
		line := bladesLine(p.Board(), m.From, m.To)
		if line == nil {
			return p.Removed(m)
		}
		mover, _ := p.At(m.From)
		for _, c := range line {
			if col, ok := p.At(c); ok && (c != m.To || col != mover) {
				buf = append(buf, c)
			}
		}
	default:
		return p.Removed(m)
	}
	// In board order, as Removed lists them: the order the scores add up.
	slices.Sort(buf)
	return buf
}

// bladesLine is the cells from the one after from up to to, in a straight
// line; nil when to is not on one of from's rays.
func bladesLine(b *blades.Board, from, to blades.Cell) []blades.Cell {
	for d := blades.North; d <= blades.West; d++ {
		ray := b.Ray(from, d)
		if i := slices.Index(ray, to); i >= 0 {
			return ray[:i+1]
		}
	}
	return nil
}

// Exact: with open hands or no cards a Flying Blades state hides nothing.
func (Blades) Exact(s *blades.State) bool { return s.Position().Cards() != blades.HiddenHands }

// Value reads the scores as they stand: each seat's lead over its best
// rival, squashed into (-1, 1). With three players a ninja next to one of
// its hunter's counts bladesThreat less: the hunter may take it, and a seat
// that leaves its ninjas open loses the game to its hunter even while it
// takes more prey (ruling E-11).
func (Blades) Value(s *blades.State, buf []float64) []float64 {
	p := s.Position()
	sc := p.Outcome().Scores
	var at [8]float64
	for i, x := range sc {
		at[i] = float64(x)
	}
	if p.Players() == 3 {
		bladesExposure(p, &at)
	}
	for i := range sc {
		rival := math.Inf(-1)
		for j := range sc {
			if j != i && at[j] > rival {
				rival = at[j]
			}
		}
		buf = append(buf, math.Tanh((at[i]-rival)/bladesValueGap))
	}
	return buf
}

// bladesExposure takes bladesThreat off a three-player seat's count for
// each of its ninjas with a ninja of its hunter (the seat before it) beside
// it.
func bladesExposure(p *blades.Position, at *[8]float64) {
	var seatOf [256]int8
	for i := range 3 {
		seatOf[p.Colour(blades.Seat(i))] = int8(i + 1)
	}
	b := p.Board()
	for _, c := range b.Cells() {
		col, ok := p.At(c)
		if !ok || seatOf[col] == 0 {
			continue
		}
		i := int(seatOf[col] - 1)
		hunter := int8((i+2)%3 + 1)
		for d := blades.North; d <= blades.West; d++ {
			if n := b.Neighbour(c, d); n != blades.NoCell {
				if h, ok := p.At(n); ok && seatOf[h] == hunter {
					at[i] -= bladesThreat
					break
				}
			}
		}
	}
}

// Style: the other seats play the heuristic's policy.
func (Blades) Style() Style { return Style{Others: true} }
