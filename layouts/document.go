package layouts

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// Font families registered in every document. Sans has "" and "B" styles.
const (
	FontSans = "Go"
	FontMono = "GoMono"
)

// docDate is stamped into every PDF so identical input gives identical bytes.
var docDate = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// NewDocument starts a portrait document in millimetres with the Go fonts
// embedded from bytes (UTF-8, so "Bōdogēmu" prints), no automatic page breaks
// (every layout here places things absolutely) and fixed metadata for
// byte-stable output. Errors are sticky in gofpdf; WriteDocument reports them.
func NewDocument(p Paper, title string) *gofpdf.Fpdf {
	pdf := gofpdf.NewCustom(&gofpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "mm",
		Size:           gofpdf.SizeType{Wd: p.W, Ht: p.H},
	})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCellMargin(0)
	pdf.SetCreationDate(docDate)
	pdf.SetModificationDate(docDate)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetCreator("ninjakit", true)
	pdf.SetProducer("ninjakit", true)
	if title != "" {
		pdf.SetTitle(SafeText(title), true)
	}
	// gofpdf v1.16.2 writes into the font bytes it is given while subsetting
	// (getMetrics appends to a slice of the font), which would corrupt the
	// shared gofont slices and make output depend on earlier renders.
	pdf.AddUTF8FontFromBytes(FontSans, "", bytes.Clone(goregular.TTF))
	pdf.AddUTF8FontFromBytes(FontSans, "B", bytes.Clone(gobold.TTF))
	pdf.AddUTF8FontFromBytes(FontMono, "", bytes.Clone(gomono.TTF))
	return pdf
}

// WriteDocument checks the sticky error once, then writes the PDF.
func WriteDocument(pdf *gofpdf.Fpdf, w io.Writer) error {
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return nil
}

// coverage reports which runes all three embedded fonts can draw.
var coverage = sync.OnceValue(func() func(rune) bool {
	var fonts []*sfnt.Font
	for _, b := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
		f, err := sfnt.Parse(b)
		if err != nil {
			// Cannot happen with the vendored fonts; fall back to ASCII.
			return func(r rune) bool { return r < 0x7f }
		}
		fonts = append(fonts, f)
	}
	var mu sync.Mutex
	var buf sfnt.Buffer
	cache := map[rune]bool{}
	return func(r rune) bool {
		mu.Lock()
		defer mu.Unlock()
		if ok, seen := cache[r]; seen {
			return ok
		}
		ok := true
		for _, f := range fonts {
			if gi, err := f.GlyphIndex(&buf, r); err != nil || gi == 0 {
				ok = false
				break
			}
		}
		cache[r] = ok
		return ok
	}
})

// SafeText makes s printable with the embedded fonts: control characters
// become spaces and runes without a glyph become '?'. gofpdf indexes a
// 65536-entry width table by rune and would panic on anything beyond it.
func SafeText(s string) string {
	has := coverage()
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ':
			return r
		case r < ' ' || r == 0x7f:
			return ' '
		case r > 0xffff || !has(r):
			return '?'
		}
		return r
	}, s)
}
