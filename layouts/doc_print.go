package layouts

import (
	"fmt"
	"io"

	"github.com/jung-kurt/gofpdf"
)

// PageRole says what a page of a print-and-play document is for.
type PageRole int

const (
	RoleCover PageRole = iota
	RoleFree           // a board, a player aid, a calibration page
	RoleFront          // card sheet, the side with the faces
	RoleBack           // card sheet, the side with the backs
)

// PageInfo describes one page of a Doc, for the cover and for tests.
type PageInfo struct {
	Role    PageRole
	Section string
	// Number is the page's 1-based number in the document.
	Number int
	// Pair is the number of the page on the other side of the sheet (a
	// front's back page or a back's front page), 0 when there is none.
	Pair int
}

// Doc is a print-and-play document: every page begins with the printer
// corrections of Print applied, so what is drawn is in true millimetres.
type Doc struct {
	PDF   *gofpdf.Fpdf
	Print Print
	Pages []PageInfo
	open  bool
}

// NewDoc starts an empty document on p.Paper.
func NewDoc(title string, p Print) (*Doc, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Doc{PDF: NewDocument(p.Paper, title), Print: p}, nil
}

// BeginPage adds a page and opens the transform that applies Scale about
// the page centre, then (on a back page) BackOffset. It returns the page's
// number. Every BeginPage needs its EndPage.
func (d *Doc) BeginPage(role PageRole, section string) int {
	if d.open {
		d.EndPage()
	}
	d.PDF.AddPage()
	n := len(d.Pages) + 1
	d.Pages = append(d.Pages, PageInfo{Role: role, Section: section, Number: n})
	d.PDF.TransformBegin()
	if role == RoleBack && d.Print.BackOffset != (Point{}) {
		d.PDF.TransformTranslate(d.Print.BackOffset.X, d.Print.BackOffset.Y)
	}
	if s := d.Print.Scale; s != (Point{X: 1, Y: 1}) && s != (Point{}) {
		d.PDF.TransformScale(s.X*100, s.Y*100, d.Print.Paper.W/2, d.Print.Paper.H/2)
	}
	d.open = true
	return n
}

// EndPage closes the page's transform.
func (d *Doc) EndPage() {
	if d.open {
		d.PDF.TransformEnd()
		d.open = false
	}
}

// Pair records that pages a and b are the two sides of one sheet.
func (d *Doc) Pair(a, b int) {
	d.Pages[a-1].Pair = b
	d.Pages[b-1].Pair = a
}

// Write closes the last page and writes the PDF.
func (d *Doc) Write(w io.Writer) error {
	d.EndPage()
	if len(d.Pages) == 0 {
		return fmt.Errorf("pdf: nothing to print")
	}
	return WriteDocument(d.PDF, w)
}
