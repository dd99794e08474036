package blind

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Kind is one of the four orders.
type Kind uint8

// The orders. Only a slash is heard.
const (
	Move Kind = iota
	Turn
	Stand
	Slash
)

var kindLetters = [...]string{"m", "t", "s", "x"}
var kindNames = [...]string{"move", "turn", "stand", "slash"}

func (k Kind) String() string { return kindNames[k] }

// Ninjas is how many ninjas each player has.
const Ninjas = 4

// Order is one ninja's order for a turn. Ninjas are numbered 1 to 4 by
// their starting squares in label order and keep their number (W-6).
type Order struct {
	Ninja int
	Kind  Kind
	Face  Facing // Turn only
}

// String writes an order as the numbered notation reads it: 2:m, 3:t:e.
func (o Order) String() string {
	return strconv.Itoa(o.Ninja) + ":" + o.short()
}

func (o Order) short() string {
	if o.Kind == Turn {
		return "t:" + o.Face.Letter()
	}
	return kindLetters[o.Kind]
}

// ActKind says what an action is.
type ActKind uint8

// Actions: a player places their ninjas (8x8 grid, before the first turn)
// or gives the orders of their turn.
const (
	ActStart ActKind = iota
	ActOrders
)

// Action is one player's placement or turn.
type Action struct {
	Kind    ActKind
	Seat    rules.Seat
	Squares []Square // ActStart
	Orders  []Order  // ActOrders, in the order given
}

// String is the action's notation: "1 orders 1:m 2:t:e 3:s 4:x",
// "2 start b8 c8 f8 g8".
func (a Action) String() string {
	w := []string{a.Seat.String()}
	if a.Kind == ActStart {
		w = append(w, "start")
		for _, q := range a.Squares {
			w = append(w, strings.ToLower(q.String()))
		}
		return strings.Join(w, " ")
	}
	w = append(w, "orders")
	for _, o := range a.Orders {
		w = append(w, o.String())
	}
	return strings.Join(w, " ")
}

// ParseAction reads an action's notation for a game of players seats.
func ParseAction(text string, players int) (Action, error) {
	f := strings.Fields(text)
	if len(f) < 2 {
		return Action{}, fmt.Errorf("%w: action %q: want SEAT start|orders ...", rules.ErrNotation, text)
	}
	seat, err := rules.ParseSeat(f[0], players)
	if err != nil {
		return Action{}, fmt.Errorf("%w: %v", rules.ErrNotation, err)
	}
	a := Action{Seat: seat}
	switch f[1] {
	case "start":
		a.Kind = ActStart
		a.Squares, err = ParseSquares(f[2:])
	case "orders":
		a.Kind = ActOrders
		a.Orders, err = ParseOrders(strings.Join(f[2:], " "), nil)
	default:
		err = fmt.Errorf("%w: action %q: want start or orders", rules.ErrNotation, f[1])
	}
	return a, err
}

// ParseSquares reads the squares of a start.
func ParseSquares(words []string) ([]Square, error) {
	var out []Square
	for _, w := range words {
		q, err := ParseSquare(w)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", rules.ErrNotation, err)
		}
		out = append(out, q)
	}
	return out, nil
}

// ParseOrders reads a turn's orders. Each order is m (move), t:F (turn to
// n, e, s or w), s (stand) or x (slash). Numbered, as 2:x 1:m, they are
// given in the order written (W-9). Unnumbered, as m t:e s x, they go to
// the living ninjas in number order, and the silent ones are given first
// (W-8); living lists those numbers. Whether the orders can be carried out
// is for the game to say.
func ParseOrders(text string, living []int) ([]Order, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return nil, fmt.Errorf("%w: no orders: give one per ninja, as m t:e s x", rules.ErrNotation)
	}
	var out []Order
	numbered := 0
	for i, w := range words {
		o := Order{Ninja: i + 1}
		if n, rest, ok := strings.Cut(w, ":"); ok && len(n) == 1 && n[0] >= '0' && n[0] <= '9' {
			o.Ninja = int(n[0] - '0')
			w = rest
			numbered++
		} else if living != nil {
			o.Ninja = 0 // more orders than living ninjas: the game refuses it
			if i < len(living) {
				o.Ninja = living[i]
			}
		}
		switch {
		case w == "m" || w == "move":
			o.Kind = Move
		case w == "s" || w == "stand":
			o.Kind = Stand
		case w == "x" || w == "slash":
			o.Kind = Slash
		case strings.HasPrefix(w, "t:") || strings.HasPrefix(w, "turn:"):
			_, f, _ := strings.Cut(w, ":")
			face, err := ParseFacing(f)
			if err != nil {
				return nil, fmt.Errorf("%w: order %q: %v", rules.ErrNotation, words[i], err)
			}
			o.Kind, o.Face = Turn, face
		default:
			return nil, fmt.Errorf("%w: order %q: write m, t:n/e/s/w, s or x", rules.ErrNotation, words[i])
		}
		out = append(out, o)
	}
	if numbered != 0 && numbered != len(out) {
		return nil, fmt.Errorf("%w: number every order (1:m 2:x) or none (m x)", rules.ErrNotation)
	}
	if numbered == 0 {
		slices.SortStableFunc(out, func(a, b Order) int { return b2i(a.Kind == Slash) - b2i(b.Kind == Slash) })
	}
	return out, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
