package blades

// LegalMoves appends every legal move of the player to move to buf and
// returns it; Pass is always first. Outside the playing phase there are none.
// It is the single source of truth: Apply accepts exactly these moves (the
// property test checks both against each other).
func (p *Position) LegalMoves(buf []Move) []Move {
	if p.Phase() != Playing {
		return buf
	}
	buf = append(buf, PassMove)
	s := p.turn
	own := square(p.seats[s] + 1)
	prey, hurt, hand := p.prey[s], p.hurt[s], p.hands[s]
	b := p.board
	for _, from := range b.cells {
		if p.cells[from] != own {
			continue
		}
		for d := range Direction(4) {
			ray := b.rays[from][d]
			// A run of prey from the ninja outwards drives attack and kicks.
			run := 0
			for run < len(ray) && run < 3 && prey&(1<<p.cells[ray[run]]) != 0 {
				run++
			}
			if run >= 1 {
				buf = append(buf, Move{Attack, from, ray[0]})
			}
			if run >= 2 && hand[DoubleKick] > 0 {
				buf = append(buf, Move{PlayDoubleKick, from, ray[1]})
			}
			if run >= 3 && hand[TripleKick] > 0 {
				buf = append(buf, Move{PlayTripleKick, from, ray[2]})
			}
			if hand[Shuriken] > 0 {
				for _, c := range ray {
					if q := p.cells[c]; q != 0 {
						if prey&(1<<q) != 0 {
							buf = append(buf, Move{PlayShuriken, from, c})
						}
						break
					}
				}
			}
			if hand[Bomb] > 0 {
				for _, c := range ray {
					if p.blastHits(c) {
						buf = append(buf, Move{PlayBomb, from, c})
					}
				}
			}
			if hand[DoubleDragon] > 0 && len(ray) > 0 && hurt&(1<<p.cells[ray[0]]) != 0 && p.adjacentOwn(ray[0], own) >= 2 {
				buf = append(buf, Move{PlayDoubleDragon, from, ray[0]})
			}
		}
		if hand[CircleKick] > 0 && p.preyAround(from, prey) > 0 {
			buf = append(buf, Move{PlayCircleKick, from, from})
		}
		if hand[Vanishing] > 0 {
			for _, c := range b.cells {
				if p.cells[c] == 0 {
					buf = append(buf, Move{PlayVanish, from, c})
				}
			}
		}
	}
	return buf
}

// blastHits reports whether a bomb landing on c would remove any ninja.
func (p *Position) blastHits(c Cell) bool {
	if p.cells[c] != 0 {
		return true
	}
	for _, x := range p.board.around[c] {
		if p.cells[x] != 0 {
			return true
		}
	}
	return false
}

func (p *Position) adjacentOwn(c Cell, own square) int {
	n := 0
	for d := range Direction(4) {
		if x := p.board.Neighbour(c, d); x != NoCell && p.cells[x] == own {
			n++
		}
	}
	return n
}

func (p *Position) preyAround(c Cell, prey uint16) int {
	n := 0
	for _, x := range p.board.around[c] {
		if prey&(1<<p.cells[x]) != 0 {
			n++
		}
	}
	return n
}
