package blind

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Refusal is a refused action. Whatever rests on a player's hidden squares
// or on how many ninjas they have left is Private to them; everyone else
// reads Neutral (W-14).
type Refusal = rules.Refusal[Action]

// Neutral lines, the same whatever the grids hold.
const (
	NeutralOrders = "those orders cannot be carried out"
	NeutralStart  = "that placement cannot be made"
)

// judge says why a is refused, public reasons first; nil when it is legal.
func (g *Game) judge(a Action) *Refusal {
	neutral := NeutralOrders
	if a.Kind == ActStart {
		neutral = NeutralStart
	}
	if r := g.publicProblem(a); r != "" {
		return &Refusal{Action: a, Reason: r, Private: NoSeat, Neutral: neutral}
	}
	var r string
	if a.Kind == ActStart {
		r = g.startProblem(a)
	} else {
		r = g.orderProblem(a)
	}
	if r != "" {
		return &Refusal{Action: a, Reason: r, Private: a.Seat, Neutral: neutral}
	}
	return nil
}

func (g *Game) publicProblem(a Action) string {
	switch {
	case a.Seat < 0 || int(a.Seat) >= len(g.players):
		return fmt.Sprintf("no seat %s here", a.Seat)
	case g.stage == StageOver:
		return "the game is over"
	case a.Kind == ActStart && len(g.players) == 2:
		return "on the 4x8 grid the four ninjas fill the home row: there is nothing to choose"
	case a.Kind == ActStart && g.players[a.Seat].Placed:
		return fmt.Sprintf("seat %s has placed their ninjas already", a.Seat)
	case a.Kind == ActOrders && g.stage == StageStart:
		return "every player chooses their starting squares (start) before the first orders"
	case a.Kind == ActOrders && g.players[a.Seat].Out:
		return fmt.Sprintf("seat %s has no ninja left", a.Seat)
	case a.Kind == ActOrders && a.Seat != g.toAct:
		return fmt.Sprintf("it is seat %s's turn, not seat %s's", g.toAct, a.Seat)
	case a.Kind != ActStart && a.Kind != ActOrders:
		return "unknown action"
	}
	return ""
}

func (g *Game) startProblem(a Action) string {
	side := Side(len(g.players), int(a.Seat))
	edge := g.grid.Edge(side)
	if len(a.Squares) != Ninjas {
		return fmt.Sprintf("choose four squares of your home edge (%s to %s), not %d", edge[0], edge[len(edge)-1], len(a.Squares))
	}
	seen := map[Square]bool{}
	for _, q := range a.Squares {
		on := false
		for _, e := range edge {
			on = on || e == q
		}
		switch {
		case !on:
			return fmt.Sprintf("%s is not on your home edge (%s to %s)", q, edge[0], edge[len(edge)-1])
		case seen[q]:
			return fmt.Sprintf("%s is chosen twice: one ninja a square", q)
		}
		seen[q] = true
	}
	return ""
}

// orderProblem checks a turn's orders against the player's own grid: one
// order for each living ninja, silent orders before slashes, no step off
// the grid or onto a square another of their ninjas keeps (W-7).
func (g *Game) orderProblem(a Action) string {
	p := &g.players[a.Seat]
	var given [Ninjas + 1]bool // by ninja number
	slashed := 0
	for _, o := range a.Orders {
		if o.Ninja < 1 || o.Ninja > Ninjas {
			if o.Ninja == 0 {
				return "more orders than living ninjas: one order each"
			}
			return fmt.Sprintf("order %s: ninjas are numbered 1 to 4", o)
		}
		n := p.Ninjas[o.Ninja-1]
		switch {
		case !n.Alive:
			return fmt.Sprintf("ninja %d has been slain: it takes no order", o.Ninja)
		case given[o.Ninja]:
			return fmt.Sprintf("two orders for ninja %d: one order each", o.Ninja)
		case o.Kind != Slash && slashed > 0:
			return fmt.Sprintf("ninja %d's %s follows ninja %d's slash: slashes come last", o.Ninja, o.Kind, slashed)
		case o.Kind == Turn && o.Face == n.Face:
			return fmt.Sprintf("ninja %d already faces %s: a turn is to another facing", o.Ninja, n.Face)
		case o.Kind == Move && !g.grid.On(n.At.Ahead(n.Face)):
			return fmt.Sprintf("ninja %d would walk off the grid from %s facing %s", o.Ninja, n.At, n.Face)
		case o.Kind == Slash && !g.grid.On(n.At.Ahead(n.Face)):
			return fmt.Sprintf("ninja %d on %s faces the wall (%s): there is no square to slash", o.Ninja, n.At, n.Face)
		}
		given[o.Ninja] = true
		if o.Kind == Slash {
			slashed = o.Ninja
		}
	}
	for k, n := range p.Ninjas {
		if n.Alive && !given[k+1] {
			return fmt.Sprintf("ninja %d has no order: give one to each living ninja", k+1)
		}
	}
	return g.stepProblem(p, a.Orders)
}

// stepProblem applies W-7: the moves must be ones the ninjas could make
// one after another, in some order, without two of them ever sharing a
// square. So a file may step forward together (the front one first), but
// two ninjas may not end on one square, pass through each other, or go
// round a ring of squares.
func (g *Game) stepProblem(p *player, orders []Order) string {
	return stepClash(p, orders).String()
}

// clash is why a set of moves breaks W-7, kept as numbers so that checking
// every set of orders allocates nothing; only a refusal is worded.
type clash struct {
	kind  uint8 // 0 none, 1 both step onto to, 2 ninja a steps onto b's square, 3 a ring
	a, b  int
	to    Square
	ring  [Ninjas + 1]int
	rings int
}

func stepClash(p *player, orders []Order) clash {
	var to [Ninjas]Square
	moves := [Ninjas]bool{}
	for k, n := range p.Ninjas {
		to[k] = n.At
	}
	for _, o := range orders {
		if o.Kind == Move {
			n := p.Ninjas[o.Ninja-1]
			to[o.Ninja-1], moves[o.Ninja-1] = n.At.Ahead(n.Face), true
		}
	}
	for i := range Ninjas {
		for j := i + 1; j < Ninjas; j++ {
			if !p.Ninjas[i].Alive || !p.Ninjas[j].Alive || to[i] != to[j] {
				continue
			}
			switch {
			case moves[i] && moves[j]:
				return clash{kind: 1, a: i, b: j, to: to[i]}
			case moves[i]:
				return clash{kind: 2, a: i, b: j, to: to[i]}
			default:
				return clash{kind: 2, a: j, b: i, to: to[j]}
			}
		}
	}
	// Each move into a square a moving friend leaves waits for it; a
	// cycle of such waits can never start.
	holder := func(q Square) int {
		for k, n := range p.Ninjas {
			if n.Alive && n.At == q && moves[k] {
				return k
			}
		}
		return -1
	}
	for i := range Ninjas {
		if !moves[i] {
			continue
		}
		c := clash{kind: 3, rings: 1}
		c.ring[0] = i
		for k := holder(to[i]); k >= 0 && c.rings <= Ninjas; k = holder(to[k]) {
			if k == i {
				return c
			}
			c.ring[c.rings] = k
			c.rings++
		}
	}
	return clash{}
}

func (c clash) String() string {
	switch c.kind {
	case 1:
		return fmt.Sprintf("ninjas %d and %d would both step onto %s", c.a+1, c.b+1, c.to)
	case 2:
		return fmt.Sprintf("ninja %d would step onto %s, where ninja %d stays", c.a+1, c.to, c.b+1)
	case 3:
		var names []string
		for _, k := range c.ring[:c.rings] {
			names = append(names, fmt.Sprint(k+1))
		}
		if len(names) == 2 {
			return fmt.Sprintf("ninjas %s would pass through each other", strings.Join(names, " and "))
		}
		return fmt.Sprintf("ninjas %s would go round in a ring: none can step first", strings.Join(names, ", "))
	}
	return ""
}
