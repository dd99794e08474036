package layouts

import (
	"fmt"
	"io"
	"math"

	"github.com/jung-kurt/gofpdf"
)

// The calibration page's furniture, in mm.
const (
	rulerInset  = 2.0  // a ruler's base line from the printable edge
	rulerStart  = 15.0 // a ruler's 0 from the printable corner, clear of the other ruler
	targetInset = 30.0 // a duplex target from the corner of the free area
	barLength   = 100.0
	barThick    = 3.0
	scaleReach  = 10.0 // the back's cross scale reads -10 to +10 mm
)

// ruler is a straight scale: a base line from Origin along Along (a unit
// vector) with N+1 ticks Step apart pointing to Across.
type ruler struct {
	Origin, Along, Across Point
	Step                  float64
	N                     int
	// Tick gives tick i's length and its label ("" for none).
	Tick func(i int) (length float64, label string)
}

// At is the position of tick i on the base line.
func (r ruler) At(i int) Point {
	d := float64(i) * r.Step
	return Point{r.Origin.X + d*r.Along.X, r.Origin.Y + d*r.Along.Y}
}

func mmTick(i int) (float64, string) {
	switch {
	case i%10 == 0:
		return 4.5, fmt.Sprint(i)
	case i%5 == 0:
		return 3, ""
	}
	return 1.8, ""
}

func inchTick(i int) (float64, string) {
	switch {
	case i%16 == 0:
		return 4.5, fmt.Sprint(i / 16)
	case i%8 == 0:
		return 3.4, ""
	case i%4 == 0:
		return 2.6, ""
	case i%2 == 0:
		return 1.9, ""
	}
	return 1.3, ""
}

// calibLayout is where everything on the calibration front page goes.
type calibLayout struct {
	TopMM, LeftMM, BottomIn, RightIn ruler
	Card                             Rect
	BarX, BarY                       Rect
	// Targets are the duplex cross-hairs: near the top-left corner, at the
	// page centre, near the bottom-right corner.
	Targets [3]Point
	Text    Rect
}

// layoutCalibration places the front page on p. Rulers run in whole
// labelled units (10 mm, 1 in) as far as the paper allows, leaving 5 mm at
// their far end for the unit label.
func layoutCalibration(p Paper) calibLayout {
	pr, free := p.Printable(), FreeArea(p)
	steps := func(room, step float64, per int) int { return int(math.Floor(room/(step*float64(per)))) * per }
	sixteenth := 25.4 / 16
	top := pr.Y + rulerInset
	left := pr.X + rulerInset
	bottom := free.Bottom() - rulerInset
	right := pr.Right() - rulerInset
	x0, y0 := pr.X+rulerStart, pr.Y+rulerStart
	return calibLayout{
		TopMM: ruler{Origin: Point{x0, top}, Along: Point{1, 0}, Across: Point{0, 1},
			Step: 1, N: steps(right-5-x0, 1, 10), Tick: mmTick},
		LeftMM: ruler{Origin: Point{left, y0}, Along: Point{0, 1}, Across: Point{1, 0},
			Step: 1, N: steps(bottom-rulerStart-y0, 1, 10), Tick: mmTick},
		BottomIn: ruler{Origin: Point{x0, bottom}, Along: Point{1, 0}, Across: Point{0, -1},
			Step: sixteenth, N: steps(right-5-x0, sixteenth, 16), Tick: inchTick},
		RightIn: ruler{Origin: Point{right, y0}, Along: Point{0, 1}, Across: Point{-1, 0},
			Step: sixteenth, N: steps(bottom-rulerStart-y0, sixteenth, 16), Tick: inchTick},
		Card: Rect{free.X + 20, free.Y + 55, SizePoker.W, SizePoker.H},
		BarX: Rect{free.X + 20, free.Y + 167, barLength, barThick},
		BarY: Rect{free.X + 155, free.Y + 55, barThick, barLength},
		Targets: [3]Point{
			{free.X + targetInset, free.Y + targetInset},
			{p.W / 2, p.H / 2},
			{free.Right() - targetInset, free.Bottom() - targetInset},
		},
		Text: Rect{free.X + 20, free.Y + 180, 125, free.Bottom() - 20 - (free.Y + 180)},
	}
}

// mirrorPoint is where a point of the front lies on the back page, as the
// back page is drawn and seen: flipping on the long edge swaps left and
// right, flipping on the short edge swaps top and bottom.
func mirrorPoint(p Paper, b Backs, pt Point) Point {
	if b == BacksShort {
		return Point{pt.X, p.H - pt.Y}
	}
	return Point{p.W - pt.X, pt.Y}
}

// crossTick is one graduation of the back's cross scale: Value mm along
// Axis ('X' or 'Y') from the scale's centre.
type crossTick struct {
	Axis  byte
	Value int
	At    Point
}

// crossScale lays out the back's scale around c. The sign convention is the
// whole point of the page: a printer that shifts the back by (dx, dy) (right
// and down as the back is seen) moves this scale's centre to c+(dx, dy),
// while the front's cross still shows through at c. The cross then sits at
// (-dx, -dy) from the centre, so the tick it falls on, valued by its signed
// distance from the centre (X right, Y down), reads (-dx, -dy); and
// --back-offset (-dx, -dy) makes Doc translate the back by exactly that,
// cancelling the drift.
func crossScale(c Point) []crossTick {
	var ticks []crossTick
	for v := -int(scaleReach); v <= int(scaleReach); v++ {
		ticks = append(ticks,
			crossTick{'X', v, Point{c.X + float64(v), c.Y}},
			crossTick{'Y', v, Point{c.X, c.Y + float64(v)}})
	}
	return ticks
}

// RenderCalibration writes the printer calibration sheet: page 1 checks the
// print scale (rulers, a poker card outline, 100 mm bars) and carries three
// bold crosses; page 2, its back, carries a cross scale behind each cross to
// read the duplex drift. p.Scale and p.BackOffset apply as on every kit page,
// so a corrected sheet shows its corrections working. The sheet is always
// duplex: short-edge flipping when p.Backs says so, long-edge otherwise.
func RenderCalibration(w io.Writer, p Print) error {
	if p.Backs != BacksShort {
		p.Backs = BacksLong
	}
	d, err := NewDoc("ninjakit printer calibration", p)
	if err != nil {
		return err
	}
	l := layoutCalibration(p.Paper)
	front := d.BeginPage(RoleFront, "calibration")
	drawCalibrationFront(d.PDF, p, l)
	back := d.BeginPage(RoleBack, "calibration")
	drawCalibrationBack(d.PDF, p, l)
	d.Pair(front, back)
	return d.Write(w)
}

func drawCalibrationFront(pdf *gofpdf.Fpdf, p Print, l calibLayout) {
	paper := p.Paper
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
	for _, r := range []struct {
		ruler
		unit string
	}{{l.TopMM, "mm"}, {l.LeftMM, "mm"}, {l.BottomIn, "in"}, {l.RightIn, "in"}} {
		drawRuler(pdf, r.ruler, r.unit)
	}

	title := Point{l.Targets[0].X + 20, l.Targets[0].Y - 8}
	pdf.SetFont(FontSans, "B", 14)
	TextAt(pdf, title.X, title.Y, "Printer calibration")
	sheet := paper.Name
	if paper == PaperAny {
		sheet = "A4 or Letter"
	}
	pdf.SetFont(FontSans, "", 9)
	TextAt(pdf, title.X, title.Y+5.5, fmt.Sprintf("For %s paper. Print both pages double-sided, flipping on the %s edge.",
		sheet, flipEdge(p.Backs)))
	TextAt(pdf, title.X, title.Y+10, "Check the size on this side, then the alignment on the other.")

	pdf.SetLineWidth(0.2)
	pdf.Rect(l.Card.X, l.Card.Y, l.Card.W, l.Card.H, "D")
	c := l.Card.Center()
	pdf.SetFont(FontSans, "B", 10)
	TextCentered(pdf, c.X, c.Y-4, "poker card")
	pdf.SetFont(FontSans, "", 8)
	TextCentered(pdf, c.X, c.Y+1, "63 x 88 mm")
	TextCentered(pdf, c.X, c.Y+5, "a sleeved card should")
	TextCentered(pdf, c.X, c.Y+8.5, "just cover this outline")

	pdf.SetFillColor(0, 0, 0)
	pdf.Rect(l.BarX.X, l.BarX.Y, l.BarX.W, l.BarX.H, "F")
	pdf.Rect(l.BarY.X, l.BarY.Y, l.BarY.W, l.BarY.H, "F")
	pdf.SetFont(FontSans, "B", 8)
	TextAt(pdf, l.BarX.X, l.BarX.Y-1.5, "X: 100 mm across")
	TextCentered(pdf, l.BarY.Center().X, l.BarY.Y-5, "Y: 100 mm")
	TextCentered(pdf, l.BarY.Center().X, l.BarY.Y-2, "down")

	for i, t := range l.Targets {
		drawTarget(pdf, t, string(rune('A'+i)))
	}

	drawParagraphs(pdf, l.Text, []string{
		"Size. Print at 100 % (\"actual size\"); never \"fit to page\" or \"shrink to fit\".",
		"Put a good ruler along each black bar. Both should be 100 mm. If bar X measures M mm, " +
			"use --scale 100/M for X, and likewise for bar Y: a bar of 98.5 mm across and 100 mm down " +
			"gives --scale 1.015,1. The rulers along the edges and the card outline should then match too.",
		"Alignment. Look at the other side of the sheet against a window or lamp. Each bold cross " +
			"(A, B, C) shows through onto a fine scale; the instructions there give the --back-offset to use.",
	})

	DrawFooter(pdf, paper, "100 % / actual size, \"fit to page\" off  -  page 1 of 2")
}

func drawCalibrationBack(pdf *gofpdf.Fpdf, p Print, l calibLayout) {
	paper := p.Paper
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
	for i, t := range l.Targets {
		drawCrossScale(pdf, mirrorPoint(paper, p.Backs, t), string(rune('A'+i)))
	}
	// The scales sit behind A, B and C (top right, centre and bottom left
	// for either flip), which leaves the top-left quarter for the text.
	free := FreeArea(paper)
	box := Rect{free.X + 10, free.Y + 10, paper.W/2 + 20, 0}
	pdf.SetFont(FontSans, "B", 14)
	TextAt(pdf, box.X, box.Y+5, "Double-sided alignment")
	box.Y += 10
	box.H = l.Targets[1].Y - 20 - box.Y
	drawParagraphs(pdf, box, []string{
		fmt.Sprintf("1. Print both pages on one sheet, double-sided, flipping on the %s edge, at 100 %%.", flipEdge(p.Backs)),
		"2. Hold this side up to a window or a lamp. The bold crosses of the other side show through.",
		"3. At each scale A, B, C, note where the centre of the cross falls: X on the scale across " +
			"(plus is right), Y on the scale down (plus is down), in mm.",
		"4. Print your kits with --back-offset X,Y. A cross 1.5 right of the centre and 2 above it means " +
			"--back-offset 1.5,-2.",
		"If the three readings differ, the printer also turns or stretches the back; use the reading at B, " +
			"in the middle. A cross on the centre of every scale needs no offset.",
		"To check, print this sheet again with the offset: the crosses should land on the centres.",
	})

	DrawFooter(pdf, paper, "back of page 1  -  page 2 of 2")
}

func flipEdge(b Backs) string {
	if b == BacksShort {
		return "short"
	}
	return "long"
}

func drawRuler(pdf *gofpdf.Fpdf, r ruler, unit string) {
	pdf.SetLineWidth(0.15)
	end := r.At(r.N)
	pdf.Line(r.Origin.X, r.Origin.Y, end.X, end.Y)
	pdf.SetFont(FontSans, "", 6)
	capH := 6 * PtToMM * CapHeight
	for i := 0; i <= r.N; i++ {
		length, label := r.Tick(i)
		a := r.At(i)
		tip := Point{a.X + length*r.Across.X, a.Y + length*r.Across.Y}
		pdf.Line(a.X, a.Y, tip.X, tip.Y)
		if label == "" {
			continue
		}
		if i == r.N {
			label += " " + unit
		}
		// Centre the label just past the tick, however the ruler lies.
		reach := 0.8 + math.Abs(r.Across.X)*TextWidth(pdf, label)/2 + math.Abs(r.Across.Y)*capH/2
		TextCentered(pdf, tip.X+reach*r.Across.X, tip.Y+reach*r.Across.Y, label)
	}
}

// drawTarget draws a bold cross-hair that shows through the paper.
func drawTarget(pdf *gofpdf.Fpdf, c Point, name string) {
	const arm = 8.0
	pdf.SetLineWidth(0.5)
	pdf.Line(c.X-arm, c.Y, c.X+arm, c.Y)
	pdf.Line(c.X, c.Y-arm, c.X, c.Y+arm)
	pdf.SetLineWidth(0.3)
	pdf.Circle(c.X, c.Y, 4, "D")
	pdf.SetFont(FontSans, "B", 9)
	TextCentered(pdf, c.X+6.5, c.Y-6.5, name)
}

// drawCrossScale draws the fine -10..+10 mm cross read from the back.
func drawCrossScale(pdf *gofpdf.Fpdf, c Point, name string) {
	pdf.SetLineWidth(0.1)
	pdf.Line(c.X-scaleReach, c.Y, c.X+scaleReach, c.Y)
	pdf.Line(c.X, c.Y-scaleReach, c.X, c.Y+scaleReach)
	pdf.SetFont(FontSans, "", 5)
	for _, t := range crossScale(c) {
		half := 0.6
		switch {
		case t.Value == 0:
			continue
		case t.Value%5 == 0:
			half = 1.3
		}
		label := ""
		if t.Value%5 == 0 {
			label = fmt.Sprintf("%+d", t.Value)
		}
		if t.Axis == 'X' {
			pdf.Line(t.At.X, t.At.Y-half, t.At.X, t.At.Y+half)
			if label != "" {
				TextCentered(pdf, t.At.X, t.At.Y+2.6, label)
			}
			continue
		}
		pdf.Line(t.At.X-half, t.At.Y, t.At.X+half, t.At.Y)
		if label != "" {
			TextAt(pdf, t.At.X+1.8, t.At.Y+5*PtToMM*CapHeight/2, label)
		}
	}
	pdf.SetFont(FontSans, "B", 7)
	TextCentered(pdf, c.X+scaleReach+2, c.Y, "X")
	TextCentered(pdf, c.X, c.Y+scaleReach+2.2, "Y")
	pdf.SetFont(FontSans, "B", 9)
	TextCentered(pdf, c.X-scaleReach+1, c.Y-scaleReach+1, name)
}

// drawParagraphs fills box from the top with wrapped paragraphs. Text that
// does not fit is an error (reported by Write) rather than drawn over the
// page furniture.
func drawParagraphs(pdf *gofpdf.Fpdf, box Rect, paras []string) {
	const pt = 8.5
	pdf.SetFont(FontSans, "", pt)
	lh := LineHeight(pt)
	y := box.Y + lh
	for _, para := range paras {
		for _, line := range WrapText(pdf, para, box.W) {
			if y > box.Bottom() {
				pdf.SetError(fmt.Errorf("calibration: text overflows its %.0f x %.0f mm box", box.W, box.H))
				return
			}
			TextAt(pdf, box.X, y, line)
			y += lh
		}
		y += lh / 2
	}
}
