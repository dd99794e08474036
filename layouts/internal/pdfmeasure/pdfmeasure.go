// Package pdfmeasure reads back what a ninjakit PDF draws, so tests can
// measure lengths in millimetres instead of trusting the code that drew them.
//
// It understands the files gofpdf writes (one content stream per page,
// optionally flate-compressed, lengths given directly) and the path operators
// gofpdf emits; text, images and colours are skipped.
package pdfmeasure

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
)

const ptToMM = 25.4 / 72

// Segment is a stroked straight piece of path, in mm on the page (origin
// top-left, y down). Curve marks the chord of a Bézier curve, which is
// reduced to its end points.
type Segment struct {
	X1, Y1, X2, Y2 float64
	// Width is the line width in mm (scaled by the transformation).
	Width float64
	Curve bool
	// Dashed says the segment was stroked with a dash pattern.
	Dashed bool
}

// Len is the segment's length in mm.
func (s Segment) Len() float64 { return math.Hypot(s.X2-s.X1, s.Y2-s.Y1) }

// Rect is a rectangle drawn with the re operator, in mm on the page, with
// W and H never negative.
type Rect struct {
	X, Y, W, H     float64
	Stroke, Filled bool
}

// Page is everything measured on one page.
type Page struct {
	// W, H are the page size in mm from /MediaBox.
	W, H     float64
	Segments []Segment
	Rects    []Rect
}

type object struct {
	dict   []byte
	stream []byte
}

var (
	objStart  = regexp.MustCompile(`(\d+)\s+0\s+obj\b`)
	lengthRe  = regexp.MustCompile(`/Length\s+(\d+)`)
	kidsRe    = regexp.MustCompile(`/Kids\s*\[([^\]]*)\]`)
	refRe     = regexp.MustCompile(`(\d+)\s+0\s+R`)
	contentRe = regexp.MustCompile(`/Contents\s+(\d+)\s+0\s+R`)
	mediaRe   = regexp.MustCompile(`/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]`)
	pagesRe   = regexp.MustCompile(`/Type\s*/Pages\b`)
)

// Read measures every page of pdf, in page order.
func Read(pdf []byte) ([]Page, error) {
	objs, err := objects(pdf)
	if err != nil {
		return nil, err
	}
	var root *object
	for _, o := range objs {
		if pagesRe.Match(o.dict) {
			if root != nil {
				return nil, fmt.Errorf("pdfmeasure: more than one page tree")
			}
			root = o
		}
	}
	if root == nil {
		return nil, fmt.Errorf("pdfmeasure: no page tree")
	}
	kids := kidsRe.FindSubmatch(root.dict)
	if kids == nil {
		return nil, fmt.Errorf("pdfmeasure: page tree without /Kids")
	}
	var pages []Page
	for _, ref := range refRe.FindAllSubmatch(kids[1], -1) {
		page, ok := objs[atoi(ref[1])]
		if !ok {
			return nil, fmt.Errorf("pdfmeasure: missing page object %s", ref[1])
		}
		box := mediaRe.FindSubmatch(page.dict)
		if box == nil {
			box = mediaRe.FindSubmatch(root.dict)
		}
		if box == nil {
			return nil, fmt.Errorf("pdfmeasure: page %d has no /MediaBox", len(pages)+1)
		}
		c := contentRe.FindSubmatch(page.dict)
		if c == nil {
			return nil, fmt.Errorf("pdfmeasure: page %d has no /Contents", len(pages)+1)
		}
		content, ok := objs[atoi(c[1])]
		if !ok || content.stream == nil {
			return nil, fmt.Errorf("pdfmeasure: page %d: missing content stream", len(pages)+1)
		}
		data, err := decode(content)
		if err != nil {
			return nil, fmt.Errorf("pdfmeasure: page %d: %w", len(pages)+1, err)
		}
		hPt := atof(box[4]) - atof(box[2])
		p, err := interpret(data, hPt)
		if err != nil {
			return nil, fmt.Errorf("pdfmeasure: page %d: %w", len(pages)+1, err)
		}
		p.W = (atof(box[3]) - atof(box[1])) * ptToMM
		p.H = hPt * ptToMM
		pages = append(pages, p)
	}
	return pages, nil
}

// objects splits the file into its numbered objects, skipping stream data
// by its /Length so that binary bytes are never mistaken for syntax.
func objects(pdf []byte) (map[int]*object, error) {
	objs := map[int]*object{}
	pos := 0
	for {
		m := objStart.FindSubmatchIndex(pdf[pos:])
		if m == nil {
			return objs, nil
		}
		num := atoi(pdf[pos+m[2] : pos+m[3]])
		body := pos + m[1]
		end := bytes.Index(pdf[body:], []byte("endobj"))
		if end < 0 {
			return nil, fmt.Errorf("pdfmeasure: object %d has no endobj", num)
		}
		o := &object{dict: pdf[body : body+end]}
		if s := bytes.Index(o.dict, []byte("stream")); s >= 0 {
			o.dict = pdf[body : body+s]
			l := lengthRe.FindSubmatch(o.dict)
			if l == nil {
				return nil, fmt.Errorf("pdfmeasure: stream %d without a direct /Length", num)
			}
			start := body + s + len("stream")
			if start < len(pdf) && pdf[start] == '\r' {
				start++
			}
			if start < len(pdf) && pdf[start] == '\n' {
				start++
			}
			stop := start + atoi(l[1])
			if stop > len(pdf) {
				return nil, fmt.Errorf("pdfmeasure: stream %d runs past the end of the file", num)
			}
			o.stream = pdf[start:stop]
			e := bytes.Index(pdf[stop:], []byte("endobj"))
			if e < 0 {
				return nil, fmt.Errorf("pdfmeasure: object %d has no endobj", num)
			}
			end = stop + e - body
		}
		objs[num] = o
		pos = body + end + len("endobj")
	}
}

func decode(o *object) ([]byte, error) {
	if !bytes.Contains(o.dict, []byte("/FlateDecode")) {
		return o.stream, nil
	}
	r, err := zlib.NewReader(bytes.NewReader(o.stream))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

func atoi(b []byte) int {
	n, _ := strconv.Atoi(string(b))
	return n
}

func atof(b []byte) float64 {
	f, _ := strconv.ParseFloat(string(b), 64)
	return f
}
