package blades

import (
	"fmt"
	"strconv"

	"github.com/ninjakit/ninjakit/data"
)

// MaxCells sizes the fixed arrays positions use; data files keep boards
// smaller (data.MaxBladesCells), so NoCell is never a real cell.
const MaxCells = 256

// Cell is a square of the board, numbered row by row from the bottom left
// (a1 = 0). NoCell marks a missing neighbour.
type Cell uint8

// NoCell marks a missing neighbour.
const NoCell Cell = 255

// Direction is one of the four orthogonal directions.
type Direction uint8

// The four directions, in the order moves are listed.
const (
	North Direction = iota
	East
	South
	West
)

// Board is the geometry of one table: its size, which cells are in play, and
// precomputed neighbours and straight lines so move generation does no
// arithmetic on coordinates.
type Board struct {
	Cols, Rows int
	inPlay     [MaxCells]bool
	// rays[c][d] lists the in-play cells met going from c in direction d,
	// nearest first; an out-of-play cell ends the line like the board edge.
	rays [MaxCells][4][]Cell
	// around[c] lists the in-play cells among the eight surrounding c.
	around [MaxCells][]Cell
	cells  []Cell // every in-play cell, in index order

	// The same geometry as fixed tables and bitboards, for move generation
	// and play without slices: the k-th cell of a ray is from+k*step[d]
	// for k up to rayLen.
	step    [4]int
	rayLen  [MaxCells][4]uint8
	blast   [MaxCells]cellSet // the cell and the eight around
	orth    [MaxCells]cellSet // the orthogonal neighbours
	row     [MaxCells]uint8
	col     [MaxCells]uint8
	playSet cellSet
	hasRay  [4]cellSet // cells with an in-play neighbour in each direction
	shift   [4]uint8   // the distance of step in cell numbers
	// small boards (at most 128 cells, the House) generate moves on
	// two-word sets read from geo2.
	small bool
	geo2  *geometry2
}

// NewBoard builds a board of cols x rows where only columns [first, first+n)
// are in play (the 4-player Temple leaves three columns out of play).
func NewBoard(cols, rows, first, n int) (*Board, error) {
	if cols < 1 || rows < 1 || cols > 26 || cols*rows > data.MaxBladesCells || first < 0 || n < 1 || first+n > cols {
		return nil, fmt.Errorf("board %dx%d with columns %d..%d in play is not possible", cols, rows, first, first+n-1)
	}
	b := &Board{Cols: cols, Rows: rows, step: [4]int{cols, 1, -cols, -1}, shift: [4]uint8{uint8(cols), 1, uint8(cols), 1}}
	for r := range rows {
		for c := first; c < first+n; c++ {
			b.inPlay[r*cols+c] = true
		}
	}
	steps := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	for i := range cols * rows {
		if !b.inPlay[i] {
			continue
		}
		cell := Cell(i)
		b.cells = append(b.cells, cell)
		c, r := i%cols, i/cols
		for d, s := range steps {
			for k := 1; ; k++ {
				x, ok := b.at(c+k*s[0], r+k*s[1])
				if !ok {
					break
				}
				b.rays[i][d] = append(b.rays[i][d], x)
			}
		}
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if x, ok := b.at(c+dc, r+dr); ok && (dr != 0 || dc != 0) {
					b.around[i] = append(b.around[i], x)
				}
			}
		}
	}
	for i := range MaxCells {
		b.row[i], b.col[i] = uint8(i/cols), uint8(i%cols)
		if !b.inPlay[i] {
			continue
		}
		b.playSet.add(Cell(i))
		b.blast[i].add(Cell(i))
		for d := range 4 {
			b.rayLen[i][d] = uint8(len(b.rays[i][d]))
			if len(b.rays[i][d]) > 0 {
				b.hasRay[d].add(Cell(i))
				b.orth[i].add(b.rays[i][d][0])
			}
		}
		for _, x := range b.around[i] {
			b.blast[i].add(x)
		}
	}
	if b.small = cols*rows <= 128; b.small {
		b.geo2 = new(geometry2)
		b.geo2.init(b)
	}
	return b, nil
}

func (b *Board) at(c, r int) (Cell, bool) {
	if c < 0 || r < 0 || c >= b.Cols || r >= b.Rows || !b.inPlay[r*b.Cols+c] {
		return 0, false
	}
	return Cell(r*b.Cols + c), true
}

// InPlay reports whether a cell may hold a ninja.
func (b *Board) InPlay(c Cell) bool { return int(c) < b.Cols*b.Rows && b.inPlay[c] }

// Cells lists every in-play cell.
func (b *Board) Cells() []Cell { return b.cells }

// Ray lists the in-play cells going from c in direction d, nearest first.
func (b *Board) Ray(c Cell, d Direction) []Cell { return b.rays[c][d] }

// Around lists the in-play cells among the eight surrounding c.
func (b *Board) Around(c Cell) []Cell { return b.around[c] }

// Neighbour returns the adjacent cell in direction d, or NoCell.
func (b *Board) Neighbour(c Cell, d Direction) Cell {
	if r := b.rays[c][d]; len(r) > 0 {
		return r[0]
	}
	return NoCell
}

// CellName writes a cell as column letter and row number, a1 at bottom left.
func (b *Board) CellName(c Cell) string {
	return string(rune('a'+int(c)%b.Cols)) + strconv.Itoa(int(c)/b.Cols+1)
}

// ParseCell reads a cell name such as "c4" and checks that it is in play.
func (b *Board) ParseCell(s string) (Cell, error) {
	if len(s) < 2 {
		return 0, fmt.Errorf("%q is not a cell: write a column letter and a row number, like c4", s)
	}
	col := int(s[0] | 0x20 - 'a')
	row, err := strconv.Atoi(s[1:])
	if col < 0 || col >= b.Cols || err != nil || row < 1 || row > b.Rows {
		return 0, fmt.Errorf("%q is not a cell of this board (columns a-%c, rows 1-%d)", s, 'a'+b.Cols-1, b.Rows)
	}
	c := Cell((row-1)*b.Cols + col)
	if !b.inPlay[c] {
		return 0, fmt.Errorf("%s is out of play in this game", b.CellName(c))
	}
	return c, nil
}
