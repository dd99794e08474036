// Package knights is the rules engine of Of Knights and Ninjas: 3-6 players
// racing to a gem target that falls with every reshuffle, and the 2-player
// duel of drafts and re-deals. It does no I/O.
//
// A Game is one state shared by two modes. In a Digital game the engine
// shuffles with the *rand.Rand it is given and knows every card. In a
// Physical game players hold real cards: the engine knows only what is face
// up and how many cards are in each hand and pile, and checks each reported
// play against that (a seat with no cards cannot play; a fourth King cannot
// appear while three are in sight).
//
// Play goes through typed Actions with a text notation (notation.go).
// LegalActions is the single source of truth: Apply refuses, with an error
// wrapping rules.ErrIllegal, anything it does not list. Every state can be
// written and read as a one-line position (position.go). View gives one
// seat's knowledge, Outcome the winner.
//
// Where the rulebook is silent or ambiguous the engine follows the rulings
// in docs/RULINGS.md, cited in comments as K1, K2, ...
package knights
