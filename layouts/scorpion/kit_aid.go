package scorpion

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

// aidRow is one entry of the player aid: a heading when text is empty.
type aidRow struct{ head, text string }

// aidRows is the player aid: setup, then the turn in its four phases, then
// the end, in ninjakit's words with the data's numbers.
func aidRows(c KitContent) []aidRow {
	st := c.Setup
	var draws []string
	for _, a := range c.Alert {
		draws = append(draws, fmt.Sprintf("%s %d", a.Name, a.Draw))
	}
	return []aidRow{
		{head: "Setup"},
		{"Missions", "The ninja and the traitor each draw a mission card in secret; they may tell each other."},
		{"Decks", fmt.Sprintf("The ninja keeps %d of his %d cards, the traitor %d of his %d; the rest are out of the game. Guards take a hand of %d and a draw deck of %d; two guard players each get an identical half, %d cards, and keep %d in hand.", st.NinjaPicks, total(c.Ninja), st.TraitorPicks, total(c.Traitor), st.GuardHand, st.GuardDeck, st.TwoGuardsHalf, st.TwoGuardsHand)},
		{"Guards", fmt.Sprintf("%d sentries on posts, %d patrols of %d on the track with a facing; in secret %d sleeping guards in barracks (%d each at most), and in the inner castles, off the posts, %d objectives, %d traps and %d hidden sentries, one per zone.", st.Sentries, st.Patrols, st.PatrolSize, st.SleepingGuards, st.SleepingPerBarracks, st.Objectives, st.Traps, st.HiddenSentries)},
		{"Intruders", "Ninja starts in an edge zone, traitor inside the outer moat but outside the inner castles. Together they pick two non-moat zones for the secret passage ends."},
		{head: "Each turn"},
		{"1 Alert", "Guards draw by alert level (" + strings.Join(draws, ", ") + "), the level drops one step, and the cards just drawn may be played."},
		{"2 Guard cards", "Up to two cards from the hand, one card per guard (Kenjutsu aside); played cards go back into the deck. No card at all this turn: one free Listen."},
		{"3 Patrols", "Patrols no card moved walk two zones along the track, never back; at a fork they choose."},
		{"4 Intruders", "Each moves up to three zones (the distance is how far they can be heard next turn), plays cards at any time and may search two zones entered or left this turn."},
		{head: "Contact and the end"},
		{"Meeting", "A guard and an intruder in one zone: the intruder is shown and the alert goes to high, unless a card deals with the guard. Guards on the board: at most " + fmt.Sprint(st.GuardCap) + "."},
		{"Wounds", fmt.Sprintf("A guard's Kenjutsu wounds; the ninja dies at %d wounds, the traitor at %d.", st.NinjaWounds, st.TraitorWounds)},
		{"Decoy", fmt.Sprintf("Killed before turn %d: back as a decoy, once, with %d or %d fresh cards and a new mission; the guards take %d cards back and %d sleeping guards.", st.DecoyBefore, st.DecoyNinja, st.DecoyTraitor, st.DecoyGuardCards, st.DecoySleeping)},
		{"Winning", fmt.Sprintf("An intruder with his mission done leaves by an edge zone. Both out by turn %d: intruders win; one: a draw; none: the guards win.", st.Turns)},
	}
}

func total(cards []KitCard) int {
	n := 0
	for _, k := range cards {
		n += k.Count
	}
	return n
}

// AidPage is the player aid on one page.
func AidPage(c KitContent) layouts.Page {
	return layouts.Page{Title: "Player aid", Draw: func(pdf layouts.Canvas, a layouts.Rect) {
		plainLines(pdf)
		layouts.TextColour(pdf, ink)
		layouts.SetFont(pdf, layouts.FontSans, "B", 16)
		layouts.TextAt(pdf, a.X, a.Y+7, "Scorpion Clan · Player aid")
		y := a.Y + 14
		headW := 26.0
		for _, r := range aidRows(c) {
			if r.text == "" {
				y += 3
				layouts.StrokeColour(pdf, deckColour(DeckGuards))
				pdf.SetLineWidth(0.5)
				pdf.Line(a.X, y+1.5, a.Right(), y+1.5)
				layouts.TextColour(pdf, deckColour(DeckGuards))
				layouts.SetFont(pdf, layouts.FontSans, "B", 12)
				y += 7
				layouts.TextAt(pdf, a.X, y, r.head)
				y += 3
				continue
			}
			layouts.TextColour(pdf, ink)
			layouts.SetFont(pdf, layouts.FontSans, "", 10)
			lines := layouts.WrapText(pdf, r.text, a.W-headW)
			layouts.SetFont(pdf, layouts.FontSans, "B", 10)
			layouts.TextAt(pdf, a.X, y+layouts.LineHeight(10), r.head)
			layouts.SetFont(pdf, layouts.FontSans, "", 10)
			for _, l := range lines {
				y += layouts.LineHeight(10)
				layouts.TextAt(pdf, a.X+headW, y, l)
			}
			y += 2
		}
		drawAidMarks(pdf, layouts.Rect{X: a.X, Y: y + 6, W: a.W, H: a.Bottom() - y - 6})
	}}
}

// drawAidMarks is the map's legend under the aid.
func drawAidMarks(pdf layouts.Canvas, r layouts.Rect) {
	if r.H < LegendHeight(r.W)+8 {
		return
	}
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", 12)
	layouts.TextAt(pdf, r.X, r.Y+4, "The map")
	DrawLegend(pdf, layouts.Rect{X: r.X, Y: r.Y + 7, W: r.W, H: LegendHeight(r.W)})
}
