package knights

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/layouts"
)

// KitCard is one kind of card as the kit prints it.
type KitCard struct {
	Kind, Name, Text string
	Count, Strength  int
	Labels           []string
	Expansion        bool
}

// KitContent is everything the kit prints, in the data file's terms.
type KitContent struct {
	Cards      []KitCard // data-file order
	MaxPlayers int       // one gem colour per seat
	Gems       int       // gems each player starts with
	// The remaining numbers only appear on the player aid.
	WinGems, DuelGems, Deal, Draw int
}

// Kit assembles the whole kit: card sheets, gem sheets and the player aid.
func Kit(c KitContent, paper layouts.Paper, card layouts.Size) (layouts.Kit, error) {
	if err := layouts.CheckKit(c.validate, paper, card); err != nil {
		return layouts.Kit{}, err
	}
	if _, err := layoutAid(c, layouts.FreeArea(paper)); err != nil {
		return layouts.Kit{}, fmt.Errorf("player aid on %s paper: %w", paper.Name, err)
	}
	cards, gems := CardSet(c, card), GemSet(c)
	total, expansion := 0, 0
	for _, k := range c.Cards {
		total += k.Count
		if k.Expansion {
			expansion += k.Count
		}
	}
	notes := []string{
		fmt.Sprintf("%d cards, %d gems (%d colours of %d) and a player aid.", total, len(gems.Pieces), c.MaxPlayers, c.Gems),
	}
	if expansion > 0 {
		notes = append(notes, fmt.Sprintf("The %d cards marked EXP are expansion cards: leave them out of the two-player duel.", expansion))
	}
	return layouts.Kit{
		Title: "Of Knights and Ninjas",
		Notes: notes,
		Sections: []layouts.Section{
			// The aid comes first: one free page after the cover puts the
			// first card front on the front of a sheet with no blank page.
			{Title: "Player aid", Pages: []layouts.Page{AidPage(c)}, Note: "one copy per player, or one for the table"},
			{Title: "Cards", Set: &cards, Note: "print with the backs; the white border forgives a little drift"},
			{Title: "Gems", Set: &gems, Note: "single-sided; one colour per player"},
		},
	}, nil
}

func (c KitContent) validate() error {
	switch {
	case len(c.Cards) == 0:
		return errors.New("knights kit: no cards")
	case c.MaxPlayers < 1 || c.MaxPlayers > len(gemColours()):
		return fmt.Errorf("knights kit: %d players, but there are gems for 1 to %d", c.MaxPlayers, len(gemColours()))
	case c.Gems < 1:
		return fmt.Errorf("knights kit: %d gems per player", c.Gems)
	}
	for _, k := range c.Cards {
		if k.Count < 0 {
			return fmt.Errorf("knights kit: %s: count %d is negative", k.Name, k.Count)
		}
	}
	return nil
}
