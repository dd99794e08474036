package blades

import (
	"github.com/ninjakit/ninjakit/data"
	bladespdf "github.com/ninjakit/ninjakit/layouts/blades"
)

// KitContent is what the print-and-play kit prints for a data file: every
// dojo's counters (one spare beyond the ninjas a game places, as the rulebook
// asks for at least 28), both boards and the whole Special Attack deck.
func KitContent(d *data.Blades) bladespdf.KitContent {
	c := bladespdf.KitContent{
		KeepLimit:       d.Deck.KeepLimit,
		CountersPerDojo: d.NinjasPerDojo + 1,
		House:           kitBoard(d.House),
		Temple:          kitBoard(d.Temple),
	}
	for i, dj := range d.Dojos {
		c.Dojos = append(c.Dojos, bladespdf.Dojo{Letter: dj.Letter[0], Name: dj.Name, RGB: dj.RGB, Pattern: i % bladespdf.Patterns})
	}
	for _, k := range d.Deck.Cards {
		c.Cards = append(c.Cards, bladespdf.KitCard{Kind: k.Kind, Name: k.Name, Text: k.Text, Price: k.Price, Count: k.Count})
	}
	return c
}

func kitBoard(b data.BladesBoard) bladespdf.KitBoard {
	return bladespdf.KitBoard{Name: b.Name, Place: b.Place, Cols: b.Columns, Rows: b.Rows, Buddha: b.Buddha, FourPlayerCols: b.FourPlayerColumns}
}
