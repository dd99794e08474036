package knights

import "github.com/ninjakit/ninjakit/layouts"

// CardFront is one card's face as the kit prints it, for drawing it
// elsewhere (a phone's hand or board).
func CardFront(k KitCard) layouts.Drawer { return cardFace(k) }

// CardBack is the back every card shares.
func CardBack() layouts.Drawer { return drawBack }

// GemFront is the gem of seat's colour (counting from 0), as printed.
func GemFront(seat int) layouts.Drawer { return gemFace(gemColours()[seat%len(gemColours())]) }
