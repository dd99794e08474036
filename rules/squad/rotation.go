package squad

// Rotation says which Movement deck (1-based) each seat and each Interchange
// pile holds in movement phase n (1-based) of one part of the game. The four
// decks sit in a ring: seats in clockwise order, then the Interchange piles,
// then back to the first seat; at every Guard Phase each deck moves one
// place along the ring, so with 2 or 3 players the Interchange decks ride in
// the rotation and all four decks are used (S-1). A deck is never in two
// places. Players outside 1..4 or n < 1 give nil slices.
func Rotation(players, phase int) (seatDeck []int, interchange []int) {
	const decks = 4
	if players < 1 || players > decks || phase < 1 {
		return nil, nil
	}
	ring := make([]int, decks)
	for place := range ring {
		ring[place] = ((place-(phase-1))%decks+decks)%decks + 1
	}
	return ring[:players], ring[players:]
}
