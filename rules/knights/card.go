package knights

import (
	"fmt"
	"strings"
)

// Card is a kind of card. The order is the rulebook's component list and is
// also the canonical order of cards in notation and positions.
type Card uint8

// Card kinds. Unknown stands for a card whose face the engine has not seen: a
// card in a hand or in the draw pile of a physical game.
const (
	Unknown Card = iota
	Peasant
	Soldier
	Knight
	King
	Queen
	Ninja
	Dragon
	Traitor
	Highwayman
	Princess
	Executioner
	Herald
	Merchant
	Monk
	Minstrel
	Archer
	Castle
	Ladder
	Catapult
	Jester
	numCards
)

// Cards lists every real kind in canonical order.
var Cards = []Card{
	Peasant, Soldier, Knight, King, Queen, Ninja, Dragon, Traitor, Highwayman, Princess,
	Executioner, Herald, Merchant, Monk, Minstrel, Archer, Castle, Ladder, Catapult, Jester,
}

var cardNames = [numCards]string{
	"?", "peasant", "soldier", "knight", "king", "queen", "ninja", "dragon", "traitor", "highwayman", "princess",
	"executioner", "herald", "merchant", "monk", "minstrel", "archer", "castle", "ladder", "catapult", "jester",
}

// cardCodes are the one-letter codes of positions. King is R (rex) because K
// is the Knight; the others are the first free letter that can be remembered:
// prIncess, Fanfare for the herald, mOnk, Bard for the minstrel, catapUlt.
var cardCodes = [numCards]byte{
	'?', 'P', 'S', 'K', 'R', 'Q', 'N', 'D', 'T', 'H', 'I',
	'E', 'F', 'M', 'O', 'B', 'A', 'C', 'L', 'U', 'J',
}

// String is the card's name in notation: lowercase, singular.
func (c Card) String() string {
	if c < numCards {
		return cardNames[c]
	}
	return fmt.Sprintf("card(%d)", uint8(c))
}

// Code is the card's letter in positions.
func (c Card) Code() byte {
	if c < numCards {
		return cardCodes[c]
	}
	return '!'
}

// ParseCard reads a card name, ignoring case.
func ParseCard(s string) (Card, error) {
	low := strings.ToLower(s)
	for _, c := range Cards {
		if cardNames[c] == low {
			return c, nil
		}
	}
	return Unknown, fmt.Errorf("%q is not a card (cards: %s)", s, cardList())
}

func cardList() string {
	names := make([]string, len(Cards))
	for i, c := range Cards {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

func cardByCode(b byte) (Card, bool) {
	for _, c := range Cards {
		if cardCodes[c] == b {
			return c, true
		}
	}
	return Unknown, false
}

// IsCommon reports the common attackers: the only cards that fight strength
// against strength, can be answered by a Traitor, and feed a Highwayman.
func (c Card) IsCommon() bool { return c >= Peasant && c <= Queen }

// IsUnique reports the unique attackers.
func (c Card) IsUnique() bool { return c == Ninja || c == Dragon }

// IsPreAttack reports the cards that only open a kingdom.
func (c Card) IsPreAttack() bool { return c == Archer || c == Ladder || c == Catapult }

// Play is a card as played: Card is the card that leaves the hand, As is what
// it counts as. They differ only for a Jester posing as another card
// (ruling K16); a Jester shown, paid or discarded is just a Jester.
type Play struct {
	Card Card
	As   Card
}

// Plain is a card played as itself.
func Plain(c Card) Play { return Play{Card: c, As: c} }

// JesterAs is a Jester posing as role.
func JesterAs(role Card) Play { return Play{Card: Jester, As: role} }

// String is the play in notation: "knight" or "jester(knight)".
func (p Play) String() string {
	if p.Card == Jester && p.As != Jester {
		return "jester(" + p.As.String() + ")"
	}
	return p.Card.String()
}

// code is the play in positions: "K", "J" or "Jk" for a Jester posing as a
// Knight (a lowercase letter after J names the role).
func (p Play) code() string {
	if p.Card == Jester && p.As != Jester {
		return "J" + strings.ToLower(string(p.As.Code()))
	}
	return string(p.Card.Code())
}

func (p Play) less(q Play) bool {
	if p.Card != q.Card {
		return p.Card < q.Card
	}
	return p.As < q.As
}

func cardsOf(plays []Play) []Card {
	out := make([]Card, len(plays))
	for i, p := range plays {
		out[i] = p.Card
	}
	return out
}

func plainAll(cards []Card) []Play {
	out := make([]Play, len(cards))
	for i, c := range cards {
		out[i] = Plain(c)
	}
	return out
}

// Spoken names plays as a sentence says them: "a knight", "3 peasants",
// "a jester as a highwayman", "a castle and an archer". Messages use it
// instead of notation, which only the act command takes.
func Spoken(ps []Play) string {
	var parts []string
	for i := 0; i < len(ps); {
		j := i
		for j < len(ps) && ps[j] == ps[i] {
			j++
		}
		parts = append(parts, spokenPlay(ps[i], j-i))
		i = j
	}
	switch len(parts) {
	case 0:
		return "no cards"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func spokenPlay(p Play, n int) string {
	name := article(p.Card)
	if n > 1 {
		name = fmt.Sprintf("%d %s", n, plural(p.Card))
	}
	if p.Card == Jester && p.As != Jester {
		role := article(p.As)
		if n > 1 {
			role = plural(p.As)
		}
		return name + " as " + role
	}
	return name
}

// article is the card's name after "a" or "an".
func article(c Card) string {
	name := c.String()
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// plural is the card's name for more than one.
func plural(c Card) string {
	switch c {
	case Highwayman:
		return "highwaymen"
	case Princess:
		return "princesses"
	}
	return c.String() + "s"
}
