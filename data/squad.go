package data

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Squad is the validated content of a Ninja Squad data file.
type Squad struct {
	About    string         `json:"about"`
	Setup    SquadSetup     `json:"setup"`
	Movement []MovementCard `json:"movement"`
	Alarm    []SquadCard    `json:"alarm"`
	Senjutsu []SquadCard    `json:"senjutsu"`
	Buki     []SquadCard    `json:"buki"`
	Wana     []SquadCard    `json:"wana"`
	Tokens   SquadTokens    `json:"tokens"`
}

// SquadSetup holds the numbers the rulebook gives for setting up and pacing
// a game.
type SquadSetup struct {
	MinPlayers int `json:"minPlayers"`
	MaxPlayers int `json:"maxPlayers"`
	// Decks of DeckSize Movement cards are dealt; the rest are set aside.
	Decks    int `json:"decks"`
	DeckSize int `json:"deckSize"`
	// Rounds is the number of movement rounds in a movement phase.
	Rounds int `json:"rounds"`
	// PhaseAlarm is how far the tracker moves at every Guard Phase.
	PhaseAlarm int           `json:"phaseAlarm"`
	Targets    []SquadTarget `json:"targets"`
}

// SquadTarget is what depends on the number of players.
type SquadTarget struct {
	Players int `json:"players"`
	// Alarm is the tracker value at which the Midnight Raid is lost.
	Alarm int `json:"alarm"`
	// SpeedySeconds is the movement phase's time limit in Super Speedy Ninjas.
	SpeedySeconds int `json:"speedySeconds"`
}

// MovementCard is one numbered Movement card with its two route options.
type MovementCard struct {
	Number int      `json:"number"`
	Routes []string `json:"routes"`
}

// SquadCard is one kind of Alarm, Senjutsu, Buki card or Wana token.
type SquadCard struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Count int    `json:"count,omitempty"`
	// Alarm moves the tracker by this much when the card is applied
	// (negative: back down the track).
	Alarm int    `json:"alarm,omitempty"`
	Range string `json:"range,omitempty"`
	Text  string `json:"text"`
}

// SquadTokens counts the pieces that are not cards.
type SquadTokens struct {
	Fire             int `json:"fire"`
	ThrowingStars    int `json:"throwingStars"`
	Guards           int `json:"guards"`
	PatrollingGuards int `json:"patrollingGuards"`
	LanternCubes     int `json:"lanternCubes"`
	Cubes            int `json:"cubes"`
}

// RouteSteps are the moves a route may use: one tile in one of eight
// directions, or a leap (J) that lands two tiles away in one of them.
var RouteSteps = []string{"F", "B", "L", "R", "FL", "FR", "BL", "BR", "JF", "JB", "JL", "JR", "JFL", "JFR", "JBL", "JBR"}

// DefaultSquad returns the embedded data. TestDefaultSquadIsValid validates
// it, so a process does not: every command of the game paid for the checks.
func DefaultSquad() *Squad { return squadDefault() }

// LoadSquad reads and validates a Ninja Squad data file.
func LoadSquad(r io.Reader) (*Squad, error) { return load[Squad](r, "squad data") }

// Target returns the numbers for a player count and whether there are any.
func (s *Squad) Target(players int) (SquadTarget, bool) {
	for _, t := range s.Setup.Targets {
		if t.Players == players {
			return t, true
		}
	}
	return SquadTarget{}, false
}

// Card returns a movement card by its number.
func (s *Squad) Card(number int) (MovementCard, bool) {
	for _, c := range s.Movement {
		if c.Number == number {
			return c, true
		}
	}
	return MovementCard{}, false
}

// ParseRoute splits a route into its steps, refusing unknown ones.
func ParseRoute(route string) ([]string, error) {
	steps := strings.Fields(route)
	if len(steps) == 0 {
		return nil, errors.New("a route needs at least one step")
	}
	for _, st := range steps {
		known := false
		for _, k := range RouteSteps {
			known = known || st == k
		}
		if !known {
			return nil, fmt.Errorf("step %q: use F, B, L, R, FL, FR, BL, BR, or J before one of them for a leap", st)
		}
	}
	return steps, nil
}

func (s *Squad) validate() error {
	st := s.Setup
	switch {
	case st.MinPlayers < 1 || st.MaxPlayers < st.MinPlayers:
		return fmt.Errorf("setup: players %d to %d", st.MinPlayers, st.MaxPlayers)
	case st.Decks < st.MaxPlayers:
		return fmt.Errorf("setup: %d decks cannot serve %d players", st.Decks, st.MaxPlayers)
	case st.DeckSize < 2 || st.Rounds < 1 || 2*st.Rounds > st.DeckSize:
		return fmt.Errorf("setup: %d rounds need %d cards a deck, the deck has %d", st.Rounds, 2*st.Rounds, st.DeckSize)
	case st.PhaseAlarm < 0:
		return errors.New("setup: phaseAlarm cannot be negative")
	}
	for p := st.MinPlayers; p <= st.MaxPlayers; p++ {
		t, ok := s.Target(p)
		if !ok {
			return fmt.Errorf("setup: no target for %d players", p)
		}
		if t.Alarm < 1 || t.SpeedySeconds < 1 {
			return fmt.Errorf("setup: the target for %d players needs a positive alarm and time", p)
		}
	}
	if len(s.Movement) < st.Decks*st.DeckSize {
		return fmt.Errorf("movement: %d cards cannot make %d decks of %d", len(s.Movement), st.Decks, st.DeckSize)
	}
	numbers := map[int]bool{}
	for _, c := range s.Movement {
		if c.Number < 1 || numbers[c.Number] {
			return fmt.Errorf("movement card %d: numbers must be positive and distinct", c.Number)
		}
		numbers[c.Number] = true
		if len(c.Routes) != 2 {
			return fmt.Errorf("movement card %d: needs exactly 2 routes, has %d", c.Number, len(c.Routes))
		}
		for _, r := range c.Routes {
			if _, err := ParseRoute(r); err != nil {
				return fmt.Errorf("movement card %d: route %q: %w", c.Number, r, err)
			}
		}
	}
	for _, deck := range []struct {
		name  string
		cards []SquadCard
		kinds []string
	}{
		{"alarm", s.Alarm, SquadAlarmKinds},
		{"senjutsu", s.Senjutsu, SquadSenjutsuKinds},
		{"buki", s.Buki, SquadBukiKinds},
		{"wana", s.Wana, SquadWanaKinds},
	} {
		if err := validateSquadCards(deck.name, deck.cards, deck.kinds, deck.name != "wana"); err != nil {
			return err
		}
	}
	t := s.Tokens
	if t.Fire < 0 || t.ThrowingStars < st.MaxPlayers || t.Guards < 0 || t.PatrollingGuards < 0 || t.LanternCubes < 0 || t.Cubes < 0 {
		return fmt.Errorf("tokens: counts cannot be negative, and every player needs a throwing star")
	}
	return nil
}

// The kinds an engine knows; a data file may leave kinds out (a house rule)
// but not invent new ones, whose effect nothing would apply.
var (
	SquadAlarmKinds    = []string{"roof-top-slip", "scaredy-cat", "careless-footstep", "samurai-master", "giggling-geisha", "sleeping-sentry"}
	SquadSenjutsuKinds = []string{"blow-dart", "throwing-star", "perfect-hiding-place", "ninja-dash", "pocket-rocket", "team-ninja"}
	SquadBukiKinds     = []string{"throwing-star", "nunchaku", "spear", "tonfa", "arrow", "water-flask", "grappling-chain", "bird-whistle", "hollow-reed", "zip-wire"}
	SquadWanaKinds     = []string{"trip-wire", "caltrops", "hornets-nest"}
)

func validateSquadCards(deck string, cards []SquadCard, kinds []string, counted bool) error {
	if len(cards) == 0 {
		return fmt.Errorf("%s: the list is empty", deck)
	}
	seen := map[string]bool{}
	for _, c := range cards {
		known := false
		for _, k := range kinds {
			known = known || c.Kind == k
		}
		switch {
		case !known:
			return fmt.Errorf("%s kind %q: choose from %s", deck, c.Kind, strings.Join(kinds, ", "))
		case seen[c.Kind]:
			return fmt.Errorf("%s kind %q appears twice", deck, c.Kind)
		case strings.TrimSpace(c.Name) == "" || strings.TrimSpace(c.Text) == "":
			return fmt.Errorf("%s kind %q: needs a name and a text", deck, c.Kind)
		case counted && c.Count < 1:
			return fmt.Errorf("%s kind %q: count must be at least 1", deck, c.Kind)
		case !counted && c.Count != 0:
			return fmt.Errorf("%s kind %q: every player gets one of each, so no count", deck, c.Kind)
		}
		seen[c.Kind] = true
	}
	return nil
}
