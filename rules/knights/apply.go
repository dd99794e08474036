package knights

import (
	"slices"

	"github.com/ninjakit/ninjakit/rules"
)

// Apply plays an action. An action LegalActions does not list is refused
// with an *IllegalError (wrapping rules.ErrIllegal) that says why, and the
// game is left unchanged.
func (g *Game) Apply(a Action) error {
	if !g.IsLegal(a) {
		return g.judge(a)
	}
	g.applyLegal(a)
	return nil
}

// applyLegal plays a legal action. A won game deals no more, so its piles
// are not reshuffled and the target it was won at stands.
func (g *Game) applyLegal(a Action) {
	g.events = g.events[:0]
	g.apply(a)
	if g.winner == NoSeat {
		g.refill()
	}
}

// IsLegal reports whether LegalActions lists a.
func (g *Game) IsLegal(a Action) bool {
	for _, l := range g.candidates(a) {
		if l.Equal(a) {
			return true
		}
	}
	return false
}

// candidates is the part of LegalActions that could list a: on a main turn
// before any attack, only the actions of a's kind (an attack, only those at
// its target), so a bot's playouts check each move without listing them
// all.
func (g *Game) candidates(a Action) []Action {
	if g.phase != PhaseMain || g.target != NoSeat {
		return g.LegalActions()
	}
	switch a.typ {
	case ActFortify:
		return g.fortifyActions()
	case ActAttack:
		if a.seat == g.turn || a.seat < 0 || int(a.seat) >= g.n {
			return nil
		}
		return g.attackActions(a.seat)
	case ActSpecial:
		return g.specialActions()
	}
	return g.endActions()
}

func (g *Game) apply(a Action) {
	me := g.turn
	switch a.typ {
	case ActPass:
		switch g.phase {
		case PhaseRespond:
			g.resolve()
		case PhaseSteal:
			g.closeSteal()
		default:
			g.finishTurn()
		}
	case ActDiscard:
		if g.phase == PhasePurge {
			g.removeFromHand(g.purger, cardsOf(a.plays)...)
			g.discard(cardsOf(a.plays)...)
			if g.endTurn {
				g.finishTurn()
			} else {
				g.phase, g.purger = PhaseMain, NoSeat
			}
			return
		}
		g.removeFromHand(me, cardsOf(a.plays)...)
		g.discard(cardsOf(a.plays)...)
		g.finishTurn()
	case ActFortify:
		g.fortify(a.plays)
	case ActAttack:
		g.attack(a)
	case ActRespond:
		if g.phase == PhaseSteal {
			g.steal(a.seat, a.plays[0].Card)
		} else {
			g.respond(a.plays)
		}
	case ActSpecial:
		g.special(a.plays[0], a.seat)
	case ActShow:
		s := g.nextShower()
		g.removeFromHand(s, cardsOf(a.plays)...)
		g.shown[s] = slices.Clone(a.plays)
		if g.nextShower() == NoSeat {
			g.phase = PhaseTake
		}
	case ActTake:
		g.take1(a.seat, a.plays[0].Card)
	case ActPayGems:
		g.moveGems(g.taxed[0], me, g.taxGems())
		if g.gained(me); g.winner != NoSeat {
			g.finishTurn()
			return
		}
		g.nextTax()
	case ActPayCards:
		s := g.taxed[0]
		cards := cardsOf(a.plays)
		if g.mode == Physical {
			cards = make([]Card, min(g.taxCards(), len(g.hands[s])))
		}
		g.removeFromHand(s, cards...)
		g.addToHand(me, cards...)
		g.nextTax()
	case ActKeep, ActGive:
		g.draft(a.typ == ActKeep)
	case ActRedeal:
		g.redeal()
	}
}

// fortify places the cards. A duel Minstrel does not stay: the rival discards
// two cards and the Minstrel is discarded (ruling K27).
func (g *Game) fortify(plays []Play) {
	me := g.turn
	g.removeFromHand(me, cardsOf(plays)...)
	purge := false
	for _, p := range plays {
		switch p.As {
		case Castle:
			g.forts[me].Castle = p.Card
		case Archer:
			g.forts[me].Archer = p.Card
		case Minstrel:
			if g.duel() {
				g.discard(p.Card)
				purge = true
			} else {
				g.forts[me].Minstrel = p.Card
			}
		}
	}
	if purge && len(g.hands[g.rival(me)]) > 0 {
		g.phase, g.purger, g.endTurn = PhasePurge, g.rival(me), true
		return
	}
	g.finishTurn()
}

// attack puts an attack card on the table and asks the target to answer.
func (g *Game) attack(a Action) {
	me := g.turn
	g.target = a.seat
	if a.fort {
		g.atk = append(g.atkBuf[:0:len(g.atkBuf)], Play{Card: g.forts[me].Archer, As: Archer})
		g.forts[me].Archer = Unknown
	} else {
		g.removeFromHand(me, cardsOf(a.plays)...)
		g.atk = append(g.atkBuf[:0:len(g.atkBuf)], a.plays...)
	}
	g.by, g.on, g.burn = me, a.seat, a.burn
	g.ask()
}

// ask lets the attacked seat answer; a seat with no cards cannot, and since
// hand sizes are public, skipping it gives nothing away (ruling K30).
func (g *Game) ask() {
	if len(g.hands[g.on]) == 0 {
		g.resolve()
		return
	}
	g.phase = PhaseRespond
}

// resolve lets the card on the table strike unanswered.
func (g *Game) resolve() {
	role := g.atk[0].As
	v := g.on
	switch {
	case role.IsCommon():
		g.strike(0)
		return
	case role == Archer:
		g.discard(g.forts[v].Archer)
		g.forts[v].Archer = Unknown
	case role == Catapult:
		g.discard(g.forts[v].Castle)
		g.forts[v].Castle = Unknown
	case role == Ladder:
		g.ladder = true
		g.atk = nil
		g.phase = PhaseMain
		return
	case role.IsUnique():
		moved := g.moveGems(v, g.by, g.spec.Strength(role)) // ruling K33
		if role == Ninja && g.forts[v].Archer != Unknown {
			g.discard(g.forts[v].Archer)
			g.forts[v].Archer = Unknown
		}
		if role == Dragon && g.burn && g.forts[v].Castle != Unknown {
			g.discard(g.forts[v].Castle)
			g.forts[v].Castle = Unknown
		}
		g.burn = false
		g.discard(cardsOf(g.atk)...)
		g.atk = nil
		if moved > 0 {
			g.gained(g.by)
			g.finishTurn()
		} else {
			g.phase = PhaseMain // no gems moved: the attack may go on (ruling K21)
		}
		return
	}
	g.discard(cardsOf(g.atk)...)
	g.atk = nil
	g.phase = PhaseMain
}

// strike settles a common attack against a block of the given strength.
// Gems that move can be stolen by a Highwayman before anyone wins (K4).
func (g *Game) strike(block int) {
	str := -block
	for _, p := range g.atk {
		str += g.spec.Strength(p.As)
	}
	g.discard(cardsOf(g.atk)...)
	g.atk = nil
	moved := g.moveGems(g.on, g.by, str)
	if moved == 0 {
		g.phase = PhaseMain
		return
	}
	g.openSteal(g.by, moved)
}

// respond plays the attacked seat's answer.
func (g *Game) respond(plays []Play) {
	v := g.on
	g.removeFromHand(v, cardsOf(plays)...)
	g.burn = false // any answer to a Dragon stops it before it burns
	switch plays[0].As {
	case Traitor:
		// The card turns on its own side; the new victim may answer it,
		// even with another Traitor (ruling K13).
		g.discard(cardsOf(plays)...)
		g.by, g.on = g.on, g.by
		g.ask()
	case Executioner:
		g.discard(cardsOf(plays)...)
		g.discard(cardsOf(g.atk)...)
		g.atk = nil
		g.stopped(false)
	case Princess:
		g.discard(cardsOf(plays)...)
		g.addToHand(v, cardsOf(g.atk)...)
		g.atk = nil
		g.phase = PhaseMain
	case Minstrel:
		// The attack card goes back to the hand it came from, the turn
		// player's (ruling K11).
		g.addToHand(g.turn, cardsOf(g.atk)...)
		g.atk = nil
		if g.duel() {
			g.discard(plays[0].Card)
			g.stopped(true)
		} else {
			g.forts[v].Minstrel = plays[0].Card
			g.stopped(false)
		}
	default:
		block := 0
		for _, p := range plays {
			block += g.spec.Strength(p.As)
		}
		g.discard(cardsOf(plays)...)
		g.strike(block)
	}
}

// stopped ends an attack that was killed or sent home. The turn ends only if
// the card was attacking for the turn player; a traitored card's "attacker"
// has no turn to lose (ruling K12). A duel Minstrel also makes the
// Minstrel player's rival discard two cards first (ruling K27).
func (g *Game) stopped(purge bool) {
	ends := g.by == g.turn
	if purge {
		if r := g.rival(g.on); len(g.hands[r]) > 0 {
			g.phase, g.purger, g.endTurn = PhasePurge, r, ends
			return
		}
	}
	if ends {
		g.finishTurn()
		return
	}
	g.phase = PhaseMain
}

// openSteal starts a steal window over the gems holder just took, unless
// nobody else has a card to play (ruling K14).
func (g *Game) openSteal(holder rules.Seat, amount int) {
	g.holder, g.amount = holder, amount
	for _, s := range g.others(holder) {
		if len(g.hands[s]) > 0 {
			g.phase = PhaseSteal
			return
		}
	}
	g.closeSteal()
}

// steal moves the captured gems to a Highwayman's seat and reopens the
// window over them.
func (g *Game) steal(s rules.Seat, c Card) {
	g.removeFromHand(s, c)
	g.discard(c)
	g.openSteal(s, g.moveGems(g.holder, s, g.amount))
}

// closeSteal settles the window: whoever holds the gems now may have won,
// and since gems moved the turn is over.
func (g *Game) closeSteal() {
	g.gained(g.holder)
	g.finishTurn()
}
