package blind

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/blind"
)

// Hint is a bot's suggestion for one player, from that player's view
// only: Play is the start or orders command's words, Said what each ninja
// does.
type Hint struct {
	Player string `json:"player"`
	companion.Hint
}

// Hint asks a bot of the given options what the player r should do. The
// bot reads only r's view (ruling E-1 draws every other grid from what r
// heard), so the hint names nothing r may not know.
func (t *Table) Hint(r Role, o bots.Options) (Hint, error) {
	if r.Table {
		return Hint{}, errors.New("say whose hint this is with --as NAME: a hint comes from one player's own grid")
	}
	if t.Options.pastTheStart() {
		return Hint{}, errors.New("no hint in a game started from a position past the start: it carries no history for the bot to read")
	}
	st := engine.NewState(t.Game)
	d, err := bots.New(bots.Blind{}, o).Choose(bots.ViewOf(st, r.Seat))
	if err != nil {
		return Hint{}, companion.HintRefusal(err, t.Name(r.Seat))
	}
	a := d.Action.Action(t.Game.Grid(), t.Game.Players())
	var words []string
	verb := "orders"
	if a.Kind == engine.ActStart {
		verb = "start"
		for _, q := range a.Squares {
			words = append(words, strings.ToLower(q.String()))
		}
	} else {
		for _, o := range a.Orders {
			words = append(words, o.String())
		}
	}
	player, play := t.Name(r.Seat), strings.Join(words, " ")
	command := fmt.Sprintf("ninjakit companion blind %s --as %s %s", verb, player, play)
	return Hint{player, companion.HintOf(o, d, play, t.plain(st.Narrate(r.Seat, d.Action)), command)}, nil
}

// Text is the hint for the player's eyes.
func (h Hint) Text() string { return h.Hint.Text(h.Player) }
