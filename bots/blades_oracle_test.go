package bots

import (
	"slices"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blades"
)

// bladesScoreOracle is Blades.Score as it was before it found what a bomb
// or a vanish removes without Removed (commit efcb414): the reference the
// faster one must equal bit for bit.
func bladesScoreOracle(s *blades.State, seat rules.Seat, plays []blades.Play, out []float64) []float64 {
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
		gone := p.Removed(m)
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
