package bots

import (
	"math/rand/v2"

	"github.com/ninjakit/ninjakit/rules"
)

// View is all a bot may read of a game: its own seat, that seat's
// observation and actions, and full states sampled from what the seat
// knows. A bot is handed a View, never the state itself, so nothing it
// chooses can depend on what its seat cannot know.
type View[S any, A comparable] interface {
	Seat() rules.Seat
	Observation() string
	Actions(buf []A) []A
	Determinize(r *rand.Rand) S
}

// ViewOf is seat's view of s.
func ViewOf[S rules.Engine[S, A], A comparable](s S, seat rules.Seat) View[S, A] {
	return seatView[S, A]{s: s, seat: seat}
}

type seatView[S rules.Engine[S, A], A comparable] struct {
	s    S
	seat rules.Seat
}

func (v seatView[S, A]) Seat() rules.Seat           { return v.seat }
func (v seatView[S, A]) Observation() string        { return v.s.Observation(v.seat) }
func (v seatView[S, A]) Actions(buf []A) []A        { return v.s.Actions(v.seat, buf) }
func (v seatView[S, A]) Determinize(r *rand.Rand) S { return v.s.Determinize(v.seat, r) }

// likely is an engine that draws a searching bot's own samples from a
// belief of its seat, still from what the seat knows (Scorpion Clan's
// guards: ruling E-9).
type likely[S any] interface {
	DeterminizeLikely(seat rules.Seat, r *rand.Rand) S
}

// Sample is a determinization for a search's own samples: the engine's
// DeterminizeLikely where it has one, else Determinize.
func (v seatView[S, A]) Sample(r *rand.Rand) S {
	if l, ok := any(v.s).(likely[S]); ok {
		return l.DeterminizeLikely(v.seat, r)
	}
	return v.s.Determinize(v.seat, r)
}

// sampler is a view that draws a search's samples its own way.
type sampler[S any] interface{ Sample(r *rand.Rand) S }

// believing is an engine that works out, once a decision, what a seat may
// make of the hidden facts, and draws the search's samples from that (What
// Blind Ninjas with three or four players: ruling E-12).
type believing[S any] interface {
	Belief(seat rules.Seat, r *rand.Rand) func(*rand.Rand) S
}

// believer is a view whose search samples come from a belief worked out
// once a decision.
type believer[S any] interface {
	Belief(r *rand.Rand) func(*rand.Rand) S
}

// Belief is the engine's belief of the view's seat, nil if it has none.
func (v seatView[S, A]) Belief(r *rand.Rand) func(*rand.Rand) S {
	if b, ok := any(v.s).(believing[S]); ok {
		return b.Belief(v.seat, r)
	}
	return nil
}
