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

// The two sizes ninjakit prints on.
var (
	PaperA4     = Paper{Name: "A4", W: 210, H: 297}
	PaperLetter = Paper{Name: "Letter", W: 215.9, H: 279.4}
)

// ParsePaper reads a paper name as a user types it ("a4", "Letter").
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "a4":
		return PaperA4, nil
	case "letter":
		return PaperLetter, nil
	}
	return Paper{}, fmt.Errorf("paper %q: choose a4 or letter", s)
}

// String returns the name ParsePaper accepts.
func (p Paper) String() string { return strings.ToLower(p.Name) }

func (p Paper) Validate() error {
	if !(p.W > 0 && p.H > 0) || p.W > 2000 || p.H > 2000 {
		return fmt.Errorf("paper %q: size %.1f x %.1f mm is not usable", p.Name, p.W, p.H)
	}
	return nil
}
