package tui

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/layouts"
	scorpionpdf "github.com/ninjakit/ninjakit/layouts/scorpion"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

var _ Boarder = (*scorpion)(nil)

// The phone's castle, in millimetres: the map's cells, the tracks above
// it and the secret passage's box under it.
const (
	castleCell   = 10.0
	castleMargin = 3.0
	trackRowH    = 8.0
	passageH     = 12.0
	tokenR       = 2.2
)

// passageSpot is the secret passage's spot: the engine's own word for it.
const passageSpot = "passage"

// Picture draws the castle map from the game's data with what role v may
// know on it (ruling T-17): the guard figures for all, the guard side's
// sleeping guards and hidden placements, the intruder side's hidden
// positions and ropes; the alert, turn and (for the intruders) noise on
// tracks above it. Zones are the spots; the moves are the engine's choices
// for v, each named by the zones it is tapped on.
func (q *scorpion) Picture(v Viewer) (Picture, error) {
	role := q.role(v)
	st := q.t.Status(role)
	m := castleMap(q.t.Data)
	tracks := 2
	if intruderSide(role) {
		tracks = 3
	}
	top := castleMargin + float64(tracks)*trackRowH
	w := float64(m.Width)*castleCell + 2*castleMargin
	geo, err := scorpionpdf.LayoutMap(m, layouts.Rect{X: castleMargin, Y: top, W: float64(m.Width) * castleCell, H: float64(m.Height) * castleCell})
	if err != nil {
		return Picture{}, err
	}
	mapBottom := top + float64(m.Height)*castleCell
	passage := layouts.Rect{X: castleMargin, Y: mapBottom + castleMargin, W: w - 2*castleMargin, H: passageH}
	view := layouts.Rect{W: w, H: passage.Bottom() + castleMargin}
	base, err := q.base(m, geo, view, passage)
	if err != nil {
		return Picture{}, err
	}
	svg := layouts.NewSVG(view)
	q.drawTracks(svg, st.View, role, w)
	anchors := maps.Clone(geo.Anchors)
	anchors[passageSpot] = layouts.Point{X: passage.X + 30, Y: passage.Y + passage.H/2 + tokenR + 0.6}
	drawRopes(svg, st.View.Ropes, anchors)
	drawFacings(svg, st.View.Guards, anchors)
	tokens := castleTokens(st.View)
	for _, z := range slices.Sorted(maps.Keys(tokens)) {
		if a, ok := anchors[z]; ok {
			drawTokens(svg, a, tokens[z])
		}
	}
	var out bytes.Buffer
	if _, err := svg.WriteTo(&out); err != nil {
		return Picture{}, err
	}
	pic := Picture{SVG: out.String(), Base: base, Turn: strings.ReplaceAll(strings.TrimSpace(st.Brief()), "\n", "; ")}
	if last := companion.LastPlayed(q.t.LogLines(role)); last.Who != "" {
		pic.Last = last.Who + ": " + last.Action
	}
	for _, z := range m.Zones {
		for _, c := range z.Cells {
			r := geo.Grid.CellRect(c[0], c[1])
			pic.Spots = append(pic.Spots, Spot{ID: z.ID, Name: z.ID, Box: [4]float64{r.X, r.Y, r.W, r.H}})
		}
	}
	pic.Spots = append(pic.Spots, Spot{ID: passageSpot, Name: "the secret passage", Box: [4]float64{passage.X, passage.Y, passage.W, passage.H}})
	if v == Table {
		return pic, nil
	}
	if pic.Hand, err = q.hand(role, st.View); err != nil {
		return Picture{}, err
	}
	for _, text := range q.t.Game.Choices(role.Engine) {
		pic.Moves = append(pic.Moves, q.tapMove(role, st.View, text))
	}
	return pic, nil
}

// base is the castle under the pieces: the map and the passage's box on
// white, drawn once per place on the screen (the intruder side's tracks
// take a row more).
func (q *scorpion) base(m scorpionpdf.Map, geo scorpionpdf.MapGeometry, view, passage layouts.Rect) (string, error) {
	if b, ok := q.bases[view]; ok {
		return b, nil
	}
	svg := layouts.NewSVG(view)
	layouts.FillColour(svg, [3]int{255, 255, 255})
	svg.Rect(0, 0, view.W, view.H, "F")
	scorpionpdf.DrawMap(svg, m, geo)
	drawPassageBox(svg, passage)
	var out bytes.Buffer
	if _, err := svg.WriteTo(&out); err != nil {
		return "", err
	}
	if q.bases == nil {
		q.bases = map[layouts.Rect]string{}
	}
	q.bases[view] = out.String()
	return out.String(), nil
}

// castleMap is the data's map as the kit's drawer takes it.
func castleMap(d *data.Scorpion) scorpionpdf.Map {
	m := scorpionpdf.Map{Width: d.Map.Width, Height: d.Map.Height, Walls: d.Map.Walls}
	for _, z := range d.Map.Zones {
		m.Zones = append(m.Zones, scorpionpdf.Zone{ID: z.ID, Region: z.Region, Cells: z.Cells, Post: z.Post, Barracks: z.Barracks})
	}
	for _, t := range d.Map.Track {
		m.Track = append(m.Track, scorpionpdf.Step{Zone: t.Zone, Next: t.Next})
	}
	return m
}

func intruderSide(r sc.Role) bool {
	return !r.Table && (r.Engine == engine.RoleModerator || r.Engine.Side() == engine.Intruders)
}

var (
	castleInk = [3]int{25, 25, 30}
	alertRed  = [3]int{150, 30, 30}
	paleGrey  = [3]int{235, 235, 238}
)

// drawTracks draws the alert track (the level now dark, its name in
// white), the turn track (turns gone shaded, this turn dark) and, for the
// intruder side, each intruder's noise of the last turn by his letter.
func (q *scorpion) drawTracks(c layouts.Canvas, v engine.View, role sc.Role, w float64) {
	label := 16.0
	row := func(i int) layouts.Rect {
		return layouts.Rect{X: castleMargin + label, Y: castleMargin + float64(i)*trackRowH, W: w - 2*castleMargin - label, H: trackRowH - 1.5}
	}
	head := func(r layouts.Rect, s string) {
		layouts.TextColour(c, castleInk)
		layouts.SetFont(c, layouts.FontSans, "B", 9)
		layouts.TextAt(c, castleMargin, r.Y+r.H/2+1.1, s)
	}
	box := func(r layouts.Rect, on, past bool, s string) {
		fill, ink := [3]int{255, 255, 255}, castleInk
		switch {
		case on:
			fill, ink = alertRed, [3]int{255, 255, 255}
		case past:
			fill = paleGrey
		}
		layouts.FillColour(c, fill)
		layouts.StrokeColour(c, castleInk)
		c.SetLineWidth(0.25)
		if on {
			c.SetLineWidth(0.8)
		}
		c.Rect(r.X, r.Y, r.W, r.H, "FD")
		layouts.TextColour(c, ink)
		layouts.SetFont(c, layouts.FontSans, map[bool]string{true: "B", false: ""}[on], 8)
		layouts.TextCentered(c, r.X+r.W/2, r.Y+r.H/2, s)
	}
	levels := q.t.Data.Setup.AlertLevels
	r := row(0)
	head(r, "Alert")
	bw := r.W / float64(len(levels))
	for i, l := range levels {
		box(layouts.Rect{X: r.X + float64(i)*bw, Y: r.Y, W: bw - 0.6, H: r.H}, l.Name == v.Alert, false, l.Name)
	}
	turns := q.t.Data.Setup.Turns
	r = row(1)
	head(r, "Turn")
	tw := r.W / float64(turns)
	for t := 1; t <= turns; t++ {
		box(layouts.Rect{X: r.X + float64(t-1)*tw, Y: r.Y, W: tw - 0.4, H: r.H}, t == v.Turn, t < v.Turn, fmt.Sprint(t))
	}
	if !intruderSide(role) {
		return
	}
	r = row(2)
	head(r, "Noise")
	const most = 8
	nw := r.W / (most + 1)
	for n := 0; n <= most; n++ {
		var who []string
		for _, in := range v.Intruders {
			if in.Noise != nil && min(*in.Noise, most) == n {
				who = append(who, strings.ToUpper(in.Name[:1]))
			}
		}
		s := fmt.Sprint(n)
		if n == most {
			s += "+"
		}
		if len(who) > 0 {
			s = strings.Join(who, "") + " " + s
		}
		box(layouts.Rect{X: r.X + float64(n)*nw, Y: r.Y, W: nw - 0.6, H: r.H}, len(who) > 0, false, s)
	}
}

func drawPassageBox(c layouts.Canvas, r layouts.Rect) {
	layouts.FillColour(c, [3]int{244, 236, 222})
	layouts.StrokeColour(c, castleInk)
	c.SetLineWidth(0.4)
	c.SetDashPattern([]float64{1.5, 1}, 0)
	layouts.RoundRect(c, r, 1.5, "FD")
	c.SetDashPattern(nil, 0)
	layouts.TextColour(c, castleInk)
	layouts.SetFont(c, layouts.FontSans, "B", 9)
	layouts.TextAt(c, r.X+2, r.Y+4.5, "Secret passage")
}

// drawRopes draws each rope the intruders hung as a brown dashed line
// across its wall.
func drawRopes(c layouts.Canvas, ropes [][2]string, at map[string]layouts.Point) {
	layouts.StrokeColour(c, [3]int{120, 70, 20})
	c.SetLineWidth(0.8)
	c.SetDashPattern([]float64{1.2, 0.8}, 0)
	for _, r := range ropes {
		a, b := at[r[0]], at[r[1]]
		c.Line(a.X, a.Y, b.X, b.Y)
	}
	c.SetDashPattern(nil, 0)
}

// drawFacings draws an arrow from each patrol to the zone it faces.
func drawFacings(c layouts.Canvas, guards []engine.GuardView, at map[string]layouts.Point) {
	done := map[int]bool{}
	layouts.StrokeColour(c, castleInk)
	layouts.FillColour(c, castleInk)
	c.SetLineWidth(0.6)
	for _, g := range guards {
		if g.Patrol == 0 || g.Facing == "" || done[g.Patrol] {
			continue
		}
		done[g.Patrol] = true
		a, okA := at[g.Zone]
		b, okB := at[g.Facing]
		if !okA || !okB {
			continue
		}
		// From the patrol's zone, most of the way to the next one.
		tip := layouts.Point{X: a.X + (b.X-a.X)*0.7, Y: a.Y + (b.Y-a.Y)*0.7}
		c.Line(a.X, a.Y, tip.X, tip.Y)
		c.Circle(tip.X, tip.Y, 0.9, "F")
	}
}

// token is one counter on the map: a letter (or two) on a coloured disc,
// a square for a thing rather than a figure, a dashed rim for what only
// the viewer's side knows is there.
type token struct {
	text   string
	fill   [3]int
	square bool
	secret bool
	ringed bool // a spear guard: an inner ring, so not by colour alone
}

var (
	swordTok   = [3]int{150, 30, 30}
	spearTok   = [3]int{60, 100, 160}
	drunkTok   = [3]int{110, 60, 140}
	sleepTok   = [3]int{90, 90, 96}
	hiddenTok  = [3]int{40, 100, 70}
	foundTok   = [3]int{200, 150, 30}
	ninjaTok   = [3]int{20, 20, 20}
	traitorTok = [3]int{120, 40, 130}
	doorTok    = [3]int{120, 70, 20}
)

// castleTokens are the counters of every zone as the view holds them: it
// already holds only what its role may know.
func castleTokens(v engine.View) map[string][]token {
	out := map[string][]token{}
	add := func(z string, t token) { out[z] = append(out[z], t) }
	for _, g := range v.Guards {
		t := token{text: "S", fill: swordTok}
		if g.Type == "spear" {
			t.fill, t.ringed = spearTok, true
		}
		switch {
		case g.Drunk:
			t = token{text: "D", fill: drunkTok}
		case g.Patrol != 0:
			t.text = fmt.Sprintf("P%d", g.Patrol)
		}
		add(g.Zone, t)
	}
	for _, z := range slices.Sorted(maps.Keys(v.SleepingAt)) {
		add(z, token{text: fmt.Sprintf("z%d", v.SleepingAt[z]), fill: sleepTok, secret: true})
	}
	for _, z := range slices.Sorted(maps.Keys(v.Hidden)) {
		add(z, token{text: hiddenLetter(v.Hidden[z]), fill: hiddenTok, square: true, secret: true})
	}
	for _, z := range slices.Sorted(maps.Keys(v.Found)) {
		add(z, token{text: hiddenLetter(v.Found[z]), fill: foundTok, square: true})
	}
	for _, e := range v.Passage {
		add(e, token{text: "SP", fill: doorTok, square: true})
	}
	for _, in := range v.Intruders {
		if in.Zone == "" || in.Gone || in.Dead {
			continue
		}
		fill := ninjaTok
		if in.Name == engine.RoleTraitor.String() {
			fill = traitorTok
		}
		add(in.Zone, token{text: strings.ToUpper(in.Name[:1]), fill: fill, secret: !in.Revealed})
	}
	return out
}

// hiddenLetter is a placement's mark: an objective's letter, X a trap, H
// a hidden sentry.
func hiddenLetter(what string) string {
	switch what {
	case "trap":
		return "X"
	case "sentry":
		return "H"
	}
	if len(what) > 2 {
		return strings.ToUpper(what[:1])
	}
	return what
}

// drawTokens puts a zone's counters in a row over its id plate.
func drawTokens(c layouts.Canvas, a layouts.Point, ts []token) {
	step := tokenR*2 + 0.3
	x := a.X - float64(len(ts)-1)*step/2
	y := a.Y - tokenR - 2.4
	for _, t := range ts {
		layouts.FillColour(c, t.fill)
		layouts.StrokeColour(c, [3]int{255, 255, 255})
		c.SetLineWidth(0.45)
		if t.secret {
			c.SetDashPattern([]float64{0.7, 0.5}, 0)
		}
		if t.square {
			c.Rect(x-tokenR*0.9, y-tokenR*0.9, tokenR*1.8, tokenR*1.8, "FD")
		} else {
			c.Circle(x, y, tokenR, "FD")
		}
		c.SetDashPattern(nil, 0)
		if t.ringed {
			c.SetLineWidth(0.3)
			c.Circle(x, y, tokenR*0.72, "D")
		}
		layouts.TextColour(c, [3]int{255, 255, 255})
		pt := 7.0
		if len(t.text) > 1 {
			pt = 5.5
		}
		layouts.SetFont(c, layouts.FontSans, "B", pt)
		layouts.TextCentered(c, x, y, t.text)
		x += step
	}
}

// hand is the role's own cards as printed: a guard player's hand (with
// the cards just drawn in an alert phase), an intruder's; none for the
// moderator, who holds no cards.
func (q *scorpion) hand(role sc.Role, v engine.View) ([]Card, error) {
	counts := map[string]int{}
	deck, cards := scorpionpdf.DeckGuards, q.t.Data.Guards
	for _, h := range v.Hands {
		if h.Player == role.Word {
			for k, n := range h.Cards {
				counts[k] += n
			}
			for k, n := range h.Drawn {
				counts[k] += n
			}
		}
	}
	for _, in := range v.Intruders {
		if in.Name == role.Word {
			counts = in.Hand
			deck, cards = in.Name, q.t.Data.Ninja
			if in.Name == engine.RoleTraitor.String() {
				cards = q.t.Data.Traitor
			}
		}
	}
	var out []Card
	for _, k := range cards {
		n := counts[k.Name]
		if n == 0 {
			continue
		}
		face, err := scorpionFace(deck, k)
		if err != nil {
			return nil, err
		}
		out = append(out, Card{ID: k.Name, Name: k.Name, Count: n, SVG: face})
	}
	return out, nil
}

// scorpionFace is one card as the kit prints it, drawn once.
func scorpionFace(deck string, k data.ScorpionCard) (string, error) {
	key := "scorpion/" + deck + "/" + k.Name
	if s, ok := cardFaces.Load(key); ok {
		return s.(string), nil
	}
	var out bytes.Buffer
	kc := scorpionpdf.KitCard{Side: deck, Name: k.Name, Text: k.Text, Count: k.Count, Alert: k.Alert}
	if err := layouts.PieceSVG(&out, scorpionpdf.CardFace(deck, kc), layouts.SizePoker); err != nil {
		return "", err
	}
	cardFaces.Store(key, out.String())
	return out.String(), nil
}

// verbCards are the cards a move plays, by its verb.
var verbCards = map[string]string{
	"listen": "Sentry Listen", "plisten": "Patrol Listen", "ssearch": "Sentry Search", "psearch": "Patrol Search",
	"awaken": "Awaken", "rope": "Rope", "shuriken": "Shuriken", "walk": "Shadow Walk", "sake": "Potent Sake",
	"cat": "It Was A Cat", "kenjutsu": "Kenjutsu",
}

// tapMove is one engine choice as taps: the zone of the figure it moves
// or acts from, the card it plays, and the zone it ends on or names. A
// choice that names no zone is a button.
func (q *scorpion) tapMove(role sc.Role, v engine.View, text string) Move {
	f := strings.Fields(text)
	mv := Move{Text: text, Say: sayScorpion(f)}
	verb, args := f[0], f[1:]
	if k, ok := verbCards[verb]; ok && !(len(args) > 0 && args[len(args)-1] == "free") {
		mv.Card = k
	}
	zone := func(ref string) string { z, _, _ := strings.Cut(ref, "#"); return z }
	own := ""
	for _, in := range v.Intruders {
		if in.Name == role.Word {
			own = in.Zone
		}
	}
	switch {
	case len(args) == 0:
	case verb == "passage" && role.Engine.Side() == engine.Guards:
		mv.Card = "Secret Passage"
		mv.Piece, mv.To = zone(args[0]), zone(args[0])
	case verb == "listen" || verb == "plisten" || verb == "remove" || verb == "start":
		mv.Piece, mv.To = zone(args[0]), zone(args[0])
	case verb == "ssearch" || verb == "psearch" || verb == "awaken":
		mv.Piece, mv.To = zone(args[0]), zone(args[len(args)-1])
	case verb == "kenjutsu" && len(args) == 3:
		mv.Piece, mv.To = args[0], args[0]
	case (verb == "move" || verb == "rope" || verb == "shuriken" || verb == "search") && own != "":
		mv.Piece, mv.To = own, args[len(args)-1]
	}
	return mv
}

// sayScorpion tells a move in table words.
func sayScorpion(f []string) string {
	verb, args := f[0], f[1:]
	at := func(ref string) string {
		z, n, two := strings.Cut(ref, "#")
		return z + map[bool]string{true: " (guard " + n + ")"}[two]
	}
	route := func(zs []string) string { return strings.Join(zs, ", then ") }
	free := len(args) > 0 && args[len(args)-1] == "free"
	how := " (Sentry Listen card)"
	if verb == "plisten" {
		how = " (Patrol Listen card)"
	}
	if free {
		how = " (the free listen)"
	}
	switch verb {
	case "listen":
		return "The sentry at " + at(args[0]) + " listens" + how
	case "plisten":
		return "The patrol at " + at(args[0]) + " listens" + how
	case "ssearch":
		return "The sentry at " + at(args[0]) + " searches " + route(args[1:]) + " (Sentry Search)"
	case "psearch":
		return "The patrol at " + at(args[0]) + " searches " + route(args[1:]) + " (Patrol Search)"
	case "awaken":
		s := "Awaken the guard at " + at(args[0])
		if len(args) > 1 {
			s += " and send it to " + route(args[1:])
		}
		return s
	case "kenjutsu":
		if len(args) == 3 {
			return fmt.Sprintf("Kenjutsu on the %s at %s with %s guard(s)", args[1], args[0], args[2])
		}
		if len(args) == 1 {
			return "Kenjutsu, fighting " + args[0] + " guard(s)"
		}
		return "Kenjutsu"
	case "follow":
		return "Follow the noise: " + route(args)
	case "march":
		if len(args) == 0 {
			return "The patrols march"
		}
		var w []string
		for _, a := range args {
			from, to, _ := strings.Cut(strings.ReplaceAll(a, ">", "/"), "/")
			w = append(w, "at "+from+" the patrol takes "+to)
		}
		return "The patrols march (" + strings.Join(w, "; ") + ")"
	case "draw":
		if len(args) == 1 {
			return "Draw " + args[0] + " alert card(s)"
		}
		return "Draw alert cards: " + strings.ReplaceAll(strings.Join(args, ", "), ":", " ")
	case "reinforce":
		return "Take the decoy bonus: " + strings.ReplaceAll(strings.Join(args, " "), ":", " ")
	case "remove":
		return "Remove the guard at " + at(args[0])
	case "passage":
		if len(args) > 0 {
			return "Secret Passage card on the sentry at " + at(args[0])
		}
		return "Go into the secret passage"
	case "move":
		return "Move to " + args[0]
	case "rope":
		return "Rope over the wall to " + args[0]
	case "shuriken":
		return "Shuriken at " + args[0]
	case "search":
		return "Search " + strings.Join(args, " and ")
	case "start":
		return "Start at " + args[0]
	}
	if say, ok := plainSays[verb]; ok {
		return say
	}
	return strings.Join(f, " ")
}

var plainSays = map[string]string{
	"done": "End your phase", "stay": "Stay put", "cat": "It Was A Cat", "pass": "Pass", "keep": "Keep them all",
	"walk": "Shadow Walk", "sake": "Potent Sake", "leave": "Leave the board", "show": "Show your mission",
	"random": "Fill the set-up at random", "ready": "Ready: seal the set-up",
}

// LastActor is the role whose action is last in the log.
func (q *scorpion) LastActor() (Viewer, bool) {
	if len(q.t.Log) < 2 {
		return Table, false
	}
	return q.Seat(q.t.Log[len(q.t.Log)-1].Role.String())
}

func (q *scorpion) Undone(v Viewer, e companion.Event) string {
	return q.t.Undone(q.role(v), e)
}
