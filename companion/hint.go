package companion

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/rules"
)

// Hint is what every game's hint tells, whoever it is for: a bot's
// suggestion from one seat's own view. A game's hint adds who it is for.
type Hint struct {
	Level string `json:"level"`
	// Play is the suggestion as the game's commands read it.
	Play string `json:"play"`
	// Said is the play in table words, with what to do on the table.
	Said string `json:"said"`
	// Command is the companion command that makes the play.
	Command   string  `json:"command"`
	WinChance float64 `json:"winChance"`
	// Searches is how many search iterations the choice took (0 for the
	// levels that do not search).
	Searches int `json:"searches"`
}

// HintOf is the hint of decision d, made by a bot of options o.
func HintOf[A comparable](o bots.Options, d bots.Decision[A], play, said, command string) Hint {
	return Hint{Level: o.Level.String(), Play: play, Said: said, Command: command, WinChance: d.WinChance(), Searches: d.Iterations}
}

// HintRefusal reads a bot's error for who ("seat 2", "the guard"): having
// nothing to decide is an illegal request, not a failure.
func HintRefusal(err error, who string) error {
	if errors.Is(err, bots.ErrNoAction) {
		return fmt.Errorf("%w: %s has nothing to decide now", rules.ErrIllegal, who)
	}
	return err
}

// Text is the hint for the eyes of who: the play, the command that makes
// it, and one line of why.
func (h Hint) Text(who string) string {
	why := fmt.Sprintf("the %s bot rates %s's chance of winning after it at %.0f%%", h.Level, who, 100*h.WinChance)
	if h.Searches > 0 {
		why += fmt.Sprintf(" (%d searches)", h.Searches)
	}
	return fmt.Sprintf("Hint: %s.\n  To play it: %s\n  Why: %s.\n", h.Said, h.Command, why)
}
