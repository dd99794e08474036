package blades

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"

	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Status is what a role may know of the game.
type Status struct {
	Phase   string       `json:"phase"`
	Turn    int          `json:"turn"`
	Passes  int          `json:"passes"`
	Seats   []SeatStatus `json:"seats"`
	Result  *Result      `json:"result,omitempty"`
	Viewer  string       `json:"viewer"`
	Choices []string     `json:"waitingToChoose,omitempty"`
}

// SeatStatus is one seat as seen by a role: its hand only when the role may
// see it, otherwise how many cards it holds.
type SeatStatus struct {
	Seat     int    `json:"seat"`
	Colour   string `json:"colour"`
	Ninjas   int    `json:"ninjas"`
	Taken    int    `json:"preyEliminated"`
	Cards    int    `json:"cards"`
	Hand     string `json:"hand,omitempty"`
	Choosing bool   `json:"choosing,omitempty"`
}

// Result is the end of the game.
type Result struct {
	Scores  []int `json:"scores"`
	Winners []int `json:"winners"`
	Tie     bool  `json:"tie"`
}

var phaseNames = map[engine.Phase]string{engine.Choosing: "choosing cards", engine.Playing: "playing", engine.Over: "over"}

func (t *Table) roleName(r Role) string {
	if r.Table {
		return "table"
	}
	return fmt.Sprintf("seat %s (%s)", r.Seat, t.rules.Name(t.Pos.Colour(r.Seat)))
}

// Status describes the game for a role.
func (t *Table) Status(r Role) Status {
	p := t.Pos
	st := Status{Phase: phaseNames[p.Phase()], Turn: int(p.Turn()) + 1, Passes: p.Passes(), Viewer: t.roleName(r)}
	for i := range p.Players() {
		s := engine.Seat(i)
		ss := SeatStatus{Seat: i + 1, Colour: t.rules.Name(p.Colour(s)), Ninjas: p.Count(p.Colour(s)), Taken: p.Taken(s), Cards: p.Hand(s).Size(), Choosing: p.Choosing(s)}
		if p.Cards() != engine.NoCards && t.sees(r, s) {
			ss.Hand = handNames(p.Hand(s))
		}
		st.Seats = append(st.Seats, ss)
		if ss.Choosing {
			st.Choices = append(st.Choices, s.String())
		}
	}
	if p.Phase() == engine.Over {
		o := p.Outcome()
		res := &Result{Scores: o.Scores, Tie: o.Tie()}
		for _, w := range o.Winners {
			res.Winners = append(res.Winners, int(w)+1)
		}
		st.Result = res
	}
	return st
}

func handNames(h engine.Hand) string {
	var names []string
	for k, n := range h {
		switch {
		case n == 1:
			names = append(names, engine.Kind(k).String())
		case n > 1:
			names = append(names, fmt.Sprintf("%d %s", n, engine.Kind(k)))
		}
	}
	if len(names) == 0 {
		return "no cards"
	}
	return strings.Join(names, ", ")
}

// Text is the status for a terminal.
func (st Status) Text(two bool) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Phase: %s   (as %s)\n", st.Phase, st.Viewer)
	for _, s := range st.Seats {
		score := fmt.Sprintf("%2d ninjas", s.Ninjas)
		if two {
			score += fmt.Sprintf(", %d prey eliminated", s.Taken)
		}
		line := fmt.Sprintf("  %s seat %d %-7s %s, %d card(s)", marker(st, s.Seat), s.Seat, s.Colour, score, s.Cards)
		if s.Hand != "" {
			line += ": " + s.Hand
		}
		if s.Choosing {
			line += "  (still choosing which cards to keep)"
		}
		sb.WriteString(line + "\n")
	}
	switch {
	case st.Result != nil:
		var names []string
		for _, w := range st.Result.Winners {
			names = append(names, fmt.Sprintf("seat %d (%s)", w, st.Seats[w-1].Colour))
		}
		if st.Result.Tie {
			fmt.Fprintf(&sb, "Game over: a tie between %s.\n", strings.Join(names, " and "))
		} else {
			fmt.Fprintf(&sb, "Game over: %s wins.\n", names[0])
		}
	case len(st.Choices) > 0:
		fmt.Fprintf(&sb, "Waiting for seat(s) %s to keep cards (ninjakit companion blades keep --as SEAT CARDS).\n", strings.Join(st.Choices, ", "))
	default:
		fmt.Fprintf(&sb, "Seat %d (%s) to move; %d pass(es) in a row so far.\n", st.Turn, st.Seats[st.Turn-1].Colour, st.Passes)
	}
	return sb.String()
}

func marker(st Status, seat int) string {
	if st.Result == nil && len(st.Choices) == 0 && st.Turn == seat {
		return ">"
	}
	return " "
}

// Board draws the board: a letter per ninja, '.' for an empty cell and '#'
// for a cell out of play. The board is public, so every role sees the same.
func (t *Table) Board() string {
	b := t.Pos.Board()
	var sb strings.Builder
	header := "    "
	for c := range b.Cols {
		header += string(rune('a'+c)) + " "
	}
	header = strings.TrimRight(header, " ")
	sb.WriteString(header + "\n")
	for row := b.Rows - 1; row >= 0; row-- {
		fmt.Fprintf(&sb, "%3d", row+1)
		for c := range b.Cols {
			cell := engine.Cell(row*b.Cols + c)
			ch := byte('.')
			if !b.InPlay(cell) {
				ch = '#'
			} else if col, ok := t.Pos.At(cell); ok {
				ch = t.rules.Letter(col)
			}
			sb.WriteString(" " + string(ch))
		}
		fmt.Fprintf(&sb, " %d\n", row+1)
	}
	sb.WriteString(header + "\n")
	return sb.String()
}

// Moves lists the legal moves of the player to move that a role may see:
// with hidden hands, card moves show only to the mover, since they would
// reveal the hand; cardsHidden says so whatever the hand holds.
func (t *Table) Moves(r Role) (moves []string, cardsHidden bool) {
	p := t.Pos
	cardsHidden = p.Cards() == engine.HiddenHands && !t.sees(r, p.Turn())
	for _, m := range p.LegalMoves(nil) {
		if _, card := m.Action.Card(); card && cardsHidden {
			continue
		}
		moves = append(moves, m.Format(p.Board()))
	}
	return moves, cardsHidden
}

// LogLines lists the actions so far as a role may read them: a kept hand
// shows only to whoever may see that hand; cards undo took back stay noted.
func (t *Table) LogLines(r Role) []companion.LogLine {
	var out []companion.LogLine
	for _, e := range t.Log {
		who := fmt.Sprintf("seat %s (%s)", e.Seat, t.rules.Name(t.Pos.Colour(e.Seat)))
		text := e.Text
		if e.Kind == "keep" {
			h, _ := engine.ParseHand(e.Text)
			text = fmt.Sprintf("keeps %d card(s)", h.Size())
			if t.sees(r, e.Seat) {
				text = "keeps " + handNames(h)
			}
		}
		out = append(out, companion.LogLine{Seq: e.Seq, Who: who, Action: text})
	}
	return companion.WithNotes(out, t.notes())
}

// Players is the number of seats.
func (t *Table) Players() int { return t.Pos.Players() }
