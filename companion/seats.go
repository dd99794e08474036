package companion

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// SeatRole is who looks at a game of named seats: the whole table or one
// seat.
type SeatRole struct {
	Seat  rules.Seat
	Table bool
}

// Viewer is the role as an engine's seat filter reads it.
func (r SeatRole) Viewer() rules.Seat {
	if r.Table {
		return rules.NoSeat
	}
	return r.Seat
}

// ParseSeatRole reads --as: "table", or a player as seat reads them.
func ParseSeatRole(s string, seat func(string) (rules.Seat, error)) (SeatRole, error) {
	if s == "" || strings.EqualFold(s, "table") {
		return SeatRole{Table: true}, nil
	}
	n, err := seat(s)
	if err != nil {
		return SeatRole{}, fmt.Errorf("--as: %w", err)
	}
	return SeatRole{Seat: n}, nil
}

// SeatName is a seat's player name among names, "table" for no player.
func SeatName(names []string, s rules.Seat) string {
	if s < 0 || int(s) >= len(names) {
		return "table"
	}
	return names[s]
}

// FindSeat reads a player's name or seat number among names.
func FindSeat(names []string, s string) (rules.Seat, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, n := range names {
		if n == s || fmt.Sprint(i+1) == s {
			return rules.Seat(i), nil
		}
	}
	return rules.NoSeat, fmt.Errorf("%s is not a player here: choose %s", rules.Quote(s), strings.Join(names, ", "))
}

// PlainSeats turns an engine's "seat 2" into the player's name, for the
// engine's players seats; from the last seat down, so that "seat 1" never
// eats the start of "seat 10".
func PlainSeats(s string, names []string, players int) string {
	for i := players - 1; i >= 0; i-- {
		s = strings.ReplaceAll(s, fmt.Sprintf("seat %d", i+1), names[i])
	}
	return s
}
