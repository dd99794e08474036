package scorpion

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
)

// Hint is a bot's suggestion for one role, from that role's view only.
type Hint struct {
	Role  string `json:"role"`
	Level string `json:"level"`
	// Play is the suggestion in table words, as act reads it.
	Play string `json:"play"`
	// Said is the play as the role would type it. It is not the engine's
	// story of the play, which would tell what the play finds (a guard met,
	// a search's result) before it is made.
	Said      string  `json:"said"`
	Command   string  `json:"command"`
	WinChance float64 `json:"winChance"`
	Searches  int     `json:"searches"`
}

// Hint asks a bot of the given options what role r should do in session s
// (t is its table). The bot reads only r's view (the engine's observation
// and determinizations for r's seat, ruling E-6), so the hint shows
// nothing r may not know.
func (t *Table) Hint(s companion.Session, r Role, o bots.Options) (Hint, error) {
	if r.Table {
		return Hint{}, errors.New("say whose hint this is with --as ROLE: a hint comes from one role's own view")
	}
	if err := t.refuseBot(r); err != nil {
		return Hint{}, err
	}
	st, err := t.engineState(s.Seed)
	if err != nil {
		return Hint{}, err
	}
	seat, ok := st.Seat(r.Engine)
	if !ok {
		return Hint{}, fmt.Errorf("%w: nobody plays the %s here", rules.ErrIllegal, r.Word)
	}
	d, err := bots.New(bots.NewScorpion(t.Data), o).Choose(bots.ViewOf(st, seat))
	if errors.Is(err, bots.ErrNoAction) {
		return Hint{}, fmt.Errorf("%w: the %s has nothing to decide now", rules.ErrIllegal, r.Word)
	}
	if err != nil {
		return Hint{}, err
	}
	h := Hint{Role: r.Word, Level: o.Level.String(), Play: string(d.Action), WinChance: d.WinChance(), Searches: d.Iterations}
	h.Said = fmt.Sprintf("the %s: %s", h.Role, h.Play)
	h.Command = fmt.Sprintf("ninjakit companion scorpion act %s --as %s", h.Play, h.Role)
	return h, nil
}

// Text is the hint for the role's eyes: the play, the command that makes
// it, and one line of why.
func (h Hint) Text() string {
	why := fmt.Sprintf("the %s bot rates the %s's chance of winning after it at %.0f%%", h.Level, h.Role, 100*h.WinChance)
	if h.Searches > 0 {
		why += fmt.Sprintf(" (%d searches)", h.Searches)
	}
	return fmt.Sprintf("Hint: %s.\n  To play it: %s\n  Why: %s.\n", h.Said, h.Command, why)
}
