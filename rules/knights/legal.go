package knights

import (
	"github.com/ninjakit/ninjakit/rules"
)

// LegalActions lists every action the game accepts now, from every seat that
// may act. It is the single source of truth: Apply refuses anything it does
// not list. In a physical game it lists what the seat could hold, since the
// engine cannot see the hand.
func (g *Game) LegalActions() []Action {
	switch g.phase {
	case PhaseMain:
		return g.mainActions()
	case PhaseRespond:
		return g.respondActions()
	case PhaseSteal:
		out := []Action{PassAction()}
		for _, s := range g.others(g.holder) {
			for _, p := range g.roleOptions(s, Highwayman) {
				out = append(out, RespondAction(s, p))
			}
		}
		return out
	case PhaseShow:
		s := g.nextShower()
		k := 1
		if g.duel() {
			k = 2 // ruling K28
		}
		var out []Action
		for _, cs := range g.handCombos(s, min(k, len(g.hands[s]))) {
			out = append(out, ShowAction(cs...))
		}
		return out
	case PhaseTake:
		var out []Action
		for s, ps := range g.shown {
			var seen [numCards]bool
			for _, p := range ps {
				if !seen[p.Card] {
					seen[p.Card] = true
					out = append(out, TakeAction(rules.Seat(s), p.Card))
				}
			}
		}
		return out
	case PhaseTax:
		s := g.taxed[0]
		gemsFull, cardsFull := g.canPayTax(s)
		short := !gemsFull && !cardsFull
		var out []Action
		if g.gems[s] > 0 && (gemsFull || short) {
			out = append(out, PayGemsAction())
		}
		if h := len(g.hands[s]); h > 0 && (cardsFull || short) {
			if g.mode == Physical {
				out = append(out, PayCardsAction())
			} else {
				for _, cs := range g.handCombos(s, min(h, g.taxCards())) {
					out = append(out, PayCardsAction(cs...))
				}
			}
		}
		return out
	case PhasePurge:
		var out []Action
		for _, cs := range g.handCombos(g.purger, min(2, len(g.hands[g.purger]))) {
			out = append(out, DiscardAction(cs...))
		}
		return out
	case PhaseDraft:
		return []Action{KeepAction(), GiveAction()}
	}
	return nil
}

// LegalActionsFor lists the legal actions seat s may take now; a View shows
// only these, so nobody learns what another seat could do.
func (g *Game) LegalActionsFor(s rules.Seat) []Action {
	var out []Action
	for _, a := range g.LegalActions() {
		if g.Actor(a) == s {
			out = append(out, a)
		}
	}
	return out
}

func (g *Game) mainActions() []Action {
	me := g.turn
	var out []Action
	if g.target != NoSeat {
		// Attacking: more cards at the same rival, or stop (ruling K26).
		out = append(out, PassAction())
		return append(out, g.attackActions(g.target)...)
	}
	out = append(out, g.fortifyActions()...)
	for _, t := range g.others(me) {
		out = append(out, g.attackActions(t)...)
	}
	out = append(out, g.specialActions()...)
	return append(out, g.endActions()...)
}

// specialActions lists the Heralds, Merchants (at each rival the price
// allows) and Monks the turn player may play.
func (g *Game) specialActions() []Action {
	me := g.turn
	var out []Action
	for _, p := range g.roleOptions(me, Herald) {
		out = append(out, SpecialAction(p, NoSeat))
	}
	if g.gems[me] >= g.merchantPrice() {
		for _, p := range g.roleOptions(me, Merchant) {
			for _, t := range g.others(me) {
				out = append(out, SpecialAction(p, t))
			}
		}
	}
	for _, p := range g.roleOptions(me, Monk) {
		out = append(out, SpecialAction(p, NoSeat))
	}
	return out
}

// endActions lists the ways to end a turn without playing: a duel's
// re-deal, a pass with an empty hand, or a discard.
func (g *Game) endActions() []Action {
	me := g.turn
	var out []Action
	h := len(g.hands[me])
	switch {
	case g.duel() && h <= g.spec.Setup.RedealMax:
		out = append(out, RedealAction())
	case h == 0:
		out = append(out, PassAction()) // ruling K20
	default:
		for _, cs := range g.handCombos(me, 1) {
			out = append(out, DiscardAction(cs...))
		}
	}
	return out
}

// fortifyActions lists every set of free slots the turn player can fill,
// at most one card per kind (ruling K31). A duel has no Minstrel slot to
// fill: its Minstrel is discarded at once, so it is always playable.
func (g *Game) fortifyActions() []Action {
	me := g.turn
	f := g.forts[me]
	slot := func(free bool, role Card) []Play {
		opts := []Play{{}} // the zero Play: leave the slot alone
		if free {
			opts = append(opts, g.roleOptions(me, role)...)
		}
		return opts
	}
	var out []Action
	for _, c := range slot(f.Castle == Unknown, Castle) {
		for _, a := range slot(f.Archer == Unknown, Archer) {
			for _, m := range slot(f.Minstrel == Unknown, Minstrel) {
				var ps []Play
				for _, p := range []Play{c, a, m} {
					if p.Card != Unknown {
						ps = append(ps, p)
					}
				}
				if len(ps) > 0 && g.canPay(me, cardsOf(ps)) {
					out = append(out, FortifyAction(ps...))
				}
			}
		}
	}
	return out
}

// attackActions lists the attack and pre-attack cards the turn player may
// play at t now, given t's fortifications. Pre-attacks are offered at any
// point of the attack while no gems have moved (ruling K7).
func (g *Game) attackActions(t rules.Seat) []Action {
	me := g.turn
	f := g.forts[t]
	var out []Action
	add := func(role Card) {
		for _, p := range g.roleOptions(me, role) {
			out = append(out, AttackAction(t, p))
		}
	}
	if f.Minstrel != Unknown {
		return nil // nothing reaches a Minstrel's kingdom (ruling K9)
	}
	if f.Archer != Unknown {
		add(Archer)
		if g.forts[me].Archer != Unknown {
			out = append(out, FortArcherAction(t))
		}
	}
	add(Ninja)
	if f.Archer != Unknown {
		return out // an Archer lets only a Ninja or an Archer by (ruling K8)
	}
	add(Dragon)
	if f.Castle != Unknown {
		for _, p := range g.roleOptions(me, Dragon) {
			out = append(out, BurnAction(t, p))
		}
		add(Catapult)
		if !g.ladder {
			add(Ladder)
		}
	}
	if f.Castle == Unknown || g.ladder {
		out = append(out, g.commonAttacks(me, func(ps []Play) Action { return AttackAction(t, ps...) })...)
	}
	return out
}

// commonAttacks lists single common cards and peasant stacks (a Jester may
// join a revolt as a peasant) seat s can play, wrapped by mk.
func (g *Game) commonAttacks(s rules.Seat, mk func([]Play) Action) []Action {
	var out []Action
	peasants, jesters := g.avail(s, Peasant), 0
	if g.spec.Living(Peasant) {
		jesters = g.avail(s, Jester)
	}
	for p := 0; p <= peasants; p++ {
		for j := 0; j <= jesters; j++ {
			if p+j == 0 {
				continue
			}
			ps := make([]Play, 0, p+j)
			for range p {
				ps = append(ps, Plain(Peasant))
			}
			for range j {
				ps = append(ps, JesterAs(Peasant))
			}
			if g.canPay(s, cardsOf(ps)) {
				out = append(out, mk(ps))
			}
		}
	}
	for _, role := range []Card{Soldier, Knight, King, Queen} {
		for _, p := range g.roleOptions(s, role) {
			out = append(out, mk([]Play{p}))
		}
	}
	return out
}

// respondActions lists the answers of the attacked seat to the card on the
// table, plus pass.
func (g *Game) respondActions() []Action {
	v := g.on
	role := g.atk[0].As
	out := []Action{PassAction()}
	add := func(r Card) {
		for _, p := range g.roleOptions(v, r) {
			out = append(out, RespondAction(v, p))
		}
	}
	if role.IsCommon() {
		out = append(out, g.commonAttacks(v, func(ps []Play) Action { return RespondAction(v, ps...) })...)
		add(Traitor)
	}
	if role == Knight || role == Dragon {
		add(Princess) // ruling K15: also a Jester posing as one
	}
	if g.spec.Living(role) {
		add(Executioner) // only an attacker with a head (ruling K10)
	}
	if g.duel() || g.forts[v].Minstrel == Unknown {
		add(Minstrel) // one Minstrel at a time (ruling K32)
	}
	return out
}

// roleOptions lists how seat s can play a card counting as role: the card
// itself, and a Jester posing as it when role is living.
func (g *Game) roleOptions(s rules.Seat, role Card) []Play {
	var out []Play
	if g.canPay(s, []Card{role}) {
		out = append(out, Plain(role))
	}
	if role != Jester && g.spec.Living(role) && g.canPay(s, []Card{Jester}) {
		out = append(out, JesterAs(role))
	}
	return out
}

// handCombos lists the distinct sets of k cards seat s could give up (for
// discarding, showing or paying), faces as they are, in canonical order.
func (g *Game) handCombos(s rules.Seat, k int) [][]Card {
	if k == 0 {
		return nil
	}
	var kinds []Card
	var limit []int
	for _, c := range Cards {
		if n := g.avail(s, c); n > 0 {
			kinds = append(kinds, c)
			limit = append(limit, min(n, k))
		}
	}
	var out [][]Card
	var cur []Card
	var walk func(i, left int)
	walk = func(i, left int) {
		if left == 0 {
			if g.canPay(s, cur) {
				out = append(out, append([]Card(nil), cur...))
			}
			return
		}
		if i == len(kinds) {
			return
		}
		for n := min(limit[i], left); n >= 0; n-- {
			for range n {
				cur = append(cur, kinds[i])
			}
			walk(i+1, left-n)
			cur = cur[:len(cur)-n]
		}
	}
	walk(0, k)
	return out
}

func (g *Game) merchantPrice() int {
	if g.duel() {
		return 2
	}
	return 1
}

func (g *Game) taxGems() int {
	if g.duel() {
		return 2
	}
	return 1
}

// canPayTax reports which of the Monk's two prices seat s can pay in full.
// A kingdom that can pay one in full must pay one in full; only a kingdom
// that can pay neither may hand over all it has of either (ruling K18).
// Gems and hand sizes are public, so the choice reveals nothing.
func (g *Game) canPayTax(s rules.Seat) (gems, cards bool) {
	return g.gems[s] >= g.taxGems(), len(g.hands[s]) >= g.taxCards()
}

func (g *Game) taxCards() int {
	if g.duel() {
		return 3
	}
	return 2
}

// nextShower is the next seat after the Herald's player that has cards and
// has not shown yet (ruling K19).
func (g *Game) nextShower() rules.Seat {
	if g.shown == nil {
		return NoSeat
	}
	for _, s := range g.others(g.turn) {
		if len(g.shown[s]) == 0 && len(g.hands[s]) > 0 {
			return s
		}
	}
	return NoSeat
}
