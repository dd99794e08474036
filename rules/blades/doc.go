// Package blades is the rules engine for The House and The Temple of the
// Flying Blades (2 to 5 players). It is pure: no files, flags or terminals.
//
// A game is a Position: the board, who sits where with which dojo, whose turn
// it is, the hands of Special Attack cards and who eliminated what. Moves are
// small values with a text notation ("attack c4 c5", "bomb d4 g4", "pass");
// LegalMoves lists every move the player to move may make and Apply refuses
// anything else with the reason. Positions read and write as one line of
// text so that tests and bug reports start from any situation.
//
// Rulings on points the rulebook leaves open are in docs/RULINGS.md and are
// cited in the code as (ruling B-n).
package blades
