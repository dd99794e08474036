package blades

import (
	"fmt"
	"math"

	"github.com/ninjakit/ninjakit/layouts"
)

// Private slip geometry, in millimetres.
const (
	cutGap   = 3   // the closest two guide lines, or a line and print, may come: a knife's width and a wobble
	slipPad  = 3.5 // print keeps this far inside a slip's cut and fold lines (>= cutGap); four 8-card slips fit a Letter page
	minSlipW = 60  // a card name, its price and two tick boxes side by side
	maxSlipW = 100 // wider slips only waste paper
)

// Line is a straight guide line from A to B.
type Line struct{ A, B layouts.Point }

// SlipPage is one page of private slips: each slip is a cover flap on top and
// the card list below its fold line; the cuts run the full width or height of
// the block of slips so every one survives the cuts made before it.
type SlipPage struct {
	Slips []layouts.Rect
	Cuts  []Line
	Folds []Line
}

// slipCover is the top half of a slip, the flap that shows whose it is.
func slipCover(s layouts.Rect) layouts.Rect { return layouts.Rect{X: s.X, Y: s.Y, W: s.W, H: s.H / 2} }

// slipList is the bottom half of a slip, below the fold: the cards.
func slipList(s layouts.Rect) layouts.Rect {
	return layouts.Rect{X: s.X, Y: s.Y + s.H/2, W: s.W, H: s.H / 2}
}

// LayoutSlips places n slips of height h in a grid of columns no narrower
// than minSlipW: from the top of first on the first page (the legend sits
// above it) and of rest on later ones. Slips are shared out evenly between
// the fewest pages that hold them, so no slip is left alone on a last page
// while another page is full.
func LayoutSlips(first, rest layouts.Rect, n int, h float64) ([]SlipPage, error) {
	if n <= 0 {
		return nil, nil
	}
	cols := int(math.Floor(rest.W / minSlipW))
	if cols < 1 || first.W < minSlipW {
		return nil, fmt.Errorf("slips: %.0f mm is narrower than a slip (%d mm)", rest.W, minSlipW)
	}
	rowsIn := func(a layouts.Rect) int { return int(math.Floor((a.H + 1e-9) / h)) }
	if !(h > 0) || rowsIn(rest) < 1 {
		return nil, fmt.Errorf("slips: a slip %.0f mm tall does not fit on a page (%.0f mm)", h, rest.H)
	}
	capFirst, capRest := rowsIn(first)*cols, rowsIn(rest)*cols
	pages := 1
	if n > capFirst {
		pages += (n - capFirst + capRest - 1) / capRest
	}
	var out []SlipPage
	left := n
	for pg := range pages {
		area, capacity := rest, capRest
		if pg == 0 {
			area, capacity = first, capFirst
		}
		k := min(capacity, (left+pages-pg-1)/(pages-pg))
		left -= k
		out = append(out, slipGrid(area, k, cols, h))
	}
	return out, nil
}

// slipGrid places k slips from area's top, in as few rows as cols allow and
// as few columns as those rows need, centred across area.
func slipGrid(area layouts.Rect, k, cols int, h float64) SlipPage {
	var sp SlipPage
	if k == 0 {
		return sp
	}
	rows := (k + cols - 1) / cols
	cols = (k + rows - 1) / rows
	w := math.Min(maxSlipW, area.W/float64(cols))
	block := layouts.Rect{X: area.X + (area.W-w*float64(cols))/2, Y: area.Y, W: w * float64(cols), H: h * float64(rows)}
	for i := range k {
		s := layouts.Rect{X: block.X + float64(i%cols)*w, Y: block.Y + float64(i/cols)*h, W: w, H: h}
		sp.Slips = append(sp.Slips, s)
		fy := s.Y + h/2
		sp.Folds = append(sp.Folds, Line{layouts.Point{X: s.X + cutGap, Y: fy}, layouts.Point{X: s.Right() - cutGap, Y: fy}})
	}
	for c := 0; c <= cols; c++ {
		x := block.X + float64(c)*w
		sp.Cuts = append(sp.Cuts, Line{layouts.Point{X: x, Y: block.Y}, layouts.Point{X: x, Y: block.Bottom()}})
	}
	for r := 0; r <= rows; r++ {
		y := block.Y + float64(r)*h
		sp.Cuts = append(sp.Cuts, Line{layouts.Point{X: block.X, Y: y}, layouts.Point{X: block.Right(), Y: y}})
	}
	return sp
}

// BalancedRows flows boxes cols to a row like FlowRows, but shares them
// evenly between the fewest pages FlowRows needs, so the last page never
// holds one lonely box while the page before it is full.
func BalancedRows(first, rest layouts.Rect, cols int, gap float64, heights []float64) ([]layouts.Placed, error) {
	greedy, err := layouts.FlowRows(first, rest, cols, gap, heights)
	if err != nil || len(greedy) == 0 {
		return greedy, err
	}
	pages := greedy[len(greedy)-1].Page + 1
	for per := (len(heights) + pages - 1) / pages; per < len(heights); per++ {
		placed, ok := flowCapped(first, rest, cols, gap, heights, per)
		if ok && placed[len(placed)-1].Page+1 <= pages {
			return placed, nil
		}
	}
	return greedy, nil
}

// flowCapped flows boxes as FlowRows does, with at most per boxes a page.
func flowCapped(first, rest layouts.Rect, cols int, gap float64, heights []float64, per int) ([]layouts.Placed, bool) {
	var out []layouts.Placed
	for start, page := 0, 0; start < len(heights); page++ {
		area := rest
		if page == 0 {
			area = first
		}
		end := min(start+per, len(heights))
		placed, err := layouts.FlowRows(area, area, cols, gap, heights[start:end])
		if err != nil || placed[len(placed)-1].Page > 0 {
			return nil, false
		}
		for _, p := range placed {
			out = append(out, layouts.Placed{Page: page, Rect: p.Rect})
		}
		start = end
	}
	return out, true
}

// GridCols is how many columns n boxes take with at most maxCols a row: as
// few rows as maxCols allows, and rows as even as they can be (4 boxes in 3
// columns go 2 and 2, not 3 and 1).
func GridCols(n, maxCols int) int {
	if n <= 0 || maxCols <= 0 {
		return 1
	}
	rows := (n + maxCols - 1) / maxCols
	return (n + rows - 1) / rows
}
