package layouts

import "github.com/jung-kurt/gofpdf"

// Canvas is what every drawer draws on, in millimetres with y growing down:
// a *gofpdf.Fpdf for print, an *SVG for the phone. Drawers never ask which.
//
// The methods are the part of gofpdf's vocabulary the kits use, with
// gofpdf's names and meanings, so the PDF backend is the *gofpdf.Fpdf
// itself: a ported drawer writes the very bytes it wrote before, and code
// that still holds a *gofpdf.Fpdf calls the shared helpers unchanged.
//
// Styles are gofpdf's: "D" strokes, "F" fills, "FD" (or "DF") does both.
// Angles are degrees counter-clockwise as seen on the page. Colours are
// 0-255 RGB. TransformBegin/TransformEnd and each Clip*/ClipEnd pair save
// and restore the graphics state around what is drawn between them.
type Canvas interface {
	SetDrawColor(r, g, b int)
	SetFillColor(r, g, b int)
	SetTextColor(r, g, b int)
	SetLineWidth(w float64)
	SetLineCapStyle(style string)  // "butt", "round" or "square"
	SetLineJoinStyle(style string) // "miter", "round" or "bevel"
	SetDashPattern(dashes []float64, phase float64)
	// SetAlpha makes what follows translucent; the kits only use the
	// "Normal" blend mode.
	SetAlpha(alpha float64, blendMode string)

	// A path: moves, lines and cubic curves, painted by DrawPath.
	MoveTo(x, y float64)
	LineTo(x, y float64)
	CurveBezierCubicTo(cx0, cy0, cx1, cy1, x, y float64)
	ClosePath()
	DrawPath(style string)

	Line(x1, y1, x2, y2 float64)
	Rect(x, y, w, h float64, style string)
	Circle(x, y, r float64, style string)
	Ellipse(x, y, rx, ry, degRotate float64, style string)
	Polygon(points []gofpdf.PointType, style string)
	// Arc is a stretch of the ellipse about (x, y) from degStart to degEnd.
	Arc(x, y, rx, ry, degRotate, degStart, degEnd float64, style string)
	// Curve runs from (x0, y0) to (x1, y1) bending towards (cx, cy): a
	// cubic whose first control point is its start, as gofpdf draws it.
	Curve(x0, y0, cx, cy, x1, y1 float64, style string)

	// Text writes s with its baseline's left end at (x, y) in the current
	// font: FontSans ("" or "B") or FontMono, size in points.
	SetFont(family, style string, pt float64)
	GetFontSize() (pt, mm float64)
	// GetStringWidth is the same on every backend, in millimetres, so a
	// drawer that fits a label fits it everywhere.
	GetStringWidth(s string) float64
	Text(x, y float64, s string)

	ClipRect(x, y, w, h float64, outline bool)
	ClipCircle(x, y, r float64, outline bool)
	ClipEnd()

	TransformBegin()
	TransformTranslate(tx, ty float64)
	TransformRotate(deg, x, y float64)
	// TransformScale scales by sx and sy percent about (x, y).
	TransformScale(sx, sy, x, y float64)
	TransformEnd()

	// SetErrorf records a failure the kit reports once it is drawn (gofpdf
	// keeps the first error; so does the SVG).
	SetErrorf(format string, args ...any)
}

// The PDF backend is gofpdf itself.
var _ Canvas = (*gofpdf.Fpdf)(nil)
