// Package data holds the game facts ninjakit ships (boards, colours, card
// mixes), embedded as JSON, with typed loaders that validate a file before any
// engine sees it. Every loader also reads a user file, for house rules or for
// owners of a printing whose numbers differ from our defaults.
package data
