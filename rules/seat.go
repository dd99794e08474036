package rules

import (
	"fmt"
	"strconv"
)

// Seat is a player's place at the table, 0-based in turn order: the player
// after seat s is seat s+1, wrapping around.
type Seat int

// String gives the 1-based number players read on sheets and screens.
func (s Seat) String() string { return strconv.Itoa(int(s) + 1) }

// ParseSeat reads a 1-based seat number for a table of n players.
func ParseSeat(text string, n int) (Seat, error) {
	v, err := strconv.Atoi(text)
	if err != nil || v < 1 || v > n {
		return 0, fmt.Errorf("seat %q: choose a number from 1 to %d", text, n)
	}
	return Seat(v - 1), nil
}

// Offset returns the seat k places after s in turn order (k may be negative).
func (s Seat) Offset(k, players int) Seat {
	return Seat(((int(s)+k)%players + players) % players)
}

// Next returns the seat that plays after s.
func (s Seat) Next(players int) Seat { return s.Offset(1, players) }
