package bots

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ninjakit/ninjakit/rules"
)

// Search constants. explore is UCT's constant for returns in [-1, 1];
// widening lets a node that has been visited n times hold 1+widening*sqrt(n)
// children, the untried ones entering best-scored first, so a node with
// thousands of actions (What Blind Ninjas orders) is searched where the
// heuristic points; playouts follow the heuristic but for a random action
// one time in epsilonInverse, and stop after playoutDepth actions, where
// the heuristic's Value stands for the result.
const (
	explore        = 0.8
	widening       = 2.0
	epsilonInverse = 8
	playoutSample  = 16
	playoutDepth   = 6
	priorWeight    = 1.0
)

// The root's actions are the bot's own, the same in every determinization,
// so they are rated once, as easy rates them (averaged over a few
// determinizations): the root expands them in that order, and the rating
// biases the root's choice while its children have few visits (progressive
// bias), where one determinization's outcome says little.

// node is a decision in the tree: the action that led to it, who chose it,
// and the return of that seat summed over the iterations through it.
type node[A comparable] struct {
	action   A
	actor    rules.Seat
	visits   int
	avail    int
	reward   float64
	children []*node[A]
	index    map[A]*node[A]
}

func (n *node[A]) add(a A, actor rules.Seat) *node[A] {
	c := &node[A]{action: a, actor: actor}
	if n.index == nil {
		n.index = map[A]*node[A]{}
	}
	n.index[a] = c
	n.children = append(n.children, c)
	return c
}

// searcher holds one decision's buffers.
type searcher[S rules.Engine[S, A], A comparable] struct {
	h       Heuristic[S, A]
	r       *rand.Rand
	seat    rules.Seat
	acts    []A
	untried []A
	cands   []*node[A]
	scores  []float64
	sample  []A
	seats   []rules.Seat
	returns []float64
	path    []*node[A]
	prior   map[A]float64
	style   Style
	// rumours are samples with the bot's own pieces where the table may
	// believe them, for the others' policy beyond OwnViewsSeats.
	rumours []S
}

// rumoured is an engine that can draw one seat's hidden pieces again from
// what the whole table knows, and put a seat's pieces from one state into
// a copy of another.
type rumoured[S any] interface {
	Rumour(seat rules.Seat, r *rand.Rand) S
	With(seat rules.Seat, from S) S
}

// rumourPool is how many rumours a decision draws.
const rumourPool = 16

// Style is how the search treats the seats other than the bot's.
type Style struct {
	// Others has every other seat, in the tree as in playouts, play the
	// heuristic's epsilon-greedy policy instead of being searched: the tree
	// keeps only the bot's own decisions, and the others' moves are part of
	// what the bot cannot control. A searched opponent chooses knowing the
	// bot's sample, which holds the bot's true hidden facts, and so plays as
	// if it saw them.
	Others bool
	// OwnViews has each other seat's policy rate its moves on a sample drawn
	// again from that seat's own knowledge, so that it aims where it may
	// believe the bot's pieces are, not where they are. Only for a game
	// whose determinizations can be determinized again from any seat.
	OwnViews bool
	// OwnViewsSeats, when above 0, keeps OwnViews to games of at most that
	// many seats: a redraw is a rejection sample whose tries grow with the
	// seats and the turns, and it is made at every policy move. With more
	// seats the others rate on the bot's sample with the bot's own pieces
	// replaced by one of rumourPool rumours drawn once a decision, where
	// the engine can draw them (E-12), else on the bot's sample as it is.
	OwnViewsSeats int
}

// Styled is implemented by a heuristic whose game is searched in a Style
// other than plain single-observer ISMCTS.
type Styled interface{ Style() Style }

// search is single-observer ISMCTS: each iteration draws a determinization
// from the bot's view, descends by UCT among the children whose action is
// legal in it, adds one child, plays out and credits every seat's return to
// the nodes that seat chose (the other seats as the heuristic's Style has
// them play). The most visited action at the root is played.
func search[S rules.Engine[S, A], A comparable](v View[S, A], h Heuristic[S, A], acts []A, r *rand.Rand, o Options) (Decision[A], error) {
	root, n, err := grow(v, h, acts, r, o)
	if err != nil {
		return Decision[A]{}, err
	}
	var top *node[A]
	for _, c := range root.children {
		if top == nil || c.visits > top.visits || c.visits == top.visits && c.reward/float64(c.visits) > top.reward/float64(top.visits) {
			top = c
		}
	}
	if top == nil {
		return Decision[A]{Action: acts[0], Iterations: n}, nil
	}
	return Decision[A]{Action: top.action, Value: top.reward / float64(top.visits), Iterations: n}, nil
}

// grow searches from v's seat and returns the tree and the iterations run.
func grow[S rules.Engine[S, A], A comparable](v View[S, A], h Heuristic[S, A], acts []A, r *rand.Rand, o Options) (*node[A], int, error) {
	// The clock starts before the prior is rated: it is part of the
	// decision's time.
	deadline := time.Now().Add(o.Think)
	s := &searcher[S, A]{h: h, r: r, seat: v.Seat(), prior: make(map[A]float64, len(acts))}
	if st, ok := h.(Styled); ok {
		s.style = st.Style()
	}
	draw := v.Determinize
	if sv, ok := v.(sampler[S]); ok {
		draw = sv.Sample
	}
	// A belief worked out once a decision draws the samples where the
	// engine has one (E-12).
	if bv, ok := v.(believer[S]); ok {
		if b := bv.Belief(r); b != nil {
			draw = b
		}
	}
	sum := make([]float64, len(acts))
	players := 0
	for range easyDraws {
		d := draw(r)
		players = d.Players()
		s.scores = h.Score(d, s.seat, acts, s.scores[:0])
		for i, x := range s.scores {
			sum[i] += x
		}
	}
	for i, a := range acts {
		s.prior[a] = squash(sum[i] / easyDraws)
	}
	if s.style.OwnViews && s.style.OwnViewsSeats > 0 && players > s.style.OwnViewsSeats {
		d := draw(r)
		if ru, ok := any(d).(rumoured[S]); ok {
			for range rumourPool {
				s.rumours = append(s.rumours, ru.Rumour(s.seat, r))
			}
		}
	}
	root := &node[A]{actor: -1}
	n := 0
	for ; o.Iterations > 0 && n < o.Iterations || o.Iterations <= 0 && (n == 0 || time.Now().Before(deadline)); n++ {
		if err := s.iterate(root, draw(r)); err != nil {
			return nil, n, err
		}
	}
	return root, n, nil
}

func (s *searcher[S, A]) iterate(root *node[A], d S) error {
	s.path = append(s.path[:0], root)
	n := root
	for !d.Over() {
		who := s.seat
		if n != root {
			s.seats = d.ToAct(s.seats[:0])
			if len(s.seats) == 0 {
				break
			}
			who = s.seats[0]
		}
		if s.style.Others && who != s.seat {
			if ok, err := s.policy(d, who); err != nil || !ok {
				if err != nil {
					return err
				}
				break
			}
			continue
		}
		s.acts = d.Actions(who, s.acts[:0])
		if len(s.acts) == 0 {
			break
		}
		s.cands, s.untried = s.cands[:0], s.untried[:0]
		for _, a := range s.acts {
			if c := n.index[a]; c != nil {
				c.avail++
				s.cands = append(s.cands, c)
			} else {
				s.untried = append(s.untried, a)
			}
		}
		if len(s.untried) > 0 && (len(s.cands) == 0 || float64(len(n.children)) < 1+widening*math.Sqrt(float64(n.visits))) {
			if n == root {
				s.scores = s.scores[:0]
				for _, a := range s.untried {
					s.scores = append(s.scores, s.prior[a])
				}
			} else {
				s.scores = s.h.Score(d, who, s.untried, s.scores[:0])
			}
			a := s.untried[best(s.scores, s.r)]
			if err := act(d, who, a); err != nil {
				return err
			}
			s.path = append(s.path, n.add(a, who))
			break
		}
		n = s.pick(n == root)
		if err := act(d, who, n.action); err != nil {
			return err
		}
		s.path = append(s.path, n)
	}
	if err := s.playout(d); err != nil {
		return err
	}
	for _, p := range s.path {
		p.visits++
		if p.actor >= 0 {
			p.reward += s.returns[p.actor]
		}
	}
	return nil
}

// pick is UCT over the available children, each judged by the seat that
// chooses it, with the times it was available in place of the parent's
// visits; at the root with the prior's bias.
func (s *searcher[S, A]) pick(root bool) *node[A] {
	var top *node[A]
	topU := math.Inf(-1)
	for _, c := range s.cands {
		u := c.reward/float64(c.visits) + explore*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		if root {
			u += priorWeight * s.prior[c.action] / float64(c.visits+1)
		}
		if u > topU || u == topU && s.r.IntN(2) == 0 {
			top, topU = c, u
		}
	}
	return top
}

// playout plays on with the heuristic for playoutDepth actions and leaves
// each seat's return in s.returns.
func (s *searcher[S, A]) playout(d S) error {
	for range playoutDepth {
		if d.Over() {
			break
		}
		s.seats = d.ToAct(s.seats[:0])
		if len(s.seats) == 0 {
			break
		}
		if ok, err := s.policy(d, s.seats[0]); err != nil || !ok {
			if err != nil {
				return err
			}
			break
		}
	}
	if d.Over() {
		s.returns = d.Returns(s.returns[:0])
	} else {
		s.returns = s.h.Value(d, s.returns[:0])
	}
	return nil
}

// policy plays who's move in d epsilon-greedily: a random action one time
// in epsilonInverse, else the best-rated of a sample of the actions, rated,
// for another seat than the bot's in the OwnViews style, on that seat's own
// sample of d (d is already drawn from the bot's knowledge).
// It reports false when who has no action.
func (s *searcher[S, A]) policy(d S, who rules.Seat) (bool, error) {
	s.acts = d.Actions(who, s.acts[:0])
	if len(s.acts) == 0 {
		return false, nil
	}
	a := s.acts[s.r.IntN(len(s.acts))]
	if s.r.IntN(epsilonInverse) != 0 && len(s.acts) > 1 {
		s.sample = s.sample[:0]
		if len(s.acts) <= playoutSample {
			s.sample = append(s.sample, s.acts...)
		} else {
			for range playoutSample {
				s.sample = append(s.sample, s.acts[s.r.IntN(len(s.acts))])
			}
		}
		on := d
		switch {
		case who == s.seat || !s.style.OwnViews:
		case len(s.rumours) > 0:
			on = any(d).(rumoured[S]).With(s.seat, s.rumours[s.r.IntN(len(s.rumours))])
		case s.style.OwnViewsSeats <= 0 || d.Players() <= s.style.OwnViewsSeats:
			on = d.Determinize(who, s.r)
		}
		s.scores = s.h.Score(on, who, s.sample, s.scores[:0])
		a = s.sample[best(s.scores, s.r)]
	}
	return true, act(d, who, a)
}

// act applies an action the engine listed; a refusal means the engine and
// its own action list disagree, which no search may paper over.
func act[S rules.Engine[S, A], A comparable](d S, who rules.Seat, a A) error {
	if err := d.Act(who, a); err != nil {
		return fmt.Errorf("the engine refused an action it listed for seat %s (%s): %w", who, d.Notation(a), err)
	}
	return nil
}
