package knights

import (
	"fmt"

	"github.com/ninjakit/ninjakit/rules"
)

// IllegalError is an action the game refused and why: its Private seat is
// the one whose hidden cards the reason is about (the actor's hand, or for a
// take the cards shown to the Herald's player), NoSeat when the reason rests
// on public facts only: phase, turn, targets, fortifications, gems and hand
// sizes (ruling K37).
type IllegalError = rules.Refusal[Action]

// Neutral is the one reason given to everyone but the seat concerned when a
// play fails on hidden cards: the same for every card, held or not.
const Neutral = "that play is not available"

// judge says why an action the game refused is not legal. It only runs
// after LegalActions turned the action down. Every reason that rests on
// public facts is tried first, so a play that fails on the cards a seat
// holds gets a reason only that seat may read, and anyone else gets the
// same answer whatever the hidden cards are.
func (g *Game) judge(a Action) *IllegalError {
	if r := g.publicProblem(a); r != "" {
		return &IllegalError{Action: a, Reason: r, Private: NoSeat, Neutral: Neutral}
	}
	who := g.Actor(a)
	if a.typ == ActTake {
		return &IllegalError{Action: a, Reason: fmt.Sprintf("seat %s did not show %s", a.seat, article(a.plays[0].Card)), Private: g.turn, Neutral: Neutral}
	}
	if r := g.cardProblem(who, a); r != "" {
		if g.mode == Physical {
			return &IllegalError{Action: a, Reason: r, Private: NoSeat, Neutral: Neutral} // counts only: public
		}
		return &IllegalError{Action: a, Reason: r, Private: who, Neutral: Neutral}
	}
	// Not reached while LegalActions and the checks above agree; worded
	// from public facts so it can never tell more than they do.
	return &IllegalError{Action: a, Reason: "not allowed now; " + g.WaitingFor(), Private: who, Neutral: Neutral}
}

// publicProblem is the reason an action is refused that rests on public
// facts only, or "" if nothing public stands in its way.
func (g *Game) publicProblem(a Action) string {
	if g.phase == PhaseOver {
		return fmt.Sprintf("the game is over, seat %s won", g.winner)
	}
	if named := a.typ == ActAttack || a.typ == ActRespond || a.typ == ActTake || a.typ == ActSpecial; named && a.seat != NoSeat && (a.seat < 0 || int(a.seat) >= g.n) {
		return fmt.Sprintf("there is no seat %s at a table of %d", a.seat, g.n)
	}
	if (a.typ == ActAttack || a.typ == ActRespond || a.typ == ActTake) && a.seat == NoSeat {
		return fmt.Sprintf("%s needs a player", a.typ)
	}
	if !g.expects(a.typ) {
		return g.WaitingFor()
	}
	who := g.Actor(a)
	if a.typ == ActRespond && g.phase == PhaseRespond && a.seat != g.on {
		return fmt.Sprintf("only seat %s, who is attacked, may answer now", g.on)
	}
	switch a.typ {
	case ActDiscard, ActFortify, ActAttack, ActRespond, ActSpecial, ActShow, ActTake:
		if len(a.plays) == 0 {
			return fmt.Sprintf("%s needs a card", a.typ)
		}
	case ActPass, ActKeep, ActGive, ActRedeal, ActPayGems:
		if len(a.plays) > 0 {
			return fmt.Sprintf("%s takes no cards", a.typ)
		}
	}
	for _, p := range a.plays {
		if p.Card != p.As && (p.Card != Jester || !g.spec.Living(p.As)) {
			return fmt.Sprintf("a jester can only pose as a living card, not %s", article(p.As))
		}
		if p.Card != p.As && (a.typ == ActDiscard || a.typ == ActShow || a.typ == ActPayCards || a.typ == ActTake) {
			return fmt.Sprintf("%s: a jester only poses as a card when it is played", p)
		}
	}
	switch a.typ {
	case ActAttack:
		return g.attackProblem(a)
	case ActRespond:
		return g.respondProblem(a)
	case ActFortify:
		return g.fortifyProblem(a)
	case ActSpecial:
		switch {
		case a.role() != Herald && a.role() != Merchant && a.role() != Monk:
			return fmt.Sprintf("%s is not a special action", a.plays[0])
		case a.role() == Merchant && a.seat == NoSeat:
			return "a merchant needs a rival to trade with"
		case a.role() == Merchant && a.seat == g.turn:
			return "a Merchant trades with a rival, not yourself"
		case a.role() == Merchant && g.gems[g.turn] < g.merchantPrice():
			return fmt.Sprintf("a Merchant costs %d gem(s) and seat %s has %d", g.merchantPrice(), g.turn, g.gems[g.turn])
		case a.role() != Merchant && a.seat != NoSeat:
			return fmt.Sprintf("%s names no player", article(a.role()))
		}
	case ActDiscard:
		switch {
		case g.phase == PhasePurge && len(a.plays) != min(2, len(g.hands[g.purger])):
			return fmt.Sprintf("seat %s must discard %d card(s)", g.purger, min(2, len(g.hands[g.purger])))
		case g.phase == PhaseMain && len(a.plays) != 1:
			return "discard exactly one card"
		case g.phase == PhaseMain && g.duel() && len(g.hands[g.turn]) <= g.spec.Setup.RedealMax:
			return fmt.Sprintf("with %d or fewer cards a duellist who does not play calls a redeal", g.spec.Setup.RedealMax)
		}
	case ActRedeal:
		if len(g.hands[g.turn]) > g.spec.Setup.RedealMax {
			return fmt.Sprintf("a redeal needs %d or fewer cards in hand; discard one instead", g.spec.Setup.RedealMax)
		}
	case ActShow:
		want := 1
		if g.duel() {
			want = 2
		}
		if len(a.plays) != min(want, len(g.hands[who])) {
			return fmt.Sprintf("show %d card(s)", min(want, len(g.hands[who])))
		}
	case ActTake:
		if len(g.shown[a.seat]) == 0 {
			return fmt.Sprintf("seat %s showed no card", a.seat)
		}
	case ActPayCards:
		if gems, cards := g.canPayTax(who); gems && !cards {
			return fmt.Sprintf("seat %s can pay %d gem(s) in full and so may not pay part of the cards", who, g.taxGems())
		}
		if g.mode == Physical && len(a.plays) > 0 {
			return "in a physical game write just: pay cards"
		}
		if n := min(g.taxCards(), len(g.hands[who])); len(a.plays) != n {
			return fmt.Sprintf("pay %d card(s) from the hand", n)
		}
	case ActPayGems:
		if g.gems[who] == 0 {
			return fmt.Sprintf("seat %s has no gems; pay cards", who)
		}
		if _, cards := g.canPayTax(who); cards {
			return fmt.Sprintf("seat %s can pay %d cards in full and so may not pay part of the gems", who, g.taxCards())
		}
	case ActPass:
		if g.phase == PhaseMain && g.target == NoSeat {
			if g.duel() {
				return "a duellist who does not play discards a card or calls a redeal"
			}
			return "a player who does not play must discard a card"
		}
	}
	return ""
}

// expects reports whether the current phase takes actions of type t at all.
func (g *Game) expects(t ActionType) bool {
	switch g.phase {
	case PhaseMain:
		switch t {
		case ActPass, ActAttack:
			return true
		case ActFortify, ActSpecial, ActDiscard:
			return g.target == NoSeat
		case ActRedeal:
			return g.duel() && g.target == NoSeat
		}
	case PhaseRespond:
		return t == ActPass || t == ActRespond
	case PhaseSteal:
		return t == ActPass || t == ActRespond
	case PhaseShow:
		return t == ActShow
	case PhaseTake:
		return t == ActTake
	case PhaseTax:
		return t == ActPayGems || t == ActPayCards
	case PhasePurge:
		return t == ActDiscard
	case PhaseDraft:
		return t == ActKeep || t == ActGive
	}
	return false
}

// WaitingFor describes what the game waits for.
func (g *Game) WaitingFor() string {
	switch g.phase {
	case PhaseMain:
		if g.target != NoSeat {
			return fmt.Sprintf("seat %s is attacking seat %s: another attack card at seat %s, or pass", g.turn, g.target, g.target)
		}
		return fmt.Sprintf("seat %s is to fortify, attack, play a special action or discard", g.turn)
	case PhaseRespond:
		return fmt.Sprintf("seat %s is to answer %s or pass", g.on, Spoken(g.atk))
	case PhaseSteal:
		return fmt.Sprintf("seat %s just took %d gem(s): anyone else may play a highwayman, or pass", g.holder, g.amount)
	case PhaseShow:
		return fmt.Sprintf("seat %s is to show a card to the herald", g.nextShower())
	case PhaseTake:
		return fmt.Sprintf("seat %s is to take one shown card", g.turn)
	case PhaseTax:
		return fmt.Sprintf("seat %s is to pay the monk: pay gems or pay cards", g.taxed[0])
	case PhasePurge:
		return fmt.Sprintf("seat %s is to discard two cards for the minstrel", g.purger)
	case PhaseDraft:
		return fmt.Sprintf("seat %s is drafting: keep or give", g.turn)
	}
	return "the game is over"
}

// cardProblem reports a card the actor cannot play: one not in hand, or in a
// physical game a hand too small or a kind already all in sight.
func (g *Game) cardProblem(who rules.Seat, a Action) string {
	if who == NoSeat || a.fort || len(a.plays) == 0 || a.typ == ActTake || (a.typ == ActPayCards && g.mode == Physical) {
		return ""
	}
	cards := cardsOf(a.plays)
	if g.canPay(who, cards) {
		return ""
	}
	if g.mode == Physical {
		if len(g.hands[who]) < len(cards) {
			return fmt.Sprintf("seat %s has only %d card(s) in hand", who, len(g.hands[who]))
		}
		return fmt.Sprintf("not that many are left unseen: the discard pile and the table already show them (%s)", Spoken(a.plays))
	}
	return fmt.Sprintf("seat %s does not hold %s", who, Spoken(a.plays))
}

func (g *Game) attackProblem(a Action) string {
	me, t := g.turn, a.seat
	role := a.role()
	switch {
	case t == me:
		return "you cannot attack your own kingdom"
	case g.target != NoSeat && t != g.target:
		return fmt.Sprintf("this turn's attacks all go at seat %s", g.target)
	case len(a.plays) > 1 && !allPeasants(a.plays):
		return "only peasants attack together (a revolt); play one card at a time"
	case !role.IsCommon() && !role.IsUnique() && !role.IsPreAttack():
		return fmt.Sprintf("%s does not attack", article(role))
	case a.fort && g.forts[me].Archer == Unknown:
		return "you have no fortifying archer"
	}
	f := g.forts[t]
	switch {
	case f.Minstrel != Unknown:
		return fmt.Sprintf("seat %s is under a minstrel's protection: nothing can attack it until their turn", t)
	case role == Archer && f.Archer == Unknown:
		return fmt.Sprintf("seat %s has no fortifying archer to shoot", t)
	case f.Archer != Unknown && role != Ninja && role != Archer:
		return fmt.Sprintf("seat %s is fortified by an archer: only a ninja or an archer gets through", t)
	case (role == Ladder || role == Catapult) && f.Castle == Unknown:
		return fmt.Sprintf("seat %s has no castle", t)
	case a.burn && f.Castle == Unknown:
		return fmt.Sprintf("seat %s has no castle to burn", t)
	case role == Ladder && g.ladder:
		return "a ladder already stands against that castle"
	case role.IsCommon() && f.Castle != Unknown && !g.ladder:
		return fmt.Sprintf("seat %s is behind a castle: a ladder, catapult, dragon or ninja first", t)
	}
	return ""
}

func (g *Game) respondProblem(a Action) string {
	if g.phase == PhaseSteal {
		switch {
		case a.role() != Highwayman:
			return "only a highwayman can be played now"
		case a.seat == g.holder:
			return fmt.Sprintf("seat %s already holds those gems", a.seat)
		}
		return ""
	}
	atk := g.atk[0].As
	switch r := a.role(); {
	case len(a.plays) > 1 && !allPeasants(a.plays):
		return "only peasants answer together; play one card"
	case r.IsCommon() || r == Traitor:
		if !atk.IsCommon() {
			return fmt.Sprintf("%s only answers a common attack, not %s", article(r), article(atk))
		}
	case r == Princess:
		if atk != Knight && atk != Dragon {
			return fmt.Sprintf("a princess only answers a knight or a dragon, not %s", article(atk))
		}
	case r == Executioner:
		if !g.spec.Living(atk) {
			return fmt.Sprintf("an executioner only kills an attacker with a head, not %s", article(atk))
		}
	case r == Minstrel:
		if !g.duel() && g.forts[a.seat].Minstrel != Unknown {
			return fmt.Sprintf("seat %s already has a minstrel", a.seat)
		}
	case r == Highwayman:
		return "a highwayman steals gems after they move, not before"
	default:
		return fmt.Sprintf("%s cannot answer an attack", article(r))
	}
	return ""
}

func (g *Game) fortifyProblem(a Action) string {
	f := g.forts[g.turn]
	var seen [numCards]bool
	for _, p := range a.plays {
		switch {
		case p.As != Castle && p.As != Archer && p.As != Minstrel:
			return fmt.Sprintf("%s does not fortify", article(p.As))
		case seen[p.As]:
			return fmt.Sprintf("one %s at a time", p.As)
		case p.As == Castle && f.Castle != Unknown, p.As == Archer && f.Archer != Unknown, p.As == Minstrel && f.Minstrel != Unknown:
			return fmt.Sprintf("seat %s already has %s", g.turn, article(p.As))
		}
		seen[p.As] = true
	}
	return ""
}

// allPeasants reports a revolt: every card counts as a peasant.
func allPeasants(ps []Play) bool {
	for _, p := range ps {
		if p.As != Peasant {
			return false
		}
	}
	return true
}
