package layouts

import (
	"fmt"
	"strconv"
)

const (
	handPad     = 3   // inside a hand box's frame
	slipWidth   = 150 // a private slip is narrower than the page: easy to fold and hide
	openHeading = 18  // heading band on open-hands pages
)

// handTitle is how a hand is headed on public pages.
func (r *bladesRenderer) handTitle(h HandSlip) string {
	return fmt.Sprintf("Seat %d · %s", h.Seat, r.s.dojo(h.Dojo).Name)
}

// openHandBox lays out (and with draw, draws) one open hand in a frame at
// box's top-left corner and width; it returns the frame's height.
func (r *bladesRenderer) openHandBox(h HandSlip, box Rect, draw bool) float64 {
	p := r.pdf
	inner := Rect{box.X + handPad, box.Y + handPad, box.W - 2*handPad, 0}
	const titlePt = 11
	discR := 2.6
	y := inner.Y + 2*discR
	if draw {
		r.ninja(Point{inner.X + discR, inner.Y + discR}, discR, h.Dojo)
		setFont(p, FontSans, "B", titlePt)
		r.ink(inkRGB)
		textCentered(p, inner.X+2*discR+2+textWidth(p, r.handTitle(h))/2, inner.Y+discR, r.handTitle(h))
	}
	y += 1.5
	// Open hands list names and prices only: the card texts are printed once
	// in the legend above them, so even 16-card hands fit a page.
	brief := h
	brief.Cards = make([]CardLine, len(h.Cards))
	for i, c := range h.Cards {
		brief.Cards[i] = CardLine{Name: c.Name, Price: c.Price}
	}
	y += r.handContent(brief, Rect{inner.X, y, inner.W, 0}, 1, draw)
	hgt := max(y+handPad-box.Y, box.H)
	if draw {
		r.draw(ruleRGB)
		p.SetLineWidth(0.3)
		p.Rect(box.X, box.Y, box.W, hgt, "D")
	}
	return hgt
}

// handContent lists the cards with a checkbox and price each, and the price
// limit, from box's top; k scales the type. It returns the height used.
func (r *bladesRenderer) handContent(h HandSlip, box Rect, k float64, draw bool) float64 {
	p := r.pdf
	namePt, textPt, smallPt := 9.5*k, 8*k, 6.5*k
	check := 3.4 * k
	textX := box.X + check + 2.5*k
	priceW := 12 * k
	y := box.Y

	setFont(p, FontSans, "", smallPt)
	y += lineHeight(smallPt)
	if draw {
		r.ink(softInkRGB)
		textAt(p, box.X, y-0.6, "keep")
		textAt(p, textX, y-0.6, "card")
		textRight(p, box.Right(), y-0.6, "price")
	}
	y += 0.8
	if len(h.Cards) == 0 {
		setFont(p, FontSans, "", textPt)
		y += lineHeight(textPt)
		if draw {
			r.ink(softInkRGB)
			textAt(p, textX, y-1, "no cards")
		}
	}
	for i, c := range h.Cards {
		if i > 0 && draw {
			r.draw([3]int{215, 215, 215})
			p.SetLineWidth(0.2)
			p.Line(textX, y, box.Right(), y)
		}
		y += 1.2 * k
		nameH := lineHeight(namePt)
		if draw {
			r.draw(inkRGB)
			r.fill([3]int{255, 255, 255})
			p.SetLineWidth(0.3)
			p.Rect(box.X, y+(nameH-check)/2, check, check, "FD")
			setFont(p, FontSans, "B", namePt)
			r.ink(inkRGB)
			textAt(p, textX, y+nameH*0.78, ellipsize(p, c.Name, box.Right()-priceW-textX))
			textRight(p, box.Right()-1, y+nameH*0.78, strconv.Itoa(c.Price))
		}
		y += nameH
		if c.Text != "" {
			setFont(p, FontSans, "", textPt)
			lh := lineHeight(textPt)
			for _, line := range wrapText(p, c.Text, box.Right()-priceW-textX) {
				y += lh
				if draw {
					r.ink(softInkRGB)
					textAt(p, textX, y-lh*0.3, line)
				}
			}
		}
		y += 1.2 * k
	}
	r.draw(inkRGB)
	if draw {
		p.SetLineWidth(0.4)
		p.Line(box.X, y, box.Right(), y)
	}
	y += 1.5 * k
	setFont(p, FontSans, "", textPt)
	lines := wrapText(p, fmt.Sprintf("Keep cards whose prices total at most %d; set the rest aside face down.", h.Limit), box.W)
	for _, line := range lines {
		y += lineHeight(textPt)
		if draw {
			r.ink(inkRGB)
			textAt(p, box.X, y-lineHeight(textPt)*0.3, line)
		}
	}
	y += 1.5 * k
	setFont(p, FontSans, "B", namePt)
	lh := lineHeight(namePt)
	y += lh
	if draw {
		r.ink(inkRGB)
		lab := "kept total:"
		textAt(p, box.X, y-lh*0.25, lab)
		x := box.X + textWidth(p, lab) + 2
		r.draw(inkRGB)
		p.SetLineWidth(0.3)
		p.Line(x, y-lh*0.2, x+16*k, y-lh*0.2)
		textAt(p, x+18*k, y-lh*0.25, fmt.Sprintf("keep total ≤ %d", h.Limit))
	}
	return y - box.Y
}

// layoutOpenHands places the open hands two per row on as many public pages
// as they need after the first.
func (r *bladesRenderer) layoutOpenHands() ([]Placed, int, error) {
	if len(r.s.OpenHands) == 0 {
		return nil, 0, nil
	}
	a := r.l.Area
	top := openHeading + r.legend(a.Y+openHeading, false) + sectionGap
	area := Rect{a.X, a.Y + top, a.W, a.H - top}
	cols := 2
	w := (area.W - sectionGap) / 2
	heights := make([]float64, len(r.s.OpenHands))
	for i, h := range r.s.OpenHands {
		heights[i] = r.openHandBox(h, Rect{0, 0, w, 0}, false)
	}
	placed, err := FlowRows(area, area, cols, sectionGap, heights)
	if err != nil {
		return nil, 0, fmt.Errorf("%w: open hands: %v", ErrInvalidSheet, err)
	}
	return placed, placed[len(placed)-1].Page + 1, nil
}

func (r *bladesRenderer) openHandPages(placed []Placed, pages int) {
	p, a := r.pdf, r.l.Area
	for pg := 0; pg < pages; pg++ {
		r.newPage()
		setFont(p, FontSans, "B", 16)
		r.ink(inkRGB)
		textAt(p, a.X, a.Y+7, "Open hands")
		setFont(p, FontSans, "", 9.5)
		r.ink(softInkRGB)
		textAt(p, a.X, a.Y+13, ellipsize(p, "Public: every player may see these cards. "+r.s.Title, a.W))
		r.legend(a.Y+openHeading, true)
		for i, pl := range placed {
			if pl.Page == pg {
				r.openHandBox(r.s.OpenHands[i], pl.Rect, true)
			}
		}
	}
}

// legend lists each kind of card dealt in the open hands once, with its
// price and effect, from y down; it returns the height used.
func (r *bladesRenderer) legend(y float64, draw bool) float64 {
	p, a := r.pdf, r.l.Area
	seen := map[string]bool{}
	top := y
	const namePt, textPt = 9.5, 8
	nameW := 32.0
	for _, h := range r.s.OpenHands {
		for _, c := range h.Cards {
			if seen[c.Name] {
				continue
			}
			seen[c.Name] = true
			setFont(p, FontSans, "", textPt)
			lines := wrapText(p, c.Text, a.W-nameW)
			if len(lines) == 0 {
				lines = []string{""}
			}
			if draw {
				setFont(p, FontSans, "B", namePt)
				r.ink(inkRGB)
				textAt(p, a.X, y+lineHeight(namePt)*0.78, ellipsize(p, fmt.Sprintf("%s (%d)", c.Name, c.Price), nameW-2))
				setFont(p, FontSans, "", textPt)
				r.ink(softInkRGB)
				for i, line := range lines {
					textAt(p, a.X+nameW, y+lineHeight(namePt)*0.78+float64(i)*lineHeight(textPt), line)
				}
			}
			y += max(lineHeight(namePt), lineHeight(namePt)*0.22+float64(len(lines))*lineHeight(textPt)) + 1
		}
	}
	return y - top
}

// slipPage prints one private hand on a page of its own.
func (r *bladesRenderer) slipPage(h HandSlip) error {
	p, a := r.pdf, r.l.Area
	w := min(slipWidth, a.W)
	box := Rect{a.X + (a.W-w)/2, a.Y, w, 0}
	inner := Rect{box.X + 5, box.Y + 5, box.W - 10, 0}
	const headPt = 14
	headH := 16.0
	k := 1.2
	for ; k >= 0.8; k -= 0.1 {
		if headH+r.handContent(h, Rect{inner.X, 0, inner.W, 0}, k, false)+10 <= a.H-2 {
			break
		}
	}
	if k < 0.8 {
		return fmt.Errorf("%w: slip for seat %d does not fit on a page", ErrInvalidSheet, h.Seat)
	}
	r.newPage()
	discR := 3.4
	r.ninja(Point{inner.X + discR, inner.Y + discR}, discR, h.Dojo)
	title := fmt.Sprintf("Private – Seat %d (%s) – do not show", h.Seat, r.s.dojo(h.Dojo).Name)
	fitFontSize(p, FontSans, "B", title, inner.W-2*discR-3, headPt, 8)
	r.ink(inkRGB)
	textAt(p, inner.X+2*discR+3, inner.Y+discR+1.8, title)
	setFont(p, FontSans, "", 8)
	r.ink(softInkRGB)
	sub := r.s.Title
	if r.s.Fingerprint != "" {
		sub += " · " + r.s.Fingerprint
	}
	textAt(p, inner.X, inner.Y+headH-4, ellipsize(p, sub, inner.W))
	hgt := r.handContent(h, Rect{inner.X, inner.Y + headH, inner.W, 0}, k, true)
	box.H = headH + hgt + 10
	r.draw(inkRGB)
	p.SetLineWidth(0.5)
	p.Rect(box.X, box.Y, box.W, box.H, "D")
	return nil
}
