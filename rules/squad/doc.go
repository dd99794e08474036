// Package squad is the rules engine of Ninja Squad: the cooperative
// Midnight Raid against the alarm track, the Dawn Escape race back to the
// Blue Forest, and the full game that plays one after the other. It does no
// I/O and does not model the board: the table reports what a move met
// (cubes, lanterns, a guard, the goal) and the engine keeps everything the
// rules count and order: movement deck counts, missed turns, the alarm
// tracker, the Guard Phase steps, draw piles, hidden Senjutsu and Buki
// hands, tokens and traps.
//
// Draw piles are Digital (the engine draws from the seed and the log
// position, so undoing an action and repeating it draws the same card) or
// Physical (the table names the card that came up).
//
// LegalActions is the single source of truth: Apply refuses anything it
// does not list with an error wrapping rules.ErrIllegal (Apply checks
// without listing; TestListsIsLegalActions holds the check to the list). Every state reads
// and writes as one line (position.go). Rulings the book leaves open are in
// docs/RULINGS.md, cited in comments as S-1, S-2, ...
package squad
