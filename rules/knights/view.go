package knights

import (
	"slices"

	"github.com/ninjakit/ninjakit/rules"
)

// View is what one seat may know: everything face up, the size of every hand
// and pile, its own hand (digital games), the draft card it is deciding on,
// the cards shown to its Herald or that it showed itself, and the actions it
// may take now. Other hands stay hidden, and so do the
// actions other seats could take, since those would reveal their cards.
type View struct {
	Seat       rules.Seat
	Players    int
	Mode       Mode
	Phase      Phase
	Turn       rules.Seat
	ToAct      rules.Seat
	Target     int // gems needed to win now
	Reshuffles int
	DrawPile   int
	Discard    []Card
	Gems       []int
	HandSizes  []int
	Forts      []Fort
	// Hand is the seat's own hand; nil in a physical game, where the engine
	// never sees it.
	Hand []Card

	AttackTarget       rules.Seat // the rival attacked this turn, or NoSeat
	Ladder             bool
	Attack             []Play // card(s) waiting for an answer
	Attacker, Defender rules.Seat
	Holder             rules.Seat // steal window: who holds the captured gems
	Amount             int
	Shown              [][]Play // cards shown to a Herald, by seat; Unknown where this seat may not see them
	Taxed              []rules.Seat
	DraftPile          int
	Drafting           Card // the draft card this seat is deciding on (digital), else Unknown
	Winner             rules.Seat

	Legal []Action
}

// View returns seat s's view of the game.
func (g *Game) View(s rules.Seat) View {
	v := View{
		Seat: s, Players: g.n, Mode: g.mode, Phase: g.phase, Turn: g.turn, ToAct: g.ToAct(),
		Target: g.Target(), Reshuffles: g.deck.Reshuffles, DrawPile: len(g.deck.Draw),
		Discard: slices.Clone(g.deck.Discard), Gems: slices.Clone(g.gems), Forts: slices.Clone(g.forts),
		AttackTarget: g.target, Ladder: g.ladder, Attack: slices.Clone(g.atk), Attacker: g.by, Defender: g.on,
		Holder: g.holder, Amount: g.amount, Taxed: slices.Clone(g.taxed), DraftPile: len(g.pile),
		Winner: g.winner, Legal: g.LegalActionsFor(s),
	}
	v.HandSizes = make([]int, g.n)
	for i, h := range g.hands {
		v.HandSizes[i] = len(h)
	}
	if g.mode == Digital {
		v.Hand = slices.Clone(g.hands[s])
		if g.phase == PhaseDraft && g.turn == s {
			v.Drafting = g.pile[len(g.pile)-1]
		}
	}
	if g.shown != nil {
		// A card shown to a Herald is seen by the Herald's player and the
		// seat that shows it (ruling K36); anyone else only counts it.
		v.Shown = make([][]Play, g.n)
		for i := range g.shown {
			switch {
			case len(g.shown[i]) == 0:
			case s == g.turn || s == rules.Seat(i):
				v.Shown[i] = slices.Clone(g.shown[i])
			default:
				v.Shown[i] = make([]Play, len(g.shown[i]))
			}
		}
	}
	return v
}
