// Package blades generates random Flying Blades setups: seats and colours,
// the board fill, the first player, and the deal. The public part comes from
// the seed in the share code; hidden hands come from a separate private seed
// that no public output carries.
package blades

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"github.com/ninjakit/ninjakit/generate"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Cards is how a setup handles the Special Attack deck.
type Cards uint8

// Card choices. Hidden: players deal the real deck themselves. Dealt: hidden
// hands dealt by ninjakit onto private slips. Open: the open-hands variant,
// dealt by ninjakit in public. None: the variant without cards.
const (
	CardsHidden Cards = iota
	CardsDealt
	CardsOpen
	CardsNone
)

var cardsNames = [...]string{"hidden", "dealt", "open", "none"}

func (c Cards) String() string { return cardsNames[c] }

// ParseCards reads hidden, dealt, open or none.
func ParseCards(s string) (Cards, error) {
	for i, n := range cardsNames {
		if s == n {
			return Cards(i), nil
		}
	}
	return 0, fmt.Errorf("--cards %q: choose hidden, dealt, open or none", s)
}

// Mode is the engine's card mode for a choice.
func (c Cards) Mode() engine.CardMode {
	switch c {
	case CardsOpen:
		return engine.OpenHands
	case CardsNone:
		return engine.NoCards
	}
	return engine.HiddenHands
}

// Options choose a setup.
type Options struct {
	Players int
	Seed    uint64 // public: goes into the share code
	Cards   Cards
	// PrivateSeed deals hidden hands; only used with CardsDealt.
	PrivateSeed uint64
	// DataTag is 0 for the embedded data, else DataTag(file bytes), so a code
	// made with a custom data file is not silently read against another.
	DataTag uint8
}

// Setup is a generated game start.
type Setup struct {
	Options
	Code        generate.Code
	Fingerprint string
	Start       engine.Setup
	// Hands are dealt hands by seat: public with open hands, private with
	// dealt hands, nil otherwise.
	Hands []engine.Hand
	// Balanced says how --balanced chose this setup, nil for a plain one.
	Balanced *Balanced
}

// ErrDataMismatch says a share code was made with other data than loaded.
var ErrDataMismatch = errors.New("data mismatch")

// DataTag fingerprints a custom data file into 1..15 for the share code.
func DataTag(file []byte) uint8 {
	h := fnv.New32a()
	h.Write(file)
	return uint8(h.Sum32()%15) + 1
}

// Variant bits in the share code: cards choice in bits 0-1, data tag in 2-5.
func (o Options) variant() uint8 { return uint8(o.Cards) | o.DataTag<<2 }

// Generate builds the setup for the options.
func Generate(r *engine.Rules, o Options) (*Setup, error) {
	if err := engine.CheckPlayers(o.Players); err != nil {
		return nil, err
	}
	if o.Seed > generate.MaxSeed {
		return nil, fmt.Errorf("seed %d is larger than %d", o.Seed, generate.MaxSeed)
	}
	if o.Cards > CardsNone || o.DataTag > 15 {
		return nil, errors.New("unknown card choice or data tag")
	}
	s := &Setup{Options: o, Code: generate.Code{Game: generate.GameBlades, Players: o.Players, Variant: o.variant(), Seed: o.Seed}}
	s.Start = engine.Setup{Players: o.Players, Cards: o.Cards.Mode()}
	pub := rules.NewRand(o.Seed, "blades/public")

	// Seats: shuffle the board's colours and give the first ones out; with 2
	// players the next one is the common prey, with 4 one colour sits out.
	palette := append([]engine.Colour(nil), r.Palette(o.Players)...)
	rules.Shuffle(pub, palette)
	s.Start.Seats = palette[:o.Players]
	onBoard := palette[:o.Players]
	if o.Players == 2 {
		s.Start.Target = palette[2]
		onBoard = palette[:3]
	}
	per := r.Data.NinjasPerDojo
	for _, c := range onBoard {
		for range per {
			s.Start.Fill = append(s.Start.Fill, c)
		}
	}
	rules.Shuffle(pub, s.Start.Fill)
	s.Start.First = engine.Seat(pub.IntN(o.Players))

	switch o.Cards {
	case CardsOpen:
		s.Hands = Deal(r, o.Players, rules.NewRand(o.Seed, "blades/open-deal"))
	case CardsDealt:
		s.Hands = Deal(r, o.Players, rules.NewRand(o.PrivateSeed, "blades/private-deal"))
	}
	if o.Cards != CardsNone {
		s.Start.Hands = s.Hands
		if s.Hands == nil {
			// Players deal the real deck; the engine only needs to know a
			// game with cards is on, so each seat starts with an empty hand.
			s.Start.Hands = make([]engine.Hand, o.Players)
		}
	}
	pos, err := engine.NewPosition(r, s.Start)
	if err != nil {
		return nil, err
	}
	// The card choice and the data file change what the table does (who
	// deals, what is public, the deck), so the words confirm them too, even
	// where the public position cannot tell hidden from dealt hands.
	s.Fingerprint = generate.Fingerprint(fmt.Appendf(nil, "%s cards:%s data:%d", pos.Public(), o.Cards, o.DataTag))
	return s, nil
}

// Deal shuffles the deck and deals it as evenly as possible: every player
// gets the same number of cards and the rest stay undealt (ruling B-13).
func Deal(r *engine.Rules, players int, rng *rand.Rand) []engine.Hand {
	// The deck in kind order, as Rules.Deck lists it, on the stack.
	var room [64]engine.Kind
	deck := room[:0]
	for k, n := range r.Counts {
		for range n {
			deck = append(deck, engine.Kind(k))
		}
	}
	rules.Shuffle(rng, deck)
	hands := make([]engine.Hand, players)
	each := len(deck) / players
	seat := 0
	for _, k := range deck[:each*players] {
		hands[seat][k]++
		if seat++; seat == players {
			seat = 0
		}
	}
	return hands
}

// FromCode rebuilds the public setup a share code describes. Hidden hands
// are not in a code, so a dealt setup comes back without them.
func FromCode(r *engine.Rules, c generate.Code, dataTag uint8) (*Setup, error) {
	if c.Game != generate.GameBlades {
		return nil, fmt.Errorf("share code %s is for %s, not flying blades", c, c.Game)
	}
	o := Options{Players: c.Players, Seed: c.Seed, Cards: Cards(c.Variant & 3), DataTag: c.Variant >> 2}
	if o.DataTag != dataTag {
		if o.DataTag == 0 {
			return nil, fmt.Errorf("%w: share code %s was made with the built-in data; drop --data", ErrDataMismatch, c)
		}
		return nil, fmt.Errorf("%w: share code %s was made with a custom data file; load the same file with --data", ErrDataMismatch, c)
	}
	s, err := Generate(r, o)
	if err != nil {
		return nil, err
	}
	if o.Cards == CardsDealt {
		s.Hands, s.Start.Hands = nil, make([]engine.Hand, o.Players)
	}
	return s, nil
}
