package layouts

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"github.com/stretchr/testify/require"
)

func svgString(t *testing.T, s *SVG) string {
	t.Helper()
	var buf bytes.Buffer
	_, err := s.WriteTo(&buf)
	require.NoError(t, err)
	// Whatever is drawn, the result is well-formed XML.
	d := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	for {
		_, err := d.Token()
		if err != nil {
			require.Equal(t, "EOF", err.Error())
			break
		}
	}
	return buf.String()
}

// Drawers fit labels by measuring them, so both backends must measure
// every font and size alike, to the bit.
func TestSVGMeasuresAsThePDF(t *testing.T) {
	pdf := NewDocument(PaperA4, "")
	svg := NewSVG(Rect{W: 10, H: 10})
	for _, font := range [][2]string{{FontSans, ""}, {FontSans, "B"}, {FontMono, ""}} {
		for _, pt := range []float64{5.5, 9, 14.25} {
			for _, s := range []string{"Hornet's Nest", "Bōdogēmu – 4", "WWW iii", "", "?"} {
				pdf.SetFont(font[0], font[1], pt)
				svg.SetFont(font[0], font[1], pt)
				require.Equal(t, pdf.GetStringWidth(s), svg.GetStringWidth(s), "%v %g %q", font, pt, s)
				p1, u1 := pdf.GetFontSize()
				p2, u2 := svg.GetFontSize()
				require.Equal(t, [2]float64{p1, u1}, [2]float64{p2, u2})
			}
		}
	}
	require.NoError(t, svg.Error())
}

// Text becomes glyph outlines defined once and placed at gofpdf's
// advances; a space draws nothing but still moves the pen.
func TestSVGTextIsOutlines(t *testing.T) {
	s := NewSVG(Rect{W: 50, H: 20})
	s.SetFont(FontSans, "B", 10)
	s.SetTextColor(200, 0, 16)
	s.Text(2, 10, "AA A")
	out := svgString(t, s)
	require.Equal(t, 1, strings.Count(out, `<path id="nkgB36"`), "one definition of bold A")
	require.Equal(t, 3, strings.Count(out, `href="#nkgB36"`), "three uses of it")
	require.Contains(t, out, `<g fill="#c80010" transform="translate(2 10) scale(`)
	// Each A sits where gofpdf's advances put it: the third past two As
	// and the space.
	for _, before := range []string{"A", "AA "} {
		require.Contains(t, out, fmt.Sprintf(`<use href="#nkgB36" x="%d"/>`, symbolWidth('B', before)*unitsPerEm/1000))
	}
	require.NotContains(t, out, "<text", "no font is needed on the phone")
	require.Contains(t, out, `viewBox="0 0 50 20" width="50mm" height="20mm"`)
}

// Shapes carry the paint of their gofpdf style, and the stroke settings.
func TestSVGShapesAndPaint(t *testing.T) {
	s := NewSVG(Rect{W: 63, H: 88})
	s.SetFillColor(255, 0, 0)
	s.SetDrawColor(0, 0, 255)
	s.SetLineWidth(0.5)
	s.Rect(1, 2, 3, 4, "F")
	s.Circle(10, 10, 2, "D")
	s.SetLineCapStyle("round")
	s.SetDashPattern([]float64{1, 0.5}, 0.25)
	s.Polygon([]gofpdf.PointType{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}}, "FD")
	s.SetDashPattern(nil, 0)
	s.SetAlpha(0.5, "Normal")
	s.MoveTo(0, 0)
	s.LineTo(5, 0)
	s.CurveBezierCubicTo(6, 0, 7, 1, 7, 2)
	s.ClosePath()
	s.DrawPath("F")
	out := svgString(t, s)
	require.Contains(t, out, `<rect x="1" y="2" width="3" height="4" fill="#ff0000"/>`)
	require.Contains(t, out, `<circle cx="10" cy="10" r="2" fill="none" stroke="#0000ff" stroke-width="0.5"/>`)
	require.Contains(t, out, `<polygon points="0,0 1,0 1,1" fill="#ff0000" stroke="#0000ff" stroke-width="0.5" stroke-linecap="round" stroke-dasharray="1 0.5" stroke-dashoffset="0.25"/>`)
	require.Contains(t, out, `<path d="M0 0l5 0c1 0 2 1 2 2Z" fill="#ff0000" fill-opacity="0.5"/>`, "steps relative to the point before")
}

// Shapes in a row painted alike share one group that carries the paint;
// lines and unfilled paths, solid and opaque, join in one path; a path's
// steps are rounded from rounded points, so they never drift.
func TestSVGRunsShareTheirPaint(t *testing.T) {
	s := NewSVG(Rect{W: 20, H: 20})
	s.SetFillColor(255, 0, 0)
	s.Rect(0, 0, 1, 1, "F")
	s.Rect(2, 0, 1, 1, "F")
	s.Line(0, 0, 10, 10)
	s.Line(1, 0, 10, 10)
	s.SetDashPattern([]float64{1, 1}, 0)
	s.Line(2, 0, 10, 10)
	s.SetDashPattern(nil, 0)
	for range 3 {
		s.MoveTo(0.0004, 0)
		s.LineTo(0.0008, 0)
		s.LineTo(0.0012, 0)
	}
	s.DrawPath("D")
	out := svgString(t, s)
	require.Contains(t, out, `<g fill="#ff0000"><rect x="0" y="0" width="1" height="1"/><rect x="2" y="0" width="1" height="1"/></g>`)
	require.Contains(t, out, `<path d="M0 0l10 10M1 0l9 10" fill="none" stroke="#000000" stroke-width="0.2"/>`)
	require.Contains(t, out, `<path d="M2 0l8 10" fill="none" stroke="#000000" stroke-width="0.2" stroke-dasharray="1 1"/>`, "a dashed line stands alone")
	require.Contains(t, out, `<path d="M0 0l.001 0l0 0m-.001 0`, "0.0008 rounds to 0.001 and 0.0012 to 0.001; a later move is a step too")
}

// A long path drawn again from another point is defined once and placed
// by <use> at each start; one drawn once stays a path.
func TestSVGRepeatedPathsAreShared(t *testing.T) {
	s := NewSVG(Rect{W: 40, H: 40})
	waves := func(x, y float64) {
		for row := range 3 {
			s.MoveTo(x, y+float64(row))
			for range 4 {
				s.CurveBezierCubicTo(s.path.cur[0]+0.667, s.path.cur[1]-0.72, s.path.cur[0]+1.333, s.path.cur[1]+0.72, s.path.cur[0]+2, s.path.cur[1])
			}
		}
		s.DrawPath("D")
	}
	waves(10, 10)
	waves(20, 30)
	s.SetFillColor(0, 0, 255)
	s.MoveTo(1, 1)
	for i := range 12 {
		s.LineTo(2+float64(i)*0.1, 1+float64(i%2))
	}
	s.ClosePath()
	s.DrawPath("F")
	out := svgString(t, s)
	require.Regexp(t, `<defs><path id="nkp[0-9a-f]+" d="M0 0c.667-.72 1.333 .72 2 0c[^"]*m-8 1c`, out)
	require.Equal(t, 1, strings.Count(out, `<path id="nkp`), "one definition")
	require.Regexp(t, `<g fill="none" stroke="#000000" stroke-width="0.2"><use href="#nkp[0-9a-f]+" x="10" y="10"/><use href="#nkp[0-9a-f]+" x="20" y="30"/></g>`, out)
	require.Contains(t, out, `<path d="M1 1l1 0l.1 1`, "drawn once, a path as before")
}

// gofpdf's Curve is a cubic whose first control point is its start, and
// its arcs turn counter-clockwise on the page; the SVG draws the same.
func TestSVGCurveAndArc(t *testing.T) {
	s := NewSVG(Rect{W: 20, H: 20})
	s.Curve(0, 0, 5, 5, 10, 0, "D")
	s.Arc(10, 10, 5, 5, 0, 0, 90, "D")
	out := svgString(t, s)
	require.Contains(t, out, `<path d="M0 0c0 0 5 5 10 0"`)
	// From 3 o'clock (15, 10) up to 12 o'clock (10, 5), in two pieces:
	// 5 left and 5 up in all.
	require.Regexp(t, `<path d="M15 10c[^c]+c[^"]*-3.536-1.464"`, out)
}

// A dashed circle is gofpdf's path, so its dashes start where the printed
// ones do: at 3 o'clock, running counter-clockwise on the page.
func TestSVGDashedCircleIsThePDFPath(t *testing.T) {
	s := NewSVG(Rect{W: 20, H: 20})
	s.SetDashPattern([]float64{0, 1}, 0)
	s.Circle(10, 10, 5, "D")
	out := svgString(t, s)
	require.NotContains(t, out, "<circle")
	require.Contains(t, out, `<path d="M15 10c0-1.745-`, "starts at 3 o'clock and first heads up the page")
	require.Equal(t, 6, strings.Count(out, "c"), "a cubic per 60 degrees")
}

// Transforms and clips nest as groups, and ending one restores the ink
// and lines as PDF's Q does.
func TestSVGStateNestsLikePDF(t *testing.T) {
	s := NewSVG(Rect{W: 20, H: 20})
	s.SetFillColor(1, 2, 3)
	s.ClipRect(0, 0, 10, 10, false)
	s.TransformBegin()
	s.TransformRotate(90, 5, 5)
	s.TransformTranslate(1, 2)
	s.TransformScale(200, 50, 5, 5)
	s.SetFillColor(9, 9, 9)
	s.SetLineWidth(3)
	s.TransformEnd()
	s.ClipEnd()
	s.Rect(0, 0, 1, 1, "FD")
	out := svgString(t, s)
	require.Contains(t, out, `<g transform="rotate(-90 5 5)"><g transform="translate(1 2)"><g transform="translate(5 5) scale(2 0.5) translate(-5 -5)"></g></g></g></g>`)
	require.Contains(t, out, `<rect x="0" y="0" width="1" height="1" fill="#010203" stroke="#000000" stroke-width="0.2"/>`)
	require.Regexp(t, `<clipPath id="nkc[0-9a-f]+"><rect x="0" y="0" width="10" height="10"/></clipPath>`, out)

	// The same clip in another SVG gets the same id, so SVGs inlined in one
	// page never give an id two meanings.
	o := NewSVG(Rect{W: 5, H: 5})
	o.ClipRect(0, 0, 10, 10, false)
	o.ClipEnd()
	id := out[strings.Index(out, "nkc"):][:20]
	require.Contains(t, svgString(t, o), id)
}

// Misuse is reported once, as gofpdf reports it.
func TestSVGErrors(t *testing.T) {
	for name, draw := range map[string]func(*SVG){
		"unended":    func(s *SVG) { s.TransformBegin() },
		"extra end":  func(s *SVG) { s.ClipEnd() },
		"no begin":   func(s *SVG) { s.TransformRotate(10, 0, 0) },
		"font":       func(s *SVG) { s.SetFont("Times", "", 10) },
		"blend":      func(s *SVG) { s.SetAlpha(0.5, "Multiply") },
		"zero scale": func(s *SVG) { s.TransformBegin(); s.TransformScale(0, 100, 0, 0); s.TransformEnd() },
		"set errorf": func(s *SVG) { s.SetErrorf("track: %d", 3) },
	} {
		s := NewSVG(Rect{W: 1, H: 1})
		draw(s)
		_, err := s.WriteTo(&bytes.Buffer{})
		require.Error(t, err, name)
	}
}

// A round piece is cut along its circle on the phone too.
func TestPieceSVGCutsRoundPieces(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, PieceSVG(&buf, func(c Canvas, trim, _ Rect) {
		c.SetFillColor(0, 0, 0)
		c.Rect(trim.X, trim.Y, trim.W, trim.H, "F")
	}, SizeCounter))
	require.Contains(t, buf.String(), `<circle cx="9" cy="9" r="9"/></clipPath>`)
	require.Contains(t, buf.String(), `viewBox="0 0 18 18"`)
}
