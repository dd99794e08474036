package tui

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blind"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
)

var _ Boarder = (*blind)(nil)

// blindCell is a square of the phone's grid, and blindBand the room
// around it for the labels and the home edge, in millimetres.
const (
	blindCell = 10.0
	blindBand = 8.0
)

// Picture draws the viewer's own grid as the pads print it (A1 bottom
// left): their ninjas as arrows, the slashes heard with their age, their
// home edge as a thick bar. The table's grid holds only the slashes. A seat
// to give orders gets one control per ninja; a seat to place its ninjas
// taps four squares of its edge.
func (b *blind) Picture(v Viewer) (Picture, error) {
	g := b.t.Game
	st := b.t.Status(b.role(v))
	grid := g.Grid()
	frame := layouts.Rect{W: float64(grid.Cols)*blindCell + 2*blindBand, H: float64(grid.Rows)*blindCell + 2*blindBand}
	lg := layouts.Grid{Rect: layouts.Rect{X: blindBand, Y: blindBand, W: float64(grid.Cols) * blindCell, H: float64(grid.Rows) * blindCell},
		Cols: grid.Cols, Rows: grid.Rows, Cell: blindCell}
	at := func(q engine.Square) layouts.Rect { return lg.CellRect(q.Col, grid.Rows-1-q.Row) }
	svg := layouts.NewSVG(frame)
	drawBlindGrid(svg, lg)
	seat, mine := rules.Seat(v), v != Table && int(v) < g.Players() && !b.Bot(v)
	if mine {
		drawHomeEdge(svg, lg, engine.Side(g.Players(), int(seat)))
	}
	drawHeard(svg, st.Heard, func(sq string) (layouts.Rect, bool) {
		q, err := engine.ParseSquare(sq)
		return at(q), err == nil
	})
	if mine && g.Placed(seat) {
		for k := 1; k <= engine.Ninjas; k++ {
			q, f, alive := g.Ninja(seat, k)
			drawNinja(svg, at(q), k, f, alive)
		}
	}
	var out bytes.Buffer
	if _, err := svg.WriteTo(&out); err != nil {
		return Picture{}, err
	}
	pic := Picture{SVG: out.String(), Turn: b.t.Waiting(), Notes: b.notes(st)}
	if _, ok := b.t.LastBy(); ok {
		pic.Last = strings.Join(b.t.Last(cb.Role{Table: true}), "; ")
	}
	for r := grid.Rows - 1; r >= 0; r-- {
		for c := range grid.Cols {
			q := engine.Square{Col: c, Row: r}
			cr := at(q)
			pic.Spots = append(pic.Spots, Spot{ID: q.String(), Name: q.String(), Box: [4]float64{cr.X, cr.Y, cr.W, cr.H}})
		}
	}
	if !mine {
		return pic, nil
	}
	switch {
	case g.Stage() == engine.StageStart && !g.Placed(seat):
		ch := &Choose{Count: engine.Ninjas, Text: "start", Say: "Start your ninjas on"}
		for _, q := range grid.Edge(engine.Side(g.Players(), int(seat))) {
			ch.Spots = append(ch.Spots, q.String())
		}
		pic.Choose = ch
	case g.Stage() == engine.StagePlay && g.ToAct() == seat:
		pic.Orders = b.orders(seat)
	}
	return pic, nil
}

// orders is one control per living ninja, stand first, and the sets of
// ninjas that may not all move in one turn (W-7): the other orders of a
// turn never clash, since slashes come after the rest (W-8).
func (b *blind) orders(seat rules.Seat) *Orders {
	g := b.t.Game
	rank := map[engine.Kind]int{engine.Stand: 0, engine.Move: 1, engine.Turn: 2, engine.Slash: 3}
	o := &Orders{}
	var movers []int
	for k, os := range g.Choices(seat) {
		if len(os) == 0 {
			continue
		}
		q, f, _ := g.Ninja(seat, k+1)
		slices.SortStableFunc(os, func(a, b engine.Order) int { return rank[a.Kind] - rank[b.Kind] })
		p := Piece{ID: strconv.Itoa(k + 1), Who: fmt.Sprintf("ninja %d", k+1), Name: fmt.Sprintf("Ninja %d on %s facing %s", k+1, q, f), Spot: q.String()}
		for _, ord := range os {
			p.Options = append(p.Options, Order{Text: shortOrder(ord), Say: sayOrder(ord, q, f), Label: labelOrder(ord, q, f), Moves: ord.Kind == engine.Move})
			if ord.Kind == engine.Move {
				movers = append(movers, k+1)
			}
		}
		o.Pieces = append(o.Pieces, p)
	}
	for set := 1; set < 1<<len(movers); set++ {
		if set&(set-1) == 0 {
			continue // one mover alone is among its ninja's choices
		}
		a := engine.Action{Kind: engine.ActOrders, Seat: seat}
		var ids []string
		for _, n := range g.Living(seat) {
			kind := engine.Stand
			if i := slices.Index(movers, n); i >= 0 && set&(1<<i) != 0 {
				kind = engine.Move
				ids = append(ids, strconv.Itoa(n))
			}
			a.Orders = append(a.Orders, engine.Order{Ninja: n, Kind: kind})
		}
		var r *engine.Refusal
		if err := g.Clone().Apply(a); errors.As(err, &r) {
			o.Clashes = append(o.Clashes, Clash{Pieces: ids, Why: "These moves cannot all be made: " + r.Reason + "."})
		}
	}
	return o
}

// sayOrder tells one ninja's order in table words, after its name.
func sayOrder(o engine.Order, q engine.Square, f engine.Facing) string {
	switch o.Kind {
	case engine.Move:
		return "steps to " + q.Ahead(f).String()
	case engine.Turn:
		return "turns to face " + o.Face.String()
	case engine.Slash:
		return "slashes " + q.Ahead(f).String()
	}
	return "stands"
}

// labelOrder is an order in the fewest words, for its button.
func labelOrder(o engine.Order, q engine.Square, f engine.Facing) string {
	switch o.Kind {
	case engine.Move:
		return "step to " + q.Ahead(f).String()
	case engine.Turn:
		return "face " + strings.ToUpper(o.Face.Letter())
	case engine.Slash:
		return "slash " + q.Ahead(f).String()
	}
	return "stand"
}

// notes are the public facts under the board: the result once the game
// is over, each player's edge and whether their orders are in this round
// or they are out, then the slashes heard, latest first.
func (b *blind) notes(st cb.Status) []string {
	g := b.t.Game
	var out []string
	if g.Stage() == engine.StageOver {
		out = append(out, "Game over: "+b.t.Result()+". Every grid is in the table as text.")
	}
	in := map[rules.Seat]bool{}
	if g.Stage() == engine.StagePlay {
		// A round runs from the first player; those before the one to act
		// gave orders in it.
		for s := g.FirstSeat(); s != g.ToAct(); s = s.Next(g.Players()) {
			in[s] = true
		}
	}
	for i, p := range st.Players {
		s := rules.Seat(i)
		state := "waiting"
		switch {
		case p.Out:
			state = "out"
		case g.Stage() == engine.StageStart && p.Placed:
			state = "placed"
		case g.Stage() == engine.StageStart:
			state = "choosing starting squares"
		case g.Stage() == engine.StageOver:
			state = "in at the end"
		case g.ToAct() == s:
			state = "giving orders now"
		case in[s]:
			state = "orders in this round"
		}
		out = append(out, fmt.Sprintf("%s, %s edge: %s", p.Name, p.Edge, state))
	}
	for i := len(st.Heard) - 1; i >= 0 && i >= len(st.Heard)-8; i-- {
		h := st.Heard[i]
		var snd []string
		for _, p := range st.Players {
			if s, ok := h.Sounds[p.Name]; ok {
				snd = append(snd, p.Name+" "+s)
			}
		}
		out = append(out, fmt.Sprintf("Slash on %s by %s, %s: %s", h.Square, h.By, ago(h.Age), strings.Join(snd, ", ")))
	}
	return out
}

// ago says how long since a slash, as its mark on the grid counts.
func ago(age int) string {
	if age == 1 {
		return "1 turn ago"
	}
	return fmt.Sprintf("%d turns ago", age)
}

// drawBlindGrid draws the squares and the labels as the pads print them.
func drawBlindGrid(c layouts.Canvas, g layouts.Grid) {
	c.SetFillColor(255, 255, 255)
	c.Rect(0, 0, g.Right()+blindBand, g.Bottom()+blindBand, "F")
	c.SetDrawColor(170, 170, 170)
	c.SetLineWidth(0.25)
	layouts.RuleGrid(c, g)
	c.SetDrawColor(0, 0, 0)
	c.SetLineWidth(0.5)
	c.Rect(g.X, g.Y, g.W, g.H, "D")
	c.SetTextColor(40, 40, 40)
	layouts.SetFont(c, layouts.FontSans, "B", 10)
	half := blindBand * 0.45
	for col := range g.Cols {
		x := g.X + (float64(col)+0.5)*g.Cell
		l := string(rune('A' + col))
		layouts.TextCentered(c, x, g.Y-half, l)
		layouts.TextCentered(c, x, g.Bottom()+half, l)
	}
	for r := range g.Rows {
		y := g.Y + (float64(r)+0.5)*g.Cell
		l := strconv.Itoa(g.Rows - r)
		layouts.TextCentered(c, g.X-half, y, l)
		layouts.TextCentered(c, g.Right()+half, y, l)
	}
}

// drawHomeEdge draws the pads' thick bar just outside the viewer's edge.
func drawHomeEdge(c layouts.Canvas, g layouts.Grid, side engine.Facing) {
	const gap = 1.2
	x0, y0, x1, y1 := g.X, g.Y-gap, g.Right(), g.Y-gap
	switch side {
	case engine.South:
		y0, y1 = g.Bottom()+gap, g.Bottom()+gap
	case engine.West:
		x0, y0, x1, y1 = g.X-gap, g.Y, g.X-gap, g.Bottom()
	case engine.East:
		x0, y0, x1, y1 = g.Right()+gap, g.Y, g.Right()+gap, g.Bottom()
	}
	c.SetDrawColor(0, 110, 60)
	c.SetLineWidth(1.4)
	c.Line(x0, y0, x1, y1)
}

// drawHeard marks each square slashed with a red stroke and the age of its
// latest slash in turns (0: the last turn).
func drawHeard(c layouts.Canvas, heard []cb.HeardStatus, at func(string) (layouts.Rect, bool)) {
	latest := map[string]int{}
	var order []string
	for _, h := range heard {
		if _, seen := latest[h.Square]; !seen {
			order = append(order, h.Square)
		}
		latest[h.Square] = h.Age
	}
	for _, sq := range order {
		r, ok := at(sq)
		if !ok {
			continue
		}
		in := r.Inset(r.W * 0.12)
		c.SetDrawColor(200, 30, 30)
		c.SetLineWidth(r.W * 0.07)
		c.SetLineCapStyle("round")
		c.Line(in.X, in.Bottom(), in.Right(), in.Y)
		c.SetLineCapStyle("butt")
		c.SetTextColor(170, 20, 20)
		layouts.SetFont(c, layouts.FontSans, "B", 8)
		layouts.TextCentered(c, r.Right()-r.W*0.2, r.Bottom()-r.H*0.2, strconv.Itoa(latest[sq]))
	}
}

// drawNinja draws a living ninja as an arrow pointing where it faces with
// its number, a slain one as its number crossed out.
func drawNinja(c layouts.Canvas, r layouts.Rect, n int, f engine.Facing, alive bool) {
	m := r.Center()
	layouts.SetFont(c, layouts.FontSans, "B", 9)
	if !alive {
		c.SetTextColor(120, 120, 120)
		layouts.TextCentered(c, m.X, m.Y, strconv.Itoa(n))
		c.SetDrawColor(120, 120, 120)
		c.SetLineWidth(0.4)
		c.Line(m.X-r.W*0.25, m.Y+r.H*0.25, m.X+r.W*0.25, m.Y-r.H*0.25)
		return
	}
	// North is up the grid; the arrow's tip points the way it faces.
	rad := float64(f) * math.Pi / 2
	dir := func(along, across float64) gofpdf.PointType {
		s := r.W
		return gofpdf.PointType{X: m.X + s*(along*math.Sin(rad)+across*math.Cos(rad)), Y: m.Y + s*(-along*math.Cos(rad)+across*math.Sin(rad))}
	}
	c.SetFillColor(20, 20, 20)
	c.SetDrawColor(20, 20, 20)
	c.SetLineWidth(0.3)
	c.Polygon([]gofpdf.PointType{dir(0.42, 0), dir(-0.1, 0.36), dir(-0.32, 0.36), dir(-0.32, -0.36), dir(-0.1, -0.36)}, "FD")
	c.SetTextColor(255, 255, 255)
	layouts.TextCentered(c, m.X, m.Y, strconv.Itoa(n))
}

func (b *blind) LastActor() (Viewer, bool) {
	if s, ok := b.t.LastBy(); ok {
		return Viewer(s), true
	}
	return Table, false
}

func (b *blind) Undone(v Viewer, e companion.Event) string {
	return b.t.Undone(b.role(v), e)
}
