package bots

import (
	"math"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blind"
)

// blindScoreOracle is Blind.Score as it was before it kept its terms by
// square (commit efcb414): the reference the faster one must equal bit for
// bit, so that the bots' choices and transcripts stay the same.
func blindScoreOracle(s *blind.State, seat rules.Seat, plays []blind.Play, out []float64) []float64 {
	type blindNinja struct {
		at    blind.Square
		face  blind.Facing
		alive bool
	}
	g := s.Game()
	var mine [blind.Ninjas]blindNinja
	var enemies, threats []blind.Square
	for j := range g.Players() {
		for k := 1; k <= blind.Ninjas; k++ {
			at, face, alive := g.Ninja(rules.Seat(j), k)
			switch {
			case rules.Seat(j) == seat:
				mine[k-1] = blindNinja{at, face, alive}
			case alive && g.Placed(rules.Seat(j)):
				enemies = append(enemies, at)
				threats = append(threats, at.Ahead(face))
			}
		}
	}
	for _, a := range plays {
		if a.Start() {
			out = append(out, blindPlacement(g, seat, a))
			continue
		}
		after := mine
		var slashes [blind.Ninjas]blind.Square
		n := 0
		orders, given := a.Orders()
		for _, o := range orders[:given] {
			x := &after[o.Ninja-1]
			switch o.Kind {
			case blind.Move:
				x.at = x.at.Ahead(x.face)
			case blind.Turn:
				x.face = o.Face
			case blind.Slash:
				slashes[n] = x.at.Ahead(x.face)
				n++
			}
		}
		score := 0.0
		for _, q := range slashes[:n] {
			hit := false
			for _, e := range enemies {
				if e == q {
					score++
					hit = true
				}
			}
			for _, x := range after {
				if x.alive && x.at == q {
					score -= blindOwnLoss
					hit = true
				}
			}
			if !hit {
				score -= blindMiss
			}
		}
		for _, x := range after {
			if !x.alive {
				continue
			}
			for _, t := range threats {
				if t == x.at {
					score -= blindExposed
					break
				}
			}
			ahead, near := x.at.Ahead(x.face), math.MaxInt
			for _, e := range enemies {
				if e == ahead {
					score += blindAim
				}
				near = min(near, distance(x.at, e))
			}
			if len(enemies) > 0 {
				score -= blindApproach * float64(near)
			}
		}
		out = append(out, score)
	}
	return out
}
