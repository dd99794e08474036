package knights

import (
	"math"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// Colours the pictures share besides the card's own.
var (
	gold   = rgb{226, 176, 40}
	steel  = rgb{170, 176, 186}
	wood   = rgb{150, 98, 52}
	flameO = rgb{232, 104, 28}
	flameY = rgb{252, 206, 64}
	cloth  = rgb{60, 60, 70}
	ruby   = rgb{196, 30, 58}
	jade   = rgb{40, 150, 110}
)

// pen draws in a square of side 2 centred on the origin, y down, scaled to
// the picture; outlines are ink so every picture survives greyscale.
type pen struct {
	pdf layouts.Canvas
	c   layouts.Point
	u   float64 // millimetres per unit
}

func (p pen) pt(x, y float64) gofpdf.PointType {
	return gofpdf.PointType{X: p.c.X + x*p.u, Y: p.c.Y + y*p.u}
}

// width sets the outline width in units.
func (p pen) width(w float64) { p.pdf.SetLineWidth(w * p.u) }

// poly fills (and outlines) a polygon given as x, y pairs.
func (p pen) poly(c rgb, style string, xy ...float64) {
	pts := make([]gofpdf.PointType, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, p.pt(xy[i], xy[i+1]))
	}
	layouts.FillColour(p.pdf, c)
	p.pdf.Polygon(pts, style)
}

func (p pen) circle(c rgb, style string, x, y, r float64) {
	layouts.FillColour(p.pdf, c)
	p.pdf.Circle(p.c.X+x*p.u, p.c.Y+y*p.u, r*p.u, style)
}

func (p pen) ellipse(c rgb, style string, x, y, rx, ry, deg float64) {
	layouts.FillColour(p.pdf, c)
	p.pdf.Ellipse(p.c.X+x*p.u, p.c.Y+y*p.u, rx*p.u, ry*p.u, deg, style)
}

func (p pen) line(x0, y0, x1, y1 float64) {
	a, b := p.pt(x0, y0), p.pt(x1, y1)
	p.pdf.Line(a.X, a.Y, b.X, b.Y)
}

// bar is a thick straight stroke drawn as an outlined polygon, for handles
// and shafts.
func (p pen) bar(c rgb, x0, y0, x1, y1, w float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l*w/2, dx/l*w/2
	p.poly(c, "FD", x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
}

func (p pen) arc(x, y, r, from, to float64) {
	p.pdf.Arc(p.c.X+x*p.u, p.c.Y+y*p.u, r*p.u, r*p.u, 0, from, to, "D")
}

// icons draws each kind's picture; an unknown kind gets a plain shield.
var icons = map[string]func(p pen, th rgb){
	"peasant":     pitchfork,
	"soldier":     spear,
	"knight":      helmet,
	"king":        crown,
	"queen":       queenCrown,
	"ninja":       shuriken,
	"dragon":      flame,
	"traitor":     mask,
	"highwayman":  tricorn,
	"princess":    tiara,
	"executioner": axe,
	"herald":      trumpet,
	"merchant":    coins,
	"monk":        beads,
	"minstrel":    lute,
	"archer":      bow,
	"castle":      tower,
	"ladder":      ladder,
	"catapult":    catapult,
	"jester":      jesterCap,
}

func drawIcon(pdf layouts.Canvas, kind string, c layouts.Point, size float64, th rgb) {
	p := pen{pdf: pdf, c: c, u: size / 2}
	layouts.StrokeColour(pdf, ink)
	p.width(0.035)
	if draw, ok := icons[kind]; ok {
		draw(p, th)
		return
	}
	shield(p, th)
}

func shield(p pen, th rgb) {
	p.poly(th, "FD", -0.6, -0.8, 0.6, -0.8, 0.6, 0, 0, 0.85, -0.6, 0)
	p.poly(layouts.Tint(th, 0.6), "F", -0.08, -0.6, 0.08, -0.6, 0.08, 0.5, -0.08, 0.5)
}

func pitchfork(p pen, _ rgb) {
	p.bar(wood, 0, -0.2, 0, 0.95, 0.13)
	p.poly(steel, "FD", -0.45, -0.25, 0.45, -0.25, 0.45, -0.12, -0.45, -0.12)
	for _, x := range []float64{-0.4, 0, 0.4} {
		p.poly(steel, "FD", x-0.055, -0.25, x-0.055, -0.8, x, -0.95, x+0.055, -0.8, x+0.055, -0.25)
	}
}

func spear(p pen, th rgb) {
	p.bar(wood, -0.8, 0.8, 0.45, -0.45, 0.1)
	p.poly(steel, "FD", 0.4, -0.36, 0.52, -0.72, 0.92, -0.92, 0.72, -0.52, 0.36, -0.4)
	p.poly(th, "FD", 0.26, -0.38, 0.38, -0.26, 0.3, -0.1, 0.22, -0.18, 0.1, -0.3, 0.18, -0.38)
}

func helmet(p pen, th rgb) {
	p.ellipse(th, "FD", -0.05, -0.72, 0.5, 0.18, -20)
	p.poly(steel, "FD", -0.5, 0.75, -0.55, -0.25, -0.35, -0.6, 0, -0.7, 0.35, -0.6, 0.55, -0.25, 0.5, 0.75)
	p.poly(ink, "F", -0.42, -0.1, 0.42, -0.1, 0.42, 0.02, -0.42, 0.02)
	p.line(0, -0.65, 0, 0.7)
	for _, y := range []float64{0.25, 0.42, 0.59} {
		p.circle(ink, "F", 0.22, y, 0.035)
		p.circle(ink, "F", -0.22, y, 0.035)
	}
}

func crown(p pen, _ rgb) {
	p.poly(gold, "FD", -0.75, 0.5, -0.8, -0.4, -0.4, 0.05, 0, -0.6, 0.4, 0.05, 0.8, -0.4, 0.75, 0.5)
	p.poly(gold, "FD", -0.78, 0.45, 0.78, 0.45, 0.78, 0.7, -0.78, 0.7)
	for _, x := range []float64{-0.8, 0, 0.8} {
		y := -0.4
		if x == 0 {
			y = -0.6
		}
		p.circle(gold, "FD", x, y-0.07, 0.09)
	}
	p.circle(ruby, "FD", 0, 0.575, 0.07)
	p.circle(jade, "FD", -0.45, 0.575, 0.06)
	p.circle(jade, "FD", 0.45, 0.575, 0.06)
}

func queenCrown(p pen, _ rgb) {
	p.poly(gold, "FD", -0.7, 0.55, -0.7, -0.05, 0.7, -0.05, 0.7, 0.55)
	for _, x := range []float64{-0.47, 0, 0.47} {
		h := 0.42
		if x == 0 {
			h = 0.6
		}
		p.pdf.MoveTo(p.c.X+(x-0.23)*p.u, p.c.Y-0.05*p.u)
		p.pdf.CurveBezierCubicTo(p.c.X+(x-0.23)*p.u, p.c.Y-(0.05+h)*p.u, p.c.X+(x+0.23)*p.u, p.c.Y-(0.05+h)*p.u, p.c.X+(x+0.23)*p.u, p.c.Y-0.05*p.u)
		p.pdf.ClosePath()
		layouts.FillColour(p.pdf, gold)
		p.pdf.DrawPath("FD")
		p.circle(ruby, "FD", x, -0.05-h*0.75-0.08, 0.08)
	}
	p.poly(layouts.Tint(gold, 0.4), "FD", -0.75, 0.45, 0.75, 0.45, 0.75, 0.68, -0.75, 0.68)
	p.circle(ruby, "FD", 0, 0.2, 0.1)
	p.circle(jade, "FD", -0.4, 0.2, 0.07)
	p.circle(jade, "FD", 0.4, 0.2, 0.07)
}

func tiara(p pen, _ rgb) {
	p.pdf.MoveTo(p.c.X-0.8*p.u, p.c.Y+0.35*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X-0.6*p.u, p.c.Y-0.1*p.u, p.c.X-0.2*p.u, p.c.Y-0.75*p.u, p.c.X, p.c.Y-0.75*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X+0.2*p.u, p.c.Y-0.75*p.u, p.c.X+0.6*p.u, p.c.Y-0.1*p.u, p.c.X+0.8*p.u, p.c.Y+0.35*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X+0.5*p.u, p.c.Y+0.15*p.u, p.c.X-0.5*p.u, p.c.Y+0.15*p.u, p.c.X-0.8*p.u, p.c.Y+0.35*p.u)
	p.pdf.ClosePath()
	layouts.FillColour(p.pdf, steel)
	p.pdf.DrawPath("FD")
	p.poly(rgb{120, 190, 230}, "FD", 0, -0.55, 0.14, -0.32, 0, -0.09, -0.14, -0.32)
	for _, x := range []float64{-0.45, 0.45} {
		p.circle(rgb{236, 150, 190}, "FD", x, -0.08, 0.08)
	}
	for _, x := range []float64{-0.25, 0.25} {
		p.circle(white, "FD", x, -0.3, 0.06)
	}
}

func shuriken(p pen, _ rgb) {
	p.pdf.TransformBegin()
	p.pdf.TransformRotate(15, p.c.X, p.c.Y)
	layouts.FillColour(p.pdf, steel)
	p.pdf.Polygon(star(p.c, 4, 0.92*p.u, 0.3*p.u, 0), "FD")
	p.pdf.TransformEnd()
	p.circle(paperBG, "FD", 0, 0, 0.12)
}

func flame(p pen, _ rgb) {
	body := func(c rgb, sx, sy float64) {
		q := func(x, y float64) (float64, float64) { return p.c.X + x*sx*p.u, p.c.Y + (0.9-(0.9-y)*sy)*p.u }
		x, y := q(0, 0.9)
		p.pdf.MoveTo(x, y)
		for _, seg := range [][6]float64{
			{-0.75, 0.9, -0.8, 0.2, -0.4, -0.25},
			{-0.35, 0.0, -0.2, 0.1, -0.15, 0.15},
			{-0.3, -0.3, -0.05, -0.65, 0.05, -0.95},
			{0.2, -0.6, 0.55, -0.35, 0.4, 0.05},
			{0.5, -0.05, 0.6, -0.15, 0.62, -0.3},
			{0.85, 0.1, 0.75, 0.9, 0, 0.9},
		} {
			x0, y0 := q(seg[0], seg[1])
			x1, y1 := q(seg[2], seg[3])
			x2, y2 := q(seg[4], seg[5])
			p.pdf.CurveBezierCubicTo(x0, y0, x1, y1, x2, y2)
		}
		p.pdf.ClosePath()
		layouts.FillColour(p.pdf, c)
		p.pdf.DrawPath("FD")
	}
	body(flameO, 1, 1)
	body(flameY, 0.55, 0.55)
}

func mask(p pen, th rgb) {
	p.pdf.MoveTo(p.c.X-0.9*p.u, p.c.Y-0.3*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X-0.4*p.u, p.c.Y-0.55*p.u, p.c.X+0.4*p.u, p.c.Y-0.55*p.u, p.c.X+0.9*p.u, p.c.Y-0.3*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X+0.9*p.u, p.c.Y+0.2*p.u, p.c.X+0.5*p.u, p.c.Y+0.45*p.u, p.c.X+0.2*p.u, p.c.Y+0.3*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X+0.1*p.u, p.c.Y+0.2*p.u, p.c.X-0.1*p.u, p.c.Y+0.2*p.u, p.c.X-0.2*p.u, p.c.Y+0.3*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X-0.5*p.u, p.c.Y+0.45*p.u, p.c.X-0.9*p.u, p.c.Y+0.2*p.u, p.c.X-0.9*p.u, p.c.Y-0.3*p.u)
	p.pdf.ClosePath()
	layouts.FillColour(p.pdf, cloth)
	p.pdf.DrawPath("FD")
	p.ellipse(paperBG, "F", -0.42, -0.1, 0.2, 0.1, 10)
	p.ellipse(paperBG, "F", 0.42, -0.1, 0.2, 0.1, -10)
	layouts.StrokeColour(p.pdf, th)
	p.width(0.06)
	p.line(-0.9, -0.3, -0.8, 0.55)
	p.line(0.9, -0.3, 0.8, 0.55)
	layouts.StrokeColour(p.pdf, ink)
	p.width(0.035)
}

func tricorn(p pen, _ rgb) {
	// The hat sits high and the flintlock low, so neither hides the other.
	hat := pen{pdf: p.pdf, c: layouts.Point{X: p.c.X, Y: p.c.Y - 0.18*p.u}, u: p.u}
	hat.ellipse(cloth, "FD", 0, -0.38, 0.36, 0.22, 0)
	hat.poly(cloth, "FD", -0.95, -0.6, -0.45, -0.32, 0, -0.2, 0.45, -0.32, 0.95, -0.6, 0.6, -0.12, 0, 0.02, -0.6, -0.12)
	hat.poly(gold, "FD", -0.6, -0.12, 0, 0.02, 0.6, -0.12, 0.55, -0.02, 0, 0.1, -0.55, -0.02)
	gun := pen{pdf: p.pdf, c: layouts.Point{X: p.c.X, Y: p.c.Y + 0.15*p.u}, u: p.u}
	gun.poly(steel, "FD", -0.75, 0.12, 0.35, 0.12, 0.35, 0.28, -0.75, 0.28)
	gun.poly(wood, "FD", 0.2, 0.1, 0.6, 0.1, 0.85, 0.75, 0.6, 0.8, 0.35, 0.35, 0.2, 0.35)
	gun.arc(0.3, 0.4, 0.12, 180, 360)
	gun.poly(steel, "FD", 0.4, 0.1, 0.48, -0.02, 0.56, 0.0, 0.5, 0.1)
}

func axe(p pen, _ rgb) {
	p.bar(wood, 0.55, 0.9, -0.35, -0.75, 0.12)
	p.pdf.MoveTo(p.c.X-0.35*p.u, p.c.Y-0.45*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X-0.7*p.u, p.c.Y-0.7*p.u, p.c.X-0.95*p.u, p.c.Y-0.3*p.u, p.c.X-0.85*p.u, p.c.Y+0.15*p.u)
	p.pdf.CurveBezierCubicTo(p.c.X-0.6*p.u, p.c.Y-0.05*p.u, p.c.X-0.3*p.u, p.c.Y-0.1*p.u, p.c.X-0.12*p.u, p.c.Y-0.15*p.u)
	p.pdf.LineTo(p.c.X+0.02*p.u, p.c.Y-0.45*p.u)
	p.pdf.ClosePath()
	layouts.FillColour(p.pdf, steel)
	p.pdf.DrawPath("FD")
}

func trumpet(p pen, th rgb) {
	p.poly(th, "FD", -0.45, -0.05, 0.35, -0.05, 0.35, 0.55, 0.0, 0.4, -0.45, 0.55)
	p.poly(gold, "FD", 0.95, -0.45, 0.95, 0.15, 0.55, -0.08, -0.8, -0.08, -0.8, -0.2, 0.55, -0.2)
	p.poly(gold, "FD", -0.9, -0.24, -0.8, -0.24, -0.8, -0.04, -0.9, -0.04)
	p.circle(gold, "FD", 0.35, -0.14, 0.1)
}

func coins(p pen, _ rgb) {
	for i := range 4 {
		y := 0.6 - float64(i)*0.16
		p.ellipse(gold, "FD", 0.35, y, 0.45, 0.14, 0)
	}
	p.circle(gold, "FD", -0.3, 0.05, 0.55)
	layouts.StrokeColour(p.pdf, shade(gold, 0.4))
	p.circle(gold, "D", -0.3, 0.05, 0.43)
	layouts.StrokeColour(p.pdf, ink)
	p.poly(shade(gold, 0.3), "F", -0.3, -0.2, -0.08, 0.05, -0.3, 0.3, -0.52, 0.05)
}

func beads(p pen, th rgb) {
	const n = 18
	for i := range n {
		a := (float64(i) + 0.5) / n * 2 * math.Pi
		p.circle(wood, "FD", 0.55*math.Sin(a), -0.2-0.55*math.Cos(a), 0.085)
	}
	p.bar(wood, 0, 0.35, 0, 0.62, 0.06)
	p.poly(th, "FD", -0.04, 0.6, 0.04, 0.6, 0.2, 0.95, -0.2, 0.95)
	p.circle(wood, "FD", 0, 0.38, 0.11)
}

func lute(p pen, _ rgb) {
	p.pdf.TransformBegin()
	p.pdf.TransformRotate(-35, p.c.X, p.c.Y)
	p.bar(wood, 0, -0.2, 0, -0.85, 0.16)
	p.poly(shade(wood, 0.25), "FD", -0.08, -0.85, 0.08, -0.85, 0.22, -1.05, 0.08, -1.1)
	p.ellipse(layouts.Tint(wood, 0.25), "FD", 0, 0.4, 0.5, 0.58, 0)
	p.circle(cloth, "FD", 0, 0.22, 0.14)
	p.poly(shade(wood, 0.3), "F", -0.18, 0.65, 0.18, 0.65, 0.18, 0.72, -0.18, 0.72)
	p.width(0.012)
	for _, x := range []float64{-0.05, 0, 0.05} {
		p.line(x, -0.85, x, 0.68)
	}
	p.pdf.TransformEnd()
}

func bow(p pen, th rgb) {
	p.width(0.02)
	p.line(-0.25, -0.85, -0.25, 0.85)
	p.width(0.1)
	layouts.StrokeColour(p.pdf, wood)
	p.pdf.Arc(p.c.X-1.05*p.u, p.c.Y, 1.45*p.u, 1.2*p.u, 0, -45, 45, "D")
	layouts.StrokeColour(p.pdf, ink)
	p.width(0.035)
	p.bar(wood, -0.7, 0, 0.65, 0, 0.05)
	p.poly(steel, "FD", 0.6, -0.1, 0.9, 0, 0.6, 0.1)
	p.poly(th, "FD", -0.85, -0.14, -0.6, -0.02, -0.6, 0.02, -0.85, 0.14, -0.75, 0)
}

func tower(p pen, th rgb) {
	p.poly(steel, "FD", -0.5, 0.9, -0.45, -0.35, 0.45, -0.35, 0.5, 0.9)
	for _, x := range []float64{-0.6, -0.18, 0.24} {
		p.poly(steel, "FD", x, -0.45, x, -0.7, x+0.36, -0.7, x+0.36, -0.45)
	}
	p.poly(steel, "FD", -0.6, -0.5, 0.6, -0.5, 0.6, -0.3, -0.6, -0.3)
	p.poly(wood, "FD", -0.2, 0.9, -0.2, 0.5, 0, 0.32, 0.2, 0.5, 0.2, 0.9)
	p.poly(ink, "F", -0.05, -0.15, 0.05, -0.15, 0.05, 0.12, -0.05, 0.12)
	p.width(0.025)
	p.line(0, -0.62, 0, -0.98)
	p.poly(th, "FD", 0, -0.98, 0.34, -0.88, 0, -0.78)
}

func ladder(p pen, _ rgb) {
	p.pdf.TransformBegin()
	p.pdf.TransformRotate(-12, p.c.X, p.c.Y)
	for y := -0.7; y <= 0.75; y += 0.29 {
		p.bar(wood, -0.3, y, 0.3, y, 0.08)
	}
	p.bar(wood, -0.34, -0.95, -0.34, 0.95, 0.1)
	p.bar(wood, 0.34, -0.95, 0.34, 0.95, 0.1)
	p.pdf.TransformEnd()
}

func catapult(p pen, th rgb) {
	p.bar(wood, -0.85, 0.45, 0.75, 0.45, 0.12)
	p.poly(wood, "FD", -0.15, 0.4, 0.0, -0.05, 0.15, 0.4)
	p.bar(wood, 0.05, 0.3, -0.65, -0.55, 0.09)
	p.poly(wood, "FD", -0.85, -0.5, -0.55, -0.85, -0.45, -0.75, -0.72, -0.42)
	p.circle(steel, "FD", -0.78, -0.78, 0.15)
	p.bar(th, 0.45, 0.4, 0.45, 0.05, 0.08)
	p.circle(wood, "FD", -0.55, 0.7, 0.2)
	p.circle(wood, "FD", 0.45, 0.7, 0.2)
	p.circle(ink, "F", -0.55, 0.7, 0.05)
	p.circle(ink, "F", 0.45, 0.7, 0.05)
}

func jesterCap(p pen, th rgb) {
	alt := layouts.Tint(th, 0.55)
	horn := func(c rgb, x0, x1, tx, ty, cx float64) {
		q := func(x, y float64) (float64, float64) { return p.c.X + x*p.u, p.c.Y + y*p.u }
		ax, ay := q(x0, 0.5)
		p.pdf.MoveTo(ax, ay)
		c0x, c0y := q(x0, -0.2)
		c1x, c1y := q(cx, ty-0.35)
		tX, tY := q(tx, ty)
		p.pdf.CurveBezierCubicTo(c0x, c0y, c1x, c1y, tX, tY)
		d0x, d0y := q(cx, ty-0.05)
		d1x, d1y := q(x1, 0.0)
		bx, by := q(x1, 0.5)
		p.pdf.CurveBezierCubicTo(d0x, d0y, d1x, d1y, bx, by)
		p.pdf.ClosePath()
		layouts.FillColour(p.pdf, c)
		p.pdf.DrawPath("FD")
	}
	horn(th, -0.6, -0.1, -0.92, 0.05, -0.7)
	horn(th, 0.6, 0.1, 0.92, 0.05, 0.7)
	horn(alt, -0.3, 0.3, 0, -0.9, 0)
	p.poly(gold, "FD", -0.7, 0.45, 0.7, 0.45, 0.7, 0.72, -0.7, 0.72)
	for _, b := range [][2]float64{{-0.92, 0.05}, {0, -0.9}, {0.92, 0.05}} {
		p.circle(gold, "FD", b[0], b[1]+0.08, 0.1)
	}
	for _, x := range []float64{-0.45, 0, 0.45} {
		p.poly(th, "FD", x, 0.5, x+0.09, 0.585, x, 0.67, x-0.09, 0.585)
	}
}
