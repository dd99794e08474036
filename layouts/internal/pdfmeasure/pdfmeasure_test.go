package pdfmeasure

import (
	"bytes"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"github.com/stretchr/testify/require"
)

// render draws with gofpdf on an A4 page in mm, compressed as ninjakit
// writes, and measures the result.
func render(t *testing.T, draw func(pdf *gofpdf.Fpdf)) []Page {
	t.Helper()
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(true)
	pdf.AddPage()
	draw(pdf)
	require.NoError(t, pdf.Error())
	var buf bytes.Buffer
	require.NoError(t, pdf.Output(&buf))
	pages, err := Read(buf.Bytes())
	require.NoError(t, err)
	return pages
}

const tol = 0.01

func TestRectAtKnownPosition(t *testing.T) {
	pages := render(t, func(pdf *gofpdf.Fpdf) {
		pdf.SetLineWidth(0.5)
		pdf.Rect(20, 30, 63, 88, "D")
		pdf.Rect(100, 200, 10, 5, "F")
	})
	require.Len(t, pages, 1)
	p := pages[0]
	require.InDelta(t, 210, p.W, tol)
	require.InDelta(t, 297, p.H, tol)
	require.Len(t, p.Rects, 2)
	r := p.Rects[0]
	require.InDelta(t, 20, r.X, tol)
	require.InDelta(t, 30, r.Y, tol)
	require.InDelta(t, 63, r.W, tol)
	require.InDelta(t, 88, r.H, tol)
	require.True(t, r.Stroke)
	require.False(t, r.Filled)
	require.True(t, p.Rects[1].Filled)
	require.False(t, p.Rects[1].Stroke)
	require.Empty(t, p.Segments)
}

func TestLineAndTextAreSeparated(t *testing.T) {
	pages := render(t, func(pdf *gofpdf.Fpdf) {
		pdf.SetFont("Helvetica", "", 10)
		// Operators inside a string must not be read as drawing.
		pdf.Text(10, 10, "1 2 m 3 4 l S (x) \\ re")
		pdf.SetLineWidth(0.3)
		pdf.Line(10, 20, 110, 20)
	})
	segs := pages[0].Segments
	require.Len(t, segs, 1)
	require.InDelta(t, 10, segs[0].X1, tol)
	require.InDelta(t, 20, segs[0].Y1, tol)
	require.InDelta(t, 110, segs[0].X2, tol)
	require.InDelta(t, 100, segs[0].Len(), tol)
	require.InDelta(t, 0.3, segs[0].Width, tol)
}

func TestLineUnderScale(t *testing.T) {
	pages := render(t, func(pdf *gofpdf.Fpdf) {
		pdf.SetLineWidth(0.2)
		pdf.TransformBegin()
		pdf.TransformScale(150, 50, 105, 148.5)
		pdf.Line(55, 148.5, 155, 148.5)
		pdf.Line(105, 98.5, 105, 198.5)
		pdf.TransformEnd()
		pdf.Line(0, 0, 10, 0)
	})
	segs := pages[0].Segments
	require.Len(t, segs, 3)
	require.InDelta(t, 30, segs[0].X1, tol)
	require.InDelta(t, 180, segs[0].X2, tol)
	require.InDelta(t, 148.5, segs[0].Y1, tol)
	require.InDelta(t, 123.5, segs[1].Y1, tol)
	require.InDelta(t, 173.5, segs[1].Y2, tol)
	require.InDelta(t, 10, segs[2].Len(), tol, "Q restores the matrix")
	require.InDelta(t, 0.2, segs[2].Width, tol)
}

func TestLineUnderTranslate(t *testing.T) {
	pages := render(t, func(pdf *gofpdf.Fpdf) {
		pdf.TransformBegin()
		pdf.TransformTranslate(1.5, -2)
		pdf.Line(10, 10, 20, 30)
		pdf.Rect(50, 60, 5, 5, "D")
		pdf.TransformEnd()
	})
	p := pages[0]
	require.Len(t, p.Segments, 1)
	s := p.Segments[0]
	require.InDelta(t, 11.5, s.X1, tol)
	require.InDelta(t, 8, s.Y1, tol)
	require.InDelta(t, 21.5, s.X2, tol)
	require.InDelta(t, 28, s.Y2, tol)
	require.Len(t, p.Rects, 1)
	require.InDelta(t, 51.5, p.Rects[0].X, tol)
	require.InDelta(t, 58, p.Rects[0].Y, tol)
}

func TestRotatedRectBecomesSides(t *testing.T) {
	pages := render(t, func(pdf *gofpdf.Fpdf) {
		pdf.TransformBegin()
		pdf.TransformRotate(90, 50, 50)
		pdf.Rect(50, 50, 20, 10, "D")
		pdf.TransformEnd()
	})
	p := pages[0]
	require.Empty(t, p.Rects)
	require.Len(t, p.Segments, 4)
	require.InDelta(t, 20, p.Segments[0].Len(), tol)
	require.InDelta(t, 10, p.Segments[1].Len(), tol)
}

func TestPagesAndCurves(t *testing.T) {
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(false)
	pdf.AddPage()
	pdf.Circle(50, 50, 10, "D")
	pdf.AddPageFormat("P", gofpdf.SizeType{Wd: 100, Ht: 50})
	pdf.Line(0, 0, 0, 50)
	var buf bytes.Buffer
	require.NoError(t, pdf.Output(&buf))
	pages, err := Read(buf.Bytes())
	require.NoError(t, err)
	require.Len(t, pages, 2)
	for _, s := range pages[0].Segments {
		require.True(t, s.Curve)
	}
	require.NotEmpty(t, pages[0].Segments)
	require.InDelta(t, 100, pages[1].W, tol)
	require.InDelta(t, 50, pages[1].H, tol)
	require.InDelta(t, 50, pages[1].Segments[0].Len(), tol)
}

func TestRejectsBrokenInput(t *testing.T) {
	_, err := Read([]byte("%PDF-1.3\nnothing here"))
	require.Error(t, err)
}

func TestDashIsRecorded(t *testing.T) {
	pages := render(t, func(pdf *gofpdf.Fpdf) {
		pdf.Line(0, 0, 10, 0)
		pdf.TransformBegin()
		pdf.SetDashPattern([]float64{1, 1}, 0)
		pdf.Line(0, 10, 10, 10)
		pdf.TransformEnd()
		pdf.SetDashPattern(nil, 0)
		pdf.Line(0, 20, 10, 20)
	})
	segs := pages[0].Segments
	require.Len(t, segs, 3)
	require.False(t, segs[0].Dashed)
	require.True(t, segs[1].Dashed)
	require.False(t, segs[2].Dashed, "[] 0 d is solid again")
}
