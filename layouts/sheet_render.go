package layouts

import (
	"fmt"
	"math"

	"github.com/jung-kurt/gofpdf"
)

// How card-sheet lines print.
const (
	markWidth  = 0.2 // crop and fold marks: thin, yet easy to lay a ruler on
	guideWidth = 0.1 // guides lie over the art, so a hairline
	guideGrey  = 150 // light enough not to show on a piece cut a little wide
	foldDash   = 1.0 // fold marks are dashed so they never read as cuts
	// sheetScaleLen is the card-page scale check: short, as margins are.
	sheetScaleLen = 10.0
)

// PlanSet is the pure part of AddSet: the layout it will print, so a cover
// can count pages before anything is drawn.
func PlanSet(s Set, p Print) (SheetLayout, error) {
	backs := p.Backs
	if s.Back == nil {
		backs = BacksNone
	}
	return LayoutSheet(SheetSpec{
		Paper:  p.Paper,
		Size:   s.Size,
		Count:  len(s.Pieces),
		Bleed:  p.BleedFor(s.FullBleed),
		Backs:  backs,
		Guides: p.Guides,
	})
}

// AddSet appends the pages of one set to d: for each Sheet a front page
// (RoleFront) and, when the set has a Back and d.Print.Backs is pages, long
// or short, a back page (RoleBack) paired with it. With BacksPages all front
// pages come first, then all back pages in the same order; with long and
// short they interleave. Fold puts each back beside its front. Backs are
// drawn the same way up as their fronts on the page.
func (d *Doc) AddSet(s Set) error {
	l, err := PlanSet(s, d.Print)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Title, err)
	}
	duplex := s.Back != nil && d.Print.Backs.Duplex()
	fronts := make([]int, len(l.Sheets))
	for i, sh := range l.Sheets {
		fronts[i] = d.BeginPage(RoleFront, s.Title)
		d.drawFront(s, sh)
		if duplex && d.Print.Backs != BacksPages {
			d.Pair(fronts[i], d.addBack(s, sh))
		}
	}
	if duplex && d.Print.Backs == BacksPages {
		for i, sh := range l.Sheets {
			d.Pair(fronts[i], d.addBack(s, sh))
		}
	}
	d.EndPage()
	if err := d.PDF.Error(); err != nil {
		return fmt.Errorf("%s: pdf: %w", s.Title, err)
	}
	return nil
}

// drawFront draws the pieces (and fold backs) of sh, then guides over the
// art, then marks and the scale check.
func (d *Doc) drawFront(s Set, sh Sheet) {
	pdf := d.PDF
	for _, sl := range sh.Slots {
		drawPiece(pdf, s.Pieces[sl.Index].Front, s.Size, sl.Trim, sl.Bleed, sl.Rotated)
		if d.Print.Backs == BacksFold {
			drawPiece(pdf, s.Back, s.Size, sl.BackTrim, sl.BackBleed, sl.Rotated)
		}
	}
	resetInk(pdf)
	pdf.SetLineWidth(guideWidth)
	pdf.SetDrawColor(guideGrey, guideGrey, guideGrey)
	strokeLines(pdf, sh.Guides)
	pdf.SetLineWidth(markWidth)
	pdf.SetDrawColor(0, 0, 0)
	strokeLines(pdf, sh.Marks)
	pdf.SetDashPattern([]float64{foldDash, foldDash}, 0)
	strokeLines(pdf, sh.Folds)
	pdf.SetDashPattern(nil, 0)
	sheetScale(pdf, sh.Furniture)
}

// addBack adds the back page of sh and returns its number.
func (d *Doc) addBack(s Set, sh Sheet) int {
	n := d.BeginPage(RoleBack, s.Title)
	pdf := d.PDF
	for _, sl := range sh.Slots {
		drawPiece(pdf, s.Back, s.Size, sl.BackTrim, sl.BackBleed, sl.Rotated)
	}
	resetInk(pdf)
	pdf.SetLineWidth(markWidth)
	strokeLines(pdf, sh.BackMarks)
	return n
}

// drawPiece clips to bleed (and, for round pieces, to the circle grown by
// the bleed) and calls draw with the piece upright, turning the page
// coordinates when the slot is rotated.
func drawPiece(pdf Canvas, draw Drawer, size Size, trim, bleed Rect, rotated bool) {
	if draw == nil {
		return
	}
	c := trim.Center()
	pdf.ClipRect(bleed.X, bleed.Y, bleed.W, bleed.H, false)
	if size.Round {
		grow := max(trim.X-bleed.X, bleed.Right()-trim.Right(), trim.Y-bleed.Y, bleed.Bottom()-trim.Bottom())
		pdf.ClipCircle(c.X, c.Y, math.Min(size.W, size.H)/2+grow, false)
	}
	pdf.TransformBegin()
	if rotated {
		// A quarter turn counter-clockwise about c: the piece's top edge
		// lies along the sheet's left. Undo it for the bleed box.
		pdf.TransformRotate(90, c.X, c.Y)
		bleed = Rect{X: c.X - (bleed.Bottom() - c.Y), Y: c.Y + (bleed.X - c.X), W: bleed.H, H: bleed.W}
	}
	draw(pdf, Rect{X: c.X - size.W/2, Y: c.Y - size.H/2, W: size.W, H: size.H}, bleed)
	pdf.TransformEnd()
	if size.Round {
		pdf.ClipEnd()
	}
	pdf.ClipEnd()
}

// resetInk sets every colour and the dash a drawer may have changed. The
// PDF restored its own state when the piece's clip ended, but gofpdf still
// remembers the drawer's; setting them again makes the two agree.
func resetInk(pdf *gofpdf.Fpdf) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetFillColor(0, 0, 0)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetDashPattern(nil, 0)
}

func strokeLines(pdf *gofpdf.Fpdf, ls []Line) {
	for _, l := range ls {
		pdf.Line(l.A.X, l.A.Y, l.B.X, l.B.Y)
	}
}

// sheetScale draws a 10 mm scale check centred in r: ScaleCheck when its
// label fits, else a compact bar with a shorter label that fits
// FurnitureW x FurnitureH.
func sheetScale(pdf *gofpdf.Fpdf, r Rect) {
	const fullH, fullTicks = 5.2, 2.2 // ScaleCheck: ticks above the bar, label under it
	SetFont(pdf, FontSans, "", 5.5)
	if w := TextWidth(pdf, fmt.Sprintf("%g mm: print at 100 %% (actual size)", sheetScaleLen)); w <= r.W && r.H >= fullH {
		ScaleCheck(pdf, r.X+(r.W-w)/2, r.Y+(r.H-fullH)/2+fullTicks, sheetScaleLen)
		return
	}
	const pt, tick, gap = 5.0, 1.4, 0.4
	SetFont(pdf, FontSans, "", pt)
	label := fmt.Sprintf("%g mm, print at 100 %%", sheetScaleLen)
	if TextWidth(pdf, label) > r.W {
		label = fmt.Sprintf("%g mm", sheetScaleLen)
	}
	w := math.Max(sheetScaleLen, TextWidth(pdf, label))
	x, y := r.X+(r.W-w)/2, r.Y+(r.H-FurnitureH)/2+tick
	pdf.SetLineWidth(markWidth)
	pdf.Line(x, y, x+sheetScaleLen, y)
	pdf.Line(x, y-tick, x, y)
	pdf.Line(x+sheetScaleLen, y-tick, x+sheetScaleLen, y)
	TextAt(pdf, x, y+gap+pt*PtToMM*CapHeight, label)
}

// DrawCut draws one face of a piece as it looks cut out, its trim at the
// origin: clipped to the cut (the circle of a round piece), no bleed.
func DrawCut(c Canvas, draw Drawer, size Size) {
	trim := Rect{W: size.W, H: size.H}
	drawPiece(c, draw, size, trim, trim, false)
}
