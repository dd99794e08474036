package blades

import (
	"fmt"
	"math"

	"github.com/ninjakit/ninjakit/layouts"
)

// Page furniture of the Flying Blades sheet, in millimetres.
const (
	pageMargin   = 10
	sectionGap   = 4
	headerHeight = 40
	qrPrintSize  = 34 // ~1.2 mm modules for a 25-module code: scans from a phone at arm's length
	minLowerBand = 62 // seat diagram and seat list need this much below the board
	maxSeatBox   = 100
	captionBand  = 5  // one line under the board: how to lay the real board
	minInfoWidth = 90 // the seat list and notes stay readable beside the diagram
	footerLift   = 5  // footer baseline above the paper's bottom edge
)

// PageLayout is where each part of the public Flying Blades page goes.
type PageLayout struct {
	Area        layouts.Rect // inside the margins
	Title       layouts.Rect
	Subtitle    layouts.Rect
	CodeLabel   layouts.Rect
	Code        layouts.Rect
	Fingerprint layouts.Rect
	QR          layouts.Rect // square, quiet zone included
	QRCaption   layouts.Rect
	Board       BoardFrame
	Caption     layouts.Rect // under the board
	Seats       layouts.Rect // square seat diagram
	Info        layouts.Rect // seat list and notes
}

// LayoutPage computes the public page for a cols x rows board: header
// with title, share code and QR across the top, the board below it, and the
// seat diagram beside the seat list and notes in what remains.
func LayoutPage(p layouts.Paper, cols, rows int, buddha string) (PageLayout, error) {
	if err := p.Validate(); err != nil {
		return PageLayout{}, err
	}
	area := layouts.Rect{X: pageMargin, Y: pageMargin, W: p.W - 2*pageMargin, H: p.H - 2*pageMargin}
	l := PageLayout{Area: area}
	l.QR = layouts.Rect{X: area.Right() - qrPrintSize, Y: area.Y, W: qrPrintSize, H: qrPrintSize}
	l.QRCaption = layouts.Rect{X: l.QR.X - 8, Y: l.QR.Bottom() + 0.5, W: l.QR.W + 8, H: headerHeight - qrPrintSize - 0.5}
	tw := area.W - qrPrintSize - sectionGap - 8
	y := area.Y
	for _, r := range []struct {
		dst *layouts.Rect
		h   float64
	}{{&l.Title, 11}, {&l.Subtitle, 7}, {&l.CodeLabel, 4}, {&l.Code, 11}, {&l.Fingerprint, 6}} {
		*r.dst = layouts.Rect{X: area.X, Y: y, W: tw, H: r.h}
		y += r.h
	}
	top := area.Y + headerHeight + sectionGap
	box := layouts.Rect{X: area.X, Y: top, W: area.W, H: area.Bottom() - top - captionBand - sectionGap - minLowerBand}
	board, err := LayoutBoard(box, cols, rows, buddha, maxHouseCell)
	if err != nil {
		return PageLayout{}, fmt.Errorf("%s paper: %w", p.Name, err)
	}
	l.Board = board
	l.Caption = layouts.Rect{X: area.X, Y: board.Outer.Bottom(), W: area.W, H: captionBand}
	lower := layouts.Rect{X: area.X, Y: l.Caption.Bottom() + sectionGap, W: area.W, H: 0}
	lower.H = area.Bottom() - lower.Y
	side := math.Min(math.Min(lower.H, maxSeatBox), lower.W-sectionGap-minInfoWidth)
	l.Seats = layouts.Rect{X: lower.X, Y: lower.Y, W: side, H: side}
	l.Info = layouts.Rect{X: lower.X + side + sectionGap, Y: lower.Y, W: lower.W - side - sectionGap, H: lower.H}
	return l, nil
}

// SeatDiagram is the geometry of the seat diagram inside its box.
type SeatDiagram struct {
	Center   layouts.Point
	Radius   float64         // circle the seats sit on
	NodeR    float64         // seat disc radius
	Seats    []layouts.Point // in turn order
	Unseated []layouts.Point // colours on the board without a player, in the middle
	LabelH   float64         // room reserved above or below each seat for its label
}

// seatLabelLines is how many text lines a seat label may have ("Seat 1",
// dojo name, "plays first").
const seatLabelLines = 3

// LayoutSeatDiagram places n seats and k unseated colours in box. Labels go
// below seats in the lower half and above seats in the upper half, so the
// radius leaves room for them vertically.
func LayoutSeatDiagram(box layouts.Rect, n, k int, labelLine float64) SeatDiagram {
	side := math.Min(box.W, box.H)
	nodeR := math.Max(3.5, math.Min(6, side*0.075))
	labelH := seatLabelLines*labelLine + 1
	r := side/2 - nodeR - labelH
	if n == 2 {
		// Two seats face each other; a wider gap leaves the middle for the unseated colour.
		r = math.Max(r, nodeR*3)
	}
	c := box.Center()
	d := SeatDiagram{Center: c, Radius: r, NodeR: nodeR, LabelH: labelH, Seats: SeatNodes(c, r, n)}
	unseatedR := nodeR * 0.85
	for i := 0; i < k; i++ {
		x := c.X + (float64(i)-float64(k-1)/2)*unseatedR*2.6
		d.Unseated = append(d.Unseated, layouts.Point{X: x, Y: c.Y})
	}
	return d
}
