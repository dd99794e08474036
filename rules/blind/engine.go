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
// listing plays allocates nothing and writes little. A placement holds the
// squares of the seat's home edge whose bits are set (bit i: the edge's i-th
// square in label order); a turn holds its orders in the order given, one
// byte each (see code).
type Play struct {
	orders uint32
	seat   uint8
	n      uint8
	start  bool
	edge   uint8
}

// code packs an order into a byte: the ninja's number in the low four bits
// (ParseAction keeps any digit, for Act to refuse), then the kind, then the
// facing.
func code(o Order) uint32 { return uint32(o.Ninja) | uint32(o.Kind)<<4 | uint32(o.Face)<<6 }

func decode(c uint32) Order {
	return Order{Ninja: int(c & 15), Kind: Kind(c >> 4 & 3), Face: Facing(c >> 6 & 3)}
}

// Seat is the seat whose play it is.
func (p Play) Seat() rules.Seat { return rules.Seat(p.seat) }

// Start reports whether the play places the seat's ninjas.
func (p Play) Start() bool { return p.start }

// Orders are a turn's orders in the order given: the first n of o.
func (p Play) Orders() (o [Ninjas]Order, n int) {
	for i := range int(p.n) {
		o[i] = decode(p.orders >> (8 * i))
	}
	return o, int(p.n)
}

// Action is the play as Apply takes it.
func (p Play) Action(g Grid, players int) Action {
	a := Action{Seat: p.Seat()}
	if p.start {
		a.Kind = ActStart
		for i, q := range g.Edge(Side(players, int(p.seat))) {
			if p.edge&(1<<i) != 0 {
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

// State is a game behind the engine interface.
type State struct{ g *Game }

var _ rules.Engine[*State, Play] = (*State)(nil)

// NewState puts the engine interface on a game (a copy of it).
func NewState(g *Game) *State { return &State{g: g.Clone()} }

// Game is the game (a copy).
func (s *State) Game() *Game { return s.g.Clone() }

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
				buf = append(buf, Play{seat: uint8(seat), start: true, edge: uint8(m)})
			}
		}
		return buf
	case g.stage != StagePlay || seat != g.toAct:
		return buf
	}
	p := &g.players[seat]
	var choices [Ninjas][7]uint32 // packed orders
	var counts [Ninjas]int
	movable := 0 // the ninjas that can step ahead
	for k, n := range p.Ninjas {
		if !n.Alive {
			continue
		}
		c := choices[k][:0]
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
		counts[k] = len(c)
	}
	// Whether a set of orders breaks W-7 depends only on which ninjas
	// step, so each of the 16 sets of steppers is judged once.
	var fine [1 << Ninjas]bool
	fine[0] = true
	for m := 1; m < 1<<Ninjas; m++ {
		if m&^movable != 0 {
			continue // never asked: a ninja in m cannot step
		}
		var steps [Ninjas]Order
		n := 0
		for k := range Ninjas {
			if m&(1<<k) != 0 {
				steps[n] = Order{Ninja: k + 1, Kind: Move}
				n++
			}
		}
		fine[m] = stepClash(p, steps[:n]).kind == 0
	}
	var alive [Ninjas]int // the ninjas taking orders
	na, total := 0, 1
	for k := range Ninjas {
		if counts[k] > 0 {
			alive[na] = k
			na++
			total *= counts[k]
		}
	}
	if na == 0 {
		return append(buf, Play{seat: uint8(seat)})
	}
	buf = slices.Grow(buf, total)
	// The first ninja's order changes fastest. For each choice of the
	// others, their orders are packed once: silent ones, then slashes,
	// with a byte for the first ninja's order at the head of its group.
	first := alive[0]
	firstMoves := movable&(1<<first) != 0
	own := choices[first][:counts[first]]
	quietOwn := own // the first ninja's silent orders: all but a slash
	if firstMoves {
		quietOwn = own[:len(own)-1]
	}
	var pick [Ninjas]int
	for {
		var silent, slash uint32
		var slashes [Ninjas]uint32
		quiet, loud, steps := 0, 0, 0
		for _, k := range alive[1:na] {
			c := choices[k][pick[k]]
			switch Kind(c >> 4 & 3) {
			case Slash:
				slashes[loud] = c
				loud++
				continue
			case Move:
				steps |= 1 << k
			}
			quiet++
			silent |= c << (8 * quiet)
			slash |= c << (8 * (quiet - 1))
		}
		for x, c := range slashes[:loud] {
			silent |= c << (8 * (quiet + 1 + x))
			slash |= c << (8 * (quiet + 1 + x))
		}
		play := Play{seat: uint8(seat), n: uint8(1 + quiet + loud)}
		if fine[steps] {
			// Written in place: the buffer has room for every set.
			i := len(buf)
			if firstMoves {
				if fine[steps|1<<first] {
					buf = buf[:i+1]
					play.orders = silent | quietOwn[0]
					buf[i] = play
					i++
				}
				for _, c := range quietOwn[1:] {
					buf = buf[:i+1]
					play.orders = silent | c
					buf[i] = play
					i++
				}
				buf = buf[:i+1]
				play.orders = slash | own[len(own)-1]<<(8*quiet)
				buf[i] = play
			} else {
				for _, c := range quietOwn {
					buf = buf[:i+1]
					play.orders = silent | c
					buf[i] = play
					i++
				}
			}
		} else if firstMoves && fine[steps|1<<first] {
			buf = append(buf, Play{seat: play.seat, n: play.n, orders: silent | quietOwn[0]})
		}
		j := 1
		for ; j < na; j++ {
			k := alive[j]
			if pick[k]++; pick[k] < counts[k] {
				break
			}
			pick[k] = 0
		}
		if j == na {
			return buf
		}
	}
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
	if !a.start {
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
	p := Play{seat: uint8(seat)}
	if a.Kind == ActStart {
		p.start = true
		edge := s.g.grid.Edge(Side(len(s.g.players), int(seat)))
		for _, q := range a.Squares {
			i := indexOf(edge, q)
			if i < 0 || p.edge&(1<<i) != 0 {
				return Play{}, s.g.judge(a)
			}
			p.edge |= 1 << i
		}
		if len(a.Squares) != Ninjas {
			return Play{}, s.g.judge(a)
		}
		return p, nil
	}
	if len(a.Orders) > Ninjas {
		return Play{}, s.g.judge(a)
	}
	for i, o := range a.Orders {
		p.orders |= code(o) << (8 * i)
	}
	p.n = uint8(len(a.Orders))
	return p, nil
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
	if a.start {
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
