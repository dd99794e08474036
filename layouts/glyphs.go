package layouts

import (
	"fmt"
	"strings"
	"sync"

	"github.com/jung-kurt/gofpdf"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

const (
	// pdfK is gofpdf's points per millimetre, in its own arithmetic, so the
	// SVG's widths are the PDF's to the last bit.
	pdfK = 72.0 / 25.4
	// unitsPerEm is the Go fonts' design grid.
	unitsPerEm = 2048
)

// fontKey is one of the embedded fonts: 'R' Go, 'B' Go Bold, 'M' Go Mono.
type fontKey byte

func fontKeyOf(family, style string) (fontKey, error) {
	switch {
	case strings.EqualFold(family, FontSans) && style == "":
		return 'R', nil
	case strings.EqualFold(family, FontSans) && strings.EqualFold(style, "B"):
		return 'B', nil
	case strings.EqualFold(family, FontMono) && style == "":
		return 'M', nil
	}
	return 0, fmt.Errorf("svg: undefined font %s %q", family, style)
}

func (k fontKey) pdfFont() (family, style string) {
	switch k {
	case 'B':
		return FontSans, "B"
	case 'M':
		return FontMono, ""
	}
	return FontSans, ""
}

// fontTable measures and outlines glyphs for every SVG. Widths come from a
// gofpdf document with the same fonts, in gofpdf's thousandths of an em, so
// measuring on either backend gives the same number.
type fontTable struct {
	mu      sync.Mutex
	pdf     *gofpdf.Fpdf
	fonts   map[fontKey]*sfnt.Font
	widths  map[fontKey]map[rune]int
	outline map[fontKey]map[rune]string
	buf     sfnt.Buffer
}

var fonts = sync.OnceValue(func() *fontTable {
	t := &fontTable{
		pdf:     NewDocument(Paper{W: 10, H: 10}, ""),
		fonts:   map[fontKey]*sfnt.Font{},
		widths:  map[fontKey]map[rune]int{},
		outline: map[fontKey]map[rune]string{},
	}
	for k, b := range map[fontKey][]byte{'R': goregular.TTF, 'B': gobold.TTF, 'M': gomono.TTF} {
		f, err := sfnt.Parse(b)
		if err != nil {
			panic(fmt.Sprintf("embedded Go font: %v", err)) // the vendored fonts always parse
		}
		t.fonts[k], t.widths[k], t.outline[k] = f, map[rune]int{}, map[rune]string{}
	}
	return t
})

// symbolWidth is s's advance in thousandths of an em, as gofpdf sums it.
func symbolWidth(k fontKey, s string) int {
	t := fonts()
	t.mu.Lock()
	defer t.mu.Unlock()
	w := 0
	for _, r := range s {
		cw, ok := t.widths[k][r]
		if !ok {
			family, style := k.pdfFont()
			t.pdf.SetFont(family, style, 10)
			cw = t.pdf.GetStringSymbolWidth(string(r))
			t.widths[k][r] = cw
		}
		w += cw
	}
	return w
}

// glyph is the id and outline of r's glyph, in font units with y down, or
// no outline for a blank glyph.
func glyph(k fontKey, r rune) (id, outline string) {
	t := fonts()
	t.mu.Lock()
	defer t.mu.Unlock()
	f := t.fonts[k]
	gi, err := f.GlyphIndex(&t.buf, r)
	if err != nil {
		return "", ""
	}
	id = fmt.Sprintf("nkg%c%d", k, gi)
	if d, ok := t.outline[k][r]; ok {
		return id, d
	}
	segs, err := f.LoadGlyph(&t.buf, gi, fixed.I(unitsPerEm), nil)
	if err != nil {
		return "", ""
	}
	// Filling closes every contour, so the outline needs no Z.
	var b strings.Builder
	for _, sg := range segs {
		op, n := "M", 1
		switch sg.Op {
		case sfnt.SegmentOpLineTo:
			op = "L"
		case sfnt.SegmentOpQuadTo:
			op, n = "Q", 2
		case sfnt.SegmentOpCubeTo:
			op, n = "C", 3
		}
		b.WriteString(op)
		for i, p := range sg.Args[:n] {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%d %d", p.X.Round(), p.Y.Round())
		}
	}
	t.outline[k][r] = b.String()
	return id, b.String()
}
