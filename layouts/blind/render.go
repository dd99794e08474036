package blind

import (
	"fmt"
	"io"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
	rules "github.com/ninjakit/ninjakit/rules/blind"
)

// Greys: grid lines light enough that pencil reads over them, guides lighter.
const (
	lineGrey  = 150
	guideGrey = 185
)

// Render writes the pads as one PDF, page after page as planned.
func (p *Pads) Render(w io.Writer) error {
	pdf := layouts.NewDocument(p.Paper, "What Blind Ninjas pads")
	for i, pg := range p.Pages {
		pdf.AddPage()
		p.drawHeader(pdf, pg)
		switch pg.Kind {
		case KindMain:
			p.drawMain(pdf, pg)
		case KindLog:
			p.drawLog(pdf, p.geo.logPage, pg.LastRow-pg.FirstRow+1, fmt.Sprintf("Slash log, continued: rows %d to %d", pg.FirstRow, pg.LastRow))
		default:
			p.drawTurns(pdf, pg)
		}
		layouts.DrawFooter(pdf, p.Paper, fmt.Sprintf("%s  -  set %d  -  page %d of %d", pg.Player, pg.Set, i+1, len(p.Pages)))
	}
	return layouts.WriteDocument(pdf, w)
}

func ink(pdf *gofpdf.Fpdf) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
}

func grey(pdf *gofpdf.Fpdf, v int) {
	pdf.SetDrawColor(v, v, v)
	pdf.SetTextColor(v, v, v)
}

func (p *Pads) drawHeader(pdf *gofpdf.Fpdf, pg Page) {
	h := p.geo.header
	ink(pdf)
	layouts.FitFontSize(pdf, layouts.FontSans, "B", pg.Player, h.W*0.55, 22, 12)
	layouts.TextAt(pdf, h.X, h.Y+9, pg.Player)
	layouts.SetFont(pdf, layouts.FontSans, "B", 10)
	layouts.TextRight(pdf, h.Right(), h.Y+5, "What Blind Ninjas?")
	layouts.SetFont(pdf, layouts.FontSans, "", 8)
	what := "main grid, slash log, series tally"
	switch pg.Kind {
	case KindTurns:
		what = fmt.Sprintf("turn grids %d to %d", pg.FirstTurn, pg.LastTurn)
	case KindLog:
		what = fmt.Sprintf("slash log, rows %d to %d", pg.FirstRow, pg.LastRow)
	}
	layouts.TextRight(pdf, h.Right(), h.Y+9, what)
	layouts.TextRight(pdf, h.Right(), h.Y+13.5, "Game ______   Date ____________")
	pdf.SetLineWidth(0.4)
	pdf.Line(h.X, h.Bottom(), h.Right(), h.Bottom())
}

// drawGridLines draws g's squares in light grey inside a black border.
func drawGridLines(pdf *gofpdf.Fpdf, g layouts.Grid, border float64) {
	grey(pdf, lineGrey)
	pdf.SetLineWidth(0.25)
	layouts.RuleGrid(pdf, g)
	ink(pdf)
	pdf.SetLineWidth(border)
	pdf.Rect(g.X, g.Y, g.W, g.H, "D")
}

func (p *Pads) drawMain(pdf *gofpdf.Fpdf, pg Page) {
	g := p.geo
	drawGridLines(pdf, g.main, 0.5)
	p.drawHomeEdge(pdf, pg.Seat)
	cols, rows := ColumnLabels(p.Cols), RowLabels(p.Rows)
	layouts.SetFont(pdf, layouts.FontSans, "B", 12)
	half := labelBand / 2
	for c, l := range cols {
		x := g.main.X + (float64(c)+0.5)*g.main.Cell
		layouts.TextCentered(pdf, x, g.main.Y-half, l)
		layouts.TextCentered(pdf, x, g.main.Bottom()+half, l)
	}
	for r := range p.Rows {
		y := g.main.Y + (float64(r)+0.5)*g.main.Cell
		l := rows[p.Rows-1-r]
		layouts.TextCentered(pdf, g.main.X-half, y, l)
		layouts.TextCentered(pdf, g.main.Right()+half, y, l)
	}
	p.drawNote(pdf, g.note, []string{
		p.startNote(pg.Seat),
		"A slash heard: write its turn number in that square.",
		"Old numbers mean the slasher has moved on: cross them out.",
	})
	p.drawTally(pdf)
	title := "Slash log: circle G (grunt) or S (swish)"
	if p.Turns > g.logRows {
		title = fmt.Sprintf("Slash log: circle G (grunt) or S (swish); rows 1 to %d", g.logRows)
	}
	p.drawLog(pdf, g.log, g.logRows, title)
}

// edgeWords names each side of the room as the printed grid shows it.
var edgeWords = map[rules.Facing]string{
	rules.South: "bottom edge (row %[2]s)",
	rules.North: "top edge (row %[2]s)",
	rules.West:  "left edge (column %[1]s)",
	rules.East:  "right edge (column %[1]s)",
}

// startNote says where a seat's ninjas start: every grid is labelled the
// same, but each seat has its own edge of the room (W-2, W-3).
func (p *Pads) startNote(seat int) string {
	side := rules.Side(len(p.Players), seat)
	cols, rows := ColumnLabels(p.Cols), RowLabels(p.Rows)
	col, row := cols[0], rows[0]
	if side == rules.East {
		col = cols[len(cols)-1]
	}
	if side == rules.North {
		row = rows[len(rows)-1]
	}
	edge := fmt.Sprintf(edgeWords[side], col, row)
	into := side.Opposite()
	if len(p.Players) == 2 {
		return fmt.Sprintf("Start: your four ninjas fill the %s, the thick bar, facing %s.", edge, into)
	}
	return fmt.Sprintf("Start: your four ninjas on squares you choose along the %s, the thick bar, facing %s.", edge, into)
}

// drawHomeEdge draws a thick bar just outside the seat's own edge.
func (p *Pads) drawHomeEdge(pdf *gofpdf.Fpdf, seat int) {
	m := p.geo.main
	const gap, w = 0.9, 1.0
	x0, y0, x1, y1 := m.X, m.Y-gap, m.Right(), m.Y-gap
	switch rules.Side(len(p.Players), seat) {
	case rules.South:
		y0, y1 = m.Bottom()+gap, m.Bottom()+gap
	case rules.West:
		x0, y0, x1, y1 = m.X-gap, m.Y, m.X-gap, m.Bottom()
	case rules.East:
		x0, y0, x1, y1 = m.Right()+gap, m.Y, m.Right()+gap, m.Bottom()
	}
	ink(pdf)
	pdf.SetLineWidth(w)
	pdf.Line(x0, y0, x1, y1)
}

// drawNote writes lines of advice in a small face, wrapped to r's width.
func (p *Pads) drawNote(pdf *gofpdf.Fpdf, r layouts.Rect, lines []string) {
	ink(pdf)
	layouts.SetFont(pdf, layouts.FontSans, "", 8)
	y := r.Y + 3
	for _, l := range lines {
		for _, w := range layouts.WrapText(pdf, l, r.W) {
			layouts.TextAt(pdf, r.X, y, w)
			y += layouts.LineHeight(8)
		}
	}
}

func (p *Pads) drawTally(pdf *gofpdf.Fpdf) {
	t := p.geo.tally
	ink(pdf)
	layouts.SetFont(pdf, layouts.FontSans, "B", 9)
	layouts.TextAt(pdf, t.X+1.5, t.Y+5.5, "Games won in this series")
	nameW := 0.0
	layouts.SetFont(pdf, layouts.FontSans, "B", 9)
	for _, n := range p.Players {
		nameW = max(nameW, layouts.TextWidth(pdf, n))
	}
	nameW = min(nameW+3, t.W*0.5)
	for i, n := range p.Players {
		y := t.Y + tallyRowH*float64(i+1)
		grey(pdf, lineGrey)
		pdf.SetLineWidth(0.25)
		pdf.Line(t.X, y, t.Right(), y)
		pdf.Line(t.X+nameW, y, t.X+nameW, y+tallyRowH)
		ink(pdf)
		fitName(pdf, n, nameW-2.5)
		layouts.TextAt(pdf, t.X+1.5, y+5.5, layouts.Ellipsize(pdf, n, nameW-2.5))
	}
	pdf.SetLineWidth(0.4)
	pdf.Rect(t.X, t.Y, t.W, t.H, "D")
}

// fitName sets the bold face at the largest size, 8.5 pt down to 6 pt, at
// which name fits w; a name too long even then is shortened by the caller.
func fitName(pdf *gofpdf.Fpdf, name string, w float64) {
	layouts.FitFontSize(pdf, layouts.FontSans, "B", name, w, 8.5, 6)
}

// logColumns are the x edges of the slash log's columns: turn, square, then
// one per player.
func (p *Pads) logColumns(l layouts.Rect) []float64 {
	xs := []float64{l.X, l.X + 11, l.X + 27}
	step := (l.Right() - xs[2]) / float64(len(p.Players))
	for i := 1; i <= len(p.Players); i++ {
		xs = append(xs, xs[2]+float64(i)*step)
	}
	return xs
}

// drawLog draws a slash log of rows rows at the top of l, under title.
func (p *Pads) drawLog(pdf *gofpdf.Fpdf, l layouts.Rect, rows int, title string) {
	ink(pdf)
	layouts.SetFont(pdf, layouts.FontSans, "B", 9)
	layouts.TextAt(pdf, l.X, l.Y+4.5, title)
	top := l.Y + logRowH
	xs := p.logColumns(l)
	heads := append([]string{"Turn", "Square"}, p.Players...)
	for i, h := range heads {
		w := xs[i+1] - xs[i]
		fitName(pdf, h, w-2)
		layouts.TextCentered(pdf, xs[i]+w/2, top+logHeadH/2, layouts.Ellipsize(pdf, h, w-2))
	}
	bottom := top + logHeadH + float64(rows)*logRowH
	grey(pdf, lineGrey)
	pdf.SetLineWidth(0.25)
	for r := 0; r <= rows; r++ {
		y := top + logHeadH + float64(r)*logRowH
		pdf.Line(l.X, y, l.Right(), y)
	}
	for _, x := range xs[1 : len(xs)-1] {
		pdf.Line(x, top, x, bottom)
	}
	grey(pdf, guideGrey)
	layouts.SetFont(pdf, layouts.FontSans, "", 8)
	for r := range rows {
		y := top + logHeadH + (float64(r)+0.5)*logRowH
		for i := 2; i < len(xs)-1; i++ {
			cx := (xs[i] + xs[i+1]) / 2
			layouts.TextCentered(pdf, cx-4, y, "G")
			layouts.TextCentered(pdf, cx+4, y, "S")
		}
	}
	ink(pdf)
	pdf.SetLineWidth(0.4)
	pdf.Rect(l.X, top, l.W, bottom-top, "D")
	pdf.Line(l.X, top+logHeadH, l.Right(), top+logHeadH)
}

func (p *Pads) drawTurns(pdf *gofpdf.Fpdf, pg Page) {
	g := p.geo
	p.drawNote(pdf, g.turnNote, []string{
		"After your turn: draw each of your ninjas as an arrow in its square, pointing the way it faces.",
		"Slashes heard since: the turn number in that square, so you can tell fresh marks from old ones.",
	})
	cols, rows := ColumnLabels(p.Cols), RowLabels(p.Rows)
	for t := pg.FirstTurn; t <= pg.LastTurn; t++ {
		i := t - pg.FirstTurn
		box, grid := g.turnBox(i), g.turnGrid(i, p.Cols, p.Rows)
		ink(pdf)
		layouts.SetFont(pdf, layouts.FontSans, "B", 9)
		layouts.TextAt(pdf, grid.X, box.Y+3.5, fmt.Sprintf("Turn %d", t))
		drawGridLines(pdf, grid, 0.35)
		layouts.SetFont(pdf, layouts.FontSans, "B", 6.5)
		for c, l := range cols {
			layouts.TextCentered(pdf, grid.X+(float64(c)+0.5)*grid.Cell, grid.Bottom()+smallBand/2, l)
		}
		for r := range p.Rows {
			layouts.TextCentered(pdf, box.X+smallBand/2, grid.Y+(float64(r)+0.5)*grid.Cell, rows[p.Rows-1-r])
		}
	}
}
