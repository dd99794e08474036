package layouts

import (
	"fmt"
	"math"
	"slices"
)

// Card-sheet geometry, in mm.
const (
	// MinCutGap is the narrowest strip a knife or a trimmer cuts out cleanly:
	// two parallel cut lines closer than this leave a sliver nobody can hold.
	MinCutGap = 3.0
	// MarkOffset keeps crop marks this far from the art: a mark never
	// prints into a bleed, where it would show on a piece cut a little wide.
	MarkOffset = 1.5
	// MinMarkLen is the shortest crop mark a ruler can still be laid along.
	MinMarkLen = 3.0
	// markRoom is the margin every side of the block needs for its marks.
	markRoom = MarkOffset + MinMarkLen
	// FurnitureW and FurnitureH are the least room the card-page scale check
	// needs: a 10 mm bar with its ticks and a label under it.
	FurnitureW, FurnitureH = 14.0, 4.0
	// furnitureClear keeps the scale check clear of marks and art, so it is
	// never mistaken for a cut line.
	furnitureClear = 0.5
	// foldMarkLen is how long a fold mark is when the margin allows: enough
	// to line a ruler up, short enough not to read as a cut.
	foldMarkLen = 5.0
	// sheetEps absorbs float noise when comparing sums of widths.
	sheetEps = 1e-9
)

// SheetSpec is what LayoutSheet places: Count pieces of one size on Paper.
type SheetSpec struct {
	Paper  Paper
	Size   Size    // trim size of one piece, upright
	Count  int     // pieces to place (>0)
	Bleed  float64 // already resolved (>=0)
	Backs  Backs
	Guides bool
}

// Line is a straight line from A to B, in page millimetres.
type Line struct{ A, B Point }

// Slot is where one piece goes on its sheet.
type Slot struct {
	Index       int  // piece index 0..Count-1
	Trim, Bleed Rect // front, page coordinates
	// Rotated says the piece is turned 90 degrees on the sheet (all slots
	// of a layout share it).
	Rotated bool
	// BackTrim and BackBleed are where its back goes: on the back page
	// (pages/long/short) or beside it on the same page (fold); zero for
	// BacksNone.
	BackTrim, BackBleed Rect
}

// Sheet is one sheet of paper: the front page and, with duplex backs, the
// page on its other side.
type Sheet struct {
	Slots     []Slot
	Marks     []Line // crop marks on the front page
	BackMarks []Line // crop marks on the back page, mirrored like the backs
	Guides    []Line // cut guides across the block (front page only)
	Folds     []Line // fold mode: fold marks in the margins
	// Furniture is a free margin area, at least FurnitureW x FurnitureH,
	// for the scale check and the "print at 100 %" reminder.
	Furniture Rect
}

// SheetLayout is every sheet a run of pieces needs.
type SheetLayout struct {
	PerPage int
	Rotated bool
	// Cols and Rows count the grid's units: pieces, or front-and-back pairs
	// in fold mode.
	Cols, Rows int
	Sheets     []Sheet // the last one may be partly filled
}

// arrangement is one way to put pieces on a sheet.
type arrangement struct {
	rotated bool // piece turned 90 degrees
	stacked bool // fold: back below its front instead of beside it
}

// sheetGrid is an arrangement sized for a paper: cols x rows units (a piece, or
// a front-and-back pair in fold mode) with gap between neighbouring trims.
type sheetGrid struct {
	arrangement
	fold       bool
	pw, ph     float64 // piece on the sheet
	uw, uh     float64 // unit on the sheet
	gap, bleed float64
	cols, rows int
}

// LayoutSheet places spec.Count pieces on as few sheets as possible. The
// pieces form one centred block; crop marks run the full margin at every
// cut, so each survives the first cuts through the block, and neighbouring
// pieces either share a cut (no bleed) or leave a gap of two bleeds, at
// least MinCutGap. It tries the pieces upright and turned, and in fold mode
// the pairs side by side and stacked, keeping the first that fits most.
func LayoutSheet(spec SheetSpec) (SheetLayout, error) {
	if err := spec.Paper.Validate(); err != nil {
		return SheetLayout{}, err
	}
	if !(spec.Size.W > 0 && spec.Size.H > 0) {
		return SheetLayout{}, fmt.Errorf("size %q: %g x %g mm has no area", spec.Size.Name, spec.Size.W, spec.Size.H)
	}
	if spec.Count <= 0 {
		return SheetLayout{}, fmt.Errorf("sheet of %s: nothing to place", spec.Size.Name)
	}
	if !(spec.Bleed >= 0) {
		return SheetLayout{}, fmt.Errorf("bleed %g mm: must not be negative", spec.Bleed)
	}
	best, ok := sheetGrid{}, false
	for _, a := range arrangements(spec.Backs) {
		g, fits := bestGrid(spec, a)
		if fits && (!ok || g.cols*g.rows > best.cols*best.rows) {
			best, ok = g, true
		}
	}
	if !ok {
		return SheetLayout{}, fmt.Errorf("%s (%g x %g mm) with %g mm bleed does not fit on %s paper with room for crop marks",
			spec.Size.Name, spec.Size.W, spec.Size.H, spec.Bleed, spec.Paper.Name)
	}
	return best.layout(spec), nil
}

// arrangements lists the ways to try, in order of preference on a tie.
func arrangements(b Backs) []arrangement {
	if b == BacksFold {
		return []arrangement{{false, false}, {false, true}, {true, false}, {true, true}}
	}
	return []arrangement{{false, false}, {true, false}}
}

func newGrid(spec SheetSpec, a arrangement, cols, rows int) sheetGrid {
	g := sheetGrid{arrangement: a, fold: spec.Backs == BacksFold, pw: spec.Size.W, ph: spec.Size.H, bleed: spec.Bleed, cols: cols, rows: rows}
	if a.rotated {
		g.pw, g.ph = g.ph, g.pw
	}
	g.uw, g.uh = g.pw, g.ph
	if g.fold && a.stacked {
		g.uh *= 2
	} else if g.fold {
		g.uw *= 2
	}
	if spec.Bleed > 0 {
		// Room for both neighbours' bleeds, and never a sliver.
		g.gap = math.Max(2*spec.Bleed, MinCutGap)
	}
	return g
}

// bestGrid is the most units of arrangement a that fit on the paper with
// their marks and the scale check.
func bestGrid(spec SheetSpec, a arrangement) (sheetGrid, bool) {
	g := newGrid(spec, a, 0, 0)
	p := spec.Paper.Printable()
	count := func(room, unit float64) int {
		return int(math.Floor((room - 2*markRoom - 2*g.bleed + g.gap + sheetEps) / (unit + g.gap)))
	}
	maxC, maxR := count(p.W, g.uw), count(p.H, g.uh)
	best, ok := g, false
	for c := maxC; c >= 1; c-- {
		for r := maxR; r >= 1; r-- {
			if ok && c*r <= best.cols*best.rows {
				break
			}
			try := newGrid(spec, a, c, r)
			if try.fits(spec.Paper) {
				best, ok = try, true
			}
		}
	}
	return best, ok
}

// fits reports whether g keeps its block, marks and scale check inside the
// printable area.
func (g sheetGrid) fits(p Paper) bool {
	if g.cols < 1 || g.rows < 1 {
		return false
	}
	pr := p.Printable().Inset(markRoom)
	if !pr.Contains(g.block(p)) {
		return false
	}
	_, ok := g.furniture(p)
	return ok
}

// block is the bleed box of the whole sheetGrid, centred on the page.
func (g sheetGrid) block(p Paper) Rect {
	w := float64(g.cols)*g.uw + float64(g.cols-1)*g.gap + 2*g.bleed
	h := float64(g.rows)*g.uh + float64(g.rows-1)*g.gap + 2*g.bleed
	return Rect{X: (p.W - w) / 2, Y: (p.H - h) / 2, W: w, H: h}
}

// unit is the trim box of the unit in column c, row r.
func (g sheetGrid) unit(p Paper, c, r int) Rect {
	b := g.block(p)
	return Rect{
		X: b.X + g.bleed + float64(c)*(g.uw+g.gap),
		Y: b.Y + g.bleed + float64(r)*(g.uh+g.gap),
		W: g.uw, H: g.uh,
	}
}

// cuts are the distinct cut coordinates across (x) and down (y) the page.
func (g sheetGrid) cuts(p Paper) (xs, ys []float64) { return g.usedCuts(p, g.cols, g.rows) }

// usedCuts are the cuts of the first cols columns and rows rows only, so a
// part-filled sheet shows no marks for pieces it does not print.
func (g sheetGrid) usedCuts(p Paper, cols, rows int) (xs, ys []float64) {
	for c := range cols {
		u := g.unit(p, c, 0)
		xs = appendDistinct(xs, u.X, u.Right())
	}
	for r := range rows {
		u := g.unit(p, 0, r)
		ys = appendDistinct(ys, u.Y, u.Bottom())
	}
	return xs, ys
}

// folds are the fold coordinates: across the page (x) for pairs side by
// side, down it (y) for stacked pairs.
func (g sheetGrid) folds(p Paper) (xs, ys []float64) {
	if !g.fold {
		return nil, nil
	}
	if g.stacked {
		for r := range g.rows {
			ys = append(ys, g.unit(p, 0, r).Y+g.ph)
		}
		return nil, ys
	}
	for c := range g.cols {
		xs = append(xs, g.unit(p, c, 0).X+g.pw)
	}
	return xs, nil
}

func appendDistinct(s []float64, vs ...float64) []float64 {
	for _, v := range vs {
		if len(s) == 0 || math.Abs(s[len(s)-1]-v) > 1e-6 {
			s = append(s, v)
		}
	}
	return s
}

// furniture finds the widest free margin area for the scale check: the
// margins beside the block, between the marks that run through them.
func (g sheetGrid) furniture(p Paper) (Rect, bool) {
	pr, b := p.Printable(), g.block(p)
	cx, cy := g.cuts(p)
	fx, fy := g.folds(p)
	xs, ys := slices.Sorted(slices.Values(append(cx, fx...))), slices.Sorted(slices.Values(append(cy, fy...)))
	var cands []Rect
	for _, band := range [][2]float64{{b.Bottom() + furnitureClear, pr.Bottom()}, {pr.Y, b.Y - furnitureClear}} {
		for _, span := range gaps(pr.X, pr.Right(), xs) {
			cands = append(cands, Rect{X: span[0], Y: band[0], W: span[1] - span[0], H: band[1] - band[0]})
		}
	}
	for _, band := range [][2]float64{{pr.X, b.X - furnitureClear}, {b.Right() + furnitureClear, pr.Right()}} {
		for _, span := range gaps(pr.Y, pr.Bottom(), ys) {
			cands = append(cands, Rect{X: band[0], Y: span[0], W: band[1] - band[0], H: span[1] - span[0]})
		}
	}
	best, ok := Rect{}, false
	for _, c := range cands {
		if c.W >= FurnitureW-sheetEps && c.H >= FurnitureH-sheetEps && (!ok || c.W > best.W+sheetEps) {
			best, ok = c, true
		}
	}
	return best, ok
}

// gaps are the spans of [lo, hi] between the lines at cuts, kept
// furnitureClear away from each line.
func gaps(lo, hi float64, cuts []float64) [][2]float64 {
	var out [][2]float64
	from := lo
	for _, c := range cuts {
		out = append(out, [2]float64{from, c - furnitureClear})
		from = c + furnitureClear
	}
	return append(out, [2]float64{from, hi})
}

// layout builds the sheets for g.
func (g sheetGrid) layout(spec SheetSpec) SheetLayout {
	p := spec.Paper
	per := g.cols * g.rows
	l := SheetLayout{PerPage: per, Rotated: g.rotated, Cols: g.cols, Rows: g.rows}
	var back func(Rect) Rect
	var mirror func(Point) Point
	switch spec.Backs {
	case BacksPages, BacksLong:
		back = func(r Rect) Rect { return Rect{X: p.W - r.X - r.W, Y: r.Y, W: r.W, H: r.H} }
		mirror = func(q Point) Point { return Point{X: p.W - q.X, Y: q.Y} }
	case BacksShort:
		back = func(r Rect) Rect { return Rect{X: r.X, Y: p.H - r.Y - r.H, W: r.W, H: r.H} }
		mirror = func(q Point) Point { return Point{X: q.X, Y: p.H - q.Y} }
	}
	furn, _ := g.furniture(p)
	for first := 0; first < spec.Count; first += per {
		n := min(per, spec.Count-first)
		marks, guides, folds := g.lines(p, spec.Guides, min(n, g.cols), (n+g.cols-1)/g.cols)
		sh := Sheet{Marks: marks, Guides: guides, Folds: folds, Furniture: furn}
		if mirror != nil {
			sh.BackMarks = mapLines(marks, mirror)
		}
		for k := range n {
			s := g.slot(p, k%g.cols, k/g.cols)
			s.Index = first + k
			if back != nil {
				s.BackTrim, s.BackBleed = back(s.Trim), back(s.Bleed)
			}
			sh.Slots = append(sh.Slots, s)
		}
		l.Sheets = append(l.Sheets, sh)
	}
	return l
}

// slot places the piece of the unit in column c, row r; in fold mode its
// back is the mirror across the fold and neither bleeds over the fold.
func (g sheetGrid) slot(p Paper, c, r int) Slot {
	u, b := g.unit(p, c, r), g.bleed
	s := Slot{Rotated: g.rotated, Trim: Rect{X: u.X, Y: u.Y, W: g.pw, H: g.ph}}
	switch {
	case !g.fold:
		s.Bleed = s.Trim.Inset(-b)
	case g.stacked:
		s.Bleed = Rect{X: u.X - b, Y: u.Y - b, W: g.pw + 2*b, H: g.ph + b}
		s.BackTrim = Rect{X: u.X, Y: u.Y + g.ph, W: g.pw, H: g.ph}
		s.BackBleed = Rect{X: u.X - b, Y: u.Y + g.ph, W: g.pw + 2*b, H: g.ph + b}
	default:
		s.Bleed = Rect{X: u.X - b, Y: u.Y - b, W: g.pw + b, H: g.ph + 2*b}
		s.BackTrim = Rect{X: u.X + g.pw, Y: u.Y, W: g.pw, H: g.ph}
		s.BackBleed = Rect{X: u.X + g.pw, Y: u.Y - b, W: g.pw + b, H: g.ph + 2*b}
	}
	return s
}

// lines draws crop marks over the full margin at the cuts of the first cols
// columns and rows rows, guides across them, and fold marks by the block.
func (g sheetGrid) lines(p Paper, withGuides bool, cols, rows int) (marks, guides, folds []Line) {
	pr, b := p.Printable(), g.block(p)
	xs, ys := g.usedCuts(p, cols, rows)
	first, last := g.unit(p, 0, 0), g.unit(p, cols-1, rows-1)
	used := Rect{X: first.X, Y: first.Y, W: last.Right() - first.X, H: last.Bottom() - first.Y}.Inset(-g.bleed)
	for _, x := range xs {
		marks = append(marks,
			Line{A: Point{X: x, Y: pr.Y}, B: Point{X: x, Y: b.Y - MarkOffset}},
			Line{A: Point{X: x, Y: b.Bottom() + MarkOffset}, B: Point{X: x, Y: pr.Bottom()}})
		if withGuides {
			guides = append(guides, Line{A: Point{X: x, Y: used.Y}, B: Point{X: x, Y: used.Bottom()}})
		}
	}
	for _, y := range ys {
		marks = append(marks,
			Line{A: Point{X: pr.X, Y: y}, B: Point{X: b.X - MarkOffset, Y: y}},
			Line{A: Point{X: b.Right() + MarkOffset, Y: y}, B: Point{X: pr.Right(), Y: y}})
		if withGuides {
			guides = append(guides, Line{A: Point{X: used.X, Y: y}, B: Point{X: used.Right(), Y: y}})
		}
	}
	fx, fy := g.folds(p)
	for _, x := range fx {
		top, bottom := b.Y-MarkOffset, b.Bottom()+MarkOffset
		folds = append(folds,
			Line{A: Point{X: x, Y: top}, B: Point{X: x, Y: math.Max(pr.Y, top-foldMarkLen)}},
			Line{A: Point{X: x, Y: bottom}, B: Point{X: x, Y: math.Min(pr.Bottom(), bottom+foldMarkLen)}})
	}
	for _, y := range fy {
		left, right := b.X-MarkOffset, b.Right()+MarkOffset
		folds = append(folds,
			Line{A: Point{X: left, Y: y}, B: Point{X: math.Max(pr.X, left-foldMarkLen), Y: y}},
			Line{A: Point{X: right, Y: y}, B: Point{X: math.Min(pr.Right(), right+foldMarkLen), Y: y}})
	}
	return marks, guides, folds
}

func mapLines(ls []Line, f func(Point) Point) []Line {
	out := make([]Line, len(ls))
	for i, l := range ls {
		out[i] = Line{A: f(l.A), B: f(l.B)}
	}
	return out
}
