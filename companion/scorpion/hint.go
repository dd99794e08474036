package scorpion

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
)

// Hint is a bot's suggestion for one role, from that role's view only.
// Play is in table words, as act reads it; Said is the play as the role
// would type it, not the engine's story of the play, which would tell what
// the play finds (a guard met, a search's result) before it is made.
type Hint struct {
	Role string `json:"role"`
	companion.Hint
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
	if err != nil {
		return Hint{}, companion.HintRefusal(err, "the "+r.Word)
	}
	play := string(d.Action)
	command := fmt.Sprintf("ninjakit companion scorpion act %s --as %s", play, r.Word)
	return Hint{r.Word, companion.HintOf(o, d, play, fmt.Sprintf("the %s: %s", r.Word, play), command)}, nil
}

// Text is the hint for the role's eyes.
func (h Hint) Text() string { return h.Hint.Text("the " + h.Role) }
