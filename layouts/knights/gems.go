package knights

import (
	"math"
	"sync"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// gemColour is one player's gems. Red, blue and purple print as nearly the
// same grey, so every colour also has its own cut and its letter on the
// table of the stone.
type gemColour struct {
	name   string
	letter string
	rgb    rgb
	table  float64 // size of the flat top, as a share of the stone
	// cut is the outline of the stone as unit vectors from its centre.
	cut []layouts.Point
}

// gemColours are made at first use: their cuts take trigonometry that
// every ninjakit process would otherwise run at start.
var gemColours = sync.OnceValue(func() []gemColour {
	return []gemColour{
		{name: "Red", table: 0.55, letter: "R", rgb: rgb{200, 32, 44}, cut: regular(8, 22.5, 1, 1)},
		{name: "Blue", table: 0.55, letter: "B", rgb: rgb{34, 76, 196}, cut: octagonal(0.78, 0.95, 0.28)},
		{name: "Green", table: 0.55, letter: "G", rgb: rgb{30, 150, 72}, cut: regular(6, 0, 1, 1)},
		{name: "Yellow", table: 0.62, letter: "Y", rgb: rgb{246, 198, 36}, cut: regular(3, 0, 1.1, 1.1)},
		{name: "Purple", table: 0.55, letter: "P", rgb: rgb{132, 60, 172}, cut: regular(4, 0, 0.8, 1.05)},
		{name: "White", table: 0.55, letter: "W", rgb: rgb{236, 236, 240}, cut: regular(5, 0, 1, 1)},
	}
})

// regular is an n-gon with its first corner rot degrees clockwise from the
// top, stretched by sx and sy.
func regular(n int, rot, sx, sy float64) []layouts.Point {
	pts := make([]layouts.Point, n)
	for i := range pts {
		a := (rot + float64(i)*360/float64(n)) * math.Pi / 180
		pts[i] = layouts.Point{X: sx * math.Sin(a), Y: -sy * math.Cos(a)}
	}
	if n == 3 {
		// A triangle hangs from the top of its circle; centre its box on
		// the token instead.
		for i := range pts {
			pts[i].Y += 0.2 * sy
		}
	}
	return pts
}

// octagonal is a rectangle of half-size w x h with its corners cut by c: the
// step cut of an emerald.
func octagonal(w, h, c float64) []layouts.Point {
	return []layouts.Point{
		{X: -w + c, Y: -h}, {X: w - c, Y: -h}, {X: w, Y: -h + c}, {X: w, Y: h - c},
		{X: w - c, Y: h}, {X: -w + c, Y: h}, {X: -w, Y: h - c}, {X: -w, Y: -h + c},
	}
}

// GemSet is MaxPlayers colours of Gems gems each, printed on one side only.
// Gems are square tokens rather than round counters: straight cuts are
// quicker than thirty circles, and the colour runs to the cut so a slightly
// wide cut shows no white.
func GemSet(c KitContent) layouts.Set {
	set := layouts.Set{Title: "Gems", Size: layouts.SizeToken, FullBleed: true}
	for _, g := range gemColours()[:min(max(c.MaxPlayers, 0), len(gemColours()))] {
		set.Add(g.name+" gem", gemFace(g), c.Gems)
	}
	return set
}

func gemFace(g gemColour) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, bleed layouts.Rect) {
		c := trim.Center()
		r := math.Min(trim.W, trim.H) * 0.43
		outline := shade(g.rgb, 0.55)
		layouts.FillColour(pdf, layouts.Tint(g.rgb, 0.7))
		pdf.Rect(bleed.X, bleed.Y, bleed.W, bleed.H, "F")

		// The table shrinks towards the stone's centroid, where the letter
		// goes; for a triangle that is below the middle of the token.
		var mid layouts.Point
		for _, p := range g.cut {
			mid.X += p.X / float64(len(g.cut))
			mid.Y += p.Y / float64(len(g.cut))
		}
		at := func(p layouts.Point, k float64) gofpdf.PointType {
			return gofpdf.PointType{X: c.X + (mid.X+(p.X-mid.X)*k)*r, Y: c.Y + (mid.Y+(p.Y-mid.Y)*k)*r}
		}
		outer := make([]gofpdf.PointType, len(g.cut))
		table := make([]gofpdf.PointType, len(g.cut))
		for i, p := range g.cut {
			outer[i], table[i] = at(p, 1), at(p, g.table)
		}
		plainLines(pdf)
		layouts.StrokeColour(pdf, outline)
		pdf.SetLineWidth(r * 0.06)
		layouts.FillColour(pdf, g.rgb)
		pdf.Polygon(outer, "FD")
		// Alternate facets light and dark, like a stone catching light.
		for i := range outer {
			j := (i + 1) % len(outer)
			f := layouts.Tint(g.rgb, 0.3)
			if i%2 == 1 {
				f = shade(g.rgb, 0.2)
			}
			layouts.FillColour(pdf, f)
			pdf.SetLineWidth(r * 0.03)
			pdf.Polygon([]gofpdf.PointType{outer[i], outer[j], table[j], table[i]}, "FD")
		}
		layouts.FillColour(pdf, layouts.Tint(g.rgb, 0.15))
		pdf.Polygon(table, "FD")
		pdf.SetLineWidth(r * 0.06)
		pdf.Polygon(outer, "D")

		layouts.TextColour(pdf, onFill(layouts.Tint(g.rgb, 0.15)))
		layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(r*0.42))
		layouts.TextCentered(pdf, c.X+mid.X*r, c.Y+mid.Y*r, g.letter)
	}
}
