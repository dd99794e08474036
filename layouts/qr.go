package layouts

import (
	"errors"
	"fmt"

	"github.com/jung-kurt/gofpdf"
	qrcode "github.com/skip2/go-qrcode"
)

// QuietZone is the light margin around a QR symbol, in modules, that scanners
// need to find it; it is part of the size passed to QRModules and DrawQR.
const QuietZone = 4

// qrMatrix encodes payload at medium recovery, without go-qrcode's own border.
func qrMatrix(payload string) (m [][]bool, err error) {
	if payload == "" {
		return nil, errors.New("qr: empty payload")
	}
	// go-qrcode reports internal inconsistencies with log.Panic; a user
	// string must never crash the program.
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("qr %q: %v", payload, r)
		}
	}()
	q, err := qrcode.New(payload, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("qr %q: %w", payload, err)
	}
	q.DisableBorder = true
	return q.Bitmap(), nil
}

// QRModules returns the dark modules of the QR code for payload as rectangles
// in a size x size square at (x, y), quiet zone included. Dark modules next to
// each other in a row are merged into one rectangle, which keeps the PDF small
// and avoids hairline seams between modules in some viewers.
func QRModules(payload string, x, y, size float64) ([]Rect, error) {
	m, err := qrMatrix(payload)
	if err != nil {
		return nil, err
	}
	n := len(m)
	mod := size / float64(n+2*QuietZone)
	var rects []Rect
	for r, row := range m {
		for c := 0; c < len(row); {
			if !row[c] {
				c++
				continue
			}
			start := c
			for c < len(row) && row[c] {
				c++
			}
			rects = append(rects, Rect{
				X: x + float64(QuietZone+start)*mod,
				Y: y + float64(QuietZone+r)*mod,
				W: float64(c-start) * mod,
				H: mod,
			})
		}
	}
	return rects, nil
}

// QRModuleCount is the width of the symbol for payload in modules, quiet
// zone included, so callers can check the module size a print size gives.
func QRModuleCount(payload string) (int, error) {
	m, err := qrMatrix(payload)
	if err != nil {
		return 0, err
	}
	return len(m) + 2*QuietZone, nil
}

// DrawQR draws the QR code for payload as vector rectangles on a white
// square of the given size (quiet zone included) at (x, y).
func DrawQR(pdf *gofpdf.Fpdf, payload string, x, y, size float64) error {
	rects, err := QRModules(payload, x, y, size)
	if err != nil {
		return err
	}
	pdf.SetFillColor(255, 255, 255)
	pdf.Rect(x, y, size, size, "F")
	pdf.SetFillColor(0, 0, 0)
	for _, r := range rects {
		pdf.Rect(r.X, r.Y, r.W, r.H, "F")
	}
	return nil
}
