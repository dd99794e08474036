package squad

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

// tokenKind is one kind of token: its picture and its field colour.
type tokenKind struct {
	name, icon string
	field      kitRGB
}

var (
	wanaField   = kitRGB{88, 92, 100}
	fireToken   = tokenKind{name: "Fire", icon: "fire", field: kitRGB{120, 20, 24}}
	starToken   = tokenKind{name: "Throwing Star token", icon: "throwing-star", field: kitRGB{40, 56, 100}}
	firstToken  = tokenKind{name: "First player", icon: "first-player", field: deckColours[DeckMovement]}
	trackerMark = tokenKind{name: "Alarm tracker", icon: "tracker", field: deckColours[DeckAlarm]}
)

// TokenSet is the single-sided square tokens: one Wana trap of every kind
// for every player, the Fire and Throwing Star tokens, the first-player
// star and the alarm tracker. Their colour runs to the cut.
func TokenSet(c KitContent) layouts.Set {
	set := layouts.Set{Title: "Tokens", Size: layouts.SizeToken, FullBleed: true}
	add := func(k tokenKind, n int) { set.Add(k.name, tokenFace(k), n) }
	for _, w := range c.Wana {
		add(tokenKind{name: w.Name, icon: w.Kind, field: wanaField}, c.MaxPlayers)
	}
	add(fireToken, c.Fire)
	add(starToken, c.ThrowingStars)
	add(firstToken, 1)
	add(trackerMark, 1)
	return set
}

// tokenFace fills the bleed with the field colour, draws the picture on a
// light disc and the name along the foot.
func tokenFace(k tokenKind) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, bleed layouts.Rect) {
		kitLines(pdf)
		u, c := layouts.TokenField(pdf, trim, bleed, k.field)
		layouts.FillColour(pdf, layouts.Tint(k.field, 0.82))
		layouts.StrokeColour(pdf, kitWhite)
		pdf.SetLineWidth(u * 0.02)
		pdf.Circle(c.X, c.Y, u*0.33, "FD")
		drawIcon(pdf, k.icon, c, u*0.24, k.field)
		layouts.TextColour(pdf, kitWhite)
		label := strings.TrimSuffix(strings.ToUpper(k.name), " TOKEN")
		layouts.FitLabel(pdf, layouts.Point{X: trim.X + trim.W/2, Y: trim.Bottom() - u*0.1}, label, trim.W*0.9, layouts.PtForCap(u*0.085), 4)
	}
}

// The alarm track runs from 0 to trackMax in a snake of trackCols
// squares a row, each big enough for the tracker token.
const (
	trackMax  = 25
	trackCols = 7
	trackMin  = 22.0 // mm: a 20 mm token with room to pick it up
	trackCell = 27.0
)

// TrackGeometry is the alarm track page: the title, one square per value
// (Cells[v] is value v) and the notes under the track.
type TrackGeometry struct {
	Title layouts.Rect
	Cells []layouts.Rect
	Notes layouts.Rect
}

// TrackLayout places the track in area; it fails when a square would be
// too small for the tracker token.
func TrackLayout(area layouts.Rect, targets []KitTarget) (TrackGeometry, error) {
	rows := (trackMax + trackCols) / trackCols
	title := layouts.Rect{X: area.X, Y: area.Y, W: area.W, H: 14}
	notesH := 10 + 6*float64(len(targets))
	cell := math.Min(trackCell, math.Min(area.W/trackCols, (area.H-title.H-notesH)/float64(rows)))
	if cell < trackMin {
		return TrackGeometry{}, fmt.Errorf("squares of %.0f mm are too small for the %g mm tracker", cell, layouts.SizeToken.W)
	}
	x0 := area.X + (area.W-cell*trackCols)/2
	g := TrackGeometry{Title: title}
	for v := 0; v <= trackMax; v++ {
		row, col := v/trackCols, v%trackCols
		if row%2 == 1 {
			col = trackCols - 1 - col
		}
		g.Cells = append(g.Cells, layouts.Rect{X: x0 + float64(col)*cell, Y: title.Bottom() + float64(row)*cell, W: cell, H: cell})
	}
	top := title.Bottom() + float64(rows)*cell + 4
	g.Notes = layouts.Rect{X: area.X, Y: top, W: area.W, H: area.Bottom() - top}
	return g, nil
}

// TrackPage is the alarm track with every player count's target marked.
func TrackPage(c KitContent) layouts.Page {
	return layouts.Page{Title: "Alarm track", Draw: func(pdf layouts.Canvas, area layouts.Rect) {
		g, err := TrackLayout(area, c.Targets)
		if err != nil {
			pdf.SetErrorf("alarm track: %v", err) // Kit refuses such paper first
			return
		}
		drawTrack(pdf, c, g)
	}}
}

func drawTrack(pdf layouts.Canvas, c KitContent, g TrackGeometry) {
	red := deckColour(DeckAlarm)
	kitLines(pdf)
	layouts.TextColour(pdf, kitInk)
	layouts.SetFont(pdf, layouts.FontSans, "B", 18)
	layouts.TextAt(pdf, g.Title.X, g.Title.Y+7, "Ninja Squad · Alarm track")
	layouts.SetFont(pdf, layouts.FontSans, "", 10)
	layouts.TextColour(pdf, kitSoftInk)
	layouts.TextRight(pdf, g.Title.Right(), g.Title.Y+7, "Midnight Raid only")

	targets := map[int][]int{}
	for _, t := range c.Targets {
		targets[t.Alarm] = append(targets[t.Alarm], t.Players)
	}
	// The path between squares, under them.
	layouts.StrokeColour(pdf, layouts.Tint(red, 0.5))
	pdf.SetLineWidth(3)
	for v := 1; v < len(g.Cells); v++ {
		a, b := g.Cells[v-1].Center(), g.Cells[v].Center()
		pdf.Line(a.X, a.Y, b.X, b.Y)
	}
	for v, r := range g.Cells {
		sq := r.Inset(1.2)
		players, target := targets[v]
		field := kitWhite
		if v > 0 {
			// Darker as the guards wake up.
			field = layouts.Tint(red, 0.96-0.5*float64(v)/trackMax)
		}
		layouts.FillColour(pdf, field)
		layouts.StrokeColour(pdf, kitInk)
		pdf.SetLineWidth(0.4)
		if target {
			pdf.SetLineWidth(1.2)
		}
		layouts.RoundRect(pdf, sq, 2, "FD")
		layouts.TextColour(pdf, kitInk)
		layouts.SetFont(pdf, layouts.FontSans, "B", 14)
		layouts.TextAt(pdf, sq.X+1.5, sq.Y+6.5, strconv.Itoa(v))
		if v == 0 {
			layouts.SetFont(pdf, layouts.FontSans, "", 8)
			layouts.TextCentered(pdf, sq.X+sq.W/2, sq.Bottom()-3, "start")
		}
		if target {
			var ps []string
			for _, p := range players {
				ps = append(ps, strconv.Itoa(p))
			}
			label := strings.Join(ps, "/") + " players"
			layouts.FillColour(pdf, kitInk)
			tag := layouts.Rect{X: sq.X, Y: sq.Bottom() - 7, W: sq.W, H: 7}
			pdf.Rect(tag.X, tag.Y, tag.W, tag.H, "F")
			layouts.TextColour(pdf, kitWhite)
			layouts.FitFontSize(pdf, layouts.FontSans, "B", label, tag.W-2, 8, 5)
			layouts.TextCentered(pdf, tag.X+tag.W/2, tag.Y+tag.H/2, label)
			drawShuriken(pdf, layouts.Point{X: sq.Right() - 5, Y: sq.Y + 5}, 3.5, red, field)
		}
	}

	n := g.Notes
	layouts.TextColour(pdf, kitInk)
	layouts.SetFont(pdf, layouts.FontSans, "B", 11)
	y := n.Y + 5
	layouts.TextAt(pdf, n.X, y, "Targets: the raid fails when the tracker reaches the square for your table")
	layouts.SetFont(pdf, layouts.FontSans, "", 10)
	for _, t := range c.Targets {
		y += 6
		layouts.TextAt(pdf, n.X+4, y, fmt.Sprintf("%d players: %d   ·   Super Speedy Ninjas timer %d:%02d", t.Players, t.Alarm, t.SpeedySeconds/60, t.SpeedySeconds%60))
	}
	y += 2
	for _, l := range layouts.WrapText(pdf, fmt.Sprintf("The tracker starts on 0 and moves %d squares at every Guard Phase; Alarm and Senjutsu cards move it too.", c.PhaseAlarm), n.W) {
		y += 5
		layouts.TextAt(pdf, n.X, y, l)
	}
}
