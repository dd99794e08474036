package knights

import "github.com/ninjakit/ninjakit/rules"

// startTurn begins seat s's turn. In the 3-6 player game the Minstrel that
// kept the kingdom safe leaves first, then two cards are drawn (ruling K6);
// the duel draws nothing, its cards come from drafts (ruling K23).
func (g *Game) startTurn(s rules.Seat) {
	g.turn, g.phase = s, PhaseMain
	if g.duel() {
		return
	}
	if m := g.forts[s].Minstrel; m != Unknown {
		g.discard(m)
		g.forts[s].Minstrel = Unknown
		g.note(Event{Kind: EventMinstrelLeaves, Seat: s})
	}
	var drawn [8]Card
	g.addToHand(s, g.takeInto(s, g.spec.Setup.Draw, drawn[:0])...)
}

// finishTurn clears the turn's attack and passes play on, unless the game is
// over. The standing Ladder is discarded now (ruling K22).
func (g *Game) finishTurn() {
	if g.ladder {
		g.discard(Ladder)
		g.ladder = false
		g.note(Event{Kind: EventLadderLeaves, Seat: g.target})
	}
	g.target, g.atk, g.by, g.on = NoSeat, nil, NoSeat, NoSeat
	g.holder, g.amount = NoSeat, 0
	g.shown, g.taxed = nil, nil
	g.purger, g.endTurn = NoSeat, false
	if g.winner != NoSeat {
		return
	}
	g.startTurn(g.turn.Next(g.n))
}

// gained checks a seat that has just gained gems in play. Only a gain can win
// (no passive win): a seat already at the target when a reshuffle lowers it
// must still gain a gem (ruling K3). The duel is won by holding every gem.
func (g *Game) gained(s rules.Seat) {
	if g.gems[s] >= g.Target() {
		g.winner, g.phase = s, PhaseOver
	}
}

// Winner is the seat that won, or NoSeat while the game goes on.
func (g *Game) Winner() rules.Seat { return g.winner }

// Outcome is how a game stands.
type Outcome struct {
	Winner rules.Seat
}

// Over reports whether someone has won.
func (o Outcome) Over() bool { return o.Winner != NoSeat }

func (o Outcome) String() string {
	if o.Over() {
		return "seat " + o.Winner.String() + " wins"
	}
	return "in play"
}

// Outcome says whether the game is won and by whom.
func (g *Game) Outcome() Outcome { return Outcome{Winner: g.winner} }

// beginDraft starts the duel's first phase: the poorer seat drafts first,
// then the one with fewer cards, then the configured first seat (ruling K25);
// 15 cards come off the draw pile, reshuffling if it runs out (ruling K24).
func (g *Game) beginDraft() {
	d := g.first
	switch a, b := rules.Seat(0), rules.Seat(1); {
	case g.gems[a] != g.gems[b]:
		d = a
		if g.gems[b] < g.gems[a] {
			d = b
		}
	case len(g.hands[a]) != len(g.hands[b]):
		d = a
		if len(g.hands[b]) < len(g.hands[a]) {
			d = b
		}
	}
	g.pile = g.take(NoSeat, g.spec.Setup.DraftSize)
	g.turn, g.phase = d, PhaseDraft
	if len(g.pile) == 0 {
		g.startTurn(d)
	}
}

// draft hands the top card of the draft pile to the drafter (keep) or the
// rival (give). Keeping passes the drafting to the rival. The seat that
// decided on the last card plays first in the duel (ruling K24).
func (g *Game) draft(keep bool) {
	last := len(g.pile) - 1
	c := g.pile[last]
	g.pile = g.pile[:last]
	actor := g.turn
	if keep {
		g.addToHand(actor, c)
		g.turn = g.rival(actor)
	} else {
		g.addToHand(g.rival(actor), c)
	}
	if len(g.pile) == 0 {
		g.startTurn(actor)
	}
}

// redeal throws every fortification away and drafts again; hands are kept.
func (g *Game) redeal() {
	for s := range g.forts {
		g.discard(cardsOf(g.forts[s].Plays())...)
		g.forts[s] = Fort{}
	}
	g.beginDraft()
}
