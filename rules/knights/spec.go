package knights

import (
	"fmt"
	"slices"
	"sync"

	"github.com/ninjakit/ninjakit/data"
)

// Spec is the card mix and table numbers an engine plays with, taken from a
// validated data file. Counts, strengths, which kinds are living and which are
// expansions come from the file; what each kind does is this package's code,
// so a file may not relabel a kind.
type Spec struct {
	count     [numCards]int
	strength  [numCards]int
	living    [numCards]bool
	expansion [numCards]bool
	Setup     data.KnightsSetup
}

// The labels each kind must carry for the behaviour coded here to apply.
var wantLabels = map[Card][]string{
	Peasant: {data.KnightsLabelAttack, data.KnightsLabelRespond, data.KnightsLabelCommon},
	Soldier: {data.KnightsLabelAttack, data.KnightsLabelRespond, data.KnightsLabelCommon},
	Knight:  {data.KnightsLabelAttack, data.KnightsLabelRespond, data.KnightsLabelCommon},
	King:    {data.KnightsLabelAttack, data.KnightsLabelRespond, data.KnightsLabelCommon},
	Queen:   {data.KnightsLabelAttack, data.KnightsLabelRespond, data.KnightsLabelCommon},
	Ninja:   {data.KnightsLabelAttack, data.KnightsLabelUnique},
	Dragon:  {data.KnightsLabelAttack, data.KnightsLabelUnique},

	Traitor: {data.KnightsLabelRespond}, Highwayman: {data.KnightsLabelRespond},
	Princess: {data.KnightsLabelRespond}, Executioner: {data.KnightsLabelRespond},
	Herald: {data.KnightsLabelSpecial}, Merchant: {data.KnightsLabelSpecial}, Monk: {data.KnightsLabelSpecial},

	Minstrel: {data.KnightsLabelFortify, data.KnightsLabelRespond},
	Archer:   {data.KnightsLabelFortify, data.KnightsLabelPreAttack},
	Castle:   {data.KnightsLabelFortify},
	Ladder:   {data.KnightsLabelPreAttack},
	Catapult: {data.KnightsLabelPreAttack},
	Jester:   {data.KnightsLabelWildcard},
}

// NewSpec checks a data file against the rules coded here: every kind must be
// one this engine knows and carry the labels its behaviour assumes. Kinds the
// file leaves out are played with no copies.
func NewSpec(k *data.Knights) (*Spec, error) {
	s := &Spec{Setup: k.Setup}
	for _, kc := range k.Cards {
		c, err := ParseCard(kc.Kind)
		if err != nil {
			return nil, fmt.Errorf("knights data: kind %q has no rules in this engine", kc.Kind)
		}
		got := slices.Clone(kc.Labels)
		want := slices.Clone(wantLabels[c])
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			return nil, fmt.Errorf("knights data: %s is labelled %v but this engine plays it as %v", kc.Kind, kc.Labels, wantLabels[c])
		}
		s.count[c], s.strength[c], s.living[c], s.expansion[c] = kc.Count, kc.Strength, kc.Living, kc.Expansion
	}
	if k.Setup.MinPlayers != 2 {
		return nil, fmt.Errorf("knights data: this engine plays 2 to %d players, minPlayers must be 2", k.Setup.MaxPlayers)
	}
	return s, nil
}

var (
	defaultSpecOnce sync.Once
	defaultSpec     *Spec
)

// DefaultSpec is the spec of the embedded data file.
func DefaultSpec() *Spec {
	defaultSpecOnce.Do(func() {
		s, err := NewSpec(data.DefaultKnights())
		if err != nil {
			panic("embedded knights data: " + err.Error())
		}
		defaultSpec = s
	})
	return defaultSpec
}

// Count is how many copies of c the full deck holds.
func (s *Spec) Count(c Card) int { return s.count[c] }

// Strength is the attack (and blocking) value of c.
func (s *Spec) Strength(c Card) int { return s.strength[c] }

// Living reports whether c is a living thing: a Jester may pose as it, and an
// Executioner can kill it because it has a head (ruling K10).
func (s *Spec) Living(c Card) bool { return s.living[c] }

// Expansion reports whether c leaves the deck in the 2-player duel.
func (s *Spec) Expansion(c Card) bool { return s.expansion[c] }

// deckCount is how many copies of c a game of n players uses.
func (s *Spec) deckCount(c Card, players int) int {
	if c == Unknown || c >= numCards || (players == 2 && s.expansion[c]) {
		return 0
	}
	return s.count[c]
}

// Deck lists the cards of a game of n players in canonical order.
func (s *Spec) Deck(players int) []Card {
	var out []Card
	for _, c := range Cards {
		for range s.deckCount(c, players) {
			out = append(out, c)
		}
	}
	return out
}

func (s *Spec) deckSize(players int) int {
	n := 0
	for _, c := range Cards {
		n += s.deckCount(c, players)
	}
	return n
}
