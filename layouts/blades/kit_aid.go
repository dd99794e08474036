package blades

import (
	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// AidPage is the player aid: the turn in short and every card.
func AidPage(c KitContent) layouts.Page {
	return layouts.Page{Title: "Player aid", Draw: func(pdf *gofpdf.Fpdf, area layouts.Rect) {}}
}
