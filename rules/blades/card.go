package blades

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Kind is one of the seven Special Attacks, numbered as data.BladesCardKinds.
type Kind uint8

// The Special Attacks.
const (
	Bomb Kind = iota
	Shuriken
	DoubleKick
	TripleKick
	Vanishing
	CircleKick
	DoubleDragon
	NumKinds
)

// kindLetters are the one-character names used in position strings.
const kindLetters = "BS23VCD"

var kindNames = [NumKinds]string{"bomb", "shuriken", "double-kick", "triple-kick", "vanish", "circle-kick", "double-dragon"}

func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Hand counts the cards of each kind a player holds.
type Hand [NumKinds]uint8

// Size is the number of cards in the hand.
func (h Hand) Size() int {
	n := 0
	for _, c := range h {
		n += int(c)
	}
	return n
}

// Contains reports whether every card of o is also in h.
func (h Hand) Contains(o Hand) bool {
	for k := range h {
		if o[k] > h[k] {
			return false
		}
	}
	return true
}

// Minus removes the cards of o from h; o must be contained in h.
func (h Hand) Minus(o Hand) Hand {
	for k := range h {
		h[k] -= o[k]
	}
	return h
}

// Kinds lists the cards one by one in kind order.
func (h Hand) Kinds() []Kind {
	var out []Kind
	for k, n := range h {
		for range n {
			out = append(out, Kind(k))
		}
	}
	return out
}

// String writes the hand as kind letters in kind order ("BS22V"), or "-".
func (h Hand) String() string {
	var sb strings.Builder
	for k, n := range h {
		for range n {
			sb.WriteByte(kindLetters[k])
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

// ParseHand reads a hand written by Hand.String, or a comma-separated list of
// kind names ("bomb,shuriken,shuriken"), as players type it.
func ParseHand(s string) (Hand, error) {
	var h Hand
	s = strings.TrimSpace(s)
	if s == "-" || s == "" {
		return h, nil
	}
	if _, err := ParseKind(s); err == nil || strings.ContainsAny(s, ", ") {
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
			k, err := ParseKind(f)
			if err != nil {
				return Hand{}, err
			}
			if h[k] == 255 {
				return Hand{}, fmt.Errorf("hand %q has too many cards", s)
			}
			h[k]++
		}
		return h, nil
	}
	for i := range len(s) {
		k := strings.IndexByte(kindLetters, upper(s[i]))
		if k < 0 {
			return Hand{}, fmt.Errorf("hand %q: %q is not a card letter (B bomb, S shuriken, 2 double kick, 3 triple kick, V vanishing, C circle kick, D double dragon)", s, s[i])
		}
		if h[k] == 255 {
			return Hand{}, fmt.Errorf("hand %q has too many cards", s)
		}
		h[k]++
	}
	return h, nil
}

var kindAliases = map[string]Kind{
	"bomb": Bomb, "shuriken": Shuriken,
	"double-kick": DoubleKick, "doublekick": DoubleKick, "double": DoubleKick, "kick2": DoubleKick,
	"triple-kick": TripleKick, "triplekick": TripleKick, "triple": TripleKick, "kick3": TripleKick,
	"vanish": Vanishing, "vanishing": Vanishing,
	"circle-kick": CircleKick, "circlekick": CircleKick, "circle": CircleKick,
	"double-dragon": DoubleDragon, "doubledragon": DoubleDragon, "dragon": DoubleDragon,
}

// ParseKind reads a card name, with the short aliases players use; a space
// may stand for the dash of a two-word name ("Circle kick").
func ParseKind(s string) (Kind, error) {
	f := strings.Fields(strings.ToLower(s))
	if k, n, ok := kindAt(f); ok && n == len(f) {
		return k, nil
	}
	return 0, NameError{Word: strings.TrimSpace(s)}
}

// NameError is a word that names no Special Attack (nor, in a move, an
// action). Its message lists the engine's words; a caller with data at hand
// can list the names printed on the cards instead.
type NameError struct {
	Word string
	// Move is set when the word stood where a move starts.
	Move bool
}

func (e NameError) Error() string {
	if e.Move {
		return fmt.Sprintf("%q is not a move (attack, bomb, shuriken, double-kick, triple-kick, vanish, circle-kick, double-dragon, pass)", e.Word)
	}
	return fmt.Sprintf("%q is not a Special Attack (bomb, shuriken, double-kick, triple-kick, vanish, circle-kick, double-dragon)", e.Word)
}

// kindAt reads the card name that starts f, as two words ("circle kick")
// or one, and says how many words it took.
func kindAt(f []string) (Kind, int, bool) {
	if len(f) >= 2 {
		if k, ok := kindAliases[f[0]+"-"+f[1]]; ok {
			return k, 2, true
		}
	}
	if len(f) == 0 {
		return 0, 0, false
	}
	k, ok := kindAliases[f[0]]
	return k, 1, ok
}

// ParseCards reads cards as players type them, over one argument or many:
// names in any case, a space or a dash inside two-word names, commas or
// spaces between cards, a count before a name ("2 shuriken"), or "none".
func ParseCards(words ...string) (Hand, error) {
	f := strings.FieldsFunc(strings.ToLower(strings.Join(words, " ")), func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	var h Hand
	if len(f) == 1 && f[0] == "none" {
		return h, nil
	}
	for i := 0; i < len(f); i++ {
		n := 1
		if c, err := strconv.Atoi(f[i]); err == nil && c >= 1 && c <= 32 && i+1 < len(f) {
			n = c
			i++
		}
		k, used, ok := kindAt(f[i:])
		if !ok {
			return Hand{}, NameError{Word: f[i]}
		}
		i += used - 1
		if int(h[k])+n > 255 {
			return Hand{}, fmt.Errorf("too many %s cards", k)
		}
		h[k] += uint8(n)
	}
	return h, nil
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}
