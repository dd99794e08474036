package rules

import "math/rand/v2"

// Engine is what every game engine offers a generic player (a bot, a hint,
// a simulation), after OpenSpiel's State. S is the engine's own state type
// (a pointer), A its action type: a small comparable value, so a search can
// key tables by it and move generation appends into a caller's buffer
// without allocating.
//
// The type parameters keep the hot loop free of interface boxing: a generic
// search written as func[S Engine[S, A], A comparable] compiles against the
// concrete engine, and Clone returns S, not an interface.
//
// Seats act in turn or, where a game has players decide at once (choosing
// which cards to keep, placing blind ninjas), several seats are to act
// together and their actions are applied one by one in any order: none of
// them may see another's choice, which Observation guarantees. No engine
// here has a chance step after set-up (decks are dealt before play).
type Engine[S any, A comparable] interface {
	// Clone is an independent copy; applying actions to either leaves the
	// other as it was.
	Clone() S
	// Players is the number of seats.
	Players() int
	// ToAct appends the seats whose decision it is to buf; none once over.
	ToAct(buf []Seat) []Seat
	// Actions appends every legal action of seat to buf (none when it is
	// not that seat's decision). Each listed action is accepted by Act.
	Actions(seat Seat, buf []A) []A
	// Act applies seat's action through the same checked path a person's
	// move takes, or refuses it (wrapping ErrIllegal) and changes nothing.
	Act(seat Seat, a A) error
	// Over reports whether the game has ended.
	Over() bool
	// Returns appends one value per seat: 1 for a win, -1 for a loss, 0 for
	// a shared win (a draw); all 0 before the end.
	Returns(buf []float64) []float64
	// Observation is everything seat may know, as one canonical string:
	// two states give the same string exactly when seat cannot tell them
	// apart. It is the engine's per-role view, as the companion shows it.
	Observation(seat Seat) string
	// Determinize samples a full state that seat cannot tell from this one
	// (its Observation is unchanged), drawing the hidden part with r from
	// what seat's knowledge allows; each engine documents the distribution
	// (docs/RULINGS.md, E-1 and on). It reads only what seat may know.
	Determinize(seat Seat, r *rand.Rand) S
	// Notation writes an action in the engine's notation; ParseAction reads
	// it back for seat (ParseAction(s, Notation(a)) == a).
	Notation(a A) string
	ParseAction(seat Seat, text string) (A, error)
	// Narrate tells an action in table words, as its actor knows it; what
	// other seats may learn of it is the engine's role filter's business.
	Narrate(seat Seat, a A) string
}

// Outcome turns a set of winners into returns: a sole winner 1, several
// winners 0 each (a draw between them), everyone else -1.
func Outcome(buf []float64, players int, winners []Seat) []float64 {
	for s := range players {
		v := -1.0
		for _, w := range winners {
			if w == Seat(s) {
				v = 1
				if len(winners) > 1 {
					v = 0
				}
			}
		}
		buf = append(buf, v)
	}
	return buf
}

// RandomPlayout plays uniformly random legal actions until the game is over
// or limit actions have been played, and returns how many were played. When
// several seats are to act, the first listed acts first.
func RandomPlayout[S Engine[S, A], A comparable](s S, r *rand.Rand, buf []A, limit int) (int, []A, error) {
	var seats [8]Seat
	n := 0
	for n < limit && !s.Over() {
		to := s.ToAct(seats[:0])
		if len(to) == 0 {
			break
		}
		buf = s.Actions(to[0], buf[:0])
		if len(buf) == 0 {
			break
		}
		if err := s.Act(to[0], buf[r.IntN(len(buf))]); err != nil {
			return n, buf, err
		}
		n++
	}
	return n, buf, nil
}
