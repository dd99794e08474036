package layouts

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jung-kurt/gofpdf"
)

// SVG is the Canvas for the phone: it collects one self-contained <svg>
// element whose viewBox is in millimetres. Text is drawn as glyph outlines
// of the embedded Go fonts (see glyphs.go), so a phone without those fonts
// shows the very letters the printed card has and no request leaves the
// page. Clip paths and glyphs are named by their content, so several SVGs
// inlined in one page may repeat an id but never give it two meanings.
// Shapes in a row with the same paint share one group that carries it, and
// paths are written in relative steps: a board of hatched cells weighs a
// third of what one attribute set per shape would. A path drawn more than
// once (the same steps from another point: a cell's waves, a card's
// pattern) is defined once and placed by <use>.
type SVG struct {
	view  Rect
	body  bytes.Buffer
	defs  map[string]string
	st    svgState
	stack []svgFrame
	path  pathData
	run   paintRun
	err   error
	// shared are the paths that may repeat, each marked in the body by
	// its index between two NULs until WriteTo knows how often it is
	// drawn; drawn counts them by their steps.
	shared    []sharedPath
	drawn     map[string]int
	lastPaint lastPaint
}

// sharedPath is a path of at least minShared bytes of steps: where it
// starts and its steps from there.
type sharedPath struct {
	at    [2]float64
	steps string
}

// minShared is the shortest run of steps worth a definition: below it a
// <use> saves less than it costs.
const minShared = 48

// paintRun is the shapes in a row that share a paint, not yet written.
type paintRun struct {
	paint  string
	shapes []runShape
}

// runShape is one shape of a run: its opening tag, or for a bare stroke
// (a line or unfilled path, solid and opaque) its path data, which joins
// the next bare strokes' in one path: a stroke alone looks the same.
type runShape struct {
	open, d string
}

// out is the body, the pending run of shapes written first.
func (s *SVG) out() *bytes.Buffer {
	var shapes []string
	for i, sh := range s.run.shapes {
		switch {
		case sh.d == "":
			shapes = append(shapes, sh.open)
		case i > 0 && s.run.shapes[i-1].d != "":
			shapes[len(shapes)-1] += sh.d
		default:
			shapes = append(shapes, `<path d="`+sh.d)
		}
		if sh.d != "" && (i+1 == len(s.run.shapes) || s.run.shapes[i+1].d == "") {
			shapes[len(shapes)-1] += `"`
		}
	}
	switch len(shapes) {
	case 0:
	case 1:
		s.body.WriteString(shapes[0] + s.run.paint + "/>")
	default:
		s.body.WriteString("<g" + s.run.paint + ">")
		for _, sh := range shapes {
			s.body.WriteString(sh + "/>")
		}
		s.body.WriteString("</g>")
	}
	s.run = paintRun{}
	return &s.body
}

// bare reports whether a shape painted as style is a bare stroke.
func (s *SVG) bare(style string) bool {
	style = strings.ToUpper(style)
	return !strings.Contains(style, "F") && len(s.st.dashes) == 0 && s.st.alpha == 1
}

// pathData writes path commands in relative steps between points rounded
// as num rounds them, so rounding never adds up along a path. Only the
// first move is absolute: the same drawing from another point has the
// same steps.
type pathData struct {
	b          strings.Builder
	cur, start [2]float64
	first      [2]float64 // the first point
	head       int        // the bytes of the first move
}

func (d *pathData) point(x, y float64) [2]float64 {
	return [2]float64{math.Round(x*1000) / 1000, math.Round(y*1000) / 1000}
}

// nums writes numbers with the fewest separators SVG's grammar allows.
func (d *pathData) nums(vs ...float64) {
	for i, v := range vs {
		n := num(v)
		if strings.HasPrefix(n, "0.") || strings.HasPrefix(n, "-0.") {
			n = strings.Replace(n, "0.", ".", 1)
		}
		if i > 0 && n[0] != '-' {
			d.b.WriteByte(' ')
		}
		d.b.WriteString(n)
	}
}

func (d *pathData) move(x, y float64) {
	p := d.point(x, y)
	if d.b.Len() == 0 {
		d.b.WriteByte('M')
		d.nums(p[0], p[1])
		d.first, d.head = p, d.b.Len()
	} else {
		d.b.WriteByte('m')
		d.nums(p[0]-d.cur[0], p[1]-d.cur[1])
	}
	d.cur, d.start = p, p
}

func (d *pathData) line(x, y float64) {
	p := d.point(x, y)
	d.b.WriteByte('l')
	d.nums(p[0]-d.cur[0], p[1]-d.cur[1])
	d.cur = p
}

func (d *pathData) cubic(x0, y0, x1, y1, x, y float64) {
	a, b, p := d.point(x0, y0), d.point(x1, y1), d.point(x, y)
	d.b.WriteByte('c')
	d.nums(a[0]-d.cur[0], a[1]-d.cur[1], b[0]-d.cur[0], b[1]-d.cur[1], p[0]-d.cur[0], p[1]-d.cur[1])
	d.cur = p
}

func (d *pathData) close() {
	d.b.WriteByte('Z')
	d.cur = d.start
}

// take is the path so far, and starts a new one.
func (d *pathData) take() string {
	out := d.b.String()
	*d = pathData{}
	return out
}

// svgState is what PDF's q and Q save and restore.
type svgState struct {
	draw, fill, text [3]int
	lineWidth        float64
	lineCap, join    string
	dashes           []float64
	phase            float64
	alpha            float64
	font             fontKey
	pt               float64
}

// svgFrame is one TransformBegin or clip: the state to restore and how
// many <g> it opened.
type svgFrame struct {
	saved  svgState
	groups int
}

// NewSVG starts an SVG showing view, with gofpdf's initial state: black
// ink, 0.2 mm lines, butt caps, mitred joins, 12 pt.
func NewSVG(view Rect) *SVG {
	return &SVG{view: view, defs: map[string]string{}, st: svgState{
		lineWidth: 0.2, lineCap: "butt", join: "miter", alpha: 1, pt: 12,
	}}
}

// Error is the first misuse (an unknown font, an unbalanced transform).
func (s *SVG) Error() error { return s.err }

// WriteTo writes the finished <svg> element.
func (s *SVG) WriteTo(w io.Writer) (int64, error) {
	if s.err == nil && len(s.stack) > 0 {
		s.err = errors.New("svg: a transform or clip was never ended")
	}
	if s.err != nil {
		return 0, s.err
	}
	body := s.placeShared(s.out().Bytes())
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%s %s %s %s" width="%smm" height="%smm" stroke-miterlimit="10">`,
		num(s.view.X), num(s.view.Y), num(s.view.W), num(s.view.H), num(s.view.W), num(s.view.H))
	if len(s.defs) > 0 {
		b.WriteString("<defs>")
		for _, id := range slices.Sorted(maps.Keys(s.defs)) {
			b.WriteString(s.defs[id])
		}
		b.WriteString("</defs>")
	}
	b.Write(body)
	b.WriteString("</svg>\n")
	return b.WriteTo(w)
}

// placeShared writes each marked path into body: a path drawn once as
// itself, one drawn more often as a <use> of its one definition, placed
// at its start.
func (s *SVG) placeShared(body []byte) []byte {
	if len(s.shared) == 0 {
		return body
	}
	var out bytes.Buffer
	for {
		i := bytes.IndexByte(body, 0)
		if i < 0 {
			out.Write(body)
			return out.Bytes()
		}
		j := i + 1 + bytes.IndexByte(body[i+1:], 0)
		k, _ := strconv.Atoi(string(body[i+1 : j]))
		out.Write(body[:i])
		body = body[j+1:]
		p := s.shared[k]
		if s.drawn[p.steps] < 2 {
			fmt.Fprintf(&out, `<path d="M%s %s%s"`, num(p.at[0]), num(p.at[1]), p.steps)
			continue
		}
		h := fnv.New64a()
		h.Write([]byte(p.steps))
		id := fmt.Sprintf("nkp%x", h.Sum64())
		s.defs[id] = fmt.Sprintf(`<path id="%s" d="M0 0%s"/>`, id, p.steps)
		fmt.Fprintf(&out, `<use href="#%s"`, id)
		if p.at[0] != 0 {
			fmt.Fprintf(&out, ` x="%s"`, num(p.at[0]))
		}
		if p.at[1] != 0 {
			fmt.Fprintf(&out, ` y="%s"`, num(p.at[1]))
		}
	}
}

func (s *SVG) SetErrorf(format string, args ...any) { s.fail(fmt.Errorf(format, args...)) }

func (s *SVG) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// PieceSVG writes one face of a piece as the phone shows it: the very
// drawing the kit prints, cut out, in an <svg> whose viewBox is the piece's
// trim in millimetres.
func PieceSVG(w io.Writer, draw Drawer, size Size) error {
	s := NewSVG(Rect{W: size.W, H: size.H})
	DrawCut(s, draw, size)
	if _, err := s.WriteTo(w); err != nil {
		return fmt.Errorf("%s piece: %w", size, err)
	}
	return nil
}

func (s *SVG) SetDrawColor(r, g, b int) { s.st.draw = [3]int{r, g, b} }
func (s *SVG) SetFillColor(r, g, b int) { s.st.fill = [3]int{r, g, b} }
func (s *SVG) SetTextColor(r, g, b int) { s.st.text = [3]int{r, g, b} }
func (s *SVG) SetLineWidth(w float64)   { s.st.lineWidth = w }

// SetLineCapStyle and SetLineJoinStyle take gofpdf's names, which are
// SVG's; anything else is the default, as in gofpdf.
func (s *SVG) SetLineCapStyle(style string) {
	s.st.lineCap = oneOf(style, "butt", "round", "square")
}

func (s *SVG) SetLineJoinStyle(style string) {
	s.st.join = oneOf(style, "miter", "round", "bevel")
}

func oneOf(v string, def string, others ...string) string {
	if slices.Contains(others, v) {
		return v
	}
	return def
}

func (s *SVG) SetDashPattern(dashes []float64, phase float64) {
	s.st.dashes, s.st.phase = slices.Clone(dashes), phase
}

func (s *SVG) SetAlpha(alpha float64, blendMode string) {
	if blendMode != "" && blendMode != "Normal" {
		s.fail(fmt.Errorf("svg: blend mode %q", blendMode))
	}
	s.st.alpha = alpha
}

func (s *SVG) MoveTo(x, y float64) { s.path.move(x, y) }
func (s *SVG) LineTo(x, y float64) { s.path.line(x, y) }
func (s *SVG) ClosePath()          { s.path.close() }

func (s *SVG) CurveBezierCubicTo(cx0, cy0, cx1, cy1, x, y float64) {
	s.path.cubic(cx0, cy0, cx1, cy1, x, y)
}

func (s *SVG) DrawPath(style string) {
	at, head := s.path.first, s.path.head
	d := s.path.take()
	if steps := d[head:]; head > 0 && len(steps) >= minShared {
		if s.drawn == nil {
			s.drawn = map[string]int{}
		}
		s.drawn[steps]++
		s.shared = append(s.shared, sharedPath{at: at, steps: steps})
		s.shape(fmt.Sprintf("\x00%d\x00", len(s.shared)-1), style)
		return
	}
	if s.bare(style) {
		s.stroke(d, style)
		return
	}
	s.shape(fmt.Sprintf(`<path d="%s"`, d), style)
}

func (s *SVG) Line(x1, y1, x2, y2 float64) {
	var d pathData
	d.move(x1, y1)
	d.line(x2, y2)
	if s.bare("D") {
		s.stroke(d.take(), "D")
		return
	}
	s.shape(fmt.Sprintf(`<path d="%s"`, d.take()), "D")
}

func (s *SVG) Rect(x, y, w, h float64, style string) {
	s.shape(fmt.Sprintf(`<rect x="%s" y="%s" width="%s" height="%s"`, num(x), num(y), num(w), num(h)), style)
}

// Circle and Ellipse are SVG's own shapes unless dashed: then they are
// gofpdf's path, which starts at 3 o'clock and runs counter-clockwise, so
// the dashes fall where the printed ones do.
func (s *SVG) Circle(x, y, r float64, style string) {
	if len(s.st.dashes) > 0 {
		s.Arc(x, y, r, r, 0, 0, 360, style)
		return
	}
	s.shape(fmt.Sprintf(`<circle cx="%s" cy="%s" r="%s"`, num(x), num(y), num(r)), style)
}

func (s *SVG) Ellipse(x, y, rx, ry, degRotate float64, style string) {
	if len(s.st.dashes) > 0 {
		s.Arc(x, y, rx, ry, degRotate, 0, 360, style)
		return
	}
	s.shape(fmt.Sprintf(`<ellipse cx="%s" cy="%s" rx="%s" ry="%s"%s`, num(x), num(y), num(rx), num(ry), rotation(degRotate, x, y)), style)
}

func (s *SVG) Polygon(points []gofpdf.PointType, style string) {
	var b strings.Builder
	for i, p := range points {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s,%s", num(p.X), num(p.Y))
	}
	s.shape(fmt.Sprintf(`<polygon points="%s"`, b.String()), style)
}

// Arc follows gofpdf's construction, one cubic per 60 degrees and at least
// two, so both backends draw the same curve.
func (s *SVG) Arc(x, y, rx, ry, degRotate, degStart, degEnd float64, style string) {
	segments := max(int(degEnd-degStart)/60, 2)
	t0 := degStart * math.Pi / 180
	dt := (degEnd - degStart) * math.Pi / 180 / float64(segments)
	at := func(t float64) (px, py, dx, dy float64) {
		return x + rx*math.Cos(t), y - ry*math.Sin(t), -rx * math.Sin(t) * dt / 3, -ry * math.Cos(t) * dt / 3
	}
	var d pathData
	px, py, dx, dy := at(t0)
	d.move(px, py)
	for j := 1; j <= segments; j++ {
		qx, qy, ex, ey := at(t0 + float64(j)*dt)
		d.cubic(px+dx, py+dy, qx-ex, qy-ey, qx, qy)
		px, py, dx, dy = qx, qy, ex, ey
	}
	s.shape(fmt.Sprintf(`<path d="%s"%s`, d.take(), rotation(degRotate, x, y)), style)
}

func (s *SVG) Curve(x0, y0, cx, cy, x1, y1 float64, style string) {
	var d pathData
	d.move(x0, y0)
	d.cubic(x0, y0, cx, cy, x1, y1)
	s.shape(fmt.Sprintf(`<path d="%s"`, d.take()), style)
}

// rotation is the transform attribute for a counter-clockwise turn about
// (x, y), or nothing.
func rotation(deg, x, y float64) string {
	if deg == 0 {
		return ""
	}
	return fmt.Sprintf(` transform="rotate(%s %s %s)"`, num(-deg), num(x), num(y))
}

// shape adds the opening tag open, painted as style, to the run of shapes
// painted alike.
func (s *SVG) shape(open, style string) { s.add(runShape{open: open}, style) }

// stroke adds a bare stroke's path data to the run.
func (s *SVG) stroke(d, style string) { s.add(runShape{d: d}, style) }

func (s *SVG) add(sh runShape, style string) {
	if p := s.paint(style); p != s.run.paint {
		s.out()
		s.run.paint = p
	}
	s.run.shapes = append(s.run.shapes, sh)
}

// paint is the fill and stroke attributes of a gofpdf style; shapes in a
// row mostly share theirs, so the last is kept.
func (s *SVG) paint(style string) string {
	if l := &s.lastPaint; l.attrs != "" && l.style == style && l.st.draw == s.st.draw && l.st.fill == s.st.fill &&
		l.st.lineWidth == s.st.lineWidth && l.st.lineCap == s.st.lineCap && l.st.join == s.st.join &&
		slices.Equal(l.st.dashes, s.st.dashes) && l.st.phase == s.st.phase && l.st.alpha == s.st.alpha {
		return l.attrs
	}
	attrs := s.paintOf(style)
	s.lastPaint = lastPaint{style: style, st: s.st, attrs: attrs}
	return attrs
}

// lastPaint is the paint last worked out, and what it was worked out of.
type lastPaint struct {
	style string
	st    svgState
	attrs string
}

func (s *SVG) paintOf(style string) string {
	style = strings.ToUpper(style)
	fill := strings.Contains(style, "F")
	stroke := !fill || strings.Contains(style, "D")
	var b strings.Builder
	if fill {
		fmt.Fprintf(&b, ` fill="%s"`, hexColour(s.st.fill))
		if strings.HasSuffix(style, "*") {
			b.WriteString(` fill-rule="evenodd"`)
		}
		if s.st.alpha < 1 {
			fmt.Fprintf(&b, ` fill-opacity="%s"`, num(s.st.alpha))
		}
	} else {
		b.WriteString(` fill="none"`)
	}
	if !stroke {
		return b.String()
	}
	fmt.Fprintf(&b, ` stroke="%s" stroke-width="%s"`, hexColour(s.st.draw), num(s.st.lineWidth))
	if s.st.lineCap != "butt" {
		fmt.Fprintf(&b, ` stroke-linecap="%s"`, s.st.lineCap)
	}
	if s.st.join != "miter" {
		fmt.Fprintf(&b, ` stroke-linejoin="%s"`, s.st.join)
	}
	if len(s.st.dashes) > 0 {
		ds := make([]string, len(s.st.dashes))
		for i, d := range s.st.dashes {
			ds[i] = num(d)
		}
		fmt.Fprintf(&b, ` stroke-dasharray="%s"`, strings.Join(ds, " "))
		if s.st.phase != 0 {
			fmt.Fprintf(&b, ` stroke-dashoffset="%s"`, num(s.st.phase))
		}
	}
	if s.st.alpha < 1 {
		fmt.Fprintf(&b, ` stroke-opacity="%s"`, num(s.st.alpha))
	}
	return b.String()
}

func (s *SVG) SetFont(family, style string, pt float64) {
	k, err := fontKeyOf(family, style)
	if err != nil {
		s.fail(err)
		return
	}
	s.st.font = k
	if pt != 0 {
		s.st.pt = pt
	}
}

func (s *SVG) GetFontSize() (pt, mm float64) { return s.st.pt, s.st.pt / pdfK }

func (s *SVG) GetStringWidth(str string) float64 {
	if !s.hasFont() {
		return 0
	}
	return float64(symbolWidth(s.st.font, str)) * (s.st.pt / pdfK) / 1000
}

// Text places each glyph at the advance gofpdf gives it (gofpdf does not
// kern), so the SVG's words are exactly as wide as the PDF's.
func (s *SVG) Text(x, y float64, str string) {
	if !s.hasFont() {
		return
	}
	scale := s.st.pt / pdfK / unitsPerEm
	fmt.Fprintf(s.out(), `<g fill="%s"`, hexColour(s.st.text))
	if s.st.alpha < 1 {
		fmt.Fprintf(&s.body, ` fill-opacity="%s"`, num(s.st.alpha))
	}
	fmt.Fprintf(&s.body, ` transform="translate(%s %s) scale(%s)">`, num(x), num(y), strconv.FormatFloat(scale, 'g', 6, 64))
	advance := 0
	for _, r := range str {
		if id, outline := glyph(s.st.font, r); outline != "" {
			s.defs[id] = fmt.Sprintf(`<path id="%s" d="%s"/>`, id, outline)
			fmt.Fprintf(&s.body, `<use href="#%s"`, id)
			if advance != 0 {
				fmt.Fprintf(&s.body, ` x="%d"`, advance*unitsPerEm/1000)
			}
			s.body.WriteString("/>")
		}
		advance += symbolWidth(s.st.font, string(r))
	}
	s.body.WriteString("</g>")
}

// hasFont reports whether a font is set, as gofpdf requires before text.
func (s *SVG) hasFont() bool {
	if s.st.font == 0 {
		s.fail(errors.New("svg: text before SetFont"))
	}
	return s.st.font != 0
}

// ClipRect and ClipCircle clip what follows until ClipEnd; outline also
// strokes the clip's edge, as gofpdf does.
func (s *SVG) ClipRect(x, y, w, h float64, outline bool) {
	shape := fmt.Sprintf(`<rect x="%s" y="%s" width="%s" height="%s"/>`, num(x), num(y), num(w), num(h))
	s.clip(shape, outline, func() { s.Rect(x, y, w, h, "D") })
}

func (s *SVG) ClipCircle(x, y, r float64, outline bool) {
	shape := fmt.Sprintf(`<circle cx="%s" cy="%s" r="%s"/>`, num(x), num(y), num(r))
	s.clip(shape, outline, func() { s.Circle(x, y, r, "D") })
}

func (s *SVG) clip(shape string, outline bool, stroke func()) {
	if outline {
		stroke()
	}
	h := fnv.New64a()
	h.Write([]byte(shape))
	id := fmt.Sprintf("nkc%x", h.Sum64())
	s.defs[id] = fmt.Sprintf(`<clipPath id="%s">%s</clipPath>`, id, shape)
	s.stack = append(s.stack, svgFrame{saved: s.st, groups: 1})
	fmt.Fprintf(s.out(), `<g clip-path="url(#%s)">`, id)
}

func (s *SVG) ClipEnd()        { s.pop() }
func (s *SVG) TransformBegin() { s.stack = append(s.stack, svgFrame{saved: s.st}) }
func (s *SVG) TransformEnd()   { s.pop() }

func (s *SVG) TransformTranslate(tx, ty float64) {
	s.transform(fmt.Sprintf("translate(%s %s)", num(tx), num(ty)))
}

func (s *SVG) TransformRotate(deg, x, y float64) {
	s.transform(fmt.Sprintf("rotate(%s %s %s)", num(-deg), num(x), num(y)))
}

func (s *SVG) TransformScale(sx, sy, x, y float64) {
	if sx == 0 || sy == 0 {
		s.fail(errors.New("svg: scale factor cannot be zero"))
		return
	}
	s.transform(fmt.Sprintf("translate(%s %s) scale(%s %s) translate(%s %s)",
		num(x), num(y), num(sx/100), num(sy/100), num(-x), num(-y)))
}

// transform nests a group in the innermost TransformBegin, which closes it.
func (s *SVG) transform(t string) {
	if len(s.stack) == 0 {
		s.fail(errors.New("svg: transform outside TransformBegin"))
		return
	}
	s.stack[len(s.stack)-1].groups++
	fmt.Fprintf(s.out(), `<g transform="%s">`, t)
}

// pop ends the innermost frame and restores the state it saved, as PDF's Q
// does.
func (s *SVG) pop() {
	if len(s.stack) == 0 {
		s.fail(errors.New("svg: end without a begin"))
		return
	}
	f := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.out().WriteString(strings.Repeat("</g>", f.groups))
	s.st = f.saved
}

// num writes a length to a thousandth of a millimetre, without trailing
// zeros.
func num(v float64) string {
	v = math.Round(v*1000) / 1000
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func hexColour(c [3]int) string {
	const digits = "0123456789abcdef"
	b := []byte{'#', 0, 0, 0, 0, 0, 0}
	for i, v := range c {
		v = clampByte(v)
		b[1+2*i], b[2+2*i] = digits[v>>4], digits[v&15]
	}
	return string(b)
}

func clampByte(v int) int { return min(max(v, 0), 255) }
