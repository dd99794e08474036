package squad

import (
	"math"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// kitPen draws in a square of side 2 centred on the origin, y down,
// scaled to the picture; outlines are ink so every picture survives a
// greyscale printer.
type kitPen struct {
	pdf layouts.Canvas
	c   layouts.Point
	u   float64 // millimetres per unit
	th  kitRGB  // the deck's colour
}

func (p kitPen) pt(x, y float64) gofpdf.PointType {
	return gofpdf.PointType{X: p.c.X + x*p.u, Y: p.c.Y + y*p.u}
}

func (p kitPen) width(w float64) { p.pdf.SetLineWidth(w * p.u) }

func (p kitPen) poly(c kitRGB, xy ...float64) {
	pts := make([]gofpdf.PointType, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		pts = append(pts, p.pt(xy[i], xy[i+1]))
	}
	layouts.FillColour(p.pdf, c)
	p.pdf.Polygon(pts, "FD")
}

func (p kitPen) circle(c kitRGB, x, y, r float64) {
	layouts.FillColour(p.pdf, c)
	p.pdf.Circle(p.c.X+x*p.u, p.c.Y+y*p.u, r*p.u, "FD")
}

func (p kitPen) ellipse(c kitRGB, x, y, rx, ry, deg float64) {
	layouts.FillColour(p.pdf, c)
	p.pdf.Ellipse(p.c.X+x*p.u, p.c.Y+y*p.u, rx*p.u, ry*p.u, deg, "FD")
}

func (p kitPen) line(x0, y0, x1, y1 float64) {
	a, b := p.pt(x0, y0), p.pt(x1, y1)
	p.pdf.Line(a.X, a.Y, b.X, b.Y)
}

// bar is a thick stroke drawn as an outlined polygon.
func (p kitPen) bar(c kitRGB, x0, y0, x1, y1, w float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l*w/2, dx/l*w/2
	p.poly(c, x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
}

func (p kitPen) arc(x, y, r, from, to float64) {
	p.pdf.Arc(p.c.X+x*p.u, p.c.Y+y*p.u, r*p.u, r*p.u, 0, from, to, "D")
}

func (p kitPen) text(x, y, h float64, s string) {
	layouts.TextColour(p.pdf, kitInk)
	layouts.SetFont(p.pdf, layouts.FontSans, "B", layouts.PtForCap(h*p.u))
	layouts.TextCentered(p.pdf, p.c.X+x*p.u, p.c.Y+y*p.u, s)
}

// kitIcons draws each kind's picture; an unknown kind gets the throwing
// star.
var kitIcons = map[string]func(p kitPen){
	// Alarm
	"roof-top-slip":     iconRoofSlip,
	"scaredy-cat":       iconCat,
	"careless-footstep": iconFootprint,
	"samurai-master":    iconKatana,
	"giggling-geisha":   iconFan,
	"sleeping-sentry":   iconSleep,
	// Senjutsu
	"blow-dart":            iconBlowDart,
	"throwing-star":        iconStar,
	"perfect-hiding-place": iconBush,
	"ninja-dash":           iconDash,
	"pocket-rocket":        iconRocket,
	"team-ninja":           iconTeam,
	// Buki
	"nunchaku":        iconNunchaku,
	"spear":           iconSpear,
	"tonfa":           iconTonfa,
	"arrow":           iconArrow,
	"water-flask":     iconFlask,
	"grappling-chain": iconChain,
	"bird-whistle":    iconBird,
	"hollow-reed":     iconReed,
	"zip-wire":        iconZipWire,
	// Wana and the other tokens
	"trip-wire":    iconTripWire,
	"caltrops":     iconCaltrops,
	"hornets-nest": iconNest,
	"fire":         iconFire,
	"first-player": iconFirstPlayer,
	"tracker":      iconLantern,
}

// drawIcon draws kind's picture in the circle of radius r around c.
func drawIcon(pdf layouts.Canvas, kind string, c layouts.Point, r float64, th kitRGB) {
	p := kitPen{pdf: pdf, c: c, u: r, th: th}
	kitLines(pdf)
	layouts.StrokeColour(pdf, kitInk)
	p.width(0.05)
	draw, ok := kitIcons[kind]
	if !ok {
		draw = iconStar
	}
	draw(p)
}

func iconStar(p kitPen) {
	p.poly(kitSteel, 0, -1, 0.25, -0.25, 1, 0, 0.25, 0.25, 0, 1, -0.25, 0.25, -1, 0, -0.25, -0.25)
	p.circle(kitPaper, 0, 0, 0.14)
}

func iconRoofSlip(p kitPen) {
	p.poly(kitWood, -1, 0.1, 0, -0.6, 1, 0.1, 0.8, 0.25, 0, -0.3, -0.8, 0.25)
	p.poly(kitSteel, -0.6, 0.25, 0.6, 0.25, 0.6, 0.9, -0.6, 0.9)
	// Falling tiles.
	p.poly(p.th, 0.55, 0.35, 0.8, 0.45, 0.7, 0.65, 0.45, 0.55)
	p.poly(p.th, 0.75, 0.7, 0.98, 0.78, 0.9, 0.98, 0.67, 0.9)
	p.text(-0.1, -0.75, 0.45, "!")
}

func iconCat(p kitPen) {
	p.poly(kitInk, -0.75, -0.2, -0.65, -0.95, -0.2, -0.55)
	p.poly(kitInk, 0.75, -0.2, 0.65, -0.95, 0.2, -0.55)
	p.ellipse(kitSoftInk, 0, 0.1, 0.8, 0.7, 0)
	p.circle(kitFlameY, -0.3, -0.05, 0.16)
	p.circle(kitFlameY, 0.3, -0.05, 0.16)
	p.circle(kitInk, 0, 0.25, 0.06)
	layouts.StrokeColour(p.pdf, kitWhite)
	for _, y := range []float64{0.25, 0.4} {
		p.line(-0.2, y, -0.95, y-0.05)
		p.line(0.2, y, 0.95, y-0.05)
	}
	layouts.StrokeColour(p.pdf, kitInk)
}

func iconFootprint(p kitPen) {
	p.ellipse(kitSoftInk, 0, 0.2, 0.42, 0.7, 0)
	for i, x := range []float64{-0.38, -0.15, 0.08, 0.3} {
		p.circle(kitSoftInk, x, -0.7+0.05*math.Abs(float64(i)-1.2), 0.13)
	}
	layouts.StrokeColour(p.pdf, p.th)
	p.width(0.09)
	p.arc(0, 0.2, 0.95, 200, 250)
	p.arc(0, 0.2, 0.95, 290, 340)
}

func iconKatana(p kitPen) {
	p.bar(kitSteel, -0.6, 0.6, 0.9, -0.9, 0.16)
	p.bar(kitGold, -0.75, 0.45, -0.45, 0.75, 0.12)
	p.bar(kitInk, -0.6, 0.6, -0.95, 0.95, 0.16)
	p.circle(p.th, 0.45, 0.45, 0.25)
}

func iconFan(p kitPen) {
	layouts.FillColour(p.pdf, layouts.Tint(p.th, 0.4))
	p.pdf.Polygon(fanPoints(p), "FD")
	for a := 200.0; a <= 340; a += 20 {
		rad := a * math.Pi / 180
		p.line(0, 0.6, math.Cos(rad)*1, 0.6+math.Sin(rad)*1)
	}
	p.circle(kitInk, 0, 0.6, 0.08)
}

func fanPoints(p kitPen) []gofpdf.PointType {
	pts := []gofpdf.PointType{p.pt(0, 0.6)}
	for a := 200.0; a <= 340; a += 10 {
		rad := a * math.Pi / 180
		pts = append(pts, p.pt(math.Cos(rad), 0.6+math.Sin(rad)))
	}
	return pts
}

func iconSleep(p kitPen) {
	p.ellipse(kitSoftInk, 0, 0.35, 0.8, 0.55, 0)
	layouts.StrokeColour(p.pdf, kitWhite)
	p.width(0.08)
	p.arc(-0.3, 0.2, 0.18, 20, 160)
	p.arc(0.3, 0.2, 0.18, 20, 160)
	layouts.StrokeColour(p.pdf, kitInk)
	p.text(0.45, -0.6, 0.45, "Z")
	p.text(0.85, -0.9, 0.3, "z")
}

func iconBlowDart(p kitPen) {
	p.bar(kitWood, -1, 0.5, 0.3, -0.15, 0.2)
	p.bar(kitSteel, 0.5, -0.25, 0.95, -0.48, 0.06)
	p.poly(p.th, 0.5, -0.25, 0.35, -0.05, 0.3, -0.35)
}

func iconBush(p kitPen) {
	for _, c := range [][3]float64{{-0.5, 0.25, 0.45}, {0.5, 0.25, 0.45}, {0, -0.15, 0.55}, {0, 0.4, 0.45}} {
		p.circle(kitLeaf, c[0], c[1], c[2])
	}
	p.circle(kitWhite, -0.15, 0.05, 0.08)
	p.circle(kitWhite, 0.15, 0.05, 0.08)
}

func iconDash(p kitPen) {
	p.poly(p.th, -0.3, -0.7, 0.4, 0, -0.3, 0.7, -0.3, 0.3, -0.05, 0, -0.3, -0.3)
	p.poly(layouts.Tint(p.th, 0.4), 0.25, -0.7, 0.95, 0, 0.25, 0.7, 0.25, 0.3, 0.5, 0, 0.25, -0.3)
	p.width(0.08)
	p.line(-1, -0.35, -0.55, -0.35)
	p.line(-1, 0, -0.45, 0)
	p.line(-1, 0.35, -0.55, 0.35)
}

func iconRocket(p kitPen) {
	p.poly(kitFlameO, -0.2, 0.55, 0, 1, 0.2, 0.55)
	p.poly(p.th, -0.45, 0.6, -0.25, 0.2, -0.25, 0.6)
	p.poly(p.th, 0.45, 0.6, 0.25, 0.2, 0.25, 0.6)
	p.poly(kitSteel, -0.25, 0.6, -0.25, -0.4, 0, -0.95, 0.25, -0.4, 0.25, 0.6)
	p.circle(kitWater, 0, -0.2, 0.12)
}

func iconTeam(p kitPen) {
	for _, x := range []float64{-0.6, 0.6, 0} {
		y := 0.0
		if x == 0 {
			y = 0.15
		}
		p.poly(kitInk, x-0.35, y+0.85, x-0.3, y+0.25, x+0.3, y+0.25, x+0.35, y+0.85)
		p.circle(kitInk, x, y-0.2, 0.32)
		p.bar(p.th, x-0.3, y-0.22, x+0.3, y-0.22, 0.12)
	}
}

func iconNunchaku(p kitPen) {
	p.bar(kitWood, -0.9, 0.8, -0.5, -0.3, 0.22)
	p.bar(kitWood, 0.9, 0.8, 0.5, -0.3, 0.22)
	p.width(0.06)
	p.arc(0, -0.3, 0.5, 180, 360)
}

func iconSpear(p kitPen) {
	p.bar(kitWood, -0.85, 0.85, 0.45, -0.45, 0.14)
	p.poly(kitSteel, 0.35, -0.35, 0.95, -0.95, 0.55, -0.2)
	p.poly(kitSteel, 0.35, -0.35, 0.95, -0.95, 0.2, -0.55)
	p.bar(p.th, 0.25, -0.45, 0.45, -0.25, 0.22)
}

func iconTonfa(p kitPen) {
	p.bar(kitWood, -0.3, -0.95, -0.3, 0.95, 0.24)
	p.bar(kitWood, -0.3, -0.45, 0.35, -0.45, 0.2)
	p.circle(kitWood, 0.4, -0.45, 0.13)
	p.bar(kitWood, 0.6, -0.95, 0.6, 0.95, 0.24)
}

func iconArrow(p kitPen) {
	p.bar(kitWood, -0.8, 0.8, 0.6, -0.6, 0.1)
	p.poly(kitSteel, 0.95, -0.95, 0.45, -0.7, 0.7, -0.45)
	p.poly(kitWhite, -0.8, 0.8, -1, 0.55, -0.7, 0.5, -0.55, 0.55)
	p.poly(kitWhite, -0.8, 0.8, -0.55, 1, -0.5, 0.7, -0.55, 0.55)
	p.poly(kitFlameO, 0.8, -0.45, 0.95, -0.2, 0.75, 0, 0.55, -0.2)
}

func iconFlask(p kitPen) {
	p.circle(kitWood, 0, 0.35, 0.6)
	p.circle(kitWood, 0, -0.35, 0.35)
	p.bar(kitSteel, 0, -0.65, 0, -0.95, 0.25)
	layouts.StrokeColour(p.pdf, kitWater)
	p.width(0.1)
	p.arc(0, 0.35, 0.35, 30, 150)
	layouts.StrokeColour(p.pdf, kitInk)
}

func iconChain(p kitPen) {
	p.width(0.1)
	for i := range 4 {
		x, y := -0.8+float64(i)*0.4, 0.8-float64(i)*0.4
		p.pdf.Ellipse(p.c.X+x*p.u, p.c.Y+y*p.u, 0.22*p.u, 0.13*p.u, 45, "D")
	}
	p.width(0.15)
	p.arc(0.55, -0.55, 0.35, 180, 450)
	p.poly(kitSteel, 0.95, -0.6, 1, -0.35, 0.8, -0.5)
}

func iconBird(p kitPen) {
	p.poly(layouts.Tint(p.th, 0.3), -0.2, 0.1, -1, -0.45, -0.45, 0.35)
	p.ellipse(kitSteel, 0, 0.2, 0.65, 0.4, -15)
	p.circle(kitSteel, 0.55, -0.2, 0.3)
	p.poly(kitGold, 0.8, -0.3, 1, -0.15, 0.8, -0.1)
	p.circle(kitInk, 0.6, -0.25, 0.05)
	p.width(0.06)
	p.arc(0, -0.6, 0.25, 200, 340)
	p.arc(0, -0.6, 0.4, 200, 340)
}

func iconReed(p kitPen) {
	p.bar(kitLeaf, -0.7, 0.7, 0.7, -0.7, 0.22)
	for _, t := range []float64{-0.35, 0, 0.35} {
		p.line(t-0.1, -t-0.1, t+0.1, -t+0.1)
	}
	layouts.StrokeColour(p.pdf, kitWater)
	p.width(0.1)
	for _, y := range []float64{0.55, 0.85} {
		p.arc(-0.6, y, 0.2, 200, 340)
		p.arc(-0.2, y, 0.2, 200, 340)
		p.arc(0.2, y, 0.2, 200, 340)
		p.arc(0.6, y, 0.2, 200, 340)
	}
	layouts.StrokeColour(p.pdf, kitInk)
}

func iconZipWire(p kitPen) {
	p.width(0.07)
	p.line(-1, -0.8, 1, 0.5)
	p.poly(kitSteel, 0, -0.15, 0.3, 0.05, 0.15, 0.45, -0.15, 0.25)
	p.bar(kitWood, -0.45, 0.5, 0.55, 0.5, 0.1)
	p.bar(kitWood, 0.05, 0.3, 0.05, 0.5, 0.08)
}

func iconTripWire(p kitPen) {
	p.bar(kitWood, -0.8, -0.3, -0.8, 0.9, 0.16)
	p.bar(kitWood, 0.8, -0.3, 0.8, 0.9, 0.16)
	p.width(0.06)
	p.line(-0.8, 0.35, 0.8, 0.35)
	p.circle(kitGold, 0, 0.35, 0.12)
	p.circle(kitGold, -0.3, 0.35, 0.09)
	p.circle(kitGold, 0.3, 0.35, 0.09)
}

func iconCaltrops(p kitPen) {
	for _, c := range [][2]float64{{-0.45, 0.4}, {0.45, 0.4}, {0, -0.35}} {
		x, y := c[0], c[1]
		p.poly(kitSteel, x, y-0.45, x+0.4, y+0.3, x-0.4, y+0.3)
		p.line(x, y-0.45, x, y+0.1)
		p.line(x, y+0.1, x+0.4, y+0.3)
		p.line(x, y+0.1, x-0.4, y+0.3)
	}
}

func iconNest(p kitPen) {
	p.bar(kitWood, -0.9, -0.9, 0.9, -0.9, 0.1)
	p.line(0, -0.9, 0, -0.7)
	p.ellipse(kitGold, 0, 0, 0.6, 0.75, 0)
	for _, y := range []float64{-0.35, 0, 0.35} {
		w := 0.6 * math.Sqrt(1-(y/0.75)*(y/0.75))
		p.line(-w, y, w, y)
	}
	p.circle(kitInk, 0, 0.5, 0.12)
	for _, h := range [][2]float64{{0.8, 0.2}, {-0.8, 0.45}, {0.7, 0.75}} {
		p.ellipse(kitFlameY, h[0], h[1], 0.14, 0.09, 0)
		p.line(h[0]-0.05, h[1]-0.09, h[0]+0.05, h[1]+0.09)
	}
}

func iconFire(p kitPen) {
	layouts.FillColour(p.pdf, kitFlameO)
	flame(p, 1)
	layouts.FillColour(p.pdf, kitFlameY)
	flame(kitPen{pdf: p.pdf, c: layouts.Point{X: p.c.X, Y: p.c.Y + 0.35*p.u}, u: p.u * 0.55}, 1)
}

// flame is a teardrop pointing up, filled with the current colour.
func flame(p kitPen, h float64) {
	a, b, c := p.pt(0, -h), p.pt(0.75, 0.35), p.pt(0, 0.95)
	d := p.pt(-0.75, 0.35)
	p.pdf.MoveTo(a.X, a.Y)
	p.pdf.CurveBezierCubicTo(p.pt(0.2, -0.5).X, p.pt(0.2, -0.5).Y, b.X, p.pt(0.75, -0.2).Y, b.X, b.Y)
	p.pdf.CurveBezierCubicTo(b.X, p.pt(0, 0.8).Y, p.pt(0.4, 0.95).X, c.Y, c.X, c.Y)
	p.pdf.CurveBezierCubicTo(p.pt(-0.4, 0.95).X, c.Y, d.X, p.pt(0, 0.8).Y, d.X, d.Y)
	p.pdf.CurveBezierCubicTo(d.X, p.pt(-0.75, -0.2).Y, p.pt(-0.2, -0.5).X, p.pt(-0.2, -0.5).Y, a.X, a.Y)
	p.pdf.ClosePath()
	p.pdf.DrawPath("FD")
}

func iconFirstPlayer(p kitPen) {
	p.poly(kitGold, 0, -1, 0.25, -0.25, 1, 0, 0.25, 0.25, 0, 1, -0.25, 0.25, -1, 0, -0.25, -0.25)
	p.circle(kitWhite, 0, 0, 0.3)
	p.text(0, 0, 0.28, "1st")
}

func iconLantern(p kitPen) {
	p.bar(kitInk, -0.35, -0.85, 0.35, -0.85, 0.14)
	p.bar(kitInk, -0.35, 0.85, 0.35, 0.85, 0.14)
	p.ellipse(kitFlameO, 0, 0, 0.6, 0.8, 0)
	for _, y := range []float64{-0.4, 0, 0.4} {
		w := 0.6 * math.Sqrt(1-(y/0.8)*(y/0.8))
		p.line(-w, y, w, y)
	}
	p.text(0, 0, 0.5, "!")
}
