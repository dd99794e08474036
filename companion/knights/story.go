package knights

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// line is one sentence of what happened. Private, when set, is the fuller
// sentence for the seats in see only: cards that passed between two seats
// unseen by the rest (rulings C-2, K36). Everyone else reads text.
type line struct {
	text    string
	private string
	see     []rules.Seat
}

func public(format string, args ...any) line { return line{text: fmt.Sprintf(format, args...)} }

// For is the sentence as role r may read it.
func (l line) For(r Role) string {
	if l.private != "" && r.eyes() != engine.NoSeat && slices.Contains(l.see, r.Seat) {
		return l.private
	}
	return l.text
}

// gems counts gems as a sentence says them.
func gems(n int) string {
	if n == 1 {
		return "1 gem"
	}
	return fmt.Sprintf("%d gems", n)
}

// cards counts cards as a sentence says them.
func cards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// owned names a seat's card(s): "ann's knight", "ann's revolt of 3
// peasants".
func (t *Table) owned(s rules.Seat, ps []engine.Play) string {
	if len(ps) > 1 {
		return t.seatName(s) + "'s revolt of " + engine.Spoken(ps)
	}
	return t.seatName(s) + "'s " + strings.TrimPrefix(strings.TrimPrefix(engine.Spoken(ps), "an "), "a ")
}

// attacker names the card(s) on the table by the seat they attack for. A
// card turned by a Traitor attacks its owner for the Traitor's player.
func (t *Table) attacker(b *engine.Game, ps []engine.Play, by rules.Seat) string {
	if by != b.Turn() {
		return "the traitored " + strings.TrimPrefix(t.owned(by, ps), t.seatName(by)+"'s ")
	}
	return t.owned(by, ps)
}

// narrate tells what action a did, taken by actor in game b (a copy from
// before the action); t.Game is the game after it. It works from what the
// engine shows (gems, fortifications, hands, the card on the table), so the
// story is what the engine did, in table words.
func (t *Table) narrate(b *engine.Game, a engine.Action, actor rules.Seat) []line {
	g := t.Game
	name := t.seatName
	turn := b.Turn()
	ps := a.Plays()
	var out []line
	switch a.Type() {
	case engine.ActPass:
		switch {
		case b.Phase() == engine.PhaseRespond:
			atk, by, on := b.Pending()
			out = append(out, public("%s let %s through", name(on), t.attacker(b, atk, by)))
			out = append(out, t.strike(b, atk, by, on)...)
		case b.Phase() == engine.PhaseSteal:
			holder, _ := b.Holder()
			out = append(out, public("nobody steals from %s: the window closes", name(holder)))
		case b.AttackTarget() != engine.NoSeat:
			out = append(out, public("%s ended the turn", name(turn)))
		default:
			out = append(out, public("%s had no cards and passed", name(turn)))
		}
	case engine.ActDiscard:
		if b.Phase() == engine.PhasePurge {
			out = append(out, public("%s discarded %s for the minstrel", name(actor), engine.Spoken(ps)))
		} else {
			out = append(out, public("%s discarded %s", name(actor), engine.Spoken(ps)))
		}
	case engine.ActFortify:
		out = append(out, public("%s fortified with %s", name(turn), engine.Spoken(ps)))
		if g.Phase() == engine.PhasePurge {
			out = append(out, public("the minstrel goes to the discards: %s must discard 2 cards", name(g.ToAct())))
		}
	case engine.ActAttack:
		target := a.Seat()
		switch {
		case a.FromFort():
			out = append(out, public("%s shot at %s's archer with the archer from %s's fortification", name(turn), name(target), name(turn)))
		case a.Burns():
			out = append(out, public("%s attacked %s with %s, to burn the castle", name(turn), name(target), engine.Spoken(ps)))
		case ps[0].As == engine.Ladder || ps[0].As == engine.Catapult:
			out = append(out, public("%s played %s against %s's castle", name(turn), engine.Spoken(ps), name(target)))
		case ps[0].As == engine.Archer:
			out = append(out, public("%s played %s against %s's archer", name(turn), engine.Spoken(ps), name(target)))
		default:
			out = append(out, public("%s attacked %s with %s", name(turn), name(target), engine.Spoken(ps)))
		}
		if atk, _, _ := g.Pending(); g.Phase() != engine.PhaseRespond || len(atk) == 0 {
			played := ps
			if a.FromFort() {
				played = []engine.Play{{Card: b.Fort(turn).Archer, As: engine.Archer}}
			}
			out = append(out, public("%s has no cards to answer", name(target)))
			out = append(out, t.strike(b, played, turn, target)...)
		}
	case engine.ActRespond:
		out = append(out, t.respond(b, a)...)
	case engine.ActSpecial:
		out = append(out, t.special(b, a)...)
	case engine.ActShow:
		shower := b.ToAct()
		out = append(out, line{
			text:    fmt.Sprintf("%s showed %s to %s's herald", name(shower), cards(len(ps)), name(turn)),
			private: fmt.Sprintf("%s showed %s to %s's herald", name(shower), engine.Spoken(ps), name(turn)),
			see:     []rules.Seat{shower, turn},
		})
	case engine.ActTake:
		from := a.Seat()
		out = append(out, line{
			text:    fmt.Sprintf("%s took one of the cards %s showed; the other shown cards go back to their hands", name(turn), name(from)),
			private: fmt.Sprintf("%s took %s's %s; the other shown cards go back to their hands", name(turn), name(from), ps[0].Card),
			see:     []rules.Seat{turn, from},
		})
	case engine.ActPayGems:
		out = append(out, public("%s paid %s %s for the monk", name(actor), name(turn), gems(b.Gems(actor)-g.Gems(actor))))
	case engine.ActPayCards:
		n := g.HandSize(turn) - b.HandSize(turn)
		l := line{text: fmt.Sprintf("%s paid %s %s for the monk", name(actor), name(turn), cards(n))}
		if len(ps) > 0 {
			l.private, l.see = fmt.Sprintf("%s paid %s %s for the monk", name(actor), name(turn), engine.Spoken(ps)), []rules.Seat{actor, turn}
		}
		out = append(out, l)
	case engine.ActKeep:
		out = append(out, public("%s kept the drafted card", name(turn)))
	case engine.ActGive:
		out = append(out, public("%s gave the drafted card to %s", name(turn), name(b.Turn().Next(2))))
	case engine.ActRedeal:
		out = append(out, public("%s called a redeal: the fortifications go to the discards and a new draft begins", name(turn)))
	}
	if b.Phase() == engine.PhaseDraft && g.Phase() != engine.PhaseDraft && g.Phase() != engine.PhaseOver {
		out = append(out, public("the draft is over: %s plays first", name(g.Turn())))
	}
	if w := g.Winner(); w != engine.NoSeat && b.Winner() == engine.NoSeat {
		out = append(out, public("%s has %s and wins", name(w), gems(g.Gems(w))))
	}
	return out
}

// respond tells an answer to an attack, or a Highwayman's theft.
func (t *Table) respond(b *engine.Game, a engine.Action) []line {
	g := t.Game
	name := t.seatName
	ps := a.Plays()
	me := a.Seat()
	if b.Phase() == engine.PhaseSteal {
		holder, amount := b.Holder()
		return []line{public("%s stole %s from %s", t.owned(me, ps), gems(amount), name(holder))}
	}
	atk, by, on := b.Pending()
	them := t.attacker(b, atk, by)
	answer := t.owned(on, ps)
	switch ps[0].As {
	case engine.Traitor:
		out := []line{public("%s turned %s against %s", answer, strings.Replace(them, "the traitored ", "the ", 1), name(by))}
		if nAtk, _, _ := g.Pending(); g.Phase() != engine.PhaseRespond || len(nAtk) == 0 {
			out = append(out, public("%s has no cards to answer", name(by)))
			out = append(out, t.strike(b, atk, on, by)...)
		}
		return out
	case engine.Executioner:
		return []line{public("%s killed %s", answer, them)}
	case engine.Princess:
		return []line{public("%s took the %s", answer, strings.TrimPrefix(strings.TrimPrefix(engine.Spoken(atk), "a "), "an "))}
	case engine.Minstrel:
		out := []line{public("%s sent %s back to %s's hand", answer, them, name(b.Turn()))}
		if g.Players() == 2 {
			out = append(out, public("the minstrel goes to the discards: %s must discard 2 cards", name(b.Turn())))
		} else {
			out = append(out, public("%s is safe until %s's next turn", name(on), name(on)))
		}
		return out
	}
	return append([]line{public("%s answered %s with %s", name(on), them, engine.Spoken(ps))}, t.strike(b, atk, by, on)...)
}

// strike tells what the card(s) atk did to seat on for seat by when they
// struck, answered or not.
func (t *Table) strike(b *engine.Game, atk []engine.Play, by, on rules.Seat) []line {
	g := t.Game
	name := t.seatName
	them := t.attacker(b, atk, by)
	role := atk[0].As
	switch role {
	case engine.Archer:
		return []line{public("%s shot %s's archer", them, name(on))}
	case engine.Catapult:
		return []line{public("%s destroyed %s's castle", them, name(on))}
	case engine.Ladder:
		return []line{public("%s stands against %s's castle until the turn ends", them, name(on))}
	}
	moved := b.Gems(on) - g.Gems(on)
	var out []line
	switch {
	case moved > 0:
		out = append(out, public("%s took %s from %s", them, gems(moved), name(on)))
	case b.Gems(on) == 0:
		out = append(out, public("%s has no gems: none moved", name(on)))
	default:
		out = append(out, public("the answer held: no gems moved"))
	}
	if role == engine.Ninja && b.Fort(on).Archer != engine.Unknown && g.Fort(on).Archer == engine.Unknown {
		out = append(out, public("%s killed %s's archer", them, name(on)))
	}
	if role == engine.Dragon && b.Fort(on).Castle != engine.Unknown && g.Fort(on).Castle == engine.Unknown {
		out = append(out, public("%s's castle burned", name(on)))
	}
	return out
}

// special tells a Herald, Merchant or Monk.
func (t *Table) special(b *engine.Game, a engine.Action) []line {
	g := t.Game
	name := t.seatName
	turn := b.Turn()
	ps := a.Plays()
	played := fmt.Sprintf("%s played %s", name(turn), engine.Spoken(ps))
	switch ps[0].As {
	case engine.Herald:
		if g.Phase() != engine.PhaseShow {
			return []line{public("%s: nobody has a card to show", played)}
		}
		if g.Players() == 2 {
			return []line{public("%s: %s shows 2 cards", played, name(turn.Next(2)))}
		}
		return []line{public("%s: each rival shows a card", played)}
	case engine.Merchant:
		target := a.Seat()
		out := []line{public("%s and paid %s %s", played, name(target), gems(b.Gems(turn)-g.Gems(turn)))}
		for _, e := range g.Events() {
			switch {
			case e.Kind != engine.EventMerchantTakes:
			case e.Cards == 0:
				out = append(out, public("%s took nothing: half of %s's hand rounds down to no cards", name(turn), name(target)))
			default:
				out = append(out, public("%s took %s from %s's hand, unseen", name(turn), cards(e.Cards), name(target)))
			}
		}
		return out
	}
	var taxed []string
	for _, s := range g.Taxed() {
		taxed = append(taxed, name(s))
	}
	if len(taxed) == 0 {
		return []line{public("%s: nobody else has a castle, so nobody pays", played)}
	}
	if len(taxed) == 1 {
		return []line{public("%s: %s pays the tax", played, taxed[0])}
	}
	return []line{public("%s: %s and %s pay the tax", played, strings.Join(taxed[:len(taxed)-1], ", "), taxed[len(taxed)-1])}
}
