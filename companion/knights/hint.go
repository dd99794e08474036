package knights

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
)

// Hint is a bot's suggestion for one player, from that player's view
// only: Play is in the engine's notation, as act reads it.
type Hint struct {
	Player string `json:"player"`
	companion.Hint
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
	player := t.seatName(r.Seat)
	d, err := bots.New(bots.Knights{}, o).Choose(bots.ViewOf(st, r.Seat))
	if err != nil {
		return Hint{}, companion.HintRefusal(err, player)
	}
	play := st.Notation(d.Action)
	command := fmt.Sprintf("ninjakit companion knights act --as %s %s", player, play)
	if d.Action.Decline {
		command = "ninjakit companion knights decline --by " + player
	}
	return Hint{player, companion.HintOf(o, d, play, t.Names(st.Narrate(r.Seat, d.Action)), command)}, nil
}

// Text is the hint for the player's eyes.
func (h Hint) Text() string { return h.Hint.Text(h.Player) }
