package blades

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// TestLegalMovesMatchOracle plays random games at every table size and
// checks, position by position, that LegalMoves lists exactly what the
// straightforward generator below lists, in the same order, and that Apply
// refuses random moves that are not listed.
func TestLegalMovesMatchOracle(t *testing.T) {
	r := testRules
	rng := rand.New(rand.NewPCG(11, 12))
	var fast, slow []Move
	positions := 0
	for g := range 600 {
		players := 2 + g%4
		p := oracleStart(t, r, players, CardMode(g/4%3), rng)
		b := p.board
		for p.Phase() == Playing {
			fast = p.LegalMoves(fast[:0])
			slow = p.oracleLegalMoves(slow[:0])
			if !slices.Equal(fast, slow) {
				t.Fatalf("game %d: LegalMoves differs from the oracle in %s:\n fast %v\n slow %v", g, p, fast, slow)
			}
			// Appending after earlier moves into a buffer with no room
			// to spare keeps them and lists the same.
			kept := []Move{{Attack, 1, 2}, {PlayVanish, 3, 4}}
			after := p.LegalMoves(slices.Clip(slices.Clone(kept)))
			if !slices.Equal(after[:2], kept) || !slices.Equal(after[2:], fast) {
				t.Fatalf("game %d: LegalMoves after two moves gives %v in %s", g, after, p)
			}
			positions++
			for range 8 {
				m := Move{Action: Action(rng.IntN(10)), From: Cell(rng.IntN(b.Cols * b.Rows)), To: Cell(rng.IntN(b.Cols * b.Rows))}
				if rng.IntN(2) == 0 {
					m.From = fast[rng.IntN(len(fast))].From
				}
				q := *p
				err := q.Apply(m)
				// A pass is a pass whatever cells come with it.
				if (err == nil) != (m.Action == Pass || slices.Contains(fast, m)) {
					t.Fatalf("game %d: Apply(%v) = %v, listed %v, in %s", g, m, err, slices.Contains(fast, m), p)
				}
			}
			// Apply's short way for passes and attacks ends where the
			// full check and play end.
			m := fast[rng.IntN(len(fast))]
			want := *p
			if err := want.Check(m); err != nil {
				t.Fatal(err)
			}
			want.play(m)
			if err := p.Apply(m); err != nil {
				t.Fatal(err)
			}
			if *p != want {
				t.Fatalf("game %d: Apply(%v) gives %s, the full check and play %s", g, m, p, &want)
			}
		}
	}
	t.Logf("%d positions", positions)
}

// oracleStart fills the board with the seats' colours at random, deals the
// deck and lets each seat keep a random affordable part of its hand.
func oracleStart(tb testing.TB, r *Rules, players int, mode CardMode, rng *rand.Rand) *Position {
	tb.Helper()
	palette := r.Palette(players)
	rules.Shuffle(rng, palette)
	s := Setup{Players: players, Seats: palette[:players], First: Seat(rng.IntN(players)), Cards: mode}
	colours := s.Seats
	if players == 2 {
		s.Target = palette[2]
		colours = palette[:3]
	}
	for i := range r.Board(players).Cells() {
		s.Fill = append(s.Fill, colours[i%len(colours)])
	}
	rules.Shuffle(rng, s.Fill)
	if mode != NoCards {
		deck := r.Deck()
		rules.Shuffle(rng, deck)
		s.Hands = make([]Hand, players)
		for i := range len(deck) / players * players {
			s.Hands[i%players][deck[i]]++
		}
	}
	p, err := NewPosition(r, s)
	if err != nil {
		tb.Fatal(err)
	}
	for seat := range players {
		if !p.chooses(Seat(seat)) {
			continue
		}
		var keep Hand
		kinds := p.hands[seat].Kinds()
		rules.Shuffle(rng, kinds)
		for _, k := range kinds {
			keep[k]++
			if r.Price(keep) > r.KeepLimit || rng.IntN(4) == 0 {
				keep[k]--
			}
		}
		if err := p.Keep(Seat(seat), keep); err != nil {
			tb.Fatal(err)
		}
	}
	return p
}

// oracleLegalMoves is the move generator as it stood before the speed work
// of issue 20, kept as the reference the fast one must match.
func (p *Position) oracleLegalMoves(buf []Move) []Move {
	if p.Phase() != Playing {
		return buf
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
	var run [3][4]cellSet
	var shot, dragon [4]cellSet
	var todo [4]cellSet // own ninjas with something to do in direction d
	kicks := 1
	if hand[TripleKick] > 0 {
		kicks = 3
	} else if hand[DoubleKick] > 0 {
		kicks = 2
	}
	var empty cellSet
	for w := range empty {
		empty[w] = b.playSet[w] &^ p.occ[w]
	}
	var twoOwn cellSet // cells with at least two own orthogonal neighbours
	if hand[DoubleDragon] > 0 {
		var nb [4]cellSet
		for d := range Direction(4) {
			nb[d] = b.toward(d, mine)
		}
		for w := range twoOwn {
			a, c, e, f := nb[0][w], nb[1][w], nb[2][w], nb[3][w]
			twoOwn[w] = a&c | e&(a|c) | f&(a|c|e)
		}
		twoOwn = twoOwn.and(&hurtSet)
	}
	var cand cellSet
	for d := range Direction(4) {
		run[0][d] = b.toward(d, &preySet)
		for k := 1; k < kicks; k++ {
			next := b.toward(d, &run[k-1][d])
			run[k][d] = run[0][d].and(&next)
		}
		todo[d] = run[0][d]
		if hand[Shuriken] > 0 {
			f := run[0][d]
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
			dragon[d] = b.toward(d, &twoOwn)
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
				if run[0][d][w]>>i&1 != 0 {
					buf = append(buf, Move{Attack, from, Cell(int(from) + step)})
					if kicks >= 2 && hand[DoubleKick] > 0 && run[1][d][w]>>i&1 != 0 {
						buf = append(buf, Move{PlayDoubleKick, from, Cell(int(from) + 2*step)})
					}
					if kicks >= 3 && run[2][d][w]>>i&1 != 0 {
						buf = append(buf, Move{PlayTripleKick, from, Cell(int(from) + 3*step)})
					}
				}
				if shot[d][w]>>i&1 != 0 {
					ray := oracleRay(b, from, d)
					c := ray.lastAnd(&p.occ)
					if d < South {
						c = ray.firstAnd(&p.occ)
					}
					buf = append(buf, Move{PlayShuriken, from, c})
				}
				if hand[Bomb] > 0 {
					buf = oracleAppendBombs(buf, from, d, oracleRay(b, from, d), &bombable)
				}
				if dragon[d][w]>>i&1 != 0 {
					buf = append(buf, Move{PlayDoubleDragon, from, Cell(int(from) + step)})
				}
			}
			if circle[w]>>i&1 != 0 {
				buf = append(buf, Move{PlayCircleKick, from, from})
			}
			if hand[Vanishing] > 0 {
				for v, e := range empty {
					for ; e != 0; e &= e - 1 {
						buf = append(buf, Move{PlayVanish, from, Cell(v<<6 | bits.TrailingZeros64(e))})
					}
				}
			}
		}
	}
	return buf
}

func oracleAppendBombs(buf []Move, from Cell, d Direction, ray, bombable *cellSet) []Move {
	if d < South {
		for w := range ray {
			for x := ray[w] & bombable[w]; x != 0; x &= x - 1 {
				buf = append(buf, Move{PlayBomb, from, Cell(w<<6 | bits.TrailingZeros64(x))})
			}
		}
		return buf
	}
	for w := len(ray) - 1; w >= 0; w-- {
		for x := ray[w] & bombable[w]; x != 0; {
			i := 63 - bits.LeadingZeros64(x)
			x &^= 1 << i
			buf = append(buf, Move{PlayBomb, from, Cell(w<<6 | i)})
		}
	}
	return buf
}

// oracleRay is a ray as a set of cells.
func oracleRay(b *Board, from Cell, d Direction) *cellSet {
	var s cellSet
	for _, c := range b.rays[from][d] {
		s.add(c)
	}
	return &s
}

// firstAnd is the lowest cell in both sets, or NoCell.
func (s *cellSet) firstAnd(o *cellSet) Cell {
	for w := range s {
		if x := s[w] & o[w]; x != 0 {
			return Cell(w<<6 | bits.TrailingZeros64(x))
		}
	}
	return NoCell
}

// lastAnd is the highest cell in both sets, or NoCell.
func (s *cellSet) lastAnd(o *cellSet) Cell {
	for w := len(s) - 1; w >= 0; w-- {
		if x := s[w] & o[w]; x != 0 {
			return Cell(w<<6 | (63 - bits.LeadingZeros64(x)))
		}
	}
	return NoCell
}

// TestManyLongShurikensMatchOracle lists a position where more ninjas throw
// a shuriken past empty cells than the generator aims afterwards (18 against
// 16), so both of its ways are compared with the oracle, with each card
// that changes how a ninja's moves are written.
func TestManyLongShurikensMatchOracle(t *testing.T) {
	var red, yellow []string
	for c := 'a'; c <= 'i'; c++ {
		red = append(red, string(c)+"2", string(c)+"8")
		yellow = append(yellow, string(c)+"4", string(c)+"6")
	}
	pieces := "R:" + strings.Join(red, ",") + " Y:" + strings.Join(yellow, ",") + " B:e5"
	for _, cards := range []string{"open:S,-,-", "open:S2D,-,-", "open:S3C,-,-", "open:SV,-,-", "open:SB,-,-"} {
		p := place(t, "3:RYB", pieces, cards)
		fast := p.LegalMoves(nil)
		require.Equal(t, p.oracleLegalMoves(nil), fast, cards)
		long := 0
		for _, m := range fast {
			if _, d := p.board.line(m.From, m.To); m.Action == PlayShuriken && d > 1 {
				long++
			}
		}
		require.Equal(t, 18, long, cards)
	}
}

// TestApplyMatchesCheck tries, in every position of random games at every
// table size and card mode, every action from each of the mover's ninjas to
// its own cell and every cell of its lines: Apply (which plays most moves
// without the full check) must accept exactly what Check accepts, end where
// Check and the full play end, and refuse with Check's words, unchanged.
func TestApplyMatchesCheck(t *testing.T) {
	r := testRules
	rng := rand.New(rand.NewPCG(21, 22))
	var legal []Move
	tried := 0
	for g := range sweep.Count(t, 12, 80) {
		players := 2 + g%4
		p := oracleStart(t, r, players, CardMode(g/4%3), rng)
		b := p.board
		for p.Phase() == Playing {
			own := p.seats[p.turn]
			for _, from := range b.cells {
				if c, ok := p.At(from); !ok || c != own {
					continue
				}
				targets := []Cell{from}
				for d := range Direction(4) {
					targets = append(targets, b.rays[from][d]...)
				}
				for a := Attack; a <= PlayDoubleDragon+1; a++ {
					for _, to := range targets {
						m := Move{a, from, to}
						q := *p
						err, want := q.Apply(m), p.Check(m)
						tried++
						if (err == nil) != (want == nil) {
							t.Fatalf("game %d: Apply(%s) = %v, Check = %v, in %s", g, m.Format(b), err, want, p)
						}
						if err != nil {
							if err.Error() != want.Error() || q != *p {
								t.Fatalf("game %d: Apply(%s) refuses with %q (position kept: %v), Check with %q", g, m.Format(b), err, q == *p, want)
							}
							continue
						}
						full := *p
						full.play(m)
						if q != full {
							t.Fatalf("game %d: Apply(%s) gives %s, the full play %s", g, m.Format(b), &q, &full)
						}
					}
				}
			}
			legal = p.LegalMoves(legal[:0])
			if err := p.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d moves tried", tried)
}

// TestEveryHandMatchesOracle gives the mover, in positions of random 2- and
// 3-player games (the House, whose generator writes each kind of hand its
// own way: attacks only, kicks, Double Dragon and circle kicks, shurikens
// found by doubling steps, vanishings, bombs with each of the others), each
// of the 128 hands holding one card of some kinds, and compares LegalMoves
// with the oracle, in order.
func TestEveryHandMatchesOracle(t *testing.T) {
	r := testRules
	rng := rand.New(rand.NewPCG(31, 32))
	var fast, slow []Move
	positions := 0
	for g := range 40 {
		p := oracleStart(t, r, 2+g%2, OpenHands, rng)
		for p.Phase() == Playing {
			if rng.IntN(3) == 0 {
				q := *p
				for kinds := range 1 << NumKinds {
					var h Hand
					for k := range NumKinds {
						h[k] = uint8(kinds >> k & 1)
					}
					q.hands[q.turn] = h
					fast = q.LegalMoves(fast[:0])
					slow = q.oracleLegalMoves(slow[:0])
					if !slices.Equal(fast, slow) {
						t.Fatalf("game %d, hand %s: LegalMoves differs from the oracle in %s:\n fast %v\n slow %v", g, h, &q, fast, slow)
					}
				}
				positions++
			}
			fast = p.LegalMoves(fast[:0])
			if err := p.Apply(fast[rng.IntN(len(fast))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if positions < 500 {
		t.Fatalf("only %d positions", positions)
	}
	t.Logf("%d positions, 128 hands each", positions)
}
