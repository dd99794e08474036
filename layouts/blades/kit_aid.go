package blades

import (
	"fmt"
	"math"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

// Player aid geometry, in millimetres.
const (
	aidBodyPt  = 9
	aidMaxRow  = 30 // a card's row: its scene, name, count, price and effect
	aidMinRow  = 10
	aidIconW   = 44
	aidCoin    = 10
	aidRowGap  = 2
	aidSection = 4
)

// AidPage is the player aid: the turn in short, what the card scenes show,
// and every card with its count, price and effect.
func AidPage(c KitContent) layouts.Page {
	return layouts.Page{Title: "Player aid", Draw: func(pdf layouts.Canvas, area layouts.Rect) {
		drawAid(pdf, area, c)
	}}
}

// aidTurn is the turn and the setup in short, in ninjakit's own words.
func aidTurn(keep int) []string {
	return []string{
		"Play goes anticlockwise. On your turn do exactly one thing:",
		"• Attack: move one of your ninjas onto the next cell in a row or column (never diagonally) where a ninja of your prey stands; that ninja leaves the board.",
		"• Play a card: do what it says, then put it out of the game for good.",
		"• Pass.",
		"Your prey sits to your right and your hunter to your left; only cards reach past that. 2 players: the colour nobody plays is the prey of both. 4 players: the player opposite is neither. 5 players: two prey, two hunters.",
		fmt.Sprintf("Before play, keep cards whose prices add up to %d or less and put the others away unseen.", keep),
		"The game ends when every player passes, one after the other. Most ninjas left on the board wins; with 2 players, most prey removed.",
	}
}

func drawAid(pdf layouts.Canvas, area layouts.Rect, c KitContent) {
	pdf.SetLineCapStyle("butt")
	pdf.SetDashPattern(nil, 0)
	y := area.Y
	layouts.TextColour(pdf, inkRGB)
	layouts.SetFont(pdf, layouts.FontSans, "B", 16)
	layouts.TextAt(pdf, area.X, y+6, layouts.Ellipsize(pdf, "Flying Blades – player aid", area.W))
	y += 10

	heading := func(s string) {
		y += aidSection
		layouts.SetFont(pdf, layouts.FontSans, "B", 11.5)
		layouts.TextColour(pdf, cardNavy)
		layouts.TextAt(pdf, area.X, y+4, s)
		y += 6.5
	}
	lh := layouts.LineHeight(aidBodyPt)
	heading("Your turn")
	for _, para := range aidTurn(c.KeepLimit) {
		layouts.SetFont(pdf, layouts.FontSans, "", aidBodyPt)
		layouts.TextColour(pdf, inkRGB)
		// A bullet's lines hang under its first word.
		indent, hang := 0.0, 0.0
		if strings.HasPrefix(para, "•") {
			indent, hang = 3, 2.5
		}
		for i, line := range layouts.WrapText(pdf, para, area.W-indent-hang) {
			x := area.X + indent
			if i > 0 {
				x += hang
			}
			layouts.TextAt(pdf, x, y+lh*0.8, line)
			y += lh
		}
		y += 0.8
	}

	heading("Reading the card scenes")
	y = aidKey(pdf, area, y)

	heading("The Special Attack cards")
	rows := len(c.Cards)
	if rows == 0 {
		return
	}
	// A long deck of someone's own shrinks the rows, down to what a scene
	// still shows at.
	rowH := math.Max(aidMinRow, math.Min(aidMaxRow, (area.Bottom()-y)/float64(rows)-aidRowGap))
	for _, k := range c.Cards {
		aidCard(pdf, layouts.Rect{X: area.X, Y: y, W: area.W, H: rowH}, k)
		y += rowH + aidRowGap
	}
}

// aidKey draws one line of sample markings with what each means and
// returns the y below it.
func aidKey(pdf layouts.Canvas, area layouts.Rect, y float64) float64 {
	const cell = 6.0
	items := []struct {
		label string
		draw  func(ig iconGrid)
	}{
		{"one of yours", func(ig iconGrid) { ig.mine(0, 0) }},
		{"your prey", func(ig iconGrid) { ig.prey(0, 0) }},
		{"any other ninja", func(ig iconGrid) { ig.other(0, 0) }},
		{"removed", func(ig iconGrid) { ig.prey(0, 0); ig.strike(0, 0) }},
		{"where it stood", func(ig iconGrid) { ig.ghost(0, 0) }},
		{"cells struck", func(ig iconGrid) { ig.shade(0, 0) }},
	}
	x := area.X
	w := area.W / float64(len(items))
	for _, it := range items {
		g := layouts.Grid{Rect: layouts.Rect{X: x, Y: y, W: cell, H: cell}, Cols: 1, Rows: 1, Cell: cell}
		layouts.FillColour(pdf, white)
		pdf.Rect(g.X, g.Y, g.W, g.H, "F")
		it.draw(iconGrid{pdf: pdf, g: g})
		iconLines(pdf, g)
		layouts.SetFont(pdf, layouts.FontSans, "", 8)
		layouts.TextColour(pdf, inkRGB)
		layouts.TextAt(pdf, x+cell+1.5, y+cell/2+1.1, layouts.Ellipsize(pdf, it.label, w-cell-2))
		x += w
	}
	return y + cell
}

// aidCard is one card's row: its scene, then name, count and price coin,
// then the effect.
func aidCard(pdf layouts.Canvas, row layouts.Rect, k KitCard) {
	layouts.StrokeColour(pdf, ruleRGB)
	pdf.SetLineWidth(0.2)
	pdf.Line(row.X, row.Bottom()+aidRowGap/2, row.Right(), row.Bottom()+aidRowGap/2)

	iconW := math.Min(aidIconW, row.H*5/3)
	drawIcon(pdf, k.Kind, layouts.Rect{X: row.X, Y: row.Y, W: iconW, H: row.H})
	x := row.X + iconW + 4
	coin := math.Min(aidCoin, row.H*0.45)
	drawPriceCoin(pdf, layouts.Rect{X: x, Y: row.Y + 0.5, W: coin, H: coin}, k.Price)
	tx := x + coin + 2.5
	layouts.SetFont(pdf, layouts.FontSans, "B", 11)
	layouts.TextColour(pdf, inkRGB)
	name := layouts.Ellipsize(pdf, k.Name, row.Right()-tx-22)
	layouts.TextAt(pdf, tx, row.Y+coin/2+1.6, name)
	nx := tx + layouts.TextWidth(pdf, name) + 2
	layouts.SetFont(pdf, layouts.FontSans, "", 9)
	layouts.TextColour(pdf, softInkRGB)
	layouts.TextAt(pdf, nx, row.Y+coin/2+1.6, fmt.Sprintf("%d in the deck, price %d", k.Count, k.Price))

	layouts.TextColour(pdf, inkRGB)
	text := layouts.Rect{X: x, Y: row.Y + coin + 1.5, W: row.Right() - x, H: row.H - coin - 1.5}
	aidText(pdf, k.Text, text)
}

// aidText writes s left-aligned from the top of box, shrinking it until it
// fits.
func aidText(pdf layouts.Canvas, s string, box layouts.Rect) {
	pt := float64(aidBodyPt)
	var lines []string
	for ; pt > 6; pt -= 0.5 {
		layouts.SetFont(pdf, layouts.FontSans, "", pt)
		lines = layouts.WrapText(pdf, s, box.W)
		if float64(len(lines))*layouts.LineHeight(pt) <= box.H {
			break
		}
	}
	layouts.SetFont(pdf, layouts.FontSans, "", pt)
	lh := layouts.LineHeight(pt)
	for i, line := range lines {
		if float64(i+1)*lh > box.H+1e-9 {
			break
		}
		layouts.TextAt(pdf, box.X, box.Y+lh*(float64(i)+0.8), line)
	}
}
