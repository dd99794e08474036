package blades

import (
	"errors"

	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// ErrHiddenPosition refuses a position string that would show hidden hands.
var ErrHiddenPosition = errors.New("this game has hidden hands and its position string holds every one of them: print it with --as table --reveal, with everyone agreeing to see all hands (ruling B-22)")

// Position is the game as one line, which `companion blades new --position`
// rebuilds. It holds every hand, so with hidden hands it is given only to
// the whole table when it asks to reveal them (ruling B-22); with open hands
// or no cards it hides nothing.
func (t *Table) Position(r Role, reveal bool) (string, error) {
	if t.Pos.Cards() == engine.HiddenHands {
		switch {
		case reveal && !r.Table:
			return "", errors.New("--reveal shows every hand, so it is for --as table only, where everyone sees the same")
		case !reveal:
			return "", ErrHiddenPosition
		}
	}
	return t.Pos.String(), nil
}
