package blades

import (
	"math/rand/v2"

	"github.com/ninjakit/ninjakit/rules"
)

// Determinize deals the cards seat has not seen (ruling E-2): every card of
// the deck but seat's dealt hand and the cards others have played is a
// physical card, and the other seats' hands are drawn uniformly among the
// ways of giving them those cards that fit what seat knows: each holds as
// many cards as it shows, a seat still choosing holds a whole dealt hand, and
// a seat that has chosen kept, with what it has played since, cards worth no
// more than the keep limit.
//
// It first deals plain random cards a few times, keeping the first deal
// that fits: cheap, and exact, since a kept deal is uniform among those that
// fit. When none fits (a seat kept many cheap cards, say) the seats that
// have chosen are drawn one after another, each from every hand that fits it
// weighted by its number of ways in what is left, and the draw is kept with
// the chance that the later seats' ways shrank by (their ways now over their
// ways from the whole pool), which corrects the order to exactly the
// uniform deal; the seats still choosing then take random cards from the
// rest. Either way the result has the same distribution. Last, each seat
// that has chosen gets a dealt hand it never showed: what it kept plus
// random cards from the rest for what it threw away (every set of thrown
// cards fits any kept hand equally, so this keeps the deal uniform).
func (s *State) Determinize(seat rules.Seat, r *rand.Rand) *State {
	c := s.Clone()
	p := &c.pos
	if p.cards != HiddenHands {
		return c
	}
	var unseen Hand
	for k, n := range p.rules.Counts {
		unseen[k] = uint8(n)
	}
	unseen = unseen.Minus(s.dealt[seat])
	for i := range p.players {
		if Seat(i) != seat {
			unseen = unseen.Minus(s.played[i])
		}
	}
	for range plainDeals {
		if s.dealPlain(seat, c, unseen, r) {
			s.redeal(seat, c, unseen, r)
			return c
		}
	}
	var most [5]float64 // each chosen seat's ways from the whole pool
	for i := range p.players {
		if Seat(i) != seat && !p.chooses(Seat(i)) {
			most[i] = s.ways(i, unseen).walk(0, p.hands[i].Size(), Hand{}, s.room(i), 1)
		}
	}
	for {
		left, ok := unseen, true
		first := true
		for i := range p.players {
			if Seat(i) == seat || p.chooses(Seat(i)) {
				continue
			}
			w := s.ways(i, left)
			n := p.hands[i].Size()
			total := w.walk(0, n, Hand{}, s.room(i), 1)
			if total == 0 || !first && r.Float64()*most[i] >= total {
				ok = false
				break
			}
			first = false
			w.picking, w.target = true, r.Float64()*total
			w.walk(0, n, Hand{}, s.room(i), 1)
			p.hands[i] = w.found
			left = left.Minus(w.found)
		}
		if !ok {
			continue
		}
		for i := range p.players {
			if Seat(i) != seat && p.chooses(Seat(i)) {
				p.hands[i] = deal(&left, p.hands[i].Size(), r)
				c.dealt[i] = p.hands[i]
			}
		}
		s.redeal(seat, c, unseen, r)
		return c
	}
}

// redeal gives every other seat that has chosen a dealt hand seat cannot
// tell from its real one: its hand in c and what it has played, plus as
// many cards as it threw away, taken from what unseen has left once c's
// hands are out.
func (s *State) redeal(seat rules.Seat, c *State, unseen Hand, r *rand.Rand) {
	p := &c.pos
	for i := range p.players {
		if Seat(i) != seat {
			unseen = unseen.Minus(p.hands[i])
		}
	}
	for i := range p.players {
		if Seat(i) == seat || p.chooses(Seat(i)) {
			continue
		}
		kept := p.hands[i]
		for k, n := range s.played[i] {
			kept[k] += n
		}
		thrown := deal(&unseen, s.dealt[i].Size()-kept.Size(), r)
		for k, n := range thrown {
			kept[k] += n
		}
		c.dealt[i] = kept
	}
}

// dealPlain deals every other seat random cards from unseen into c and
// reports whether each chosen seat's hand, with its plays, is within the
// keep limit.
func (s *State) dealPlain(seat rules.Seat, c *State, unseen Hand, r *rand.Rand) bool {
	p := &c.pos
	for i := range p.players {
		if Seat(i) == seat {
			continue
		}
		p.hands[i] = deal(&unseen, p.hands[i].Size(), r)
		if p.chooses(Seat(i)) {
			c.dealt[i] = p.hands[i]
		} else if p.rules.Price(p.hands[i]) > s.room(i) {
			return false
		}
	}
	return true
}

// deal takes n random physical cards out of pool.
func deal(pool *Hand, n int, r *rand.Rand) Hand {
	var h Hand
	size := pool.Size()
	for range n {
		x := r.IntN(size)
		k := 0
		for x >= int(pool[k]) {
			x -= int(pool[k])
			k++
		}
		h[k]++
		pool[k]--
		size--
	}
	return h
}

// plainDeals is how many random deals Determinize tries before it draws
// hand by hand; tests set it to 0 to check the second way alone.
var plainDeals = 16

// room is what seat i may still hold under the keep limit, given what it
// has played.
func (s *State) room(i int) int {
	return s.pos.rules.KeepLimit - s.pos.rules.Price(s.played[i])
}

func (s *State) ways(i int, pool Hand) *handWalk {
	return &handWalk{prices: &s.pos.rules.Prices, pool: pool}
}

// handWalk visits every hand of a given size within a pool and a price
// room, with its number of ways (the physical cards it can be made of). It
// sums them or, picking, finds the hand where the running sum passes target.
type handWalk struct {
	prices  *[NumKinds]int
	pool    Hand
	picking bool
	target  float64
	found   Hand
	done    bool
}

func (w *handWalk) walk(k, left int, h Hand, room int, ways float64) float64 {
	if k == int(NumKinds) {
		if left != 0 {
			return 0
		}
		if w.picking {
			if w.target < ways {
				w.found, w.done = h, true
			}
			w.target -= ways
		}
		return ways
	}
	sum := 0.0
	for n := 0; n <= left && n <= int(w.pool[k]) && n*w.prices[k] <= room; n++ {
		h[k] = uint8(n)
		sum += w.walk(k+1, left-n, h, room-n*w.prices[k], ways*binomial[w.pool[k]][n])
		if w.done {
			break
		}
	}
	return sum
}

// binomial[n][k] is n choose k, for the counts of one kind of card.
var binomial = func() (t [33][33]float64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()
