package knights

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/ninjakit/ninjakit/layouts"
)

// The reference table's columns, in mm; the effect text takes the rest.
const (
	colName     = 32.0
	colCount    = 9.0
	colLabels   = 52.0
	colStrength = 10.0
	cellPad     = 1.2
	aidMaxPt    = 9.5
	aidMinPt    = 6.0
)

// aidStep is one line of the turn summary: a bold head and its text.
type aidStep struct{ head, text string }

func aidSteps(c KitContent) []aidStep {
	return []aidStep{
		{"Setup", fmt.Sprintf("Everyone takes %d gems of one colour and %d cards. The other cards are the face-down draw pile; discards go face up next to it. Keep your gems in plain view.", c.Gems, c.Deal)},
		{"Your turn", fmt.Sprintf("Draw %d cards, then do one of the three things below. If you play nothing, discard a card.", c.Draw)},
		{"Fortify", "Lay one or more FORTIFY cards face up by your gems, never two of the same kind."},
		{"Attack", "Choose one rival. PRE-ATTACK cards first open a way through their defences; then play attackers one at a time until gems change hands, which ends your turn. The big number is how many gems an attacker takes."},
		{"Special action", "Play one SPECIAL ACTION card. Nobody can block it."},
		{"Under attack", "Answer with a RESPOND card. Common cards only hold off common attackers, and only the gems over their strength are lost."},
		{"Winning", fmt.Sprintf("Gain gems until you own %d. Each time the draw pile runs dry, shuffle the discards into a new one and the target drops by one.", c.WinGems)},
		{"Two players", fmt.Sprintf("%d gems each and no EXP cards: draft hands from a pile, then duel. Herald, Merchant, Monk and Minstrel change; see their cards.", c.DuelGems)},
	}
}

// aidFit is the player aid laid out at one font size.
type aidFit struct {
	pt       float64
	steps    [][]string // wrapped text of each step
	rows     []aidRow
	headW    float64
	tagH     float64
	height   float64
	titleH   float64
	tableTop float64 // from the top of the area
}

type aidRow struct {
	text []string
	tags [][]string
	h    float64
}

// layoutAid measures the aid with a scratch document; Kit calls it to
// refuse a paper the aid cannot fit.
func layoutAid(c KitContent, area layouts.Rect) (aidFit, error) {
	return fitAid(layouts.NewDocument(layouts.PaperA4, ""), c, area)
}

// fitAid finds the largest font size at which the turn summary and the
// card table fill no more than area.
func fitAid(pdf layouts.Canvas, c KitContent, area layouts.Rect) (aidFit, error) {
	if area.W < colName+colCount+colLabels+colStrength+30 {
		return aidFit{}, errors.New("the page is too narrow for the card table")
	}
	var f aidFit
	for pt := aidMaxPt; pt >= aidMinPt; pt -= 0.5 {
		f = measureAid(pdf, c, area, pt)
		if f.height <= area.H {
			return f, nil
		}
	}
	return f, fmt.Errorf("the card table needs %.0f mm but the page has %.0f", f.height, area.H)
}

func measureAid(pdf layouts.Canvas, c KitContent, area layouts.Rect, pt float64) aidFit {
	lh := layouts.LineHeight(pt)
	f := aidFit{pt: pt, titleH: 12, tagH: pt * 0.42}
	layouts.SetFont(pdf, layouts.FontSans, "B", pt)
	for _, s := range aidSteps(c) {
		f.headW = max(f.headW, layouts.TextWidth(pdf, s.head))
	}
	f.headW += 3
	layouts.SetFont(pdf, layouts.FontSans, "", pt)
	y := f.titleH + lh*1.4 // heading "A game in short"
	for _, s := range aidSteps(c) {
		lines := layouts.WrapText(pdf, s.text, area.W-f.headW)
		f.steps = append(f.steps, lines)
		y += float64(len(lines))*lh + lh*0.3
	}
	y += lh * 0.8
	f.tableTop = y + lh*1.4 // heading "The cards"
	y = f.tableTop + lh + 2*cellPad
	textW := area.W - colName - colCount - colLabels - colStrength - 2*cellPad
	for _, k := range c.Cards {
		layouts.SetFont(pdf, layouts.FontSans, "", pt)
		r := aidRow{text: layouts.WrapText(pdf, k.Text, textW)}
		r.tags = tagRows(pdf, k.Labels, colLabels-2*cellPad, f.tagH, 1)
		tagsH := float64(len(r.tags))*(f.tagH+0.8) - 0.8
		r.h = max(float64(len(r.text))*lh, tagsH, lh) + 2*cellPad
		f.rows = append(f.rows, r)
		y += r.h
	}
	f.height = y
	return f
}

// AidPage is the player aid: the game in short and what every card does.
func AidPage(c KitContent) layouts.Page {
	return layouts.Page{Title: "Player aid", Draw: func(pdf layouts.Canvas, area layouts.Rect) {
		f, _ := fitAid(pdf, c, area) // at worst the smallest size, checked by Kit
		drawAid(pdf, c, area, f)
	}}
}

func drawAid(pdf layouts.Canvas, c KitContent, a layouts.Rect, f aidFit) {
	lh := layouts.LineHeight(f.pt)
	plainLines(pdf)
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", 18)
	layouts.TextAt(pdf, a.X, a.Y+7, "Of Knights and Ninjas")
	layouts.SetFont(pdf, layouts.FontSans, "", 11)
	layouts.TextColour(pdf, softInk)
	layouts.TextRight(pdf, a.Right(), a.Y+7, fmt.Sprintf("player aid · up to %d players", c.MaxPlayers))
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(0.4)
	pdf.Line(a.X, a.Y+f.titleH-2.5, a.Right(), a.Y+f.titleH-2.5)

	y := a.Y + f.titleH
	heading := func(s string) {
		layouts.TextColour(pdf, ink)
		layouts.SetFont(pdf, layouts.FontSans, "B", f.pt*1.3)
		layouts.TextAt(pdf, a.X, y+lh*0.9, s)
		y += lh * 1.4
	}
	heading("A game in short")
	for i, s := range aidSteps(c) {
		layouts.TextColour(pdf, ink)
		layouts.SetFont(pdf, layouts.FontSans, "B", f.pt)
		layouts.TextAt(pdf, a.X, y+lh*0.8, s.head)
		layouts.SetFont(pdf, layouts.FontSans, "", f.pt)
		for j, l := range f.steps[i] {
			layouts.TextAt(pdf, a.X+f.headW, y+lh*(float64(j)+0.8), l)
		}
		y += float64(len(f.steps[i]))*lh + lh*0.3
	}
	y = a.Y + f.tableTop - lh*1.4
	heading("The cards")

	xs := []float64{a.X, a.X + colName, a.X + colName + colCount, a.X + colName + colCount + colLabels, a.X + colName + colCount + colLabels + colStrength}
	hh := lh + 2*cellPad
	layouts.FillColour(pdf, ink)
	pdf.Rect(a.X, y, a.W, hh, "F")
	layouts.TextColour(pdf, white)
	layouts.SetFont(pdf, layouts.FontSans, "B", f.pt)
	for i, h := range []string{"Card", "#", "Labels", "Str.", "What it does"} {
		w := layouts.Ellipsize(pdf, h, colWidth(xs, a, i)-2*cellPad)
		layouts.TextAt(pdf, xs[i]+cellPad, y+cellPad+lh*0.8, w)
	}
	y += hh
	for i, k := range c.Cards {
		r := f.rows[i]
		if i%2 == 1 {
			layouts.FillColour(pdf, rgb{240, 240, 236})
			pdf.Rect(a.X, y, a.W, r.h, "F")
		}
		top := y + cellPad + lh*0.8
		layouts.TextColour(pdf, ink)
		layouts.SetFont(pdf, layouts.FontSans, "B", f.pt)
		name := k.Name
		if k.Expansion {
			name += " (EXP)"
		}
		layouts.TextAt(pdf, xs[0]+cellPad, top, layouts.Ellipsize(pdf, name, colName-2*cellPad))
		layouts.SetFont(pdf, layouts.FontSans, "", f.pt)
		layouts.TextRight(pdf, xs[2]-cellPad-1.5, top, strconv.Itoa(k.Count))
		ty := y + cellPad
		for _, row := range r.tags {
			x := xs[2] + cellPad
			for _, l := range row {
				x += drawTag(pdf, x, ty, f.tagH, l) + 1.2
			}
			ty += f.tagH + 0.8
		}
		layouts.TextColour(pdf, ink)
		layouts.SetFont(pdf, layouts.FontSans, "B", f.pt)
		str := "–"
		if k.Strength > 0 {
			str = strconv.Itoa(k.Strength)
		}
		layouts.TextCentered(pdf, xs[3]+colStrength/2, y+cellPad+lh*0.5, str)
		layouts.SetFont(pdf, layouts.FontSans, "", f.pt)
		for j, l := range r.text {
			layouts.TextAt(pdf, xs[4]+cellPad, top+float64(j)*lh, l)
		}
		y += r.h
	}
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(0.3)
	pdf.Line(a.X, y, a.Right(), y)
}

func colWidth(xs []float64, a layouts.Rect, i int) float64 {
	if i+1 < len(xs) {
		return xs[i+1] - xs[i]
	}
	return a.Right() - xs[i]
}
