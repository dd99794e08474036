package blades

import (
	"math"
	"strconv"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// Card colours. Every one prints as a distinct grey, so the cards read from
// a black-and-white printer too.
var (
	cardNavy  = [3]int{32, 40, 78}    // header, the back, your ninjas
	cardPaper = [3]int{252, 249, 240} // inside the frame
	cardGold  = [3]int{238, 196, 70}  // price coin, the back's lines
	blastRGB  = [3]int{250, 196, 140} // cells a card strikes
	strikeRGB = [3]int{200, 30, 30}   // the cross on a removed ninja
	otherRGB  = [3]int{160, 160, 160} // a ninja that is not your prey
	white     = [3]int{255, 255, 255}
)

// cardLayout is where the parts of a card face go. Every length is scaled
// from the poker design by Unit, so the same card works at every size.
type cardLayout struct {
	Unit   float64
	Frame  layouts.Rect // inside the white border
	Header layouts.Rect // dark band with the name
	Title  layouts.Rect // the name, right of the price
	Price  layouts.Rect // square holding the price coin
	Icon   layouts.Rect
	Text   layouts.Rect
}

// layoutCard lays a face out in trim. The white border keeps the art off the
// cut, so the cards need no bleed.
func layoutCard(trim layouts.Rect) cardLayout {
	u := layouts.CardScale(trim)
	// A border under 2 mm is lost to a cut that wanders.
	l := cardLayout{Unit: u, Frame: trim.Inset(math.Max(2, 3*u))}
	f := l.Frame
	l.Header = layouts.Rect{X: f.X, Y: f.Y, W: f.W, H: 13 * u}
	l.Price = layouts.Rect{X: f.X + 1.5*u, Y: f.Y + 1.5*u, W: 17 * u, H: 17 * u}
	l.Title = layouts.Rect{X: l.Price.Right() + 2*u, Y: f.Y, W: f.Right() - 2*u - l.Price.Right() - 2*u, H: l.Header.H}
	top := l.Price.Bottom() + 2*u
	l.Icon = layouts.Rect{X: f.X + 3*u, Y: top, W: f.W - 6*u, H: 0.4 * f.H}
	l.Text = layouts.Rect{X: f.X + 2.5*u, Y: l.Icon.Bottom() + 2*u, W: f.W - 5*u, H: f.Bottom() - 2.5*u - l.Icon.Bottom() - 2*u}
	return l
}

// CardSet is one piece per printed card, Count copies of each kind in data
// order, with the shared back.
func CardSet(c KitContent, card layouts.Size) layouts.Set {
	s := layouts.Set{Title: "Special Attack cards", Size: card, Back: cardBack}
	for _, k := range c.Cards {
		s.Add(k.Name, CardFront(k), k.Count)
	}
	return s
}

// CardFront draws the face of one kind of Special Attack card: the kit
// prints it, the phone shows it in the hand.
func CardFront(k KitCard) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, _ layouts.Rect) {
		l := layoutCard(trim)
		u, f := l.Unit, l.Frame
		pdf.SetLineCapStyle("butt")
		pdf.SetDashPattern(nil, 0)
		layouts.FillColour(pdf, white)
		pdf.Rect(trim.X, trim.Y, trim.W, trim.H, "F")
		layouts.FillColour(pdf, cardPaper)
		layouts.StrokeColour(pdf, cardNavy)
		pdf.SetLineWidth(0.5 * u)
		pdf.Rect(f.X, f.Y, f.W, f.H, "FD")
		layouts.FillColour(pdf, cardNavy)
		pdf.Rect(l.Header.X, l.Header.Y, l.Header.W, l.Header.H, "F")

		layouts.TextColour(pdf, white)
		pt := layouts.FitFontSize(pdf, layouts.FontSans, "B", k.Name, l.Title.W, 15*u, 5)
		layouts.SetFont(pdf, layouts.FontSans, "B", pt)
		layouts.TextCentered(pdf, l.Title.Center().X, l.Title.Center().Y, layouts.Ellipsize(pdf, k.Name, l.Title.W))

		drawPriceCoin(pdf, l.Price, k.Price)
		drawIcon(pdf, k.Kind, l.Icon)

		layouts.TextColour(pdf, inkRGB)
		cardText(pdf, k.Text, l.Text, 10*u, 4.5)
	}
}

// drawPriceCoin draws the price big in a gold coin: it is what players add
// up against the keep limit, so it has to read across the table.
func drawPriceCoin(pdf layouts.Canvas, box layouts.Rect, price int) {
	c, r := box.Center(), box.W/2
	layouts.FillColour(pdf, cardGold)
	layouts.StrokeColour(pdf, cardNavy)
	pdf.SetLineWidth(r * 0.08)
	pdf.Circle(c.X, c.Y, r, "FD")
	layouts.TextColour(pdf, cardNavy)
	s := strconv.Itoa(price)
	capH := r * 1.05
	if len(s) > 1 {
		capH = r * 0.8
	}
	layouts.SetFont(pdf, layouts.FontSans, "B", capH/(layouts.PtToMM*layouts.CapHeight))
	layouts.TextCentered(pdf, c.X, c.Y, s)
}

// cardText wraps s centred in box at the largest size from maxPt down to
// minPt that fits, in the current text colour; at minPt what still does
// not fit is cut with an ellipsis rather than drawn over the edge.
func cardText(pdf layouts.Canvas, s string, box layouts.Rect, maxPt, minPt float64) {
	pt := maxPt
	var lines []string
	for ; ; pt -= 0.25 {
		pt = math.Max(pt, minPt)
		layouts.SetFont(pdf, layouts.FontSans, "", pt)
		lines = layouts.WrapText(pdf, s, box.W)
		if float64(len(lines))*layouts.LineHeight(pt) <= box.H || pt <= minPt {
			break
		}
	}
	lh := layouts.LineHeight(pt)
	if fit := int(box.H / lh); len(lines) > fit {
		lines = lines[:max(fit, 0)]
		if fit > 0 {
			lines[fit-1] = layouts.Ellipsize(pdf, lines[fit-1]+"…", box.W)
		}
	}
	y := box.Y + (box.H-float64(len(lines))*lh)/2
	for i, line := range lines {
		layouts.TextCentered(pdf, box.Center().X, y+(float64(i)+0.5)*lh, line)
	}
}

// cardBack is one design for every card, the same under a half turn and
// under a left-right mirror, so long- and short-edge duplex both match.
func cardBack(pdf layouts.Canvas, trim, _ layouts.Rect) {
	l := layoutCard(trim)
	u, f := l.Unit, l.Frame
	pdf.SetLineCapStyle("butt")
	pdf.SetDashPattern(nil, 0)
	layouts.FillColour(pdf, white)
	pdf.Rect(trim.X, trim.Y, trim.W, trim.H, "F")
	layouts.FillColour(pdf, cardNavy)
	pdf.Rect(f.X, f.Y, f.W, f.H, "F")

	// A lattice of diagonals through the centre both ways.
	c := f.Center()
	pdf.ClipRect(f.X, f.Y, f.W, f.H, false)
	layouts.StrokeColour(pdf, [3]int{70, 80, 125})
	pdf.SetLineWidth(0.35 * u)
	step := 6 * u
	reach := f.W + f.H
	for k := -math.Ceil(reach / step); k <= math.Ceil(reach/step); k++ {
		d := k * step
		pdf.Line(c.X+d-reach, c.Y-reach, c.X+d+reach, c.Y+reach)
		pdf.Line(c.X+d-reach, c.Y+reach, c.X+d+reach, c.Y-reach)
	}
	pdf.ClipEnd()

	in := f.Inset(2.5 * u)
	layouts.StrokeColour(pdf, cardGold)
	pdf.SetLineWidth(0.6 * u)
	pdf.Rect(in.X, in.Y, in.W, in.H, "D")

	r := math.Min(f.W, f.H) * 0.3
	layouts.FillColour(pdf, cardNavy)
	pdf.Circle(c.X, c.Y, r, "FD")
	layouts.FillColour(pdf, cardGold)
	drawStar(pdf, layouts.Point{X: c.X, Y: c.Y}, r*0.8, 0)
	layouts.FillColour(pdf, cardNavy)
	pdf.Circle(c.X, c.Y, r*0.14, "F")
}

// drawStar fills a four-pointed throwing star of radius r, turned by angle
// degrees, in the current fill colour.
func drawStar(pdf layouts.Canvas, c layouts.Point, r, angle float64) {
	pts := make([]gofpdf.PointType, 0, 8)
	for i := range 8 {
		a := (angle + float64(i)*45) * math.Pi / 180
		d := r
		if i%2 == 1 {
			d = r * 0.3
		}
		pts = append(pts, gofpdf.PointType{X: c.X + d*math.Sin(a), Y: c.Y - d*math.Cos(a)})
	}
	pdf.Polygon(pts, "F")
}

// iconGrid draws the little board scenes that show what a card does: your
// ninjas dark, prey hollow, other dojos grey, removed ninjas crossed out.
type iconGrid struct {
	pdf layouts.Canvas
	g   layouts.Grid
}

func (ig iconGrid) at(col, row float64) layouts.Point {
	return layouts.Point{X: ig.g.X + (col+0.5)*ig.g.Cell, Y: ig.g.Y + (row+0.5)*ig.g.Cell}
}

func (ig iconGrid) discR() float64 { return ig.g.Cell * 0.34 }
func (ig iconGrid) lw() float64    { return math.Max(0.15, ig.g.Cell*0.05) }

func (ig iconGrid) shade(col, row int) {
	r := ig.g.CellRect(col, row)
	layouts.FillColour(ig.pdf, blastRGB)
	ig.pdf.Rect(r.X, r.Y, r.W, r.H, "F")
}

func (ig iconGrid) disc(col, row float64, fill [3]int) {
	c := ig.at(col, row)
	layouts.FillColour(ig.pdf, fill)
	layouts.StrokeColour(ig.pdf, inkRGB)
	ig.pdf.SetLineWidth(ig.lw())
	ig.pdf.Circle(c.X, c.Y, ig.discR(), "FD")
}

func (ig iconGrid) mine(col, row float64)  { ig.disc(col, row, cardNavy) }
func (ig iconGrid) prey(col, row float64)  { ig.disc(col, row, white) }
func (ig iconGrid) other(col, row float64) { ig.disc(col, row, otherRGB) }

// ghost is where a ninja stood before it moved.
func (ig iconGrid) ghost(col, row float64) {
	c := ig.at(col, row)
	layouts.StrokeColour(ig.pdf, cardNavy)
	ig.pdf.SetLineWidth(ig.lw())
	ig.pdf.SetDashPattern([]float64{ig.g.Cell * 0.08, ig.g.Cell * 0.06}, 0)
	ig.pdf.Circle(c.X, c.Y, ig.discR(), "D")
	ig.pdf.SetDashPattern(nil, 0)
}

// strike crosses out the ninja on a cell.
func (ig iconGrid) strike(col, row float64) {
	c, d := ig.at(col, row), ig.g.Cell*0.38
	layouts.StrokeColour(ig.pdf, strikeRGB)
	ig.pdf.SetLineWidth(ig.g.Cell * 0.11)
	ig.pdf.SetLineCapStyle("round")
	ig.pdf.Line(c.X-d, c.Y-d, c.X+d, c.Y+d)
	ig.pdf.Line(c.X-d, c.Y+d, c.X+d, c.Y-d)
	ig.pdf.SetLineCapStyle("butt")
}

// hop is a jump from one cell to another, bowed by lift cells (negative
// bows up), with its head at the far end.
func (ig iconGrid) hop(c0, r0, c1, r1, lift float64, dashed bool) {
	p := ig.pdf
	a, b := ig.at(c0, r0), ig.at(c1, r1)
	dx, dy := b.X-a.X, b.Y-a.Y
	d := math.Hypot(dx, dy)
	ux, uy := dx/d, dy/d
	// Start and end off the discs, the bow across the line between them.
	gap := ig.discR() * 1.1
	s := layouts.Point{X: a.X + ux*gap, Y: a.Y + uy*gap}
	e := layouts.Point{X: b.X - ux*gap, Y: b.Y - uy*gap}
	m := layouts.Point{X: (s.X+e.X)/2 - uy*lift*ig.g.Cell, Y: (s.Y+e.Y)/2 + ux*lift*ig.g.Cell}
	layouts.StrokeColour(ig.pdf, cardNavy)
	layouts.FillColour(ig.pdf, cardNavy)
	p.SetLineWidth(ig.lw() * 1.6)
	if dashed {
		p.SetDashPattern([]float64{ig.g.Cell * 0.12, ig.g.Cell * 0.08}, 0)
	}
	p.Curve(s.X, s.Y, m.X, m.Y, e.X, e.Y, "D")
	p.SetDashPattern(nil, 0)
	// The head points along the curve's last tangent, from m to e.
	ig.head(m, e)
}

// bounce is a kick from one cell to the next along row, drawn as an arc
// over the tops of the discs; head puts an arrowhead on its end.
func (ig iconGrid) bounce(c0, c1, row float64, head bool) {
	a, b := ig.at(c0, row), ig.at(c1, row)
	r, cell := ig.discR(), ig.g.Cell
	s := layouts.Point{X: a.X + r*0.5, Y: a.Y - r*0.9}
	e := layouts.Point{X: b.X - r*0.5, Y: b.Y - r*0.9}
	m := layouts.Point{X: (s.X + e.X) / 2, Y: s.Y - cell*0.45}
	layouts.StrokeColour(ig.pdf, cardNavy)
	layouts.FillColour(ig.pdf, cardNavy)
	ig.pdf.SetLineWidth(ig.lw() * 1.6)
	ig.pdf.Curve(s.X, s.Y, m.X, m.Y, e.X, e.Y, "D")
	if head {
		ig.head(m, e)
	}
}

// head is an arrowhead at e pointing away from m.
func (ig iconGrid) head(m, e layouts.Point) {
	tx, ty := e.X-m.X, e.Y-m.Y
	tl := math.Hypot(tx, ty)
	tx, ty = tx/tl, ty/tl
	h := ig.g.Cell * 0.28
	ig.pdf.Polygon([]gofpdf.PointType{
		{X: e.X + tx*h*0.3, Y: e.Y + ty*h*0.3},
		{X: e.X - tx*h - ty*h*0.5, Y: e.Y - ty*h + tx*h*0.5},
		{X: e.X - tx*h + ty*h*0.5, Y: e.Y - ty*h - tx*h*0.5},
	}, "F")
}

// iconScene is the grid size each card's scene needs.
var iconScene = map[string][2]int{
	"bomb": {6, 4}, "shuriken": {5, 3}, "double-kick": {4, 3}, "triple-kick": {5, 3},
	"vanishing": {5, 3}, "circle-kick": {5, 3}, "double-dragon": {5, 3},
}

// drawIcon draws the scene for a card kind centred in box; an unknown kind
// (a data file of someone's own) gets a plain throwing star.
func drawIcon(pdf layouts.Canvas, kind string, box layouts.Rect) {
	size, ok := iconScene[kind]
	if !ok {
		layouts.FillColour(pdf, cardNavy)
		drawStar(pdf, box.Center(), math.Min(box.W, box.H)*0.4, 0)
		return
	}
	g, err := layouts.FitGrid(box, size[0], size[1], 0)
	if err != nil {
		return
	}
	ig := iconGrid{pdf: pdf, g: g}
	layouts.FillColour(pdf, white)
	pdf.Rect(g.X, g.Y, g.W, g.H, "F")
	pdf.SetLineCapStyle("butt")
	pdf.SetDashPattern(nil, 0)
	switch kind {
	case "bomb":
		for c := 3; c <= 5; c++ {
			for r := 0; r <= 2; r++ {
				ig.shade(c, r)
			}
		}
	case "circle-kick":
		for c := 1; c <= 3; c++ {
			for r := 0; r <= 2; r++ {
				if c != 2 || r != 1 {
					ig.shade(c, r)
				}
			}
		}
	case "shuriken":
		for c := 1; c <= 4; c++ {
			ig.shade(c, 1)
		}
	case "double-dragon":
		ig.shade(2, 1)
	}
	iconLines(pdf, g)
	switch kind {
	case "bomb":
		// Lobbed over a ninja in the way; everyone in the square goes,
		// yours too.
		ig.mine(0, 1)
		ig.prey(1, 1)
		ig.prey(1, 3)
		ig.other(4, 3)
		ig.prey(3, 0)
		ig.other(5, 0)
		ig.mine(5, 2)
		ig.prey(3, 2)
		for _, p := range [][2]float64{{3, 0}, {5, 0}, {5, 2}, {3, 2}} {
			ig.strike(p[0], p[1])
		}
		ig.hop(0, 1, 4, 1, -0.9, true)
		c := ig.at(4, 1)
		r := g.Cell * 0.3
		layouts.FillColour(pdf, inkRGB)
		pdf.Circle(c.X, c.Y+r*0.15, r, "F")
		layouts.StrokeColour(pdf, inkRGB)
		pdf.SetLineWidth(ig.lw() * 1.4)
		pdf.Line(c.X+r*0.5, c.Y-r*0.6, c.X+r*0.9, c.Y-r*1.2)
		layouts.FillColour(pdf, strikeRGB)
		drawStar(pdf, layouts.Point{X: c.X + r, Y: c.Y - r*1.35}, r*0.55, 22.5)
	case "shuriken":
		ig.mine(0, 1)
		ig.prey(4, 1)
		ig.strike(4, 1)
		ig.prey(1, 0)
		ig.other(3, 2)
		ig.prey(2, 2)
		a, b := ig.at(0.5, 1), ig.at(2.5, 1)
		layouts.StrokeColour(pdf, cardNavy)
		pdf.SetLineWidth(ig.lw())
		for i, dy := range []float64{-0.15, 0, 0.15} {
			x0 := a.X + float64(i%2)*g.Cell*0.4
			pdf.Line(x0, a.Y+dy*g.Cell, b.X-g.Cell*0.35, b.Y+dy*g.Cell)
		}
		layouts.FillColour(pdf, cardNavy)
		drawStar(pdf, b, g.Cell*0.4, 20)
		layouts.FillColour(pdf, white)
		pdf.Circle(b.X, b.Y, g.Cell*0.06, "F")
	case "double-kick", "triple-kick":
		n := 2
		if kind == "triple-kick" {
			n = 3
		}
		ig.ghost(0, 1)
		for i := 1; i < n; i++ {
			ig.prey(float64(i), 1)
			ig.strike(float64(i), 1)
		}
		ig.strike(float64(n), 1)
		ig.mine(float64(n), 1)
		for i := range n {
			ig.bounce(float64(i), float64(i+1), 1, i == n-1)
		}
		ig.prey(1, 2)
		ig.other(float64(n), 2)
	case "vanishing":
		c := ig.at(0, 2)
		layouts.FillColour(pdf, [3]int{205, 205, 205})
		for _, p := range [][3]float64{{0, 0, 0.3}, {-0.25, -0.1, 0.22}, {0.08, -0.28, 0.25}, {0.3, 0.05, 0.2}, {-0.05, 0.22, 0.22}} {
			pdf.Circle(c.X+p[0]*g.Cell, c.Y+p[1]*g.Cell, p[2]*g.Cell, "F")
		}
		ig.ghost(0, 2)
		ig.prey(1, 1)
		ig.other(2, 0)
		ig.prey(3, 2)
		ig.other(2, 2)
		ig.mine(4, 0)
		ig.hop(0, 2, 4, 0, -0.5, true)
	case "circle-kick":
		ig.mine(2, 1)
		for _, p := range [][2]float64{{1, 0}, {3, 0}, {1, 2}, {3, 1}, {2, 2}} {
			ig.prey(p[0], p[1])
			ig.strike(p[0], p[1])
		}
		ig.other(2, 0)
		ig.prey(0, 1)
		ig.prey(4, 2)
		ig.other(4, 0)
	case "double-dragon":
		ig.mine(1, 1)
		ig.mine(3, 1)
		ig.other(2, 1)
		ig.strike(2, 1)
		ig.bounce(1, 2, 1, true)
		ig.prey(2, 2)
		ig.other(4, 2)
	}
}

// iconLines rules the scene's cells and frames it.
func iconLines(pdf layouts.Canvas, g layouts.Grid) {
	layouts.StrokeColour(pdf, ruleRGB)
	pdf.SetLineWidth(math.Max(0.1, g.Cell*0.025))
	layouts.RuleGrid(pdf, g)
	layouts.StrokeColour(pdf, inkRGB)
	pdf.SetLineWidth(math.Max(0.15, g.Cell*0.04))
	pdf.Rect(g.X, g.Y, g.W, g.H, "D")
}
