// Package rules holds the pieces every game engine shares: seats and turn
// order, seeded randomness and decks. Engines live in subpackages, one per
// game; none of them does I/O.
package rules
