package squad

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

type kitRGB = [3]int

// Deck colours as the rulebook names them; Movement has none there, so it
// takes the night-time blue of the boards.
var (
	kitWhite   = kitRGB{255, 255, 255}
	kitInk     = kitRGB{28, 28, 32}
	kitSoftInk = kitRGB{95, 95, 100}
	kitPaper   = kitRGB{252, 250, 244}
	kitSteel   = kitRGB{170, 176, 186}
	kitWood    = kitRGB{150, 98, 52}
	kitFlameO  = kitRGB{232, 104, 28}
	kitFlameY  = kitRGB{252, 206, 64}
	kitWater   = kitRGB{90, 160, 220}
	kitLeaf    = kitRGB{60, 140, 70}
	kitGold    = kitRGB{226, 176, 40}

	deckColours = map[string]kitRGB{
		DeckMovement: {30, 44, 88},
		DeckAlarm:    {190, 34, 40},
		DeckSenjutsu: {34, 130, 70},
		DeckBuki:     {112, 52, 150},
	}
)

func deckColour(deck string) kitRGB {
	if c, ok := deckColours[deck]; ok {
		return c
	}
	return kitSoftInk
}

// kitLines resets the line style a sheet's crop marks may have left.
func kitLines(pdf layouts.Canvas) {
	pdf.SetDashPattern(nil, 0)
	pdf.SetLineCapStyle("round")
	pdf.SetLineJoinStyle("round")
}

// kitFrame is layouts.CardFrame in the squad kit's round line style.
func kitFrame(pdf layouts.Canvas, trim layouts.Rect, field, edge kitRGB) (inner layouts.Rect, rad float64) {
	kitLines(pdf)
	return layouts.CardFrame(pdf, trim, field, edge)
}

// movementFace draws the card's number and the way of play in the top
// band, then the two routes side by side, labelled 1 and 2.
func movementFace(m KitMovement) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, _ layouts.Rect) {
		s := layouts.CardScale(trim)
		colour := deckColour(DeckMovement)
		in, rad := kitFrame(pdf, trim, kitPaper, colour)
		pad := 2 * s
		band := layouts.Rect{X: in.X, Y: in.Y, W: in.W, H: 11 * s}
		layouts.TopBand(pdf, band, rad, colour)
		drawForward(pdf, layouts.Rect{X: band.X + band.W/2 - 5*s, Y: band.Y + 1.5*s, W: 10 * s, H: band.H - 3*s}, kitWhite)
		layouts.TextColour(pdf, kitWhite)
		layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(4.2*s))
		n := strconv.Itoa(m.Number)
		layouts.TextAt(pdf, band.X+pad, band.Y+band.H/2+2.1*s, n)
		layouts.TextRight(pdf, band.Right()-pad, band.Y+band.H/2+2.1*s, n)

		body := layouts.Rect{X: in.X + pad, Y: band.Bottom() + pad, W: in.W - 2*pad, H: in.Bottom() - band.Bottom() - 2*pad}
		gap := 1.5 * s
		w := (body.W - gap) / 2
		for i, r := range m.Routes {
			panel := layouts.Rect{X: body.X + float64(i)*(w+gap), Y: body.Y, W: w, H: body.H}
			layouts.FillColour(pdf, kitWhite)
			layouts.StrokeColour(pdf, layouts.Tint(colour, 0.6))
			pdf.SetLineWidth(0.3 * s)
			layouts.RoundRect(pdf, panel, 1.5*s, "FD")
			// The option's number in a disc at the panel's top.
			dr := 3.2 * s
			c := layouts.Point{X: panel.X + panel.W/2, Y: panel.Y + 1.2*s + dr}
			layouts.FillColour(pdf, colour)
			pdf.Circle(c.X, c.Y, dr, "F")
			layouts.TextColour(pdf, kitWhite)
			layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(dr))
			layouts.TextCentered(pdf, c.X, c.Y, strconv.Itoa(i+1))
			top := c.Y + dr + 1.5*s
			DrawRoute(pdf, layouts.Rect{X: panel.X + 1.2*s, Y: top, W: panel.W - 2.4*s, H: panel.Bottom() - top - 1.2*s}, r)
			kitLines(pdf)
		}
	}
}

// deckFace draws, top to bottom: the name band, the picture with the range
// and the alarm change as badges, the effect text and the deck's name.
func deckFace(deck string, k KitCard) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, _ layouts.Rect) {
		s := layouts.CardScale(trim)
		colour := deckColour(deck)
		in, rad := kitFrame(pdf, trim, kitPaper, colour)
		pad := 2 * s
		band := layouts.Rect{X: in.X, Y: in.Y, W: in.W, H: 11 * s}
		layouts.TopBand(pdf, band, rad, colour)
		layouts.TextColour(pdf, kitWhite)
		layouts.FitLabel(pdf, band.Center(), k.Name, band.W-2*pad, 13*s, math.Max(5.5, 8*s))

		art := layouts.Rect{X: in.X + pad, Y: band.Bottom() + pad, W: in.W - 2*pad, H: in.H * 0.4}
		layouts.FillColour(pdf, layouts.Tint(colour, 0.85))
		layouts.RoundRect(pdf, art, 1.5*s, "F")
		drawIcon(pdf, k.Kind, layouts.Point{X: art.X + art.W/2, Y: art.Y + art.H*0.45}, math.Min(art.W, art.H)*0.34, colour)

		if k.Range != "" {
			drawBadge(pdf, layouts.Point{X: art.X + 1.2*s, Y: art.Bottom() - 1.2*s}, 4.6*s, "Range "+k.Range, colour)
		}
		if k.Alarm != 0 {
			drawAlarmBadge(pdf, layouts.Point{X: art.Right() - 5.5*s, Y: art.Y + 5.5*s}, 4.5*s, k.Alarm)
		}

		foot := 4.5 * s
		tb := layouts.Rect{X: in.X + pad + 0.5*s, Y: art.Bottom() + pad, W: in.W - 2*pad - s, H: in.Bottom() - art.Bottom() - 2*pad - foot}
		layouts.FitText(pdf, tb, k.Text, 11*s, 5, kitInk)

		layouts.TextColour(pdf, colour)
		layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(1.9*s))
		layouts.TextCentered(pdf, in.X+in.W/2, in.Bottom()-foot/2-0.5*s, strings.ToUpper(deck))
	}
}

// drawBadge draws a pill of height h with its lower left corner at at.
func drawBadge(pdf layouts.Canvas, at layouts.Point, h float64, label string, c kitRGB) {
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(h*0.5))
	w := layouts.TextWidth(pdf, label) + h
	r := layouts.Rect{X: at.X, Y: at.Y - h, W: w, H: h}
	layouts.FillColour(pdf, c)
	layouts.RoundRect(pdf, r, h/2, "F")
	layouts.TextColour(pdf, kitWhite)
	layouts.TextCentered(pdf, r.X+w/2, r.Y+h/2, label)
}

// drawAlarmBadge is a bell-shaped disc with the tracker change, "+2" or
// "−1", so the effect reads without the text.
func drawAlarmBadge(pdf layouts.Canvas, c layouts.Point, r float64, alarm int) {
	layouts.FillColour(pdf, kitWhite)
	layouts.StrokeColour(pdf, kitInk)
	pdf.SetLineWidth(r * 0.12)
	pdf.Circle(c.X, c.Y, r, "FD")
	layouts.TextColour(pdf, kitInk)
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(r*0.8))
	label := fmt.Sprintf("+%d", alarm)
	if alarm < 0 {
		label = fmt.Sprintf("−%d", -alarm)
	}
	layouts.TextCentered(pdf, c.X, c.Y, label)
}

// deckBack is the back every card of a deck shares: the deck colour in the
// white border, a throwing star in the middle and a pattern of the deck's
// own so greyscale prints still tell the decks apart. Everything is
// symmetric about both axes, so the back looks the same turned or flipped.
func deckBack(deck string) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, _ layouts.Rect) {
		s := layouts.CardScale(trim)
		colour := deckColour(deck)
		in, rad := kitFrame(pdf, trim, colour, colour)
		art := layouts.Tint(colour, 0.45)
		inner := layouts.BackRule(pdf, in, rad, s, art)
		c := in.Center()
		hw, hh := inner.W/2, inner.H/2
		r := hw * 0.6
		pdf.SetLineWidth(0.8 * s)
		switch deck {
		case DeckMovement:
			pdf.Line(inner.X, c.Y, inner.Right(), c.Y)
			pdf.Line(c.X, inner.Y, c.X, inner.Bottom())
		case DeckAlarm:
			for _, f := range []float64{0.72, 0.86, 1} {
				pdf.Circle(c.X, c.Y, hw*f, "D")
			}
		case DeckSenjutsu:
			for _, f := range []float64{0.75, 1} {
				pdf.Polygon([]gofpdf.PointType{{X: c.X, Y: c.Y - hh*f}, {X: c.X + hw*f, Y: c.Y}, {X: c.X, Y: c.Y + hh*f}, {X: c.X - hw*f, Y: c.Y}}, "D")
			}
		case DeckBuki:
			pdf.Line(inner.X, inner.Y, inner.Right(), inner.Bottom())
			pdf.Line(inner.Right(), inner.Y, inner.X, inner.Bottom())
		}
		drawShuriken(pdf, c, r, art, colour)
	}
}

// drawShuriken is a four-pointed throwing star with a hole, symmetric
// about both axes.
func drawShuriken(pdf layouts.Canvas, c layouts.Point, r float64, fillC, hole kitRGB) {
	w := r * 0.24
	pts := []gofpdf.PointType{
		{X: c.X, Y: c.Y - r}, {X: c.X + w, Y: c.Y - w}, {X: c.X + r, Y: c.Y}, {X: c.X + w, Y: c.Y + w},
		{X: c.X, Y: c.Y + r}, {X: c.X - w, Y: c.Y + w}, {X: c.X - r, Y: c.Y}, {X: c.X - w, Y: c.Y - w},
	}
	layouts.FillColour(pdf, fillC)
	pdf.Polygon(pts, "F")
	layouts.FillColour(pdf, hole)
	pdf.Circle(c.X, c.Y, r*0.14, "F")
}
