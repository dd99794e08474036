// Package knights turns Of Knights and Ninjas data into printable material.
package knights

import (
	"github.com/ninjakit/ninjakit/data"
	knightspdf "github.com/ninjakit/ninjakit/layouts/knights"
)

// KitContent is what the print-and-play kit prints for a data file: every
// card in its count and the gems for the largest table.
func KitContent(d *data.Knights) knightspdf.KitContent {
	c := knightspdf.KitContent{
		MaxPlayers: d.Setup.MaxPlayers,
		Gems:       d.Setup.Gems,
		WinGems:    d.Setup.WinGems,
		DuelGems:   d.Setup.DuelGems,
		Deal:       d.Setup.Deal,
		Draw:       d.Setup.Draw,
	}
	for _, k := range d.Cards {
		c.Cards = append(c.Cards, knightspdf.KitCard{
			Kind: k.Kind, Name: k.Name, Text: k.Text, Count: k.Count,
			Strength: k.Strength, Labels: k.Labels, Expansion: k.Expansion,
		})
	}
	return c
}
