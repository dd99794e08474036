// Package scorpion turns Scorpion Clan data into what its printed pieces
// show: the map for the pads and the board, and the kit's cards and tokens.
package scorpion

import (
	"github.com/ninjakit/ninjakit/data"
	scorpionpdf "github.com/ninjakit/ninjakit/layouts/scorpion"
)

// MapContent is the data file's map as the printer draws it.
func MapContent(d *data.Scorpion) scorpionpdf.Map {
	m := scorpionpdf.Map{Width: d.Map.Width, Height: d.Map.Height, Walls: d.Map.Walls}
	for _, z := range d.Map.Zones {
		m.Zones = append(m.Zones, scorpionpdf.Zone{ID: z.ID, Region: z.Region, Cells: z.Cells, Post: z.Post, Barracks: z.Barracks})
	}
	for _, t := range d.Map.Track {
		m.Track = append(m.Track, scorpionpdf.Step{Zone: t.Zone, Next: t.Next})
	}
	return m
}

// KitContent is what the print-and-play kit prints for a data file: every
// card in its count, the missions, the setup's numbers and the map. Rope
// and drunk-guard tokens match the Rope and Potent Sake cards that place
// them (ruling P-15).
func KitContent(d *data.Scorpion) scorpionpdf.KitContent {
	st := d.Setup
	c := scorpionpdf.KitContent{
		Ninja:   kitCards(d.Ninja),
		Traitor: kitCards(d.Traitor),
		Guards:  kitCards(d.Guards),
		Map:     MapContent(d),
		Setup: scorpionpdf.KitSetup{
			NinjaPicks: st.NinjaPicks, TraitorPicks: st.TraitorPicks, GuardHand: st.GuardHand, GuardDeck: st.GuardDeck,
			TwoGuardsHalf: st.TwoGuards.Half, TwoGuardsHand: st.TwoGuards.Hand,
			Sentries: st.Sentries, Patrols: st.Patrols, PatrolSize: st.PatrolSize,
			SleepingGuards: st.SleepingGuards, SleepingPerBarracks: st.SleepingPerBarracks,
			Objectives: st.Objectives, Traps: st.Traps, HiddenSentries: st.HiddenSentries,
			GuardCap: st.GuardCap, Turns: st.Turns,
			NinjaWounds: st.Wounds.Ninja, TraitorWounds: st.Wounds.Traitor,
			DecoyBefore: st.Decoy.BeforeTurn, DecoyNinja: st.Decoy.NinjaCards, DecoyTraitor: st.Decoy.TraitorCards,
			DecoyGuardCards: st.Decoy.GuardCardsBack, DecoySleeping: st.Decoy.SleepingGuards,
		},
	}
	for _, m := range d.Missions {
		c.Missions = append(c.Missions, scorpionpdf.KitMission{Letter: m.Letter, Text: m.Text})
	}
	for _, a := range st.AlertLevels {
		c.Alert = append(c.Alert, scorpionpdf.KitAlert{Name: a.Name, Draw: a.Draw})
	}
	for _, k := range append(append([]data.ScorpionCard(nil), d.Ninja...), d.Traitor...) {
		switch k.Name {
		case "Rope":
			c.Ropes += k.Count
		case "Potent Sake":
			c.DrunkGuards += k.Count
		}
	}
	return c
}

func kitCards(cards []data.ScorpionCard) []scorpionpdf.KitCard {
	out := make([]scorpionpdf.KitCard, 0, len(cards))
	for _, k := range cards {
		out = append(out, scorpionpdf.KitCard{Side: k.Kind, Name: k.Name, Text: k.Text, Count: k.Count, Alert: k.Alert})
	}
	return out
}
