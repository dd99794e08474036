package bots

import (
	"math"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/knights"
)

// Knights is Of Knights and Ninjas' heuristic. A move is rated by playing
// it on the determinization and comparing the seat's standing before and
// after: its gems towards the target, less the nearest rival's (so gems
// taken from a near-winner count more than gems taken from anyone else),
// plus a little for each card kept in hand (an answer to the next attack)
// and each card standing in the fortification. An attack counts, besides,
// the gems it may take, the more so the closer its target is to winning.
type Knights struct{}

// Heuristic weights, in gems at the target.
const (
	knightsGems     = 3.0
	knightsRival    = 3.0
	knightsCard     = 0.15
	knightsFort     = 0.3
	knightsAttack   = 0.3
	knightsBlock    = 1.0
	knightsRefused  = -100
	knightsValueGap = 1.5
)

var _ Heuristic[*knights.State, knights.Move] = Knights{}

// Score rates seat's moves.
func (Knights) Score(s *knights.State, seat rules.Seat, moves []knights.Move, out []float64) []float64 {
	before := knightsStanding(s.Game(), seat)
	g := s.Game()
	target := float64(g.Target())
	for _, m := range moves {
		c := s.Clone()
		if err := c.Act(seat, m); err != nil {
			out = append(out, knightsRefused)
			continue
		}
		score := knightsStanding(c.Game(), seat) - before
		if m.Type == knights.ActAttack && !m.Decline {
			score += knightsAttack + knightsBlock*float64(g.Gems(m.Seat))/target
		}
		out = append(out, score)
	}
	return out
}

// knightsStanding is seat's position in g: its share of the target in
// gems, less the best rival's, with its cards in hand and in its
// fortification. A won game is all or nothing.
func knightsStanding(g *knights.Game, seat rules.Seat) float64 {
	if w := g.Winner(); w != knights.NoSeat {
		if w == seat {
			return 100
		}
		return -100
	}
	target := float64(g.Target())
	rival := 0.0
	for t := range g.Players() {
		if rules.Seat(t) != seat {
			rival = max(rival, float64(g.Gems(rules.Seat(t))))
		}
	}
	f := g.Fort(seat)
	forts := 0
	for _, c := range [...]knights.Card{f.Castle, f.Archer, f.Minstrel} {
		if c != knights.Unknown {
			forts++
		}
	}
	return knightsGems*float64(g.Gems(seat))/target - knightsRival*rival/target +
		knightsCard*float64(g.HandSize(seat)) + knightsFort*float64(forts)
}

// Value reads each seat's standing, squashed into (-1, 1).
func (Knights) Value(s *knights.State, buf []float64) []float64 {
	g := s.Game()
	for t := range g.Players() {
		buf = append(buf, math.Tanh(knightsStanding(g, rules.Seat(t))/knightsValueGap))
	}
	return buf
}
