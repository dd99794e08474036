package blades

import (
	"fmt"
	"math"
	"strconv"

	"github.com/ninjakit/ninjakit/layouts"
)

const (
	handPad     = 3  // inside a hand box's frame
	openHeading = 18 // heading band on open-hands pages
)

// handTitle is how a hand is headed on public pages.
func (r *bladesRenderer) handTitle(h HandSlip) string {
	return fmt.Sprintf("Seat %d – %s", h.Seat, r.s.dojo(h.Dojo).Name)
}

// openHandBox lays out (and with draw, draws) one open hand in a frame at
// box's top-left corner and width; it returns the frame's height.
func (r *bladesRenderer) openHandBox(h HandSlip, box layouts.Rect, draw bool) float64 {
	p := r.pdf
	inner := layouts.Rect{X: box.X + handPad, Y: box.Y + handPad, W: box.W - 2*handPad, H: 0}
	const titlePt = 11
	discR := 2.6
	y := inner.Y + 2*discR
	if draw {
		r.ninja(layouts.Point{X: inner.X + discR, Y: inner.Y + discR}, discR, h.Dojo)
		layouts.SetFont(p, layouts.FontSans, "B", titlePt)
		r.ink(inkRGB)
		layouts.TextCentered(p, inner.X+2*discR+2+layouts.TextWidth(p, r.handTitle(h))/2, inner.Y+discR, r.handTitle(h))
	}
	y += 1.5
	// Hands list names and prices only: the card texts are printed once, in
	// the legend above them, so even 16-card hands fit a page.
	y += r.handContent(h, layouts.Rect{X: inner.X, Y: y, W: inner.W, H: 0}, draw)
	hgt := max(y+handPad-box.Y, box.H)
	if draw {
		r.draw(ruleRGB)
		p.SetLineWidth(0.3)
		p.Rect(box.X, box.Y, box.W, hgt, "D")
	}
	return hgt
}

// handContent lists the cards with a checkbox and price each, and the price
// limit, from box's top. It returns the height used.
func (r *bladesRenderer) handContent(h HandSlip, box layouts.Rect, draw bool) float64 {
	p := r.pdf
	const namePt, textPt, smallPt = 9.5, 8, 6.5
	const check, priceW = 3.4, 12.0
	textX := box.X + check + 2.5
	y := box.Y

	layouts.SetFont(p, layouts.FontSans, "", smallPt)
	y += layouts.LineHeight(smallPt)
	if draw {
		r.ink(softInkRGB)
		layouts.TextAt(p, box.X, y-0.6, "keep")
		layouts.TextAt(p, textX, y-0.6, "card")
		layouts.TextRight(p, box.Right(), y-0.6, "price")
	}
	y += 0.8
	if len(h.Cards) == 0 {
		layouts.SetFont(p, layouts.FontSans, "", textPt)
		y += layouts.LineHeight(textPt)
		if draw {
			r.ink(softInkRGB)
			layouts.TextAt(p, textX, y-1, "no cards")
		}
	}
	for i, c := range h.Cards {
		if i > 0 && draw {
			r.draw([3]int{215, 215, 215})
			p.SetLineWidth(0.2)
			p.Line(textX, y, box.Right(), y)
		}
		y += 1.2
		nameH := layouts.LineHeight(namePt)
		if draw {
			r.draw(inkRGB)
			r.fill([3]int{255, 255, 255})
			p.SetLineWidth(0.3)
			p.Rect(box.X, y+(nameH-check)/2, check, check, "FD")
			layouts.SetFont(p, layouts.FontSans, "B", namePt)
			r.ink(inkRGB)
			layouts.TextAt(p, textX, y+nameH*0.78, layouts.Ellipsize(p, c.Name, box.Right()-priceW-textX))
			layouts.TextRight(p, box.Right()-1, y+nameH*0.78, strconv.Itoa(c.Price))
		}
		y += nameH + 1.2
	}
	r.draw(inkRGB)
	if draw {
		p.SetLineWidth(0.4)
		p.Line(box.X, y, box.Right(), y)
	}
	y += 1.5
	layouts.SetFont(p, layouts.FontSans, "", textPt)
	lines := layouts.WrapText(p, fmt.Sprintf("Keep cards whose prices total at most %d; set the rest aside face down.", h.Limit), box.W)
	for _, line := range lines {
		y += layouts.LineHeight(textPt)
		if draw {
			r.ink(inkRGB)
			layouts.TextAt(p, box.X, y-layouts.LineHeight(textPt)*0.3, line)
		}
	}
	y += 1.5
	layouts.SetFont(p, layouts.FontSans, "B", namePt)
	lh := layouts.LineHeight(namePt)
	y += lh
	if draw {
		r.ink(inkRGB)
		lab := "kept total:"
		layouts.TextAt(p, box.X, y-lh*0.25, lab)
		x := box.X + layouts.TextWidth(p, lab) + 2
		r.draw(inkRGB)
		p.SetLineWidth(0.3)
		p.Line(x, y-lh*0.2, x+16, y-lh*0.2)
		layouts.TextRight(p, box.Right(), y-lh*0.25, fmt.Sprintf("≤ %d", h.Limit))
	}
	return y - box.Y
}

// layoutOpenHands places the open hands, up to three to a row in rows as
// even as they can be, on as few public pages after the first as they need,
// shared evenly between those pages.
func (r *bladesRenderer) layoutOpenHands() ([]layouts.Placed, int, error) {
	if len(r.s.OpenHands) == 0 {
		return nil, 0, nil
	}
	a := r.l.Area
	top := openHeading + r.legend(a.Y+openHeading, false) + sectionGap
	first := layouts.Rect{X: a.X, Y: a.Y + top, W: a.W, H: a.H - top}
	rest := layouts.Rect{X: a.X, Y: a.Y + openHeading, W: a.W, H: a.H - openHeading}
	cols := GridCols(len(r.s.OpenHands), 3)
	w := (a.W - sectionGap*float64(cols-1)) / float64(cols)
	heights := make([]float64, len(r.s.OpenHands))
	for i, h := range r.s.OpenHands {
		heights[i] = r.openHandBox(h, layouts.Rect{X: 0, Y: 0, W: w, H: 0}, false)
	}
	placed, err := BalancedRows(first, rest, cols, sectionGap, heights)
	if err != nil {
		return nil, 0, fmt.Errorf("%w: open hands: %v", ErrInvalidSheet, err)
	}
	return placed, placed[len(placed)-1].Page + 1, nil
}

func (r *bladesRenderer) openHandPages(placed []layouts.Placed, pages int) {
	for pg := 0; pg < pages; pg++ {
		r.newPage()
		r.pageHeading("Open hands", "Public: every player may see these cards. "+r.s.Title)
		if pg == 0 {
			r.legend(r.l.Area.Y+openHeading, true)
		}
		for i, pl := range placed {
			if pl.Page == pg {
				r.openHandBox(r.s.OpenHands[i], pl.Rect, true)
			}
		}
	}
}

// pageHeading titles a page of hands in the band openHeading tall.
func (r *bladesRenderer) pageHeading(title, sub string) {
	p, a := r.pdf, r.l.Area
	layouts.SetFont(p, layouts.FontSans, "B", 16)
	r.ink(inkRGB)
	layouts.TextAt(p, a.X, a.Y+7, title)
	layouts.SetFont(p, layouts.FontSans, "", 9.5)
	r.ink(softInkRGB)
	layouts.TextAt(p, a.X, a.Y+13, layouts.Ellipsize(p, sub, a.W))
}

// legend lists the card kinds of the sheet's Legend, in its order (the data
// file's, so every sheet reads alike), with price and effect, from y down; it
// returns the height used.
func (r *bladesRenderer) legend(y float64, draw bool) float64 {
	p, a := r.pdf, r.l.Area
	top := y
	const namePt, textPt = 9.5, 8
	nameW := 32.0
	for _, c := range r.s.Legend {
		layouts.SetFont(p, layouts.FontSans, "", textPt)
		lines := layouts.WrapText(p, c.Text, a.W-nameW)
		if len(lines) == 0 {
			lines = []string{""}
		}
		if draw {
			layouts.SetFont(p, layouts.FontSans, "B", namePt)
			r.ink(inkRGB)
			layouts.TextAt(p, a.X, y+layouts.LineHeight(namePt)*0.78, layouts.Ellipsize(p, fmt.Sprintf("%s (%d)", c.Name, c.Price), nameW-2))
			layouts.SetFont(p, layouts.FontSans, "", textPt)
			r.ink(softInkRGB)
			for i, line := range lines {
				layouts.TextAt(p, a.X+nameW, y+layouts.LineHeight(namePt)*0.78+float64(i)*layouts.LineHeight(textPt), line)
			}
		}
		y += max(layouts.LineHeight(namePt), layouts.LineHeight(namePt)*0.22+float64(len(lines))*layouts.LineHeight(textPt)) + 1
	}
	return y - top
}

// Rows of a slip's card list, in millimetres.
const (
	slipHeadH  = 5   // "Seat 2 – Red: your cards"
	slipColsH  = 3.5 // column heads
	slipRowH   = 4.2 // one card
	slipTotalH = 11  // rule, kept total and limit
	slipNamePt = 8.5
	slipTickW  = 10 // each of the keep and played columns
	slipPriceW = 9
)

// slipHeight is the height of a slip whose list holds cards cards: the list
// below the fold and a cover flap as tall, so folded it hides the list whole.
func slipHeight(cards int) float64 {
	list := 2*slipPad + slipHeadH + slipColsH + float64(max(cards, 1))*slipRowH + slipTotalH
	return 2 * list
}

// slipsLayout is where the private slips go, and whether the card legend
// has a page of its own after them instead of the top of the first.
type slipsLayout struct {
	pages       []SlipPage
	legendAlone bool
}

// layoutSlips places the private slips, the legend above them on the first
// slips page; when the legend there would push slips onto another page that
// a page without it holds (four slips of eight cards), the legend follows the
// slips on a page of its own, so every slip is cut from one sheet.
func (r *bladesRenderer) layoutSlips() (slipsLayout, error) {
	if len(r.s.Slips) == 0 {
		return slipsLayout{}, nil
	}
	a := r.l.Area
	cards := 0
	for _, h := range r.s.Slips {
		cards = max(cards, len(h.Cards))
	}
	top := openHeading + r.legend(a.Y+openHeading, false) + sectionGap
	first := layouts.Rect{X: a.X, Y: a.Y + top, W: a.W, H: a.H - top}
	rest := layouts.Rect{X: a.X, Y: a.Y + openHeading, W: a.W, H: a.H - openHeading}
	pages, err := LayoutSlips(first, rest, len(r.s.Slips), slipHeight(cards))
	if err != nil {
		return slipsLayout{}, fmt.Errorf("%w: private slips: %v", ErrInvalidSheet, err)
	}
	if alone, err := LayoutSlips(rest, rest, len(r.s.Slips), slipHeight(cards)); err == nil && len(alone) == 1 && len(pages) > 1 {
		return slipsLayout{pages: alone, legendAlone: true}, nil
	}
	return slipsLayout{pages: pages}, nil
}

// pageCount is how many pages the slips and the legend take.
func (sl slipsLayout) pageCount() int {
	if sl.legendAlone {
		return len(sl.pages) + 1
	}
	return len(sl.pages)
}

func (r *bladesRenderer) slipPages(sl slipsLayout) {
	p := r.pdf
	i := 0
	for pg, sp := range sl.pages {
		r.newPage()
		r.pageHeading("Private hand slips", "Cut on the dashed lines, fold each list back behind its cover, and hand every slip to its seat unread.")
		if pg == 0 && !sl.legendAlone {
			r.legend(r.l.Area.Y+openHeading, true)
		}
		for _, rect := range sp.Slips {
			r.slip(r.s.Slips[i], rect)
			i++
		}
		r.draw(ruleRGB)
		p.SetLineWidth(0.25)
		p.SetDashPattern([]float64{2, 1.5}, 0)
		for _, c := range sp.Cuts {
			p.Line(c.A.X, c.A.Y, c.B.X, c.B.Y)
		}
		p.SetDashPattern([]float64{0.4, 1.2}, 0)
		for _, f := range sp.Folds {
			p.Line(f.A.X, f.A.Y, f.B.X, f.B.Y)
		}
		r.solid()
	}
	if sl.legendAlone {
		r.newPage()
		r.pageHeading("Special Attack cards", "What each card on the slips does, and its price.")
		r.legend(r.l.Area.Y+openHeading, true)
	}
}

// slip draws one private slip: the cover flap above the fold, the cards below.
func (r *bladesRenderer) slip(h HandSlip, s layouts.Rect) {
	p := r.pdf
	name := r.s.dojo(h.Dojo).Name
	c := slipCover(s).Inset(slipPad)
	discR := math.Min(7, c.H/4)
	r.ninja(layouts.Point{X: c.X + discR, Y: c.Y + discR}, discR, h.Dojo)
	tx := c.X + 2*discR + 3
	layouts.SetFont(p, layouts.FontSans, "B", 16)
	r.ink(inkRGB)
	layouts.TextAt(p, tx, c.Y+discR-0.5, fmt.Sprintf("Seat %d", h.Seat))
	layouts.SetFont(p, layouts.FontSans, "", 10)
	layouts.TextAt(p, tx, c.Y+discR+4.5, layouts.Ellipsize(p, name, c.Right()-tx))
	layouts.SetFont(p, layouts.FontSans, "B", 11)
	y := c.Y + 2*discR + 6
	layouts.TextAt(p, c.X, y, "PRIVATE")
	layouts.SetFont(p, layouts.FontSans, "", 7.5)
	r.ink(softInkRGB)
	for _, line := range layouts.WrapText(p, "Fold the list back behind this flap. Only seat "+strconv.Itoa(h.Seat)+" reads it.", c.W) {
		y += layouts.LineHeight(7.5)
		if y > c.Bottom()-layouts.LineHeight(7)-1 {
			break
		}
		layouts.TextAt(p, c.X, y, line)
	}
	layouts.SetFont(p, layouts.FontSans, "", 7)
	// The fingerprint ties a slip to its setup in few words; the title only
	// stands in when there is none.
	foot := r.s.Title
	if r.s.Fingerprint != "" {
		foot = "setup " + r.s.Fingerprint
	}
	layouts.TextAt(p, c.X, c.Bottom()-0.5, layouts.Ellipsize(p, foot, c.W))
	r.slipList(h, slipList(s).Inset(slipPad))
}

// slipList draws the cards of a slip with a keep and a played box each, the
// prices, the kept total to fill in and the limit.
func (r *bladesRenderer) slipList(h HandSlip, b layouts.Rect) {
	p := r.pdf
	played := b.Right() - slipTickW
	keep := played - slipTickW
	price := keep - 1
	y := b.Y + slipHeadH
	layouts.SetFont(p, layouts.FontSans, "B", 9)
	r.ink(inkRGB)
	layouts.TextAt(p, b.X, y-1, layouts.Ellipsize(p, fmt.Sprintf("Seat %d – %s: your cards", h.Seat, r.s.dojo(h.Dojo).Name), b.W))
	layouts.SetFont(p, layouts.FontSans, "", 6.5)
	r.ink(softInkRGB)
	y += slipColsH
	layouts.TextAt(p, b.X, y-0.8, "card")
	layouts.TextRight(p, price, y-0.8, "price")
	layouts.TextCentered(p, keep+slipTickW/2, y-1.8, "keep")
	layouts.TextCentered(p, played+slipTickW/2, y-1.8, "played")
	box := slipRowH * 0.68
	for i, c := range h.Cards {
		if i > 0 {
			r.draw([3]int{215, 215, 215})
			p.SetLineWidth(0.2)
			p.Line(b.X, y, b.Right(), y)
		}
		base := y + slipRowH*0.72
		layouts.SetFont(p, layouts.FontSans, "B", slipNamePt)
		r.ink(inkRGB)
		layouts.TextAt(p, b.X, base, layouts.Ellipsize(p, c.Name, price-slipPriceW-b.X))
		layouts.SetFont(p, layouts.FontSans, "", slipNamePt)
		layouts.TextRight(p, price, base, strconv.Itoa(c.Price))
		r.draw(inkRGB)
		r.fill([3]int{255, 255, 255})
		p.SetLineWidth(0.3)
		for _, x := range []float64{keep, played} {
			p.Rect(x+(slipTickW-box)/2, y+(slipRowH-box)/2, box, box, "FD")
		}
		y += slipRowH
	}
	if len(h.Cards) == 0 {
		layouts.SetFont(p, layouts.FontSans, "", slipNamePt)
		r.ink(softInkRGB)
		layouts.TextAt(p, b.X, y+slipRowH*0.72, "no cards")
		y += slipRowH
	}
	r.draw(inkRGB)
	p.SetLineWidth(0.4)
	p.Line(b.X, y+0.5, b.Right(), y+0.5)
	layouts.SetFont(p, layouts.FontSans, "B", 9)
	r.ink(inkRGB)
	lab := "kept total"
	layouts.TextAt(p, b.X, y+6, lab)
	x := b.X + layouts.TextWidth(p, lab) + 2
	p.SetLineWidth(0.3)
	p.Line(x, y+6.3, x+12, y+6.3)
	layouts.SetFont(p, layouts.FontSans, "", 8)
	layouts.TextAt(p, x+14, y+6, layouts.Ellipsize(p, fmt.Sprintf("at most %d", h.Limit), b.Right()-x-14))
	r.ink(softInkRGB)
	layouts.SetFont(p, layouts.FontSans, "", 6.5)
	layouts.TextAt(p, b.X, y+9.8, layouts.Ellipsize(p, "Tick what you keep, and each card as you play it.", b.W))
}
