package layouts

import (
	"fmt"
	"strconv"
	"strings"
)

// Size is the cut size of one printed piece in millimetres, upright.
type Size struct {
	Name string
	W, H float64
	// Round pieces (counters) are cut along the circle inscribed in W x H;
	// their sheet, marks and guides are laid out by that square.
	Round bool
}

// The sizes ninjakit knows by name. Card sizes are the usual sleeve sizes;
// a counter fits a Flying Blades cell with room to pick it up.
var (
	SizePoker   = Size{Name: "poker", W: 63, H: 88}
	SizeBridge  = Size{Name: "bridge", W: 57, H: 89}
	SizeMini    = Size{Name: "mini", W: 44, H: 63}
	SizeToken   = Size{Name: "token", W: 20, H: 20}
	SizeCounter = Size{Name: "counter", W: 18, H: 18, Round: true}
)

// CardSizes are the names --card-size accepts besides WxH in millimetres.
var CardSizes = []Size{SizePoker, SizeBridge, SizeMini}

// ParseCardSize reads --card-size: a name from CardSizes or "WxH" in
// millimetres ("70x120").
func ParseCardSize(s string) (Size, error) {
	in := strings.ToLower(strings.TrimSpace(s))
	for _, c := range CardSizes {
		if in == c.Name {
			return c, nil
		}
	}
	w, h, ok := strings.Cut(in, "x")
	if ok {
		fw, err1 := strconv.ParseFloat(strings.TrimSpace(w), 64)
		fh, err2 := strconv.ParseFloat(strings.TrimSpace(h), 64)
		if err1 == nil && err2 == nil {
			size := Size{Name: fmt.Sprintf("%gx%g", fw, fh), W: fw, H: fh}
			return size, size.Validate()
		}
	}
	return Size{}, fmt.Errorf("card size %q: choose poker (63x88), bridge (57x89), mini (44x63) or WxH in mm", s)
}

// Validate refuses sizes that cannot be cut from a sheet of paper.
func (s Size) Validate() error {
	if !(s.W >= 10 && s.H >= 10 && s.W <= 200 && s.H <= 270) {
		return fmt.Errorf("card size %q: %g x %g mm must be between 10 x 10 and 200 x 270", s.Name, s.W, s.H)
	}
	return nil
}

// String is the size as a cover page prints it: "poker 63 x 88 mm".
func (s Size) String() string {
	if s.Round {
		return fmt.Sprintf("%s, %g mm across", s.Name, s.W)
	}
	return fmt.Sprintf("%s %g x %g mm", s.Name, s.W, s.H)
}
