package layouts

import "math"

// RoundRect draws a rectangle with rounded corners as a plain path, in the
// given gofpdf style ("D", "F", "FD"). gofpdf's own RoundedRect opens a
// graphics state it never closes.
func RoundRect(pdf Canvas, r Rect, rad float64, style string) {
	rad = math.Min(rad, math.Min(r.W, r.H)/2)
	k := rad * 0.5523 // control distance of a quarter circle
	x0, y0, x1, y1 := r.X, r.Y, r.Right(), r.Bottom()
	pdf.MoveTo(x0+rad, y0)
	pdf.LineTo(x1-rad, y0)
	pdf.CurveBezierCubicTo(x1-rad+k, y0, x1, y0+rad-k, x1, y0+rad)
	pdf.LineTo(x1, y1-rad)
	pdf.CurveBezierCubicTo(x1, y1-rad+k, x1-rad+k, y1, x1-rad, y1)
	pdf.LineTo(x0+rad, y1)
	pdf.CurveBezierCubicTo(x0+rad-k, y1, x0, y1-rad+k, x0, y1-rad)
	pdf.LineTo(x0, y0+rad)
	pdf.CurveBezierCubicTo(x0, y0+rad-k, x0+rad-k, y0, x0+rad, y0)
	pdf.ClosePath()
	pdf.DrawPath(style)
}

// PtForCap is the font size in points whose capitals are h mm tall.
func PtForCap(h float64) float64 { return h / (PtToMM * CapHeight) }

// CardScale relates a card's trim to the poker card (63 x 88 mm) that card
// faces are designed at, so one design serves every card size.
func CardScale(trim Rect) float64 { return math.Min(trim.W/SizePoker.W, trim.H/SizePoker.H) }

// Tint mixes the colour c with white; f is the share of white.
func Tint(c [3]int, f float64) [3]int {
	var out [3]int
	for i, v := range c {
		out[i] = int(math.Round(float64(v) + (255-float64(v))*f))
	}
	return out
}

// RuleGrid draws the lines between g's cells, not its frame, in the current
// colour and line width.
func RuleGrid(pdf Canvas, g Grid) {
	for c := 1; c < g.Cols; c++ {
		x := g.X + float64(c)*g.Cell
		pdf.Line(x, g.Y, x, g.Bottom())
	}
	for r := 1; r < g.Rows; r++ {
		y := g.Y + float64(r)*g.Cell
		pdf.Line(g.X, y, g.Right(), y)
	}
}

// CardFrame paints the white border a card's face and back share and the
// field inside it, edged in edge, and returns the field and its corner
// radius. Art stays inside the border, so such cards need no bleed. The
// line style is the caller's: games reset it their own way first.
func CardFrame(pdf Canvas, trim Rect, field, edge [3]int) (inner Rect, rad float64) {
	s := CardScale(trim)
	inner, rad = trim.Inset(3*s), 2.5*s
	pdf.SetFillColor(255, 255, 255)
	pdf.Rect(trim.X, trim.Y, trim.W, trim.H, "F")
	pdf.SetFillColor(field[0], field[1], field[2])
	pdf.SetDrawColor(edge[0], edge[1], edge[2])
	pdf.SetLineWidth(0.5 * s)
	RoundRect(pdf, inner, rad, "FD")
	return inner, rad
}

// FillColour, StrokeColour and TextColour set gofpdf's colours from an RGB
// triple, as every game's palette holds them.
func FillColour(pdf Canvas, c [3]int)   { pdf.SetFillColor(c[0], c[1], c[2]) }
func StrokeColour(pdf Canvas, c [3]int) { pdf.SetDrawColor(c[0], c[1], c[2]) }
func TextColour(pdf Canvas, c [3]int)   { pdf.SetTextColor(c[0], c[1], c[2]) }

// TopBand fills band in c with its top corners rounded by rad, to match the
// card field it heads, and its bottom square.
func TopBand(pdf Canvas, band Rect, rad float64, c [3]int) {
	FillColour(pdf, c)
	pdf.MoveTo(band.X, band.Bottom())
	pdf.LineTo(band.X, band.Y+rad)
	pdf.CurveBezierCubicTo(band.X, band.Y+rad*0.45, band.X+rad*0.45, band.Y, band.X+rad, band.Y)
	pdf.LineTo(band.Right()-rad, band.Y)
	pdf.CurveBezierCubicTo(band.Right()-rad*0.45, band.Y, band.Right(), band.Y+rad*0.45, band.Right(), band.Y+rad)
	pdf.LineTo(band.Right(), band.Bottom())
	pdf.ClosePath()
	pdf.DrawPath("F")
}

// BackRule rules a thin rounded line in c inside the field of a card back
// (the field and radius CardFrame returned) and returns the box it bounds,
// where the back's pattern goes.
func BackRule(pdf Canvas, field Rect, rad, s float64, c [3]int) Rect {
	inner := field.Inset(2.5 * s)
	StrokeColour(pdf, c)
	pdf.SetLineWidth(0.6 * s)
	RoundRect(pdf, inner, math.Max(rad-1.5*s, 0.5), "D")
	return inner
}

// TokenField fills a full-bleed token's bleed with field and returns the
// token's size (its shorter side) and the centre of its picture, a little
// above the middle to leave room for a label along the foot.
func TokenField(pdf Canvas, trim, bleed Rect, field [3]int) (u float64, c Point) {
	FillColour(pdf, field)
	pdf.Rect(bleed.X, bleed.Y, bleed.W, bleed.H, "F")
	return math.Min(trim.W, trim.H), Point{X: trim.X + trim.W/2, Y: trim.Y + trim.H*0.42}
}
