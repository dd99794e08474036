package layouts

import (
	"fmt"
	"strings"
)

// Paper is a sheet size in millimetres, portrait (W < H).
type Paper struct {
	Name string
	W, H float64
}

// The sizes ninjakit prints on. PaperAny is the overlap of A4 and Letter
// (A4's width, Letter's height): a file laid out on it prints at 100 % on
// either paper without losing anything.
var (
	PaperA4     = Paper{Name: "A4", W: 210, H: 297}
	PaperLetter = Paper{Name: "Letter", W: 215.9, H: 279.4}
	PaperAny    = Paper{Name: "any", W: 210, H: 279.4}
)

// PrintMargin is how close to a paper edge anything is drawn: home printers
// leave 3 to 4.2 mm unprinted.
const PrintMargin = 5.0

// ParsePaper reads a paper name as a user types it ("a4", "Letter", "any").
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "a4":
		return PaperA4, nil
	case "letter":
		return PaperLetter, nil
	case "any":
		return PaperAny, nil
	}
	return Paper{}, fmt.Errorf("paper %q: choose a4, letter or any", s)
}

// String returns the name ParsePaper accepts.
func (p Paper) String() string { return strings.ToLower(p.Name) }

// Printable is the part of the sheet a home printer reaches.
func (p Paper) Printable() Rect {
	return Rect{X: PrintMargin, Y: PrintMargin, W: p.W - 2*PrintMargin, H: p.H - 2*PrintMargin}
}

// Validate refuses sizes no printer takes.
func (p Paper) Validate() error {
	if !(p.W > 0 && p.H > 0) || p.W > 2000 || p.H > 2000 {
		return fmt.Errorf("paper %q: size %.1f x %.1f mm is not usable", p.Name, p.W, p.H)
	}
	return nil
}
