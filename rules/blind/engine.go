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
// listing plays allocates nothing and writes one word each. The low 32 bits
// hold a turn's orders in the order given, a byte each (see code); then the
// seat, the number of orders, and for a placement the squares of the
// seat's home edge whose bits are set (bit i: the edge's i-th square in
// label order; never none, as four are placed).
type Play struct{ v uint64 }

const (
	playSeat  = 32
	playCount = 40
	playEdge  = 48
)

func newPlay(seat rules.Seat, n int, orders uint32) Play {
	return Play{uint64(orders) | uint64(seat)<<playSeat | uint64(n)<<playCount}
}

func (p Play) orders() uint32 { return uint32(p.v) }
func (p Play) count() int     { return int(p.v >> playCount & 0xff) }
func (p Play) edge() uint8    { return uint8(p.v >> playEdge) }

// code packs an order into a byte: the ninja's number in the low four bits
// (ParseAction keeps any digit, for Act to refuse), then the kind, then the
// facing.
func code(o Order) uint32 { return uint32(o.Ninja) | uint32(o.Kind)<<4 | uint32(o.Face)<<6 }

func decode(c uint32) Order {
	return Order{Ninja: int(c & 15), Kind: Kind(c >> 4 & 3), Face: Facing(c >> 6 & 3)}
}

// Seat is the seat whose play it is.
func (p Play) Seat() rules.Seat { return rules.Seat(p.v >> playSeat & 0xff) }

// Start reports whether the play places the seat's ninjas.
func (p Play) Start() bool { return p.edge() != 0 }

// Orders are a turn's orders in the order given: the first n of o.
func (p Play) Orders() (o [Ninjas]Order, n int) {
	n = p.count()
	for i := range n {
		o[i] = decode(p.orders() >> (8 * i))
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
type State struct{ g *Game }

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
	g := s.g
	if int(seat) < 0 || int(seat) >= len(g.players) {
		return buf
	}
	switch {
	case g.stage == StageStart && !g.players[seat].Placed:
		for m := range 256 {
			if bits.OnesCount8(uint8(m)) == Ninjas {
				buf = append(buf, Play{uint64(seat)<<playSeat | uint64(m)<<playEdge})
			}
		}
		return buf
	case g.stage != StagePlay || seat != g.toAct:
		return buf
	}
	l := lister{seat: seat}
	p := &g.players[seat]
	movable := 0 // the ninjas that can step ahead
	for k, n := range p.Ninjas {
		if !n.Alive {
			continue
		}
		c := l.choices[k][:0]
		ahead := g.grid.On(n.At.Ahead(n.Face))
		if ahead {
			c = append(c, code(Order{Ninja: k + 1, Kind: Move}))
			movable |= 1 << k
		}
		c = append(c, code(Order{Ninja: k + 1, Kind: Stand}))
		for f := North; f <= West; f++ {
			if f != n.Face {
				c = append(c, code(Order{Ninja: k + 1, Kind: Turn, Face: f}))
			}
		}
		if ahead {
			c = append(c, code(Order{Ninja: k + 1, Kind: Slash}))
		}
		l.counts[k] = len(c)
	}
	l.fine = stepSets(p, movable)
	total := 1
	for k := range Ninjas {
		if l.counts[k] > 0 {
			l.alive[l.na] = k
			l.na++
			total *= l.counts[k]
		}
	}
	if l.na == 0 {
		return append(buf, newPlay(seat, 0, 0))
	}
	l.movable = movable
	l.buf = slices.Grow(buf, total)
	l.list(l.na-1, 0, 0, 0, 0, 0)
	return l.buf
}

// stepSets says, for each set of the movable ninjas (bit k: ninja k+1),
// whether they may all step together (W-7, as stepClash judges it): no
// ninja steps onto the square of one that stays, no two step onto one
// square, and no ring of ninjas steps each onto the next one's square.
// Whether a set of orders breaks W-7 depends only on which ninjas step, so
// a listing judges each of the 16 sets once.
func stepSets(p *player, movable int) (fine [1 << Ninjas]bool) {
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
	for i := range Ninjas {
		for j := i + 1; j < Ninjas; j++ {
			if movable&(1<<i) != 0 && movable&(1<<j) != 0 && ahead[i] == ahead[j] {
				together[i] |= 1 << j
				together[j] |= 1 << i
			}
		}
	}
	// The rings: a ninja stepping onto the next one's square, round to
	// the first. All of a ring must step for it to block.
	var rings [Ninjas]int
	nr := 0
	fine[0] = true
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
		fine[m] = ok
	}
	return fine
}

// lister lists a turn's sets of orders. A ninja's choices are packed
// orders, a step first (when it can step) and a slash last.
type lister struct {
	seat    rules.Seat
	choices [Ninjas][7]uint32
	counts  [Ninjas]int
	alive   [Ninjas]int // the ninjas taking orders
	na      int
	movable int // the ninjas that can step ahead
	fine    [1 << Ninjas]bool
	buf     []Play
}

// list appends every set of orders of the ninjas alive[:j+1] to those
// already chosen for the later ones: silent orders quiet (q of them, packed)
// and slashes slash (s of them), each in ninja order, and the set of
// ninjas that step. The first ninja's order changes fastest, and a set
// lists the silent orders, then the slashes (W-9).
func (l *lister) list(j int, quiet uint32, q int, slash uint32, s int, steps int) {
	if j == 0 {
		l.buf = l.first(l.buf, quiet, q, slash, s, steps)
		return
	}
	k := l.alive[j]
	own := l.choices[k][:l.counts[k]]
	moves := l.movable&(1<<k) != 0
	if j > 1 {
		for x, c := range own {
			switch {
			case moves && x == len(own)-1:
				l.list(j-1, quiet, q, c|slash<<8, s+1, steps)
			case moves && x == 0:
				l.list(j-1, c|quiet<<8, q+1, slash, s, steps|1<<k)
			default:
				l.list(j-1, c|quiet<<8, q+1, slash, s, steps)
			}
		}
		return
	}
	// The second ninja: its orders in a loop around the first's, which
	// are most of the work, written in place (the buffer has room).
	// The first ninja has four silent orders that never step (stand and
	// three turns) and, when it faces a square, a step before them and a
	// slash after.
	k0 := l.alive[0]
	var first [6]uint64
	for x, c := range l.choices[k0][:l.counts[k0]] {
		first[x] = uint64(c)
	}
	firstMoves := l.movable&(1<<k0) != 0
	seat := uint64(l.seat) << playSeat
	buf := l.buf
	for x, c := range own {
		quiet, q, slash, s, steps := quiet, q, slash, s, steps
		switch {
		case moves && x == len(own)-1:
			slash, s = c|slash<<8, s+1
		case moves && x == 0:
			quiet, q, steps = c|quiet<<8, q+1, steps|1<<k
		default:
			quiet, q = c|quiet<<8, q+1
		}
		head := seat | uint64(1+q+s)<<playCount
		still := head | uint64(quiet<<8|slash<<(8*(q+1)))
		i := len(buf)
		switch {
		case !firstMoves:
			if l.fine[steps] {
				o := (*[4]Play)(buf[i : i+4])
				o[0], o[1], o[2], o[3] = Play{still | first[0]}, Play{still | first[1]}, Play{still | first[2]}, Play{still | first[3]}
				buf = buf[:i+4]
			}
		case l.fine[steps]:
			o := (*[6]Play)(buf[i : i+6])
			n := 0
			if l.fine[steps|1<<k0] {
				o[0] = Play{still | first[0]}
				n = 1
			}
			o[n], o[n+1], o[n+2], o[n+3] = Play{still | first[1]}, Play{still | first[2]}, Play{still | first[3]}, Play{still | first[4]}
			o[n+4] = Play{head | uint64(quiet|(uint32(first[5])|slash<<8)<<(8*q))}
			buf = buf[:i+n+5]
		case l.fine[steps|1<<k0]:
			buf = append(buf, Play{still | first[0]})
		}
	}
	l.buf = buf
}

// first appends the sets that differ only in the first ninja's order to
// buf, which has room for them.
func (l *lister) first(buf []Play, quiet uint32, q int, slash uint32, s int, steps int) []Play {
	k := l.alive[0]
	own := l.choices[k][:l.counts[k]]
	head := newPlay(l.seat, 1+q+s, 0).v
	still := head | uint64(quiet<<8|slash<<(8*(q+1)))
	i := len(buf)
	out := buf[i : i+len(own)]
	x := 0
	if l.movable&(1<<k) == 0 {
		if l.fine[steps] {
			for _, c := range own {
				out[x] = Play{still | uint64(c)}
				x++
			}
		}
		return buf[:i+x]
	}
	if l.fine[steps|1<<k] {
		out[x] = Play{still | uint64(own[0])}
		x++
	}
	if l.fine[steps] {
		for _, c := range own[1 : len(own)-1] {
			out[x] = Play{still | uint64(c)}
			x++
		}
		out[x] = Play{head | uint64(quiet|(own[len(own)-1]|slash<<8)<<(8*q))}
		x++
	}
	return buf[:i+x]
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
	if !a.Start() {
		o, n := a.Orders()
		act := Action{Kind: ActOrders, Seat: seat, Orders: o[:n]}
		if g.publicProblem(act) == "" && g.orderProblem(act) == "" {
			g.newEvents()
			g.carryOut(act)
			return nil
		}
	}
	return g.Apply(a.Action(g.grid, len(g.players)))
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
	var orders uint32
	for i, o := range a.Orders {
		orders |= code(o) << (8 * i)
	}
	return newPlay(seat, len(a.Orders), orders), nil
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
