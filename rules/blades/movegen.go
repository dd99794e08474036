package blades

import "math/bits"

// LegalMoves appends every legal move of the player to move to buf and
// returns it; Pass is always first. Outside the playing phase there are none.
// It is the single source of truth: Apply accepts exactly these moves (the
// property test checks both against each other).
//
// Moves come ninja by ninja in cell order; per ninja, direction by direction
// (north, east, south, west): attack, double kick, triple kick, shuriken,
// bombs nearest first, Double Dragon; then its circle kick and its vanishings
// in cell order. Seeded random games depend on this order.
func (p *Position) LegalMoves(buf []Move) []Move {
	if p.Phase() != Playing {
		return buf
	}
	if p.board.small {
		return p.legalMoves2(buf)
	}
	buf = append(buf, PassMove)
	s := p.turn
	colour := p.seats[s]
	prey, hurt, hand := p.prey[s], p.hurt[s], p.hands[s]
	b := p.board
	mine := &p.by[colour]
	// Bitboards per direction d: run[k][d] holds the cells whose next k+1
	// cells in d all hold prey; shot[d] the cells whose first ninja in d is
	// prey; dragon[d] the cells next to a Double Dragon target in d.
	var preySet, hurtSet cellSet
	for m := prey >> 1; m != 0; m &= m - 1 {
		preySet.or(&p.by[bits.TrailingZeros16(m)])
	}
	for m := hurt >> 1; m != 0; m &= m - 1 {
		hurtSet.or(&p.by[bits.TrailingZeros16(m)])
	}
	// Per direction: cells with prey next, with a shuriken to throw, with a
	// Double Dragon to step into.
	var run, shot, dragon [4]cellSet
	var todo [4]cellSet // own ninjas with something to do in direction d
	var empty cellSet
	for w := range empty {
		empty[w] = b.playSet[w] &^ p.occ[w]
	}
	var twoOwn cellSet // cells with at least two own orthogonal neighbours
	if hand[DoubleDragon] > 0 {
		nb := b.towardAll(mine)
		for w := range twoOwn {
			a, c, e, f := nb[0][w], nb[1][w], nb[2][w], nb[3][w]
			twoOwn[w] = a&c | e&(a|c) | f&(a|c|e)
		}
		twoOwn = twoOwn.and(&hurtSet)
	}
	var cand cellSet
	run = b.towardAll(&preySet)
	if hand[DoubleDragon] > 0 {
		dragon = b.towardAll(&twoOwn)
	}
	for d := range Direction(4) {
		todo[d] = run[d]
		if hand[Shuriken] > 0 {
			f := run[d]
			for {
				through := f.and(&empty)
				g := b.toward(d, &through)
				g.or(&f)
				if g == f {
					break
				}
				f = g
			}
			shot[d] = f
			todo[d].or(&f)
		}
		if hand[DoubleDragon] > 0 {
			todo[d].or(&dragon[d])
		}
		if hand[Bomb] > 0 {
			todo[d].or(&b.hasRay[d])
		}
		todo[d] = todo[d].and(mine)
		cand.or(&todo[d])
	}
	var circle cellSet // own ninjas with prey among the eight around
	if hand[CircleKick] > 0 {
		circle = b.grow(&preySet)
		circle = circle.and(mine)
		cand.or(&circle)
	}
	if hand[Vanishing] > 0 {
		cand = *mine
	}
	var bombable cellSet
	if hand[Bomb] > 0 {
		// A bomb must catch someone (ruling B-4): it may land where a
		// ninja stands in its square.
		bombable = b.grow(&p.occ)
	}
	steps := b.step
	kicks := hand[DoubleKick] > 0 || hand[TripleKick] > 0
	vanish, vanishes := -1, 0 // where the first ninja's vanishings start, how many
	for w, x := range cand {
		t0, t1, t2, t3 := todo[0][w], todo[1][w], todo[2][w], todo[3][w]
		for ; x != 0; x &= x - 1 {
			i := uint(bits.TrailingZeros64(x))
			from := Cell(w<<6 | int(i))
			// The directions in which this ninja has moves, as four bits.
			ds := t0>>i&1 | t1>>i&1<<1 | t2>>i&1<<2 | t3>>i&1<<3
			for ; ds != 0; ds &= ds - 1 {
				d := Direction(bits.TrailingZeros64(ds))
				step := steps[d&3]
				if run[d][w]>>i&1 != 0 {
					buf = append(buf, Move{Attack, from, Cell(int(from) + step)})
					// Kicks: the next one or two cells of the line hold prey too.
					if kicks && b.rayLen[from][d] >= 2 && prey&(1<<p.cells[int(from)+2*step]) != 0 {
						if hand[DoubleKick] > 0 {
							buf = append(buf, Move{PlayDoubleKick, from, Cell(int(from) + 2*step)})
						}
						if hand[TripleKick] > 0 && b.rayLen[from][d] >= 3 && prey&(1<<p.cells[int(from)+3*step]) != 0 {
							buf = append(buf, Move{PlayTripleKick, from, Cell(int(from) + 3*step)})
						}
					}
				}
				if shot[d][w]>>i&1 != 0 {
					// The flight ends on prey, so the walk stops in the ray.
					c := int(from) + step
					for p.cells[Cell(c)] == 0 {
						c += step
					}
					buf = append(buf, Move{PlayShuriken, from, Cell(c)})
				}
				if hand[Bomb] > 0 {
					c := int(from)
					for range b.rayLen[from][d] {
						c += step
						if bombable.has(Cell(c)) {
							buf = append(buf, Move{PlayBomb, from, Cell(c)})
						}
					}
				}
				if dragon[d][w]>>i&1 != 0 {
					buf = append(buf, Move{PlayDoubleDragon, from, Cell(int(from) + step)})
				}
			}
			if circle[w]>>i&1 != 0 {
				buf = append(buf, Move{PlayCircleKick, from, from})
			}
			if hand[Vanishing] > 0 {
				n := len(buf)
				if vanish < 0 {
					vanish = n
					for v, e := range empty {
						for ; e != 0; e &= e - 1 {
							buf = append(buf, Move{PlayVanish, from, Cell(v<<6 | bits.TrailingZeros64(e))})
						}
					}
					vanishes = len(buf) - n
				} else {
					// The same empty cells as the first ninja's: copy its
					// vanishings and put this ninja in.
					buf = append(buf, buf[vanish:vanish+vanishes]...)
					for j := range buf[n:] {
						buf[n+j].From = from
					}
				}
			}
		}
	}
	return buf
}

// grow is s with every in-play cell next to it, diagonals included: the
// cells whose 3x3 square meets s. The in-play cells form a rectangle, so
// growing along columns, then rows, reaches the diagonals.
func (b *Board) grow(s *cellSet) cellSet {
	cols := *s
	up, down := b.toward(North, s), b.toward(South, s)
	cols.or(&up)
	cols.or(&down)
	out := cols
	right, left := b.toward(East, &cols), b.toward(West, &cols)
	out.or(&right)
	out.or(&left)
	return out
}

// blastHits reports whether a bomb landing on c would remove any ninja.
func (p *Position) blastHits(c Cell) bool {
	return p.board.blast[c].meets(&p.occ)
}

func (p *Position) adjacentOwn(c Cell, own square) int {
	return p.board.orth[c].countAnd(&p.by[own.colour()])
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
