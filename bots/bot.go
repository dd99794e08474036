package bots

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ninjakit/ninjakit/rules"
)

// Heuristic is a game's small judgement of full states (determinizations):
// what easy plays by, and what guides the search's expansion and playouts.
type Heuristic[S rules.Engine[S, A], A comparable] interface {
	// Score appends a rating of each of seat's actions in s to out: the
	// immediate gain less the immediate risk, roughly in pieces.
	Score(s S, seat rules.Seat, actions []A, out []float64) []float64
	// Value appends an estimate of each seat's return in an unfinished s,
	// in [-1, 1], for a playout cut short.
	Value(s S, buf []float64) []float64
}

// Options set up a bot.
type Options struct {
	Level Level
	// Seed is the bot's private seed: with the observation it fixes every
	// random draw of a decision.
	Seed uint64
	// Think is the time a search decision takes; 0 is the level's default.
	Think time.Duration
	// Iterations, when above 0, runs the search for exactly that many
	// iterations and never reads the clock, so a decision is reproducible.
	Iterations int
}

// Decision is a bot's choice.
type Decision[A comparable] struct {
	Action A
	// Value is the bot's estimate of its return after the action, in
	// [-1, 1] (a search's mean, easy's best score squashed), 0 for random.
	Value float64
	// Iterations is how many search iterations the choice took.
	Iterations int
}

// WinChance reads Value as a chance of winning.
func (d Decision[A]) WinChance() float64 { return (d.Value + 1) / 2 }

// ErrNoAction is returned when the view's seat has no decision to make.
var ErrNoAction = errors.New("no decision to make: it is not this seat's turn")

// Bot plays one seat at one level.
type Bot[S rules.Engine[S, A], A comparable] struct {
	opts Options
	h    Heuristic[S, A]
}

// New makes a bot for a game with that game's heuristic.
func New[S rules.Engine[S, A], A comparable](h Heuristic[S, A], o Options) *Bot[S, A] {
	if o.Think <= 0 {
		o.Think = o.Level.Think()
	}
	return &Bot[S, A]{opts: o, h: h}
}

// Level is the bot's level.
func (b *Bot[S, A]) Level() Level { return b.opts.Level }

// Choose picks an action for the view's seat.
func (b *Bot[S, A]) Choose(v View[S, A]) (Decision[A], error) {
	var none Decision[A]
	acts := v.Actions(nil)
	if len(acts) == 0 {
		return none, ErrNoAction
	}
	r := b.rand(v)
	switch {
	case b.opts.Level == Random:
		return Decision[A]{Action: acts[r.IntN(len(acts))]}, nil
	case len(acts) == 1:
		return Decision[A]{Action: acts[0]}, nil
	case b.opts.Level == Easy:
		return easy(v, b.h, acts, r), nil
	case b.opts.Level.Searches():
		return search(v, b.h, acts, r, b.opts)
	}
	return none, fmt.Errorf("unknown bot level %s", b.opts.Level)
}

// rand seeds a decision from the bot's seed, its level, its seat and what
// the seat sees, and nothing else.
func (b *Bot[S, A]) rand(v View[S, A]) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/", b.opts.Level, v.Seat())
	h.Write([]byte(v.Observation()))
	return rand.New(rand.NewPCG(b.opts.Seed, h.Sum64()))
}

// easyDraws is how many determinizations easy averages its scores over:
// enough that one unlucky sample of the hidden part does not decide.
const easyDraws = 4

// Exact is implemented by a heuristic that can tell a state hiding nothing:
// every determinization of it is the same state, so easy scores one draw
// instead of averaging equal ones, and chooses exactly as it would have.
type Exact[S any] interface{ Exact(s S) bool }

// easy plays the action with the best heuristic score, averaged over a few
// determinizations (a seat's own actions are the same in each).
func easy[S rules.Engine[S, A], A comparable](v View[S, A], h Heuristic[S, A], acts []A, r *rand.Rand) Decision[A] {
	sum := make([]float64, len(acts))
	var buf []float64
	draws := easyDraws
	for d := 0; d < draws; d++ {
		s := v.Determinize(r)
		if e, ok := h.(Exact[S]); ok && d == 0 && e.Exact(s) {
			draws = 1
		}
		buf = h.Score(s, v.Seat(), acts, buf[:0])
		for i, x := range buf {
			sum[i] += x
		}
	}
	i := best(sum, r)
	return Decision[A]{Action: acts[i], Value: squash(sum[i] / float64(draws))}
}

// best is the index of the highest score, ties broken at random.
func best(scores []float64, r *rand.Rand) int {
	at, ties := 0, 0
	for i, x := range scores {
		switch {
		case i == 0 || x > scores[at]:
			at, ties = i, 1
		case x == scores[at]:
			if ties++; r.IntN(ties) == 0 {
				at = i
			}
		}
	}
	return at
}

// squash maps a score in pieces into (-1, 1).
func squash(x float64) float64 { return x / (1 + math.Abs(x)) }
