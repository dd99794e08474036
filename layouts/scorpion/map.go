package scorpion

import (
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/layouts"
)

// Map is a board as the printer needs it: zones made of the cells of a
// Width x Height grid (x to the right, y down, north at the top), the walls
// between adjacent zones and the one-way patrol track.
type Map struct {
	Width, Height int
	Zones         []Zone
	Walls         [][2]string
	Track         []Step
}

// Zone is one zone; Region is outer, moat, yard, castleA or castleB.
type Zone struct {
	ID, Region     string
	Cells          [][2]int
	Post, Barracks bool
}

// Step is where a patrol leaving Zone may go; two or more is a fork.
type Step struct {
	Zone string
	Next []string
}

type rgb = [3]int

// region is how one region is painted: a light tint and a hatching of its
// own, so a greyscale print still tells the regions apart.
type region struct {
	name  string
	fill  rgb
	hatch string // "", "wave", "/" or "\\"
	ink   rgb
}

var (
	ink      = rgb{25, 25, 30}
	softInk  = rgb{95, 95, 100}
	white    = rgb{255, 255, 255}
	postRed  = rgb{196, 30, 36}
	barrackY = rgb{240, 190, 40}
	trackRed = rgb{170, 40, 40}
	wood     = rgb{196, 150, 96}

	regions = map[string]region{
		"outer":   {name: "Outer lands", fill: rgb{224, 238, 212}},
		"moat":    {name: "Moat", fill: rgb{186, 214, 238}, hatch: "wave", ink: rgb{110, 150, 196}},
		"yard":    {name: "Yard", fill: rgb{253, 250, 240}},
		"castleA": {name: "Castle A", fill: rgb{246, 222, 208}, hatch: "/", ink: rgb{206, 150, 126}},
		"castleB": {name: "Castle B", fill: rgb{220, 222, 244}, hatch: "\\", ink: rgb{140, 146, 200}},
	}
)

// plainLines resets what a sheet's crop marks may have left.
func plainLines(pdf layouts.Canvas) {
	pdf.SetDashPattern(nil, 0)
	pdf.SetLineCapStyle("butt")
	pdf.SetLineJoinStyle("miter")
}

// MapGeometry is where a map lands: its grid and the point of every zone
// where its id is printed and its track arrows start.
type MapGeometry struct {
	Grid    layouts.Grid
	Anchors map[string]layouts.Point
	// Label is the capital height of the zone ids, in mm.
	Label float64
	owner map[[2]int]string
}

// LayoutMap fits m into area, cells square and as large as area allows.
func LayoutMap(m Map, area layouts.Rect) (MapGeometry, error) {
	g, err := layouts.FitGrid(area, m.Width, m.Height, 0)
	if err != nil {
		return MapGeometry{}, fmt.Errorf("map: %w", err)
	}
	return mapOnGrid(m, g)
}

// mapOnGrid places m on a grid already sized and placed.
func mapOnGrid(m Map, g layouts.Grid) (MapGeometry, error) {
	geo := MapGeometry{Grid: g, Anchors: map[string]layouts.Point{}, owner: map[[2]int]string{}}
	for _, z := range m.Zones {
		for _, c := range z.Cells {
			geo.owner[c] = z.ID
		}
	}
	for _, z := range m.Zones {
		if len(z.Cells) == 0 {
			return MapGeometry{}, fmt.Errorf("map: zone %s has no cells", z.ID)
		}
		a := geo.anchor(z)
		geo.Anchors[z.ID] = layouts.Point{X: g.X + a.X*g.Cell, Y: g.Y + a.Y*g.Cell}
	}
	geo.Label = math.Min(math.Max(g.Cell*0.2, 1.6), 4.2)
	return geo, nil
}

// anchor is the middle of z's cells in cell units when the cells around it
// are z's own, else the centre of z's cell nearest that middle (an L-shaped
// zone's middle may lie outside it).
func (geo MapGeometry) anchor(z Zone) layouts.Point {
	var sx, sy float64
	for _, c := range z.Cells {
		sx += float64(c[0]) + 0.5
		sy += float64(c[1]) + 0.5
	}
	n := float64(len(z.Cells))
	mid := layouts.Point{X: sx / n, Y: sy / n}
	inside := true
	for _, d := range [][2]float64{{-0.3, -0.3}, {0.3, -0.3}, {-0.3, 0.3}, {0.3, 0.3}} {
		c := [2]int{int(math.Floor(mid.X + d[0])), int(math.Floor(mid.Y + d[1]))}
		inside = inside && geo.owner[c] == z.ID
	}
	if inside {
		return mid
	}
	best, bestD := layouts.Point{}, math.Inf(1)
	for _, c := range z.Cells {
		p := layouts.Point{X: float64(c[0]) + 0.5, Y: float64(c[1]) + 0.5}
		if d := math.Hypot(p.X-mid.X, p.Y-mid.Y); d < bestD {
			best, bestD = p, d
		}
	}
	return best
}

// edgeKind is how the border between two cells is drawn.
type edgeKind int

const (
	edgeZone   edgeKind = iota // thin: two zones meet
	edgeBridge                 // moat meets yard with no wall: a bridge
	edgeWall                   // thick
	edgeBoard                  // the board's edge
)

// edgeRun is a straight run of cell borders of one kind: along x when
// horizontal, at grid line at, from cell from to cell to (exclusive).
type edgeRun struct {
	kind       edgeKind
	horizontal bool
	at         int
	from, to   int
}

// edges merges every border between cells of different zones, and between
// a zone and the outside, into straight runs.
func (geo MapGeometry) edges(m Map) []edgeRun {
	walls := map[[2]string]bool{}
	for _, w := range m.Walls {
		walls[[2]string{w[0], w[1]}], walls[[2]string{w[1], w[0]}] = true, true
	}
	reg := map[string]string{}
	for _, z := range m.Zones {
		reg[z.ID] = z.Region
	}
	kindOf := func(a, b string) (edgeKind, bool) {
		switch {
		case a == b:
			return 0, false
		case a == "" || b == "":
			return edgeBoard, true
		case walls[[2]string{a, b}]:
			return edgeWall, true
		case reg[a] == "moat" && reg[b] == "yard" || reg[a] == "yard" && reg[b] == "moat":
			return edgeBridge, true
		}
		return edgeZone, true
	}
	type key struct {
		kind       edgeKind
		horizontal bool
		at         int
	}
	units := map[key][]int{}
	for y := 0; y <= m.Height; y++ {
		for x := 0; x < m.Width; x++ {
			if k, ok := kindOf(geo.owner[[2]int{x, y - 1}], geo.owner[[2]int{x, y}]); ok {
				units[key{k, true, y}] = append(units[key{k, true, y}], x)
			}
		}
	}
	for x := 0; x <= m.Width; x++ {
		for y := 0; y < m.Height; y++ {
			if k, ok := kindOf(geo.owner[[2]int{x - 1, y}], geo.owner[[2]int{x, y}]); ok {
				units[key{k, false, x}] = append(units[key{k, false, x}], y)
			}
		}
	}
	var runs []edgeRun
	for k, pos := range units {
		sort.Ints(pos)
		start := pos[0]
		for i := 1; i <= len(pos); i++ {
			if i == len(pos) || pos[i] != pos[i-1]+1 {
				runs = append(runs, edgeRun{kind: k.kind, horizontal: k.horizontal, at: k.at, from: start, to: pos[i-1] + 1})
				if i < len(pos) {
					start = pos[i]
				}
			}
		}
	}
	// Thin lines first so walls cover their ends; a stable order keeps the
	// output byte for byte the same.
	sort.Slice(runs, func(i, j int) bool {
		a, b := runs[i], runs[j]
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.horizontal != b.horizontal {
			return a.horizontal
		}
		if a.at != b.at {
			return a.at < b.at
		}
		return a.from < b.from
	})
	return runs
}

// line is a run's ends in mm.
func (geo MapGeometry) line(r edgeRun) (layouts.Point, layouts.Point) {
	g := geo.Grid
	if r.horizontal {
		y := g.Y + float64(r.at)*g.Cell
		return layouts.Point{X: g.X + float64(r.from)*g.Cell, Y: y}, layouts.Point{X: g.X + float64(r.to)*g.Cell, Y: y}
	}
	x := g.X + float64(r.at)*g.Cell
	return layouts.Point{X: x, Y: g.Y + float64(r.from)*g.Cell}, layouts.Point{X: x, Y: g.Y + float64(r.to)*g.Cell}
}

// Line widths in mm for a cell of the given size.
func thinLine(cell float64) float64 { return math.Max(0.2, cell*0.016) }
func wallLine(cell float64) float64 { return math.Min(math.Max(cell*0.08, 0.9), 2.2) }

// DrawMap draws m as geo places it (ruling P-14): region tints and hatching, zone
// outlines, walls, bridges, the patrol track, posts, barracks and ids.
func DrawMap(pdf layouts.Canvas, m Map, geo MapGeometry) {
	plainLines(pdf)
	g := geo.Grid
	for _, z := range m.Zones {
		for _, c := range z.Cells {
			paintCell(pdf, regions[z.Region], g.CellRect(c[0], c[1]), g.Cell)
		}
	}
	runs := geo.edges(m)
	for _, r := range runs {
		a, b := geo.line(r)
		switch r.kind {
		case edgeZone, edgeBridge:
			layouts.StrokeColour(pdf, softInk)
			pdf.SetLineWidth(thinLine(g.Cell))
			pdf.Line(a.X, a.Y, b.X, b.Y)
		}
	}
	drawTrack(pdf, m, geo)
	for _, r := range runs {
		a, b := geo.line(r)
		switch r.kind {
		case edgeWall, edgeBoard:
			layouts.StrokeColour(pdf, ink)
			w := wallLine(g.Cell)
			if r.kind == edgeBoard {
				w *= 0.7
			}
			pdf.SetLineWidth(w)
			pdf.SetLineCapStyle("square")
			pdf.Line(a.X, a.Y, b.X, b.Y)
			pdf.SetLineCapStyle("butt")
		case edgeBridge:
			drawBridge(pdf, a, b, r.horizontal, g.Cell)
		}
	}
	forks := map[string]bool{}
	for _, st := range m.Track {
		forks[st.Zone] = len(st.Next) > 1
	}
	for _, z := range m.Zones {
		drawZoneMarks(pdf, z, geo, forks[z.ID])
	}
}

// paintCell fills one cell with its region's tint and hatching; hatch
// lines lie on one lattice across the board so neighbouring cells join up.
func paintCell(pdf layouts.Canvas, reg region, r layouts.Rect, cell float64) {
	fill := reg.fill
	if fill == (rgb{}) {
		fill = white
	}
	layouts.FillColour(pdf, fill)
	pdf.Rect(r.X, r.Y, r.W, r.H, "F")
	if reg.hatch == "" {
		return
	}
	step := math.Max(cell/5, 1.5)
	layouts.StrokeColour(pdf, reg.ink)
	pdf.SetLineWidth(math.Max(0.15, cell*0.01))
	pdf.ClipRect(r.X, r.Y, r.W, r.H, false)
	switch reg.hatch {
	case "wave":
		amp := step * 0.18
		for y := math.Ceil(r.Y/step) * step; y < r.Bottom(); y += step {
			x0 := math.Floor(r.X/step) * step
			pdf.MoveTo(x0, y)
			for x := x0; x < r.Right(); x += step {
				pdf.CurveBezierCubicTo(x+step/3, y-amp*2, x+2*step/3, y+amp*2, x+step, y)
			}
			pdf.DrawPath("D")
		}
	default:
		// Lines x+y = k*step ("/") or x-y = k*step ("\"), drawn long
		// enough to cross the cell and clipped to it.
		sgn := 1.0
		if reg.hatch == "\\" {
			sgn = -1
		}
		lo, hi := r.X+sgn*r.Y, r.Right()+sgn*r.Bottom()
		if lo > hi {
			lo, hi = hi, lo
		}
		lo -= r.W + r.H
		for k := math.Floor(lo/step) * step; k <= hi+r.W+r.H; k += step {
			// Points where the line meets y = r.Y and y = r.Bottom().
			x0, x1 := k-sgn*r.Y, k-sgn*r.Bottom()
			pdf.Line(x0, r.Y, x1, r.Bottom())
		}
	}
	pdf.ClipEnd()
}

// drawBridge lays planks across a moat-yard border with no wall, centred
// on the run.
func drawBridge(pdf layouts.Canvas, a, b layouts.Point, horizontal bool, cell float64) {
	mid := layouts.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
	span := math.Min(math.Hypot(b.X-a.X, b.Y-a.Y)*0.5, cell*0.55) // along the border
	depth := cell * 0.36                                          // across it, clear of the ids half a cell away
	r := layouts.Rect{X: mid.X - span/2, Y: mid.Y - depth/2, W: span, H: depth}
	if !horizontal {
		r = layouts.Rect{X: mid.X - depth/2, Y: mid.Y - span/2, W: depth, H: span}
	}
	layouts.FillColour(pdf, wood)
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(thinLine(cell) * 1.6)
	pdf.Rect(r.X, r.Y, r.W, r.H, "FD")
	// Planks run along the border, rails across it.
	pdf.SetLineWidth(thinLine(cell))
	for i := 1; i < 4; i++ {
		f := float64(i) / 4
		if horizontal {
			pdf.Line(r.X, r.Y+r.H*f, r.Right(), r.Y+r.H*f)
		} else {
			pdf.Line(r.X+r.W*f, r.Y, r.X+r.W*f, r.Bottom())
		}
	}
}

// drawTrack draws the patrol track as a trail of arrowheads from each track
// zone's anchor to the next; a zone two trails leave is a fork.
func drawTrack(pdf layouts.Canvas, m Map, geo MapGeometry) {
	cell := geo.Grid.Cell
	for _, st := range m.Track {
		a, ok := geo.Anchors[st.Zone]
		if !ok {
			continue
		}
		for _, n := range st.Next {
			b, ok := geo.Anchors[n]
			if !ok {
				continue
			}
			trail(pdf, a, b, cell)
		}
	}
}

// trail is a row of footprint arrowheads from a to b, clear of the id
// plates at both ends.
func trail(pdf layouts.Canvas, a, b layouts.Point, cell float64) {
	d := math.Hypot(b.X-a.X, b.Y-a.Y)
	if d == 0 {
		return
	}
	ux, uy := (b.X-a.X)/d, (b.Y-a.Y)/d
	size := cell * 0.1
	gap := cell * 0.26
	clear := cell * 0.34
	n := int((d - 2*clear) / gap)
	if n < 1 {
		n = 1
	}
	start := (d - float64(n-1)*gap) / 2
	layouts.FillColour(pdf, trackRed)
	for i := range n {
		t := start + float64(i)*gap
		c := layouts.Point{X: a.X + ux*t, Y: a.Y + uy*t}
		arrowhead(pdf, c, ux, uy, size)
	}
}

// arrowhead is a filled chevron at c pointing along (ux, uy).
func arrowhead(pdf layouts.Canvas, c layouts.Point, ux, uy, size float64) {
	px, py := -uy, ux
	tip := layouts.Point{X: c.X + ux*size, Y: c.Y + uy*size}
	back := layouts.Point{X: c.X - ux*size*0.9, Y: c.Y - uy*size*0.9}
	notch := layouts.Point{X: c.X - ux*size*0.2, Y: c.Y - uy*size*0.2}
	pdf.Polygon([]gofpdf.PointType{
		{X: tip.X, Y: tip.Y},
		{X: back.X + px*size*0.85, Y: back.Y + py*size*0.85},
		{X: notch.X, Y: notch.Y},
		{X: back.X - px*size*0.85, Y: back.Y - py*size*0.85},
	}, "F")
}

// drawZoneMarks writes the zone's id on a white plate at its anchor, ringed
// in the track's red at a fork, and
// puts its post and barracks icons under it.
func drawZoneMarks(pdf layouts.Canvas, z Zone, geo MapGeometry, fork bool) {
	a := geo.Anchors[z.ID]
	capH := geo.idCap(z)
	plate := geo.plate(z)
	layouts.FillColour(pdf, white)
	layouts.StrokeColour(pdf, softInk)
	pdf.SetLineWidth(thinLine(geo.Grid.Cell) * 0.6)
	if fork {
		layouts.StrokeColour(pdf, trackRed)
		pdf.SetLineWidth(capH * 0.22)
	}
	layouts.RoundRect(pdf, plate, capH*0.4, "FD")
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(capH))
	layouts.TextCentered(pdf, a.X, a.Y, z.ID)
	for _, ic := range geo.icons(z, plate) {
		if ic.Kind == "post" {
			PostIcon(pdf, ic.At, ic.Size)
		} else {
			BarracksIcon(pdf, ic.At, ic.Size)
		}
	}
}

// Icon is a post or barracks mark of a zone, centred At.
type Icon struct {
	Zone, Kind string // Kind: post or barracks
	At         layouts.Point
	Size       float64
}

// Icons lists every post and barracks mark DrawMap draws.
func (geo MapGeometry) Icons(m Map) []Icon {
	var out []Icon
	for _, z := range m.Zones {
		out = append(out, geo.icons(z, geo.plate(z))...)
	}
	return out
}

// plate is the white box under a zone's id, at the id's fitted size.
func (geo MapGeometry) plate(z Zone) layouts.Rect {
	a := geo.Anchors[z.ID]
	capH := geo.idCap(z)
	w := geo.idWidth(z, capH)
	return layouts.Rect{X: a.X - w/2 - capH*0.35, Y: a.Y - capH*0.95, W: w + capH*0.7, H: capH * 1.9}
}

// icons places z's marks under its id, or beside it in a zone that is a
// long row of cells, where under it would be the moat's bridge.
func (geo MapGeometry) icons(z Zone, plate layouts.Rect) []Icon {
	var kinds []string
	if z.Post {
		kinds = append(kinds, "post")
	}
	if z.Barracks {
		kinds = append(kinds, "barracks")
	}
	a := geo.Anchors[z.ID]
	s := math.Max(geo.idCap(z)*0.95, geo.Grid.Cell*0.09)
	beside := geo.runAcross(z, a) >= 3
	var out []Icon
	for i, k := range kinds {
		c := layouts.Point{X: a.X + (float64(i)-float64(len(kinds)-1)/2)*s*2.4, Y: plate.Bottom() + s*1.05}
		if beside {
			c = layouts.Point{X: plate.Right() + s*1.4 + float64(i)*s*2.4, Y: a.Y}
		}
		out = append(out, Icon{Zone: z.ID, Kind: k, At: c, Size: s})
	}
	return out
}

// idCap is the capital height of z's id: geo.Label, or less in a zone too
// narrow for it.
func (geo MapGeometry) idCap(z Zone) float64 {
	maxW := geo.Grid.Cell * (float64(geo.runAcross(z, geo.Anchors[z.ID])) - 0.06)
	capH := geo.Label
	for capH > 1 && geo.idWidth(z, capH)+capH*0.7 > maxW {
		capH *= 0.9
	}
	return capH
}

// idWidth measures z's id in bold at a capital height.
func (geo MapGeometry) idWidth(z Zone, capH float64) float64 {
	measure.Lock()
	defer measure.Unlock()
	pdf := measure.pdf()
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(capH))
	return layouts.TextWidth(pdf, z.ID)
}

// measure is a document kept only to measure text, so laying out a map
// needs none of its own; gofpdf is not safe for concurrent use.
var measure = struct {
	sync.Mutex
	pdf func() *gofpdf.Fpdf
}{pdf: sync.OnceValue(func() *gofpdf.Fpdf { return layouts.NewDocument(layouts.PaperA4, "") })}

// runAcross is how many of z's cells lie side by side in the row of p.
func (geo MapGeometry) runAcross(z Zone, p layouts.Point) int {
	g := geo.Grid
	row := int(math.Floor((p.Y - g.Y) / g.Cell))
	col := int(math.Floor((p.X - g.X) / g.Cell))
	if geo.owner[[2]int{col, row}] != z.ID {
		row-- // an anchor on a cell border belongs to the row above too
	}
	n := 0
	for x := 0; x < g.Cols; x++ {
		if geo.owner[[2]int{x, row}] == z.ID {
			n++
		}
	}
	return max(n, 1)
}

// PostIcon is the sentry post: a red triangle, point up, with a dark rim
// so it reads in greyscale.
func PostIcon(pdf layouts.Canvas, c layouts.Point, s float64) {
	layouts.FillColour(pdf, postRed)
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(math.Max(0.15, s*0.12))
	pdf.SetLineJoinStyle("round")
	pdf.Polygon([]gofpdf.PointType{{X: c.X, Y: c.Y - s}, {X: c.X + s, Y: c.Y + s*0.8}, {X: c.X - s, Y: c.Y + s*0.8}}, "FD")
	pdf.SetLineJoinStyle("miter")
}

// BarracksIcon is a small yellow house.
func BarracksIcon(pdf layouts.Canvas, c layouts.Point, s float64) {
	layouts.FillColour(pdf, barrackY)
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(math.Max(0.15, s*0.12))
	pdf.SetLineJoinStyle("round")
	pdf.Polygon([]gofpdf.PointType{
		{X: c.X - s*0.8, Y: c.Y + s*0.85}, {X: c.X - s*0.8, Y: c.Y - s*0.1}, {X: c.X, Y: c.Y - s},
		{X: c.X + s*0.8, Y: c.Y - s*0.1}, {X: c.X + s*0.8, Y: c.Y + s*0.85},
	}, "FD")
	layouts.FillColour(pdf, ink)
	pdf.Rect(c.X-s*0.2, c.Y+s*0.3, s*0.4, s*0.55, "F")
	pdf.SetLineJoinStyle("miter")
}

// DrawCompass draws a north arrow of radius r at c: north is the map's top.
func DrawCompass(pdf layouts.Canvas, c layouts.Point, r float64) {
	plainLines(pdf)
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(0.3)
	pdf.Circle(c.X, c.Y, r*0.62, "D")
	layouts.FillColour(pdf, ink)
	pdf.Polygon([]gofpdf.PointType{{X: c.X, Y: c.Y - r*0.62}, {X: c.X + r*0.22, Y: c.Y}, {X: c.X - r*0.22, Y: c.Y}}, "F")
	layouts.FillColour(pdf, white)
	pdf.Polygon([]gofpdf.PointType{{X: c.X, Y: c.Y + r*0.62}, {X: c.X + r*0.22, Y: c.Y}, {X: c.X - r*0.22, Y: c.Y}}, "FD")
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", layouts.PtForCap(r*0.3))
	layouts.TextCentered(pdf, c.X, c.Y-r*0.84, "N")
}

// LegendHeight is the room DrawLegend needs for a width.
func LegendHeight(w float64) float64 {
	rows := (len(legendItems) + legendCols(w) - 1) / legendCols(w)
	return float64(rows) * legendRow
}

const legendRow = 5.2

func legendCols(w float64) int { return max(1, min(4, int(w/44))) }

var legendItems = []string{"outer", "moat", "yard", "castleA", "castleB", "wall", "bridge", "post", "barracks", "track", "fork"}

// DrawLegend explains every mark the map uses, in columns filling r.
func DrawLegend(pdf layouts.Canvas, r layouts.Rect) {
	plainLines(pdf)
	cols := legendCols(r.W)
	cw := r.W / float64(cols)
	rows := (len(legendItems) + cols - 1) / cols
	sw := 6.0 // swatch width
	for i, item := range legendItems {
		col, row := i/rows, i%rows
		x, y := r.X+float64(col)*cw, r.Y+float64(row)*legendRow
		sq := layouts.Rect{X: x, Y: y + 0.6, W: sw, H: legendRow - 1.4}
		mid := layouts.Point{X: sq.X + sw/2, Y: sq.Y + sq.H/2}
		label := ""
		switch item {
		case "wall":
			layouts.StrokeColour(pdf, ink)
			pdf.SetLineWidth(1.1)
			pdf.Line(sq.X, mid.Y, sq.Right(), mid.Y)
			label = "Wall: a rope crosses it"
		case "bridge":
			paintCell(pdf, regions["moat"], sq, 12)
			drawBridge(pdf, layouts.Point{X: sq.X, Y: mid.Y}, layouts.Point{X: sq.Right(), Y: mid.Y}, true, 7)
			label = "Bridge: moat to yard"
		case "post":
			PostIcon(pdf, mid, 1.5)
			label = "Sentry post"
		case "barracks":
			BarracksIcon(pdf, mid, 1.6)
			label = "Barracks: sleeping guards"
		case "track":
			layouts.FillColour(pdf, trackRed)
			for k := range 3 {
				arrowhead(pdf, layouts.Point{X: sq.X + 1 + float64(k)*2, Y: mid.Y}, 1, 0, 0.9)
			}
			label = "Patrol track, one way"
		case "fork":
			layouts.FillColour(pdf, white)
			layouts.StrokeColour(pdf, trackRed)
			pdf.SetLineWidth(0.5)
			layouts.RoundRect(pdf, sq.Inset(0.3), 1, "FD")
			label = "Fork: the patrol chooses"
		default:
			reg := regions[item]
			paintCell(pdf, reg, sq, 12)
			layouts.StrokeColour(pdf, softInk)
			pdf.SetLineWidth(0.2)
			pdf.Rect(sq.X, sq.Y, sq.W, sq.H, "D")
			label = reg.name
		}
		layouts.TextColour(pdf, ink)
		layouts.SetFont(pdf, layouts.FontSans, "", 7)
		layouts.TextAt(pdf, sq.Right()+1.5, mid.Y+1.1, layouts.Ellipsize(pdf, label, cw-sw-2.5))
	}
}
