package blades

import (
	"math/bits"
	"slices"
)

// set2 is a cell set of a board of at most 128 cells (the House) in two
// words the compiler keeps in registers.
type set2 struct{ lo, hi uint64 }

func two(s *cellSet) set2 { return set2{s[0], s[1]} }

func (a set2) and(o set2) set2    { return set2{a.lo & o.lo, a.hi & o.hi} }
func (a set2) or(o set2) set2     { return set2{a.lo | o.lo, a.hi | o.hi} }
func (a set2) andNot(o set2) set2 { return set2{a.lo &^ o.lo, a.hi &^ o.hi} }
func (a set2) count() int         { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

// down moves every cell k places down the cell numbers (0 < k < 64).
func (a set2) down(k uint) set2 {
	return set2{a.lo>>(k&63) | a.hi<<((64-k)&63), a.hi >> (k & 63)}
}

// up moves every cell k places up the cell numbers (0 < k < 64).
func (a set2) up(k uint) set2 {
	return set2{a.lo << (k & 63), a.hi<<(k&63) | a.lo>>((64-k)&63)}
}

// geometry2 is the part of a small board's geometry move generation reads.
type geometry2 struct {
	has  [4]set2 // the cells with an in-play neighbour in each direction
	play set2
	k    uint // the row length
}

// towardEach is, for each direction d, the set of cells whose neighbour in
// d is in s[d].
func (g *geometry2) towardEach(s *[4]set2) [4]set2 {
	return [4]set2{
		s[North].down(g.k).and(g.has[North]),
		s[East].down(1).and(g.has[East]),
		s[South].up(g.k).and(g.has[South]),
		s[West].up(1).and(g.has[West]),
	}
}

// towardAll is, for each direction d, the set of cells whose neighbour in
// d is in s.
func (g *geometry2) towardAll(s set2) [4]set2 {
	return g.towardEach(&[4]set2{s, s, s, s})
}

// grow is s with every in-play cell next to it, diagonals included: the
// cells whose 3x3 square meets s. The in-play cells form a rectangle, so
// growing along columns, then rows, reaches the diagonals.
func (g *geometry2) grow(s set2) set2 {
	cols := s.or(s.down(g.k).and(g.has[North])).or(s.up(g.k).and(g.has[South]))
	return cols.or(cols.down(1).and(g.has[East])).or(cols.up(1).and(g.has[West]))
}

// The slots of a ninja's code, in listing order: six per direction, then
// the circle kick.
const (
	slotAttack = iota
	slotDouble
	slotTriple
	slotShuriken
	slotBomb // every landing on the line
	slotDragon
	slotsPerDir
	slotCircle = 4 * slotsPerDir
)

// walkSlots are the slots whose moves are found by walking the line: a
// shuriken's target and a bomb's landings.
const walkSlots = (1<<slotShuriken | 1<<slotBomb) * (1 | 1<<slotsPerDir | 1<<(2*slotsPerDir) | 1<<(3*slotsPerDir))

// slotTemplates are the moves of each slot with To as the distance from
// the ninja's cell in cell numbers (wrapping as a Cell does).
func (b *Board) slotTemplates() [32]Move {
	var t [32]Move
	for d := range Direction(4) {
		step := Cell(b.step[d])
		base := int(d) * slotsPerDir
		t[base+slotAttack] = Move{Attack, 0, step}
		t[base+slotDouble] = Move{PlayDoubleKick, 0, 2 * step}
		t[base+slotTriple] = Move{PlayTripleKick, 0, 3 * step}
		t[base+slotShuriken] = Move{PlayShuriken, 0, step}
		t[base+slotBomb] = Move{PlayBomb, 0, step}
		t[base+slotDragon] = Move{PlayDoubleDragon, 0, step}
	}
	t[slotCircle] = Move{PlayCircleKick, 0, 0}
	return t
}

// codes holds a ninja's code per cell of a small board: bit j set when it
// has the moves of slot j.
type codes struct{ of [128]uint32 }

// mark gives every cell of s the moves of a slot.
func (c *codes) mark(s set2, slot int) {
	f := uint32(1) << (slot & 31)
	for x := s.lo; x != 0; x &= x - 1 {
		c.of[bits.TrailingZeros64(x)&63] |= f
	}
	for x := s.hi; x != 0; x &= x - 1 {
		c.of[64+bits.TrailingZeros64(x)&63] |= f
	}
}

// markEach marks s[d] with the slot of direction d.
func (c *codes) markEach(s *[4]set2, slot int) {
	for d := range s {
		c.mark(s[d], d*slotsPerDir+slot)
	}
}

// legalMoves2 is LegalMoves on a board of at most 128 cells (one playing
// position; same moves, same order). The ninjas with each kind of move in
// each direction are found as bitboards, and give each ninja a code whose
// bits are its moves in listing order; the moves are then written ninja by
// ninja from the codes, so a ninja's work is that of the moves it has.
func (p *Position) legalMoves2(buf []Move) []Move {
	s := p.turn
	prey, hurt, hand := p.prey[s], p.hurt[s], p.hands[s]
	b := p.board
	g := &b.geo2
	mine := two(&p.by[p.seats[s]])
	var preySet set2
	for m := prey >> 1; m != 0; m &= m - 1 {
		preySet = preySet.or(two(&p.by[bits.TrailingZeros16(m)]))
	}
	var code codes
	// run[d]: cells whose neighbour in d is prey; attacks are mine there.
	run := g.towardAll(preySet)
	var cand set2 // the ninjas with moves, vanishings aside
	for d := range run {
		a := run[d].and(mine)
		code.mark(a, d*slotsPerDir+slotAttack)
		cand = cand.or(a)
	}
	if hand[DoubleKick]|hand[TripleKick] != 0 {
		// A kick's cells are all prey: run2[d] has prey in the next two
		// cells; kick[d] is mine there, then mine with prey in three.
		next := g.towardEach(&run)
		var run2, kick [4]set2
		for d := range run2 {
			run2[d] = run[d].and(next[d])
			kick[d] = run2[d].and(mine)
		}
		if hand[DoubleKick] > 0 {
			code.markEach(&kick, slotDouble)
		}
		if hand[TripleKick] > 0 {
			next = g.towardEach(&run2)
			for d := range kick {
				kick[d] = kick[d].and(next[d])
			}
			code.markEach(&kick, slotTriple)
		}
	}
	empty := g.play.andNot(two(&p.occ))
	if hand[Shuriken] > 0 {
		// Cells whose first ninja in d is prey: grown from the cells next
		// to prey through empty cells.
		f := run
		for {
			var through [4]set2
			for d := range through {
				through[d] = f[d].and(empty)
			}
			next := g.towardEach(&through)
			grown := false
			for d := range next {
				if n := f[d].or(next[d]); n != f[d] {
					f[d], grown = n, true
				}
			}
			if !grown {
				break
			}
		}
		for d := range f {
			f[d] = f[d].and(mine)
			cand = cand.or(f[d])
		}
		code.markEach(&f, slotShuriken)
	}
	var bombable [2]uint64
	if hand[Bomb] > 0 {
		// A bomb must catch someone (ruling B-4): it may land where a
		// ninja stands in its square.
		grown := g.grow(two(&p.occ))
		bombable = [2]uint64{grown.lo, grown.hi}
		var f [4]set2
		for d := range f {
			f[d] = g.has[d].and(mine)
			cand = cand.or(f[d])
		}
		code.markEach(&f, slotBomb)
	}
	if hand[DoubleDragon] > 0 {
		// Next (in d) to a hunter's ninja with two of mine orthogonally
		// next to it.
		var hurtSet set2
		for m := hurt >> 1; m != 0; m &= m - 1 {
			hurtSet = hurtSet.or(two(&p.by[bits.TrailingZeros16(m)]))
		}
		nb := g.towardAll(mine)
		a, c, e, f := nb[0], nb[1], nb[2], nb[3]
		twoOwn := a.and(c).or(e.and(a.or(c))).or(f.and(a.or(c).or(e))).and(hurtSet)
		dragon := g.towardAll(twoOwn)
		for d := range dragon {
			dragon[d] = dragon[d].and(mine)
			cand = cand.or(dragon[d])
		}
		code.markEach(&dragon, slotDragon)
	}
	if hand[CircleKick] > 0 {
		f := g.grow(preySet).and(mine)
		code.mark(f, slotCircle)
		cand = cand.or(f)
	}
	vanishing := hand[Vanishing] > 0
	n := len(buf)
	if !vanishing && hand[Shuriken]|hand[Bomb] == 0 {
		// Every move is a bit of a code; the slots other than walks are
		// at most 17.
		out := slices.Grow(buf, 1+17*cand.count())
		out = out[:cap(out)]
		out[n] = PassMove
		return out[:emitCodes(out, n+1, cand, &code, &b.tmpl)]
	}
	// Room for a ninja's moves: its code's, the landings of a bomb on its
	// lines (one more is written than kept) and its vanishings.
	extra := 1
	if hand[Bomb] > 0 {
		extra += b.Cols + b.Rows - 2
	}
	if vanishing {
		cand = mine
		extra += empty.count()
	}
	buf = append(buf, PassMove)
	out := buf[:cap(buf)]
	n++
	// With room for the most any ninja can have, nobody need look again.
	tight := cap(out)-n < cand.count()*(17+4+extra)
	steps := b.step
	tmpl := &b.tmpl
	vanish, vanishes := -1, 0 // where the first ninja's vanishings start, how many
	for w, x := range [2]uint64{cand.lo, cand.hi} {
		for ; x != 0; x &= x - 1 {
			i := w<<6 | bits.TrailingZeros64(x)
			from := Cell(i)
			c := code.of[i&127]
			if tight && cap(out)-n < bits.OnesCount32(c)+extra {
				out = slices.Grow(out[:n], bits.OnesCount32(c)+extra)
				out = out[:cap(out)]
			}
			if c&walkSlots == 0 {
				for ; c != 0; c &= c - 1 {
					t := tmpl[bits.TrailingZeros32(c)&31]
					out[n] = Move{t.Action, from, from + t.To}
					n++
				}
			}
			for ; c != 0; c &= c - 1 {
				j := bits.TrailingZeros32(c) & 31
				t := tmpl[j]
				if walkSlots>>j&1 == 0 {
					out[n] = Move{t.Action, from, from + t.To}
					n++
					continue
				}
				d := Direction(j / slotsPerDir & 3)
				if t.Action == PlayShuriken {
					// The flight ends on prey, so the walk stops in the ray.
					step := Cell(steps[d])
					to := from + step
					for p.cells[to] == 0 {
						to += step
					}
					out[n] = Move{PlayShuriken, from, to}
					n++
					continue
				}
				step := Cell(steps[d])
				to := from
				for range b.rayLen[from][d] {
					to += step
					out[n] = Move{PlayBomb, from, to}
					n += int(bombable[to>>6&1] >> (to & 63) & 1)
				}
			}
			if !vanishing {
				continue
			}
			if vanish < 0 {
				vanish = n
				for v, e := range [2]uint64{empty.lo, empty.hi} {
					for ; e != 0; e &= e - 1 {
						out[n] = Move{PlayVanish, from, Cell(v<<6 | bits.TrailingZeros64(e))}
						n++
					}
				}
				vanishes = n - vanish
				continue
			}
			// The same empty cells as the first ninja's: copy its
			// vanishings and put this ninja in.
			v := out[n : n+vanishes]
			copy(v, out[vanish:vanish+vanishes])
			for j := range v {
				v[j].From = from
			}
			n += vanishes
		}
	}
	return out[:n]
}

// emitCodes writes the moves of the ninjas of cand from their codes, which
// hold no walk slots, into out from n, and returns the new length.
func emitCodes(out []Move, n int, cand set2, code *codes, tmpl *[32]Move) int {
	for x := cand.lo; x != 0; x &= x - 1 {
		i := bits.TrailingZeros64(x) & 63
		from := Cell(i)
		for c := code.of[i]; c != 0; c &= c - 1 {
			t := tmpl[bits.TrailingZeros32(c)&31]
			out[n] = Move{t.Action, from, from + t.To}
			n++
		}
	}
	for x := cand.hi; x != 0; x &= x - 1 {
		i := 64 + bits.TrailingZeros64(x)&63
		from := Cell(i)
		for c := code.of[i]; c != 0; c &= c - 1 {
			t := tmpl[bits.TrailingZeros32(c)&31]
			out[n] = Move{t.Action, from, from + t.To}
			n++
		}
	}
	return n
}
