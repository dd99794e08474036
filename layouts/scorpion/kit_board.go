package scorpion

import (
	"fmt"
	"math"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

const (
	boardHeader  = 12.0
	boardOverlap = 10.0 // the strip of the next part printed under it, for glue
	boardMargin  = 6.0  // room left of and above the map to trim away
	// maxBoardPages caps the parts: past it a table is papered, not set.
	maxBoardPages = 16
)

// BoardPages prints m at BoardCell over as few pages as area allows (ruling P-16). A
// part with a neighbour to its right or below carries a grey strip of that
// neighbour's map to glue it over; the neighbour is trimmed along its cut
// line, and circles on the join meet across it. The cuts fall where they
// split the fewest zone ids, and parts short enough share a page, two (or
// more) stacked, the rows cut so that they do when that saves a page.
func BoardPages(m Map, area layouts.Rect) ([]layouts.Page, error) {
	sheets, err := boardSheets(m, area)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, s := range sheets {
		n += len(s)
	}
	legend := -1
	for i, s := range sheets {
		if used := stackHeight(s, m); legend < 0 && area.H-used >= LegendHeight(area.W)+4 {
			legend = i
		}
	}
	var pages []layouts.Page
	k := 0
	for i, s := range sheets {
		var titles []string
		for range s {
			k++
			titles = append(titles, partTitle(k, n))
		}
		pages = append(pages, layouts.Page{Title: strings.Join(titles, ", "), Draw: func(pdf layouts.Canvas, a layouts.Rect) {
			y := a.Y
			for j, t := range s {
				h := partHeight(t, m)
				drawBoardPart(pdf, layouts.Rect{X: a.X, Y: y, W: a.W, H: h}, m, t, titles[j])
				y += h
			}
			if i == legend {
				lh := LegendHeight(a.W)
				DrawLegend(pdf, layouts.Rect{X: a.X, Y: a.Bottom() - lh, W: a.W, H: lh})
			}
		}})
	}
	return pages, nil
}

// boardSheets cuts m into parts and lays them on as few pages of area as
// the ways of cutting tried allow: the parts of each page, top to bottom.
func boardSheets(m Map, area layouts.Rect) ([][]Tile, error) {
	room := layouts.Rect{W: area.W - boardOverlap - boardMargin, H: area.H - boardHeader - boardOverlap - boardMargin}
	// Counted before tiling, so a huge map is refused without laying it out.
	across, down := math.Floor(room.W/BoardCell), math.Floor(room.H/BoardCell)
	if n := math.Ceil(float64(m.Width)/across) * math.Ceil(float64(m.Height)/down); across >= 1 && down >= 1 && n > maxBoardPages {
		return nil, fmt.Errorf("a %dx%d map takes %.0f pages; a printed board stops at %d", m.Width, m.Height, n, maxBoardPages)
	}
	if across < 1 || down < 1 {
		return nil, fmt.Errorf("a %g mm cell does not fit in %.0f x %.0f mm", BoardCell, room.W, room.H)
	}
	geo, err := mapOnGrid(m, layouts.Grid{Cols: m.Width, Rows: m.Height, Cell: 1})
	if err != nil {
		return nil, err
	}
	var xs, ys []float64
	for _, a := range geo.Anchors {
		xs, ys = append(xs, a.X), append(ys, a.Y)
	}
	cols := cutRuns(m.Width, int(across), xs)
	var sheets [][]Tile
	for _, rows := range rowCuts(m.Height, int(down), ys) {
		if s := packTiles(tilesOf(rows, cols), m, area.H); sheets == nil || len(s) < len(sheets) {
			sheets = s
		}
	}
	return sheets, nil
}

func partTitle(k, n int) string {
	if n == 1 {
		return "Board"
	}
	return fmt.Sprintf("Board (part %d of %d)", k, n)
}

// rowCuts are the ways worth trying to cut n rows: as evenly as the ids
// allow, or full parts and a short last run that may share a page.
func rowCuts(n, most int, ids []float64) [][][2]int {
	out := [][][2]int{cutRuns(n, most, ids)}
	for rest := 1; rest < most && rest < n; rest++ {
		out = append(out, append(cutRuns(n-rest, most, ids), [2]int{n - rest, rest}))
	}
	return out
}

func tilesOf(rows, cols [][2]int) []Tile {
	var tiles []Tile
	for _, r := range rows {
		for _, c := range cols {
			tiles = append(tiles, Tile{Col: c[0], Cols: c[1], Row: r[0], Rows: r[1]})
		}
	}
	return tiles
}

// partHeight is what a part takes down the page: header, margin, its
// rows and the glue strip below it if it has one.
func partHeight(t Tile, m Map) float64 {
	h := boardHeader + boardMargin + float64(t.Rows)*BoardCell
	if t.Row+t.Rows < m.Height {
		h += boardOverlap
	}
	return h
}

func stackHeight(ts []Tile, m Map) float64 {
	h := 0.0
	for _, t := range ts {
		h += partHeight(t, m)
	}
	return h
}

// packTiles stacks parts in reading order onto pages of height h.
func packTiles(tiles []Tile, m Map, h float64) [][]Tile {
	var sheets [][]Tile
	for _, t := range tiles {
		if n := len(sheets); n > 0 && stackHeight(sheets[n-1], m)+partHeight(t, m) <= h {
			sheets[n-1] = append(sheets[n-1], t)
			continue
		}
		sheets = append(sheets, []Tile{t})
	}
	return sheets
}

// Tile is the part of the board one page holds: columns Col..Col+Cols-1
// and rows Row..Row+Rows-1, row 0 at the top.
type Tile struct{ Col, Row, Cols, Rows int }

// cutRuns cuts n cells into the fewest runs of at most most, placing the
// cuts where the fewest zone ids (at positions ids, in cells) would be
// split by a join, and as evenly as that allows: {start, length} each.
func cutRuns(n, most int, ids []float64) [][2]int {
	parts := (n + most - 1) / most
	// cost of a cut at grid line c: ids within 0.45 cells of it.
	cost := func(c int) float64 {
		k := 0.0
		for _, y := range ids {
			if math.Abs(y-float64(c)) < 0.45 {
				k++
			}
		}
		return k
	}
	even := float64(n) / float64(parts)
	// best[k][c]: least cost of k runs covering cells 0..c-1; from[k][c]
	// where the last of them starts.
	inf := math.Inf(1)
	best := make([][]float64, parts+1)
	from := make([][]int, parts+1)
	for k := range best {
		best[k] = make([]float64, n+1)
		from[k] = make([]int, n+1)
		for c := range best[k] {
			best[k][c] = inf
		}
	}
	best[0][0] = 0
	for k := 1; k <= parts; k++ {
		for c := 1; c <= n; c++ {
			for l := 1; l <= most && l <= c; l++ {
				prev := best[k-1][c-l]
				if prev == inf {
					continue
				}
				v := prev + math.Abs(float64(l)-even)*1e-3
				if c < n {
					v += cost(c)
				}
				if v < best[k][c] {
					best[k][c], from[k][c] = v, c-l
				}
			}
		}
	}
	runs := make([][2]int, parts)
	for k, c := parts, n; k > 0; k-- {
		start := from[k][c]
		runs[k-1] = [2]int{start, c - start}
		c = start
	}
	return runs
}

func drawBoardPart(pdf layouts.Canvas, a layouts.Rect, m Map, t Tile, title string) {
	plainLines(pdf)
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", 14)
	layouts.TextAt(pdf, a.X, a.Y+6, "Scorpion Clan · "+title)
	layouts.SetFont(pdf, layouts.FontSans, "", 8)
	layouts.TextColour(pdf, softInk)
	layouts.TextAt(pdf, a.X, a.Y+10.5, fmt.Sprintf("columns %d–%d, rows %d–%d of %d x %d; north is up", t.Col+1, t.Col+t.Cols, t.Row+1, t.Row+t.Rows, m.Width, m.Height))
	DrawCompass(pdf, layouts.Point{X: a.Right() - 6, Y: a.Y + 5.5}, 6)

	// The part's cells start here; the whole map is drawn and clipped.
	x0, y0 := a.X+boardMargin, a.Y+boardHeader+boardMargin
	right, below := t.Col+t.Cols < m.Width, t.Row+t.Rows < m.Height
	left, above := t.Col > 0, t.Row > 0
	win := layouts.Rect{X: x0, Y: y0, W: float64(t.Cols) * BoardCell, H: float64(t.Rows) * BoardCell}
	if right {
		win.W += boardOverlap
	}
	if below {
		win.H += boardOverlap
	}
	g := layouts.Grid{Rect: layouts.Rect{X: x0 - float64(t.Col)*BoardCell, Y: y0 - float64(t.Row)*BoardCell, W: float64(m.Width) * BoardCell, H: float64(m.Height) * BoardCell}, Cols: m.Width, Rows: m.Height, Cell: BoardCell}
	geo, err := mapOnGrid(m, g)
	if err != nil {
		pdf.SetErrorf("board: %v", err)
		return
	}
	geo.Label = 4.2
	pdf.ClipRect(win.X, win.Y, win.W, win.H, false)
	DrawMap(pdf, m, geo)
	pdf.ClipEnd()

	// Grey over the glue strips: they end up under the next part.
	core := layouts.Rect{X: x0, Y: y0, W: float64(t.Cols) * BoardCell, H: float64(t.Rows) * BoardCell}
	pdf.SetAlpha(0.55, "Normal")
	layouts.FillColour(pdf, rgb{150, 150, 150})
	if right {
		pdf.Rect(core.Right(), win.Y, boardOverlap, win.H, "F")
	}
	if below {
		pdf.Rect(win.X, core.Bottom(), core.W, boardOverlap, "F")
	}
	pdf.SetAlpha(1, "Normal")
	layouts.TextColour(pdf, ink)
	layouts.SetFont(pdf, layouts.FontSans, "B", 6.5)
	if right {
		pdf.TransformBegin()
		pdf.TransformRotate(90, core.Right()+boardOverlap/2, core.Y+core.H/2)
		layouts.TextCentered(pdf, core.Right()+boardOverlap/2, core.Y+core.H/2, "GLUE THE NEXT PART OVER THIS STRIP")
		pdf.TransformEnd()
	}
	if below {
		layouts.TextCentered(pdf, core.X+core.W/2, core.Bottom()+boardOverlap/2, "GLUE THE PART BELOW OVER THIS STRIP")
	}
	// Cut lines where this part goes on top of another.
	layouts.StrokeColour(pdf, ink)
	pdf.SetLineWidth(0.3)
	pdf.SetDashPattern([]float64{2, 1.2}, 0)
	if left {
		pdf.Line(core.X, a.Y+boardHeader, core.X, core.Bottom()+boardMargin/2)
	}
	if above {
		pdf.Line(a.X, core.Y, core.Right(), core.Y)
	}
	pdf.SetDashPattern(nil, 0)
	layouts.SetFont(pdf, layouts.FontSans, "", 6)
	if left {
		layouts.TextAt(pdf, core.X-boardMargin+0.5, a.Y+boardHeader+3, "cut")
	}
	if above && !left {
		layouts.TextAt(pdf, a.X, core.Y-1, "cut")
	}
	// Alignment half-circles on every grid line of a join, on both parts.
	for _, j := range []struct {
		on          bool
		vertical    bool
		at, from, n float64
	}{
		{left, true, core.X, core.Y, float64(t.Rows)}, {right, true, core.Right(), core.Y, float64(t.Rows)},
		{above, false, core.Y, core.X, float64(t.Cols)}, {below, false, core.Bottom(), core.X, float64(t.Cols)},
	} {
		if !j.on {
			continue
		}
		for i := 0.0; i <= j.n; i++ {
			p := layouts.Point{X: j.at, Y: j.from + i*BoardCell}
			if !j.vertical {
				p = layouts.Point{X: j.from + i*BoardCell, Y: j.at}
			}
			pdf.SetLineWidth(0.3)
			pdf.Circle(p.X, p.Y, 1.6, "D")
			pdf.Line(p.X-2.4, p.Y, p.X+2.4, p.Y)
			pdf.Line(p.X, p.Y-2.4, p.X, p.Y+2.4)
		}
	}
}
