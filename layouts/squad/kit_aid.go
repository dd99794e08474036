package squad

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

// aidItem is one entry of the player aid: a heading (head only) or a row
// with a bold head and its text.
type aidItem struct {
	head, text string
	heading    bool
	colour     kitRGB // a heading's rule; zero for ink
}

const (
	aidTitleH = 12.0
	aidGap    = 6.0 // between the two columns
	aidMaxPt  = 10.0
	aidMinPt  = 5.5
)

// aidColumns is the player aid's two columns: how to play on the left, what
// every card and token does on the right.
func aidColumns(c KitContent) (left, right []aidItem) {
	targets := make([]string, 0, len(c.Targets))
	timers := make([]string, 0, len(c.Targets))
	for _, t := range c.Targets {
		targets = append(targets, fmt.Sprintf("%d players %d", t.Players, t.Alarm))
		timers = append(timers, fmt.Sprintf("%d players %d:%02d", t.Players, t.SpeedySeconds/60, t.SpeedySeconds%60))
	}
	h := func(s string, col kitRGB) aidItem { return aidItem{head: s, heading: true, colour: col} }
	row := func(head, text string) aidItem { return aidItem{head: head, text: text} }
	left = []aidItem{
		h("Midnight Raid: together to the Palace", deckColour(DeckAlarm)),
		row("Setup", fmt.Sprintf("Night side up, Blue Forest to Palace. Deal %d decks of %d Movement cards, one per player; spare decks are Interchange decks. Shuffle Alarm and Senjutsu; everyone takes a Throwing Star token. Tracker on 0.", c.Decks, c.DeckSize)),
		row("Movement phase", fmt.Sprintf("%d rounds. Everyone starts with one card face up. On your turn turn up a second card, pick one of the four routes on the two cards, play that card and discard the other, then turn up your next card.", c.Rounds)),
		row("Moving", "Hold the card with its arrow towards the Palace; red is your tile. Walk the whole route. Leaps skip the tile between. No ending on another ninja; if every route leads off the board or onto a ninja, discard both cards and freeze."),
		row("On the way", "Crossing or landing on a cube: take it onto your played card. A guard stops you: take it out, discard your next 2 cards and miss your next turn. Every lantern taken brings a new guard."),
		row("Win", fmt.Sprintf("All ninjas on the Palace roof before the tracker reaches the target: %s.", strings.Join(targets, ", "))),
		row("Speedy", "Super Speedy Ninjas: each movement phase runs against a timer: "+strings.Join(timers, ", ")+"."),
		h("Guard Phase (Midnight Raid)", deckColour(DeckAlarm)),
		row("1", "Patrolling guards on boards with a ninja cross to the other end of their track."),
		row("2", fmt.Sprintf("The tracker moves %d squares.", c.PhaseAlarm)),
		row("3", "One new guard per lantern taken, dropped in front of the leading ninja."),
		row("4", "Every ninja on a street or out of cover draws an Alarm card and applies it."),
		row("5", "Every Senjutsu cube taken becomes a Senjutsu card."),
		row("6", "The first-player star passes clockwise."),
		row("7", "All 12 cards of every deck pass to the next player clockwise (Interchange decks too)."),
		h("Dawn Escape: every ninja for themselves", deckColour(DeckBuki)),
		row("Setup", "Day side up, ninjas behind the Palace start. Fresh Movement decks, a Throwing Star token and one Wana trap of each kind for everyone; shuffle Buki. First player: the first ninja into the Palace."),
		row("Play", "As before, arrows towards the Blue Forest. Crossing a Buki cube gives a Buki card, to use now or later. Water slows you to one tile a turn. Nobody can target a ninja in a tree or a bush."),
		row("Traps", "Place a Wana token face down next to your ninja. A rival who crosses it turns it up and obeys it."),
		row("Win", "First ninja off the far end into the Blue Forest."),
		h("Guard Phase (Dawn Escape)", deckColour(DeckBuki)),
		row("1", "Patrolling guards move."),
		row("2", "One new guard for every ninja on a street or out of cover."),
		row("3", "Decks pass clockwise."),
		row("4", "The first-player star passes clockwise."),
	}
	right = append(right, h("Alarm cards", deckColour(DeckAlarm)))
	for _, k := range c.Alarm {
		right = append(right, row(k.Name, k.Text))
	}
	right = append(right, h("Senjutsu cards: free actions, once each", deckColour(DeckSenjutsu)))
	for _, k := range c.Senjutsu {
		right = append(right, row(withRange(k), k.Text))
	}
	right = append(right, h("Buki cards: any of them may take out a guard instead", deckColour(DeckBuki)))
	for _, k := range c.Buki {
		right = append(right, row(withRange(k), k.Text))
	}
	right = append(right, h("Wana traps and tokens", wanaField))
	for _, k := range c.Wana {
		right = append(right, row(k.Name, k.Text))
	}
	right = append(right,
		row("Fire", "Nobody may enter or cross the tile until the movement round ends."),
		row("Throwing Star token (2-3)", "Once per game, a free action: take out a guard, or (Dawn Escape) knock a rival 1 tile."),
		row("Knock-back", "Move the rival 1 tile any way: never onto a ninja, never from the ground onto a roof."),
	)
	return left, right
}

// widestHead is the width of the widest row head in bold at pt.
func widestHead(pdf layouts.Canvas, items []aidItem, pt float64) float64 {
	layouts.SetFont(pdf, layouts.FontSans, "B", pt)
	w := 0.0
	for _, it := range items {
		if !it.heading {
			w = max(w, layouts.TextWidth(pdf, it.head))
		}
	}
	return w
}

func withRange(k KitCard) string {
	if k.Range == "" {
		return k.Name
	}
	return k.Name + " (" + k.Range + ")"
}

// aidFit is the player aid laid out at one font size.
type aidFit struct {
	pt          float64
	colW, headW [2]float64
	height      [2]float64
}

// layoutAid measures the aid with a scratch document; Kit calls it to
// refuse a paper the aid cannot fit.
func layoutAid(c KitContent, area layouts.Rect) (aidFit, error) {
	return fitAid(layouts.NewDocument(layouts.PaperA4, ""), c, area)
}

func fitAid(pdf layouts.Canvas, c KitContent, area layouts.Rect) (aidFit, error) {
	if area.W < 120 {
		return aidFit{}, errors.New("the page is too narrow for two columns")
	}
	left, right := aidColumns(c)
	var f aidFit
	for pt := aidMaxPt; pt >= aidMinPt; pt -= 0.5 {
		f = aidFit{pt: pt}
		f.colW[0] = (area.W - aidGap) * 0.5
		f.colW[1] = area.W - aidGap - f.colW[0]
		f.headW = [2]float64{min(widestHead(pdf, left, pt)+2, f.colW[0]*0.3), f.colW[1] * 0.34}
		for i, col := range [][]aidItem{left, right} {
			f.height[i] = aidColumn(pdf, col, layouts.Rect{W: f.colW[i]}, f.headW[i], pt, false)
		}
		if max(f.height[0], f.height[1]) <= area.H-aidTitleH {
			return f, nil
		}
	}
	return f, fmt.Errorf("the aid needs %.0f mm but the page has %.0f", max(f.height[0], f.height[1]), area.H-aidTitleH)
}

// aidColumn lays out (and with draw, draws) items in box's width from its
// top and returns the height used. A row whose head is a single short
// word (a step number) hangs in headW; a longer head gets a line of its
// own when it would not fit.
func aidColumn(pdf layouts.Canvas, items []aidItem, box layouts.Rect, headW, pt float64, draw bool) float64 {
	lh := layouts.LineHeight(pt)
	y := box.Y
	for _, it := range items {
		if it.heading {
			y += lh * 0.4
			if draw {
				layouts.TextColour(pdf, kitInk)
				layouts.SetFont(pdf, layouts.FontSans, "B", pt*1.2)
				layouts.TextAt(pdf, box.X, y+lh*0.9, layouts.Ellipsize(pdf, it.head, box.W))
				layouts.StrokeColour(pdf, it.colour)
				pdf.SetLineWidth(0.6)
				pdf.Line(box.X, y+lh*1.25, box.Right(), y+lh*1.25)
			}
			y += lh * 1.55
			continue
		}
		layouts.SetFont(pdf, layouts.FontSans, "B", pt)
		heads := layouts.WrapText(pdf, it.head, headW-1)
		layouts.SetFont(pdf, layouts.FontSans, "", pt)
		lines := layouts.WrapText(pdf, it.text, box.W-headW)
		if draw {
			layouts.TextColour(pdf, kitInk)
			layouts.SetFont(pdf, layouts.FontSans, "B", pt)
			for j, l := range heads {
				layouts.TextAt(pdf, box.X, y+lh*(float64(j)+0.8), l)
			}
			layouts.SetFont(pdf, layouts.FontSans, "", pt)
			for j, l := range lines {
				layouts.TextAt(pdf, box.X+headW, y+lh*(float64(j)+0.8), l)
			}
		}
		y += float64(max(len(heads), len(lines)))*lh + lh*0.25
	}
	return y - box.Y
}

// AidPage is the player aid: both games in short, their Guard Phases and
// what every card and token does.
func AidPage(c KitContent) layouts.Page {
	return layouts.Page{Title: "Player aid", Draw: func(pdf layouts.Canvas, a layouts.Rect) {
		f, _ := fitAid(pdf, c, a) // at worst the smallest size, checked by Kit
		kitLines(pdf)
		layouts.TextColour(pdf, kitInk)
		layouts.SetFont(pdf, layouts.FontSans, "B", 18)
		layouts.TextAt(pdf, a.X, a.Y+7, "Ninja Squad")
		layouts.SetFont(pdf, layouts.FontSans, "", 11)
		layouts.TextColour(pdf, kitSoftInk)
		layouts.TextRight(pdf, a.Right(), a.Y+7, "player aid · the rulebook has the details")
		layouts.StrokeColour(pdf, kitInk)
		pdf.SetLineWidth(0.4)
		pdf.Line(a.X, a.Y+aidTitleH-2.5, a.Right(), a.Y+aidTitleH-2.5)
		left, right := aidColumns(c)
		top := a.Y + aidTitleH - 2
		aidColumn(pdf, left, layouts.Rect{X: a.X, Y: top, W: f.colW[0]}, f.headW[0], f.pt, true)
		aidColumn(pdf, right, layouts.Rect{X: a.X + f.colW[0] + aidGap, Y: top, W: f.colW[1]}, f.headW[1], f.pt, true)
	}}
}
