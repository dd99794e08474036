package tui

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/layouts"
	bladespdf "github.com/ninjakit/ninjakit/layouts/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

var _ Boarder = (*blades)(nil)

// phoneCell is the board's cell in the phone's drawing, in millimetres; the
// page scales the drawing to the screen's width.
const phoneCell = 10

// cardFaces keeps each card face drawn once: a face depends only on the
// card's printed name, text and price.
var cardFaces sync.Map // bladespdf.KitCard -> string

// Picture draws the board as the setup sheet prints it (seat 1's edge
// nearest the reader for every viewer, ruling T-11) with the last move
// marked, and gives v its own hand and, on its turn, its moves as taps.
func (b *blades) Picture(v Viewer) (Picture, error) {
	p := b.t.Pos
	r := p.Rules()
	bd := p.Board()
	sheet := b.sheet()
	frame, err := bladespdf.LayoutBoard(layouts.Rect{W: float64(bd.Cols)*phoneCell + 40, H: float64(bd.Rows)*phoneCell + 40},
		bd.Cols, bd.Rows, sheet.Buddha, phoneCell)
	if err != nil {
		return Picture{}, err
	}
	svg := layouts.NewSVG(frame.Outer)
	bladespdf.DrawBoard(svg, frame, &sheet)
	lm, hasLast := b.lastMove()
	if hasLast {
		markLast(svg, frame.Grid, bd, lm)
	}
	var out bytes.Buffer
	if _, err := svg.WriteTo(&out); err != nil {
		return Picture{}, err
	}
	pic := Picture{SVG: out.String(), Turn: b.turnLine()}
	if hasLast {
		pic.Last = lm.said
	}
	for _, c := range bd.Cells() {
		col, row := int(c)%bd.Cols, bd.Rows-1-int(c)/bd.Cols
		cr := frame.Grid.CellRect(col, row)
		pic.Spots = append(pic.Spots, Spot{ID: bd.CellName(c), Name: bd.CellName(c), Box: [4]float64{cr.X, cr.Y, cr.W, cr.H}})
	}
	if v == Table || int(v) >= p.Players() || b.Bot(v) {
		return pic, nil
	}
	seat := engine.Seat(v)
	for _, k := range dedupeKinds(p.Hand(seat).Kinds()) {
		face, err := cardFace(r.Data.Deck.Cards[k])
		if err != nil {
			return Picture{}, err
		}
		c := r.Data.Deck.Cards[k]
		pic.Hand = append(pic.Hand, Card{ID: k.String(), Name: c.Name, Price: c.Price, Count: int(p.Hand(seat)[k]), SVG: face})
	}
	switch {
	case p.Choosing(seat):
		pic.Limit = r.KeepLimit
		for _, ch := range b.keeps(seat) {
			cards := strings.Fields(strings.TrimPrefix(ch.Text, "keep "))
			if ch.Text == "keep none" {
				cards = []string{}
			}
			pic.Keeps = append(pic.Keeps, Keep{Cards: cards, Text: ch.Text, Say: b.keepSay(cards)})
		}
	case p.Phase() == engine.Playing && p.Turn() == seat:
		for _, m := range p.LegalMoves(nil) {
			mv := Move{Text: m.Format(bd), Say: b.t.Foretell(m)}
			if f := strings.Fields(mv.Text); len(f) > 1 {
				// A one-cell play (a circle kick) targets its own ninja:
				// tap it, then tap it again.
				mv.Piece, mv.To = f[1], f[len(f)-1]
			}
			if k, ok := m.Action.Card(); ok {
				mv.Card = k.String()
			}
			pic.Moves = append(pic.Moves, mv)
		}
	}
	return pic, nil
}

// keepSay tells a keep choice with the printed names and what it costs.
func (b *blades) keepSay(cards []string) string {
	if len(cards) == 0 {
		return "Keep no cards"
	}
	r := b.t.Pos.Rules()
	var names []string
	cost := 0
	for _, w := range cards {
		h, err := engine.ParseCards(w)
		if err != nil {
			continue
		}
		for _, k := range h.Kinds() {
			names = append(names, r.Data.Deck.Cards[k].Name)
			cost += r.Data.Deck.Cards[k].Price
		}
	}
	return fmt.Sprintf("Keep %s (price %d of %d)", strings.Join(names, ", "), cost, r.KeepLimit)
}

func dedupeKinds(ks []engine.Kind) []engine.Kind {
	var out []engine.Kind
	for i, k := range ks {
		if i == 0 || ks[i-1] != k {
			out = append(out, k)
		}
	}
	return out
}

// cardFace is one card's face as the kit prints it, as an <svg>.
func cardFace(c data.BladesCard) (string, error) {
	k := bladespdf.KitCard{Kind: c.Kind, Name: c.Name, Text: c.Text, Price: c.Price}
	if s, ok := cardFaces.Load(k); ok {
		return s.(string), nil
	}
	var out bytes.Buffer
	if err := layouts.PieceSVG(&out, bladespdf.CardFront(k), layouts.SizePoker); err != nil {
		return "", err
	}
	cardFaces.Store(k, out.String())
	return out.String(), nil
}

// sheet is the game now as the setup sheet draws a board: the same dojo
// colours and markings, the seats on their edges.
func (b *blades) sheet() bladespdf.Sheet {
	p := b.t.Pos
	r := p.Rules()
	bd := p.Board()
	s := bladespdf.Sheet{FirstSeat: -1}
	for c := range bd.Cols {
		s.ColLabels += string(rune('a' + c))
	}
	if p.Players() >= 4 {
		s.Buddha = r.Data.Temple.Buddha
		s.Join = r.Data.House.Columns
		if s.Buddha == "left" {
			s.Join = r.Data.Temple.Columns - r.Data.House.Columns
		}
	}
	for row := bd.Rows - 1; row >= 0; row-- {
		var line []byte
		for col := range bd.Cols {
			c := engine.Cell(row*bd.Cols + col)
			switch colour, ok := p.At(c); {
			case !bd.InPlay(c):
				line = append(line, bladespdf.CellOutOfPlay)
			case ok:
				line = append(line, r.Letter(colour))
			default:
				line = append(line, bladespdf.CellEmpty)
			}
		}
		s.Board = append(s.Board, string(line))
	}
	// A dojo's marking follows its place in the data, as on the sheet.
	for i, d := range r.Data.Dojos {
		s.Dojos = append(s.Dojos, bladespdf.Dojo{Letter: d.Letter[0], Name: d.Name, RGB: d.RGB, Pattern: i % bladespdf.Patterns})
	}
	for i := range p.Players() {
		s.Seats = append(s.Seats, bladespdf.SeatLine{Seat: i + 1, Dojo: r.Letter(p.Colour(engine.Seat(i)))})
	}
	return s
}

// markLast marks the last move on the drawing: a heavy ring where its
// ninja ended or struck, a dashed ring on the cell it left, a cross on
// each ninja it removed. Shapes, not colours, tell them apart.
func markLast(c layouts.Canvas, g layouts.Grid, bd *engine.Board, lm lastMove) {
	at := func(cell engine.Cell) layouts.Rect {
		return g.CellRect(int(cell)%bd.Cols, bd.Rows-1-int(cell)/bd.Cols)
	}
	if lm.removed == nil {
		return
	}
	c.SetDrawColor(200, 30, 30)
	c.SetLineCapStyle("round")
	c.SetLineWidth(g.Cell * 0.09)
	for cell := range lm.removed {
		r := at(cell).Inset(g.Cell * 0.2)
		c.Line(r.X, r.Y, r.Right(), r.Bottom())
		c.Line(r.X, r.Bottom(), r.Right(), r.Y)
	}
	c.SetDrawColor(20, 20, 20)
	if lm.moved {
		m := at(lm.from).Center()
		c.SetDashPattern([]float64{g.Cell * 0.12, g.Cell * 0.1}, 0)
		c.Circle(m.X, m.Y, g.Cell*0.42, "D")
		c.SetDashPattern(nil, 0)
	}
	to := at(lm.to)
	c.SetLineWidth(g.Cell * 0.1)
	c.Rect(to.X+g.Cell*0.05, to.Y+g.Cell*0.05, to.W-g.Cell*0.1, to.H-g.Cell*0.1, "D")
	c.SetLineCapStyle("butt")
}

func (b *blades) LastActor() (Viewer, bool) {
	if n := len(b.t.Log); n > 0 && b.t.Log[n-1].Kind != "note" {
		return Viewer(b.t.Log[n-1].Seat), true
	}
	return Table, false
}

func (b *blades) Undone(v Viewer, e companion.Event) string {
	return b.t.Undone(b.role(v), e)
}
