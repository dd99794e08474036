package tui

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// blades adapts a Flying Blades session to the table mode.
type blades struct {
	src  Source
	name string
	t    *cb.Table
	prev *cb.Table // the game before the last move, to show what it removed
	botSeats
}

// NewBlades loads a Flying Blades session for the table mode.
func NewBlades(src Source) (Game, error) {
	b := &blades{src: src}
	b.botSeats = newBotSeats(src, cb.NextBot, b.Refresh)
	return b, b.Refresh()
}

func (b *blades) Refresh() error {
	s, t, err := replayed(b.src, cb.Replay)
	if err != nil {
		return err
	}
	b.name, b.t, b.prev = s.Name, t, nil
	if err := b.load(s); err != nil {
		return err
	}
	if n := len(s.Events); n > 0 && s.Events[n-1].Kind == "move" {
		// The position before the last move is the live log without it;
		// taken-back events change no position (ruling C-12), and one
		// that stood above the shorter log could not be replayed on it.
		s.Events, s.Retracted = s.Events[:n-1], nil
		if b.prev, err = cb.Replay(s); err != nil {
			return err
		}
	}
	return nil
}

func (b *blades) Title() string { return "Flying Blades, session " + b.name }

func (b *blades) role(v Viewer) cb.Role {
	if v == Table {
		return cb.TableRole
	}
	return b.t.RoleOf(engine.Seat(v))
}

func (b *blades) colour(s engine.Seat) string { return b.t.Pos.Rules().Name(b.t.Pos.Colour(s)) }

func (b *blades) Name(v Viewer) string {
	if v < 0 || int(v) >= b.t.Players() {
		return ""
	}
	if b.Bot(v) {
		return fmt.Sprintf("seat %d (%s, bot)", v+1, b.colour(engine.Seat(v)))
	}
	return fmt.Sprintf("seat %d (%s)", v+1, b.colour(engine.Seat(v)))
}

func (b *blades) Seat(word string) (Viewer, bool) {
	r, err := b.t.ParseRole(word)
	if err != nil || r.Table {
		return Table, false
	}
	return Viewer(r.Seat), true
}

func (b *blades) Waiting() (Viewer, bool) {
	p := b.t.Pos
	switch p.Phase() {
	case engine.Choosing:
		for s := range p.Players() {
			if p.Choosing(engine.Seat(s)) {
				return Viewer(s), true
			}
		}
	case engine.Playing:
		return Viewer(p.Turn()), true
	}
	return Table, false
}

// Private: only a hidden hand is hidden in Flying Blades; cards are kept
// in the owner's view even when hands are open, since a keep is the
// owner's choice.
func (b *blades) Private(v Viewer) bool {
	if b.Bot(v) {
		return false
	}
	p := b.t.Pos
	return p.Cards() == engine.HiddenHands || v >= 0 && int(v) < p.Players() && p.Choosing(engine.Seat(v))
}

func (b *blades) Secret(v Viewer, s Styles) string {
	// A bot seat's hand is the companion's alone (ruling B-24).
	if v == Table || b.Bot(v) {
		return ""
	}
	p := b.t.Pos
	seat := engine.Seat(v)
	st := b.t.Status(b.role(v))
	var sb strings.Builder
	// Wrapped to 78 columns: the table mode must fit an 80-column terminal.
	sb.WriteString(cb.Wrap("Your hand: "+st.Seats[v].Hand, 78, "  ") + "\n")
	if p.Choosing(seat) {
		var prices []string
		for _, k := range p.Hand(seat).Kinds() {
			prices = append(prices, fmt.Sprintf("%s %d", p.Rules().Data.Deck.Cards[k].Name, p.Rules().Data.Deck.Cards[k].Price))
		}
		sb.WriteString(cb.Wrap(fmt.Sprintf("Keep cards worth at most %d (prices: %s): type keep CARD..., or keep none.", p.Rules().KeepLimit, strings.Join(dedupe(prices), ", ")), 78, "  ") + "\n")
	}
	return sb.String()
}

func dedupe(ss []string) []string {
	var out []string
	for i, s := range ss {
		if i == 0 || ss[i-1] != s {
			out = append(out, s)
		}
	}
	return out
}

func (b *blades) Choices(v Viewer) []Choice {
	p := b.t.Pos
	if w, ok := b.Waiting(); b.Bot(v) || ok && b.Bot(w) {
		return nil
	}
	if v != Table && p.Choosing(engine.Seat(v)) {
		return b.keeps(engine.Seat(v))
	}
	var out []Choice
	for _, m := range b.t.Moves(b.role(v)).Moves {
		f := strings.Fields(m)
		var path []string
		switch len(f) {
		case 2:
			path = f[:1]
		case 3:
			path = []string{f[0], "from " + f[1]}
		}
		out = append(out, Choice{Path: path, Text: m})
	}
	return out
}

// keeps lists every choice of dealt cards within the keep limit, most
// cards first.
func (b *blades) keeps(seat engine.Seat) []Choice {
	r := b.t.Pos.Rules()
	dealt := b.t.Pos.Hand(seat)
	var hands []engine.Hand
	var walk func(k int, h engine.Hand)
	walk = func(k int, h engine.Hand) {
		if r.Price(h) > r.KeepLimit {
			return
		}
		if k == int(engine.NumKinds) {
			hands = append(hands, h)
			return
		}
		for n := range dealt[k] + 1 {
			h[k] = n
			walk(k+1, h)
		}
	}
	walk(0, engine.Hand{})
	var out []Choice
	for size := dealt.Size(); size >= 0; size-- {
		for _, h := range hands {
			if h.Size() != size {
				continue
			}
			var names []string
			for _, k := range h.Kinds() {
				names = append(names, k.String())
			}
			text := "keep " + strings.Join(names, " ")
			if size == 0 {
				text = "keep none"
			}
			out = append(out, Choice{Path: []string{"keep", fmt.Sprintf("%d card(s)", size)}, Text: text})
		}
	}
	return out
}

func (b *blades) Words(v Viewer) []string {
	words := []string{"pass", "attack"}
	if v == Table || !b.Private(v) {
		return words
	}
	if b.t.Pos.Choosing(engine.Seat(v)) {
		words = append(words, "keep", "keep none")
	}
	for k := range engine.NumKinds {
		words = append(words, k.String())
	}
	return words
}

// Do plays a move, or keeps dealt cards, through the store exactly as the
// one-shot move and keep commands do.
func (b *blades) Do(v Viewer, text string) (string, error) {
	role := b.role(v)
	if v == Table && strings.HasPrefix(strings.ToLower(text), "keep") {
		return "", fmt.Errorf("cards are kept in their owner's own view: type hand SEAT, or Enter on an empty line")
	}
	err := b.src.Append(func(s companion.Session) ([]companion.Event, error) {
		t, err := cb.Replay(s)
		if err != nil {
			return nil, err
		}
		var e companion.Event
		if cards, ok := strings.CutPrefix(strings.ToLower(text), "keep"); ok && (cards == "" || cards[0] == ' ') {
			e, err = t.Keep(role, strings.TrimSpace(cards))
		} else {
			e, err = t.Move(role, text)
		}
		if err != nil {
			return nil, err
		}
		return []companion.Event{e}, nil
	})
	if err != nil {
		return "", err
	}
	if err := b.Refresh(); err != nil {
		return "", err
	}
	// The play just made; notes of plays taken back may stand after it.
	last := companion.LastPlayed(b.t.LogLines(cb.TableRole))
	return fmt.Sprintf("%s: %s", last.Who, last.Action), nil
}

func (b *blades) Undo(Viewer) (string, error) {
	e, err := takeBack[*cb.Table](b.src, cb.Replay, nil)
	if err != nil {
		return "", err
	}
	if err := b.Refresh(); err != nil {
		return "", err
	}
	return b.t.Undone(b.role(Table), e), nil
}
