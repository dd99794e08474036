package blades

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Engine rebuilds the game through the engine interface, from the deal
// through every logged keep and move, so that each seat's dealt hand and
// plays are known as they are at the table.
func (t *Table) Engine() (*engine.State, error) {
	var p *engine.Position
	var err error
	if t.Setup != nil {
		p, err = engine.NewPosition(t.rules, t.Setup.Start)
	} else {
		p, err = t.Options.check(t.rules)
	}
	if err != nil {
		return nil, err
	}
	s := engine.NewState(p)
	for _, e := range t.fullLog() {
		var a engine.Play
		switch e.Kind {
		case "keep":
			h, err := engine.ParseHand(e.Text)
			if err != nil {
				return nil, err
			}
			a = engine.Play{Keep: true, Cards: h}
		case "move":
			a = engine.Play{Move: e.Move}
		default:
			continue
		}
		if err := s.Act(e.Seat, a); err != nil {
			return nil, fmt.Errorf("log entry %d: %w", e.Seq, err)
		}
	}
	return s, nil
}

// Hint is a bot's suggestion for one seat, from that seat's view only:
// Play is a move ("shuriken c1 c5", "pass") or the cards to keep ("keep
// BS").
type Hint struct {
	Seat int `json:"seat"`
	companion.Hint
}

// Hint asks a bot of the given options what seat r should do. The bot sees
// only r's view (the engine's observation and determinizations for that
// seat), so a hint shows nothing r may not know.
func (t *Table) Hint(r Role, o bots.Options) (Hint, error) {
	if r.Table {
		return Hint{}, errors.New("say whose hint this is with --as SEAT: a hint comes from one seat's own view")
	}
	if r.Bot {
		return Hint{}, botRefusal(r.Seat)
	}
	s, err := t.Engine()
	if err != nil {
		return Hint{}, err
	}
	d, err := bots.New(bots.Blades{}, o).Choose(bots.ViewOf(s, r.Seat))
	if err != nil {
		return Hint{}, companion.HintRefusal(err, fmt.Sprintf("seat %s", r.Seat))
	}
	seat, play := int(r.Seat)+1, s.Notation(d.Action)
	command := fmt.Sprintf("ninjakit companion blades move %s --as %d", play, seat)
	if d.Action.Keep {
		cards := "none"
		if d.Action.Cards.Size() > 0 {
			cards = t.handNames(d.Action.Cards)
		}
		command = fmt.Sprintf("ninjakit companion blades keep --as %d %s", seat, cards)
	}
	return Hint{seat, companion.HintOf(o, d, play, s.Narrate(r.Seat, d.Action), command)}, nil
}

// Text is the hint for the seat's eyes.
func (h Hint) Text() string { return h.Hint.Text(fmt.Sprintf("seat %d", h.Seat)) }
