package knights

import (
	"github.com/ninjakit/ninjakit/rules"
)

// special plays a Herald, Merchant or Monk. Special actions cannot be
// answered; the card is discarded as it is played.
func (g *Game) special(p Play, target rules.Seat) {
	me := g.turn
	g.removeFromHand(me, p.Card)
	g.discard(p.Card)
	switch p.As {
	case Herald:
		g.shown = make([][]Play, g.n)
		if g.nextShower() == NoSeat {
			g.finishTurn() // nobody has a card to show (ruling K19)
			return
		}
		g.phase = PhaseShow
	case Merchant:
		g.merchant(target)
	case Monk:
		// In a duel the only rival is taxed the same way, at the duel's
		// price (ruling K28); with no castle in sight the Monk is spent.
		for _, s := range g.others(me) {
			if g.forts[s].Castle != Unknown {
				g.taxed = append(g.taxed, s)
			}
		}
		g.skipTaxed()
	}
}

// merchant pays the price to the rival, who may win by it (ruling K3), then
// takes half the rival's hand, rounded down, unseen: at random in a digital
// game, only as a count in a physical one (ruling K17).
func (g *Game) merchant(t rules.Seat) {
	me := g.turn
	g.moveGems(me, t, g.merchantPrice())
	if g.gained(t); g.winner != NoSeat {
		g.finishTurn()
		return
	}
	k := len(g.hands[t]) / 2
	var cards []Card
	if g.mode == Digital {
		idx := make([]int, len(g.hands[t]))
		for i := range idx {
			idx[i] = i
		}
		rules.Shuffle(g.rand(), idx)
		for _, i := range idx[:k] {
			cards = append(cards, g.hands[t][i])
		}
	} else {
		cards = make([]Card, k)
	}
	g.removeFromHand(t, cards...)
	g.addToHand(me, cards...)
	g.note(Event{Kind: EventMerchantTakes, Seat: t, Cards: k})
	g.finishTurn()
}

// take1 gives the Herald's player the chosen card and returns the rest.
func (g *Game) take1(from rules.Seat, c Card) {
	for s, ps := range g.shown {
		cards := cardsOf(ps)
		if rules.Seat(s) == from {
			for i, x := range cards {
				if x == c {
					cards = append(cards[:i:i], cards[i+1:]...)
					break
				}
			}
			g.addToHand(g.turn, c)
		}
		g.addToHand(rules.Seat(s), cards...)
	}
	g.shown = nil
	g.finishTurn()
}

// nextTax moves to the next kingdom the Monk taxes.
func (g *Game) nextTax() {
	g.taxed = g.taxed[1:]
	g.skipTaxed()
}

// skipTaxed drops kingdoms with neither gems nor cards, which have nothing
// to pay (ruling K18), and ends the turn when nobody is left.
func (g *Game) skipTaxed() {
	for len(g.taxed) > 0 {
		s := g.taxed[0]
		if g.gems[s] > 0 || len(g.hands[s]) > 0 {
			g.phase = PhaseTax
			return
		}
		g.taxed = g.taxed[1:]
	}
	g.taxed = nil
	g.finishTurn()
}
