// Package blind is the rules engine of What Blind Ninjas?: every player's
// four blind ninjas share one room (a 4x8 grid for two players, 8x8 for
// three or four), each player sees only their own ninjas, and a slash is
// heard by everyone. The engine does no I/O; it holds every grid, so the
// companion can referee a game nobody at the table could see whole.
//
// Apply refuses what the rules forbid with a *Refusal (rules.Refusal):
// anything that rests on a player's hidden squares is worded for that
// player only. Events and View are filtered per viewer. Rulings the book
// leaves open are in docs/RULINGS.md, cited in comments as W-1, W-2, ...
package blind
