package layouts

import (
	"fmt"
	"math"
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

// BladesLayout is where each part of the public Flying Blades page goes.
type BladesLayout struct {
	Area        Rect // inside the margins
	Title       Rect
	Subtitle    Rect
	CodeLabel   Rect
	Code        Rect
	Fingerprint Rect
	QR          Rect // square, quiet zone included
	QRCaption   Rect
	Board       BoardFrame
	Caption     Rect // under the board
	Seats       Rect // square seat diagram
	Info        Rect // seat list and notes
}

// LayoutBladesPage computes the public page for a cols x rows board: header
// with title, share code and QR across the top, the board below it, and the
// seat diagram beside the seat list and notes in what remains.
func LayoutBladesPage(p Paper, cols, rows int, buddha string) (BladesLayout, error) {
	if err := p.validate(); err != nil {
		return BladesLayout{}, err
	}
	area := Rect{pageMargin, pageMargin, p.W - 2*pageMargin, p.H - 2*pageMargin}
	l := BladesLayout{Area: area}
	l.QR = Rect{area.Right() - qrPrintSize, area.Y, qrPrintSize, qrPrintSize}
	l.QRCaption = Rect{l.QR.X - 8, l.QR.Bottom() + 0.5, l.QR.W + 8, headerHeight - qrPrintSize - 0.5}
	tw := area.W - qrPrintSize - sectionGap - 8
	y := area.Y
	for _, r := range []struct {
		dst *Rect
		h   float64
	}{{&l.Title, 11}, {&l.Subtitle, 7}, {&l.CodeLabel, 4}, {&l.Code, 11}, {&l.Fingerprint, 6}} {
		*r.dst = Rect{area.X, y, tw, r.h}
		y += r.h
	}
	top := area.Y + headerHeight + sectionGap
	box := Rect{area.X, top, area.W, area.Bottom() - top - captionBand - sectionGap - minLowerBand}
	board, err := LayoutBoard(box, cols, rows, buddha, maxHouseCell)
	if err != nil {
		return BladesLayout{}, fmt.Errorf("%s paper: %w", p.Name, err)
	}
	l.Board = board
	l.Caption = Rect{area.X, board.Outer.Bottom(), area.W, captionBand}
	lower := Rect{area.X, l.Caption.Bottom() + sectionGap, area.W, 0}
	lower.H = area.Bottom() - lower.Y
	side := math.Min(math.Min(lower.H, maxSeatBox), lower.W-sectionGap-minInfoWidth)
	l.Seats = Rect{lower.X, lower.Y, side, side}
	l.Info = Rect{lower.X + side + sectionGap, lower.Y, lower.W - side - sectionGap, lower.H}
	return l, nil
}

// SeatDiagram is the geometry of the seat diagram inside its box.
type SeatDiagram struct {
	Center   Point
	Radius   float64 // circle the seats sit on
	NodeR    float64 // seat disc radius
	Seats    []Point // in turn order
	Unseated []Point // colours on the board without a player, in the middle
	LabelH   float64 // room reserved above or below each seat for its label
}

// seatLabelLines is how many text lines a seat label may have ("Seat 1",
// dojo name, "plays first").
const seatLabelLines = 3

// LayoutSeatDiagram places n seats and k unseated colours in box. Labels go
// below seats in the lower half and above seats in the upper half, so the
// radius leaves room for them vertically.
func LayoutSeatDiagram(box Rect, n, k int, labelLine float64) SeatDiagram {
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
		d.Unseated = append(d.Unseated, Point{x, c.Y})
	}
	return d
}
