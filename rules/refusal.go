package rules

import "fmt"

// NoSeat stands for no seat: a refusal that rests on public facts, or a
// viewer who is the whole table.
const NoSeat Seat = -1

// Refusal is an action an engine refused and why. Private is the seat whose
// hidden cards the reason rests on, NoSeat when it rests on public facts
// only. Anyone but Private must read Neutral, which is the same whatever the
// hidden cards are, or the refusal would tell them what a hand holds.
type Refusal[A fmt.Stringer] struct {
	Action  A
	Reason  string
	Private Seat
	Neutral string
}

func (e *Refusal[A]) Error() string {
	return fmt.Sprintf("%s: %s: %s", ErrIllegal, e.Action, e.Reason)
}

func (e *Refusal[A]) Unwrap() error { return ErrIllegal }

// For is the reason as viewer may read it (NoSeat: the whole table).
func (e *Refusal[A]) For(viewer Seat) string {
	if e.Private != NoSeat && viewer != e.Private {
		return e.Neutral
	}
	return e.Reason
}
