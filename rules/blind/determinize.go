package blind

import (
	"math/bits"
	"math/rand/v2"

	"github.com/ninjakit/ninjakit/rules"
)

// places is a set of (square, facing) pairs: one 64-bit plane of squares
// (bit row*8+col) per facing, so a whole set steps in a few shifts.
type places [4]uint64

func bitOf(q Square) uint64 { return 1 << (q.Row*8 + q.Col) }

const (
	fileA = 0x0101010101010101
	fileH = fileA << 7
)

// mask is the set of squares of the grid.
func (g Grid) mask() uint64 {
	var m uint64
	for r := range g.Rows {
		for c := range g.Cols {
			m |= bitOf(Square{c, r})
		}
	}
	return m
}

// step is where a set of places can be after one order each: standing or
// slashing keeps a place, a turn reaches every facing of the square, a move
// goes one square ahead if the grid goes on.
func (p places) step(grid uint64) places {
	any := p[0] | p[1] | p[2] | p[3]
	return places{
		any | p[North]<<8&grid,
		any | p[East]<<1&^fileA&grid,
		any | p[South]>>8&grid,
		any | p[West]>>1&^fileH&grid,
	}
}

// facing is every place from which a slash lands on q.
func facing(g Grid, q Square) places {
	var p places
	for f := North; f <= West; f++ {
		if from := q.Ahead(f.Opposite()); g.On(from) {
			p[f] = bitOf(from)
		}
	}
	return p
}

func (p places) and(o places) places {
	return places{p[0] & o[0], p[1] & o[1], p[2] & o[2], p[3] & o[3]}
}

func (p places) without(sq uint64) places {
	return places{p[0] &^ sq, p[1] &^ sq, p[2] &^ sq, p[3] &^ sq}
}

func (p places) has(sq uint64) bool { return (p[0]|p[1]|p[2]|p[3])&sq != 0 }

func (p places) empty() bool { return p[0]|p[1]|p[2]|p[3] == 0 }

func (p places) size() int {
	return bits.OnesCount64(p[0]) + bits.OnesCount64(p[1]) + bits.OnesCount64(p[2]) + bits.OnesCount64(p[3])
}

// pick draws one place uniformly.
func (p places) pick(r *rand.Rand) (Square, Facing) {
	i := r.IntN(p.size())
	for f := range p {
		n := bits.OnesCount64(p[f])
		if i >= n {
			i -= n
			continue
		}
		m := p[f]
		for range i {
			m &= m - 1
		}
		b := bits.TrailingZeros64(m)
		return Square{Col: b % 8, Row: b / 8}, Facing(f)
	}
	panic("pick from an empty set")
}

// track is what one hidden ninja may be: the places it may stand on, or
// the square it was slain on.
type track struct {
	at    places
	alive bool
	slain Square
}

// sampleSeat draws seat j's ninjas as ruling E-1 says, from public facts
// only: j's side, the turns taken and every slash heard with its sounds.
func (g *Game) sampleSeat(j rules.Seat, r *rand.Rand) [Ninjas]ninja {
	for {
		if out, ok := g.trySeat(j, r); ok {
			return out
		}
	}
}

func (g *Game) trySeat(j rules.Seat, r *rand.Rand) ([Ninjas]ninja, bool) {
	var out [Ninjas]ninja
	grid := g.grid.mask()
	var t [Ninjas]track
	side := Side(len(g.players), int(j))
	edge := g.grid.Edge(side)
	face := side.Opposite()
	for k := range t {
		t[k].alive = true
		// Ninjas are numbered by their starting squares in label order, so
		// the k-th of four chosen among the edge's squares is one of
		// edge[k .. k+len(edge)-4].
		for i := k; i <= k+len(edge)-Ninjas; i++ {
			t[k].at[face] |= bitOf(edge[i])
		}
	}
	moved := false // j has given orders: its ninjas may have left their start
	ok := g.eachTurn(func(actor rules.Seat, now []Heard) bool {
		var slasher [Ninjas]int // the ninja behind each of j's slashes this turn
		if actor == j {
			moved = true
			var busy [Ninjas]bool
			for i, h := range now {
				aim := facing(g.grid, h.Square)
				var cand [Ninjas]int
				c := 0
				for k := range t {
					if t[k].alive && !busy[k] && !t[k].at.and(aim).empty() {
						cand[c] = k
						c++
					}
				}
				if c == 0 {
					return false
				}
				slasher[i] = cand[r.IntN(c)]
				busy[slasher[i]] = true
			}
			// A slasher gave no other order: it stands where it slashes
			// from. The others' silent orders come first (W-9).
			for k := range t {
				if t[k].alive && !busy[k] {
					t[k].at = t[k].at.step(grid)
				}
			}
			for i, h := range now {
				k := slasher[i]
				t[k].at = t[k].at.and(facing(g.grid, h.Square))
			}
		}
		for i, h := range now {
			sq := bitOf(h.Square)
			switch h.Sounds[j] {
			case Swish:
				for k := range t {
					t[k].at = t[k].at.without(sq)
				}
			case Grunt:
				var cand [Ninjas]int
				c := 0
				for k := range t {
					if t[k].alive && t[k].at.has(sq) && !(actor == j && slashesLater(slasher[:len(now)], i, k)) {
						cand[c] = k
						c++
					}
				}
				if c == 0 {
					return false
				}
				v := cand[r.IntN(c)]
				t[v].alive, t[v].slain = false, h.Square
				for k := range t {
					t[k].at = t[k].at.without(sq)
				}
			}
		}
		return true
	})
	if !ok {
		return out, false
	}
	for k := range t {
		if t[k].alive && t[k].at.empty() {
			return out, false
		}
	}
	// Draw each living ninja's place, again until no two share a square
	// and, before j's first orders, until they are numbered in label order
	// (W-6), which makes a start uniform over the edge's four-square sets.
	for range 256 {
		var used uint64
		clash := false
		for k := range t {
			if !t[k].alive {
				out[k] = ninja{At: t[k].slain}
				continue
			}
			q, f := t[k].at.pick(r)
			out[k] = ninja{At: q, Face: f, Alive: true}
			clash = clash || used&bitOf(q) != 0
			used |= bitOf(q)
		}
		for k := 1; k < Ninjas && !moved; k++ {
			clash = clash || !out[k-1].At.less(out[k].At)
		}
		if !clash {
			return out, true
		}
	}
	return out, false
}

// eachTurn calls f with each turn's actor and the slashes heard in that
// turn, in order, and stops with false as soon as f returns false. A
// player whose grunts have cost them every ninja is out and gets no turn.
func (g *Game) eachTurn(f func(actor rules.Seat, now []Heard) bool) bool {
	var live [8]int
	for s := range g.players {
		live[s] = Ninjas
	}
	heard := g.heard
	actor := g.first
	for turn := 1; turn <= g.turn; turn++ {
		n := 0
		for n < len(heard) && heard[n].Turn == turn {
			n++
		}
		now := heard[:n]
		heard = heard[n:]
		if !f(actor, now) {
			return false
		}
		for _, h := range now {
			for s, snd := range h.Sounds {
				if snd == Grunt {
					live[s]--
				}
			}
		}
		for {
			actor = actor.Next(len(g.players))
			if live[actor] > 0 {
				break
			}
		}
	}
	return true
}

// slashesLater reports whether ninja k is the slasher of a slash after the
// i-th of the turn: it was still standing then.
func slashesLater(slasher []int, i, k int) bool {
	for _, x := range slasher[i+1:] {
		if x == k {
			return true
		}
	}
	return false
}
