package layouts

import (
	"fmt"
)

// footerBand is the strip at the foot of a free page for the scale check.
const footerBand = 8.0

// FreeArea is where a free page (cover, board, aid) may draw: the printable
// part of the paper above the footer.
func FreeArea(p Paper) Rect {
	r := p.Printable()
	r.H -= footerBand
	return r
}

// ScaleCheck draws a bar exactly length mm long from (x, y) to the right,
// with a tick every 10 mm, and under it what it should measure. A sheet
// printed with "fit to page" shows it short at once.
func ScaleCheck(pdf Canvas, x, y, length float64) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.2)
	pdf.Line(x, y, x+length, y)
	for t := 0.0; t <= length+1e-9; t += 10 {
		h := 1.2
		if t == 0 || t > length-1e-9 {
			h = 2.2
		}
		pdf.Line(x+t, y-h, x+t, y)
	}
	if length-float64(int(length/10))*10 > 1e-9 {
		pdf.Line(x+length, y-2.2, x+length, y)
	}
	pdf.SetFont(FontSans, "", 5.5)
	pdf.SetTextColor(0, 0, 0)
	TextAt(pdf, x, y+2.3, fmt.Sprintf("%g mm: print at 100 %% (actual size)", length))
}

// DrawFooter puts a 50 mm scale check and the page number at the foot of a
// free page.
func DrawFooter(pdf Canvas, p Paper, page string) {
	r := p.Printable()
	y := r.Bottom() - footerBand + 4
	ScaleCheck(pdf, r.X, y, 50)
	if page != "" {
		pdf.SetFont(FontSans, "", 7)
		pdf.SetTextColor(0, 0, 0)
		TextRight(pdf, r.Right(), y+2.3, page)
	}
}
