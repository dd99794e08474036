package squad

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// SplitCard is one Movement card on the split sheet: its number and the
// steps of its two routes.
type SplitCard struct {
	Number int
	Routes [][]string
}

// SplitColumn is one dealt deck, or the cards set aside.
type SplitColumn struct {
	Title string // "Deck A"
	Note  string // "score 73", printed beside the title
	Cards []SplitCard
}

// SplitDeal is one shuffle and deal; a full game prints two.
type SplitDeal struct {
	Title   string   // "Midnight Raid deal"
	Lines   []string // who takes which deck, who starts
	Decks   []SplitColumn
	Aside   SplitColumn
	Holders []string   // seats, then the Interchange piles
	Phases  [][]string // Phases[h][p]: the deck holder h holds in phase p+1
}

// SplitSheet is everything printed for a Ninja Squad deck split: one page
// for each deal, each with the header, share code and QR.
type SplitSheet struct {
	Paper       layouts.Paper
	Title       string
	Subtitle    string
	ShareCode   string
	Fingerprint string
	QRPayload   string // "" prints no QR code
	Deals       []SplitDeal
}

// ErrInvalidSplitSheet wraps every validation failure of a SplitSheet.
var ErrInvalidSplitSheet = errors.New("invalid split sheet")

func invalidSplit(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidSplitSheet, fmt.Sprintf(format, args...))
}

// Split sheet furniture, in millimetres.
const (
	splitMargin   = 10
	splitGap      = 3
	splitHeader   = 40
	splitQR       = 34 // ~1.2 mm modules for the 25-module code a share code makes
	splitLine     = 4.5
	splitColHead  = 5
	splitRowLabel = 6
	splitFooter   = 5
	minRouteBox   = 8 // below this the route pictures stop being readable
)

// SplitLayout is where each part of a deal page goes.
type SplitLayout struct {
	Area     layouts.Rect // inside the margins
	Header   layouts.Rect // title, subtitle, code and fingerprint
	QR       layouts.Rect
	Lines    layouts.Rect // deal title and the lines under it
	Columns  []layouts.Rect
	RowH     float64 // one card row, both route pictures
	Rotation layouts.Rect
}

// LayoutSplit places a deal with lines text lines, columns card columns of
// rows cards and a rotation table of holders rows.
func LayoutSplit(p layouts.Paper, lines, columns, rows, holders int) (SplitLayout, error) {
	if err := p.Validate(); err != nil {
		return SplitLayout{}, err
	}
	if columns < 1 || rows < 1 {
		return SplitLayout{}, errors.New("nothing to print")
	}
	a := layouts.Rect{X: splitMargin, Y: splitMargin, W: p.W - 2*splitMargin, H: p.H - 2*splitMargin - splitFooter}
	l := SplitLayout{Area: a}
	l.QR = layouts.Rect{X: a.Right() - splitQR, Y: a.Y, W: splitQR, H: splitQR}
	l.Header = layouts.Rect{X: a.X, Y: a.Y, W: a.W - splitQR - splitGap, H: splitHeader}
	y := a.Y + splitHeader + splitGap
	l.Lines = layouts.Rect{X: a.X, Y: y, W: a.W, H: float64(lines+1) * splitLine}
	l.Rotation = layouts.Rect{X: a.X, W: a.W, H: float64(holders+1) * splitLine}
	l.Rotation.Y = a.Bottom() - l.Rotation.H
	top := l.Lines.Bottom() + splitGap
	cardsH := l.Rotation.Y - splitGap - top
	l.RowH = (cardsH - splitColHead) / float64(rows)
	colW := (a.W - float64(columns-1)*splitGap) / float64(columns)
	if l.RowH < minRouteBox || (colW-splitRowLabel)/2 < minRouteBox {
		return SplitLayout{}, fmt.Errorf("%s paper: %d columns of %d cards do not fit", p.Name, columns, rows)
	}
	for c := range columns {
		l.Columns = append(l.Columns, layouts.Rect{X: a.X + float64(c)*(colW+splitGap), Y: top, W: colW, H: cardsH})
	}
	return l, nil
}

func (s *SplitSheet) validate() error {
	if err := s.Paper.Validate(); err != nil {
		return invalidSplit("%v", err)
	}
	if len(s.Deals) == 0 {
		return invalidSplit("no deal to print")
	}
	for _, d := range s.Deals {
		if len(d.Decks) == 0 {
			return invalidSplit("%s: no decks", d.Title)
		}
		if len(d.Holders) != len(d.Phases) {
			return invalidSplit("%s: %d holders but %d rotation rows", d.Title, len(d.Holders), len(d.Phases))
		}
		for i, row := range d.Phases {
			if len(row) != len(d.Phases[0]) {
				return invalidSplit("%s: rotation row %d has %d phases, row 1 has %d", d.Title, i+1, len(row), len(d.Phases[0]))
			}
		}
		for _, c := range append(append([]SplitColumn(nil), d.Decks...), d.Aside) {
			for _, card := range c.Cards {
				if len(card.Routes) != 2 {
					return invalidSplit("card %d: %d routes, a Movement card has 2", card.Number, len(card.Routes))
				}
			}
		}
	}
	return nil
}

// splitRows is how many card rows a deal needs: its longest column.
func splitRows(d SplitDeal) int {
	n := len(d.Aside.Cards)
	for _, c := range d.Decks {
		n = max(n, len(c.Cards))
	}
	return max(n, 1)
}

// Greys of the split sheet: it prints the same on a black-and-white printer.
var (
	splitInk  = [3]int{0, 0, 0}
	splitSoft = [3]int{90, 90, 90}
	splitRule = [3]int{170, 170, 170}
	splitBand = [3]int{235, 235, 235}
)

// RenderSplitSheet writes the split sheet as a PDF, one page per deal.
func RenderSplitSheet(w io.Writer, s SplitSheet) error {
	if err := s.validate(); err != nil {
		return err
	}
	pdf := layouts.NewDocument(s.Paper, s.Title)
	for i, d := range s.Deals {
		l, err := LayoutSplit(s.Paper, len(d.Lines), len(d.Decks)+1, splitRows(d), len(d.Holders))
		if err != nil {
			return fmt.Errorf("%w: %v", ErrInvalidSplitSheet, err)
		}
		pdf.AddPage()
		splitHeaderBlock(pdf, &s, l)
		if s.QRPayload != "" {
			if err := layouts.DrawQR(pdf, s.QRPayload, l.QR.X, l.QR.Y, l.QR.W); err != nil {
				return fmt.Errorf("%w: %v", ErrInvalidSplitSheet, err)
			}
		}
		splitLines(pdf, d, l.Lines)
		for c, col := range append(append([]SplitColumn(nil), d.Decks...), d.Aside) {
			splitColumn(pdf, col, l.Columns[c], l.RowH)
		}
		splitRotation(pdf, d, l.Rotation)
		splitFoot(pdf, &s, l, fmt.Sprintf("page %d of %d", i+1, len(s.Deals)))
	}
	return layouts.WriteDocument(pdf, w)
}

func splitText(pdf *gofpdf.Fpdf, c [3]int) { pdf.SetTextColor(c[0], c[1], c[2]) }

func splitHeaderBlock(pdf *gofpdf.Fpdf, s *SplitSheet, l SplitLayout) {
	h := l.Header
	splitText(pdf, splitInk)
	layouts.FitFontSize(pdf, layouts.FontSans, "B", s.Title, h.W, 20, 9)
	layouts.TextAt(pdf, h.X, h.Y+8, layouts.Ellipsize(pdf, s.Title, h.W))
	splitText(pdf, splitSoft)
	layouts.FitFontSize(pdf, layouts.FontSans, "", s.Subtitle, h.W, 12, 7)
	layouts.TextAt(pdf, h.X, h.Y+15, layouts.Ellipsize(pdf, s.Subtitle, h.W))
	if s.ShareCode != "" {
		layouts.SetFont(pdf, layouts.FontSans, "B", 7.5)
		layouts.TextAt(pdf, h.X, h.Y+21, "SHARE CODE")
		splitText(pdf, splitInk)
		layouts.FitFontSize(pdf, layouts.FontMono, "", s.ShareCode, h.W, 24, 8)
		layouts.TextAt(pdf, h.X, h.Y+30, layouts.Ellipsize(pdf, s.ShareCode, h.W))
	}
	if s.Fingerprint != "" {
		const lab = "fingerprint  "
		layouts.SetFont(pdf, layouts.FontSans, "", 10)
		splitText(pdf, splitSoft)
		layouts.TextAt(pdf, h.X, h.Y+37, lab)
		x := h.X + layouts.TextWidth(pdf, lab)
		layouts.SetFont(pdf, layouts.FontSans, "B", 10)
		splitText(pdf, splitInk)
		layouts.TextAt(pdf, x, h.Y+37, layouts.Ellipsize(pdf, s.Fingerprint, h.Right()-x))
	}
	if s.QRPayload != "" && s.QRPayload != s.ShareCode {
		// A URL payload is printed too, for phones without a scanner.
		layouts.FitFontSize(pdf, layouts.FontMono, "", s.QRPayload, l.QR.W+8, 6.5, 4.5)
		splitText(pdf, splitSoft)
		text := layouts.Ellipsize(pdf, s.QRPayload, l.QR.W+8)
		layouts.TextRight(pdf, l.QR.Right(), l.QR.Bottom()+3, text)
	}
}

func splitLines(pdf *gofpdf.Fpdf, d SplitDeal, r layouts.Rect) {
	layouts.SetFont(pdf, layouts.FontSans, "B", 11)
	splitText(pdf, splitInk)
	layouts.TextAt(pdf, r.X, r.Y+splitLine-0.8, layouts.Ellipsize(pdf, d.Title, r.W))
	layouts.SetFont(pdf, layouts.FontSans, "", 9)
	for i, line := range d.Lines {
		layouts.TextAt(pdf, r.X, r.Y+float64(i+2)*splitLine-0.8, layouts.Ellipsize(pdf, line, r.W))
	}
}

// splitColumn draws a column's title band and its cards, one per row: the
// number, then both routes side by side.
func splitColumn(pdf *gofpdf.Fpdf, col SplitColumn, r layouts.Rect, rowH float64) {
	pdf.SetFillColor(splitBand[0], splitBand[1], splitBand[2])
	pdf.Rect(r.X, r.Y, r.W, splitColHead, "F")
	layouts.SetFont(pdf, layouts.FontSans, "B", 8.5)
	splitText(pdf, splitInk)
	layouts.TextAt(pdf, r.X+1, r.Y+splitColHead-1.4, col.Title)
	if col.Note != "" {
		layouts.SetFont(pdf, layouts.FontSans, "", 7)
		splitText(pdf, splitSoft)
		layouts.TextRight(pdf, r.Right()-1, r.Y+splitColHead-1.4, col.Note)
	}
	box := math.Min(rowH-1, (r.W-splitRowLabel-1)/2)
	pdf.SetDrawColor(splitRule[0], splitRule[1], splitRule[2])
	pdf.SetLineWidth(0.15)
	for i, c := range col.Cards {
		y := r.Y + splitColHead + float64(i)*rowH
		if i > 0 {
			pdf.Line(r.X, y, r.Right(), y)
		}
		layouts.SetFont(pdf, layouts.FontSans, "B", 9)
		splitText(pdf, splitInk)
		layouts.TextCentered(pdf, r.X+splitRowLabel/2, y+rowH/2, fmt.Sprint(c.Number))
		for k, steps := range c.Routes {
			x := r.X + splitRowLabel + float64(k)*(box+1)
			DrawRoute(pdf, layouts.Rect{X: x, Y: y + (rowH-box)/2, W: box, H: box}, steps)
		}
		pdf.SetDrawColor(splitRule[0], splitRule[1], splitRule[2])
		pdf.SetLineWidth(0.15)
	}
}

// splitRotation draws the table of which deck each holder has per phase.
func splitRotation(pdf *gofpdf.Fpdf, d SplitDeal, r layouts.Rect) {
	layouts.SetFont(pdf, layouts.FontSans, "B", 8.5)
	label := 0.0
	for _, h := range append([]string{"Movement Phase"}, d.Holders...) {
		label = math.Max(label, layouts.TextWidth(pdf, h))
	}
	label += 3
	phases := 0
	if len(d.Phases) > 0 {
		phases = len(d.Phases[0])
	}
	cell := math.Min(12, (r.W-label)/float64(max(phases, 1)))
	pdf.SetFillColor(splitBand[0], splitBand[1], splitBand[2])
	pdf.Rect(r.X, r.Y, label+cell*float64(phases), splitLine, "F")
	splitText(pdf, splitInk)
	layouts.TextAt(pdf, r.X+1, r.Y+splitLine-1.2, "Movement Phase")
	for p := range phases {
		layouts.TextCentered(pdf, r.X+label+(float64(p)+0.5)*cell, r.Y+splitLine/2, fmt.Sprint(p+1))
	}
	pdf.SetDrawColor(splitRule[0], splitRule[1], splitRule[2])
	pdf.SetLineWidth(0.15)
	for h, name := range d.Holders {
		y := r.Y + float64(h+1)*splitLine
		pdf.Line(r.X, y+splitLine, r.X+label+cell*float64(phases), y+splitLine)
		layouts.SetFont(pdf, layouts.FontSans, "B", 8.5)
		layouts.TextAt(pdf, r.X+1, y+splitLine-1.2, name)
		layouts.SetFont(pdf, layouts.FontSans, "", 8.5)
		for p, deck := range d.Phases[h] {
			layouts.TextCentered(pdf, r.X+label+(float64(p)+0.5)*cell, y+splitLine/2, deck)
		}
	}
}

func splitFoot(pdf *gofpdf.Fpdf, s *SplitSheet, l SplitLayout, page string) {
	y := s.Paper.H - splitMargin + 1
	layouts.SetFont(pdf, layouts.FontSans, "", 7)
	splitText(pdf, splitSoft)
	right := strings.TrimPrefix(s.Fingerprint+" – "+page, " – ")
	layouts.TextRight(pdf, l.Area.Right(), y, right)
	layouts.TextAt(pdf, l.Area.X, y, layouts.Ellipsize(pdf, "ninjakit – "+s.Title, l.Area.W-layouts.TextWidth(pdf, right)-6))
}
