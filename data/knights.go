package data

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Card labels an Of Knights and Ninjas data file may use. The first four are
// how a card is played; PRE-ATTACK marks cards that open a kingdom before the
// attack proper; COMMON and UNIQUE split the attackers; WILDCARD is the
// Jester's own label.
const (
	KnightsLabelAttack    = "ATTACK"
	KnightsLabelFortify   = "FORTIFY"
	KnightsLabelSpecial   = "SPECIAL ACTION"
	KnightsLabelRespond   = "RESPOND"
	KnightsLabelPreAttack = "PRE-ATTACK"
	KnightsLabelCommon    = "COMMON"
	KnightsLabelUnique    = "UNIQUE"
	KnightsLabelWildcard  = "WILDCARD"
)

// KnightsLabels lists every known label.
var KnightsLabels = []string{
	KnightsLabelAttack, KnightsLabelFortify, KnightsLabelSpecial, KnightsLabelRespond,
	KnightsLabelPreAttack, KnightsLabelCommon, KnightsLabelUnique, KnightsLabelWildcard,
}

// KnightsMaxStrength bounds card strength; no printed card passes 5 and a
// bigger number is almost certainly a typo in a user file.
const KnightsMaxStrength = 10

// Knights is the validated content of an Of Knights and Ninjas data file.
type Knights struct {
	About string        `json:"about"`
	Total int           `json:"total"`
	Setup KnightsSetup  `json:"setup"`
	Cards []KnightsCard `json:"cards"`
}

// KnightsSetup holds the table numbers of both games: 3-6 players and the
// 2-player duel.
type KnightsSetup struct {
	MinPlayers int `json:"minPlayers"`
	MaxPlayers int `json:"maxPlayers"`
	Gems       int `json:"gems"`
	Deal       int `json:"deal"`
	Draw       int `json:"draw"`
	WinGems    int `json:"winGems"`
	DuelGems   int `json:"duelGems"`
	DraftSize  int `json:"draftSize"`
	// RedealMax is the largest hand that calls a re-deal in the duel instead
	// of discarding.
	RedealMax int `json:"redealMax"`
}

// KnightsCard is one kind of card. Living marks what a Jester may pose as;
// Expansion kinds leave the deck for the 2-player duel.
type KnightsCard struct {
	Kind      string   `json:"kind"`
	Name      string   `json:"name"`
	Count     int      `json:"count"`
	Labels    []string `json:"labels"`
	Strength  int      `json:"strength"`
	Living    bool     `json:"living"`
	Expansion bool     `json:"expansion"`
	Text      string   `json:"text"`
}

// Has reports whether the card carries a label.
func (c KnightsCard) Has(label string) bool {
	for _, l := range c.Labels {
		if l == label {
			return true
		}
	}
	return false
}

// DefaultKnights returns the embedded data. TestDefaultKnightsIsValid validates
// it, so a process does not: every command of the game paid for the checks.
func DefaultKnights() *Knights { return knightsDefault() }

// LoadKnights reads and validates an Of Knights and Ninjas data file.
func LoadKnights(r io.Reader) (*Knights, error) { return load[Knights](r, "knights data") }

// Card returns the entry of a kind id and whether there is one.
func (k *Knights) Card(kind string) (KnightsCard, bool) {
	for _, c := range k.Cards {
		if c.Kind == kind {
			return c, true
		}
	}
	return KnightsCard{}, false
}

// DuelTotal is the deck size once expansion kinds are boxed for two players.
func (k *Knights) DuelTotal() int {
	n := 0
	for _, c := range k.Cards {
		if !c.Expansion {
			n += c.Count
		}
	}
	return n
}

func (k *Knights) validate() error {
	if len(k.Cards) == 0 {
		return errors.New("cards: the list is empty")
	}
	total := 0
	kinds, names := map[string]bool{}, map[string]bool{}
	for i, c := range k.Cards {
		if err := c.validate(); err != nil {
			return fmt.Errorf("card %d (%q): %w", i+1, c.Kind, err)
		}
		if kinds[c.Kind] {
			return fmt.Errorf("card kind %q appears twice", c.Kind)
		}
		if names[strings.ToLower(c.Name)] {
			return fmt.Errorf("card name %q appears twice", c.Name)
		}
		kinds[c.Kind], names[strings.ToLower(c.Name)] = true, true
		total += c.Count
	}
	if total != k.Total {
		return fmt.Errorf("card counts add up to %d but total says %d", total, k.Total)
	}
	return k.Setup.validate(k)
}

func (c KnightsCard) validate() error {
	if c.Kind == "" || strings.Trim(c.Kind, "abcdefghijklmnopqrstuvwxyz") != "" {
		return errors.New("kind must be a lowercase word")
	}
	if strings.TrimSpace(c.Name) == "" {
		return errors.New("no name")
	}
	if strings.TrimSpace(c.Text) == "" {
		return errors.New("no text")
	}
	if c.Count < 0 {
		return fmt.Errorf("count %d is negative", c.Count)
	}
	if len(c.Labels) == 0 {
		return errors.New("no labels")
	}
	seen := map[string]bool{}
	for _, l := range c.Labels {
		if !knightsKnownLabel(l) {
			return fmt.Errorf("unknown label %q (known: %s)", l, strings.Join(KnightsLabels, ", "))
		}
		if seen[l] {
			return fmt.Errorf("label %q given twice", l)
		}
		seen[l] = true
	}
	common, unique := c.Has(KnightsLabelCommon), c.Has(KnightsLabelUnique)
	if common && unique {
		return errors.New("a card cannot be both COMMON and UNIQUE")
	}
	if (common || unique) && !c.Has(KnightsLabelAttack) {
		return errors.New("COMMON and UNIQUE only qualify ATTACK cards")
	}
	if c.Has(KnightsLabelAttack) && !common && !unique {
		return errors.New("an ATTACK card must be COMMON or UNIQUE")
	}
	if c.Strength < 0 || c.Strength > KnightsMaxStrength {
		return fmt.Errorf("strength %d is outside 0 to %d", c.Strength, KnightsMaxStrength)
	}
	if c.Has(KnightsLabelAttack) && c.Strength == 0 {
		return errors.New("an ATTACK card needs a strength of at least 1")
	}
	if !c.Has(KnightsLabelAttack) && c.Strength != 0 {
		return fmt.Errorf("strength %d on a card that cannot attack", c.Strength)
	}
	return nil
}

func (s KnightsSetup) validate(k *Knights) error {
	switch {
	case s.MinPlayers < 2 || s.MaxPlayers < s.MinPlayers || s.MaxPlayers > 6:
		return fmt.Errorf("setup: players %d to %d must lie within 2 to 6", s.MinPlayers, s.MaxPlayers)
	case s.Gems < 1 || s.DuelGems < 1:
		return errors.New("setup: gems and duelGems must be at least 1")
	case s.WinGems <= s.Gems:
		return fmt.Errorf("setup: winGems %d must exceed the %d gems each player starts with", s.WinGems, s.Gems)
	case s.Deal < 0 || s.Draw < 1:
		return errors.New("setup: deal cannot be negative and draw must be at least 1")
	case s.MaxPlayers*s.Deal > k.Total:
		return fmt.Errorf("setup: dealing %d cards to %d players needs more than the %d cards", s.Deal, s.MaxPlayers, k.Total)
	case s.DraftSize < 1 || s.RedealMax < 0:
		return errors.New("setup: draftSize must be at least 1 and redealMax cannot be negative")
	case s.DraftSize > k.DuelTotal():
		return fmt.Errorf("setup: a draft of %d needs more than the %d cards of the duel deck", s.DraftSize, k.DuelTotal())
	}
	return nil
}

func knightsKnownLabel(l string) bool {
	for _, k := range KnightsLabels {
		if k == l {
			return true
		}
	}
	return false
}
