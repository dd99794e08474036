package blades

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/ninjakit/ninjakit/layouts"
	bladespdf "github.com/ninjakit/ninjakit/layouts/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// View is a setup as printed for people and as --json gives it.
type View struct {
	Code        string     `json:"code"`
	Fingerprint string     `json:"fingerprint"`
	Game        string     `json:"game"`
	Title       string     `json:"title"`
	Players     int        `json:"players"`
	Cards       string     `json:"cards"`
	Seats       []SeatView `json:"seats"`
	CommonPrey  string     `json:"commonPrey,omitempty"`
	Columns     string     `json:"columns"`
	// Rows are the board from the top row down, a colour letter per cell and
	// '#' for a cell out of play, as the companion's board shows it.
	Rows      []string   `json:"rows"`
	FirstSeat int        `json:"firstSeat"`
	Position  string     `json:"position"`
	QRPayload string     `json:"qrPayload"`
	Hands     []HandView `json:"hands,omitempty"`
	Notes     []string   `json:"notes"`
	// Balance is the seats' estimated win rates of a --balanced setup.
	Balance *Balanced `json:"balance,omitempty"`
}

// SeatView is one seat with its relations, by colour name.
type SeatView struct {
	Seat    int      `json:"seat"`
	Colour  string   `json:"colour"`
	Letter  string   `json:"letter"`
	Prey    []string `json:"prey"`
	Hunters []string `json:"hunters"`
	Neutral []string `json:"neutral,omitempty"`
}

// HandView is a dealt hand.
type HandView struct {
	Seat   int        `json:"seat"`
	Colour string     `json:"colour"`
	Cards  []CardView `json:"cards"`
	Total  int        `json:"total"`
	Limit  int        `json:"keepLimit"`
}

// CardView is one dealt card.
type CardView struct {
	Name  string `json:"name"`
	Price int    `json:"price"`
}

// View describes the setup. Hands appear only when withHands is set: callers
// pass it for open hands, or for dealt hands the user asked to see.
func (s *Setup) View(r *engine.Rules, shareURL string, withHands bool) (View, error) {
	p, err := engine.NewPosition(r, s.Start)
	if err != nil {
		return View{}, err
	}
	b := p.Board()
	v := View{
		Code: s.Code.String(), Fingerprint: s.Fingerprint, Game: "blades", Players: s.Players,
		Cards: s.Cards.String(), FirstSeat: int(s.Start.First) + 1,
		Position: p.Public().String(), QRPayload: s.Code.Payload(shareURL), Balance: s.Balanced,
	}
	v.Title = r.Data.House.Name
	if s.Players >= 4 {
		v.Title = r.Data.Temple.Name
	}
	names := func(cs []engine.Colour) []string {
		out := []string{}
		for _, c := range cs {
			out = append(out, r.Name(c))
		}
		return out
	}
	for i := range s.Players {
		seat := engine.Seat(i)
		v.Seats = append(v.Seats, SeatView{
			Seat: i + 1, Colour: r.Name(p.Colour(seat)), Letter: string(r.Letter(p.Colour(seat))),
			Prey: names(p.Prey(seat)), Hunters: names(p.Hunters(seat)), Neutral: names(p.Neutral(seat)),
		})
	}
	if s.Players == 2 {
		v.CommonPrey = r.Name(p.Target())
	}
	for c := range b.Cols {
		v.Columns += string(rune('a' + c))
	}
	for row := b.Rows - 1; row >= 0; row-- {
		line := make([]byte, b.Cols)
		for c := range b.Cols {
			cell := engine.Cell(row*b.Cols + c)
			line[c] = bladespdf.CellOutOfPlay
			if col, ok := p.At(cell); ok && b.InPlay(cell) {
				line[c] = r.Letter(col)
			}
		}
		v.Rows = append(v.Rows, string(line))
	}
	if withHands {
		for i, h := range s.Hands {
			hv := HandView{Seat: i + 1, Colour: r.Name(p.Colour(engine.Seat(i))), Total: r.Price(h), Limit: r.KeepLimit}
			for _, k := range h.Kinds() {
				c := r.Data.Deck.Cards[k]
				hv.Cards = append(hv.Cards, CardView{Name: c.Name, Price: c.Price})
			}
			v.Hands = append(v.Hands, hv)
		}
	}
	v.Notes = s.notes(r, v.CommonPrey, withHands, false)
	return v, nil
}

// notes are the table instructions printed with a setup. prey is the
// colour both players hunt in a 2-player game; slips says whether the dealt
// hands are printed with it; onSheet says the notes go on the PDF, where the
// hands follow on later pages, rather than on a screen, where they come first.
func (s *Setup) notes(r *engine.Rules, prey string, slips, onSheet bool) []string {
	n := []string{fmt.Sprintf("Each seated player takes the %d ninjas of their colour and sets them out as shown, one per cell.", r.Data.NinjasPerDojo)}
	switch s.Players {
	case 2:
		n = append(n, "The third colour belongs to nobody: both players hunt it, keep the ninjas they eliminate, and may only harm each other with Bomb and Double Dragon.")
	case 4:
		n = append(n, "The three shaded columns at the end away from the Buddha stay empty and out of play for everything.")
	}
	each := r.Data.Deck.Size / s.Players
	rest := r.Data.Deck.Size - each*s.Players
	keep := fmt.Sprintf("keeps cards worth at most %d in total and discards the rest face down", r.KeepLimit)
	switch s.Cards {
	case CardsHidden:
		out := ""
		if rest > 0 {
			out = fmt.Sprintf(" (%d stay out of the game)", rest)
		}
		n = append(n, fmt.Sprintf("Shuffle the %d Special Attack cards and deal %d to each player%s; each player secretly %s.", r.Data.Deck.Size, each, out, keep))
	case CardsDealt:
		switch {
		case !slips:
			n = append(n, fmt.Sprintf("Hands of %d cards were dealt privately (by the companion, or on the slips printed with the first sheet) and are not printed here; each player, from their own hand, %s.", each, keep))
		case onSheet:
			n = append(n, fmt.Sprintf("Hands of %d cards are dealt by ninjakit on the private slips after this page: cut them apart and hand each player their own, folded. Each player, from their own slip, %s.", each, keep))
		default:
			n = append(n, fmt.Sprintf("Hands of %d cards are dealt by ninjakit on the private slips in the PDF; each player, from their own slip, %s. Keep your slip hidden.", each, keep))
		}
	case CardsOpen:
		where := "listed above"
		if onSheet {
			where = "printed on the next page"
		}
		n = append(n, fmt.Sprintf("Open hands: the deal, %d cards each, is public and %s; each player %s, then plays with the kept cards face up.", each, where, keep))
	case CardsNone:
		n = append(n, "No Special Attack cards in this game.")
	}
	turn := "Play passes to the next seat: your prey sits on your right."
	if s.Players == 2 {
		turn = fmt.Sprintf("Play passes to the other player. Neither is the other's prey: the prey of both is %s, the third colour, which has no seat.", prey)
	}
	n = append(n, turn+" Attack, play a card, or pass; when everyone passes in a row the game ends.")
	return n
}

var cardsPhrase = map[string]string{
	"hidden": "hidden hands", "dealt": "hidden hands dealt by ninjakit", "open": "open hands", "none": "no cards",
}

// Text is the setup for a terminal, within 80 columns.
func (v View) Text() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %d players, %s\n", v.Title, v.Players, cardsPhrase[v.Cards])
	fmt.Fprintf(&sb, "Share code  %s   (%s)\n\n", v.Code, v.Fingerprint)
	header := "    " + strings.Join(strings.Split(v.Columns, ""), " ")
	sb.WriteString(header + "\n")
	for i, row := range v.Rows {
		n := len(v.Rows) - i
		fmt.Fprintf(&sb, "%3d %s %d\n", n, strings.Join(strings.Split(row, ""), " "), n)
	}
	sb.WriteString(header + "\n")
	sb.WriteString(wrap(v.Edges(), 78, "  ") + "\n\n")
	sb.WriteString("Seats in turn order:\n")
	// Columns line up whatever the length of the colour names in them.
	tw := tabwriter.NewWriter(&sb, 0, 0, 3, ' ', 0)
	for _, s := range v.Seats {
		line := fmt.Sprintf("  %d %-7s prey: %s", s.Seat, s.Colour, strings.Join(s.Prey, ", "))
		switch len(s.Hunters) {
		case 1:
			line += "\thunter: " + s.Hunters[0]
		case 2:
			line += "\thunters: " + strings.Join(s.Hunters, ", ")
		}
		if len(s.Neutral) > 0 {
			line += "\tneutral: " + strings.Join(s.Neutral, ", ")
		}
		fmt.Fprintln(tw, line)
	}
	_ = tw.Flush()
	fmt.Fprintf(&sb, "First player: seat %d (%s)\n", v.FirstSeat, v.Seats[v.FirstSeat-1].Colour)
	// Dealt hidden hands stay off the screen everyone can see; they are on
	// the private slips.
	for _, h := range v.Hands {
		if v.Cards != "open" {
			break
		}
		var cards []string
		for _, c := range h.Cards {
			cards = append(cards, fmt.Sprintf("%s %d", c.Name, c.Price))
		}
		fmt.Fprintf(&sb, "Hand of seat %d (%s), worth %d, keep at most %d:\n  %s\n", h.Seat, h.Colour, h.Total, h.Limit, strings.Join(cards, ", "))
	}
	for _, n := range v.Notes {
		sb.WriteString(wrap("- "+n, 78, "  ") + "\n")
	}
	if v.Balance != nil {
		sb.WriteString(v.Balance.Text())
	}
	return sb.String()
}

// Text reports the balancing for a terminal: how the setup was chosen, then
// each seat's estimated win rate with its 95% interval.
func (b *Balanced) Text() string {
	var sb strings.Builder
	sb.WriteString(wrap(b.Summary(), 78, "") + "\n")
	for _, s := range b.Seats {
		fmt.Fprintf(&sb, "  seat %d: %s\n", s.Seat, s.Interval())
	}
	return sb.String()
}

// Summary is one sentence on how the setup was chosen.
func (b *Balanced) Summary() string {
	return fmt.Sprintf("Balanced by simulation: candidate %d of %d drawn from seed %d, %d %s bot games each; "+
		"Ludii balance %.2f (1 minus the largest gap between two seats' scores, a win shared by k seats 1/k each), "+
		"estimated win rates with 95%% intervals:", b.Candidate, b.Candidates, b.From, b.Games, b.Level, b.Balance.Balance)
}

// Interval is a seat's rate and interval as people read it.
func (s SeatRate) Interval() string {
	return fmt.Sprintf("%.1f%% (%.1f%%-%.1f%%)", 100*s.Rate, 100*s.Low, 100*s.High)
}

// Edges says where each seat sits round the board, as the printed sheet
// shows it: seat 1 at the bottom (row 1), the others anticlockwise.
func (v View) Edges() string {
	colours := make([]string, len(v.Seats))
	for i, s := range v.Seats {
		colours[i] = s.Colour
	}
	return bladespdf.SeatEdgesLine(colours)
}

func wrap(s string, width int, indent string) string {
	var sb strings.Builder
	line := 0
	for i, w := range strings.Fields(s) {
		if i > 0 && line+1+len(w) > width {
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

// Sheet is the printable setup. Private slips are added only with slips set
// (dealt hands the user asked to print); open hands always print.
func (s *Setup) Sheet(r *engine.Rules, v View, paper layouts.Paper, slips bool) (bladespdf.Sheet, error) {
	sh := bladespdf.Sheet{
		Paper: paper, Title: v.Title, ColLabels: v.Columns, FirstSeat: v.FirstSeat,
		ShareCode: v.Code, Fingerprint: v.Fingerprint, QRPayload: v.QRPayload,
		Notes: s.notes(r, v.CommonPrey, slips, true),
	}
	if b := s.Balanced; b != nil {
		rates := make([]string, len(b.Seats))
		for i, x := range b.Seats {
			rates[i] = fmt.Sprintf("seat %d %s", x.Seat, x.Interval())
		}
		sh.Notes = append(sh.Notes, b.Summary()+" "+strings.Join(rates, "; ")+".")
	}
	// An en dash: the Go fonts draw the middle dot high above the baseline.
	sh.Subtitle = fmt.Sprintf("%d players – %s", s.Players, cardsPhrase[v.Cards])
	if s.Players >= 4 {
		sh.Buddha = r.Data.Temple.Buddha
		// The House part lies away from the Buddha, the extension towards it.
		sh.Join = r.Data.House.Columns
		if sh.Buddha == "left" {
			sh.Join = r.Data.Temple.Columns - r.Data.House.Columns
		}
	}
	sh.Board = v.Rows
	onBoard := map[byte]bool{}
	for _, row := range v.Rows {
		for i := range len(row) {
			onBoard[row[i]] = true
		}
	}
	// A dojo's pattern follows its place in the data, so Blue looks the
	// same on every sheet whoever else plays.
	for i, d := range r.Data.Dojos {
		if onBoard[d.Letter[0]] {
			sh.Dojos = append(sh.Dojos, bladespdf.Dojo{Letter: d.Letter[0], Name: d.Name, RGB: d.RGB, Pattern: i % bladespdf.Patterns})
		}
	}
	p, err := engine.NewPosition(r, s.Start)
	if err != nil {
		return bladespdf.Sheet{}, err
	}
	letters := func(cs []engine.Colour) []byte {
		var out []byte
		for _, c := range cs {
			out = append(out, r.Letter(c))
		}
		return out
	}
	for i := range s.Players {
		seat := engine.Seat(i)
		sh.Seats = append(sh.Seats, bladespdf.SeatLine{Seat: i + 1, Dojo: r.Letter(p.Colour(seat)), Prey: letters(p.Prey(seat)), Hunters: letters(p.Hunters(seat)), Neutral: letters(p.Neutral(seat))})
	}
	var hands []bladespdf.HandSlip
	for i, h := range s.Hands {
		slip := bladespdf.HandSlip{Seat: i + 1, Dojo: v.Seats[i].Letter[0], Limit: r.KeepLimit}
		for _, k := range h.Kinds() {
			c := r.Data.Deck.Cards[k]
			slip.Cards = append(slip.Cards, bladespdf.CardLine{Name: c.Name, Price: c.Price})
		}
		hands = append(hands, slip)
	}
	switch {
	case s.Cards == CardsOpen:
		sh.OpenHands = hands
	case slips:
		sh.Slips = hands
	}
	if len(sh.OpenHands)+len(sh.Slips) > 0 {
		sh.Legend = legend(r)
	}
	return sh, nil
}

// legend is every kind of card in the deck, in the data file's order: the
// same list on every sheet, and one that does not tell the table which kinds
// were left out of a hidden deal.
func legend(r *engine.Rules) []bladespdf.CardLine {
	out := make([]bladespdf.CardLine, len(r.Data.Deck.Cards))
	for i, c := range r.Data.Deck.Cards {
		out[i] = bladespdf.CardLine{Name: c.Name, Price: c.Price, Text: c.Text}
	}
	return out
}
