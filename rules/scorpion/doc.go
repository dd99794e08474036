// Package scorpion is the rules engine of Ninja: Legend of the Scorpion
// Clan: hidden movement of a ninja and a traitor inside a guarded castle,
// on the map and cards of data.Scorpion. It does no I/O.
//
// Every action is applied to a clone of the game and the clone kept only
// if the action is legal, so a refused action changes nothing. Refusals
// are *rules.Refusal[Action] whose Neutral wording rests only on what the
// other roles may know; Events and View give each role exactly its share
// of the hidden information. All chance (missions, guard draws, random
// set-up) comes from a seeded PCG inside the Game, so replaying the same
// actions from the same seed gives the same game. Rulings the rulebook
// leaves open are in docs/RULINGS.md, cited as SC-4, SC-5, ...
//
// State puts the engine interface (rules.Engine) on a game, one seat per
// role, with a determinization drawn from the public record (E-6).
package scorpion
