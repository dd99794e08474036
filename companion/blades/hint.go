package blades

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/rules"
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

// Hint is a bot's suggestion for one seat, from that seat's view only.
type Hint struct {
	Seat  int    `json:"seat"`
	Level string `json:"level"`
	// Play is the suggestion as a command reads it: a move ("shuriken c1
	// c5", "pass") or the cards to keep ("keep BS").
	Play string `json:"play"`
	// Said is the play in table words with what to do on the board.
	Said string `json:"said"`
	// Command is the companion command that makes the play.
	Command   string  `json:"command"`
	WinChance float64 `json:"winChance"`
	// Searches is how many search iterations the choice took (0 for the
	// levels that do not search).
	Searches int `json:"searches"`
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
	if errors.Is(err, bots.ErrNoAction) {
		return Hint{}, fmt.Errorf("%w: seat %s has nothing to decide now", rules.ErrIllegal, r.Seat)
	}
	if err != nil {
		return Hint{}, err
	}
	h := Hint{Seat: int(r.Seat) + 1, Level: o.Level.String(), Play: s.Notation(d.Action),
		Said: s.Narrate(r.Seat, d.Action), WinChance: d.WinChance(), Searches: d.Iterations}
	h.Command = fmt.Sprintf("ninjakit companion blades move %s --as %d", h.Play, h.Seat)
	if d.Action.Keep {
		cards := "none"
		if d.Action.Cards.Size() > 0 {
			cards = t.handNames(d.Action.Cards)
		}
		h.Command = fmt.Sprintf("ninjakit companion blades keep --as %d %s", h.Seat, cards)
	}
	return h, nil
}

// Text is the hint for the seat's eyes: the play, the command that makes
// it, and one line of why.
func (h Hint) Text() string {
	why := fmt.Sprintf("the %s bot rates seat %d's chance of winning after it at %.0f%%", h.Level, h.Seat, 100*h.WinChance)
	if h.Searches > 0 {
		why += fmt.Sprintf(" (%d searches)", h.Searches)
	}
	return fmt.Sprintf("Hint: %s.\n  To play it: %s\n  Why: %s.\n", h.Said, h.Command, why)
}
