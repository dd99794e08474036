package knights

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/ninjakit/ninjakit/rules"
)

// Mode says who holds the cards.
type Mode uint8

const (
	// Digital: the engine shuffles and deals with a *rand.Rand and knows every
	// card; players read their hands from their View.
	Digital Mode = iota
	// Physical: players hold real cards. The engine sees only what is face up
	// (fortifications, cards played, the discard pile) and counts the rest:
	// cards in each hand and in the draw pile. Every card in a hand or in the
	// draw pile is Unknown, and a reported play is checked against what could
	// still be hidden.
	Physical
)

func (m Mode) String() string {
	if m == Physical {
		return "physical"
	}
	return "digital"
}

// Phase is what the game waits for.
type Phase uint8

// Phases.
const (
	PhaseMain    Phase = iota // the turn player fortifies, attacks, plays a special, discards, or ends an attack
	PhaseRespond              // the attacked seat answers the card on the table
	PhaseSteal                // gems moved by a common attack or Highwayman: anyone else may play a Highwayman
	PhaseShow                 // a Herald was played: the next seat shows
	PhaseTake                 // the Herald's player picks a shown card
	PhaseTax                  // a Monk was played: the next castle-holder pays
	PhasePurge                // duel Minstrel: the rival discards two cards
	PhaseDraft                // duel draft: the drafter keeps or gives the top card
	PhaseOver                 // someone won
)

var phaseNames = [...]string{"main", "respond", "steal", "show", "take", "tax", "purge", "draft", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "?"
}

// Fort is a kingdom's fortification: the card in each slot (a Jester when one
// stands in for an Archer or Minstrel), Unknown when the slot is empty. A
// kingdom holds at most one of each kind.
type Fort struct {
	Castle, Archer, Minstrel Card
}

// Plays lists the fortification as plays, castle first.
func (f Fort) Plays() []Play {
	var out []Play
	if f.Castle != Unknown {
		out = append(out, Plain(f.Castle))
	}
	if f.Archer != Unknown {
		out = append(out, Play{Card: f.Archer, As: Archer})
	}
	if f.Minstrel != Unknown {
		out = append(out, Play{Card: f.Minstrel, As: Minstrel})
	}
	return out
}

// Config starts a game.
type Config struct {
	Players int
	Mode    Mode
	// First is the seat that starts: the most recent winner in a 3-6 player
	// game; in a duel, the seat that drafts first when gems and cards tie
	// (the rulebook's youngest player, ruling K25).
	First rules.Seat
	// Spec is the card mix; nil means DefaultSpec.
	Spec *Spec
}

// Game is the whole state of a game. Both modes share it: a physical game
// simply holds Unknown cards where a digital one holds faces, and every rule
// reads hands through the same few helpers (hand.go).
type Game struct {
	spec  *Spec
	mode  Mode
	n     int
	first rules.Seat

	turn  rules.Seat
	phase Phase
	gems  []int
	hands [][]Card
	kinds [][numCards]uint8 // each hand counted by kind, kept with it
	forts []Fort
	deck  rules.Deck[Card]

	// Attack of the current turn.
	target rules.Seat // the one rival attacked this turn, NoSeat before the first attack card
	ladder bool       // a Ladder stands against the target until the turn ends
	burn   bool       // the Dragon on the table burns the target's Castle if it strikes
	atk    []Play     // the card(s) waiting for an answer
	atkBuf [4]Play    // where atk lives unless a revolt outgrows it
	by, on rules.Seat // who the card on the table attacks for and against (swapped by a Traitor)

	// Steal window.
	holder rules.Seat
	amount int

	shown [][]Play     // Herald: cards shown by each seat
	taxed []rules.Seat // Monk: seats still to pay, in order

	purger  rules.Seat // duel Minstrel: the seat that must discard
	endTurn bool       // the turn ends once the purge is done

	pile []Card // duel draft pile; the top card is the one being decided

	winner rules.Seat
	rng    *rand.Rand

	events []Event // what the last action made happen
}

// NewGame deals a new game. A digital game shuffles with r; a physical game
// never uses it and r may be nil.
func NewGame(cfg Config, r *rand.Rand) (*Game, error) {
	sp := cfg.Spec
	if sp == nil {
		sp = DefaultSpec()
	}
	if cfg.Players < sp.Setup.MinPlayers || cfg.Players > sp.Setup.MaxPlayers {
		return nil, fmt.Errorf("knights: %d players: the game is for %d to %d", cfg.Players, sp.Setup.MinPlayers, sp.Setup.MaxPlayers)
	}
	if cfg.First < 0 || int(cfg.First) >= cfg.Players {
		return nil, fmt.Errorf("knights: first seat %s is not at a table of %d", cfg.First, cfg.Players)
	}
	if cfg.Mode == Digital && r == nil {
		return nil, fmt.Errorf("knights: a digital game needs a random source to shuffle")
	}
	if cfg.Mode > Physical {
		return nil, fmt.Errorf("knights: unknown mode %d", cfg.Mode)
	}
	g := newGame(sp, cfg.Mode, cfg.Players)
	g.first, g.rng = cfg.First, r
	deck := sp.Deck(cfg.Players)
	if g.mode == Physical {
		g.deck.Draw = make([]Card, len(deck))
	} else {
		g.deck.Draw = deck
		rules.Shuffle(r, g.deck.Draw)
	}
	gems := sp.Setup.Gems
	if g.duel() {
		gems = sp.Setup.DuelGems
	}
	for s := range g.gems {
		g.gems[s] = gems
	}
	if g.duel() {
		g.beginDraft()
		g.events = nil
		return g, nil
	}
	// Dealt one at a time round the table, as rules.Deck.Deal does.
	for range sp.Setup.Deal {
		for s := range g.n {
			g.addToHand(rules.Seat(s), g.take(rules.Seat(s), 1)...)
		}
	}
	g.startTurn(cfg.First)
	g.events = nil
	return g, nil
}

func newGame(sp *Spec, mode Mode, n int) *Game {
	return &Game{
		spec: sp, mode: mode, n: n,
		gems: make([]int, n), hands: make([][]Card, n), kinds: make([][numCards]uint8, n), forts: make([]Fort, n),
		target: NoSeat, by: NoSeat, on: NoSeat, holder: NoSeat, purger: NoSeat, winner: NoSeat,
	}
}

// SetRand replaces the random source of a digital game, for instance with one
// derived from a session's seed and log position so that undo cannot reroll.
func (g *Game) SetRand(r *rand.Rand) { g.rng = r }

// rand is the random source; a game read from a position has none until
// SetRand, and then uses a fixed stream so replays stay reproducible.
func (g *Game) rand() *rand.Rand {
	if g.rng == nil {
		g.rng = rules.NewRand(0, "knights/position")
	}
	return g.rng
}

// Clone returns an independent copy sharing only the spec and random source.
// Every pile and hand of the copy is a piece of one array, each with room to
// grow before it moves out instead of over its neighbour: a search clones
// states by the million and one allocation beats seven.
func (g *Game) Clone() *Game { return g.cloneInto(new(gameBox)) }

// handRoom is how many cards a cloned hand takes before it moves out.
const handRoom = 8

// cloneInto copies g into box, its piles and hands into the box's cards
// when they fit.
func (g *Game) cloneInto(box *gameBox) *Game {
	c := &box.g
	*c = *g
	gems, forts, hands, kinds := box.gems[:0], box.forts[:0], box.hands[:0], box.kinds[:0]
	if g.n > maxSeats { // a table larger than the box (a custom spec's)
		gems, forts, hands, kinds = nil, nil, make([][]Card, 0, g.n), nil
	}
	c.gems = append(gems, g.gems...)
	c.kinds = append(kinds, g.kinds...)
	n := len(g.deck.Draw) + len(g.deck.Discard) + len(g.pile)
	for _, h := range g.hands {
		n += len(h) + handRoom
	}
	cards := box.cards[:0]
	if n > len(box.cards) {
		cards = make([]Card, 0, n+len(box.cards)/2)
	}
	carve := func(s []Card, room int) []Card {
		if s == nil {
			return nil
		}
		i := len(cards)
		cards = append(cards, s...)
		cards = cards[:len(cards)+room]
		return cards[i : i+len(s) : i+len(s)+room]
	}
	c.hands = hands[:g.n]
	for s := range g.hands {
		c.hands[s] = carve(g.hands[s], handRoom)
	}
	c.forts = append(forts, g.forts...)
	c.deck = rules.Deck[Card]{Draw: carve(g.deck.Draw, 0), Reshuffles: g.deck.Reshuffles}
	c.pile = carve(g.pile, 0)
	// The discards only grow: they take the rest.
	c.deck.Discard = carve(g.deck.Discard, cap(cards)-len(cards)-len(g.deck.Discard))
	if g.atk != nil {
		c.atk = append(c.atkBuf[:0:len(c.atkBuf)], g.atk...)
	}
	if g.shown != nil {
		c.shown = make([][]Play, g.n)
		for s := range g.shown {
			c.shown[s] = slices.Clone(g.shown[s])
		}
	}
	c.taxed = slices.Clone(g.taxed)
	if g.events != nil {
		c.events = append(box.events[:0:len(box.events)], g.events...)
	}
	return c
}

// gameBox holds a cloned game with its per-seat slices, its cards and a
// random source a determinization gives it, so that one allocation brings
// them all.
type gameBox struct {
	g      Game
	gems   [maxSeats]int
	forts  [maxSeats]Fort
	hands  [maxSeats][]Card
	kinds  [maxSeats][numCards]uint8
	events [4]Event
	cards  [256]Card
	pcg    rand.PCG
	rng    rand.Rand
}

func (g *Game) duel() bool { return g.n == 2 }

// First is the seat that started the game (in a duel, the tie-break seat
// for drafting first).
func (g *Game) First() rules.Seat { return g.first }

// Players is the number of seats.
func (g *Game) Players() int { return g.n }

// Mode says whether the engine holds the cards.
func (g *Game) Mode() Mode { return g.mode }

// Spec is the card mix in play.
func (g *Game) Spec() *Spec { return g.spec }

// Phase is what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Turn is the seat whose turn it is (in the draft, the seat drafting).
func (g *Game) Turn() rules.Seat { return g.turn }

// Gems is the number of gems seat s owns.
func (g *Game) Gems(s rules.Seat) int { return g.gems[s] }

// HandSize is the number of cards in seat s's hand.
func (g *Game) HandSize(s rules.Seat) int { return len(g.hands[s]) }

// Hand is seat s's hand in canonical order; in a physical game it holds only
// Unknown cards.
func (g *Game) Hand(s rules.Seat) []Card { return slices.Clone(g.hands[s]) }

// Fort is seat s's fortification.
func (g *Game) Fort(s rules.Seat) Fort { return g.forts[s] }

// DrawSize is the number of cards in the draw pile.
func (g *Game) DrawSize() int { return len(g.deck.Draw) }

// Discards is the face-up discard pile, oldest first.
func (g *Game) Discards() []Card { return slices.Clone(g.deck.Discard) }

// Reshuffles counts how often the discard pile became the draw pile.
func (g *Game) Reshuffles() int { return g.deck.Reshuffles }

// TotalGems is every gem on the table; it never changes.
func (g *Game) TotalGems() int {
	t := 0
	for _, v := range g.gems {
		t += v
	}
	return t
}

// Target is the number of gems that wins: 10 less one per reshuffle, never
// below 1 (ruling K3); in a duel, every gem (ruling K29).
func (g *Game) Target() int {
	if g.duel() {
		return g.TotalGems()
	}
	return max(1, g.spec.Setup.WinGems-g.deck.Reshuffles)
}

// AttackTarget is the rival attacked this turn, or NoSeat.
func (g *Game) AttackTarget() rules.Seat { return g.target }

// Pending is the attack card(s) waiting for an answer, the seat they attack
// for and the seat they attack.
func (g *Game) Pending() (plays []Play, by, on rules.Seat) { return slices.Clone(g.atk), g.by, g.on }

// ToAct is the seat the game waits on. In a steal window that is the turn
// player, who closes it with pass; a Highwayman may still come from anyone.
func (g *Game) ToAct() rules.Seat {
	switch g.phase {
	case PhaseRespond:
		return g.on
	case PhaseShow:
		return g.nextShower()
	case PhaseTax:
		return g.taxed[0]
	case PhasePurge:
		return g.purger
	case PhaseOver:
		return NoSeat
	}
	return g.turn
}

// Actor is the seat that takes action a now: the responding seat for a
// Respond, ToAct otherwise.
func (g *Game) Actor(a Action) rules.Seat {
	if a.typ == ActRespond {
		return a.seat
	}
	return g.ToAct()
}

// Holder is the seat holding the gems of an open steal window and how many
// there are; NoSeat and 0 when no window is open.
func (g *Game) Holder() (rules.Seat, int) { return g.holder, g.amount }

// Taxed lists the kingdoms still to pay a Monk, the next payer first.
func (g *Game) Taxed() []rules.Seat { return slices.Clone(g.taxed) }
