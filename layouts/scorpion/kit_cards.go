package scorpion

import (
	"math"
	"strconv"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// Deck colours: the ninja in black, the traitor in purple, the Lion guards
// in red, the missions in gold.
var deckColours = map[string]rgb{
	DeckNinja:    {34, 34, 40},
	DeckTraitor:  {104, 50, 140},
	DeckGuards:   {176, 36, 36},
	DeckMissions: {176, 130, 20},
}

var paperTone = rgb{252, 250, 244}

func deckColour(deck string) rgb {
	if c, ok := deckColours[deck]; ok {
		return c
	}
	return softInk
}

// sideWord is the side a deck's cards belong to, as the card foot says it.
func sideWord(deck string) string {
	switch deck {
	case DeckNinja:
		return "NINJA"
	case DeckTraitor:
		return "TRAITOR"
	case DeckGuards:
		return "GUARDS"
	}
	return "MISSION"
}

// frame is layouts.CardFrame in the scorpion kit's plain line style.
func frame(pdf layouts.Canvas, trim layouts.Rect, field, edge rgb) (layouts.Rect, float64) {
	plainLines(pdf)
	return layouts.CardFrame(pdf, trim, field, edge)
}

// bandedFrame is the frame of a card face with a band in the deck's colour
// across its top, ready for white text.
func bandedFrame(pdf layouts.Canvas, trim layouts.Rect, colour rgb) (in, band layouts.Rect) {
	s := layouts.CardScale(trim)
	in, _ = frame(pdf, trim, paperTone, colour)
	band = layouts.Rect{X: in.X, Y: in.Y, W: in.W, H: 11 * s}
	layouts.FillColour(pdf, colour)
	layouts.RoundRect(pdf, band, 2.5*s, "F")
	layouts.TextColour(pdf, white)
	return in, band
}

// CardFace draws the name band, the picture with the alert badge, the
// text and the side at the foot.
func CardFace(deck string, k KitCard) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, _ layouts.Rect) {
		s := layouts.CardScale(trim)
		colour := deckColour(deck)
		in, band := bandedFrame(pdf, trim, colour)
		pad := 2 * s
		layouts.FitLabel(pdf, band.Center(), k.Name, band.W-2*pad, 13*s, math.Max(5.5, 8*s))

		art := layouts.Rect{X: in.X + pad, Y: band.Bottom() + pad, W: in.W - 2*pad, H: in.H * 0.36}
		layouts.FillColour(pdf, layouts.Tint(colour, 0.86))
		layouts.RoundRect(pdf, art, 1.5*s, "F")
		drawIcon(pdf, iconFor(k.Name), layouts.Point{X: art.X + art.W/2, Y: art.Y + art.H/2}, math.Min(art.W, art.H)*0.36, colour)
		if k.Alert != 0 {
			alertBadge(pdf, layouts.Point{X: art.Right() - 6*s, Y: art.Y + 6*s}, 4.6*s, k.Alert)
		}
		foot := 4.5 * s
		tb := layouts.Rect{X: in.X + pad + 0.5*s, Y: art.Bottom() + pad, W: in.W - 2*pad - s, H: in.Bottom() - art.Bottom() - 2*pad - foot}
		layouts.FitText(pdf, tb, k.Text, 11*s, 5, ink)
		layouts.TextColour(pdf, colour)
		layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(1.9*s))
		layouts.TextCentered(pdf, in.X+in.W/2, in.Bottom()-foot/2-0.5*s, sideWord(deck))
	}
}

// missionFace is the objective's letter, large, and the mission's text.
func missionFace(m KitMission) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, _ layouts.Rect) {
		s := layouts.CardScale(trim)
		colour := deckColour(DeckMissions)
		in, band := bandedFrame(pdf, trim, colour)
		pad := 2 * s
		layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(4*s))
		layouts.TextCentered(pdf, band.X+band.W/2, band.Y+band.H/2, "MISSION")
		disc := layouts.Point{X: in.X + in.W/2, Y: band.Bottom() + in.H*0.22}
		r := math.Min(in.W, in.H) * 0.22
		layouts.FillColour(pdf, white)
		layouts.StrokeColour(pdf, colour)
		pdf.SetLineWidth(1.2 * s)
		pdf.Circle(disc.X, disc.Y, r, "FD")
		layouts.TextColour(pdf, ink)
		layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(r*1.1))
		layouts.TextCentered(pdf, disc.X, disc.Y, layouts.Ellipsize(pdf, m.Letter, 2*r))
		top := disc.Y + r + pad
		tb := layouts.Rect{X: in.X + pad, Y: top, W: in.W - 2*pad, H: in.Bottom() - top - pad - 4.5*s}
		layouts.FitText(pdf, tb, m.Text, 11*s, 5, ink)
		layouts.TextColour(pdf, colour)
		layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(1.9*s))
		layouts.TextCentered(pdf, in.X+in.W/2, in.Bottom()-2.75*s, "KEEP IT SECRET FROM THE GUARDS")
	}
}

// alertBadge is a disc with the alert change, "+1".
func alertBadge(pdf layouts.Canvas, c layouts.Point, r float64, alert int) {
	layouts.FillColour(pdf, white)
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(r * 0.12)
	pdf.Circle(c.X, c.Y, r, "FD")
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(r*0.7))
	label := "+" + strconv.Itoa(alert)
	if alert < 0 {
		label = "−" + strconv.Itoa(-alert)
	}
	layouts.TextCentered(pdf, c.X, c.Y-r*0.12, label)
	layouts.SetFont(pdf, layouts.FontSans, "", layouts.PtForCap(r*0.22))
	layouts.TextCentered(pdf, c.X, c.Y+r*0.55, "ALERT")
}

// deckBack is the deck's colour with a pattern of its own, symmetric about
// both axes, and a scorpion-tail hook in the middle.
func deckBack(deck string) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, _ layouts.Rect) {
		s := layouts.CardScale(trim)
		colour := deckColour(deck)
		in, rad := frame(pdf, trim, colour, colour)
		art := layouts.Tint(colour, 0.45)
		inner := layouts.BackRule(pdf, in, rad, s, art)
		c := in.Center()
		hw, hh := inner.W/2, inner.H/2
		pdf.SetLineWidth(0.8 * s)
		switch deck {
		case DeckNinja:
			pdf.Line(inner.X, inner.Y, inner.Right(), inner.Bottom())
			pdf.Line(inner.Right(), inner.Y, inner.X, inner.Bottom())
		case DeckTraitor:
			for _, f := range []float64{0.75, 1} {
				pdf.Polygon([]gofpdf.PointType{{X: c.X, Y: c.Y - hh*f}, {X: c.X + hw*f, Y: c.Y}, {X: c.X, Y: c.Y + hh*f}, {X: c.X - hw*f, Y: c.Y}}, "D")
			}
		case DeckGuards:
			pdf.Line(inner.X, c.Y, inner.Right(), c.Y)
			pdf.Line(c.X, inner.Y, c.X, inner.Bottom())
		default:
			for _, f := range []float64{0.72, 0.86, 1} {
				pdf.Circle(c.X, c.Y, hw*f, "D")
			}
		}
		layouts.FillColour(pdf, colour)
		pdf.Circle(c.X, c.Y, hw*0.5, "F")
		drawIcon(pdf, "scorpion", c, hw*0.42, art)
		layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(2.6*s))
		w := sideWord(deck)
		tw := layouts.TextWidth(pdf, w) + 3*s
		for _, y := range []float64{inner.Y + 5*s, inner.Bottom() - 5*s} {
			// The word sits on a patch of the field, clear of the pattern.
			layouts.FillColour(pdf, colour)
			pdf.Rect(c.X-tw/2, y-2.6*s, tw, 5.2*s, "F")
			layouts.TextColour(pdf, white)
			layouts.TextCentered(pdf, c.X, y, w)
		}
	}
}

// iconFor names the picture of a card by its name; unknown names get the
// generic mark.
func iconFor(name string) string {
	n := strings.ToLower(name)
	for _, k := range []struct{ word, icon string }{
		{"kenjutsu", "sword"}, {"rope", "rope"}, {"shadow", "moon"}, {"shuriken", "star"},
		{"passage", "door"}, {"cat", "cat"}, {"sake", "bottle"}, {"listen", "ear"},
		{"search", "eye"}, {"awaken", "sun"},
	} {
		if strings.Contains(n, k.word) {
			return k.icon
		}
	}
	return "scorpion"
}
