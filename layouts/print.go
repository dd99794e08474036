package layouts

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Backs says how the backs of double-sided pieces are printed.
type Backs int

const (
	// BacksNone prints fronts only.
	BacksNone Backs = iota
	// BacksPages prints every front page first, then every back page, each
	// back page laid out to go behind its front when re-fed or glued.
	BacksPages
	// BacksLong interleaves front and back pages for a duplex printer that
	// flips on the long edge: a back sits at its front's left-right mirror.
	BacksLong
	// BacksShort is the same for flipping on the short edge: a back sits at
	// its front's top-bottom mirror.
	BacksShort
	// BacksFold prints each back beside its front on the same page; the pair
	// is cut out whole and folded along the line between them.
	BacksFold
)

var backsNames = [...]string{"none", "pages", "long", "short", "fold"}

// String returns the name ParseBacks accepts.
func (b Backs) String() string {
	if b < 0 || int(b) >= len(backsNames) {
		return fmt.Sprintf("Backs(%d)", int(b))
	}
	return backsNames[b]
}

// ParseBacks reads --backs.
func ParseBacks(s string) (Backs, error) {
	in := strings.ToLower(strings.TrimSpace(s))
	for i, n := range backsNames {
		if in == n {
			return Backs(i), nil
		}
	}
	return 0, fmt.Errorf("backs %q: choose none, pages, long, short or fold", s)
}

// Duplex reports whether backs go on pages of their own.
func (b Backs) Duplex() bool { return b == BacksPages || b == BacksLong || b == BacksShort }

// Print is everything about a printed kit that is not the game: paper, bleed,
// backs and the corrections a particular printer needs.
type Print struct {
	Paper Paper
	// Bleed is how far art that runs to a piece's edge is extended past the
	// cut, in mm. Negative means the default: DefaultBleed for sets whose art
	// runs to the edge, 0 for the others.
	Bleed float64
	Backs Backs
	// BackOffset moves everything on a back page by X, Y mm (right and down
	// as the back page is seen), to undo a printer's duplex drift.
	BackOffset Point
	// Scale multiplies every distance from the page centre, per axis, to undo
	// a printer that stretches one; {1, 1} prints true to size.
	Scale Point
	// Guides adds thin cut lines along every cut through the card block.
	Guides bool
}

// DefaultBleed is the bleed of pieces whose art runs to the edge.
const DefaultBleed = 3.0

// DefaultPrint is A4, default bleed, no backs, no corrections.
func DefaultPrint() Print {
	return Print{Paper: PaperA4, Bleed: -1, Backs: BacksNone, Scale: Point{X: 1, Y: 1}}
}

// BleedFor is the bleed a set gets: the user's, or the default for its art.
func (p Print) BleedFor(fullBleed bool) float64 {
	switch {
	case p.Bleed >= 0:
		return p.Bleed
	case fullBleed:
		return DefaultBleed
	}
	return 0
}

// Validate refuses options that cannot print.
func (p Print) Validate() error {
	if err := p.Paper.Validate(); err != nil {
		return err
	}
	if p.Bleed > 10 || math.IsNaN(p.Bleed) {
		return fmt.Errorf("bleed %g mm: use 0 to 10 mm", p.Bleed)
	}
	if p.Backs < BacksNone || p.Backs > BacksFold {
		return fmt.Errorf("backs %v: unknown", p.Backs)
	}
	for _, v := range []float64{p.BackOffset.X, p.BackOffset.Y} {
		if !(math.Abs(v) <= 20) {
			return fmt.Errorf("back offset %g mm: a printer drifts by a few mm; use -20 to 20", v)
		}
	}
	if (p.BackOffset != Point{}) && !p.Backs.Duplex() {
		return fmt.Errorf("back offset: only pages, long or short backs print on a back page")
	}
	for _, v := range []float64{p.Scale.X, p.Scale.Y} {
		if !(v >= 0.8 && v <= 1.2) {
			return fmt.Errorf("scale %g: a printer is off by a few per cent; use 0.8 to 1.2", v)
		}
	}
	return nil
}

// ParsePair reads "X,Y" (as --back-offset and --scale take it); one number
// alone means the same on both axes.
func ParsePair(s string) (Point, error) {
	a, b, two := strings.Cut(s, ",")
	x, err := strconv.ParseFloat(strings.TrimSpace(a), 64)
	if err != nil {
		return Point{}, fmt.Errorf("%q: want two numbers as X,Y", s)
	}
	if !two {
		return Point{X: x, Y: x}, nil
	}
	y, err := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err != nil {
		return Point{}, fmt.Errorf("%q: want two numbers as X,Y", s)
	}
	return Point{X: x, Y: y}, nil
}
