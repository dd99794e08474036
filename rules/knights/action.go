package knights

import (
	"slices"

	"github.com/ninjakit/ninjakit/rules"
)

// ActionType says what an action does.
type ActionType uint8

// Action types. The seat that takes an action is the game's ToAct seat,
// except for Respond, which names its seat because a Highwayman may come from
// anyone at the table.
const (
	ActPass     ActionType = iota // end the turn, let an attack through, or close a steal window
	ActDiscard                    // discard a card instead of playing; in a duel also the Minstrel's forced discard
	ActFortify                    // put Castle, Archer and/or Minstrel in front of your gems
	ActAttack                     // play one attack or pre-attack card (or a peasant revolt) at a seat
	ActRespond                    // answer an attack, or a Highwayman after gems moved
	ActSpecial                    // Herald, Merchant (at a seat) or Monk
	ActShow                       // show card(s) to a Herald
	ActTake                       // the Herald's player picks a shown card
	ActPayGems                    // pay a Monk's tax in gems
	ActPayCards                   // pay a Monk's tax in cards
	ActKeep                       // duel draft: keep the drawn card
	ActGive                       // duel draft: give the drawn card to the rival
	ActRedeal                     // duel: call a new draft instead of playing
)

var actionTypeNames = [...]string{"pass", "discard", "fortify", "attack", "respond", "special", "show", "take", "pay gems", "pay cards", "keep", "give", "redeal"}

func (t ActionType) String() string {
	if int(t) < len(actionTypeNames) {
		return actionTypeNames[t]
	}
	return "?"
}

// NoSeat marks the absence of a seat.
const NoSeat = rules.NoSeat

// Action is one decision. Its fields are unexported so every Action is in
// canonical form (cards sorted), which makes String a faithful identity:
// two actions are the same exactly when their strings are.
type Action struct {
	typ   ActionType
	seat  rules.Seat
	plays []Play
	fort  bool
	burn  bool
}

func newAction(t ActionType, seat rules.Seat, plays []Play) Action {
	ps := slices.Clone(plays)
	slices.SortFunc(ps, func(a, b Play) int {
		switch {
		case a.less(b):
			return -1
		case b.less(a):
			return 1
		}
		return 0
	})
	return Action{typ: t, seat: seat, plays: ps}
}

// PassAction ends the turn (after an attack, or with an empty hand), lets an
// attack through unanswered, or closes a steal window.
func PassAction() Action { return Action{typ: ActPass, seat: NoSeat} }

// DiscardAction discards cards.
func DiscardAction(cards ...Card) Action { return newAction(ActDiscard, NoSeat, plainAll(cards)) }

// FortifyAction places fortifications; a Jester may stand in for an Archer or
// a Minstrel.
func FortifyAction(plays ...Play) Action { return newAction(ActFortify, NoSeat, plays) }

// AttackAction plays an attack or pre-attack from the hand at target. Several
// plays are allowed only for a revolt of peasants.
func AttackAction(target rules.Seat, plays ...Play) Action {
	return newAction(ActAttack, target, plays)
}

// FortArcherAction uses the attacker's own fortifying Archer to shoot the
// target's Archer.
func FortArcherAction(target rules.Seat) Action {
	a := newAction(ActAttack, target, []Play{Plain(Archer)})
	a.fort = true
	return a
}

// BurnAction attacks target with a Dragon (or a Jester posing as one) that
// also burns the target's fortifying Castle if it strikes; without burn the
// Castle stays, since the card says the Dragon can, not that it must
// (ruling K35).
func BurnAction(target rules.Seat, p Play) Action {
	a := newAction(ActAttack, target, []Play{p})
	a.burn = true
	return a
}

// RespondAction answers for seat.
func RespondAction(seat rules.Seat, plays ...Play) Action {
	return newAction(ActRespond, seat, plays)
}

// SpecialAction plays a Herald or Monk (target NoSeat) or a Merchant at target.
func SpecialAction(p Play, target rules.Seat) Action {
	return newAction(ActSpecial, target, []Play{p})
}

// ShowAction shows cards to a Herald.
func ShowAction(cards ...Card) Action { return newAction(ActShow, NoSeat, plainAll(cards)) }

// TakeAction picks the card c that seat showed to a Herald.
func TakeAction(seat rules.Seat, c Card) Action {
	return newAction(ActTake, seat, []Play{Plain(c)})
}

// PayGemsAction pays a Monk's tax in gems.
func PayGemsAction() Action { return Action{typ: ActPayGems, seat: NoSeat} }

// PayCardsAction pays a Monk's tax in cards. A physical game passes no cards:
// they change hands face down and the engine only counts them.
func PayCardsAction(cards ...Card) Action { return newAction(ActPayCards, NoSeat, plainAll(cards)) }

// KeepAction keeps the drafted card.
func KeepAction() Action { return Action{typ: ActKeep, seat: NoSeat} }

// GiveAction gives the drafted card to the rival.
func GiveAction() Action { return Action{typ: ActGive, seat: NoSeat} }

// RedealAction calls a new draft.
func RedealAction() Action { return Action{typ: ActRedeal, seat: NoSeat} }

// Type is what the action does.
func (a Action) Type() ActionType { return a.typ }

// Seat is the target of an attack or Merchant, the seat that responds, or the
// seat whose shown card is taken; NoSeat otherwise.
func (a Action) Seat() rules.Seat { return a.seat }

// Plays are the cards the action moves, in canonical order.
func (a Action) Plays() []Play { return slices.Clone(a.plays) }

// FromFort reports an Archer pre-attack made with the attacker's own
// fortifying Archer.
func (a Action) FromFort() bool { return a.fort }

// Burns reports a Dragon attack that burns the target's Castle.
func (a Action) Burns() bool { return a.burn }

// Equal reports whether two actions are the same. The seat only counts for
// the types that name one, so a zero Action equals PassAction().
func (a Action) Equal(b Action) bool {
	if a.typ != b.typ || a.fort != b.fort || a.burn != b.burn || !slices.Equal(a.plays, b.plays) {
		return false
	}
	switch a.typ {
	case ActAttack, ActRespond, ActTake:
		return a.seat == b.seat
	case ActSpecial:
		return a.seat == b.seat || (a.seat < 0 && b.seat < 0)
	}
	return true
}

// role is what the action's first card counts as.
func (a Action) role() Card {
	if len(a.plays) == 0 {
		return Unknown
	}
	return a.plays[0].As
}
