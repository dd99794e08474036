package blades

import engine "github.com/ninjakit/ninjakit/rules/blades"

// Foretell says, before a legal move of the player to move is made, what
// it will do, in the log's words but the present tense, so a phone can ask
// "this?" ("Yellow passes", not "Yellow passed").
func (t *Table) Foretell(m engine.Move) string {
	return t.narrate(t.Pos.Turn(), m, t.removals(m), present)
}
