package layouts

// Drawer draws one face of a piece upright: trim is the cut outline, bleed
// the same box grown by the set's bleed, for art that runs to the edge.
// The card-sheet engine rotates, scales and clips around the call, so a
// drawer never needs to know where on the sheet its piece is; it sets every
// colour, font and line width it uses.
type Drawer func(pdf Canvas, trim, bleed Rect)

// Piece is one thing to cut out: a card, a token or a counter.
type Piece struct {
	// Name groups pieces on the cover ("Peasant" x 24) and for --only.
	Name  string
	Front Drawer
}

// Set is a run of pieces of one size printed on card sheets.
type Set struct {
	Title  string // "Special Attack cards"
	Size   Size
	Pieces []Piece // in print order
	// Back is drawn behind every piece; nil means the set is single-sided
	// and gets no back pages whatever the backs mode.
	Back Drawer
	// FullBleed says the art runs to the cut, so the set gets DefaultBleed
	// unless the user chose a bleed.
	FullBleed bool
}

// Add appends n copies of one piece, all drawn by front.
func (s *Set) Add(name string, front Drawer, n int) {
	for range n {
		s.Pieces = append(s.Pieces, Piece{Name: name, Front: front})
	}
}

// Page is a page drawn freely in area (a board, a player aid).
type Page struct {
	Title string
	Draw  func(pdf Canvas, area Rect)
}

// Section is one part of a kit: either card sheets (Set) or free pages.
type Section struct {
	Title string
	Set   *Set
	Pages []Page
	// Note is one line for the cover about this part ("print single-sided,
	// cut along the outer line").
	Note string
}

// Kit is a game's whole print-and-play kit; RenderKit prints it behind a
// cover page that lists the sections, the counts and how to print them.
type Kit struct {
	Title    string   // "Of Knights and Ninjas"
	Notes    []string // game-specific lines for the cover
	Sections []Section
}

// CheckKit is the check every game's Kit makes before it lays anything out:
// the game's own content first, then the card size, then the paper.
func CheckKit(content func() error, paper Paper, card Size) error {
	if err := content(); err != nil {
		return err
	}
	if err := card.Validate(); err != nil {
		return err
	}
	return paper.Validate()
}
