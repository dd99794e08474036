package blades

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/ninjakit/ninjakit/companion"
	bladespdf "github.com/ninjakit/ninjakit/layouts/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Status is what a role may know of the game.
type Status struct {
	Phase   string       `json:"phase"`
	Turn    int          `json:"turn"`
	Passes  int          `json:"passes"`
	Seats   []SeatStatus `json:"seats"`
	Result  *Result      `json:"result,omitempty"`
	Summary *Summary     `json:"summary,omitempty"`
	Viewer  string       `json:"viewer"`
	Choices []string     `json:"waitingToChoose,omitempty"`
	Limit   int          `json:"keepLimit"`
	// Position is the whole game as one line; it holds every hand, so it is
	// left out while a hand is hidden (ruling B-22).
	Position string `json:"position,omitempty"`
}

// SeatStatus is one seat as seen by a role: its hand only when the role may
// see it, otherwise how many cards it holds.
type SeatStatus struct {
	Seat     int      `json:"seat"`
	Colour   string   `json:"colour"`
	Ninjas   int      `json:"ninjas"`
	Taken    int      `json:"preyEliminated"`
	Cards    int      `json:"cards"`
	Hand     string   `json:"hand,omitempty"`
	HandCost int      `json:"handPrice,omitempty"`
	Priced   []Priced `json:"handCards,omitempty"`
	Choosing bool     `json:"choosing,omitempty"`
	Prey     []string `json:"prey"`
	Hunters  []string `json:"hunters"`
	Neutral  []string `json:"neutral,omitempty"`
	// Bot says the companion plays this seat (ruling B-24).
	Bot bool `json:"bot,omitempty"`
}

// Priced is one kind of card in a hand with its printed name and price.
type Priced struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
	Price int    `json:"price"`
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
	st := Status{Phase: phaseNames[p.Phase()], Turn: int(p.Turn()) + 1, Passes: p.Passes(), Viewer: t.roleName(r), Limit: t.rules.KeepLimit}
	names := func(cs []engine.Colour) []string {
		out := []string{}
		for _, c := range cs {
			out = append(out, t.rules.Name(c))
		}
		return out
	}
	for i := range p.Players() {
		s := engine.Seat(i)
		ss := SeatStatus{Seat: i + 1, Colour: t.rules.Name(p.Colour(s)), Ninjas: p.Count(p.Colour(s)), Taken: p.Taken(s), Cards: p.Hand(s).Size(), Choosing: p.Choosing(s),
			Prey: names(p.Prey(s)), Hunters: names(p.Hunters(s)), Neutral: names(p.Neutral(s)), Bot: companion.IsBot(t.Options.Bots, i)}
		if p.Cards() != engine.NoCards && t.sees(r, s) {
			h := p.Hand(s)
			ss.Hand, ss.HandCost = t.handNames(h), t.rules.Price(h)
			for k, n := range h {
				if n > 0 {
					ss.Priced = append(ss.Priced, Priced{Name: t.CardName(engine.Kind(k)), Count: int(n), Price: t.rules.Prices[k]})
				}
			}
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
		st.Result, st.Summary = res, t.summary()
	}
	if p.Cards() != engine.HiddenHands {
		st.Position = p.String()
	}
	return st
}

// handNames lists a hand by the names printed on the cards.
func (t *Table) handNames(h engine.Hand) string {
	var names []string
	for k, n := range h {
		switch {
		case n == 1:
			names = append(names, t.CardName(engine.Kind(k)))
		case n > 1:
			names = append(names, fmt.Sprintf("%d %s", n, t.CardName(engine.Kind(k))))
		}
	}
	if len(names) == 0 {
		return "no cards"
	}
	return strings.Join(names, ", ")
}

// Text is the status for a terminal, within 80 columns.
func (st Status) Text(two bool) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Phase: %s   (as %s)\n", st.Phase, st.Viewer)
	// Columns line up whatever the length of the names and counts in them,
	// five seats within 80 columns.
	tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', 0)
	wide := 0
	for _, s := range st.Seats {
		wide = max(wide, utf8.RuneCountInString(s.Colour)+1)
	}
	for _, s := range st.Seats {
		score := fmt.Sprintf("%2d ninjas", s.Ninjas)
		if two {
			score += fmt.Sprintf(", %d prey eliminated", s.Taken)
		}
		cards := fmt.Sprintf("%d cards", s.Cards)
		if s.Cards == 1 {
			cards = "1 card"
		}
		line := fmt.Sprintf("%s seat %d %-*s%s, %s\tprey: %s", marker(st, s.Seat), s.Seat, wide, s.Colour, score, cards, strings.Join(s.Prey, ", "))
		switch len(s.Hunters) {
		case 1:
			line += "\thunter: " + s.Hunters[0]
		case 2:
			line += "\thunters: " + strings.Join(s.Hunters, ", ")
		}
		switch {
		case len(s.Neutral) > 0 && two:
			line += "\trival: " + s.Neutral[0]
		case len(s.Neutral) > 0:
			line += "\tacross: " + s.Neutral[0]
		}
		if s.Bot {
			line += "\t(bot)"
		}
		fmt.Fprintln(tw, line)
	}
	_ = tw.Flush()
	for _, s := range st.Seats {
		if s.Hand != "" {
			sb.WriteString(strings.ReplaceAll(Wrap(st.handLine(s), 78, "    "), "\x00", " ") + "\n")
		}
	}
	switch {
	case st.Result != nil:
		sb.WriteString(st.Summary.text(st.Result, two))
	case len(st.Choices) > 0:
		fmt.Fprintf(&sb, "Waiting for seat(s) %s to keep cards: ninjakit companion blades keep --as SEAT\n", strings.Join(st.Choices, ", "))
	default:
		fmt.Fprintf(&sb, "Seat %d (%s) to move; %d pass(es) in a row so far.\n", st.Turn, st.Seats[st.Turn-1].Colour, st.Passes)
	}
	return sb.String()
}

// handLine shows a hand with each card's price and the total against the
// keep limit: "Hand of seat 1 (Red): Bomb (5), 2 Shuriken (2 each); kept, worth 9
// of at most 10".
func (st Status) handLine(s SeatStatus) string {
	var cards []string
	for _, c := range s.Priced {
		if c.Count == 1 {
			cards = append(cards, fmt.Sprintf("%s (%d)", c.Name, c.Price))
		} else {
			cards = append(cards, fmt.Sprintf("%d %s (%d each)", c.Count, c.Name, c.Price))
		}
	}
	if len(cards) == 0 {
		cards = []string{"no cards"}
	}
	// Wrapping breaks lines between cards, never inside a card's name.
	for i, c := range cards {
		cards[i] = strings.ReplaceAll(c, " ", "\x00")
	}
	line := fmt.Sprintf("  Hand of seat %d (%s): %s", s.Seat, s.Colour, strings.Join(cards, ", "))
	if s.Choosing {
		return line + fmt.Sprintf("; dealt, worth %d: keep cards worth at most %d", s.HandCost, st.Limit)
	}
	return line + fmt.Sprintf("; kept, worth %d of at most %d", s.HandCost, st.Limit)
}

// Wrap breaks a line at spaces to fit width, indenting what follows.
func Wrap(s string, width int, indent string) string {
	var sb strings.Builder
	line := 0
	for i, w := range strings.Split(s, " ") {
		if i > 0 && line+1+len(w) > width && line > len(indent) {
			sb.WriteString("\n" + indent)
			line = len(indent)
		} else if i > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(w)
		line += len(w)
	}
	return sb.String()
}

func marker(st Status, seat int) string {
	if st.Result == nil && len(st.Choices) == 0 && st.Turn == seat {
		return ">"
	}
	return " "
}

// Edges says where each seat sits round the board, as the printed sheet
// and the board text show it: seat 1 at the bottom (row 1), the others
// anticlockwise, the way play passes.
func (t *Table) Edges() string {
	colours := make([]string, t.Players())
	for i := range colours {
		colours[i] = t.rules.Name(t.Pos.Colour(engine.Seat(i)))
	}
	return bladespdf.SeatEdgesLine(colours) + "\n"
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

// LogLines lists the actions so far as a role may read them, told in table
// words: a kept hand shows only to whoever may see that hand; cards undo
// took back stay noted (ruling B-19), and so does a reveal (ruling B-22).
func (t *Table) LogLines(r Role) []LogLine {
	var out []LogLine
	for _, e := range t.fullLog() {
		if e.Kind == noteKind {
			out = append(out, LogLine{Seq: e.Seq, Who: "table", Action: e.Said})
			continue
		}
		who := t.rules.Name(t.Pos.Colour(e.Seat))
		l := LogLine{Seq: e.Seq, Seat: int(e.Seat) + 1, Who: fmt.Sprintf("seat %s", e.Seat), Action: e.Said}
		if e.Kind == "keep" {
			h, _ := engine.ParseHand(e.Text)
			l.Action = fmt.Sprintf("%s keeps %d card(s)", who, h.Size())
			if t.sees(r, e.Seat) {
				l.Action = fmt.Sprintf("%s keeps %s", who, t.handNames(h))
			}
		} else {
			l.Move = e.Text
		}
		out = append(out, l)
	}
	return companion.WithNotes(out, t.notes())
}

// LogLine is one logged action as a role may read it; Move is the engine
// notation of a move, for programs.
type LogLine struct {
	Seq    int    `json:"seq"`
	Seat   int    `json:"seat"` // from 1; 0 for the table's note
	Who    string `json:"who"`
	Action string `json:"action"`
	Move   string `json:"move,omitempty"`
	// TakenBack marks the public note of a card a taken-back play showed.
	TakenBack bool `json:"takenBack,omitempty"`
}

// LineSeq is the seq of the event the line tells.
func (l LogLine) LineSeq() int { return l.Seq }

// IsTakenBack says the line is the note of a taken-back event.
func (l LogLine) IsTakenBack() bool { return l.TakenBack }

func (l LogLine) String() string { return fmt.Sprintf("%3d  %s: %s", l.Seq, l.Who, l.Action) }

// Players is the number of seats.
func (t *Table) Players() int { return t.Pos.Players() }
