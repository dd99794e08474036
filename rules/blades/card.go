package blades

import (
	"fmt"
	"strings"
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

// ParseKind reads a card name, with the short aliases players use.
func ParseKind(s string) (Kind, error) {
	if k, ok := kindAliases[strings.ToLower(strings.TrimSpace(s))]; ok {
		return k, nil
	}
	return 0, fmt.Errorf("%q is not a Special Attack (bomb, shuriken, double-kick, triple-kick, vanish, circle-kick, double-dragon)", s)
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}
