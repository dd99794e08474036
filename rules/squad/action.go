package squad

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// ActionType says what an action does.
type ActionType uint8

// Action types. Seat is the ninja concerned; for plays it is the seat to act.
const (
	ActPlay     ActionType = iota // play face-up card Card along Route, with what the move met
	ActDash                       // Ninja Dash: both face-up cards, Route then Route2
	ActFreeze                     // no route is possible: discard the face-up cards
	ActSenjutsu                   // use a Senjutsu card of Kind
	ActBuki                       // use a Buki card of Kind against a guard or a rival
	ActFire                       // shoot a Fire Arrow (uses an arrow card): a tile burns
	ActFlask                      // pour a Water Flask on a fire
	ActStar                       // throw the Throwing Star token
	ActSetTrap                    // set the Wana token of Kind
	ActSpring                     // Seat's trap of Kind was sprung by the ninja to act, or by the rival in Seats knocked onto it (Trip Wire: Lost is the card)
	ActEndTurn                    // close a turn left open for a freshly drawn Buki card
	ActTimeUp                     // Super Speedy Ninjas: the timer ended the movement phase
	ActExposed                    // the seats on a road or out of cover at the phase's end
	ActPatrols                    // Guard Phase step 1 done; the seats listed took out a guard
	ActDraw                       // physical piles: the card of Kind came up for Seat
	ActGuard                      // Seat, not the ninja to act, took out a guard it was knocked into or that was moved onto it
	ActReached                    // Seat, not the ninja to act, was moved by someone else's effect and went through or onto what Met says (no guard)
)

var actionNames = [...]string{"play", "dash", "freeze", "senjutsu", "buki", "fire", "flask", "star", "set", "spring", "end", "time-up", "exposed", "patrols", "draw", "guard", "reached"}

func (t ActionType) String() string {
	if int(t) < len(actionNames) {
		return actionNames[t]
	}
	return "?"
}

// NoSeat marks the absence of a seat.
const NoSeat = rules.NoSeat

// Met is what a move went through or onto: Cubes Senjutsu (raid) or Buki
// (escape) cubes, Lanterns lit, a Guard taken out, and Home when the ninja
// reached the palace roof (raid) or the Blue Forest (escape).
type Met struct {
	Cubes, Lanterns int
	Guard, Home     bool
}

func (m Met) words() []string {
	var w []string
	if m.Cubes > 0 {
		w = append(w, "c"+strconv.Itoa(m.Cubes))
	}
	if m.Lanterns > 0 {
		w = append(w, "l"+strconv.Itoa(m.Lanterns))
	}
	if m.Guard {
		w = append(w, "guard")
	}
	if m.Home {
		w = append(w, "home")
	}
	return w
}

// Action is one reported event at the table. It is a plain comparable value:
// two actions are the same exactly when they are ==.
type Action struct {
	Type   ActionType
	Seat   rules.Seat
	Card   int // face-up card played, 1 or 2
	Route  int // route on that card, 1 or 2
	Route2 int // dash: route on the second card
	Met    Met
	Pile   Pile
	Kind   string
	Lost   string  // Trip Wire: the Buki card lost, "" for none or drawn by the engine
	Seats  SeatSet // exposed or patrol take-outs; spring: the rival knocked onto the trap (none: the ninja to act)
}

// SeatSet is a set of seats as a bit mask, so Action stays comparable.
type SeatSet uint8

func (s SeatSet) has(seat rules.Seat) bool { return s&(1<<seat) != 0 }

func (s SeatSet) String() string {
	var w []string
	for seat := rules.Seat(0); seat < 8; seat++ {
		if s.has(seat) {
			w = append(w, seat.String())
		}
	}
	if len(w) == 0 {
		return "-"
	}
	return strings.Join(w, ",")
}

func parseSeatSet(text string, players int) (SeatSet, error) {
	if text == "-" {
		return 0, nil
	}
	var s SeatSet
	for _, f := range strings.Split(text, ",") {
		seat, err := rules.ParseSeat(f, players)
		if err != nil {
			return 0, err
		}
		if s.has(seat) {
			return 0, fmt.Errorf("seat %s is listed twice", seat)
		}
		s |= 1 << seat
	}
	return s, nil
}

// Seats makes the set of seats an exposed or patrols action lists.
func Seats(seats ...rules.Seat) SeatSet {
	var s SeatSet
	for _, seat := range seats {
		s |= 1 << seat
	}
	return s
}

// Has reports whether the action's seat set lists seat.
func (a Action) Has(seat rules.Seat) bool { return a.Seats.has(seat) }

// Rival is the seat a spring names as knocked onto the trap, NoSeat when
// the ninja to act stepped on it.
func (a Action) Rival() rules.Seat {
	for s := rules.Seat(0); s < 8; s++ {
		if a.Type == ActSpring && a.Seats.has(s) {
			return s
		}
	}
	return NoSeat
}

func (a Action) String() string {
	w := []string{a.Type.String()}
	switch a.Type {
	case ActPlay:
		w = append(w, fmt.Sprintf("%d.%d", a.Card, a.Route))
		w = append(w, a.Met.words()...)
	case ActDash:
		w = append(w, fmt.Sprintf("%d.%d", a.Route, a.Route2))
		w = append(w, a.Met.words()...)
	case ActSenjutsu, ActBuki, ActSetTrap:
		w = append(w, a.Seat.String(), a.Kind)
	case ActFire, ActFlask, ActStar, ActGuard:
		w = append(w, a.Seat.String())
	case ActReached:
		w = append(w, a.Seat.String())
		w = append(w, a.Met.words()...)
	case ActSpring:
		w = append(w, a.Seat.String(), a.Kind)
		if a.Lost != "" {
			w = append(w, a.Lost)
		}
		if a.Seats != 0 {
			w = append(w, "on", a.Seats.String())
		}
	case ActExposed, ActPatrols:
		w = append(w, a.Seats.String())
	case ActDraw:
		w = append(w, a.Seat.String(), a.Pile.String(), a.Kind)
	}
	return strings.Join(w, " ")
}

// ParseAction reads an action's text for a table of players seats. Kinds are
// checked against the game by Apply, not here.
func ParseAction(text string, players int) (Action, error) {
	a, err := parseAction(strings.Fields(strings.ToLower(text)), players)
	if err != nil {
		return Action{}, fmt.Errorf("%w: action %q: %v", rules.ErrNotation, text, err)
	}
	return a, nil
}

func parseAction(f []string, players int) (Action, error) {
	if len(f) == 0 {
		return Action{}, fmt.Errorf("empty")
	}
	t := ActionType(slices.Index(actionNames[:], f[0]))
	if f[0] == "" || int(t) >= len(actionNames) {
		return Action{}, fmt.Errorf("unknown word %q: start with one of %s", f[0], strings.Join(actionNames[:], ", "))
	}
	a := Action{Type: t, Seat: NoSeat}
	args := f[1:]
	need := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("%s takes %d words after it, not %d", t, n, len(args))
		}
		return nil
	}
	seat := func(i int) error {
		s, err := rules.ParseSeat(args[i], players)
		a.Seat = s
		return err
	}
	switch t {
	case ActPlay, ActDash:
		if len(args) < 1 {
			return a, fmt.Errorf("%s needs its card and route, as 1.2", t)
		}
		x, y, ok := parsePair(args[0])
		if !ok {
			return a, fmt.Errorf("%q: write the card and route as 1.2", args[0])
		}
		if t == ActPlay {
			a.Card, a.Route = x, y
		} else {
			a.Route, a.Route2 = x, y
		}
		m, err := parseMet(args[1:])
		a.Met = m
		return a, err
	case ActReached:
		if len(args) < 1 {
			return a, fmt.Errorf("reached needs the seat moved, then what it met")
		}
		m, err := parseMet(args[1:])
		a.Met = m
		if err != nil {
			return a, err
		}
		return a, seat(0)
	case ActFreeze, ActEndTurn, ActTimeUp:
		return a, need(0)
	case ActSenjutsu, ActBuki, ActSetTrap:
		if err := need(2); err != nil {
			return a, err
		}
		a.Kind = args[1]
		return a, seat(0)
	case ActFire, ActFlask, ActStar, ActGuard:
		if err := need(1); err != nil {
			return a, err
		}
		return a, seat(0)
	case ActSpring:
		if n := len(args); n >= 2 && args[n-2] == "on" {
			v, err := rules.ParseSeat(args[n-1], players)
			if err != nil {
				return a, err
			}
			a.Seats, args = Seats(v), args[:n-2]
		}
		if slices.Contains(args, "on") {
			return a, fmt.Errorf("on needs the seat knocked onto the trap, last")
		}
		if len(args) == 3 {
			a.Lost = args[2]
		} else if err := need(2); err != nil {
			return a, err
		}
		a.Kind = args[1]
		return a, seat(0)
	case ActExposed, ActPatrols:
		if err := need(1); err != nil {
			return a, err
		}
		s, err := parseSeatSet(args[0], players)
		a.Seats = s
		return a, err
	default: // ActDraw
		if err := need(3); err != nil {
			return a, err
		}
		p, err := ParsePile(args[1])
		if err != nil {
			return a, err
		}
		a.Pile, a.Kind = p, args[2]
		return a, seat(0)
	}
}

func parsePair(s string) (int, int, bool) {
	l, r, ok := strings.Cut(s, ".")
	x, err1 := strconv.Atoi(l)
	y, err2 := strconv.Atoi(r)
	return x, y, ok && err1 == nil && err2 == nil && x >= 1 && x <= 2 && y >= 1 && y <= 2
}

func parseMet(words []string) (Met, error) {
	var m Met
	for _, w := range words {
		switch n, err := strconv.Atoi(w[min(1, len(w)):]); {
		case w == "guard" && !m.Guard:
			m.Guard = true
		case w == "home" && !m.Home:
			m.Home = true
		case len(w) >= 2 && (w[0] == 'c' || w[0] == 'l') && w[1] != '0' && w[1] != '+' && err == nil && n >= 1 && n <= maxDashMet:
			if w[0] == 'c' && m.Cubes == 0 {
				m.Cubes = n
			} else if w[0] == 'l' && m.Lanterns == 0 {
				m.Lanterns = n
			} else {
				return m, fmt.Errorf("%q is given twice", w[:1])
			}
		default:
			return m, fmt.Errorf("%q: after the route give c1..c%d cubes, l1..l%d lanterns, guard, home", w, maxDashMet, maxDashMet)
		}
	}
	return m, nil
}

// maxMet bounds the cubes or lanterns one card's route can meet: the
// longest route has four steps (S-2). A dash runs two routes.
const (
	maxMet     = 4
	maxDashMet = 2 * maxMet
)
