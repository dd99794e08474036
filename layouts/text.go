package layouts

import (
	"math"
	"strings"
)

const (
	PtToMM = 25.4 / 72
	// CapHeight is the Go fonts' capital height as a fraction of the em,
	// used to centre text on a point by its capitals rather than its box.
	CapHeight = 0.72
)

// LineHeight is the baseline-to-baseline distance for a font size in points.
func LineHeight(pt float64) float64 { return pt * PtToMM * 1.25 }

func SetFont(pdf Canvas, family, style string, pt float64) {
	pdf.SetFont(family, style, pt)
}

// TextWidth measures s in the current font after SafeText.
func TextWidth(pdf Canvas, s string) float64 { return pdf.GetStringWidth(SafeText(s)) }

// TextAt writes s with its baseline's left end at (x, y).
func TextAt(pdf Canvas, x, y float64, s string) {
	pdf.Text(x, y, SafeText(s))
}

// TextCentered writes s centred horizontally on cx with its capitals
// centred vertically on cy.
func TextCentered(pdf Canvas, cx, cy float64, s string) {
	s = SafeText(s)
	pt, _ := pdf.GetFontSize()
	pdf.Text(cx-pdf.GetStringWidth(s)/2, cy+pt*PtToMM*CapHeight/2, s)
}

// TextRight writes s with its baseline's right end at (x, y).
func TextRight(pdf Canvas, x, y float64, s string) {
	s = SafeText(s)
	pdf.Text(x-pdf.GetStringWidth(s), y, s)
}

// WrapText breaks s into lines no wider than w in the current font, at
// spaces where possible and inside a word only when the word alone is wider.
func WrapText(pdf Canvas, s string, w float64) []string {
	s = SafeText(s)
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if pdf.GetStringWidth(try) <= w {
			line = try
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		// A word wider than the box is cut; fitPrefix stops at the cut, so
		// a very long word costs linear time.
		for {
			cut := fitPrefix(pdf, word, w)
			if cut == len(word) {
				break
			}
			lines = append(lines, word[:cut])
			word = word[cut:]
		}
		line = word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// fitPrefix is the byte length of the longest rune prefix of s no wider than
// w, but at least one rune so that wrapping always progresses. gofpdf does not
// kern, so widths add up rune by rune.
func fitPrefix(pdf Canvas, s string, w float64) int {
	cut, sum := 0, 0.0
	for i, r := range s {
		sum += pdf.GetStringWidth(string(r))
		if cut > 0 && sum > w {
			break
		}
		cut = i + len(string(r))
	}
	return cut
}

// FitFontSize is the largest size from max down to min (in steps of 0.5 pt)
// at which s fits in width w; min if none does.
func FitFontSize(pdf Canvas, family, style, s string, w, maxPt, minPt float64) float64 {
	for pt := maxPt; pt > minPt; pt -= 0.5 {
		pdf.SetFont(family, style, pt)
		if TextWidth(pdf, s) <= w {
			return pt
		}
	}
	pdf.SetFont(family, style, minPt)
	return minPt
}

// Ellipsize shortens s with "…" until it fits w in the current font.
func Ellipsize(pdf Canvas, s string, w float64) string {
	s = SafeText(s)
	if pdf.GetStringWidth(s) <= w {
		return s
	}
	cut := fitPrefix(pdf, s, w-pdf.GetStringWidth("…"))
	return s[:cut] + "…"
}

// FitText writes text in colour ink, wrapped into box at the largest size
// from maxPt down to minPt at which it fits, centred on the box's middle
// line. Even minPt may not hold a user's essay: then it is cut short with
// "…" rather than printed over the rest of the card.
func FitText(pdf Canvas, box Rect, text string, maxPt, minPt float64, ink [3]int) {
	var lines []string
	pt := maxPt
	for ; pt >= minPt; pt -= 0.5 {
		SetFont(pdf, FontSans, "", pt)
		lines = WrapText(pdf, text, box.W)
		if float64(len(lines))*LineHeight(pt) <= box.H {
			break
		}
	}
	pt = math.Max(pt, minPt)
	SetFont(pdf, FontSans, "", pt)
	lh := LineHeight(pt)
	if fit := max(int(box.H/lh), 1); len(lines) > fit {
		lines = lines[:fit]
		lines[fit-1] = Ellipsize(pdf, lines[fit-1]+" …", box.W)
	}
	pdf.SetTextColor(ink[0], ink[1], ink[2])
	y := box.Y + (box.H-float64(len(lines))*lh)/2 + lh*0.8
	for _, l := range lines {
		TextCentered(pdf, box.X+box.W/2, y-pt*PtToMM*CapHeight/2, l)
		y += lh
	}
}

// FitLabel writes label on one line in bold centred on c, at the largest
// size from maxPt down to minPt at which it fits in width w, and cut short
// with "…" if even minPt does not.
func FitLabel(pdf Canvas, c Point, label string, w, maxPt, minPt float64) {
	FitFontSize(pdf, FontSans, "B", label, w, maxPt, minPt)
	TextCentered(pdf, c.X, c.Y, Ellipsize(pdf, label, w))
}
