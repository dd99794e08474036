package bots

import (
	"math"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/blind"
)

// Blind is What Blind Ninjas' heuristic, on a determinization (where the
// others' ninjas stand is a sample from what was heard). Orders score each
// enemy ninja their slashes fell, less more for one's own ninja in a slash
// and a little for a slash at nothing (it tells everyone where the slasher
// is); each ninja left where an enemy faces counts against, and each ninja
// left facing an enemy (a slash next turn) or closer to one counts a
// little for. A placement scores ninjas spread apart.
type Blind struct{}

// Heuristic weights, in ninjas.
const (
	blindOwnLoss   = 1.5
	blindMiss      = 0.05
	blindExposed   = 0.5
	blindAim       = 0.2
	blindApproach  = 0.02
	blindValueGap  = 2.0
	blindPlaceGood = 0.1
)

var _ Heuristic[*blind.State, blind.Play] = Blind{}

type blindNinja struct {
	at    blind.Square
	face  blind.Facing
	alive bool
}

// blindSide is the width of blindBoard's squares: the largest grid (8 by 8)
// and a ring around it, where a square ahead of an edge ninja lies.
const blindSide = 10

// blindBoard holds what Score reads of the enemy ninjas, by square, so that
// rating each of the ~1,300 sets of orders of a turn looks terms up instead
// of walking every enemy for every ninja: how many enemies stand on a
// square, whether one faces it, and (found once a square) how far the
// nearest is.
type blindBoard struct {
	enemies []blind.Square
	// terms are each own ninja's standing after each order it may get
	// (blindStays, blindMove, blindTurn+facing), found once a Score call.
	terms  [blind.Ninjas][blindTurn + 4]blindTerm
	count  [blindSide * blindSide]uint8
	threat [blindSide * blindSide]bool
	near   [blindSide * blindSide]uint8 // distance+1; 0 until found
}

// A ninja's order, as blindBoard.terms keeps it: it stays as it stands (no
// order, stand or slash), it moves, or it turns (blindTurn plus the facing).
const (
	blindStays = iota
	blindMove
	blindTurn
)

// blindTerm is one of own ninja's standings after its order, and the terms
// it adds up.
type blindTerm struct {
	known   bool
	at      blind.Square
	alive   bool
	exposed bool
	aim     int
	near    int
	ahead   blind.Square // the square it faces
	hits    int          // enemies there
}

// term is ninja k's standing after order o, x its standing before.
func (b *blindBoard) term(k, o int, x blindNinja) *blindTerm {
	if t := &b.terms[k][o]; t.known {
		return t
	}
	return b.fill(k, o, x)
}

// fill finds term's answer the first time it is asked.
func (b *blindBoard) fill(k, o int, x blindNinja) *blindTerm {
	t := &b.terms[k][o]
	switch {
	case o == blindMove:
		x.at = x.at.Ahead(x.face)
	case o >= blindTurn:
		x.face = blind.Facing(o - blindTurn)
	}
	ahead := x.at.Ahead(x.face)
	*t = blindTerm{known: true, at: x.at, alive: x.alive, ahead: ahead, hits: b.enemiesAt(ahead)}
	if x.alive {
		t.exposed = b.faced(x.at)
		t.aim = t.hits
		if len(b.enemies) > 0 {
			t.near = b.nearest(x.at)
		}
	}
	return t
}

// orders rates a turn's orders for ninjas standing as mine. With one order
// a ninja, as every listed play has, each ninja's terms are looked up by
// its order; the terms add up in anyOrders' order, so to the same bits.
func (b *blindBoard) orders(mine [blind.Ninjas]blindNinja, a blind.Play) float64 {
	var order [blind.Ninjas]int
	var slashes [blind.Ninjas]int
	n, given := 0, 0
	orders, count := a.Orders()
	for _, o := range orders[:count] {
		k := o.Ninja - 1
		if given&(1<<k) != 0 {
			return b.anyOrders(mine, a)
		}
		given |= 1 << k
		switch o.Kind {
		case blind.Move:
			order[k] = blindMove
		case blind.Turn:
			order[k] = blindTurn + int(o.Face)
		case blind.Slash:
			slashes[n] = k
			n++
		}
	}
	var after [blind.Ninjas]*blindTerm
	for k := range after {
		after[k] = b.term(k, order[k], mine[k])
	}
	score := 0.0
	for _, k := range slashes[:n] {
		q := b.terms[k][blindStays].ahead
		hits := b.terms[k][blindStays].hits
		for range hits {
			score++
		}
		hit := hits > 0
		for _, x := range after {
			if x.alive && x.at == q {
				score -= blindOwnLoss
				hit = true
			}
		}
		if !hit {
			score -= blindMiss
		}
	}
	for _, x := range after {
		if !x.alive {
			continue
		}
		if x.exposed {
			score -= blindExposed
		}
		for range x.aim {
			score += blindAim
		}
		if len(b.enemies) > 0 {
			score -= blindApproach * float64(x.near)
		}
	}
	return score
}

// cell is q's index in a blindBoard, -1 beyond the ring (no enemy stands or
// faces there).
func cell(q blind.Square) int {
	c, r := q.Col+1, q.Row+1
	if c < 0 || c >= blindSide || r < 0 || r >= blindSide {
		return -1
	}
	return r*blindSide + c
}

func (b *blindBoard) enemiesAt(q blind.Square) int {
	if i := cell(q); i >= 0 {
		return int(b.count[i])
	}
	return 0
}

func (b *blindBoard) faced(q blind.Square) bool {
	i := cell(q)
	return i >= 0 && b.threat[i]
}

// nearest is the distance from q to the nearest enemy; there is one.
func (b *blindBoard) nearest(q blind.Square) int {
	i := cell(q)
	if i >= 0 && b.near[i] > 0 {
		return int(b.near[i]) - 1
	}
	d := math.MaxInt
	for _, e := range b.enemies {
		d = min(d, distance(q, e))
	}
	if i >= 0 {
		b.near[i] = uint8(d + 1)
	}
	return d
}

// Score rates seat's plays. Its terms are summed in a fixed order (each
// slash, then each ninja), so the same position always gives the same
// scores to the last bit, and so the same choices.
func (Blind) Score(s *blind.State, seat rules.Seat, plays []blind.Play, out []float64) []float64 {
	g := s.Game()
	var mine [blind.Ninjas]blindNinja
	var enemies [3 * blind.Ninjas]blind.Square
	b := blindBoard{enemies: enemies[:0]}
	for j := range g.Players() {
		for k := 1; k <= blind.Ninjas; k++ {
			at, face, alive := g.Ninja(rules.Seat(j), k)
			switch {
			case rules.Seat(j) == seat:
				mine[k-1] = blindNinja{at, face, alive}
			case alive && g.Placed(rules.Seat(j)):
				b.enemies = append(b.enemies, at)
				if i := cell(at); i >= 0 {
					b.count[i]++
				}
				if i := cell(at.Ahead(face)); i >= 0 {
					b.threat[i] = true
				}
			}
		}
	}
	for _, a := range plays {
		if a.Start() {
			out = append(out, blindPlacement(g, seat, a))
			continue
		}
		out = append(out, b.orders(mine, a))
	}
	return out
}

// anyOrders rates any orders for ninjas standing as mine, carried out one
// after another as given (a ninja may have several, as in no listed play).
func (b *blindBoard) anyOrders(mine [blind.Ninjas]blindNinja, a blind.Play) float64 {
	after := mine
	var slashes [blind.Ninjas]blind.Square
	n := 0
	orders, given := a.Orders()
	for _, o := range orders[:given] {
		x := &after[o.Ninja-1]
		switch o.Kind {
		case blind.Move:
			x.at = x.at.Ahead(x.face)
		case blind.Turn:
			x.face = o.Face
		case blind.Slash:
			slashes[n] = x.at.Ahead(x.face)
			n++
		}
	}
	score := 0.0
	for _, q := range slashes[:n] {
		hits := b.enemiesAt(q)
		for range hits {
			score++
		}
		hit := hits > 0
		for _, x := range after {
			if x.alive && x.at == q {
				score -= blindOwnLoss
				hit = true
			}
		}
		if !hit {
			score -= blindMiss
		}
	}
	for _, x := range after {
		if !x.alive {
			continue
		}
		if b.faced(x.at) {
			score -= blindExposed
		}
		for range b.enemiesAt(x.at.Ahead(x.face)) {
			score += blindAim
		}
		if len(b.enemies) > 0 {
			score -= blindApproach * float64(b.nearest(x.at))
		}
	}
	return score
}

// blindPlacement favours starting squares with gaps between them, so one
// slash cannot find two neighbours.
func blindPlacement(g *blind.Game, seat rules.Seat, a blind.Play) float64 {
	sq := a.Action(g.Grid(), g.Players()).Squares
	score := 0.0
	for i := 1; i < len(sq); i++ {
		if distance(sq[i-1], sq[i]) > 1 {
			score += blindPlaceGood
		}
	}
	return score
}

func distance(a, b blind.Square) int {
	d := a.Col - b.Col
	if d < 0 {
		d = -d
	}
	e := a.Row - b.Row
	if e < 0 {
		e = -e
	}
	return d + e
}

// Value compares the ninjas left: each seat's lead over its best rival,
// squashed into (-1, 1); a seat that is out counts none.
func (Blind) Value(s *blind.State, buf []float64) []float64 {
	g := s.Game()
	left := make([]int, g.Players())
	for j := range left {
		left[j] = len(g.Living(rules.Seat(j)))
	}
	for i, x := range left {
		rival := math.MinInt
		for j, y := range left {
			if j != i {
				rival = max(rival, y)
			}
		}
		buf = append(buf, math.Tanh(float64(x-rival)/blindValueGap))
	}
	return buf
}

// Style: opponents play the heuristic, each on its own sample. A Blind
// determinization draws each hidden seat from public facts only (E-1), so
// one can be drawn again from any seat, and the search's opponents aim at
// where they may believe the bot's ninjas are, not at where they stand.
// With three or four players a redraw at every move costs too much (late
// in such a game it took about a hundred tries a seat, and a hard decision
// 10 s and more: docs/BOTS.md, "What Blind Ninjas with three and four
// players"), so they rate on the bot's own sample with the bot's ninjas
// where a rumour drawn once a decision puts them (E-12).
func (Blind) Style() Style { return Style{Others: true, OwnViews: true, OwnViewsSeats: 2} }
