package scorpion

// MotionChoice is one pair the motion model weighs for an intruder about
// to move: the zone and zones moved, and the model's features (the zones
// gained towards his goal while looking and once done, moved 1, 2 and 3
// zones, the last step over a wall, into a guard's zone, ending at his
// goal while looking and once done).
type MotionChoice struct {
	Zone  string
	Moved int
	X     [MotionFeatures]float64
}

// MotionFeatures is the length of MotionChoice.X.
const MotionFeatures = 9

// MotionChoices lists the pairs the motion model weighs for intruder i
// from where he truly stands (an outside test fits the model on them;
// the belief itself never reads a true position). ok is false for an
// intruder off the board or in the passage.
func MotionChoices(s *State, i int) (out []MotionChoice, ok bool) {
	g, b := s.g, s.b
	in := &g.in[i]
	if !in.onBoard() || in.Zone == passageID {
		return nil, false
	}
	z0 := b.index[in.Zone]
	done := 0
	if in.Done {
		done = 1
	}
	goal := s.goalSteps(in.Done)
	for _, p := range b.walks(z0, s.awakeZones(), s.mayClimb(i)) {
		c := MotionChoice{Zone: b.ids[p.z], Moved: p.m}
		c.X[done] = gain(goal, z0, p.z)
		if p.m > 0 {
			c.X[1+p.m] = 1
		}
		if p.up {
			c.X[5] = 1
		}
		if p.guarded {
			c.X[6] = 1
		}
		if goal[p.z] == 0 {
			c.X[7+done] = 1
		}
		out = append(out, c)
	}
	return out, true
}

// MotionWeights are the motion model's weights in MotionChoice.X's order.
func MotionWeights() [MotionFeatures]float64 {
	return [MotionFeatures]float64{motionGain[0], motionGain[1], motionMoved[1], motionMoved[2], motionMoved[3], motionClimb, motionGuarded, motionAtGoal[0], motionAtGoal[1]}
}

// IntruderAt is where intruder i stands and how far he moved in the last
// intruders' phase.
func IntruderAt(s *State, i int) (zone string, moved int, onBoard bool) {
	in := &s.g.in[i]
	return in.Zone, in.Noise, in.onBoard()
}

// BeliefShare is the belief's share of the pair intruder i truly stands
// at among the pairs the guards' draw chooses from, and how many pairs
// that is (the uniform draw's share is 1/n). ok is false when no belief
// holds or the intruder is off the board, seen or answering.
func BeliefShare(s *State, i int) (share float64, n int, ok bool) {
	g, b, k := s.g, s.b, &s.k
	bel := s.current()
	in := &g.in[i]
	if bel == nil || bel.w[i][0] == nil || !in.onBoard() || in.Revealed || in.Return || len(g.pending) > 0 {
		return 0, 0, false
	}
	calm := b.all().without(s.awakeZones())
	opts := k.pairs(i, calm)
	if len(opts) == 0 {
		opts = k.pairs(i, b.all())
	}
	m := in.Noise
	if g.phase == PhaseIntruders {
		m = in.Moves
	}
	truth := pair{b.index[in.Zone], m}
	tot, at := 0.0, -1.0
	for _, p := range opts {
		w := bel.weight(b, i, p.m, p.z)
		tot += w
		if p == truth {
			at = w
		}
	}
	if at < 0 || tot == 0 {
		return 0, 0, false
	}
	return at / tot, len(opts), true
}

// TurnOf is the turn being played.
func TurnOf(s *State) int { return s.g.turn }
