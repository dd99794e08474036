package tui

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/ninjakit/ninjakit/companion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/ninjakit/ninjakit/data"
	gs "github.com/ninjakit/ninjakit/generate/squad"
	"github.com/ninjakit/ninjakit/layouts"
	squadpdf "github.com/ninjakit/ninjakit/layouts/squad"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

var _ Boarder = (*squad)(nil)

// The phone's drawing in millimetres: the page scales it to the screen.
const (
	qWide  = 100.0 // the drawing's width
	qTrack = 30.0  // the alarm track and the Guard Phase's steps
	qUp    = 36.0  // the face-up Movement cards of the ninja to act
	qRow   = 22.0  // one ninja
	qCardW = 11.0  // a deck's back
)

// The Guard Phase's steps in each part, numbered as the engine runs them.
var (
	raidSteps   = []string{"patrols", "alarm", "guards", "alarm cards", "senjutsu", "token", "decks", "new phase"}
	escapeSteps = []string{"patrols", "guards", "decks", "token, new phase"}
)

var (
	squadKit = sync.OnceValue(func() squadpdf.KitContent { return gs.KitContent(cs.Data()) })
	// squadFaces are the printed Senjutsu and Buki faces by kind, as <svg>.
	squadFaces sync.Map
)

// ninjaSpot names a ninja's row; upSpot a face-up Movement card of the
// ninja to act, routeSpot one of its two routes.
func ninjaSpot(s rules.Seat) string { return fmt.Sprintf("n%d", s+1) }
func upSpot(c int) string           { return fmt.Sprintf("c%d", c) }
func routeSpot(c, r int) string     { return fmt.Sprintf("c%dr%d", c, r) }

// Picture draws the alarm track with its target, the Guard Phase's steps,
// the ninja to act's face-up Movement cards with their routes, and a row
// per ninja: deck and the next phase's, cards left, cubes, lanterns, the
// Throwing Star, Wana traps, hidden cards as counts. A ninja gets its own
// Senjutsu and Buki cards as printed and, when it may report, its moves as
// taps: a face-up card then a route, a card in hand then its own row;
// what names no card or route is a button.
func (q *squad) Picture(v Viewer) (Picture, error) {
	g := q.t.Game
	n := g.Players()
	_, up, _, _ := g.Cards(g.ToAct())
	moving := g.Stage() == engine.StageMove || g.Stage() == engine.StageAfter
	if !moving {
		up = 0
	}
	top := qTrack
	if up > 0 {
		top += qUp
	}
	svg := layouts.NewSVG(layouts.Rect{W: qWide, H: top + float64(n)*qRow + 2})
	q.drawTrack(svg)
	tr, target := g.Alarm()
	pic := Picture{Turn: q.turnLine(), Spots: []Spot{{ID: "alarm", Name: fmt.Sprintf("alarm %d, target %d", tr, target), Box: [4]float64{2, 10.5, qWide - 4, 5}}}}
	if last := companion.LastPlayed(q.t.LogLines(q.role(Table))); last.Who != "" {
		pic.Last = last.Told()
	}
	if q.running() && q.phase != "" {
		l := q.left()
		pic.Notes = append(pic.Notes, fmt.Sprintf("Super Speedy: %d:%02d left in this movement phase", int(l.Minutes()), int(l.Seconds())%60))
		pic.Countdown = &Countdown{Note: len(pic.Notes) - 1, Ends: q.started.Add(q.limit()).UnixMilli()}
	}
	if up > 0 {
		pic.Spots = append(pic.Spots, q.drawUp(svg, up)...)
	}
	st := q.t.Status(q.role(v))
	for i := range n {
		s := rules.Seat(i)
		box := layouts.Rect{X: 2, Y: top + float64(i)*qRow, W: qWide - 4, H: qRow - 2}
		q.drawNinja(svg, s, st.Players[i], box)
		pic.Spots = append(pic.Spots, Spot{ID: ninjaSpot(s), Name: q.t.Name(s), Box: [4]float64{box.X, box.Y, box.W, box.H}})
	}
	var out bytes.Buffer
	if _, err := svg.WriteTo(&out); err != nil {
		return Picture{}, err
	}
	pic.SVG = out.String()
	if v == Table {
		pic.Moves = q.boardMoves(v)
	}
	if v == Table || int(v) >= n {
		return pic, nil
	}
	hand := st.Players[v].Hand
	for _, kind := range slices.Sorted(func(yield func(string) bool) {
		for k := range hand {
			if !yield(k) {
				return
			}
		}
	}) {
		c, err := squadCard(kind)
		if err != nil {
			return Picture{}, err
		}
		c.Count = hand[kind]
		pic.Hand = append(pic.Hand, c)
	}
	pic.Moves = q.boardMoves(v)
	return pic, nil
}

// turnLine is what the game waits for, without the typed commands.
func (q *squad) turnLine() string {
	if q.t.Game.Stage() == engine.StageOver {
		return "Game over: " + q.t.Waiting()
	}
	return "Waiting: " + cutCommands(q.t.Waiting())
}

// boardMoves are v's moves as the companion lists them, each the exact
// command Do takes: a Movement card's route is a tap on the face-up card
// then on the route, a Senjutsu or Buki card in hand a tap on the card
// then on the seat's own row; the rest are buttons in table words.
func (q *squad) boardMoves(v Viewer) []Move {
	var out []Move
	for _, grp := range q.t.Moves(q.role(v)).Groups {
		for _, m := range grp.Moves {
			if !q.mayReport(v, m.Command) {
				continue
			}
			mv := Move{Text: m.Command, Say: m.What}
			f := strings.Fields(m.Command)
			var c, r int
			switch {
			case f[0] == "move" && len(f) >= 2:
				if _, err := fmt.Sscanf(f[1], "%d.%d", &c, &r); err == nil {
					mv.Piece, mv.To = upSpot(c), routeSpot(c, r)
				}
			case f[0] == "senjutsu" && len(f) >= 2:
				mv.Card, mv.Piece, mv.To = f[1], ninjaSpot(rules.Seat(v)), ninjaSpot(rules.Seat(v))
			case f[0] == "buki" && len(f) >= 2:
				mv.Card, mv.Piece, mv.To = f[1], ninjaSpot(rules.Seat(v)), ninjaSpot(rules.Seat(v))
			}
			out = append(out, mv)
		}
	}
	return out
}

// mayReport says whether v's screen may send command: in a movement turn
// only the ninja to act moves, and any holder plays its Senjutsu card;
// what the table reports (exposure, patrols, a card that came up, time-up)
// any seat or the table's screen may.
func (q *squad) mayReport(v Viewer, command string) bool {
	r, err := parseSquad(command)
	if err != nil {
		return false
	}
	if v != Table {
		r.By = q.t.Name(rules.Seat(v))
	}
	a, by, err := q.t.Build(r)
	if err != nil {
		return false
	}
	st := q.t.Game.Stage()
	actor := q.t.Actor(a)
	if v == Table {
		return actor == engine.NoSeat
	}
	return a.Type == engine.ActSenjutsu || actor == engine.NoSeat || actor == by || (st != engine.StageMove && st != engine.StageAfter)
}

// squadCard is a Senjutsu or Buki card as the kit prints it.
func squadCard(kind string) (Card, error) {
	d := cs.Data()
	for _, pile := range []struct {
		deck  string
		cards []data.SquadCard
	}{{squadpdf.DeckSenjutsu, d.Senjutsu}, {squadpdf.DeckBuki, d.Buki}} {
		for _, c := range pile.cards {
			if c.Kind != kind {
				continue
			}
			name := strings.TrimSuffix(c.Name, "!")
			if svg, ok := squadFaces.Load(kind); ok {
				return Card{ID: kind, Name: name, SVG: svg.(string)}, nil
			}
			set := squadpdf.DeckSet(squadKit(), pile.deck, layouts.SizePoker)
			for _, p := range set.Pieces {
				if p.Name != c.Name {
					continue
				}
				var out bytes.Buffer
				if err := layouts.PieceSVG(&out, p.Front, layouts.SizePoker); err != nil {
					return Card{}, err
				}
				squadFaces.Store(kind, out.String())
				return Card{ID: kind, Name: name, SVG: out.String()}, nil
			}
		}
	}
	return Card{}, fmt.Errorf("no card %q in the kit", kind)
}

// guardStep is the Guard Phase step running now, 0 outside it.
func (q *squad) guardStep() int {
	g := q.t.Game
	switch g.Stage() {
	case engine.StagePatrols:
		return 1
	case engine.StageDraw:
		es := g.Events()
		for i := len(es) - 1; i >= 0; i-- {
			switch es[i].Kind {
			case engine.EventGuardStep:
				return es[i].N
			case engine.EventPhase:
				return 0
			}
		}
	}
	return 0
}

// drawTrack draws the part, phase and round, the alarm track from 0 to
// its target with the tracker on it (a cell with a T, the target's with
// an X), and the Guard Phase's steps with the one running outlined.
func (q *squad) drawTrack(c layouts.Canvas) {
	st := q.t.Status(q.role(Table))
	label(c, 2, 4.5, 8, "B", fmt.Sprintf("%s · phase %d · round %d of %d", st.Part, st.Phase, st.Round, st.Rounds))
	label(c, 2, 9, 7, "", fmt.Sprintf("Alarm %d of %d", st.Tracker, st.Target))
	cell := (qWide - 4) / float64(st.Target+1)
	for i := 0; i <= st.Target; i++ {
		r := layouts.Rect{X: 2 + float64(i)*cell, Y: 10.5, W: cell, H: 5}
		fill := [3]int{245, 245, 245}
		switch {
		case i == st.Tracker:
			fill = [3]int{40, 40, 40}
		case i == st.Target:
			fill = [3]int{220, 90, 80}
		case i < st.Tracker:
			fill = [3]int{200, 200, 200}
		}
		layouts.FillColour(c, fill)
		layouts.StrokeColour(c, [3]int{90, 90, 90})
		c.SetLineWidth(0.2)
		c.Rect(r.X, r.Y, r.W, r.H, "FD")
		mark := ""
		switch i {
		case st.Tracker:
			mark = "T"
		case st.Target:
			mark = "X"
		}
		if mark != "" {
			c.SetFont(layouts.FontSans, "B", 6)
			layouts.TextColour(c, [3]int{255, 255, 255})
			layouts.TextAt(c, r.X+r.W/2-0.9, r.Y+3.7, mark)
		}
	}
	steps := raidSteps
	if q.t.Game.Mode() == engine.Escape {
		steps = escapeSteps
	}
	now := q.guardStep()
	label(c, 2, 20.5, 7, "B", "Guard Phase")
	w := (qWide - 4) / float64(len(steps))
	for i, s := range steps {
		r := layouts.Rect{X: 2 + float64(i)*w, Y: 22, W: w - 0.6, H: 6}
		layouts.StrokeColour(c, [3]int{90, 90, 90})
		layouts.FillColour(c, [3]int{250, 250, 250})
		c.SetLineWidth(0.2)
		if i+1 == now {
			layouts.FillColour(c, [3]int{255, 225, 120})
			c.SetLineWidth(0.8)
		}
		c.Rect(r.X, r.Y, r.W, r.H, "FD")
		label(c, r.X+0.6, r.Y+2.6, 4.5, "B", fmt.Sprint(i+1))
		label(c, r.X+0.6, r.Y+5, 3.6, "", s)
	}
}

// drawUp draws the face-up Movement cards of the ninja to act, each as a
// card with its two routes to tap; the table holds the cards, so the
// drawing names them by place, as the moves do.
func (q *squad) drawUp(c layouts.Canvas, up int) []Spot {
	label(c, 2, qTrack+3, 7, "B", q.t.Name(q.t.Game.ToAct())+"'s face-up Movement cards")
	var spots []Spot
	w := min(30.0, (qWide-4)/float64(up)-2)
	for i := range up {
		card := layouts.Rect{X: 2 + float64(i)*(w+2), Y: qTrack + 5, W: w, H: qUp - 7}
		layouts.FillColour(c, [3]int{235, 240, 250})
		layouts.StrokeColour(c, [3]int{60, 60, 90})
		c.SetLineWidth(0.3)
		layouts.RoundRect(c, card, 1.5, "FD")
		label(c, card.X+1.5, card.Y+4, 7, "B", fmt.Sprintf("Card %d", i+1))
		spots = append(spots, Spot{ID: upSpot(i + 1), Name: fmt.Sprintf("card %d", i+1), Box: [4]float64{card.X, card.Y, card.W, 6}})
		for r := 1; r <= 2; r++ {
			box := layouts.Rect{X: card.X + 1, Y: card.Y + 6 + float64(r-1)*11, W: card.W - 2, H: 10}
			layouts.FillColour(c, [3]int{255, 255, 255})
			c.Rect(box.X, box.Y, box.W, box.H, "FD")
			label(c, box.X+1.5, box.Y+6, 6.5, "", fmt.Sprintf("route %d", r))
			spots = append(spots, Spot{ID: routeSpot(i+1, r), Name: fmt.Sprintf("card %d, route %d", i+1, r), Box: [4]float64{box.X, box.Y, box.W, box.H}})
		}
	}
	return spots
}

// drawNinja draws one ninja's row: its deck (the Movement back) with the
// cards left, the deck it takes next phase, and what it holds.
func (q *squad) drawNinja(c layouts.Canvas, s rules.Seat, p cs.PlayerStatus, box layouts.Rect) {
	g := q.t.Game
	layouts.FillColour(c, [3]int{250, 248, 242})
	layouts.StrokeColour(c, [3]int{120, 120, 120})
	c.SetLineWidth(0.2)
	if (g.Stage() == engine.StageMove || g.Stage() == engine.StageAfter) && g.ToAct() == s {
		c.SetLineWidth(0.9)
	}
	layouts.RoundRect(c, box, 2, "FD")
	name := p.Name
	if g.First() == s {
		name += " (1st)"
	}
	label(c, box.X+2, box.Y+4.5, 8, "B", name)
	back := cardAt(box.X+2, box.Y+6, qCardW*0.8)
	place(c, squadpdf.MovementSet(squadKit(), layouts.SizePoker).Back, layouts.SizePoker, back)
	deck := "Deck " + p.Deck
	if next, _ := engine.Rotation(g.Players(), g.Phase()+1); int(s) < len(next) && g.Stage() != engine.StageOver {
		deck += fmt.Sprintf(", next %c", rune('A'+next[s]-1))
	}
	label(c, back.Right()+1.5, box.Y+9, 6.5, "", deck)
	label(c, back.Right()+1.5, box.Y+13, 6.5, "", fmt.Sprintf("%d left, %d face up", p.DrawLeft, p.FaceUp))
	var held []string
	if p.Cubes > 0 {
		held = append(held, fmt.Sprintf("%d cube%s", p.Cubes, plural(p.Cubes)))
	}
	if p.Lanterns > 0 {
		held = append(held, fmt.Sprintf("%d lantern%s", p.Lanterns, plural(p.Lanterns)))
	}
	if p.Star {
		held = append(held, "star")
	}
	held = append(held, fmt.Sprintf("%d Senjutsu, %d Buki", p.Senjutsu, p.Buki))
	label(c, back.Right()+1.5, box.Y+17, 6.5, "", strings.Join(held, " · "))
	var flags []string
	switch {
	case p.Home:
		flags = append(flags, "HOME")
	case p.Exposed:
		flags = append(flags, "EXPOSED")
	}
	if p.Missed > 0 {
		flags = append(flags, fmt.Sprintf("misses %d", p.Missed))
	}
	if p.GuardsOut > 0 {
		flags = append(flags, fmt.Sprintf("%d guard%s out", p.GuardsOut, plural(p.GuardsOut)))
	}
	label(c, box.X+55, box.Y+4.5, 6.5, "B", strings.Join(flags, " · "))
	for i, w := range append(slices.Clone(p.TrapsSet), p.Traps...) {
		set := i < len(p.TrapsSet)
		q.drawTrap(c, layouts.Rect{X: box.X + 62 + float64(i%4)*8, Y: box.Y + 7 + float64(i/4)*6.5, W: 7, H: 5.5}, w, set)
	}
}

// drawTrap is a Wana trap token: its first letters, filled when set on
// the board, outlined when still in hand.
func (q *squad) drawTrap(c layouts.Canvas, r layouts.Rect, kind string, set bool) {
	layouts.StrokeColour(c, [3]int{60, 60, 60})
	c.SetLineWidth(0.3)
	style, ink := "D", [3]int{20, 20, 20}
	if set {
		layouts.FillColour(c, [3]int{60, 60, 60})
		style, ink = "FD", [3]int{255, 255, 255}
	}
	c.Circle(r.X+r.W/2, r.Y+r.H/2, r.H/2, style)
	c.SetFont(layouts.FontSans, "B", 5)
	layouts.TextColour(c, ink)
	word := strings.ToUpper(kind)
	if len(word) > 2 {
		word = word[:2]
	}
	layouts.TextAt(c, r.X+r.W/2-1.3, r.Y+r.H/2+0.9, word)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// LastActor is the ninja that reported the last action; what the table
// reported (exposure, patrols, a card that came up) is nobody's.
func (q *squad) LastActor() (Viewer, bool) {
	if len(q.t.Log) < 2 {
		return Table, false
	}
	if s := q.t.Log[len(q.t.Log)-1].Seat; s != engine.NoSeat {
		return Viewer(s), true
	}
	return Table, false
}

func (q *squad) Undone(v Viewer, e companion.Event) string {
	return q.t.Undone(q.role(v), e)
}
