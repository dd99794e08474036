package knights

import (
	"math"
	"strconv"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

type rgb = [3]int

var (
	white   = rgb{255, 255, 255}
	ink     = rgb{28, 28, 32}
	softInk = rgb{95, 95, 100}
	paperBG = rgb{252, 250, 244}
	backBG  = rgb{32, 48, 92}
	backArt = rgb{214, 178, 92}
	greyTag = rgb{120, 120, 120}
)

// labelColours gives every label its own tag colour. The tag always spells
// the label out, so a greyscale print loses nothing but the tint.
var labelColours = map[string]rgb{
	"ATTACK":         {180, 36, 36},
	"RESPOND":        {32, 92, 172},
	"COMMON":         {96, 96, 96},
	"UNIQUE":         {112, 52, 144},
	"FORTIFY":        {36, 122, 62},
	"PRE-ATTACK":     {212, 112, 20},
	"SPECIAL ACTION": {214, 170, 24},
	"WILDCARD":       {204, 52, 134},
}

// themeOrder decides which label colours a card's frame: the rarest role
// wins, so a Ninja reads as a unique attacker before a plain attacker.
var themeOrder = []string{"WILDCARD", "UNIQUE", "SPECIAL ACTION", "FORTIFY", "PRE-ATTACK", "ATTACK", "RESPOND", "COMMON"}

func labelColour(l string) rgb {
	if c, ok := labelColours[l]; ok {
		return c
	}
	return greyTag
}

func theme(labels []string) rgb {
	for _, t := range themeOrder {
		for _, l := range labels {
			if l == t {
				return labelColour(l)
			}
		}
	}
	return greyTag
}

// shade mixes c with black; f is the share of black.
func shade(c rgb, f float64) rgb {
	var out rgb
	for i, v := range c {
		out[i] = int(math.Round(float64(v) * (1 - f)))
	}
	return out
}

// onFill is the text colour that reads on a fill.
func onFill(c rgb) rgb {
	if layouts.TextOnFill(c) {
		return ink
	}
	return white
}

// tagWidth is the width of a label tag of height h.
func tagWidth(pdf layouts.Canvas, label string, h float64) float64 {
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(h*0.5))
	return layouts.TextWidth(pdf, label) + h
}

// drawTag draws a label as a coloured pill whose left end is at x and top
// at y, and returns its width.
func drawTag(pdf layouts.Canvas, x, y, h float64, label string) float64 {
	w := tagWidth(pdf, label, h)
	c := labelColour(label)
	layouts.FillColour(pdf, c)
	layouts.RoundRect(pdf, layouts.Rect{X: x, Y: y, W: w, H: h}, h/2, "F")
	layouts.TextColour(pdf, onFill(c))
	layouts.TextCentered(pdf, x+w/2, y+h/2, label)
	return w
}

// plainLines resets the line style a sheet's crop marks may have left.
func plainLines(pdf layouts.Canvas) {
	pdf.SetDashPattern(nil, 0)
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
}

// frame is the white border every card shares, faces and back alike; art
// stays inside it, so the cards need no bleed.
func frame(trim layouts.Rect) (inner layouts.Rect, radius float64) {
	s := layouts.CardScale(trim)
	return trim.Inset(3 * s), 2.5 * s
}

// CardSet is one piece per printed card, Count copies of every kind in the
// order of c.Cards, all with the same back.
func CardSet(c KitContent, card layouts.Size) layouts.Set {
	set := layouts.Set{Title: "Cards", Size: card, Back: drawBack}
	for _, k := range c.Cards {
		set.Add(k.Name, cardFace(k), k.Count)
	}
	return set
}

// cardFace draws, top to bottom: the name band with the strength in the
// upper right corner, the picture, the label tags and the effect text.
func cardFace(k KitCard) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, _ layouts.Rect) {
		s := layouts.CardScale(trim)
		th := theme(k.Labels)
		pad := 2 * s

		plainLines(pdf)
		in, rad := layouts.CardFrame(pdf, trim, paperBG, shade(th, 0.2))

		band := layouts.Rect{X: in.X, Y: in.Y, W: in.W, H: 12 * s}
		layouts.TopBand(pdf, band, rad, th)

		// A strength of 0 is not printed: like the printed deck, only
		// attackers carry a number.
		disc, discR := strengthDisc(band, s)
		nameRight := band.Right() - pad
		if k.Strength > 0 {
			nameRight = disc.X - discR - pad
		}
		layouts.TextColour(pdf, onFill(th))
		layouts.FitFontSize(pdf, layouts.FontSans, "B", k.Name, nameRight-band.X-pad, 15*s, math.Max(6, 9*s))
		layouts.TextAt(pdf, band.X+pad, band.Y+band.H/2+capHeight(pdf)/2, layouts.Ellipsize(pdf, k.Name, nameRight-band.X-pad))

		art := layouts.Rect{X: in.X + pad, Y: band.Bottom() + pad, W: in.W - 2*pad, H: in.H * 0.42}
		layouts.FillColour(pdf, layouts.Tint(th, 0.85))
		layouts.RoundRect(pdf, art, 1.5*s, "F")
		drawIcon(pdf, k.Kind, art.Center(), math.Min(art.W, art.H)*0.92, th)
		if k.Expansion {
			drawExpansion(pdf, art, s)
		}
		if k.Strength > 0 {
			drawStrength(pdf, disc, discR, s, th, k.Strength)
		}

		tagH := 4.4 * s
		y := art.Bottom() + pad
		rows := tagRows(pdf, k.Labels, art.W, tagH, s)
		for _, row := range rows {
			x := art.X
			for _, l := range row {
				x += drawTag(pdf, x, y, tagH, l) + 1.2*s
			}
			y += tagH + 1.2*s
		}

		box := layouts.Rect{X: art.X, Y: y + 0.8*s, W: art.W, H: in.Bottom() - pad - y - 0.8*s}
		drawEffect(pdf, k.Text, box, s)
	}
}

// capHeight is the capital height of the current font in mm.
func capHeight(pdf layouts.Canvas) float64 {
	pt, _ := pdf.GetFontSize()
	return pt * layouts.PtToMM * layouts.CapHeight
}

// strengthDisc is where the strength goes: a disc in the upper right
// corner that hangs below the name band into the picture.
func strengthDisc(band layouts.Rect, s float64) (layouts.Point, float64) {
	r := 7.2 * s
	return layouts.Point{X: band.Right() - r - 0.8*s, Y: band.Y + r + 0.8*s}, r
}

// drawStrength writes the strength large in a white disc.
func drawStrength(pdf layouts.Canvas, c layouts.Point, r, s float64, th rgb, n int) {
	layouts.FillColour(pdf, white)
	layouts.StrokeColour(pdf, shade(th, 0.35))
	pdf.SetLineWidth(0.7 * s)
	pdf.Circle(c.X, c.Y, r, "FD")
	layouts.TextColour(pdf, ink)
	label := strconv.Itoa(n)
	size := r * 1.05
	if len(label) > 1 {
		size = r * 0.75
	}
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(size))
	layouts.TextCentered(pdf, c.X, c.Y, label)
}

// drawExpansion marks an expansion card with an EXP pill in the lower right
// corner of the picture.
func drawExpansion(pdf layouts.Canvas, art layouts.Rect, s float64) {
	const label = "EXP"
	h := 4 * s
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(h*0.5))
	w := layouts.TextWidth(pdf, label) + h
	r := layouts.Rect{X: art.Right() - w - 1*s, Y: art.Bottom() - h - 1*s, W: w, H: h}
	layouts.FillColour(pdf, ink)
	layouts.RoundRect(pdf, r, h/2, "F")
	layouts.TextColour(pdf, white)
	layouts.TextCentered(pdf, r.Center().X, r.Center().Y, label)
}

// tagRows breaks the labels into rows of tags no wider than w.
func tagRows(pdf layouts.Canvas, labels []string, w, h, s float64) [][]string {
	var rows [][]string
	x := 0.0
	for _, l := range labels {
		tw := tagWidth(pdf, l, h)
		if len(rows) == 0 || x+tw > w {
			rows = append(rows, nil)
			x = 0
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], l)
		x += tw + 1.2*s
	}
	return rows
}

// drawEffect writes the effect text centred in box at the largest size that
// fits, down to a floor that still prints legibly; below it the text is cut.
// Small cards start above their scaled size: their short texts leave room,
// and 6 pt is hard to read across a table.
func drawEffect(pdf layouts.Canvas, s0 string, box layouts.Rect, s float64) {
	layouts.TextColour(pdf, ink)
	minPt := math.Max(5, 6*s)
	pt := math.Max(7.5, 9.5*s)
	var lines []string
	for ; ; pt -= 0.25 {
		layouts.SetFont(pdf, layouts.FontSans, "", pt)
		lines = layouts.WrapText(pdf, s0, box.W)
		if float64(len(lines))*layouts.LineHeight(pt) <= box.H || pt-0.25 < minPt {
			break
		}
	}
	lh := layouts.LineHeight(pt)
	if n := int(box.H / lh); n < len(lines) {
		lines = lines[:max(n, 1)]
		last := len(lines) - 1
		lines[last] = layouts.Ellipsize(pdf, lines[last]+"…", box.W)
	}
	top := box.Y + (box.H-float64(len(lines))*lh)/2
	for i, l := range lines {
		layouts.TextCentered(pdf, box.Center().X, top+(float64(i)+0.5)*lh, l)
	}
}

// drawBack is the one back all cards share. It has no text and is built
// from shapes symmetric about both centre lines, so it looks the same
// turned half round or mirrored, whichever edge a duplex printer flips on.
func drawBack(pdf layouts.Canvas, trim, _ layouts.Rect) {
	s := layouts.CardScale(trim)
	in, rad := frame(trim)
	c := in.Center()
	plainLines(pdf)
	layouts.FillColour(pdf, white)
	pdf.Rect(trim.X, trim.Y, trim.W, trim.H, "F")
	layouts.FillColour(pdf, backBG)
	layouts.RoundRect(pdf, in, rad, "F")

	// A diamond lattice centred on the card, clipped to the field.
	field := in.Inset(2.2 * s)
	pdf.ClipRect(field.X, field.Y, field.W, field.H, false)
	layouts.StrokeColour(pdf, layouts.Tint(backBG, 0.18))
	pdf.SetLineWidth(0.35 * s)
	step := 6 * s
	reach := field.W + field.H
	for k := -math.Ceil(reach / step); k <= math.Ceil(reach/step); k++ {
		d := k * step
		pdf.Line(c.X+d-reach, c.Y-reach, c.X+d+reach, c.Y+reach)
		pdf.Line(c.X+d-reach, c.Y+reach, c.X+d+reach, c.Y-reach)
	}
	pdf.ClipEnd()
	layouts.StrokeColour(pdf, backArt)
	pdf.SetLineWidth(0.6 * s)
	layouts.RoundRect(pdf, field, rad*0.7, "D")
	pdf.SetLineWidth(0.3 * s)
	layouts.RoundRect(pdf, field.Inset(1.1*s), rad*0.5, "D")

	// A diamond on each side of the medallion and a corner knot in each
	// corner, placed by mirroring one quarter.
	for _, sx := range []float64{-1, 1} {
		for _, sy := range []float64{-1, 1} {
			corner := layouts.Point{X: c.X + sx*(field.W/2-5*s), Y: c.Y + sy*(field.H/2-5*s)}
			layouts.FillColour(pdf, backArt)
			pdf.Polygon(diamond(corner, 2.2*s, 2.2*s), "F")
			layouts.FillColour(pdf, backBG)
			pdf.Circle(corner.X, corner.Y, 0.8*s, "F")
		}
	}
	for _, sy := range []float64{-1, 1} {
		p := layouts.Point{X: c.X, Y: c.Y + sy*field.H*0.3}
		layouts.FillColour(pdf, backArt)
		pdf.Polygon(diamond(p, 2.4*s, 4*s), "F")
	}

	// The medallion: a ring holding an eight-pointed star.
	r := math.Min(field.W, field.H) * 0.3
	layouts.FillColour(pdf, backBG)
	layouts.StrokeColour(pdf, backArt)
	pdf.SetLineWidth(0.8 * s)
	pdf.Circle(c.X, c.Y, r, "FD")
	pdf.SetLineWidth(0.35 * s)
	pdf.Circle(c.X, c.Y, r*0.86, "D")
	layouts.FillColour(pdf, backArt)
	pdf.Polygon(star(layouts.Point{X: c.X, Y: c.Y}, 8, r*0.76, r*0.32, 0), "F")
	layouts.FillColour(pdf, backBG)
	pdf.Polygon(star(layouts.Point{X: c.X, Y: c.Y}, 4, r*0.4, r*0.16, 45), "F")
	layouts.FillColour(pdf, backArt)
	pdf.Circle(c.X, c.Y, r*0.1, "F")
}

// diamond is a rhombus centred on c with half-width w and half-height h.
func diamond(c layouts.Point, w, h float64) []gofpdf.PointType {
	return []gofpdf.PointType{{X: c.X, Y: c.Y - h}, {X: c.X + w, Y: c.Y}, {X: c.X, Y: c.Y + h}, {X: c.X - w, Y: c.Y}}
}

// star is an n-pointed star centred on c, the first point rot degrees
// clockwise from straight up.
func star(c layouts.Point, n int, outer, inner, rot float64) []gofpdf.PointType {
	pts := make([]gofpdf.PointType, 0, 2*n)
	for i := range 2 * n {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := (rot + float64(i)*180/float64(n)) * math.Pi / 180
		pts = append(pts, gofpdf.PointType{X: c.X + r*math.Sin(a), Y: c.Y - r*math.Cos(a)})
	}
	return pts
}
