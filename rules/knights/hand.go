package knights

import (
	"slices"

	"github.com/ninjakit/ninjakit/rules"
)

// The few helpers every rule goes through to touch hands and piles. They are
// what lets one rule core serve both modes: a digital hand holds faces, a
// physical hand holds Unknown cards, and "can seat s play these cards?" asks
// the hand in the first case and what is still hidden in the second.

// take draws n cards for seat s (NoSeat: for a duel draft pile). The moment
// the draw pile runs out the discards become the new pile and the reshuffle
// is counted (ruling K5), even in the middle of a draw, so the target falls
// at once. A physical game does the same with counts: the new pile is face
// down, so Unknown. Fewer cards come only when both piles are empty.
func (g *Game) take(s rules.Seat, n int) []Card { return g.takeInto(s, n, nil) }

// takeInto is take appending the cards to out.
func (g *Game) takeInto(s rules.Seat, n int, out []Card) []Card {
	g.refill()
	want := len(out) + n
	drawn := 0
	flush := func() {
		if drawn == 0 {
			return
		}
		if s == NoSeat {
			g.note(Event{Kind: EventDraft, Seat: s, Cards: drawn})
		} else {
			g.note(Event{Kind: EventDraw, Seat: s, Cards: drawn})
		}
		drawn = 0
	}
	for len(out) < want && len(g.deck.Draw) > 0 {
		last := len(g.deck.Draw) - 1
		out = append(out, g.deck.Draw[last])
		g.deck.Draw = g.deck.Draw[:last]
		drawn++
		if len(g.deck.Draw) == 0 && len(g.deck.Discard) > 0 {
			flush()
			g.refill()
		}
	}
	flush()
	return out
}

// refill turns the discards into the draw pile when the draw pile is empty,
// the moment that happens (ruling K5); Apply also calls it after every
// action, for a pile emptied while there was nothing to reshuffle.
func (g *Game) refill() {
	if len(g.deck.Draw) > 0 || len(g.deck.Discard) == 0 {
		return
	}
	if g.mode == Physical {
		g.deck.Draw = make([]Card, len(g.deck.Discard))
	} else {
		g.deck.Draw = slices.Clone(g.deck.Discard)
		rules.Shuffle(g.rand(), g.deck.Draw)
	}
	g.deck.Discard = nil
	g.deck.Reshuffles++
	g.note(Event{Kind: EventReshuffle, Seat: NoSeat, Cards: len(g.deck.Draw), Target: g.Target()})
}

// addToHand puts cards in a hand, each in its place in the sorted hand. A
// physical hand forgets their faces: the engine cannot follow a card once
// it is mixed into a hand.
func (g *Game) addToHand(s rules.Seat, cards ...Card) {
	for _, c := range cards {
		if g.mode == Physical {
			c = Unknown
		}
		h := append(g.hands[s], c)
		i := len(h) - 1
		for ; i > 0 && h[i-1] > c; i-- {
			h[i] = h[i-1]
		}
		h[i] = c
		g.hands[s] = h
		g.kinds[s][c]++
	}
}

// recount counts seat s's hand by kind again, after its cards were
// replaced wholesale.
func (g *Game) recount(s rules.Seat) {
	g.kinds[s] = [numCards]uint8{}
	for _, c := range g.hands[s] {
		g.kinds[s][c]++
	}
}

// removeFromHand takes cards out of a hand, a known face if the hand has it,
// otherwise an unknown card. Callers check canPay first.
func (g *Game) removeFromHand(s rules.Seat, cards ...Card) {
	h := g.hands[s]
	for _, c := range cards {
		i := slices.Index(h, c)
		if i < 0 {
			i = slices.Index(h, Unknown)
		}
		if i < 0 {
			panic("knights: removing a card the hand does not hold")
		}
		g.kinds[s][h[i]]--
		h = slices.Delete(h, i, i+1)
	}
	g.hands[s] = h
}

// canPay reports whether seat s could have the cards in hand: the faces it
// is known to hold, and for the rest unknown cards whose faces are still
// hidden somewhere, not in the discard pile or on the table (ruling K34).
func (g *Game) canPay(s rules.Seat, cards []Card) bool {
	h := g.hands[s]
	if len(cards) > len(h) {
		return false
	}
	var need [numCards]int
	for _, c := range cards {
		if c == Unknown || c >= numCards {
			return false
		}
		need[c]++
	}
	unknown := 0
	for _, c := range h {
		if c == Unknown {
			unknown++
		}
	}
	var seen [numCards]int
	if unknown > 0 {
		seen = g.visible()
	}
	short := 0
	for _, c := range Cards {
		if need[c] == 0 {
			continue
		}
		known := 0
		for _, x := range h {
			if x == c {
				known++
			}
		}
		if miss := need[c] - known; miss > 0 {
			if g.deckCount(c)-seen[c]-known < miss {
				return false
			}
			short += miss
		}
	}
	return short <= unknown
}

// avail is how many copies of c seat s might play: the upper bound move
// generation works from before canPay checks a whole combination.
func (g *Game) avail(s rules.Seat, c Card) int {
	h := g.hands[s]
	n := 0
	unknown := 0
	for _, x := range h {
		switch x {
		case c:
			n++
		case Unknown:
			unknown++
		}
	}
	if unknown > 0 {
		n += min(unknown, max(0, g.deckCount(c)-g.visible()[c]-n))
	}
	return n
}

func (g *Game) deckCount(c Card) int { return g.spec.deckCount(c, g.n) }

// visible counts the face-up cards: discard pile, fortifications, the
// standing Ladder, the attack on the table and cards shown to a Herald.
func (g *Game) visible() [numCards]int {
	var v [numCards]int
	for _, c := range g.deck.Discard {
		v[c]++
	}
	for _, f := range g.forts {
		v[f.Castle]++
		v[f.Archer]++
		v[f.Minstrel]++
	}
	if g.ladder {
		v[Ladder]++
	}
	for _, p := range g.atk {
		v[p.Card]++
	}
	for _, ps := range g.shown {
		for _, p := range ps {
			v[p.Card]++
		}
	}
	v[Unknown] = 0
	return v
}

// census counts every card wherever it is; Unknown counts the unseen ones.
// Rules never need it; position checks and tests do, to prove no card is lost
// or made.
func (g *Game) census() [numCards]int {
	v := g.visible()
	unknown := 0
	add := func(cs []Card) {
		for _, c := range cs {
			if c == Unknown {
				unknown++
			} else {
				v[c]++
			}
		}
	}
	add(g.deck.Draw)
	add(g.pile)
	for _, h := range g.hands {
		add(h)
	}
	v[Unknown] = unknown
	return v
}

func (g *Game) discard(cards ...Card) {
	g.deck.Discard = append(g.deck.Discard, cards...)
}

// moveGems moves up to n gems; a poorer kingdom gives what it has and the
// rest of the strength is wasted.
func (g *Game) moveGems(from, to rules.Seat, n int) int {
	n = max(0, min(n, g.gems[from]))
	g.gems[from] -= n
	g.gems[to] += n
	return n
}

// others lists every seat but s in turn order after s.
func (g *Game) others(s rules.Seat) []rules.Seat {
	out := make([]rules.Seat, 0, g.n-1)
	for i := 1; i < g.n; i++ {
		out = append(out, s.Offset(i, g.n))
	}
	return out
}

func (g *Game) rival(s rules.Seat) rules.Seat { return s.Next(g.n) }
