package squad

import (
	"github.com/ninjakit/ninjakit/data"
	squadpdf "github.com/ninjakit/ninjakit/layouts/squad"
)

// KitContent is what the print-and-play kit prints for a data file: every
// Movement card with its routes, every Alarm, Senjutsu and Buki card in its
// count, a Wana trap of each kind for every seat and the tokens.
func KitContent(d *data.Squad) squadpdf.KitContent {
	c := squadpdf.KitContent{
		Alarm:         kitCards(d.Alarm),
		Senjutsu:      kitCards(d.Senjutsu),
		Buki:          kitCards(d.Buki),
		Wana:          kitCards(d.Wana),
		MaxPlayers:    d.Setup.MaxPlayers,
		Fire:          d.Tokens.Fire,
		ThrowingStars: d.Tokens.ThrowingStars,
		Decks:         d.Setup.Decks,
		DeckSize:      d.Setup.DeckSize,
		Rounds:        d.Setup.Rounds,
		PhaseAlarm:    d.Setup.PhaseAlarm,
	}
	for _, m := range d.Movement {
		km := squadpdf.KitMovement{Number: m.Number}
		for _, r := range m.Routes {
			// LoadSquad has parsed every route; Kit refuses an empty one.
			steps, _ := data.ParseRoute(r)
			km.Routes = append(km.Routes, steps)
		}
		c.Movement = append(c.Movement, km)
	}
	for _, t := range d.Setup.Targets {
		c.Targets = append(c.Targets, squadpdf.KitTarget{Players: t.Players, Alarm: t.Alarm, SpeedySeconds: t.SpeedySeconds})
	}
	return c
}

func kitCards(cards []data.SquadCard) []squadpdf.KitCard {
	out := make([]squadpdf.KitCard, 0, len(cards))
	for _, k := range cards {
		out = append(out, squadpdf.KitCard{Kind: k.Kind, Name: k.Name, Range: k.Range, Text: k.Text, Count: k.Count, Alarm: k.Alarm})
	}
	return out
}
