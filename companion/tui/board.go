package tui

import "github.com/ninjakit/ninjakit/companion"

// Boarder is a Game that draws its board for phones. A game opts in by
// implementing it; a game that does not keeps the text views. Like every
// view of a Game, a Picture for a viewer holds only what that viewer may
// know.
type Boarder interface {
	Game
	// Picture is the board as viewer v sees it, with what v may tap.
	Picture(v Viewer) (Picture, error)
	// LastActor is the seat whose action is last in the log: only it may
	// take that action back, and only where undo may.
	LastActor() (Viewer, bool)
	// Undone tells v what taking back e did; the game has been refreshed
	// to the log without e.
	Undone(v Viewer, e companion.Event) string
}

// Picture is one drawing of the board and the moves on it as taps.
type Picture struct {
	// SVG is one <svg> element, its viewBox in millimetres.
	SVG string `json:"svg"`
	// Base, when drawn, is the part of the board no action changes (a
	// castle's map) as an <svg> of the same viewBox, shown under SVG: it
	// is sent to a phone once, not with every screen.
	Base string `json:"base,omitempty"`
	// Spots are the places on the board a move may name, in the SVG's
	// viewBox units.
	Spots []Spot `json:"spots"`
	// Hand is the viewer's own cards, one entry per kind.
	Hand []Card `json:"hand,omitempty"`
	// Moves are every move the viewer may make now, as taps.
	Moves []Move `json:"moves,omitempty"`
	// Keeps are the choices of cards to keep, when the viewer chooses.
	Keeps []Keep `json:"keeps,omitempty"`
	Limit int    `json:"limit,omitempty"` // the most the kept cards may cost
	// Orders and Choose are the controls of a game that orders every
	// piece at once or has a viewer pick squares.
	Orders *Orders `json:"orders,omitempty"`
	Choose *Choose `json:"choose,omitempty"`
	// Notes are public facts told under the board.
	Notes []string `json:"notes,omitempty"`
	Turn  string   `json:"turn"`           // whose turn, in words
	Last  string   `json:"last,omitempty"` // the last action, in words
	// Countdown is a clock told in one of Notes that a page runs on
	// itself between views.
	Countdown *Countdown `json:"countdown,omitempty"`
}

// Countdown is a clock told in the note Notes[Note] as its first m:ss,
// running out at Ends (Unix milliseconds, the server's clock).
type Countdown struct {
	Note int   `json:"note"`
	Ends int64 `json:"ends"`
}

// Spot is one tappable place on the board.
type Spot struct {
	ID   string     `json:"id"`
	Name string     `json:"name"`
	Box  [4]float64 `json:"box"` // x, y, width, height
	// Dot is where the mark of a target goes (x, y, radius) when the
	// box's middle shows something to read, such as a card; else the
	// middle.
	Dot [3]float64 `json:"dot,omitzero"`
}

// Card is one kind of card in the viewer's hand, drawn as printed.
type Card struct {
	ID    string `json:"id"` // the word a move or keep names it by
	Name  string `json:"name"`
	Price int    `json:"price"`
	Count int    `json:"count"`
	SVG   string `json:"svg,omitempty"`
	// Face is where SVG is served instead, when a server serves it apart.
	Face string `json:"face,omitempty"`
}

// Move is one legal move as taps: a piece (a spot), optionally a card,
// then a target spot. Text is exactly what Do accepts; Say tells the move
// in table words. A move with no piece is one button (a pass).
type Move struct {
	Piece string `json:"piece,omitempty"`
	Card  string `json:"card,omitempty"`
	To    string `json:"to,omitempty"`
	Text  string `json:"text"`
	Say   string `json:"say"`
}

// Keep is one choice of cards to keep: Cards names each kept card once
// per copy.
type Keep struct {
	Cards []string `json:"cards"`
	Text  string   `json:"text"`
	Say   string   `json:"say"`
}

// Orders is one control per piece, when a turn orders every piece at once
// (What Blind Ninjas): the page sends the choices of every piece, in
// piece order and joined by spaces, as one command.
type Orders struct {
	Pieces []Piece `json:"pieces"`
	// Clashes are the sets of pieces that may not all move in one turn,
	// each with why; orders that move exactly such a set are refused.
	Clashes []Clash `json:"clashes,omitempty"`
}

// Piece is one piece to order and what it may be told.
type Piece struct {
	ID      string  `json:"id"`
	Who     string  `json:"who"`  // its name in an order: "ninja 2"
	Name    string  `json:"name"` // what it is now: "Ninja 2 on B1 facing north"
	Spot    string  `json:"spot"` // where it stands: a tap there finds its orders
	Options []Order `json:"options"`
}

// Order is one order for one piece: Text in the command, Say in words
// after the piece's Who.
type Order struct {
	Text  string `json:"text"`
	Say   string `json:"say"`
	Label string `json:"label"` // the button's few words
	Moves bool   `json:"moves,omitempty"`
}

// Clash is a set of pieces whose moves together are refused.
type Clash struct {
	Pieces []string `json:"pieces"`
	Why    string   `json:"why"`
}

// Choose is a choice of Count distinct spots among Spots, sent as Text
// followed by the spots' IDs in lower case.
type Choose struct {
	Count int      `json:"count"`
	Spots []string `json:"spots"`
	Text  string   `json:"text"`
	Say   string   `json:"say"`
}
