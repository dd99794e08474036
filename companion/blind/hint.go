package blind

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
)

// Hint is a bot's suggestion for one player, from that player's view only.
type Hint struct {
	Player string `json:"player"`
	Level  string `json:"level"`
	// Play is the suggestion as the start or orders command reads it.
	Play string `json:"play"`
	// Said is the play in table words: what each ninja does.
	Said      string  `json:"said"`
	Command   string  `json:"command"`
	WinChance float64 `json:"winChance"`
	Searches  int     `json:"searches"`
}

// Hint asks a bot of the given options what the player r should do. The
// bot reads only r's view (ruling E-1 draws every other grid from what r
// heard), so the hint names nothing r may not know.
func (t *Table) Hint(r Role, o bots.Options) (Hint, error) {
	if r.Table {
		return Hint{}, errors.New("say whose hint this is with --as NAME: a hint comes from one player's own grid")
	}
	st := engine.NewState(t.Game)
	d, err := bots.New(bots.Blind{}, o).Choose(bots.ViewOf(st, r.Seat))
	if errors.Is(err, bots.ErrNoAction) {
		return Hint{}, fmt.Errorf("%w: %s has nothing to decide now", rules.ErrIllegal, t.Name(r.Seat))
	}
	if err != nil {
		return Hint{}, err
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
	h := Hint{Player: t.Name(r.Seat), Level: o.Level.String(), Play: strings.Join(words, " "),
		Said: t.plain(st.Narrate(r.Seat, d.Action)), WinChance: d.WinChance(), Searches: d.Iterations}
	h.Command = fmt.Sprintf("ninjakit companion blind %s --as %s %s", verb, h.Player, h.Play)
	return h, nil
}

// Text is the hint for the player's eyes: the play, the command that
// gives it, and one line of why.
func (h Hint) Text() string {
	why := fmt.Sprintf("the %s bot rates %s's chance of winning after it at %.0f%%", h.Level, h.Player, 100*h.WinChance)
	if h.Searches > 0 {
		why += fmt.Sprintf(" (%d searches)", h.Searches)
	}
	return fmt.Sprintf("Hint: %s.\n  To play it: %s\n  Why: %s.\n", h.Said, h.Command, why)
}
