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
	has    [4]set2 // the cells with an in-play neighbour in each direction
	play   set2
	k      uint // the row length
	steps  [4]Cell
	rayLen [128][4]uint8
	ray    [128][4]set2 // the cells of each line
	// short is set when no line is longer than 8 cells (the House); bombs
	// then holds every landing of each line, nearest first.
	short bool
	bombs [128][4][8]Move
	// doubling is set when shuriken lines may be found by doubling steps
	// (see fillDown): short lines and 4 rows in under 64 cells.
	doubling bool
	// bombSlots[c] has the bomb slot of each direction with a line from c.
	bombSlots [128]uint32
	// cross[c] is every cell of c's lines, where its bombs may land;
	// lineLens[c] packs their lengths a byte each.
	cross    [128]set2
	lineLens [128]uint32
	tmpl     [33]uint32 // the moves of each slot of a ninja's code, packed
	// attacks[v<<7|c] are the attacks of a ninja on c in the directions of
	// the bits of v (north first), then moves never kept. Cells of the
	// same directions are side by side: most ninjas attack in one
	// direction, and those four rows are all a listing reads.
	attacks [128 << 4][4]Move
}

// init builds the tables of a board of at most 128 cells in place.
func (g *geometry2) init(b *Board) {
	g.play, g.k, g.short = two(&b.playSet), uint(b.Cols), true
	g.tmpl = b.slotTemplates()
	for d := range g.has {
		g.has[d] = two(&b.hasRay[d])
		g.steps[d] = Cell(b.step[d])
	}
	for _, c := range b.cells {
		for d, r := range b.rays[c] {
			g.rayLen[c][d] = uint8(len(r))
			g.short = g.short && len(r) <= len(g.bombs[c][d])
			var s cellSet
			for i, x := range r {
				s.add(x)
				if i < len(g.bombs[c][d]) {
					g.bombs[c][d][i] = Move{PlayBomb, c, x}
				}
			}
			g.ray[c][d] = two(&s)
			g.cross[c] = g.cross[c].or(g.ray[c][d])
			g.lineLens[c] |= uint32(len(r)) << (8 * d)
			if len(r) > 0 {
				g.bombSlots[c] |= 1 << (d*slotsPerDir + slotBomb)
			}
		}
	}
	g.doubling = g.short && 4*g.k < 64
	for _, c := range b.cells {
		for v := range 16 {
			k := 0
			for d := range 4 {
				if v>>d&1 != 0 {
					g.attacks[v<<7|int(c)][k] = Move{Attack, c, c + Cell(b.step[d])}
					k++
				}
			}
		}
	}
}

// first is the first occupied cell from a cell in a direction; there must
// be one.
func (g *geometry2) first(occ set2, from Cell, d Direction) Cell {
	m := occ.and(g.ray[from&127][d&3])
	if d < South {
		if m.lo != 0 {
			return Cell(bits.TrailingZeros64(m.lo))
		}
		return Cell(64 + bits.TrailingZeros64(m.hi))
	}
	if m.hi != 0 {
		return Cell(127 - bits.LeadingZeros64(m.hi))
	}
	return Cell(63 - bits.LeadingZeros64(m.lo))
}

// appendBombs writes at out[n] the bomb landings of the ninja on from along
// direction d, nearest first, and returns the new length; it may write up
// to 8 moves past it.
func (g *geometry2) appendBombs(out []Move, n int, from Cell, d Direction, bombable *[2]uint64) int {
	r := g.ray[from&127][d&3]
	if r.lo&^bombable[0]|r.hi&^bombable[1] == 0 && g.short {
		// Every cell of the line will do: copy the whole line.
		*(*[8]Move)(out[n : n+8]) = g.bombs[from&127][d&3]
		return n + int(g.rayLen[from&127][d&3])
	}
	step := g.steps[d&3]
	to := from
	for range g.rayLen[from&127][d&3] {
		to += step
		out[n] = Move{PlayBomb, from, to}
		n += int(bombable[to>>6&1] >> (to & 63) & 1)
	}
	return n
}

// north, east, south and west are the cells whose neighbour in that
// direction is in s. One small function a direction, rather than four sets
// in an array, keeps the sets in registers: an array returned through
// memory in words and read back in wider loads stalled the processor.
func (g *geometry2) north(s set2) set2 { return s.down(g.k).and(g.has[North]) }
func (g *geometry2) east(s set2) set2  { return s.down(1).and(g.has[East]) }
func (g *geometry2) south(s set2) set2 { return s.up(g.k).and(g.has[South]) }
func (g *geometry2) west(s set2) set2  { return s.up(1).and(g.has[West]) }

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

// shurikenSlots and bombSlots are the slots of those cards in every
// direction.
const (
	shurikenSlots = 1 << slotShuriken * (1 | 1<<slotsPerDir | 1<<(2*slotsPerDir) | 1<<(3*slotsPerDir))
	bombSlots     = 1 << slotBomb * (1 | 1<<slotsPerDir | 1<<(2*slotsPerDir) | 1<<(3*slotsPerDir))
)

// slotTemplates are the moves of each slot packed as Action | To<<16, To
// the distance from the ninja's cell in cell numbers (wrapping as a Cell
// does): adding the cell times 0x10100 puts it in From and To (a carry out
// of To falls outside the move). The last is a move never kept, read when
// a code is spent.
func (b *Board) slotTemplates() [33]uint32 {
	var t [33]Move
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
	var packed [33]uint32
	for j, m := range t {
		packed[j] = uint32(m.Action) | uint32(m.To)<<16
	}
	return packed
}

// unpack is a packed move (Action | From<<8 | To<<16).
func unpack(v uint32) Move { return Move{Action(v), Cell(v >> 8), Cell(v >> 16)} }

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

// gather4 puts bit i of each direction's word at the slot of that direction.
func gather4(s *[4]uint64, i uint, slot int) uint32 {
	return (uint32(s[0]>>i&1) | uint32(s[1]>>i&1)<<slotsPerDir | uint32(s[2]>>i&1)<<(2*slotsPerDir) | uint32(s[3]>>i&1)<<(3*slotsPerDir)) << slot
}

// legalMoves2 is LegalMoves on a board of at most 128 cells (one playing
// position; same moves, same order). The ninjas with each kind of move in
// each direction are found as bitboards, and give each ninja a code whose
// bits are its moves in listing order; the moves are then written ninja by
// ninja from the codes, so a ninja's work is that of the moves it has.
// Attacks and shurikens, in most ninjas' codes, are read off the sets ninja
// by ninja; the sparser kinds are marked cell by cell beforehand.
func (p *Position) legalMoves2(buf []Move) []Move {
	s := p.turn
	prey, hurt, hand := p.prey[s], p.hurt[s], p.hands[s]
	b := p.board
	g := b.geo2
	mine := two(&p.by[p.seats[s]])
	occ := two(&p.occ)
	var preySet set2
	for m := prey >> 1; m != 0; m &= m - 1 {
		preySet = preySet.or(two(&p.by[bits.TrailingZeros16(m)]))
	}
	var sc scratch2
	// The codes of the sparser kinds, cleared only when the hand has any.
	sc.code = &noCodes
	if hand[DoubleKick]|hand[TripleKick]|hand[DoubleDragon]|hand[CircleKick] != 0 {
		var code codes
		sc.code = &code
	}
	// r0..r3: cells whose neighbour north, east, south, west is prey;
	// attacks are mine there.
	r0, r1, r2, r3 := g.north(preySet), g.east(preySet), g.south(preySet), g.west(preySet)
	a0, a1, a2, a3 := r0.and(mine), r1.and(mine), r2.and(mine), r3.and(mine)
	sc.setAtt(a0, a1, a2, a3)
	cand := a0.or(a1).or(a2).or(a3) // the ninjas with moves, vanishings aside
	var sparse set2                 // the ninjas with kicks, Double Dragons or circle kicks
	if hand[DoubleKick]|hand[TripleKick] != 0 {
		// A kick's cells are all prey: k0..k3 have prey in the next two
		// cells, then (triple kick) in the next three; kicks are mine there.
		k0, k1, k2, k3 := r0.and(g.north(r0)), r1.and(g.east(r1)), r2.and(g.south(r2)), r3.and(g.west(r3))
		if hand[DoubleKick] > 0 {
			m0, m1, m2, m3 := k0.and(mine), k1.and(mine), k2.and(mine), k3.and(mine)
			sc.code.mark(m0, slotDouble)
			sc.code.mark(m1, slotsPerDir+slotDouble)
			sc.code.mark(m2, 2*slotsPerDir+slotDouble)
			sc.code.mark(m3, 3*slotsPerDir+slotDouble)
			sparse = m0.or(m1).or(m2).or(m3)
		}
		if hand[TripleKick] > 0 {
			t0, t1, t2, t3 := k0.and(g.north(k0)).and(mine), k1.and(g.east(k1)).and(mine), k2.and(g.south(k2)).and(mine), k3.and(g.west(k3)).and(mine)
			sc.code.mark(t0, slotTriple)
			sc.code.mark(t1, slotsPerDir+slotTriple)
			sc.code.mark(t2, 2*slotsPerDir+slotTriple)
			sc.code.mark(t3, 3*slotsPerDir+slotTriple)
			sparse = sparse.or(t0).or(t1).or(t2).or(t3)
		}
	}
	empty := g.play.andNot(occ)
	shuriken := hand[Shuriken] > 0
	if shuriken {
		cand = cand.or(g.shurikens(preySet, empty, mine, &sc))
	}
	bomb := hand[Bomb] > 0
	if bomb {
		cand = cand.or(mine.and(g.has[0].or(g.has[1]).or(g.has[2]).or(g.has[3])))
	}
	if hand[DoubleDragon] > 0 {
		// Next (in d) to a hunter's ninja with two of mine orthogonally
		// next to it.
		var hurtSet set2
		for m := hurt >> 1; m != 0; m &= m - 1 {
			hurtSet = hurtSet.or(two(&p.by[bits.TrailingZeros16(m)]))
		}
		a, c, e, f := g.north(mine), g.east(mine), g.south(mine), g.west(mine)
		twoOwn := a.and(c).or(e.and(a.or(c))).or(f.and(a.or(c).or(e))).and(hurtSet)
		d0, d1, d2, d3 := g.north(twoOwn).and(mine), g.east(twoOwn).and(mine), g.south(twoOwn).and(mine), g.west(twoOwn).and(mine)
		sparse = sparse.or(d0).or(d1).or(d2).or(d3)
		sc.code.mark(d0, slotDragon)
		sc.code.mark(d1, slotsPerDir+slotDragon)
		sc.code.mark(d2, 2*slotsPerDir+slotDragon)
		sc.code.mark(d3, 3*slotsPerDir+slotDragon)
	}
	if hand[CircleKick] > 0 {
		f := g.grow(preySet).and(mine)
		sc.code.mark(f, slotCircle)
		sparse = sparse.or(f)
	}
	cand = cand.or(sparse)
	// Room for a ninja's moves: its code's (at most 21 without bombs),
	// the landings of a bomb on its lines (with a whole line's slack), its
	// vanishings; and four moves written past the end.
	per := 21
	if bomb {
		per += b.Cols + b.Rows - 2 + 8
	}
	vanishing := hand[Vanishing] > 0
	if vanishing {
		cand = mine
		per += empty.count()
	}
	n := len(buf)
	out := slices.Grow(buf, 5+per*cand.count())
	out = out[:cap(out)]
	out[n] = PassMove
	n++
	if !bomb && !vanishing && !shuriken {
		if sparse.lo|sparse.hi == 0 {
			return out[:g.emitAttacks(out, n, cand, &sc.att)]
		}
		return out[:g.emitPlain(out, n, cand, &sc.att, sc.code)]
	}
	if !bomb {
		var vanishTo []uint32
		if vanishing {
			var room [128]uint32
			vanishTo = room[:listVanishings(empty, &room)]
		}
		return out[:g.emitCodes(out, n, cand, &sc, shuriken, occ, vanishTo)]
	}
	return out[:g.emitWalks(out, n, cand, &sc, shuriken, vanishing, empty, occ)]
}

// shurikens stores in sc.sh the ninjas of mine with a shuriken in each
// direction and returns them all: the cells whose first ninja in d is prey,
// grown from the cells next to prey through empty cells.
func (g *geometry2) shurikens(preySet, empty, mine set2, sc *scratch2) set2 {
	if g.doubling {
		// Three doubling steps reach through the 7 empty cells a line of
		// at most 8 may hold, without a loop whose end is a guess.
		k := g.k
		f0 := g.fillDown(preySet, empty, k, g.has[North]).and(mine)
		f1 := g.fillDown(preySet, empty, 1, g.has[East]).and(mine)
		f2 := g.fillUp(preySet, empty, k, g.has[South]).and(mine)
		f3 := g.fillUp(preySet, empty, 1, g.has[West]).and(mine)
		sc.setSh(f0, f1, f2, f3)
		return f0.or(f1).or(f2).or(f3)
	}
	f0, f1, f2, f3 := g.north(preySet), g.east(preySet), g.south(preySet), g.west(preySet)
	for {
		n0, n1, n2, n3 := g.north(f0.and(empty)), g.east(f1.and(empty)), g.south(f2.and(empty)), g.west(f3.and(empty))
		grown := n0.lo&^f0.lo | n0.hi&^f0.hi | n1.lo&^f1.lo | n1.hi&^f1.hi |
			n2.lo&^f2.lo | n2.hi&^f2.hi | n3.lo&^f3.lo | n3.hi&^f3.hi
		f0, f1, f2, f3 = f0.or(n0), f1.or(n1), f2.or(n2), f3.or(n3)
		if grown == 0 {
			break
		}
	}
	f0, f1, f2, f3 = f0.and(mine), f1.and(mine), f2.and(mine), f3.and(mine)
	sc.setSh(f0, f1, f2, f3)
	return f0.or(f1).or(f2).or(f3)
}

// fillDown is the cells whose first ninja in a direction whose neighbour
// is k cells up (north or east; has the cells with one) is in prey, past
// any number of empty cells: prey is grown backwards through empty cells by
// doubling steps (the empty runs it may cross double with each), then moved
// one step. Lines must be at most 8 cells and 4k under 64.
func (g *geometry2) fillDown(prey, empty set2, k uint, has set2) set2 {
	run := empty.and(has) // empty with an empty run of 1, then 2, then 4 behind
	prey = prey.or(run.and(prey.down(k)))
	run = run.and(run.down(k))
	prey = prey.or(run.and(prey.down(2 * k)))
	run = run.and(run.down(2 * k))
	prey = prey.or(run.and(prey.down(4 * k)))
	return prey.down(k).and(has)
}

// fillUp is fillDown for the directions whose neighbour is k cells down
// (south and west).
func (g *geometry2) fillUp(prey, empty set2, k uint, has set2) set2 {
	run := empty.and(has)
	prey = prey.or(run.and(prey.up(k)))
	run = run.and(run.up(k))
	prey = prey.or(run.and(prey.up(2 * k)))
	run = run.and(run.up(2 * k))
	prey = prey.or(run.and(prey.up(4 * k)))
	return prey.up(k).and(has)
}

// emitWalks writes at out[n] the moves of the ninjas of cand when the mover
// holds a bomb, and returns the new length: bombs land along whole lines and
// every ninja has its vanishings after its other moves.
func (g *geometry2) emitWalks(out []Move, n int, cand set2, sc *scratch2, shuriken, vanishing bool, empty, occ set2) int {
	// A bomb must catch someone (ruling B-4): it may land where a ninja
	// stands in its square.
	grown := g.grow(occ)
	bombable := [2]uint64{grown.lo, grown.hi}
	var vanishTo []uint32
	if vanishing {
		var room [128]uint32
		vanishTo = room[:listVanishings(empty, &room)]
	}
	tmpl := &g.tmpl
	for w, x := range [2]uint64{cand.lo, cand.hi} {
		aw, sw := &sc.att[w], &sc.sh[w]
		for ; x != 0; x &= x - 1 {
			i := uint(bits.TrailingZeros64(x)) & 63
			cell := w<<6 | int(i)
			from := Cell(cell)
			c := sc.code.of[cell&127] | gather4(aw, i, slotAttack)
			if shuriken {
				c |= gather4(sw, i, slotShuriken)
			}
			// A shuriken at prey next to the ninja hits where its attack
			// would; only one past empty cells walks its line. Bombs are
			// copied a line at a time when every cell of each line may
			// take them (nearly always), or walked.
			cr := g.cross[cell&127]
			if c&(shurikenSlots&^(c<<(slotShuriken-slotAttack))) == 0 && cr.lo&^bombable[0]|cr.hi&^bombable[1] == 0 && g.short {
				n = g.putCross(out, n, cell, c)
			} else {
				c |= g.bombSlots[cell&127]
				n = g.walkCode(out, n, from, c, c&(bombSlots|shurikenSlots&^(c<<(slotShuriken-slotAttack))), tmpl, occ, &bombable)
			}
			if len(vanishTo) != 0 {
				n = putVanishings(out, n, from, vanishTo)
			}
		}
	}
	return n
}

// putCross writes at out[n] the moves of the ninja on cell when the mover
// holds a bomb that may land on every cell of its lines, c its code without
// the bombs and with no shuriken to aim, and returns the new length; it may
// write 8 moves past it. Direction by direction: the first of the attack,
// the kicks and the shuriken, written whether there or not and the length
// moved on if there, the others (rarely any), the line's landings copied
// whole, the Double Dragon written as the first; then the circle kick.
func (g *geometry2) putCross(out []Move, n int, cell int, c uint32) int {
	base := uint32(cell) * 0x10100
	lines, t := &g.bombs[cell&127], &g.tmpl
	lens := g.lineLens[cell&127]
	for d := range 4 {
		pre := c >> (d * slotsPerDir) & (1<<slotBomb - 1)
		out[n] = unpack(t[d*slotsPerDir+bits.TrailingZeros32(pre|1<<slotBomb)] + base)
		n += nonzero(pre)
		for pre &= pre - 1; pre != 0; pre &= pre - 1 {
			out[n] = unpack(t[(d*slotsPerDir+bits.TrailingZeros32(pre))&31] + base)
			n++
		}
		*(*[8]Move)(out[n : n+8]) = lines[d]
		n += int(lens >> (8 * d) & 0xff)
		out[n] = unpack(t[d*slotsPerDir+slotDragon] + base)
		n += int(c >> (d*slotsPerDir + slotDragon) & 1)
	}
	out[n] = Move{PlayCircleKick, Cell(cell), Cell(cell)}
	return n + int(c>>slotCircle&1)
}

// scratch2 is what one listing builds: word w of the sets of ninjas with an
// attack and with a shuriken in each direction d (att[w][d], sh[w][d]), and
// the codes of the sparser kinds, marked cell by cell.
type scratch2 struct {
	att, sh [2][4]uint64
	code    *codes
}

// setAtt and setSh store the attack and shuriken sets word by word: a
// composite literal would be built aside and copied in wider loads, which
// stall on the words just stored.
func (sc *scratch2) setAtt(a0, a1, a2, a3 set2) {
	sc.att[0][0], sc.att[0][1], sc.att[0][2], sc.att[0][3] = a0.lo, a1.lo, a2.lo, a3.lo
	sc.att[1][0], sc.att[1][1], sc.att[1][2], sc.att[1][3] = a0.hi, a1.hi, a2.hi, a3.hi
}

func (sc *scratch2) setSh(f0, f1, f2, f3 set2) {
	sc.sh[0][0], sc.sh[0][1], sc.sh[0][2], sc.sh[0][3] = f0.lo, f1.lo, f2.lo, f3.lo
	sc.sh[1][0], sc.sh[1][1], sc.sh[1][2], sc.sh[1][3] = f0.hi, f1.hi, f2.hi, f3.hi
}

// noCodes stands for the codes when the hand has none of the sparser kinds;
// it is only read.
var noCodes codes

// emitCodes writes at out[n] the moves of the ninjas of cand when the mover
// holds no bomb, each ninja's vanishings (one to each cell of vanishTo,
// packed without the ninja) after its other moves, and returns the new
// length; it may write four moves past it.
func (g *geometry2) emitCodes(out []Move, n int, cand set2, sc *scratch2, shuriken bool, occ set2, vanishTo []uint32) int {
	tmpl := &g.tmpl
	// The ninjas with a shuriken past empty cells, written first as if the
	// prey were next to them and aimed afterwards: where their moves start
	// <<32 | cell<<25 | code. Past 16, they are aimed at once (the last
	// entry is written, never kept).
	var far [17]uint64
	nf := 0
	for w, x := range [2]uint64{cand.lo, cand.hi} {
		aw, sw := &sc.att[w], &sc.sh[w]
		for ; x != 0; x &= x - 1 {
			i := uint(bits.TrailingZeros64(x)) & 63
			cell := w<<6 | int(i)
			c := sc.code.of[cell&127] | gather4(aw, i, slotAttack)
			var walk uint32
			if shuriken {
				c |= gather4(sw, i, slotShuriken)
				// A shuriken at prey next to the ninja hits where its
				// attack would; one past empty cells is aimed later.
				walk = c & shurikenSlots &^ (c << (slotShuriken - slotAttack))
				far[nf] = uint64(n)<<32 | uint64(cell)<<25 | uint64(c)
				nf += nonzero(walk)
			}
			if nf == len(far) {
				nf--
				n = g.walkCode(out, n, Cell(cell), c, walk, tmpl, occ, nil)
			} else {
				// The first two moves without a branch (most ninjas have
				// one or two), four with shurikens, then the rest.
				base := uint32(cell) * 0x10100
				m := bits.OnesCount32(c)
				out[n] = unpack(tmpl[bits.TrailingZeros32(c)] + base)
				c &= c - 1
				out[n+1] = unpack(tmpl[bits.TrailingZeros32(c)] + base)
				c &= c - 1
				k := n + 2
				if shuriken {
					out[k] = unpack(tmpl[bits.TrailingZeros32(c)] + base)
					c &= c - 1
					out[k+1] = unpack(tmpl[bits.TrailingZeros32(c)] + base)
					c &= c - 1
					k += 2
				}
				for ; c != 0; k++ {
					out[k] = unpack(tmpl[bits.TrailingZeros32(c)&31] + base)
					c &= c - 1
				}
				n += m
			}
			if len(vanishTo) != 0 {
				n = putVanishings(out, n, Cell(cell), vanishTo)
			}
		}
	}
	for _, f := range far[:nf] {
		start, from, c := int(f>>32), Cell(f>>25&127), uint32(f&(1<<25-1))
		for walk := c & shurikenSlots &^ (c << (slotShuriken - slotAttack)); walk != 0; walk &= walk - 1 {
			j := bits.TrailingZeros32(walk)
			out[start+bits.OnesCount32(c&(1<<j-1))].To = g.first(occ, from, Direction(j/slotsPerDir))
		}
	}
	return n
}

// emitPlain is emitCodes when the mover holds no shuriken either: most
// ninjas have one move or two, and none walks a line.
func (g *geometry2) emitPlain(out []Move, n int, cand set2, att *[2][4]uint64, code *codes) int {
	tmpl := &g.tmpl
	for w, x := range [2]uint64{cand.lo, cand.hi} {
		aw := &att[w]
		for ; x != 0; x &= x - 1 {
			i := uint(bits.TrailingZeros64(x)) & 63
			cell := w<<6 | int(i)
			c := code.of[cell&127] | gather4(aw, i, slotAttack)
			base := uint32(cell) * 0x10100
			// Every ninja here has a move: the first is kept, the second
			// if there is one, and the rest as they come.
			o := out[n : n+2 : n+2]
			o[0] = unpack(tmpl[bits.TrailingZeros32(c)] + base)
			c &= c - 1
			o[1] = unpack(tmpl[bits.TrailingZeros32(c)] + base)
			n += 1 + nonzero(c)
			c &= c - 1
			for ; c != 0; c &= c - 1 {
				out[n] = unpack(tmpl[bits.TrailingZeros32(c)&31] + base)
				n++
			}
		}
	}
	return n
}

// emitAttacks is emitPlain when the ninjas have attacks only: a ninja's
// directions with prey, as four bits, pick its moves from a table, copied
// four at a time (those past its own are overwritten or never kept).
func (g *geometry2) emitAttacks(out []Move, n int, cand set2, att *[2][4]uint64) int {
	for w, x := range [2]uint64{cand.lo, cand.hi} {
		aw := &att[w]
		for ; x != 0; x &= x - 1 {
			i := uint(bits.TrailingZeros64(x)) & 63
			v := aw[0]>>i&1 | aw[1]>>i&1<<1 | aw[2]>>i&1<<2 | aw[3]>>i&1<<3
			*(*[4]Move)(out[n : n+4]) = g.attacks[(int(v)<<7|w<<6|int(i))&(len(g.attacks)-1)]
			n += int(0x4332322132212110 >> (v * 4) & 0xf) // bits set in v
		}
	}
	return n
}

// putVanishings writes at out[n] the vanishings of the ninja on from, one
// to each cell of to (packed without the ninja), and returns the new length.
func putVanishings(out []Move, n int, from Cell, to []uint32) int {
	v := out[n : n+len(to)]
	v = v[:len(to)]
	f := uint32(from) << 8
	for j, t := range to {
		v[j] = unpack(t | f)
	}
	return n + len(to)
}

// nonzero is 1 when c is not 0, else 0, without a branch.
func nonzero(c uint32) int { return int((c | -c) >> 31) }

// listVanishings writes a vanishing to each empty cell, in order and packed
// without its ninja, and returns how many.
func listVanishings(empty set2, to *[128]uint32) int {
	n := 0
	for v, e := range [2]uint64{empty.lo, empty.hi} {
		for ; e != 0; e &= e - 1 {
			to[n&127] = uint32(PlayVanish) | uint32(v<<6|bits.TrailingZeros64(e))<<16
			n++
		}
	}
	return n
}

// walkCode writes the moves of a ninja's code at out[n], walking the lines
// of the slots in walk (shurikens past empty cells and bombs), and returns
// the new length; bombable is only read for bomb slots.
func (g *geometry2) walkCode(out []Move, n int, from Cell, c, walk uint32, tmpl *[33]uint32, occ set2, bombable *[2]uint64) int {
	for ; c != 0; c &= c - 1 {
		j := bits.TrailingZeros32(c) & 31
		switch {
		case walk>>j&1 == 0:
			out[n] = unpack(tmpl[j] + uint32(from)*0x10100)
			n++
		case j%slotsPerDir == slotShuriken:
			out[n] = Move{PlayShuriken, from, g.first(occ, from, Direction(j/slotsPerDir))}
			n++
		default:
			n = g.appendBombs(out, n, from, Direction(j/slotsPerDir), bombable)
		}
	}
	return n
}
