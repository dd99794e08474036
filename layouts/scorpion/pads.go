package scorpion

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// Role is whose private map a pad is.
type Role string

// The sides that keep a private map.
const (
	RoleGuard    Role = "guard"
	RoleIntruder Role = "intruder"
)

// ParseRoles reads --role: guard, intruder or all (both, guards first).
func ParseRoles(s string) ([]Role, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "guard", "guards":
		return []Role{RoleGuard}, nil
	case "intruder", "intruders":
		return []Role{RoleIntruder}, nil
	case "all", "":
		return []Role{RoleGuard, RoleIntruder}, nil
	}
	return nil, fmt.Errorf("role %q: choose guard, intruder or all", s)
}

// MaxPadPages caps --pages: a pad a game, a few games a print run.
const MaxPadPages = 50

// Pads is a run of private map pads: Pages pages for every role.
type Pads struct {
	Map   Map
	Roles []Role
	Pages int
	Turns int
	Paper layouts.Paper
}

// padKey is what a role marks on its map, one line each.
func padKey(r Role) (title string, lines []string) {
	if r == RoleGuard {
		return "Guards' map: keep it out of the intruders' sight", []string{
			"S  sleeping guard (2 a barracks at most; cross out when awakened)",
			"A–F objective · T trap · H hidden sentry (inner castles, no post)",
			"?  where you think an intruder is: add the turn, e.g. ?7",
			"Tally: tick each turn played; note the alert level under it",
		}
	}
	return "Intruders' map: keep it out of the guards' sight", []string{
		"N / T  start of the ninja / traitor · P  both secret passage ends",
		"R  rope: draw it across the wall it crosses",
		"A–F, T, H  what a search found · X  searched, nothing",
		"Tally: zones moved each turn (0–3), SW for a shadow walk",
	}
}

// roleName is the pad's heading word.
func roleName(r Role) string {
	if r == RoleGuard {
		return "Guards"
	}
	return "Intruders"
}

// PadLayout is one pad page.
type PadLayout struct {
	Header, Tally, Key, Legend layouts.Rect
	Map                        MapGeometry
}

const (
	padHeader = 11.0
	padTally  = 10.0
	padGap    = 2.0
)

// LayoutPad places a pad on paper; the map takes everything the header,
// the tally, the key and the legend leave.
func LayoutPad(m Map, paper layouts.Paper) (PadLayout, error) {
	a := layouts.FreeArea(paper)
	l := PadLayout{Header: layouts.Rect{X: a.X, Y: a.Y, W: a.W, H: padHeader}}
	l.Tally = layouts.Rect{X: a.X, Y: l.Header.Bottom(), W: a.W, H: padTally}
	legendH := LegendHeight(a.W * 0.5)
	keyH := max(legendH, 4*4.2+5)
	l.Key = layouts.Rect{X: a.X, Y: a.Bottom() - keyH, W: a.W*0.5 - padGap, H: keyH}
	l.Legend = layouts.Rect{X: a.X + a.W*0.5 + padGap, Y: l.Key.Y + 1, W: a.W*0.5 - padGap, H: legendH}
	area := layouts.Rect{X: a.X, Y: l.Tally.Bottom() + padGap, W: a.W, H: l.Key.Y - l.Tally.Bottom() - 2*padGap}
	if m.Width > 0 && m.Height > 0 {
		// A wide map sits under the tally; the room below it is for notes.
		area.H = min(area.H, area.W*float64(m.Height)/float64(m.Width))
	}
	geo, err := LayoutMap(m, area)
	if err != nil {
		return PadLayout{}, err
	}
	if geo.Grid.Cell < 4 {
		return PadLayout{}, fmt.Errorf("map: a %dx%d grid leaves %.1f mm cells on %s paper, too small to write in", m.Width, m.Height, geo.Grid.Cell, paper.Name)
	}
	l.Map = geo
	return l, nil
}

// RenderPads writes the pads: for every role, Pages copies of its map page.
func RenderPads(w io.Writer, p Pads) error {
	if len(p.Roles) == 0 || p.Pages < 1 || p.Pages > MaxPadPages {
		return fmt.Errorf("pads: %d pages for %d roles; print 1 to %d pages of guard, intruder or both", p.Pages, len(p.Roles), MaxPadPages)
	}
	if p.Turns < 1 {
		return fmt.Errorf("pads: %d turns", p.Turns)
	}
	l, err := LayoutPad(p.Map, p.Paper)
	if err != nil {
		return err
	}
	pdf := layouts.NewDocument(p.Paper, "Scorpion Clan – private map pads")
	total := len(p.Roles) * p.Pages
	n := 0
	for _, r := range p.Roles {
		for i := range p.Pages {
			n++
			pdf.AddPage()
			drawPad(pdf, p, l, r, i+1)
			layouts.DrawFooter(pdf, p.Paper, fmt.Sprintf("page %d of %d", n, total))
		}
	}
	return layouts.WriteDocument(pdf, w)
}

func drawPad(pdf *gofpdf.Fpdf, p Pads, l PadLayout, r Role, sheet int) {
	plainLines(pdf)
	h := l.Header
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", 16)
	layouts.TextAt(pdf, h.X, h.Y+7, roleName(r)+" · private map")
	layouts.SetFont(pdf, layouts.FontSans, "", 9)
	layouts.TextColour(pdf, softInk)
	sub := "Ninja: Legend of the Scorpion Clan"
	if p.Pages > 1 {
		sub += fmt.Sprintf(" · sheet %d of %d", sheet, p.Pages)
	}
	layouts.TextRight(pdf, h.Right()-12, h.Y+4.5, sub)
	layouts.TextRight(pdf, h.Right()-12, h.Y+8.5, "Game: ______________  Player: ______________")
	DrawCompass(pdf, layouts.Point{X: h.Right() - 5, Y: h.Y + 5.5}, 5.5)

	drawTally(pdf, l.Tally, p.Turns, r)
	DrawMap(pdf, p.Map, l.Map)

	title, lines := padKey(r)
	k := l.Key
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", 8.5)
	layouts.TextAt(pdf, k.X, k.Y+3.5, layouts.Ellipsize(pdf, title, k.W))
	layouts.SetFont(pdf, layouts.FontSans, "", 7.5)
	for i, line := range lines {
		layouts.TextAt(pdf, k.X, k.Y+8+float64(i)*4.2, layouts.Ellipsize(pdf, line, k.W))
	}
	DrawLegend(pdf, l.Legend)
}

// drawTally is a row of numbered boxes, one per turn, to tick or write in.
func drawTally(pdf *gofpdf.Fpdf, r layouts.Rect, turns int, role Role) {
	label := "Turn"
	if role == RoleIntruder {
		label = "Turn / moved"
	}
	layouts.SetFont(pdf, layouts.FontSans, "B", 7)
	lw := layouts.TextWidth(pdf, label) + 2
	layouts.TextColour(pdf, ink)
	layouts.TextAt(pdf, r.X, r.Y+r.H/2+1.2, label)
	bw := (r.W - lw) / float64(turns)
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(0.25)
	for t := range turns {
		b := layouts.Rect{X: r.X + lw + float64(t)*bw, Y: r.Y + 0.5, W: bw, H: r.H - 1.5}
		pdf.Rect(b.X, b.Y, b.W, b.H, "D")
		layouts.SetFont(pdf, layouts.FontSans, "", 5.5)
		layouts.TextColour(pdf, softInk)
		layouts.TextAt(pdf, b.X+0.7, b.Y+2.3, strconv.Itoa(t+1))
	}
}
