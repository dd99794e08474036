package scorpion

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/layouts"
)

// KitCard is one kind of action card: Side is ninja, traitor or guard.
type KitCard struct {
	Side, Name, Text string
	Count            int
	// Alert is how far one card moves the alert level, when it says.
	Alert int
}

// KitMission is one mission card.
type KitMission struct{ Letter, Text string }

// KitAlert is one step of the alert track and the cards the guards draw.
type KitAlert struct {
	Name string
	Draw int
}

// KitSetup holds the numbers the tokens, the tracks and the aid print.
type KitSetup struct {
	NinjaPicks, TraitorPicks, GuardHand, GuardDeck int
	TwoGuardsHalf, TwoGuardsHand                   int
	Sentries, Patrols, PatrolSize                  int
	SleepingGuards, SleepingPerBarracks            int
	Objectives, Traps, HiddenSentries              int
	GuardCap, Turns                                int
	NinjaWounds, TraitorWounds                     int
	DecoyBefore, DecoyNinja, DecoyTraitor          int
	DecoyGuardCards, DecoySleeping                 int
}

// KitContent is everything the Scorpion Clan kit prints, in the data
// file's terms. Ropes and DrunkGuards are the rope and drunk-guard tokens
// the cards can put on the board.
type KitContent struct {
	Ninja, Traitor, Guards []KitCard
	Missions               []KitMission
	Alert                  []KitAlert
	Setup                  KitSetup
	Map                    Map
	Ropes, DrunkGuards     int
}

// The decks, as --only names them.
const (
	DeckNinja    = "ninja"
	DeckTraitor  = "traitor"
	DeckGuards   = "guards"
	DeckMissions = "missions"
)

// BoardCell is the printed board's cell: a two-cell zone holds two or
// three 18 mm counters.
const BoardCell = 25.0

// Kit assembles the whole kit: the player aid, the three action decks, the
// missions, the tokens, the tracks and the board over several pages.
func Kit(c KitContent, paper layouts.Paper, card layouts.Size) (layouts.Kit, error) {
	if err := layouts.CheckKit(c.validate, paper, card); err != nil {
		return layouts.Kit{}, err
	}
	area := layouts.FreeArea(paper)
	board, err := BoardPages(c.Map, area)
	if err != nil {
		return layouts.Kit{}, fmt.Errorf("board on %s paper: %w", paper.Name, err)
	}
	if _, err := layoutTracks(area, c); err != nil {
		return layouts.Kit{}, fmt.Errorf("tracks on %s paper: %w", paper.Name, err)
	}
	ninja, traitor, guards := DeckSet(c, DeckNinja, card), DeckSet(c, DeckTraitor, card), DeckSet(c, DeckGuards, card)
	missions := MissionSet(c, card)
	tokens := TokenSet(c)
	return layouts.Kit{
		Title: "Ninja: Legend of the Scorpion Clan",
		Notes: []string{
			fmt.Sprintf("%d ninja, %d traitor and %d guard cards, %d mission cards, %d tokens, the alert and turn tracks, the board and a player aid.",
				len(ninja.Pieces), len(traitor.Pieces), len(guards.Pieces), len(missions.Pieces), len(tokens.Pieces)),
			"Each deck has its own back: ninja black, traitor purple, guards red, missions gold, each with its own pattern for greyscale printers.",
			"The board is ninjakit's own map, not the printed one; private map pads: ninjakit generate scorpion.",
		},
		Sections: []layouts.Section{
			{Title: "Player aid", Pages: []layouts.Page{AidPage(c)}, Note: "one copy per side"},
			{Title: ninja.Title, Set: &ninja, Note: "print with the backs"},
			{Title: traitor.Title, Set: &traitor, Note: "print with the backs"},
			{Title: guards.Title, Set: &guards, Note: "print with the backs"},
			{Title: missions.Title, Set: &missions, Note: "print with the backs; drawn face down"},
			{Title: tokens.Title, Set: &tokens, Note: "single-sided on card stock"},
			{Title: "Alert and turn tracks", Pages: []layouts.Page{TracksPage(c)}, Note: "the alert and turn markers move along them"},
			{Title: "Board", Pages: board, Note: "cut apart the parts that share a page; trim each part along its cut line, glue it over the grey strip of the part before, lining up the marks"},
		},
	}, nil
}

func (c KitContent) validate() error {
	switch {
	case len(c.Ninja) == 0 || len(c.Traitor) == 0 || len(c.Guards) == 0:
		return errors.New("scorpion kit: the ninja, traitor and guard decks need cards")
	case len(c.Alert) == 0:
		return errors.New("scorpion kit: no alert levels")
	case c.Setup.Turns < 1 || c.Setup.Turns > 60:
		return fmt.Errorf("scorpion kit: %d turns: the turn track prints 1 to 60", c.Setup.Turns)
	case len(c.Alert) > 8:
		return fmt.Errorf("scorpion kit: %d alert levels: the track prints at most 8", len(c.Alert))
	}
	for _, n := range []int{c.Ropes, c.DrunkGuards, c.Setup.GuardCap, c.Setup.Traps, c.Setup.HiddenSentries, c.Setup.SleepingGuards, c.Setup.DecoySleeping, c.Setup.Patrols, c.Setup.PatrolSize} {
		if n < 0 || n > 200 {
			return fmt.Errorf("scorpion kit: a token count of %d", n)
		}
	}
	if c.Setup.Patrols*c.Setup.PatrolSize > c.Setup.GuardCap {
		return fmt.Errorf("scorpion kit: %d patrols of %d outnumber the %d guards", c.Setup.Patrols, c.Setup.PatrolSize, c.Setup.GuardCap)
	}
	for _, deck := range [][]KitCard{c.Ninja, c.Traitor, c.Guards} {
		for _, k := range deck {
			if k.Count < 0 || k.Count > 200 {
				return fmt.Errorf("scorpion kit: %s: count %d", k.Name, k.Count)
			}
		}
	}
	return nil
}

// DeckSet is Count copies of every card of one side's deck, with its back;
// an unknown deck is empty.
func DeckSet(c KitContent, deck string, card layouts.Size) layouts.Set {
	cards, title := c.deck(deck)
	set := layouts.Set{Title: title, Size: card, Back: deckBack(deck)}
	for _, k := range cards {
		set.Add(k.Name, CardFace(deck, k), k.Count)
	}
	return set
}

func (c KitContent) deck(deck string) ([]KitCard, string) {
	switch deck {
	case DeckNinja:
		return c.Ninja, "Ninja cards"
	case DeckTraitor:
		return c.Traitor, "Traitor cards"
	case DeckGuards:
		return c.Guards, "Guard cards"
	}
	return nil, "Cards"
}

// MissionSet is one card per mission, with the mission back.
func MissionSet(c KitContent, card layouts.Size) layouts.Set {
	set := layouts.Set{Title: "Mission cards", Size: card, Back: deckBack(DeckMissions)}
	for _, m := range c.Missions {
		set.Add("Mission "+m.Letter, missionFace(m), 1)
	}
	return set
}
