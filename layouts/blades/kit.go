package blades

import (
	"fmt"
	"math"

	"github.com/ninjakit/ninjakit/layouts"
)

// KitCard is one kind of Special Attack card as the kit prints it.
type KitCard struct {
	Kind, Name, Text string
	Price, Count     int
}

// KitBoard is the House or the Temple: the Temple is the House with the
// extension on its Buddha side.
type KitBoard struct {
	Name, Place string
	Cols, Rows  int
	Buddha      string // "" (the House), "left" or "right"
	// FourPlayerCols is how many columns nearest the Buddha the 4-player
	// game uses (the Temple's 12); 0 marks no columns to leave empty.
	FourPlayerCols int
}

// KitContent is what the Flying Blades print-and-play kit is made from.
type KitContent struct {
	Dojos           []Dojo    // all five, with Pattern set
	Cards           []KitCard // in data-file order
	KeepLimit       int
	House, Temple   KitBoard // Temple.Cols - House.Cols is the extension width
	CountersPerDojo int
}

// Kit is the whole print-and-play kit: the boards, the counters, the
// Special Attack cards and the player aid, in that order.
func Kit(c KitContent, paper layouts.Paper, card layouts.Size) (layouts.Kit, error) {
	if err := card.Validate(); err != nil {
		return layouts.Kit{}, err
	}
	if len(c.Dojos) == 0 || c.CountersPerDojo < 1 || len(c.Cards) == 0 {
		return layouts.Kit{}, fmt.Errorf("flying blades kit: needs dojos, counters and cards")
	}
	boards, err := BoardPages(c, layouts.FreeArea(paper))
	if err != nil {
		return layouts.Kit{}, err
	}
	counters, cards := CounterSet(c), CardSet(c, card)
	return layouts.Kit{
		Title: "Flying Blades",
		Notes: []string{
			fmt.Sprintf("2 or 3 players: %s alone. 4 or 5 players: %s, the House with the extension butted to it.", c.House.Name, c.Temple.Name),
			"The counters print in colour and with a pattern and letter each, so a black-and-white printer will do.",
		},
		Sections: []layouts.Section{
			{Title: "Boards", Pages: boards, Note: "print at 100 %, cut the House and the extension along their joining edges and butt them together"},
			{Title: counters.Title, Set: &counters, Note: "print single-sided on card stock, cut round the circles"},
			{Title: cards.Title, Set: &cards, Note: "cut along the outer line; the back is the same whichever way the sheet flips"},
			{Title: "Player aid", Pages: []layouts.Page{AidPage(c)}, Note: "one per player"},
		},
	}, nil
}

// CounterSet is CountersPerDojo ninjas of each dojo, round and single-sided.
func CounterSet(c KitContent) layouts.Set {
	s := layouts.Set{Title: "Ninja counters", Size: layouts.SizeCounter, FullBleed: true}
	for _, d := range c.Dojos {
		s.Add(d.Name+" ninja", counterFront(d), c.CountersPerDojo)
	}
	return s
}

// counterFront fills the bleed circle with the dojo colour, so a cut that
// wanders shows no white, and draws the sheet's disc inside the trim.
func counterFront(d Dojo) layouts.Drawer {
	return func(pdf layouts.Canvas, trim, bleed layouts.Rect) {
		c := trim.Center()
		pdf.SetLineCapStyle("butt")
		pdf.SetDashPattern(nil, 0)
		layouts.FillColour(pdf, d.RGB)
		pdf.Circle(c.X, c.Y, math.Min(bleed.W, bleed.H)/2, "F")
		drawNinja(pdf, c, counterDiscR(trim), d)
	}
}

// counterDiscR leaves a ring of plain colour inside the cut, the room a
// scissor cut wanders by.
func counterDiscR(trim layouts.Rect) float64 { return math.Min(trim.W, trim.H) / 2 * 0.82 }
