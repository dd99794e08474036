package rules

import "math/rand/v2"

// Deck is an ordered pile of cards with a discard pile; the top of the draw
// pile is the end of the slice so drawing is cheap.
type Deck[C any] struct {
	Draw       []C
	Discard    []C
	Reshuffles int
}

// NewDeck shuffles cards into a fresh draw pile.
func NewDeck[C any](r *rand.Rand, cards []C) *Deck[C] {
	d := &Deck[C]{Draw: append([]C(nil), cards...)}
	Shuffle(r, d.Draw)
	return d
}

// Take draws up to n cards. When the draw pile runs out it shuffles the
// discard pile back in and counts the reshuffle, since several games change
// their targets on that count. It returns fewer cards only when both piles are
// empty.
func (d *Deck[C]) Take(r *rand.Rand, n int) []C {
	var out []C
	for len(out) < n {
		if len(d.Draw) == 0 {
			if len(d.Discard) == 0 {
				break
			}
			d.Draw, d.Discard = d.Discard, nil
			Shuffle(r, d.Draw)
			d.Reshuffles++
		}
		last := len(d.Draw) - 1
		out = append(out, d.Draw[last])
		d.Draw = d.Draw[:last]
	}
	return out
}

// Deal gives n cards to each of players hands in turn, one at a time as at a
// table, and leaves the rest in the draw pile.
func (d *Deck[C]) Deal(r *rand.Rand, players, n int) [][]C {
	hands := make([][]C, players)
	for range n {
		for p := range hands {
			hands[p] = append(hands[p], d.Take(r, 1)...)
		}
	}
	return hands
}
