package blades

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// Greys and accents used across the sheet.
var (
	inkRGB      = [3]int{25, 25, 25}
	softInkRGB  = [3]int{90, 90, 90}
	ruleRGB     = [3]int{150, 150, 150}
	outOfPlayBG = [3]int{222, 222, 222}
	buddhaRGB   = [3]int{248, 233, 196}
)

// RenderSheet writes the Flying Blades setup sheet as a PDF: the public
// page, then public open-hands page(s) if any, then the private slips.
func RenderSheet(w io.Writer, s Sheet) error {
	if err := s.validate(); err != nil {
		return err
	}
	l, err := LayoutPage(s.Paper, len(s.Board[0]), len(s.Board), s.Buddha)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidSheet, err)
	}
	pdf := layouts.NewDocument(s.Paper, s.Title)
	r := &bladesRenderer{pdf: pdf, s: &s, l: l}

	openPlaced, openPages, err := r.layoutOpenHands()
	if err != nil {
		return err
	}
	slips, err := r.layoutSlips()
	if err != nil {
		return err
	}
	r.pages = 1 + openPages + slips.pageCount()

	if err := r.publicPage(); err != nil {
		return err
	}
	r.openHandPages(openPlaced, openPages)
	r.slipPages(slips)
	return layouts.WriteDocument(pdf, w)
}

type bladesRenderer struct {
	pdf   *gofpdf.Fpdf
	s     *Sheet
	l     PageLayout
	page  int
	pages int
}

func (r *bladesRenderer) fill(c [3]int) { r.pdf.SetFillColor(c[0], c[1], c[2]) }
func (r *bladesRenderer) draw(c [3]int) { r.pdf.SetDrawColor(c[0], c[1], c[2]) }
func (r *bladesRenderer) ink(c [3]int)  { r.pdf.SetTextColor(c[0], c[1], c[2]) }

func (r *bladesRenderer) solid() { r.pdf.SetDashPattern(nil, 0) }

func (r *bladesRenderer) newPage() {
	r.pdf.AddPage()
	r.page++
	r.pdf.SetLineCapStyle("butt")
	r.solid()
	r.footer()
}

// footer ties every page, private ones included, to one setup.
func (r *bladesRenderer) footer() {
	p, a := r.pdf, r.l.Area
	y := r.s.Paper.H - footerLift
	layouts.SetFont(p, layouts.FontSans, "", 7)
	r.ink(softInkRGB)
	right := fmt.Sprintf("page %d of %d", r.page, r.pages)
	if r.s.Fingerprint != "" {
		right = r.s.Fingerprint + " – " + right
	}
	layouts.TextRight(p, a.Right(), y, right)
	layouts.TextAt(p, a.X, y, layouts.Ellipsize(p, "ninjakit – "+r.s.Title, a.W-layouts.TextWidth(p, right)-6))
}

func (r *bladesRenderer) publicPage() error {
	r.newPage()
	r.header()
	if err := r.qr(); err != nil {
		return err
	}
	boardArt{p: r.pdf, s: r.s, f: r.l.Board}.draw()
	r.caption()
	r.seatDiagram()
	return r.info()
}

func (r *bladesRenderer) header() {
	p, l, s := r.pdf, r.l, r.s
	r.ink(inkRGB)
	layouts.FitFontSize(p, layouts.FontSans, "B", s.Title, l.Title.W, 20, 9)
	layouts.TextAt(p, l.Title.X, l.Title.Y+8, layouts.Ellipsize(p, s.Title, l.Title.W))
	if s.Subtitle != "" {
		layouts.FitFontSize(p, layouts.FontSans, "", s.Subtitle, l.Subtitle.W, 12, 7)
		r.ink(softInkRGB)
		layouts.TextAt(p, l.Subtitle.X, l.Subtitle.Y+5, layouts.Ellipsize(p, s.Subtitle, l.Subtitle.W))
	}
	if s.ShareCode != "" {
		layouts.SetFont(p, layouts.FontSans, "B", 7.5)
		r.ink(softInkRGB)
		layouts.TextAt(p, l.CodeLabel.X, l.CodeLabel.Bottom()-0.5, "SHARE CODE")
		r.ink(inkRGB)
		layouts.FitFontSize(p, layouts.FontMono, "", s.ShareCode, l.Code.W, 24, 8)
		layouts.TextAt(p, l.Code.X, l.Code.Bottom()-2, layouts.Ellipsize(p, s.ShareCode, l.Code.W))
	}
	if s.Fingerprint != "" {
		const lab = "fingerprint  "
		y := l.Fingerprint.Bottom() - 1.5
		layouts.SetFont(p, layouts.FontSans, "", 10)
		r.ink(softInkRGB)
		layouts.TextAt(p, l.Fingerprint.X, y, lab)
		x := l.Fingerprint.X + layouts.TextWidth(p, lab)
		layouts.SetFont(p, layouts.FontSans, "B", 10)
		r.ink(inkRGB)
		layouts.TextAt(p, x, y, layouts.Ellipsize(p, s.Fingerprint, l.Fingerprint.Right()-x))
	}
}

func (r *bladesRenderer) qr() error {
	p, l, s := r.pdf, r.l, r.s
	if s.QRPayload == "" {
		return nil
	}
	if err := layouts.DrawQR(p, s.QRPayload, l.QR.X, l.QR.Y, l.QR.W); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidSheet, err)
	}
	if s.QRPayload != s.ShareCode {
		// A URL payload is printed too, for phones without a scanner.
		layouts.FitFontSize(p, layouts.FontMono, "", s.QRPayload, l.QRCaption.W, 6.5, 4.5)
		r.ink(softInkRGB)
		c := l.QRCaption
		layouts.TextAt(p, c.Right()-layouts.TextWidth(p, layouts.Ellipsize(p, s.QRPayload, c.W)), c.Y+2.5, layouts.Ellipsize(p, s.QRPayload, c.W))
	}
	return nil
}

// drawBuddha draws the band that marks the Buddha end of the Temple, its
// label turned to read from the board's side of it; side is "left" or
// "right". The setup sheet and the kit's board share it.
func drawBuddha(p layouts.Canvas, b layouts.Rect, side string) {
	p.SetFillColor(buddhaRGB[0], buddhaRGB[1], buddhaRGB[2])
	p.SetDrawColor(inkRGB[0], inkRGB[1], inkRGB[2])
	p.SetLineWidth(0.3)
	p.Rect(b.X, b.Y, b.W, b.H, "FD")
	c := b.Center()
	angle := 90.0
	if side == "right" {
		angle = -90
	}
	layouts.SetFont(p, layouts.FontSans, "B", 10)
	p.SetTextColor(inkRGB[0], inkRGB[1], inkRGB[2])
	p.TransformBegin()
	p.TransformRotate(angle, c.X, c.Y)
	layouts.TextCentered(p, c.X, c.Y, "B U D D H A")
	p.TransformEnd()
}

// caption says in one line how to lay the real board so that the sheet's
// cell names match it.
func (r *bladesRenderer) caption() {
	p, c, s := r.pdf, r.l.Caption, r.s
	a1 := string(s.ColLabels[0]) + "1"
	text := fmt.Sprintf("Lay the real board as drawn: row 1 along seat 1's edge, %s on seat 1's left", a1)
	if s.Buddha != "" {
		text += fmt.Sprintf(", the Buddha end to seat 1's %s", s.Buddha)
	}
	if s.Join > 0 {
		text += "; the heavy line is where the House meets the extension"
	}
	text += "."
	layouts.FitFontSize(p, layouts.FontSans, "", text, c.W, 8.5, 6)
	r.ink(softInkRGB)
	layouts.TextCentered(p, c.Center().X, c.Center().Y, text)
}

// ninja draws the disc of the dojo with this letter (see drawNinja).
func (r *bladesRenderer) ninja(c layouts.Point, rad float64, letter byte) {
	drawNinja(r.pdf, c, rad, r.s.dojo(letter))
}

// drawNinja draws a disc in its dojo colour with the dojo letter inside; the
// setup sheet and the kit's counters share it. Colour alone fails on a
// black-and-white printer (red, blue and green print as nearly the same
// grey) and for colour-blind players, so every dojo also has its own
// marking, strong enough to tell apart at a glance:
//
//	0 solid disc            1 solid disc, dotted inner ring
//	2 white stripes on rim  3 solid disc, white double ring
//	4 coloured rim around a white centre
func drawNinja(p layouts.Canvas, c layouts.Point, rad float64, d Dojo) {
	fill := func(c [3]int) { p.SetFillColor(c[0], c[1], c[2]) }
	draw := func(c [3]int) { p.SetDrawColor(c[0], c[1], c[2]) }
	fg := [3]int{255, 255, 255}
	if layouts.TextOnFill(d.RGB) {
		fg = [3]int{0, 0, 0}
	}
	white := [3]int{255, 255, 255}
	lw := math.Max(0.2, rad*0.06)
	fill(d.RGB)
	draw(inkRGB)
	p.SetLineWidth(lw)
	p.Circle(c.X, c.Y, rad, "FD")
	inner := rad * 0.62
	switch d.Pattern {
	case 1:
		draw(inkRGB)
		p.SetLineCapStyle("round")
		p.SetLineWidth(lw * 1.8)
		p.SetDashPattern([]float64{0.01, rad * 0.3}, 0)
		p.Circle(c.X, c.Y, rad*0.8, "D")
		p.SetDashPattern(nil, 0)
		p.SetLineCapStyle("butt")
	case 2:
		// Diagonal stripes across the rim; the centre stays solid so the
		// letter reads.
		p.ClipCircle(c.X, c.Y, rad-lw/2, false)
		draw(white)
		p.SetLineWidth(rad * 0.16)
		step := rad * 0.36
		for k := -3.0; k <= 3; k++ {
			x := c.X + k*step
			p.Line(x-rad, c.Y+rad, x+rad, c.Y-rad)
		}
		p.ClipEnd()
		fill(d.RGB)
		p.Circle(c.X, c.Y, inner, "F")
	case 3:
		draw(white)
		p.SetLineWidth(lw * 1.2)
		p.Circle(c.X, c.Y, rad*0.84, "D")
		p.Circle(c.X, c.Y, rad*0.7, "D")
	case 4:
		fill(white)
		p.Circle(c.X, c.Y, inner+lw, "F")
		fg = [3]int{0, 0, 0}
	}
	p.SetTextColor(fg[0], fg[1], fg[2])
	size := rad * 0.95
	if d.Pattern == 2 || d.Pattern == 4 {
		size = inner * 1.25
	}
	layouts.SetFont(p, layouts.FontSans, "B", size/(layouts.PtToMM*layouts.CapHeight))
	layouts.TextCentered(p, c.X, c.Y, string(d.Letter))
}

// seatDiagram draws seats around the table in turn order with arrows from
// each seat to its prey, dotted lines to neutral seats, and the first seat
// ringed.
func (r *bladesRenderer) seatDiagram() {
	p, s := r.pdf, r.s
	seatOf := map[byte]int{}
	for i, st := range s.Seats {
		seatOf[st.Dojo] = i
	}
	var unseated []Dojo
	for _, d := range s.Dojos {
		if _, ok := seatOf[d.Letter]; !ok {
			unseated = append(unseated, d)
		}
	}
	const labelPt = 7.5
	d := LayoutSeatDiagram(r.l.Seats, len(s.Seats), len(unseated), layouts.LineHeight(labelPt))
	where := func(letter byte) (layouts.Point, float64, bool) {
		if i, ok := seatOf[letter]; ok {
			return d.Seats[i], d.NodeR, true
		}
		for i, u := range unseated {
			if u.Letter == letter {
				return d.Unseated[i], d.NodeR * 0.85, true
			}
		}
		return layouts.Point{}, 0, false
	}

	// The table.
	r.fill([3]int{246, 246, 246})
	r.draw([3]int{200, 200, 200})
	p.SetLineWidth(0.3)
	p.Circle(d.Center.X, d.Center.Y, d.Radius, "FD")

	// Neutral pairs once each, dotted, under the arrows.
	r.draw(softInkRGB)
	p.SetLineWidth(0.45)
	p.SetLineCapStyle("round")
	p.SetDashPattern([]float64{0.01, 1.2}, 0)
	drawn := map[[2]byte]bool{}
	for i, st := range s.Seats {
		for _, n := range st.Neutral {
			key := [2]byte{min(st.Dojo, n), max(st.Dojo, n)}
			to, tr, ok := where(n)
			if !ok || drawn[key] {
				continue
			}
			drawn[key] = true
			a, ok := ArrowBetween(d.Seats[i], to, d.NodeR+0.8, tr+0.8, 0)
			if ok {
				p.Line(a.Start.X, a.Start.Y, a.Head[0].X, a.Head[0].Y)
			}
		}
	}
	r.solid()
	p.SetLineCapStyle("butt")

	r.draw(inkRGB)
	r.fill(inkRGB)
	p.SetLineWidth(0.45)
	for i, st := range s.Seats {
		for _, prey := range st.Prey {
			to, tr, ok := where(prey)
			if !ok || to == d.Seats[i] {
				continue
			}
			a, ok := ArrowBetween(d.Seats[i], to, d.NodeR+0.6, tr+0.6, 2.6)
			if !ok {
				continue
			}
			p.Line(a.Start.X, a.Start.Y, a.End.X, a.End.Y)
			p.Polygon([]gofpdf.PointType{{X: a.Head[0].X, Y: a.Head[0].Y}, {X: a.Head[1].X, Y: a.Head[1].Y}, {X: a.Head[2].X, Y: a.Head[2].Y}}, "F")
		}
	}

	lh := layouts.LineHeight(labelPt)
	for i, st := range s.Seats {
		c := d.Seats[i]
		first := st.Seat == s.FirstSeat
		if first {
			r.draw(inkRGB)
			p.SetLineWidth(0.7)
			p.Circle(c.X, c.Y, d.NodeR+1.3, "D")
		}
		r.ninja(c, d.NodeR, st.Dojo)
		lines := []string{fmt.Sprintf("Seat %d", st.Seat), s.dojo(st.Dojo).Name}
		if first {
			lines = append(lines, "plays first")
		}
		// Labels sit outside the circle: below seats in the lower half, above the others.
		below := c.Y >= d.Center.Y-1e-6
		gapY := d.NodeR + 1.3
		if first {
			gapY += 1.3
		}
		for j, txt := range lines {
			style := ""
			if j == 0 || j == 2 {
				style = "B"
			}
			layouts.SetFont(p, layouts.FontSans, style, labelPt)
			r.ink(inkRGB)
			var cy float64
			if below {
				cy = c.Y + gapY + lh*(float64(j)+0.5)
			} else {
				cy = c.Y - gapY - lh*(float64(len(lines)-j)-0.5)
			}
			layouts.TextCentered(p, c.X, cy, txt)
		}
	}
	for i, u := range unseated {
		c := d.Unseated[i]
		r.ninja(c, d.NodeR*0.85, u.Letter)
		layouts.SetFont(p, layouts.FontSans, "", 6.5)
		r.ink(softInkRGB)
		layouts.TextAt(p, c.X+d.NodeR+0.5, c.Y+d.NodeR*0.85+2.6, "no player")
	}
}

// info writes the seat list and the setup notes beside the seat diagram,
// shrinking the type until they fit.
func (r *bladesRenderer) info() error {
	for pt := 9.0; pt >= 6.5; pt -= 0.5 {
		if h := r.infoText(pt, false); h <= r.l.Info.H {
			r.infoText(pt, true)
			return nil
		}
	}
	return fmt.Errorf("%w: seat list and notes do not fit on one %s page; shorten the notes", ErrInvalidSheet, r.s.Paper.Name)
}

// infoText lays out (and with draw, draws) the seat list and notes at size
// pt; it returns the height used so one walk both measures and draws.
func (r *bladesRenderer) infoText(pt float64, draw bool) float64 {
	p, s, box := r.pdf, r.s, r.l.Info
	lh := layouts.LineHeight(pt)
	y := box.Y
	heading := func(txt string) {
		layouts.SetFont(p, layouts.FontSans, "B", pt+1.5)
		y += layouts.LineHeight(pt + 1.5)
		if draw {
			r.ink(inkRGB)
			layouts.TextAt(p, box.X, y-1, txt)
		}
		y += 0.8
	}
	para := func(indent float64, txt string, bold bool) {
		style := ""
		if bold {
			style = "B"
		}
		layouts.SetFont(p, layouts.FontSans, style, pt)
		for _, line := range layouts.WrapText(p, txt, box.W-indent) {
			y += lh
			if draw {
				layouts.TextAt(p, box.X+indent, y-lh*0.25, line)
			}
		}
	}
	discR := lh * 0.42
	indent := discR*2 + 1.8

	heading("Seats in turn order")
	layouts.SetFont(p, layouts.FontSans, "", pt-0.5)
	for _, line := range layouts.WrapText(p, "Turns pass anticlockwise around the table. Arrows point from each seat to its prey.", box.W) {
		y += layouts.LineHeight(pt - 0.5)
		if draw {
			r.ink(softInkRGB)
			layouts.TextAt(p, box.X, y-layouts.LineHeight(pt-0.5)*0.25, line)
		}
	}
	y += 1
	for _, st := range s.Seats {
		parts := []string{fmt.Sprintf("Seat %d – %s", st.Seat, s.dojo(st.Dojo).Name)}
		if st.Seat == s.FirstSeat {
			parts[0] += " (plays first)"
		}
		parts = append(parts, rolePart("prey", st.Prey, s), rolePart("hunter", st.Hunters, s), rolePart("neutral", st.Neutral, s))
		txt := strings.Join(nonEmpty(parts), " — ")
		if draw {
			r.ninja(layouts.Point{X: box.X + discR, Y: y + lh*0.5}, discR, st.Dojo)
			r.ink(inkRGB)
		}
		para(indent, txt, false)
		y += 0.9
	}
	seated := map[byte]bool{}
	for _, st := range s.Seats {
		seated[st.Dojo] = true
	}
	for _, d := range s.Dojos {
		if seated[d.Letter] {
			continue
		}
		if draw {
			r.ninja(layouts.Point{X: box.X + discR, Y: y + lh*0.5}, discR, d.Letter)
			r.ink(inkRGB)
		}
		para(indent, d.Name+" — on the board, no player", false)
		y += 0.9
	}
	if len(s.Notes) > 0 {
		y += 2
		heading("Setup")
		for _, n := range s.Notes {
			if draw {
				r.ink(inkRGB)
				layouts.SetFont(p, layouts.FontSans, "", pt)
				layouts.TextAt(p, box.X+1, y+lh*0.75, "•")
			}
			para(3.5, n, false)
			y += 0.6
		}
	}
	return y - box.Y
}

func rolePart(role string, letters []byte, s *Sheet) string {
	switch len(letters) {
	case 0:
		return ""
	case 1:
		return role + ": " + s.names(letters)
	}
	if role != "prey" {
		role += "s"
	}
	return role + ": " + s.names(letters)
}

func nonEmpty(ss []string) []string {
	out := ss[:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
