package blind

import (
	"fmt"

	"github.com/ninjakit/ninjakit/rules"
)

// NoSeat marks the absence of a seat: the whole table as a viewer.
const NoSeat = rules.NoSeat

// Stage is what the game waits for.
type Stage uint8

// Stages.
const (
	StageStart Stage = iota // 8x8 grid: players still choose their starting squares (W-4)
	StagePlay               // ToAct gives orders
	StageOver
)

var stageNames = [...]string{"start", "play", "over"}

func (s Stage) String() string { return stageNames[s] }

// Options set up a game.
type Options struct {
	Players int
	First   rules.Seat // who gives orders first
	Turns   int        // the turn-limit variant: rounds to play, 0 for none (W-12)
}

type ninja struct {
	At    Square
	Face  Facing
	Alive bool
}

type player struct {
	Ninjas [Ninjas]ninja
	Placed bool
	Out    bool
}

// Sound is what a player answers a slash with.
type Sound uint8

// Sounds. A player already out makes none.
const (
	Silent Sound = iota
	Swish
	Grunt
)

func (s Sound) String() string { return [...]string{"-", "swish", "grunt"}[s] }

// Heard is one slash as everyone heard it.
type Heard struct {
	Turn   int        // the turn it was heard in, counting from 1
	Seat   rules.Seat // whose turn it was
	Square Square
	Sounds []Sound // by seat
}

// Game is one game of What Blind Ninjas?.
type Game struct {
	grid    Grid
	players []player
	first   rules.Seat
	toAct   rules.Seat
	stage   Stage
	turn    int // turns played
	round   int
	limit   int
	winners []rules.Seat
	heard   []Heard
	events  []Event
	// quiet: no log of events is kept (an engine state's game: a search
	// never reads it).
	quiet bool
	// spare is room for the sounds of slashes to come, carved off as
	// needed; no clone shares it.
	spare []Sound
}

// NewGame sets up a game. On the 4x8 grid the four ninjas fill their home
// row, so they are placed at once; on 8x8 each player chooses four of the
// eight squares of their edge (W-4).
func NewGame(o Options) (*Game, error) {
	switch {
	case o.Players < 2 || o.Players > 4:
		return nil, fmt.Errorf("%d players: What Blind Ninjas takes 2 to 4", o.Players)
	case o.First < 0 || int(o.First) >= o.Players:
		return nil, fmt.Errorf("first player %s: choose a seat from 1 to %d", o.First, o.Players)
	case o.Turns < 0 || o.Turns > 999:
		return nil, fmt.Errorf("turn limit %d: choose 1 to 999 rounds, or none", o.Turns)
	}
	g := &Game{grid: GridFor(o.Players), players: make([]player, o.Players), first: o.First, toAct: o.First,
		round: 1, limit: o.Turns, stage: StageStart}
	if o.Players == 2 {
		for s := range g.players {
			g.place(rules.Seat(s), g.grid.Edge(Side(o.Players, s)))
		}
		g.stage = StagePlay
	}
	return g, nil
}

// place puts a seat's ninjas on squares, numbered in label order, facing
// into the room.
func (g *Game) place(s rules.Seat, squares []Square) {
	sorted := append([]Square(nil), squares...)
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			if sorted[j].less(sorted[i]) {
				sorted[i], sorted[j] = sorted[j], sorted[i]
			}
		}
	}
	p := &g.players[s]
	face := Side(len(g.players), int(s)).Opposite()
	for i, q := range sorted {
		p.Ninjas[i] = ninja{At: q, Face: face, Alive: true}
	}
	p.Placed = true
}

// placeEdge is Apply's placement in a game that keeps no events, of the
// squares of the seat's home edge whose bits are set (see Play), which are
// in label order.
func (g *Game) placeEdge(s rules.Seat, edge uint8) {
	side := Side(len(g.players), int(s))
	p := &g.players[s]
	i := 0
	for b := range 8 {
		if edge&(1<<b) == 0 {
			continue
		}
		q := Square{b, 0}
		switch side {
		case North:
			q.Row = g.grid.Rows - 1
		case West:
			q = Square{0, b}
		case East:
			q = Square{g.grid.Cols - 1, b}
		}
		p.Ninjas[i] = ninja{At: q, Face: side.Opposite(), Alive: true}
		i++
	}
	p.Placed = true
	g.events = nil
	for _, o := range g.players {
		if !o.Placed {
			return
		}
	}
	g.stage = StagePlay
}

// Grid is the room's size.
func (g *Game) Grid() Grid { return g.grid }

// Players is the number of seats.
func (g *Game) Players() int { return len(g.players) }

// Stage is what the game waits for.
func (g *Game) Stage() Stage { return g.stage }

// ToAct is the seat to give orders.
func (g *Game) ToAct() rules.Seat { return g.toAct }

// FirstSeat is the seat that gave orders first.
func (g *Game) FirstSeat() rules.Seat { return g.first }

// Round is the round being played: every player still in gives orders
// once a round, from the first player on.
func (g *Game) Round() int { return g.round }

// Limit is the turn-limit variant's number of rounds, 0 for none.
func (g *Game) Limit() int { return g.limit }

// Placed reports whether s has placed their ninjas.
func (g *Game) Placed(s rules.Seat) bool { return g.players[s].Placed }

// Out reports whether s has lost every ninja.
func (g *Game) Out(s rules.Seat) bool { return g.players[s].Out }

// Winners are the seats that share the win once the game is over.
func (g *Game) Winners() []rules.Seat { return append([]rules.Seat(nil), g.winners...) }

// Heard lists every slash so far.
func (g *Game) Heard() []Heard { return append([]Heard(nil), g.heard...) }

// Living lists s's living ninjas' numbers: hidden from everyone but s.
func (g *Game) Living(s rules.Seat) []int {
	var out []int
	for i, n := range g.players[s].Ninjas {
		if n.Alive {
			out = append(out, i+1)
		}
	}
	return out
}

// Ninja is where s's ninja k (1-4) stands and faces: hidden from everyone
// but s.
func (g *Game) Ninja(s rules.Seat, k int) (at Square, face Facing, alive bool) {
	n := g.players[s].Ninjas[k-1]
	return n.At, n.Face, n.Alive
}

// Unplaced lists the seats still to choose their starting squares, in
// turn order from the first player.
func (g *Game) Unplaced() []rules.Seat {
	var out []rules.Seat
	for k := range g.players {
		s := g.first.Offset(k, len(g.players))
		if !g.players[s].Placed {
			out = append(out, s)
		}
	}
	return out
}

// Apply checks and carries out an action. A refusal is a *Refusal and
// leaves the game as it was.
func (g *Game) Apply(a Action) error {
	if r := g.judge(a); r != nil {
		return r
	}
	g.newEvents()
	if a.Kind == ActStart {
		g.place(a.Seat, a.Squares)
		g.note(Event{Kind: EventPlaced, Seat: a.Seat, Squares: append([]Square(nil), a.Squares...)})
		if len(g.Unplaced()) == 0 {
			g.stage = StagePlay
		}
		return nil
	}
	g.carryOut(a)
	return nil
}

// newEvents starts the log of an action: a new one (a clone may share the
// old one), with room for a usual turn's events.
func (g *Game) newEvents() {
	if g.quiet {
		g.events = nil
		return
	}
	g.events = make([]Event, 0, 8)
}

// Legal reports whether Apply would take a.
func (g *Game) Legal(a Action) bool { return g.judge(a) == nil }

// carryOut applies a turn's orders: the silent ones first, then the
// slashes in the order given (W-9), then the turn passes.
func (g *Game) carryOut(a Action) {
	p := &g.players[a.Seat]
	for _, o := range a.Orders {
		n := &p.Ninjas[o.Ninja-1]
		switch o.Kind {
		case Move:
			n.At = n.At.Ahead(n.Face)
			g.note(Event{Kind: EventMoved, Seat: a.Seat, Ninja: o.Ninja, Square: n.At, Face: n.Face})
		case Turn:
			n.Face = o.Face
			g.note(Event{Kind: EventTurned, Seat: a.Seat, Ninja: o.Ninja, Square: n.At, Face: n.Face})
		case Stand:
			g.note(Event{Kind: EventStood, Seat: a.Seat, Ninja: o.Ninja, Square: n.At, Face: n.Face})
		}
	}
	for _, o := range a.Orders {
		if o.Kind != Slash || g.stage == StageOver {
			continue
		}
		n := p.Ninjas[o.Ninja-1]
		if !n.Alive {
			g.note(Event{Kind: EventNoSlash, Seat: a.Seat, Ninja: o.Ninja})
			continue
		}
		g.slash(a.Seat, n.At.Ahead(n.Face))
	}
	g.turn++
	if g.stage != StageOver {
		g.advance()
	}
}

// slash kills every ninja on q, the slasher's own too (W-10), and the game
// ends as soon as one player is left (W-11). Never none: the slasher does
// not stand on the square it slashes, so its player is always left.
func (g *Game) slash(by rules.Seat, q Square) {
	n := len(g.players)
	if len(g.spare) < n {
		g.spare = make([]Sound, 64*n)
	}
	// Cut to its length: an append to it cannot reach the next slash's.
	sounds := g.spare[:n:n]
	g.spare = g.spare[n:]
	type hit struct {
		seat  rules.Seat
		ninja int
	}
	var slain [4 * Ninjas]hit
	var in [4]rules.Seat
	hits, ins := 0, 0
	for s := range g.players {
		p := &g.players[s]
		if p.Out {
			continue
		}
		in[ins] = rules.Seat(s)
		ins++
		sounds[s] = Swish
		for k := range p.Ninjas {
			if n := &p.Ninjas[k]; n.Alive && n.At == q {
				n.Alive = false
				sounds[s] = Grunt
				slain[hits] = hit{rules.Seat(s), k + 1}
				hits++
			}
		}
	}
	g.note(Event{Kind: EventSlash, Seat: by, Square: q, Sounds: sounds})
	g.heard = append(g.heard, Heard{Turn: g.turn + 1, Seat: by, Square: q, Sounds: sounds})
	for _, h := range slain[:hits] {
		g.note(Event{Kind: EventSlain, Seat: h.seat, Ninja: h.ninja, Square: q})
	}
	left, last := 0, rules.Seat(0)
	for _, s := range in[:ins] {
		if g.alive(s) == 0 {
			g.players[s].Out = true
			g.note(Event{Kind: EventOut, Seat: s})
		} else {
			left, last = left+1, s
		}
	}
	if left == 1 {
		g.end([]rules.Seat{last}, 0)
	}
}

// alive counts s's living ninjas.
func (g *Game) alive(s rules.Seat) int {
	n := 0
	for _, x := range g.players[s].Ninjas {
		if x.Alive {
			n++
		}
	}
	return n
}

// advance passes the turn to the next player still in, to the right (in
// seat order, W-3), counting rounds as it passes the first seat.
func (g *Game) advance() {
	s := g.toAct
	for {
		s = s.Next(len(g.players))
		if s == g.first {
			g.round++
			if g.limit > 0 && g.round > g.limit {
				g.endByLimit()
				return
			}
			g.note(Event{Kind: EventRound, N: g.round})
		}
		if !g.players[s].Out {
			break
		}
	}
	g.toAct = s
}

// endByLimit ends a turn-limit game: most ninjas left wins, ties share.
func (g *Game) endByLimit() {
	best := 0
	var win []rules.Seat
	for s := range g.players {
		n := g.alive(rules.Seat(s))
		switch {
		case n > best:
			best, win = n, []rules.Seat{rules.Seat(s)}
		case n == best && n > 0:
			win = append(win, rules.Seat(s))
		}
	}
	g.round = g.limit
	g.end(win, g.limit)
}

func (g *Game) end(winners []rules.Seat, byLimit int) {
	g.stage, g.winners = StageOver, winners
	g.note(Event{Kind: EventOver, Seats: append([]rules.Seat(nil), winners...), N: byLimit})
}

// Clone is a copy that Apply on either leaves the other as it was.
func (g *Game) Clone() *Game {
	c := *g
	c.players = append([]player(nil), g.players...)
	// What is only ever appended to, or replaced whole, is shared with its
	// capacity cut to its length, so an append on either copy reallocates
	// instead of writing into the other: a search clones in well under a
	// microsecond at any game length.
	c.winners = g.winners[:len(g.winners):len(g.winners)]
	c.heard = g.heard[:len(g.heard):len(g.heard)]
	c.events = g.events[:len(g.events):len(g.events)]
	c.spare = nil
	return &c
}
