package blades

import "math/bits"

// cellSet is a set of cells as a bitboard: MaxCells bits, so the House
// (81 cells) and the Temple (135) both fit and a set copies as four words.
type cellSet [MaxCells / 64]uint64

func (s *cellSet) add(c Cell)      { s[c>>6] |= 1 << (c & 63) }
func (s *cellSet) del(c Cell)      { s[c>>6] &^= 1 << (c & 63) }
func (s *cellSet) has(c Cell) bool { return s[c>>6]&(1<<(c&63)) != 0 }

func (s *cellSet) or(o *cellSet) {
	s[0] |= o[0]
	s[1] |= o[1]
	s[2] |= o[2]
	s[3] |= o[3]
}

// meets reports whether the two sets share a cell.
func (s *cellSet) meets(o *cellSet) bool {
	return s[0]&o[0]|s[1]&o[1]|s[2]&o[2]|s[3]&o[3] != 0
}

// countAnd counts the cells in both sets.
func (s *cellSet) countAnd(o *cellSet) int {
	return bits.OnesCount64(s[0]&o[0]) + bits.OnesCount64(s[1]&o[1]) +
		bits.OnesCount64(s[2]&o[2]) + bits.OnesCount64(s[3]&o[3])
}

func (s *cellSet) and(o *cellSet) cellSet {
	return cellSet{s[0] & o[0], s[1] & o[1], s[2] & o[2], s[3] & o[3]}
}

func (s *cellSet) empty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }

// toward is the set of cells whose neighbour in direction d is in s.
func (b *Board) toward(d Direction, s *cellSet) cellSet {
	if d < South {
		return s.down(uint(b.shift[d&3])&63, &b.hasRay[d&3])
	}
	return s.up(uint(b.shift[d&3])&63, &b.hasRay[d&3])
}

// towardAll is toward in the four directions, in one call the compiler
// lays out without branches.
func (b *Board) towardAll(s *cellSet) [4]cellSet {
	return [4]cellSet{
		s.down(uint(b.shift[North])&63, &b.hasRay[North]),
		s.down(1, &b.hasRay[East]),
		s.up(uint(b.shift[South])&63, &b.hasRay[South]),
		s.up(1, &b.hasRay[West]),
	}
}

// down moves every cell k places down the cell numbers, within mask.
func (s *cellSet) down(k uint, mask *cellSet) cellSet {
	j := (64 - k) & 63
	return cellSet{(s[0]>>k | s[1]<<j) & mask[0], (s[1]>>k | s[2]<<j) & mask[1], (s[2]>>k | s[3]<<j) & mask[2], s[3] >> k & mask[3]}
}

// up moves every cell k places up the cell numbers, within mask.
func (s *cellSet) up(k uint, mask *cellSet) cellSet {
	j := (64 - k) & 63
	return cellSet{s[0] << k & mask[0], (s[1]<<k | s[0]>>j) & mask[1], (s[2]<<k | s[1]>>j) & mask[2], (s[3]<<k | s[2]>>j) & mask[3]}
}
