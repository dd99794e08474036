package scorpion

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

// token is one kind of counter: its picture, field colour and label;
// striped fields tell spear guards from sword guards in greyscale too.
type token struct {
	name, icon, label string
	field             rgb
	striped           bool
}

var (
	swordField  = rgb{150, 30, 30}
	spearField  = rgb{60, 100, 160}
	markerField = rgb{90, 90, 96}
	hiddenField = rgb{40, 100, 70}
)

// TokenSet is the round counters (ruling P-15): the guards as sentries and patrol
// guards, half with swords and half with spears for two guard players, up
// to the guard cap; patrol facing markers, drunk guards, the hidden things
// and the intruders' markers, and one marker for each track.
func TokenSet(c KitContent) layouts.Set {
	set := layouts.Set{Title: "Tokens", Size: layouts.SizeCounter, FullBleed: true}
	add := func(k token, n int) { set.Add(k.name, tokenFace(k), n) }
	st := c.Setup
	patrol := st.Patrols * st.PatrolSize
	sentries := st.GuardCap - patrol
	add(guardToken("Sentry", "sword"), (sentries+1)/2)
	add(guardToken("Sentry", "spear"), sentries/2)
	add(guardToken("Patrol guard", "sword"), (patrol+1)/2)
	add(guardToken("Patrol guard", "spear"), patrol/2)
	add(token{name: "Patrol facing", icon: "arrow", label: "FACING", field: swordField}, st.Patrols)
	add(token{name: "Drunk guard", icon: "bottle", label: "DRUNK", field: deckColour(DeckTraitor)}, c.DrunkGuards)
	for _, m := range c.Missions {
		add(token{name: "Objective " + m.Letter, icon: "letter:" + m.Letter, label: "OBJECTIVE", field: deckColour(DeckMissions)}, 1)
	}
	add(token{name: "Trap", icon: "trap", label: "TRAP", field: hiddenField}, st.Traps)
	add(token{name: "Hidden sentry", icon: "eye", label: "HIDDEN", field: hiddenField}, st.HiddenSentries)
	add(token{name: "Sleeping guard", icon: "zz", label: "ASLEEP", field: markerField}, st.SleepingGuards+st.DecoySleeping)
	add(token{name: "Rope", icon: "rope", label: "ROPE", field: deckColour(DeckNinja)}, c.Ropes)
	add(token{name: "Secret passage end", icon: "door", label: "PASSAGE", field: deckColour(DeckNinja)}, 2)
	add(token{name: "Ninja", icon: "mask", label: "NINJA", field: deckColour(DeckNinja)}, 1)
	add(token{name: "Traitor", icon: "mask", label: "TRAITOR", field: deckColour(DeckTraitor)}, 1)
	add(token{name: "Alert marker", icon: "bang", label: "ALERT", field: deckColour(DeckGuards)}, 1)
	add(token{name: "Turn marker", icon: "hourglass", label: "TURN", field: markerField}, 1)
	return set
}

// guardToken is a sentry or patrol guard of one type: sword guards on a
// plain field, spear guards on a lighter, striped one, so that the two
// differ in greyscale too, not by their colour and thin weapon alone.
func guardToken(kind, typ string) token {
	label := "SENTRY"
	if kind != "Sentry" {
		label = "PATROL"
	}
	t := token{name: kind + " (" + typ + ")", icon: typ, label: label, field: swordField}
	if typ == "spear" {
		t.field, t.striped = spearField, true
	}
	return t
}

// tokenFace fills the bleed with the field colour and draws the picture on
// a light disc, the label along the foot.
func tokenFace(k token) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, bleed layouts.Rect) {
		plainLines(pdf)
		u, c := layouts.TokenField(pdf, trim, bleed, k.field)
		if k.striped {
			stripes(pdf, bleed, layouts.Tint(k.field, 0.3), u*0.1)
		}
		layouts.FillColour(pdf, layouts.Tint(k.field, 0.85))
		pdf.Circle(c.X, c.Y, u*0.29, "F")
		if letter, ok := strings.CutPrefix(k.icon, "letter:"); ok {
			layouts.TextColour(pdf, k.field)
			layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(u*0.3))
			layouts.TextCentered(pdf, c.X, c.Y, letter)
		} else {
			drawIcon(pdf, k.icon, c, u*0.2, k.field)
		}
		layouts.TextColour(pdf, white)
		layouts.FitLabel(pdf, layouts.Point{X: trim.X + trim.W/2, Y: trim.Bottom() - u*0.17}, k.label, trim.W*0.62, layouts.PtForCap(u*0.08), 3.5)
	}
}

// stripes hatches r with diagonal bands gap apart; the piece's clip keeps
// them inside it.
func stripes(pdf layouts.Canvas, r layouts.Rect, colour rgb, gap float64) {
	layouts.StrokeColour(pdf, colour)
	pdf.SetLineWidth(gap * 0.35)
	for x := r.X - r.H; x < r.Right(); x += gap {
		pdf.Line(x, r.Bottom(), x+r.H, r.Y)
	}
}

// TrackGeometry is the tracks page: the alert steps in a row, then the
// turns in rows of trackRow.
type TrackGeometry struct {
	Alert, Turns []layouts.Rect
	AlertTop     float64
	TurnTop      float64
}

const (
	trackRow  = 10
	trackMin  = 20.0 // mm: an 18 mm counter with room to pick it up
	trackCell = 24.0
)

// layoutTracks places both tracks in area; a square too small for the
// marker is an error.
func layoutTracks(area layouts.Rect, c KitContent) (TrackGeometry, error) {
	g := TrackGeometry{AlertTop: area.Y + 16}
	aw := math.Min(area.W/float64(len(c.Alert)), 48)
	if aw < trackMin {
		return g, fmt.Errorf("alert squares of %.0f mm are too small for the marker", aw)
	}
	ax := area.X + (area.W-aw*float64(len(c.Alert)))/2
	for i := range c.Alert {
		g.Alert = append(g.Alert, layouts.Rect{X: ax + float64(i)*aw, Y: g.AlertTop, W: aw, H: 30})
	}
	g.TurnTop = g.AlertTop + 30 + 22
	cell := math.Min(trackCell, area.W/trackRow)
	rows := (c.Setup.Turns + trackRow - 1) / trackRow
	if cell < trackMin || g.TurnTop+float64(rows)*cell > area.Bottom()-30 {
		return g, fmt.Errorf("the %d-turn track does not fit", c.Setup.Turns)
	}
	tx := area.X + (area.W-cell*trackRow)/2
	for t := range c.Setup.Turns {
		row, col := t/trackRow, t%trackRow
		g.Turns = append(g.Turns, layouts.Rect{X: tx + float64(col)*cell, Y: g.TurnTop + float64(row)*cell, W: cell, H: cell})
	}
	return g, nil
}

// TracksPage is the alert track with each level's draw and the turn track
// with the last turn for a decoy marked.
func TracksPage(c KitContent) layouts.Page {
	return layouts.Page{Title: "Alert and turn tracks", Draw: func(pdf layouts.Canvas, area layouts.Rect) {
		g, err := layoutTracks(area, c)
		if err != nil {
			pdf.SetErrorf("tracks: %v", err) // Kit refuses such paper first
			return
		}
		drawTracks(pdf, c, g, area)
	}}
}

func drawTracks(pdf layouts.Canvas, c KitContent, g TrackGeometry, area layouts.Rect) {
	plainLines(pdf)
	red := deckColour(DeckGuards)
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", 16)
	layouts.TextAt(pdf, area.X, area.Y+7, "Scorpion Clan · Alert track")
	layouts.SetFont(pdf, layouts.FontSans, "", 9)
	layouts.TextColour(pdf, softInk)
	layouts.TextAt(pdf, area.X, area.Y+12.5, "At each alert phase the guards draw the cards shown, then the marker drops one step.")
	for i, r := range g.Alert {
		a := c.Alert[i]
		sq := r.Inset(1.2)
		layouts.FillColour(pdf, layouts.Tint(red, 0.95-0.6*float64(i)/float64(max(len(g.Alert)-1, 1))))
		layouts.StrokeColour(pdf, ink)
		pdf.SetLineWidth(0.4)
		layouts.RoundRect(pdf, sq, 2, "FD")
		layouts.TextColour(pdf, ink)
		layouts.FitFontSize(pdf, layouts.FontSans, "B", strings.ToUpper(a.Name), sq.W-3, 12, 6)
		layouts.TextCentered(pdf, sq.X+sq.W/2, sq.Y+5, strings.ToUpper(a.Name))
		layouts.SetFont(pdf, layouts.FontSans, "", 9)
		draw := "draw " + strconv.Itoa(a.Draw)
		if a.Draw == 0 {
			draw = "no cards"
		}
		layouts.TextCentered(pdf, sq.X+sq.W/2, sq.Bottom()-4, draw)
	}
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", 16)
	layouts.TextAt(pdf, area.X, g.TurnTop-8, "Turn track")
	layouts.SetFont(pdf, layouts.FontSans, "", 9)
	layouts.TextColour(pdf, softInk)
	layouts.TextAt(pdf, area.X, g.TurnTop-3, fmt.Sprintf("The intruders must be out by the end of turn %d.", c.Setup.Turns))
	for t, r := range g.Turns {
		turn := t + 1
		sq := r.Inset(1)
		layouts.FillColour(pdf, white)
		if turn < c.Setup.DecoyBefore {
			layouts.FillColour(pdf, layouts.Tint(deckColour(DeckNinja), 0.9))
		}
		layouts.StrokeColour(pdf, ink)
		pdf.SetLineWidth(0.4)
		if turn == c.Setup.Turns {
			pdf.SetLineWidth(1.2)
		}
		layouts.RoundRect(pdf, sq, 1.5, "FD")
		layouts.TextColour(pdf, ink)
		layouts.SetFont(pdf, layouts.FontSans, "B", 12)
		layouts.TextAt(pdf, sq.X+1.5, sq.Y+5.5, strconv.Itoa(turn))
	}
	if len(g.Turns) > 0 {
		last := g.Turns[len(g.Turns)-1]
		y := last.Bottom() + 8
		layouts.SetFont(pdf, layouts.FontSans, "", 9)
		layouts.TextColour(pdf, ink)
		for _, l := range layouts.WrapText(pdf, fmt.Sprintf("Shaded turns: an intruder killed before turn %d comes back as a decoy with %d (ninja) or %d (traitor) fresh cards; the guards take back %d cards and %d more sleeping guards. From turn %d on, a death is final.",
			c.Setup.DecoyBefore, c.Setup.DecoyNinja, c.Setup.DecoyTraitor, c.Setup.DecoyGuardCards, c.Setup.DecoySleeping, c.Setup.DecoyBefore), area.W) {
			layouts.TextAt(pdf, area.X, y, l)
			y += 4.5
		}
	}
}
