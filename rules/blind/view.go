package blind

import "github.com/ninjakit/ninjakit/rules"

// View is the game as one viewer may know it: every player's side, who is
// in and whose turn it is, every slash heard, and the viewer's own ninjas.
// Once the game is over every grid is shown (W-13).
type View struct {
	Grid    string       `json:"grid"`
	Cols    int          `json:"cols"`
	Rows    int          `json:"rows"`
	Stage   string       `json:"stage"`
	ToAct   rules.Seat   `json:"toAct"`
	Round   int          `json:"round"`
	Limit   int          `json:"turnLimit,omitempty"`
	Turns   int          `json:"turnsPlayed"`
	Players []PlayerView `json:"players"`
	Heard   []HeardView  `json:"heard"`
	Winners []rules.Seat `json:"winners,omitempty"`
}

// PlayerView is one seat as the viewer may know it.
type PlayerView struct {
	Seat   rules.Seat  `json:"seat"`
	Side   string      `json:"side"`
	Placed bool        `json:"placed"`
	Out    bool        `json:"out"`
	Ninjas []NinjaView `json:"ninjas,omitempty"` // the viewer's own, or all once the game is over
}

// NinjaView is one ninja: its number, square and facing, or where it was
// slain.
type NinjaView struct {
	N      int    `json:"n"`
	Square string `json:"square"`
	Facing string `json:"facing"`
	Alive  bool   `json:"alive"`
}

// HeardView is one slash: Age is the turns played since the turn it was
// heard in (0: the last turn).
type HeardView struct {
	Turn   int        `json:"turn"`
	Age    int        `json:"age"`
	Seat   rules.Seat `json:"seat"`
	Square string     `json:"square"`
	Sounds []string   `json:"sounds"`
}

// View is the game as viewer (NoSeat: the whole table) may know it.
func (g *Game) View(viewer rules.Seat) View {
	v := View{Grid: g.grid.String(), Cols: g.grid.Cols, Rows: g.grid.Rows, Stage: g.stage.String(), ToAct: g.toAct,
		Round: g.round, Limit: g.limit, Turns: g.turn, Winners: g.Winners(), Heard: []HeardView{}}
	for s, p := range g.players {
		pv := PlayerView{Seat: rules.Seat(s), Side: Side(len(g.players), s).String(), Placed: p.Placed, Out: p.Out}
		if p.Placed && (rules.Seat(s) == viewer || g.stage == StageOver) {
			for k, n := range p.Ninjas {
				pv.Ninjas = append(pv.Ninjas, NinjaView{N: k + 1, Square: n.At.String(), Facing: n.Face.String(), Alive: n.Alive})
			}
		}
		v.Players = append(v.Players, pv)
	}
	for _, h := range g.heard {
		hv := HeardView{Turn: h.Turn, Age: g.turn - h.Turn, Seat: h.Seat, Square: h.Square.String()}
		for _, s := range h.Sounds {
			hv.Sounds = append(hv.Sounds, s.String())
		}
		v.Heard = append(v.Heard, hv)
	}
	return v
}

// Choices lists, for each of s's ninjas (index: number - 1), the orders it
// could be given alone: the table mode's picker offers them. A dead ninja
// has none. Whether a set of orders goes together is for Apply to say.
func (g *Game) Choices(s rules.Seat) [][]Order {
	out := make([][]Order, Ninjas)
	if g.stage != StagePlay || s != g.toAct {
		return out
	}
	p := g.players[s]
	for k, n := range p.Ninjas {
		if !n.Alive {
			continue
		}
		cands := []Order{{Ninja: k + 1, Kind: Move}, {Ninja: k + 1, Kind: Stand}, {Ninja: k + 1, Kind: Slash}}
		for f := North; f <= West; f++ {
			cands = append(cands, Order{Ninja: k + 1, Kind: Turn, Face: f})
		}
		for _, o := range cands {
			a := Action{Kind: ActOrders, Seat: s, Orders: []Order{o}}
			for j, m := range p.Ninjas {
				if m.Alive && j != k {
					a.Orders = append(a.Orders, Order{Ninja: j + 1, Kind: Stand})
				}
			}
			if o.Kind == Slash {
				a.Orders = append(a.Orders[1:], o)
			}
			if g.Legal(a) {
				out[k] = append(out[k], o)
			}
		}
	}
	return out
}
