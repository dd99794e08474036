package knights

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// Report is a play as players say it at the table: a verb, cards, and who
// plays at whom. Command turns it into engine notation.
type Report struct {
	Verb  string   // play, fortify, respond, steal, decline, discard, pass, show, take, pay, keep, give, redeal
	Cards []string // card names; a Jester posing as another card is jester(knight)
	By    string   // who acts; empty: whoever the game waits for
	At    string   // play: the rival attacked or robbed; take: whose shown card
	Fort  bool     // play archer: shoot with your fortifying archer
	Burn  bool     // play dragon: also burn the rival's castle
}

// Command builds the engine action for a report. A report the notation
// cannot carry is refused in the report's own words, never in the notation
// built from it.
func (t *Table) Command(r Report) (string, error) {
	for _, c := range r.Cards {
		if c == "" || strings.ContainsFunc(c, unicode.IsSpace) {
			return "", fmt.Errorf("%q is not a card (cards: %s)", c, cardNames())
		}
	}
	text, err := t.command(r)
	if err != nil {
		return "", err
	}
	if _, err := engine.ParseActionFor(text, t.Game.Players()); err != nil {
		var ne *engine.NotationError
		if errors.As(err, &ne) {
			return "", errors.New(ne.Reason)
		}
		return "", err
	}
	return text, nil
}

// cardNames lists the cards as a player names them.
func cardNames() string {
	var names []string
	for _, c := range engine.Cards {
		names = append(names, c.String())
	}
	return strings.Join(names, ", ")
}

func (t *Table) command(r Report) (string, error) {
	cards := strings.Join(r.Cards, ",")
	need := func(what string) error {
		if len(r.Cards) == 0 {
			return fmt.Errorf("%s needs the card(s), e.g. %s", r.Verb, what)
		}
		return nil
	}
	seatOf := func(name, flag string) (string, error) {
		if name == "" {
			return "", fmt.Errorf("%s needs %s NAME", r.Verb, flag)
		}
		s, err := t.Seat(name)
		if err != nil {
			return "", err
		}
		return s.String(), nil
	}
	switch r.Verb {
	case "play":
		if err := need("play knight --at bob"); err != nil {
			return "", err
		}
		if special(r.Cards[0]) {
			if r.At == "" {
				return "special " + cards, nil
			}
			at, err := seatOf(r.At, "--at")
			return "special " + cards + " " + at, err
		}
		at := r.At
		if at == "" && t.Game.AttackTarget() != engine.NoSeat {
			at = t.Game.AttackTarget().String()
		}
		s, err := seatOf(at, "--at")
		if err != nil {
			return "", err
		}
		cmd := "attack " + s + " " + cards
		if r.Fort {
			cmd += " fort"
		}
		if r.Burn {
			cmd += " burn"
		}
		return cmd, nil
	case "respond":
		if err := need("respond princess --by bob"); err != nil {
			return "", err
		}
		by := r.By
		if by == "" {
			by = t.Game.ToAct().String()
		}
		s, err := seatOf(by, "--by")
		return "respond " + s + " " + cards, err
	case "fortify", "discard", "show":
		return r.Verb + " " + cards, need(r.Verb + " castle")
	case "take":
		if err := need("take knight --from bob"); err != nil {
			return "", err
		}
		s, err := seatOf(r.At, "--from")
		return "take " + s + " " + cards, err
	case "pay":
		switch {
		case len(r.Cards) == 1 && r.Cards[0] == "gems":
			return "pay gems", nil
		case len(r.Cards) >= 1 && r.Cards[0] == "cards":
			return strings.TrimSpace("pay cards " + strings.Join(r.Cards[1:], ",")), nil
		}
		return "", fmt.Errorf("pay gems, or pay cards CARD CARD")
	case "steal":
		by := r.By
		for _, s := range t.Asked() {
			if by == "" && !t.isBot(s) {
				by = t.seatName(s)
			}
		}
		if by == "" {
			return "", fmt.Errorf("steal needs --by NAME")
		}
		s, err := t.Seat(by)
		if err != nil {
			return "", err
		}
		card, err := t.stealCard(s, r.Cards)
		if err != nil {
			return "", err
		}
		return "respond " + s.String() + " " + card, nil
	case "pass", "keep", "give", "redeal":
		if len(r.Cards) > 0 {
			return "", fmt.Errorf("%s takes no cards", r.Verb)
		}
		return r.Verb, nil
	}
	return "", fmt.Errorf("unknown play %q", r.Verb)
}

// Play checks a play reported in table words and returns the event to log:
// a decline, which only the table knows, or the action Command builds.
func (t *Table) Play(r Report) (companion.Event, error) {
	if r.Verb == "decline" {
		if len(r.Cards) > 0 {
			return companion.Event{}, fmt.Errorf("decline takes no cards")
		}
		return t.Decline(r.By)
	}
	text, err := t.Command(r)
	if err != nil {
		return companion.Event{}, err
	}
	return t.Act(r.By, text)
}

// special reports whether a card name is a special action (a Jester can
// pose as one).
func special(name string) bool {
	name = strings.ToLower(name)
	if inner, ok := strings.CutPrefix(name, "jester("); ok {
		name = strings.TrimSuffix(inner, ")")
	}
	c, err := engine.ParseCard(name)
	return err == nil && (c == engine.Herald || c == engine.Merchant || c == engine.Monk)
}

// seatName is a seat's name, or "nobody".
func (t *Table) seatName(s rules.Seat) string {
	if s < 0 || int(s) >= len(t.Options.Names) {
		return "nobody"
	}
	return t.Options.Names[s]
}
