package tui

import (
	"fmt"
	"strings"
	"unicode/utf8"

	cb "github.com/ninjakit/ninjakit/companion/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// lastMove is the last move as the board shows it: where the ninja ended
// or struck, where it came from, and the cells it emptied.
type lastMove struct {
	seat     engine.Seat
	said     string // what happened in table words
	from, to engine.Cell
	moved    bool
	removed  map[engine.Cell]engine.Colour
}

func (b *blades) lastMove() (lastMove, bool) {
	if b.prev == nil || len(b.t.Log) == 0 {
		return lastMove{}, false
	}
	e := b.t.Log[len(b.t.Log)-1]
	m, err := engine.ParseMove(b.t.Pos.Board(), e.Text)
	if err != nil || m.Action == engine.Pass {
		return lastMove{seat: e.Seat, said: e.Said}, err == nil
	}
	lm := lastMove{seat: e.Seat, said: e.Said, from: m.From, to: m.To, removed: map[engine.Cell]engine.Colour{}}
	before, after := b.prev.Pos, b.t.Pos
	for _, c := range after.Board().Cells() {
		was, ok := before.At(c)
		now, still := after.At(c)
		if c == m.From && moves(m.Action) {
			lm.moved = ok && !still
			continue
		}
		if ok && (!still || now != was) {
			lm.removed[c] = was
		}
	}
	return lm, true
}

// moves reports whether an action carries its ninja away from where it
// stood; otherwise an empty from-cell means the ninja was removed (a bomb
// thrown too close, ruling B-3).
func moves(a engine.Action) bool {
	switch a {
	case engine.Attack, engine.PlayDoubleKick, engine.PlayTripleKick, engine.PlayVanish, engine.PlayDoubleDragon:
		return true
	}
	return false
}

// Board draws the board with the last move marked: [X] where its ninja
// ended or struck, (.) the cell it left, x each ninja it removed; then
// the seats with their ninjas, prey and hunters, and whose turn it is.
func (b *blades) Board(s Styles) string {
	p := b.t.Pos
	bd := p.Board()
	lm, hasLast := b.lastMove()
	var sb strings.Builder
	header := "    "
	for c := range bd.Cols {
		header += " " + string(rune('a'+c)) + " "
	}
	sb.WriteString(s.Dim.Render(header) + "\n")
	for row := bd.Rows - 1; row >= 0; row-- {
		sb.WriteString(s.Dim.Render(fmt.Sprintf("%3d ", row+1)))
		for c := range bd.Cols {
			sb.WriteString(b.cell(s, engine.Cell(row*bd.Cols+c), lm, hasLast))
		}
		sb.WriteString(s.Dim.Render(fmt.Sprintf(" %d", row+1)) + "\n")
	}
	sb.WriteString(s.Dim.Render(header) + "\n\n")
	b.seats(&sb, s)
	if hasLast {
		sb.WriteString(b.lastLine(lm) + "\n")
	}
	sb.WriteString(s.Strong.Render(b.turnLine()) + "\n")
	return sb.String()
}

func (b *blades) cell(s Styles, c engine.Cell, lm lastMove, hasLast bool) string {
	p := b.t.Pos
	if !p.Board().InPlay(c) {
		return s.Dim.Render(" # ")
	}
	col, ok := p.At(c)
	switch {
	case hasLast && lm.removed != nil && c == lm.to && ok:
		return s.Mark.Render("[" + string(p.Rules().Letter(col)) + "]")
	case hasLast && lm.removed != nil && c == lm.from && lm.moved:
		return s.Mark.Render("(.)")
	}
	if _, gone := lm.removed[c]; gone && hasLast {
		return s.Bad.Render(" x ")
	}
	if !ok {
		return s.Dim.Render(" . ")
	}
	return s.Colour(p.Rules().Name(col)).Render(" " + string(p.Rules().Letter(col)) + " ")
}

func (b *blades) names(cs []engine.Colour) string {
	var out []string
	for _, c := range cs {
		out = append(out, b.t.Pos.Rules().Name(c))
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, "/")
}

func (b *blades) seats(sb *strings.Builder, s Styles) {
	p := b.t.Pos
	st := b.t.Status(b.role(Table))
	turn, waiting := b.Waiting()
	// The hunters line up under each other whatever the prey's names.
	wide := 0
	for i := range st.Seats {
		wide = max(wide, utf8.RuneCountInString(b.names(p.Prey(engine.Seat(i)))))
	}
	for i, ss := range st.Seats {
		seat := engine.Seat(i)
		mark := "  "
		if waiting && turn == Viewer(i) && p.Phase() == engine.Playing {
			mark = "> "
		}
		line := fmt.Sprintf("%sseat %d %s %2d ninjas", mark, ss.Seat, s.Colour(ss.Colour).Render(fmt.Sprintf("%-7s", ss.Colour)), ss.Ninjas)
		if p.Players() == 2 {
			line += fmt.Sprintf(", %d prey eliminated", ss.Taken)
		}
		if p.Cards() != engine.NoCards {
			line += fmt.Sprintf("  %2d cards", ss.Cards)
		}
		line += "  prey: " + b.names(p.Prey(seat))
		if p.Players() != 2 {
			line += strings.Repeat(" ", wide-utf8.RuneCountInString(b.names(p.Prey(seat))))
			line += "  hunters: " + b.names(p.Hunters(seat))
		}
		if ss.Bot {
			line += "  (bot)"
		}
		sb.WriteString(line + "\n")
		if ss.Hand != "" {
			sb.WriteString("      open hand: " + ss.Hand + "\n")
		}
	}
}

// lastLine tells the last move as the one-shot commands do, wrapped to
// fit 80 columns.
func (b *blades) lastLine(lm lastMove) string {
	return cb.Wrap("Last: "+lm.said, 78, "  ")
}

func (b *blades) turnLine() string {
	st := b.t.Status(b.role(Table))
	switch {
	case st.Result != nil:
		var names []string
		for _, w := range st.Result.Winners {
			names = append(names, b.Name(Viewer(w-1)))
		}
		if st.Result.Tie {
			return fmt.Sprintf("Game over: a tie between %s. Scores %v.", strings.Join(names, " and "), st.Result.Scores)
		}
		return fmt.Sprintf("Game over: %s wins. Scores %v.", names[0], st.Result.Scores)
	case len(st.Choices) > 0:
		return fmt.Sprintf("Waiting for seat(s) %s to choose which cards to keep.", strings.Join(st.Choices, ", "))
	}
	return fmt.Sprintf("%s to move; %d pass(es) in a row so far.", b.Name(Viewer(st.Turn-1)), st.Passes)
}
