// Package data holds the game facts ninjakit ships (boards, colours, card
// mixes), written as JSON files, with typed loaders that validate a file before
// any engine sees it. Every loader also reads a user file, for house rules or
// for owners of a printing whose numbers differ from our defaults.
//
// The binary carries the shipped files as Go values (defaults_gen.go, which a
// test keeps equal to the JSON files): decoding the JSON cost every command
// 0.3-0.7 ms of its process. Tests validate them, so a process does not (the
// Scorpion Clan map's checks alone cost a command 0.25 ms); a user's file is
// validated as it is read.
package data
