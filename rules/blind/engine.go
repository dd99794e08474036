package blind

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Play is an Action as the engine interface (rules.Engine) holds it: a
// comparable value of eight bytes, so a search can key tables by it and
// listing plays allocates nothing and writes one word each. Above the low
// 32 bits: the seat, the number of orders, for a placement the squares of
// the seat's home edge whose bits are set (bit i: the edge's i-th square in
// label order; never none, as four are placed), and the usual-order flag.
//
// A turn's orders in the usual order (silent orders in ninja order, then
// slashes in ninja order: as the engine lists them) set the flag and are
// kept by ninja: four bits at 4k for ninja k+1's kind and facing, and bit
// 16+k when it has an order. So a listing writes each ninja's order in the
// same place whatever the others' are. Orders in any other order (slashes
// reordered, or orders Act refuses, such as two for one ninja) are kept as
// given, a byte each (see code). The same orders always read the same way.
type Play struct{ v uint64 }

const (
	playSeat  = 32
	playCount = 40
	playEdge  = 48
	playUsual = 56
	playGiven = 16 // by ninja: the bits of the ninjas with an order
)

func newPlay(seat rules.Seat, n int, orders uint32) Play {
	return Play{uint64(orders) | uint64(seat)<<playSeat | uint64(n)<<playCount}
}

func (p Play) orders() uint32 { return uint32(p.v) }
func (p Play) count() int     { return int(p.v >> playCount & 0xff) }
func (p Play) edge() uint8    { return uint8(p.v >> playEdge) }
func (p Play) usual() bool    { return p.v>>playUsual&1 != 0 }

// code packs an order into a byte: the ninja's number in the low four bits
// (ParseAction keeps any digit, for Act to refuse), then the kind, then the
// facing.
func code(o Order) uint32 { return uint32(o.Ninja) | uint32(o.Kind)<<4 | uint32(o.Face)<<6 }

func decode(c uint32) Order {
	return Order{Ninja: int(c & 15), Kind: Kind(c >> 4 & 3), Face: Facing(c >> 6 & 3)}
}

// byNinja is an order of ninja k (0-3) as a play in the usual order keeps
// it.
func byNinja(k int, kind Kind, face Facing) uint64 {
	return (uint64(kind)|uint64(face)<<2)<<(4*k) | 1<<(playGiven+k)
}

// packOrders is a play of orders as given: by ninja when they are in the
// usual order, else a byte each (at most four).
func packOrders(seat rules.Seat, orders []Order) Play {
	usual := uint64(1) << playUsual
	given, slashing, last := 0, false, 0
	for _, o := range orders {
		switch {
		case o.Ninja < 1 || o.Ninja > Ninjas || given&(1<<(o.Ninja-1)) != 0:
			usual = 0
		case o.Kind == Slash && !slashing:
			slashing, last = true, 0
		case o.Kind != Slash && slashing:
			usual = 0
		}
		if usual == 0 || o.Ninja <= last || o.Kind != Turn && o.Face != North {
			usual = 0
			break
		}
		given |= 1 << (o.Ninja - 1)
		last = o.Ninja
	}
	if usual == 0 {
		var raw uint32
		for i, o := range orders {
			raw |= code(o) << (8 * i)
		}
		return newPlay(seat, len(orders), raw)
	}
	p := newPlay(seat, len(orders), 0).v | usual
	for _, o := range orders {
		p |= byNinja(o.Ninja-1, o.Kind, o.Face)
	}
	return Play{p}
}

// Seat is the seat whose play it is.
func (p Play) Seat() rules.Seat { return rules.Seat(p.v >> playSeat & 0xff) }

// Start reports whether the play places the seat's ninjas.
func (p Play) Start() bool { return p.edge() != 0 }

// Orders are a turn's orders in the order given: the first n of o.
func (p Play) Orders() (o [Ninjas]Order, n int) {
	if !p.usual() {
		n = p.count()
		for i := range n {
			o[i] = decode(p.orders() >> (8 * i))
		}
		return o, n
	}
	for _, slashes := range [2]bool{false, true} {
		for k := range Ninjas {
			c := p.v >> (4 * k)
			if p.v&(1<<(playGiven+k)) != 0 && (Kind(c&3) == Slash) == slashes {
				o[n] = Order{Ninja: k + 1, Kind: Kind(c & 3), Face: Facing(c >> 2 & 3)}
				n++
			}
		}
	}
	return o, n
}

// Action is the play as Apply takes it.
func (p Play) Action(g Grid, players int) Action {
	a := Action{Seat: p.Seat()}
	if p.Start() {
		a.Kind = ActStart
		for i, q := range g.Edge(Side(players, int(p.Seat()))) {
			if p.edge()&(1<<i) != 0 {
				a.Squares = append(a.Squares, q)
			}
		}
		return a
	}
	a.Kind = ActOrders
	o, n := p.Orders()
	a.Orders = append([]Order(nil), o[:n]...)
	return a
}

// State is a game behind the engine interface. Its game keeps no log of
// events (Game.Events): a search never reads it, and Apply's events are the
// companion's business.
type State struct {
	g *Game
	// What the last listing of orders worked out, for Act to use until
	// the state changes: which sets of the seat's ninjas may step
	// together (stepSets). A clone starts without it.
	listed bool
	fine   uint16
}

var _ rules.Engine[*State, Play] = (*State)(nil)

// NewState puts the engine interface on a game (a copy of it).
func NewState(g *Game) *State {
	c := g.Clone()
	c.quiet, c.events = true, nil
	return &State{g: c}
}

// Game is the game (a copy, with no events).
func (s *State) Game() *Game {
	c := s.g.Clone()
	c.quiet = false
	return c
}

// Clone is an independent copy.
func (s *State) Clone() *State { return &State{g: s.g.Clone()} }

// Players is the number of seats.
func (s *State) Players() int { return len(s.g.players) }

// ToAct lists the seats still to place their ninjas (they choose at once,
// none seeing another's squares), or the seat to give orders.
func (s *State) ToAct(buf []rules.Seat) []rules.Seat {
	switch s.g.stage {
	case StageStart:
		for k := range s.g.players {
			if q := s.g.first.Offset(k, len(s.g.players)); !s.g.players[q].Placed {
				buf = append(buf, q)
			}
		}
	case StagePlay:
		buf = append(buf, s.g.toAct)
	}
	return buf
}

// Actions lists seat's legal plays: every choice of four squares of its
// edge while it places, or every set of orders on its turn. Orders are
// listed once per set, silent ones first, slashes in ninja order; Act
// also takes the slashes in another order, as a person may give them (W-9).
func (s *State) Actions(seat rules.Seat, buf []Play) []Play {
	var l lister
	switch s.prepare(seat, &l) {
	case playsStart:
		for _, m := range startEdges {
			buf = append(buf, Play{uint64(seat)<<playSeat | uint64(m)<<playEdge})
		}
	case playsNoOrders:
		buf = append(buf, packOrders(seat, nil))
	case playsOrders:
		buf = l.list(buf)
	}
	return buf
}

// What a seat may play.
const (
	playsNone     = iota
	playsStart    // its placement: startEdges
	playsNoOrders // orders to no ninja (never reached: a seat with none is out)
	playsOrders   // as the lister l says
)

// startEdges are the sets of four of a home edge's eight squares, as a
// placement keeps them, in the order Actions lists them.
var startEdges = func() (e []uint8) {
	for m := range 256 {
		if bits.OnesCount8(uint8(m)) == Ninjas {
			e = append(e, uint8(m))
		}
	}
	return e
}()

// prepare says what seat may play and, for orders, sets l up to list or
// count them.
func (s *State) prepare(seat rules.Seat, l *lister) int {
	g := s.g
	switch {
	case int(seat) < 0 || int(seat) >= len(g.players):
		return playsNone
	case g.stage == StageStart && !g.players[seat].Placed:
		return playsStart
	case g.stage != StagePlay || seat != g.toAct:
		return playsNone
	}
	p := &g.players[seat]
	movable := 0 // the ninjas that can step ahead
	// Own ninjas' squares and the squares they face, as bits, to tell
	// whether any step could meet another ninja (squares off the grid
	// are never stepped onto).
	var stand, faced, twice uint64
	for k := range p.Ninjas {
		n := &p.Ninjas[k]
		if !n.Alive {
			continue
		}
		stand |= 1 << (n.At.Col<<3 | n.At.Row)
		ahead := n.At.Ahead(n.Face)
		on := g.grid.On(ahead)
		if on {
			movable |= 1 << k
			bit := uint64(1) << (ahead.Col<<3 | ahead.Row)
			twice |= faced & bit
			faced |= bit
		}
		l.choices[l.na] = &choices[k][n.Face][b2i(on)]
		l.alive[l.na], l.counts[l.na] = k, 4+2*b2i(on)
		l.na++
	}
	if l.na == 0 {
		return playsNoOrders
	}
	l.fine = everySet
	if stand&faced != 0 || twice != 0 {
		l.fine = stepSets(p, movable)
	}
	s.listed, s.fine = true, l.fine
	l.inner(newPlay(seat, l.na, 0).v | 1<<playUsual)
	return playsOrders
}

// choices are each ninja's choices by its facing and whether it faces a
// square of the grid: a step first (when it can step), then standing and
// turning, a slash last.
var choices = func() (c [Ninjas][4][2][6]pair) {
	for k := range Ninjas {
		for face := North; face <= West; face++ {
			for on := range 2 {
				x := 0
				add := func(kind Kind, f Facing, steps int) {
					c[k][face][on][x] = pair{bits: byNinja(k, kind, f), steps: steps}
					x++
				}
				if on == 1 {
					add(Move, North, 1)
				}
				add(Stand, North, 0)
				for f := North; f <= West; f++ {
					if f != face {
						add(Turn, f, 0)
					}
				}
				if on == 1 {
					add(Slash, North, 0)
				}
			}
		}
	}
	return c
}()

// stepSets says, for each set of the movable ninjas (bit k: ninja k+1),
// whether they may all step together (W-7, as stepClash judges it): no
// ninja steps onto the square of one that stays, no two step onto one
// square, and no ring of ninjas steps each onto the next one's square.
// Whether a set of orders breaks W-7 depends only on which ninjas step, so
// a listing judges each of the 16 sets once: bit m of fine is set when set
// m may step.
const everySet = 1<<(1<<Ninjas) - 1

func stepSets(p *player, movable int) (fine uint16) {
	var ahead [Ninjas]Square
	var holder [Ninjas]int   // the living ninja on the square ahead, or -1
	var blocked [Ninjas]int  // as a set: the living ninja on the square ahead
	var together [Ninjas]int // the other ninjas stepping onto the same square
	for k, n := range p.Ninjas {
		holder[k] = -1
		if movable&(1<<k) == 0 {
			continue
		}
		ahead[k] = n.At.Ahead(n.Face)
		for j, o := range p.Ninjas {
			if o.Alive && o.At == ahead[k] {
				holder[k], blocked[k] = j, 1<<j
			}
		}
	}
	crowded := false
	for i := range Ninjas {
		crowded = crowded || blocked[i] != 0
		for j := i + 1; j < Ninjas; j++ {
			if movable&(1<<i) != 0 && movable&(1<<j) != 0 && ahead[i] == ahead[j] {
				together[i] |= 1 << j
				together[j] |= 1 << i
				crowded = true
			}
		}
	}
	if !crowded {
		// No ninja steps onto another's square, nor two onto one: every
		// set may step.
		return everySet
	}
	// The rings: a ninja stepping onto the next one's square, round to
	// the first. All of a ring must step for it to block.
	var rings [Ninjas]int
	nr := 0
	fine = 1
	for i := range Ninjas {
		ring := 1 << i
		for k, x := holder[i], 0; k >= 0 && x < Ninjas; k, x = holder[k], x+1 {
			if k == i {
				rings[nr] = ring
				nr++
				break
			}
			ring |= 1 << k
		}
	}
	// Only the sets of movable ninjas are ever asked.
	for m := movable; m != 0; m = (m - 1) & movable {
		ok := true
		for b := m; b != 0; b &= b - 1 {
			i := bits.TrailingZeros(uint(b))
			if blocked[i]&^m != 0 || together[i]&m != 0 {
				ok = false
			}
		}
		for _, r := range rings[:nr] {
			if r&^m == 0 {
				ok = false
			}
		}
		if ok {
			fine |= 1 << m
		}
	}
	return fine
}

// lister lists a turn's sets of orders.
type lister struct {
	choices [Ninjas]*[6]pair // of the ninjas taking orders, in ninja order
	counts  [Ninjas]int
	alive   [Ninjas]int // their index among the seat's ninjas
	na      int
	fine    uint16 // as stepSets says

	// The inner pair (the first two ninjas taking orders, whose orders
	// change fastest): their choices combined, with the play's head, and
	// which of them step (bit 0 the first, bit 1 the second).
	table   [combos]uint64
	steps   [combos]uint8
	ni      int
	present int // the inner step sets that occur, as a set of sets
	// The seat's ninjas that an inner or an outer step set stands for.
	innerSteps, outerSteps [4]int
}

// reset readies a lister that listed before for another turn: what
// prepare and inner add to.
func (l *lister) reset() {
	l.na, l.ni, l.present = 0, 0, 0
	l.innerSteps, l.outerSteps = [4]int{}, [4]int{}
}

// combos bounds the choices of two ninjas together.
const combos = 6 * 6

// pair is a choice of one ninja or of two, as a play in the usual order
// keeps it, and which of them step (bit 0 the first, bit 1 the second).
type pair struct {
	bits  uint64
	steps int
}

// inner fills the inner pair's table, head holding the seat, the count and
// the flag. In a play in the usual order each ninja's order has its own
// place, so the inner pair's orders are combined once, and each choice of
// the other two (the outer pair) ORs itself into a copy of the table.
func (l *lister) inner(head uint64) {
	first := l.choices[0][:l.counts[0]]
	second := [1]pair{}
	seconds := second[:]
	if l.na > 1 {
		seconds = l.choices[1][:l.counts[1]]
	}
	for _, y := range seconds {
		for _, x := range first {
			l.table[l.ni] = head | x.bits | y.bits
			l.ni++
		}
	}
	if l.fine == everySet {
		l.present = 1 // any set but none: every inner play is listed
		return
	}
	x := 0
	for _, b := range seconds {
		for _, a := range first {
			l.steps[x] = uint8(a.steps | b.steps<<1)
			l.present |= 1 << l.steps[x]
			x++
		}
	}
	// The seat's ninjas each inner and outer step set stands for.
	for v := range 4 {
		for j := range 2 {
			if v&(1<<j) != 0 {
				l.innerSteps[v] |= 1 << l.alive[j]
				l.outerSteps[v] |= 1 << l.alive[2+j]
			}
		}
	}
}

// outers is the number of the outer pair's choices.
func (l *lister) outers() int {
	n := 1
	for _, c := range l.counts[min(l.na, 2):l.na] {
		n *= c
	}
	return n
}

// outerChoice is the outer pair's choice i, the third ninja's changing
// fastest.
func (l *lister) outerChoice(i int) pair {
	switch l.na {
	case 1, 2:
		return pair{}
	case 3:
		return l.choices[2][i]
	}
	x, y := l.choices[2][i%l.counts[2]], l.choices[3][i/l.counts[2]]
	return pair{x.bits | y.bits, x.steps | y.steps<<1}
}

// list appends every set of orders to buf, the first ninja's order
// changing fastest, the last's slowest.
func (l *lister) list(buf []Play) []Play {
	total := l.ni * l.outers()
	buf = slices.Grow(buf, total)
	switch l.na {
	case 1, 2:
		return l.outer(buf, pair{})
	case 3:
		for _, x := range l.choices[2][:l.counts[2]] {
			buf = l.outer(buf, x)
		}
		return buf
	}
	for _, y := range l.choices[3][:l.counts[3]] {
		for _, x := range l.choices[2][:l.counts[2]] {
			buf = l.outer(buf, pair{x.bits | y.bits, x.steps | y.steps<<1})
		}
	}
	return buf
}

// allowed is the set of inner step sets W-7 allows with an outer choice.
func (l *lister) allowed(o pair) int {
	if l.fine == everySet {
		return l.present
	}
	ok := 0
	for v, with := range l.innerSteps {
		if l.fine&(1<<(l.outerSteps[o.steps]|with)) != 0 {
			ok |= 1 << v
		}
	}
	return ok & l.present
}

// outer appends the sets of orders of one outer choice, which buf has
// room for.
func (l *lister) outer(buf []Play, o pair) []Play {
	ok := l.allowed(o)
	i := len(buf)
	switch ok {
	case 0:
	case l.present:
		out := buf[i : i+l.ni]
		for x, t := range l.table[:l.ni] {
			out[x] = Play{t | o.bits}
		}
		buf = buf[:i+l.ni]
	default:
		for x, t := range l.table[:l.ni] {
			if ok&(1<<l.steps[x]) != 0 {
				buf = append(buf, Play{t | o.bits})
			}
		}
	}
	return buf
}

// Plays are a seat's legal plays in Actions' order, counted and read by
// their place in the list without listing them: a random playout draws
// the same play from the same random numbers as from the list, writing one
// play instead of about a thousand.
type Plays struct {
	l    lister
	seat rules.Seat
	what int
	n    int
	// When W-7 forbids some sets of steps: the plays before each outer
	// choice's, and the inner plays of each step set.
	before [combos + 1]int
	per    [4]int
}

// Plays counts seat's legal plays into ps, which may hold another turn's
// (so that a playout reuses one); Act trusts them as it trusts a listing.
func (s *State) Plays(seat rules.Seat, ps *Plays) {
	ps.seat, ps.n = seat, 0
	ps.l.reset()
	ps.what = s.prepare(seat, &ps.l)
	switch ps.what {
	case playsStart:
		ps.n = len(startEdges)
	case playsNoOrders:
		ps.n = 1
	case playsOrders:
		l := &ps.l
		no := l.outers()
		if l.fine == everySet {
			ps.n = l.ni * no
			break
		}
		ps.per = [4]int{}
		for _, v := range l.steps[:l.ni] {
			ps.per[v]++
		}
		for i := range no {
			ok, n := l.allowed(l.outerChoice(i)), 0
			for v, c := range ps.per {
				if ok&(1<<v) != 0 {
					n += c
				}
			}
			ps.before[i+1] = ps.before[i] + n
		}
		ps.n = ps.before[no]
	}
}

// Len is the number of plays: len(Actions(seat, nil)).
func (ps *Plays) Len() int { return ps.n }

// At is Actions(seat, nil)[i], for i from 0 to Len()-1.
func (ps *Plays) At(i int) Play {
	switch ps.what {
	case playsStart:
		return Play{uint64(ps.seat)<<playSeat | uint64(startEdges[i])<<playEdge}
	case playsNoOrders:
		return packOrders(ps.seat, nil)
	}
	l := &ps.l
	if l.fine == everySet {
		return Play{l.table[i%l.ni] | l.outerChoice(i/l.ni).bits}
	}
	o := 0
	for ps.before[o+1] <= i {
		o++
	}
	out := l.outerChoice(o)
	ok, j := l.allowed(out), i-ps.before[o]
	for x, t := range l.table[:l.ni] {
		if ok&(1<<l.steps[x]) != 0 {
			if j == 0 {
				return Play{t | out.bits}
			}
			j--
		}
	}
	panic("blind: play out of range")
}

// RandomPlayout plays random plays, drawn as rules.RandomPlayout draws them
// (the first seat to act, a uniform index into its plays), from Plays
// instead of a listing: the same games from the same random numbers. It
// stops when the game is over or after limit plays and reports how many it
// played.
func (s *State) RandomPlayout(r *rand.Rand, limit int) (int, error) {
	var seats [4]rules.Seat
	var ps Plays
	n := 0
	for n < limit && !s.Over() {
		to := s.ToAct(seats[:0])
		if len(to) == 0 {
			break
		}
		s.Plays(to[0], &ps)
		if ps.Len() == 0 {
			break
		}
		if err := s.Act(to[0], ps.At(r.IntN(ps.Len()))); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Act applies a play with the checks a person's orders go through. A set
// of orders is checked and carried out from an array on the stack; whatever
// those checks refuse, and every placement, goes through Apply itself, so a
// refusal reads the same.
func (s *State) Act(seat rules.Seat, a Play) error {
	if a.Seat() != seat {
		return fmt.Errorf("%w: a play of seat %s given for seat %s", rules.ErrIllegal, a.Seat(), seat)
	}
	g := s.g
	listed := s.listed
	s.listed = false
	if !a.Start() {
		o, n := a.Orders()
		act := Action{Kind: ActOrders, Seat: seat, Orders: o[:n]}
		if listed && s.fits(a) || g.publicProblem(act) == "" && g.orderProblem(act) == "" {
			g.newEvents()
			g.carryOut(act)
			return nil
		}
	} else if g.quiet && g.publicProblem(Action{Kind: ActStart, Seat: seat}) == "" {
		// Any placement ParseAction or a listing makes is four squares of
		// the edge: only the public checks are left.
		g.placeEdge(seat, a.edge())
		return nil
	}
	return g.Apply(a.Action(g.grid, len(g.players)))
}

// fits reports whether orders in the usual order are legal on the seat's
// turn that the state last listed, unchanged since: Apply's checks (see
// judge), with W-7 read from the listing's stepSets. A listed play has one
// order for each living ninja, silent orders before slashes, no turn to
// the facing it has, and no step or slash at the wall.
func (s *State) fits(a Play) bool {
	g := s.g
	if !a.usual() || a.Seat() != g.toAct || g.stage != StagePlay {
		return false
	}
	p := &g.players[a.Seat()]
	steps := 0
	for k := range Ninjas {
		n := &p.Ninjas[k]
		if !n.Alive {
			if a.v&(1<<(playGiven+k)) != 0 {
				return false
			}
			continue
		}
		if a.v&(1<<(playGiven+k)) == 0 {
			return false
		}
		c := a.v >> (4 * k)
		switch Kind(c & 3) {
		case Turn:
			if Facing(c>>2&3) == n.Face {
				return false
			}
		case Move:
			steps |= 1 << k
			fallthrough
		case Slash:
			if !g.grid.On(n.At.Ahead(n.Face)) {
				return false
			}
		}
	}
	return s.fine&(1<<steps) != 0
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.g.stage == StageOver }

// Returns: the last player standing wins; under the turn limit the players
// with the most ninjas left share it.
func (s *State) Returns(buf []float64) []float64 {
	if !s.Over() {
		for range s.g.players {
			buf = append(buf, 0)
		}
		return buf
	}
	return rules.Outcome(buf, len(s.g.players), s.g.winners)
}

// Observation is seat's View (the one the companion shows that seat) as
// JSON.
func (s *State) Observation(seat rules.Seat) string {
	b, err := json.Marshal(s.g.View(seat))
	if err != nil {
		panic("blind view does not marshal: " + err.Error())
	}
	return string(b)
}

// Notation writes a play as Action.String does: "1 orders 1:m 2:t:e 3:s
// 4:x", "2 start b8 c8 f8 g8".
func (s *State) Notation(a Play) string {
	return a.Action(s.g.grid, len(s.g.players)).String()
}

// ParseAction reads an action's notation. What no legal play could be (a
// square off the home edge, more than four orders) is refused as Act would
// refuse it.
func (s *State) ParseAction(seat rules.Seat, text string) (Play, error) {
	a, err := ParseAction(text, len(s.g.players))
	if err != nil {
		return Play{}, err
	}
	if a.Seat != seat {
		return Play{}, fmt.Errorf("%w: %q is an action of seat %s, not seat %s", rules.ErrNotation, text, a.Seat, seat)
	}
	if a.Kind == ActStart {
		var bits uint8
		edge := s.g.grid.Edge(Side(len(s.g.players), int(seat)))
		for _, q := range a.Squares {
			i := indexOf(edge, q)
			if i < 0 || bits&(1<<i) != 0 {
				return Play{}, s.g.judge(a)
			}
			bits |= 1 << i
		}
		if len(a.Squares) != Ninjas {
			return Play{}, s.g.judge(a)
		}
		return Play{uint64(seat)<<playSeat | uint64(bits)<<playEdge}, nil
	}
	if len(a.Orders) > Ninjas {
		return Play{}, s.g.judge(a)
	}
	return packOrders(seat, a.Orders), nil
}

func indexOf(edge []Square, q Square) int {
	for i, e := range edge {
		if e == q {
			return i
		}
	}
	return -1
}

// Narrate tells a play in table words, as its player (and the referee)
// knows it: the orders are secret from everyone else.
func (s *State) Narrate(seat rules.Seat, a Play) string {
	act := a.Action(s.g.grid, len(s.g.players))
	if a.Start() {
		var w []string
		for _, q := range act.Squares {
			w = append(w, q.String())
		}
		return fmt.Sprintf("seat %s places their ninjas on %s", seat, strings.Join(w, ", "))
	}
	var w []string
	for _, o := range act.Orders {
		switch o.Kind {
		case Move:
			w = append(w, fmt.Sprintf("ninja %d steps ahead", o.Ninja))
		case Turn:
			w = append(w, fmt.Sprintf("ninja %d turns %s", o.Ninja, o.Face))
		case Stand:
			w = append(w, fmt.Sprintf("ninja %d stands still", o.Ninja))
		case Slash:
			w = append(w, fmt.Sprintf("ninja %d slashes", o.Ninja))
		}
	}
	return fmt.Sprintf("seat %s: %s", seat, strings.Join(w, ", "))
}

// Rumour is a copy of s with seat's ninjas drawn again from what the whole
// table has heard (the draw Determinize makes of a seat hidden from the
// viewer), so what any other player may believe of them.
func (s *State) Rumour(seat rules.Seat, r *rand.Rand) *State {
	c := s.Clone()
	if s.g.stage != StageOver && s.g.players[seat].Placed {
		c.g.players[seat].Ninjas = s.g.sampleSeat(seat, r)
	}
	return c
}

// With is a copy of s with seat's ninjas as they stand in from.
func (s *State) With(seat rules.Seat, from *State) *State {
	c := s.Clone()
	c.g.players[seat].Ninjas = from.g.players[seat].Ninjas
	return c
}

// Determinize redraws where the other players' ninjas stand and face, and
// which of them were slain, from what seat has heard (ruling E-1). Before
// the end nothing else is hidden; once over every grid is shown (W-13).
func (s *State) Determinize(seat rules.Seat, r *rand.Rand) *State {
	c := s.Clone()
	if s.g.stage == StageOver {
		return c
	}
	for j := range s.g.players {
		if rules.Seat(j) == seat || !s.g.players[j].Placed {
			continue
		}
		c.g.players[j].Ninjas = s.g.sampleSeat(rules.Seat(j), r)
	}
	return c
}
