package knights

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Action notation, one action per line, words separated by spaces, seats
// 1-based as players read them:
//
//	pass                        end the turn / let the attack through / nobody steals
//	discard king                discard a card (duel Minstrel: discard two: king,peasant)
//	fortify castle,jester(archer)
//	attack 2 knight             one attack card at seat 2
//	attack 2 peasant,peasant    a revolt (peasant*2 is accepted too)
//	attack 2 archer fort        shoot seat 2's archer with your own fortifying archer
//	attack 2 dragon burn        a dragon that also burns seat 2's castle
//	respond 3 princess          seat 3 answers (a Highwayman may come from any seat)
//	special herald | special monk | special merchant 4
//	show knight                 show a card to a Herald (duel: two cards)
//	take 3 knight               keep the knight seat 3 showed
//	pay gems | pay cards peasant,king | pay cards (physical game: cards unseen)
//	keep | give | redeal        duel draft and re-deal
//
// A Jester is written jester(role) when it poses as another card, and plain
// jester when it is only shown, paid or discarded. Names ignore case.

// String writes the action in canonical notation.
func (a Action) String() string {
	var sb strings.Builder
	switch a.typ {
	case ActPayGems:
		return "pay gems"
	case ActPayCards:
		sb.WriteString("pay cards")
		if len(a.plays) > 0 {
			sb.WriteString(" " + playList(a.plays))
		}
		return sb.String()
	case ActAttack, ActRespond, ActTake:
		fmt.Fprintf(&sb, "%s %s %s", a.typ, a.seat, playList(a.plays))
		if a.fort {
			sb.WriteString(" fort")
		}
		if a.burn {
			sb.WriteString(" burn")
		}
		return sb.String()
	case ActSpecial:
		fmt.Fprintf(&sb, "special %s", playList(a.plays))
		if a.seat != NoSeat {
			sb.WriteString(" " + a.seat.String())
		}
		return sb.String()
	case ActDiscard, ActFortify, ActShow:
		return a.typ.String() + " " + playList(a.plays)
	}
	return a.typ.String()
}

func playList(ps []Play) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return strings.Join(parts, ",")
}

// maxSeats bounds seat numbers before a game is known; games check their own
// player count.
const maxSeats = 6

// maxRepeat bounds "peasant*N" so a typo cannot ask for a huge list.
const maxRepeat = 100

// ParseAction reads an action in the notation above. It checks the form only;
// whether the action is allowed is the game's business.
func ParseAction(s string) (Action, error) { return ParseActionFor(s, maxSeats) }

// ParseActionFor reads an action for a table of players seats, so a seat
// number out of range is refused with that table's own range. A refusal is
// a *NotationError.
func ParseActionFor(s string, players int) (Action, error) {
	a, err := parseAction(strings.Fields(s), players)
	if err != nil {
		return Action{}, &NotationError{Text: s, Reason: err.Error()}
	}
	return a, nil
}

// NotationError is text that does not read as an action. Reason says why
// without repeating the text, for callers that wrote the notation from a
// play said in other words and must answer in those words.
type NotationError struct {
	Text   string
	Reason string
}

func (e *NotationError) Error() string {
	return fmt.Sprintf("%v: action %q: %s", rules.ErrNotation, e.Text, e.Reason)
}

// Unwrap makes errors.Is(err, rules.ErrNotation) hold.
func (e *NotationError) Unwrap() error { return rules.ErrNotation }

func parseAction(w []string, players int) (Action, error) {
	if len(w) == 0 {
		return Action{}, fmt.Errorf("empty")
	}
	verb := strings.ToLower(w[0])
	args := w[1:]
	want := func(n int, form string) error {
		if len(args) != n {
			return fmt.Errorf("write it as %q", form)
		}
		return nil
	}
	switch verb {
	case "pass", "keep", "give", "redeal":
		if err := want(0, verb); err != nil {
			return Action{}, err
		}
		return map[string]Action{"pass": PassAction(), "keep": KeepAction(), "give": GiveAction(), "redeal": RedealAction()}[verb], nil
	case "discard", "fortify", "show":
		if err := want(1, verb+" CARD[,CARD...]"); err != nil {
			return Action{}, err
		}
		ps, err := parsePlays(args[0])
		if err != nil {
			return Action{}, err
		}
		t := map[string]ActionType{"discard": ActDiscard, "fortify": ActFortify, "show": ActShow}[verb]
		if t != ActFortify {
			if err := noJesterRoles(ps); err != nil {
				return Action{}, err
			}
		}
		return newAction(t, NoSeat, ps), nil
	case "attack", "respond":
		if len(args) == 3 && verb == "attack" && strings.EqualFold(args[2], "fort") {
			seat, err := parseSeat(args[0], players)
			if err != nil {
				return Action{}, err
			}
			if !strings.EqualFold(args[1], "archer") {
				return Action{}, fmt.Errorf("only an archer can come from your fortification")
			}
			return FortArcherAction(seat), nil
		}
		if len(args) == 3 && verb == "attack" && strings.EqualFold(args[2], "burn") {
			seat, err := parseSeat(args[0], players)
			if err != nil {
				return Action{}, err
			}
			ps, err := parsePlays(args[1])
			if err != nil {
				return Action{}, err
			}
			if len(ps) != 1 || ps[0].As != Dragon {
				return Action{}, fmt.Errorf("only a dragon burns a castle")
			}
			return BurnAction(seat, ps[0]), nil
		}
		if err := want(2, verb+" SEAT CARD[,CARD...]"); err != nil {
			return Action{}, err
		}
		seat, err := parseSeat(args[0], players)
		if err != nil {
			return Action{}, err
		}
		ps, err := parsePlays(args[1])
		if err != nil {
			return Action{}, err
		}
		return newAction(map[string]ActionType{"attack": ActAttack, "respond": ActRespond}[verb], seat, ps), nil
	case "special":
		if len(args) != 1 && len(args) != 2 {
			return Action{}, fmt.Errorf("write it as %q", "special CARD [SEAT]")
		}
		ps, err := parsePlays(args[0])
		if err != nil {
			return Action{}, err
		}
		if len(ps) != 1 {
			return Action{}, fmt.Errorf("a special action plays one card")
		}
		seat := NoSeat
		if len(args) == 2 {
			if seat, err = parseSeat(args[1], players); err != nil {
				return Action{}, err
			}
		}
		return SpecialAction(ps[0], seat), nil
	case "take":
		if err := want(2, "take SEAT CARD"); err != nil {
			return Action{}, err
		}
		seat, err := parseSeat(args[0], players)
		if err != nil {
			return Action{}, err
		}
		c, err := ParseCard(args[1])
		if err != nil {
			return Action{}, err
		}
		return TakeAction(seat, c), nil
	case "pay":
		if len(args) == 1 && strings.EqualFold(args[0], "gems") {
			return PayGemsAction(), nil
		}
		if len(args) >= 1 && len(args) <= 2 && strings.EqualFold(args[0], "cards") {
			if len(args) == 1 {
				return PayCardsAction(), nil
			}
			ps, err := parsePlays(args[1])
			if err != nil {
				return Action{}, err
			}
			if err := noJesterRoles(ps); err != nil {
				return Action{}, err
			}
			return PayCardsAction(cardsOf(ps)...), nil
		}
		return Action{}, fmt.Errorf("write it as %q or %q", "pay gems", "pay cards [CARD,CARD]")
	}
	return Action{}, fmt.Errorf("unknown verb %q (pass, discard, fortify, attack, respond, special, show, take, pay, keep, give, redeal)", w[0])
}

func parseSeat(s string, players int) (rules.Seat, error) {
	return rules.ParseSeat(s, players)
}

// parsePlays reads "card,card,jester(card),card*3".
func parsePlays(s string) ([]Play, error) {
	var out []Play
	for _, part := range strings.Split(s, ",") {
		n := 1
		if i := strings.LastIndexByte(part, '*'); i >= 0 {
			v, err := strconv.Atoi(part[i+1:])
			if err != nil || v < 1 || v > maxRepeat {
				return nil, fmt.Errorf("%q: repeat count must be 1 to %d", part, maxRepeat)
			}
			n, part = v, part[:i]
		}
		p, err := parsePlay(part)
		if err != nil {
			return nil, err
		}
		if len(out)+n > maxRepeat {
			return nil, fmt.Errorf("more than %d cards in one action", maxRepeat)
		}
		for range n {
			out = append(out, p)
		}
	}
	return out, nil
}

func parsePlay(s string) (Play, error) {
	low := strings.ToLower(s)
	if rest, ok := strings.CutPrefix(low, "jester("); ok {
		role, ok := strings.CutSuffix(rest, ")")
		if !ok {
			return Play{}, fmt.Errorf("%q: close the bracket, as in jester(knight)", s)
		}
		c, err := ParseCard(role)
		if err != nil {
			return Play{}, err
		}
		if c == Jester {
			return Plain(Jester), nil
		}
		return JesterAs(c), nil
	}
	c, err := ParseCard(s)
	if err != nil {
		return Play{}, err
	}
	return Plain(c), nil
}

func noJesterRoles(ps []Play) error {
	for _, p := range ps {
		if p.Card != p.As {
			return fmt.Errorf("%s: a jester only poses as a card when it is played, not here", p)
		}
	}
	return nil
}
