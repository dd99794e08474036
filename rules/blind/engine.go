package blind

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Play is an Action as the engine interface (rules.Engine) holds it: a
// comparable value with no slices, so a search can key tables by it and
// listing plays allocates nothing. Start is a placement, the squares of the
// seat's home edge whose bits are set (bit i: the edge's i-th square in label
// order); otherwise Orders[:N] are the orders in the order given.
type Play struct {
	Seat   rules.Seat
	Start  bool
	Edge   uint8
	N      uint8
	Orders [Ninjas]Order
}

// Action is the play as Apply takes it.
func (p Play) Action(g Grid, players int) Action {
	a := Action{Seat: p.Seat}
	if p.Start {
		a.Kind = ActStart
		for i, q := range g.Edge(Side(players, int(p.Seat))) {
			if p.Edge&(1<<i) != 0 {
				a.Squares = append(a.Squares, q)
			}
		}
		return a
	}
	a.Kind = ActOrders
	a.Orders = append([]Order(nil), p.Orders[:p.N]...)
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
			if onesIn(uint8(m)) == Ninjas {
				buf = append(buf, Play{Seat: seat, Start: true, Edge: uint8(m)})
			}
		}
		return buf
	case g.stage != StagePlay || seat != g.toAct:
		return buf
	}
	p := &g.players[seat]
	var choices [Ninjas][7]Order
	var counts [Ninjas]int
	movable := 0 // the ninjas that can step ahead
	for k, n := range p.Ninjas {
		if !n.Alive {
			continue
		}
		c := choices[k][:0]
		ahead := g.grid.On(n.At.Ahead(n.Face))
		if ahead {
			c = append(c, Order{Ninja: k + 1, Kind: Move})
			movable |= 1 << k
		}
		c = append(c, Order{Ninja: k + 1, Kind: Stand})
		for f := North; f <= West; f++ {
			if f != n.Face {
				c = append(c, Order{Ninja: k + 1, Kind: Turn, Face: f})
			}
		}
		if ahead {
			c = append(c, Order{Ninja: k + 1, Kind: Slash})
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
		return append(buf, Play{Seat: seat})
	}
	buf = slices.Grow(buf, total)
	// The first ninja's order changes fastest. For each choice of the
	// others, their orders are laid out once: silent ones, then slashes,
	// with a slot for the first ninja's order at the head of its group.
	first := alive[0]
	var pick [Ninjas]int
	for {
		silent, slash := Play{Seat: seat}, Play{Seat: seat}
		var slashes [Ninjas]Order
		quiet, loud, steps := 0, 0, 0
		for _, k := range alive[1:na] {
			o := choices[k][pick[k]]
			if o.Kind == Slash {
				slashes[loud] = o
				loud++
				continue
			}
			quiet++
			silent.Orders[quiet] = o
			slash.Orders[quiet-1] = o
			if o.Kind == Move {
				steps |= 1 << k
			}
		}
		for x, o := range slashes[:loud] {
			silent.Orders[quiet+1+x] = o
			slash.Orders[quiet+1+x] = o
		}
		silent.N = uint8(1 + quiet + loud)
		slash.N = silent.N
		for _, o := range choices[first][:counts[first]] {
			mask := steps
			if o.Kind == Move {
				mask |= 1 << first
			}
			if !fine[mask] {
				continue
			}
			// Written in place: the buffer has room for every set.
			i := len(buf)
			buf = buf[:i+1]
			if o.Kind == Slash {
				buf[i] = slash
				buf[i].Orders[quiet] = o
			} else {
				buf[i] = silent
				buf[i].Orders[0] = o
			}
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

func onesIn(m uint8) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// Act applies a play through Apply, the checks a person's orders go
// through.
func (s *State) Act(seat rules.Seat, a Play) error {
	if a.Seat != seat {
		return fmt.Errorf("%w: a play of seat %s given for seat %s", rules.ErrIllegal, a.Seat, seat)
	}
	return s.g.Apply(a.Action(s.g.grid, len(s.g.players)))
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
	p := Play{Seat: seat}
	if a.Kind == ActStart {
		p.Start = true
		edge := s.g.grid.Edge(Side(len(s.g.players), int(seat)))
		for _, q := range a.Squares {
			i := indexOf(edge, q)
			if i < 0 || p.Edge&(1<<i) != 0 {
				return Play{}, s.g.judge(a)
			}
			p.Edge |= 1 << i
		}
		if len(a.Squares) != Ninjas {
			return Play{}, s.g.judge(a)
		}
		return p, nil
	}
	if len(a.Orders) > Ninjas {
		return Play{}, s.g.judge(a)
	}
	p.N = uint8(copy(p.Orders[:], a.Orders))
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
	if a.Start {
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
