package pdfmeasure

import (
	"fmt"
	"math"
	"strconv"
)

// matrix is a PDF transformation [a b c d e f]: x' = a x + c y + e,
// y' = b x + d y + f.
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// then returns the transform that applies m first and n after it, which is
// how cm combines with the current matrix.
func (m matrix) then(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

type pt struct{ x, y float64 }

type gstate struct {
	ctm    matrix
	width  float64
	dashed bool
}

// interp walks a content stream; hPt is the page height in points, used to
// turn PDF's y-up points into y-down millimetres.
type interp struct {
	hPt   float64
	gs    gstate
	stack []gstate
	// The path under construction, already in page millimetres.
	segs    []Segment
	rects   []Rect
	cur     pt
	start   pt
	hasCur  bool
	page    Page
	operand []float64
}

func interpret(data []byte, hPt float64) (Page, error) {
	in := &interp{hPt: hPt, gs: gstate{ctm: identity, width: 1}}
	err := tokens(data, func(tok []byte, number bool) error {
		if number {
			f, err := strconv.ParseFloat(string(tok), 64)
			if err != nil {
				return fmt.Errorf("bad number %q", tok)
			}
			in.operand = append(in.operand, f)
			return nil
		}
		err := in.op(string(tok))
		in.operand = in.operand[:0]
		return err
	})
	if err != nil {
		return Page{}, err
	}
	if len(in.stack) != 0 {
		return Page{}, fmt.Errorf("%d q without Q", len(in.stack))
	}
	return in.page, nil
}

// args returns the last n operands, or an error naming op.
func (in *interp) args(op string, n int) ([]float64, error) {
	if len(in.operand) < n {
		return nil, fmt.Errorf("%s needs %d operands, has %d", op, n, len(in.operand))
	}
	return in.operand[len(in.operand)-n:], nil
}

func (in *interp) toMM(x, y float64) pt {
	dx, dy := in.gs.ctm.apply(x, y)
	return pt{dx * ptToMM, (in.hPt - dy) * ptToMM}
}

func (in *interp) lineTo(p pt, curve bool) {
	in.segs = append(in.segs, Segment{X1: in.cur.x, Y1: in.cur.y, X2: p.x, Y2: p.y, Curve: curve})
	in.cur = p
}

// operandCount is how many numbers each operator read here takes.
var operandCount = map[string]int{"cm": 6, "m": 2, "l": 2, "c": 6, "v": 4, "y": 4, "re": 4, "w": 1}

func (in *interp) op(op string) error {
	a, err := in.args(op, operandCount[op])
	if err != nil {
		return err
	}
	switch op {
	case "q":
		in.stack = append(in.stack, in.gs)
	case "Q":
		if len(in.stack) == 0 {
			return fmt.Errorf("Q without q")
		}
		in.gs = in.stack[len(in.stack)-1]
		in.stack = in.stack[:len(in.stack)-1]
	case "cm":
		in.gs.ctm = matrix{a[0], a[1], a[2], a[3], a[4], a[5]}.then(in.gs.ctm)
	case "w":
		in.gs.width = a[0]
	case "d":
		// The dash array's numbers arrive as operands before the phase; an
		// empty array is a solid line.
		in.gs.dashed = len(in.operand) > 1
	case "m":
		in.cur = in.toMM(a[0], a[1])
		in.start, in.hasCur = in.cur, true
	case "l", "c", "v", "y":
		if !in.hasCur {
			return fmt.Errorf("%s without a current point", op)
		}
		end := a[len(a)-2:]
		in.lineTo(in.toMM(end[0], end[1]), op != "l")
	case "h":
		if in.hasCur && in.cur != in.start {
			in.lineTo(in.start, false)
		}
	case "re":
		in.rect(a[0], a[1], a[2], a[3])
	case "S", "s", "B", "B*", "b", "b*", "f", "F", "f*", "n":
		if op == "s" || op == "b" || op == "b*" {
			in.op("h")
		}
		in.paint(op != "f" && op != "F" && op != "f*" && op != "n", op != "S" && op != "s" && op != "n")
	}
	return nil
}

// rect adds a re subpath: kept as a Rect while the transform keeps axes
// aligned, otherwise as its four sides.
func (in *interp) rect(x, y, w, h float64) {
	m := in.gs.ctm
	p0, p1 := in.toMM(x, y), in.toMM(x+w, y+h)
	if m[1] == 0 && m[2] == 0 {
		in.rects = append(in.rects, Rect{
			X: math.Min(p0.x, p1.x), Y: math.Min(p0.y, p1.y),
			W: math.Abs(p1.x - p0.x), H: math.Abs(p1.y - p0.y),
		})
	} else {
		in.cur, in.start, in.hasCur = p0, p0, true
		in.lineTo(in.toMM(x+w, y), false)
		in.lineTo(p1, false)
		in.lineTo(in.toMM(x, y+h), false)
		in.lineTo(p0, false)
	}
	in.cur, in.start, in.hasCur = p0, p0, true
}

// paint ends the path, keeping what is stroked and, for rectangles, what
// is filled.
func (in *interp) paint(stroke, fill bool) {
	m := in.gs.ctm
	width := in.gs.width * math.Sqrt(math.Abs(m[0]*m[3]-m[1]*m[2])) * ptToMM
	if stroke {
		for _, s := range in.segs {
			s.Width, s.Dashed = width, in.gs.dashed
			in.page.Segments = append(in.page.Segments, s)
		}
	}
	if stroke || fill {
		for _, r := range in.rects {
			r.Stroke, r.Filled = stroke, fill
			in.page.Rects = append(in.page.Rects, r)
		}
	}
	in.segs, in.rects, in.hasCur = in.segs[:0], in.rects[:0], false
}

// tokens calls emit for every number and operator in data, skipping
// strings, names, arrays and dictionaries (text and resources).
func tokens(data []byte, emit func(tok []byte, number bool) error) error {
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case isSpace(c) || c == '[' || c == ']':
			i++
		case c == '%':
			for i < len(data) && data[i] != '\n' && data[i] != '\r' {
				i++
			}
		case c == '(':
			depth := 0
		str:
			for ; i < len(data); i++ {
				switch data[i] {
				case '\\':
					i++
				case '(':
					depth++
				case ')':
					if depth--; depth == 0 {
						break str
					}
				}
			}
			if depth != 0 {
				return fmt.Errorf("unterminated string")
			}
			i++
		case c == '<' && i+1 < len(data) && data[i+1] == '<', c == '>' && i+1 < len(data) && data[i+1] == '>':
			i += 2
		case c == '<':
			for i < len(data) && data[i] != '>' {
				i++
			}
			i++
		case c == '/':
			i++
			for i < len(data) && !isSpace(data[i]) && !isDelim(data[i]) {
				i++
			}
		default:
			j := i + 1
			for j < len(data) && !isSpace(data[j]) && !isDelim(data[j]) {
				j++
			}
			tok := data[i:j]
			if err := emit(tok, c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')); err != nil {
				return err
			}
			i = j
		}
	}
	return nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}
