package blades

// Outcome is the result of a finished game.
type Outcome struct {
	// Scores by seat: ninjas left on the board, or with 2 players the prey
	// ninjas each player eliminated.
	Scores  []int
	Winners []Seat // more than one on a tie
}

// Tie reports whether several seats share the best score.
func (o Outcome) Tie() bool { return len(o.Winners) > 1 }

// Outcome scores the position; it is meaningful once Phase is Over, and
// shows the standing so far before that.
func (p *Position) Outcome() Outcome {
	var o Outcome
	best := -1
	for s := range p.players {
		score := p.count[p.seats[s]]
		if p.players == 2 {
			score = p.taken[s]
		}
		o.Scores = append(o.Scores, score)
		switch {
		case score > best:
			best, o.Winners = score, []Seat{Seat(s)}
		case score == best:
			o.Winners = append(o.Winners, Seat(s))
		}
	}
	return o
}
