package knights

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
)

// Hint is a bot's suggestion for one player, from that player's view only.
type Hint struct {
	Player string `json:"player"`
	Level  string `json:"level"`
	// Play is the suggestion in the engine's notation, as act reads it.
	Play string `json:"play"`
	// Said is the play in table words, with what to do on the table.
	Said      string  `json:"said"`
	Command   string  `json:"command"`
	WinChance float64 `json:"winChance"`
	Searches  int     `json:"searches"`
}

// Hint asks a bot of the given options what player r should do in session
// s (t is its table). The bot reads only r's view: the engine's
// observation and determinizations for that seat (ruling E-5), so the hint
// shows nothing r may not know. Only a digital deck has hands a bot can
// read; a bot seat has no one to hint to.
func (t *Table) Hint(s companion.Session, r Role, o bots.Options) (Hint, error) {
	switch {
	case r.Table:
		return Hint{}, errors.New("say whose hint this is with --as NAME: a hint comes from one player's own hand")
	case r.Bot:
		return Hint{}, botRefusal(t.seatName(r.Seat))
	case t.Options.Mode != "digital":
		return Hint{}, errors.New("a hint needs the companion's own deck (--mode digital): with a physical deck it cannot know your hand")
	}
	st, err := Engine(s)
	if err != nil {
		return Hint{}, err
	}
	d, err := bots.New(bots.Knights{}, o).Choose(bots.ViewOf(st, r.Seat))
	if errors.Is(err, bots.ErrNoAction) {
		return Hint{}, fmt.Errorf("%w: %s has nothing to decide now", rules.ErrIllegal, t.seatName(r.Seat))
	}
	if err != nil {
		return Hint{}, err
	}
	h := Hint{Player: t.seatName(r.Seat), Level: o.Level.String(), Play: st.Notation(d.Action),
		Said: t.Names(st.Narrate(r.Seat, d.Action)), WinChance: d.WinChance(), Searches: d.Iterations}
	h.Command = fmt.Sprintf("ninjakit companion knights act --as %s %s", h.Player, h.Play)
	if d.Action.Decline {
		h.Command = "ninjakit companion knights decline --by " + h.Player
	}
	return h, nil
}

// Text is the hint for the player's eyes: the play, the command that makes
// it, and one line of why.
func (h Hint) Text() string {
	why := fmt.Sprintf("the %s bot rates %s's chance of winning after it at %.0f%%", h.Level, h.Player, 100*h.WinChance)
	if h.Searches > 0 {
		why += fmt.Sprintf(" (%d searches)", h.Searches)
	}
	return fmt.Sprintf("Hint: %s.\n  To play it: %s\n  Why: %s.\n", h.Said, h.Command, why)
}
