package squad

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/layouts"
)

// KitMovement is one numbered Movement card: two routes, each the steps
// data.ParseRoute gives.
type KitMovement struct {
	Number int
	Routes [][]string
}

// KitCard is one kind of Alarm, Senjutsu or Buki card, or one Wana trap.
type KitCard struct {
	Kind, Name, Range, Text string
	Count                   int
	// Alarm is how far the card moves the tracker (negative: back).
	Alarm int
}

// KitTarget is what depends on the number of players.
type KitTarget struct{ Players, Alarm, SpeedySeconds int }

// KitContent is everything the Ninja Squad kit prints, in the data file's
// terms.
type KitContent struct {
	Movement              []KitMovement
	Alarm, Senjutsu, Buki []KitCard
	Wana                  []KitCard // every player gets one of each
	MaxPlayers            int
	Fire, ThrowingStars   int
	Decks, DeckSize       int
	Rounds, PhaseAlarm    int
	Targets               []KitTarget
}

// The decks as the rulebook colours their backs, and the word --only uses
// for each.
const (
	DeckMovement = "movement"
	DeckAlarm    = "alarm"
	DeckSenjutsu = "senjutsu"
	DeckBuki     = "buki"
)

// Kit assembles the whole kit: the player aid, the four decks, the tokens
// and the alarm track.
func Kit(c KitContent, paper layouts.Paper, card layouts.Size) (layouts.Kit, error) {
	if err := layouts.CheckKit(c.validate, paper, card); err != nil {
		return layouts.Kit{}, err
	}
	area := layouts.FreeArea(paper)
	if _, err := layoutAid(c, area); err != nil {
		return layouts.Kit{}, fmt.Errorf("player aid on %s paper: %w", paper.Name, err)
	}
	if _, err := TrackLayout(area, c.Targets); err != nil {
		return layouts.Kit{}, fmt.Errorf("alarm track on %s paper: %w", paper.Name, err)
	}
	movement := MovementSet(c, card)
	alarm, senjutsu, buki := DeckSet(c, DeckAlarm, card), DeckSet(c, DeckSenjutsu, card), DeckSet(c, DeckBuki, card)
	tokens := TokenSet(c)
	return layouts.Kit{
		Title: "Ninja Squad",
		Notes: []string{
			fmt.Sprintf("%d Movement, %d Alarm, %d Senjutsu and %d Buki cards, %d tokens, the alarm track and a player aid.",
				len(movement.Pieces), len(alarm.Pieces), len(senjutsu.Pieces), len(buki.Pieces), len(tokens.Pieces)),
			"Each deck has its own back: Movement dark blue, Alarm red, Senjutsu green, Buki purple, each with its own pattern for greyscale printers.",
			"Not in the kit: the seven boards, the ninjas, the guard meeples and the cubes.",
		},
		Sections: []layouts.Section{
			// The aid comes first: one free page after the cover puts the
			// first card front on the front of a sheet with no blank page.
			{Title: "Player aid", Pages: []layouts.Page{AidPage(c)}, Note: "one copy per player, or one for the table"},
			{Title: movement.Title, Set: &movement, Note: "print with the backs; turn each card so its arrow points the way of play"},
			{Title: alarm.Title, Set: &alarm, Note: "print with the backs"},
			{Title: senjutsu.Title, Set: &senjutsu, Note: "print with the backs"},
			{Title: buki.Title, Set: &buki, Note: "print with the backs"},
			{Title: tokens.Title, Set: &tokens, Note: "single-sided on card stock; a face-down Wana trap shows the plain back"},
			{Title: "Alarm track", Pages: []layouts.Page{TrackPage(c)}, Note: "the Alarm Tracker token moves along it"},
		},
	}, nil
}

func (c KitContent) validate() error {
	switch {
	case len(c.Movement) == 0:
		return errors.New("squad kit: no Movement cards")
	case len(c.Alarm) == 0 || len(c.Senjutsu) == 0 || len(c.Buki) == 0:
		return errors.New("squad kit: the Alarm, Senjutsu and Buki decks need cards")
	case c.MaxPlayers < 1:
		return fmt.Errorf("squad kit: %d players", c.MaxPlayers)
	case c.Fire < 0 || c.ThrowingStars < 0:
		return errors.New("squad kit: token counts cannot be negative")
	case len(c.Targets) == 0:
		return errors.New("squad kit: no alarm targets")
	}
	for _, m := range c.Movement {
		if len(m.Routes) != 2 {
			return fmt.Errorf("squad kit: Movement card %d needs 2 routes", m.Number)
		}
		for _, r := range m.Routes {
			if len(r) == 0 {
				return fmt.Errorf("squad kit: Movement card %d has an empty route", m.Number)
			}
			if _, _, _, err := RouteCells(r); err != nil {
				return fmt.Errorf("squad kit: Movement card %d: %w", m.Number, err)
			}
		}
	}
	for _, deck := range [][]KitCard{c.Alarm, c.Senjutsu, c.Buki} {
		for _, k := range deck {
			if k.Count < 0 {
				return fmt.Errorf("squad kit: %s: count %d is negative", k.Name, k.Count)
			}
		}
	}
	for _, t := range c.Targets {
		if t.Alarm < 1 || t.Alarm > trackMax {
			return fmt.Errorf("squad kit: the %d-player target %d is off the track 0 to %d", t.Players, t.Alarm, trackMax)
		}
	}
	return nil
}

// MovementSet is one card per Movement card, in number order as the data
// file lists them, all with the Movement back.
func MovementSet(c KitContent, card layouts.Size) layouts.Set {
	set := layouts.Set{Title: "Movement cards", Size: card, Back: deckBack(DeckMovement)}
	for _, m := range c.Movement {
		set.Pieces = append(set.Pieces, layouts.Piece{Name: "Movement", Front: movementFace(m)})
	}
	return set
}

// DeckSet is Count copies of every kind of the Alarm, Senjutsu or Buki
// deck, with that deck's back; an unknown deck is empty.
func DeckSet(c KitContent, deck string, card layouts.Size) layouts.Set {
	cards, title := c.deck(deck)
	set := layouts.Set{Title: title, Size: card, Back: deckBack(deck)}
	for _, k := range cards {
		set.Add(k.Name, deckFace(deck, k), k.Count)
	}
	return set
}

func (c KitContent) deck(deck string) ([]KitCard, string) {
	switch deck {
	case DeckAlarm:
		return c.Alarm, "Alarm cards"
	case DeckSenjutsu:
		return c.Senjutsu, "Senjutsu cards"
	case DeckBuki:
		return c.Buki, "Buki cards"
	}
	return nil, "Cards"
}
