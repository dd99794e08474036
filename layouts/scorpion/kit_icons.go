package scorpion

import (
	"math"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// pen draws in units of r around c, so an icon is designed once on a
// square from -1 to 1.
type pen struct {
	pdf layouts.Canvas
	c   layouts.Point
	r   float64
}

func (p pen) pt(x, y float64) gofpdf.PointType {
	return gofpdf.PointType{X: p.c.X + x*p.r, Y: p.c.Y + y*p.r}
}

func (p pen) poly(style string, xy ...float64) {
	pts := make([]gofpdf.PointType, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, p.pt(xy[i], xy[i+1]))
	}
	p.pdf.Polygon(pts, style)
}

func (p pen) circle(x, y, r float64, style string) {
	p.pdf.Circle(p.c.X+x*p.r, p.c.Y+y*p.r, r*p.r, style)
}

func (p pen) line(w, x0, y0, x1, y1 float64) {
	p.pdf.SetLineWidth(w * p.r)
	p.pdf.Line(p.c.X+x0*p.r, p.c.Y+y0*p.r, p.c.X+x1*p.r, p.c.Y+y1*p.r)
}

// drawIcon draws the named picture in colour c, within radius r of at.
func drawIcon(pdf layouts.Canvas, name string, at layouts.Point, r float64, c rgb) {
	p := pen{pdf: pdf, c: at, r: r}
	layouts.FillColour(pdf, c)
	layouts.StrokeColour(pdf, c)
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
	defer plainLines(pdf)
	switch name {
	case "sword":
		p.poly("F", -0.08, 0.35, -0.08, -0.95, 0, -1.05, 0.08, -0.95, 0.08, 0.35)
		p.line(0.14, -0.4, 0.4, 0.4, 0.4)
		p.line(0.16, 0, 0.45, 0, 0.95)
	case "spear":
		p.line(0.1, 0, -0.55, 0, 1)
		p.poly("F", 0, -1.05, 0.2, -0.6, 0, -0.5, -0.2, -0.6)
	case "rope":
		pdf.SetLineWidth(0.12 * r)
		for _, f := range []float64{0.3, 0.5, 0.7} {
			p.circle(-0.15, 0.2, f, "D")
		}
		p.line(0.12, 0.55, 0.2, 0.75, -0.8)
		p.line(0.12, 0.75, -0.8, 0.45, -0.95)
		p.line(0.12, 0.75, -0.8, 1, -0.6)
	case "moon":
		p.circle(0, 0, 0.8, "F")
		layouts.FillColour(pdf, layouts.Tint(c, 0.86))
		p.circle(0.35, -0.2, 0.7, "F")
	case "star":
		w := 0.24
		p.poly("F", 0, -1, w, -w, 1, 0, w, w, 0, 1, -w, w, -1, 0, -w, -w)
		layouts.FillColour(pdf, white)
		p.circle(0, 0, 0.14, "F")
	case "door":
		p.poly("F", -0.6, 0.95, -0.6, -0.3, -0.45, -0.7, 0, -0.9, 0.45, -0.7, 0.6, -0.3, 0.6, 0.95)
		layouts.FillColour(pdf, white)
		p.poly("F", -0.35, 0.95, -0.35, -0.25, 0, -0.6, 0.35, -0.25, 0.35, 0.95)
		layouts.FillColour(pdf, c)
		for i := range 4 {
			y := 0.85 - float64(i)*0.25
			w := 0.3 - float64(i)*0.05
			p.poly("F", -w, y, w, y, w, y-0.08, -w, y-0.08)
		}
	case "cat":
		p.circle(0, 0.15, 0.7, "F")
		p.poly("F", -0.65, -0.1, -0.55, -0.95, -0.15, -0.5)
		p.poly("F", 0.65, -0.1, 0.55, -0.95, 0.15, -0.5)
		layouts.FillColour(pdf, white)
		p.circle(-0.28, 0.05, 0.12, "F")
		p.circle(0.28, 0.05, 0.12, "F")
	case "bottle":
		p.poly("F", -0.15, -1, 0.15, -1, 0.15, -0.55, 0.5, -0.2, 0.5, 0.95, -0.5, 0.95, -0.5, -0.2, -0.15, -0.55)
		layouts.FillColour(pdf, white)
		p.poly("F", -0.35, 0.05, 0.35, 0.05, 0.35, 0.55, -0.35, 0.55)
	case "ear":
		pdf.SetLineWidth(0.18 * r)
		pdf.Arc(at.X, at.Y-0.15*r, 0.55*r, 0.55*r, 0, 180, 360+40, "D")
		p.line(0.18, 0.42, 0.2, 0.1, 0.75)
		p.line(0.12, -0.9, -0.6, -1.05, -0.15)
		p.line(0.12, 0.9, -0.6, 1.05, -0.15)
	case "eye":
		p.poly("F", -1, 0, -0.6, -0.45, 0, -0.6, 0.6, -0.45, 1, 0, 0.6, 0.45, 0, 0.6, -0.6, 0.45)
		layouts.FillColour(pdf, white)
		p.circle(0, 0, 0.38, "F")
		layouts.FillColour(pdf, c)
		p.circle(0, 0, 0.2, "F")
	case "sun":
		p.circle(0, 0.25, 0.45, "F")
		for i := range 7 {
			a := math.Pi + float64(i)*math.Pi/6
			p.line(0.1, math.Cos(a)*0.6, 0.25+math.Sin(a)*0.6, math.Cos(a)*0.9, 0.25+math.Sin(a)*0.9)
		}
		p.line(0.1, -1, 0.3, 1, 0.3)
	case "zz":
		pdf.SetLineWidth(0.14 * r)
		for _, z := range [][3]float64{{-0.6, 0.2, 0.45}, {0.2, -0.4, 0.35}} {
			x, y, s := z[0], z[1], z[2]
			p.line(0.14, x, y, x+s, y)
			p.line(0.14, x+s, y, x, y+s)
			p.line(0.14, x, y+s, x+s, y+s)
		}
	case "trap":
		p.poly("F", -1, 0.2, -0.75, -0.3, -0.5, 0.2, -0.25, -0.3, 0, 0.2, 0.25, -0.3, 0.5, 0.2, 0.75, -0.3, 1, 0.2, 1, 0.45, -1, 0.45)
	case "mask":
		p.circle(0, 0, 0.85, "F")
		layouts.FillColour(pdf, white)
		p.poly("F", -0.7, -0.2, 0.7, -0.2, 0.7, 0.15, -0.7, 0.15)
		layouts.FillColour(pdf, c)
		p.circle(-0.3, -0.02, 0.11, "F")
		p.circle(0.3, -0.02, 0.11, "F")
	case "arrow":
		p.poly("F", -0.9, -0.2, 0.2, -0.2, 0.2, -0.6, 0.95, 0, 0.2, 0.6, 0.2, 0.2, -0.9, 0.2)
	case "bang":
		p.poly("F", -0.15, -0.95, 0.15, -0.95, 0.08, 0.35, -0.08, 0.35)
		p.circle(0, 0.7, 0.16, "F")
	case "hourglass":
		p.poly("F", -0.6, -0.95, 0.6, -0.95, 0.1, 0, 0.6, 0.95, -0.6, 0.95, -0.1, 0)
	default: // the scorpion's tail: a hooked sting
		pdf.SetLineWidth(0.2 * r)
		pdf.Arc(at.X, at.Y+0.1*r, 0.6*r, 0.6*r, 0, 200, 430, "D")
		p.poly("F", 0.05, -0.75, 0.45, -0.95, 0.3, -0.5)
		p.circle(0, 0.85, 0.15, "F")
	}
}
