package blades

import engine "github.com/ninjakit/ninjakit/rules/blades"

// Foretell says, before a legal move of the player to move is made, what
// the log will say of it, so a phone can ask "this?" in the same words.
func (t *Table) Foretell(m engine.Move) string {
	return t.narrate(t.Pos.Turn(), m, t.removals(m))
}
