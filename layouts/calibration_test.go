package layouts

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts/internal/pdfmeasure"
	"github.com/stretchr/testify/require"
)

// renderCalibration renders the sheet and measures both pages.
func renderCalibration(t *testing.T, p Print) ([]byte, []pdfmeasure.Page) {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, RenderCalibration(&buf, p))
	pages, err := pdfmeasure.Read(buf.Bytes())
	require.NoError(t, err)
	require.Len(t, pages, 2)
	return buf.Bytes(), pages
}

func calibPrint(paper Paper, backs Backs) Print {
	p := DefaultPrint()
	p.Paper, p.Backs = paper, backs
	return p
}

// rulerTicks returns the measured positions along r of the segments that
// leave r's base line across it, in order.
func rulerTicks(page pdfmeasure.Page, r ruler) []float64 {
	var at []float64
	end := r.At(r.N)
	for _, s := range page.Segments {
		if r.Along.Y == 0 {
			if math.Abs(s.X1-s.X2) < 1e-6 && math.Abs(s.Y1-r.Origin.Y) < 0.01 && s.X1 > r.Origin.X-0.5 && s.X1 < end.X+0.5 {
				at = append(at, s.X1)
			}
		} else if math.Abs(s.Y1-s.Y2) < 1e-6 && math.Abs(s.X1-r.Origin.X) < 0.01 && s.Y1 > r.Origin.Y-0.5 && s.Y1 < end.Y+0.5 {
			at = append(at, s.Y1)
		}
	}
	slices.Sort(at)
	return at
}

func TestCalibrationRulers(t *testing.T) {
	for _, paper := range []Paper{PaperA4, PaperLetter, PaperAny} {
		t.Run(paper.Name, func(t *testing.T) {
			l := layoutCalibration(paper)
			_, pages := renderCalibration(t, calibPrint(paper, BacksLong))
			for _, r := range []ruler{l.TopMM, l.LeftMM} {
				at := rulerTicks(pages[0], r)
				require.GreaterOrEqual(t, r.N, 100, "a mm ruler spans at least 100 mm")
				require.Len(t, at, r.N+1)
				for i := 1; i < len(at); i++ {
					require.InDelta(t, 1, at[i]-at[i-1], 0.01, "mm tick %d", i)
				}
				require.InDelta(t, 100, at[100]-at[0], 0.01)
			}
			for _, r := range []ruler{l.BottomIn, l.RightIn} {
				at := rulerTicks(pages[0], r)
				require.GreaterOrEqual(t, r.N, 6*16, "an inch ruler spans at least 6 in")
				require.Len(t, at, r.N+1)
				for i := 16; i < len(at); i += 16 {
					require.InDelta(t, 25.4, at[i]-at[i-16], 0.01, "inch %d", i/16)
					require.InDelta(t, 25.4/16, at[i]-at[i-1], 0.01, "1/16 in tick %d", i)
				}
			}
		})
	}
}

func TestCalibrationCardAndBars(t *testing.T) {
	l := layoutCalibration(PaperA4)
	_, pages := renderCalibration(t, DefaultPrint())
	var card, bars []pdfmeasure.Rect
	for _, r := range pages[0].Rects {
		if r.Stroke && math.Abs(r.W-63) < 0.1 && math.Abs(r.H-88) < 0.1 {
			card = append(card, r)
		}
		if r.Filled && (math.Abs(r.W-100) < 0.01 || math.Abs(r.H-100) < 0.01) {
			bars = append(bars, r)
		}
	}
	require.Len(t, card, 1, "one poker card outline of 63 x 88 mm")
	require.InDelta(t, l.Card.X, card[0].X, 0.01)
	require.InDelta(t, l.Card.Y, card[0].Y, 0.01)
	require.Len(t, bars, 2, "one 100 mm bar per axis")
	require.InDelta(t, 100, bars[0].W, 0.01)
	require.InDelta(t, 100, bars[1].H, 0.01)
}

// TestCalibrationFitsThePrintableArea keeps every drawn path where a home
// printer reaches, on every paper and for both flips.
func TestCalibrationFitsThePrintableArea(t *testing.T) {
	for _, paper := range []Paper{PaperA4, PaperLetter, PaperAny} {
		for _, backs := range []Backs{BacksLong, BacksShort} {
			_, pages := renderCalibration(t, calibPrint(paper, backs))
			// The PDF keeps positions to 0.01 pt, 3.5 µm.
			area := paper.Printable().Inset(-0.01)
			for n, page := range pages {
				for _, s := range page.Segments {
					box := Rect{math.Min(s.X1, s.X2), math.Min(s.Y1, s.Y2), math.Abs(s.X2 - s.X1), math.Abs(s.Y2 - s.Y1)}
					require.True(t, area.Contains(box), "%s %v page %d: %+v", paper.Name, backs, n+1, s)
				}
				for _, r := range page.Rects {
					require.True(t, area.Contains(Rect{r.X, r.Y, r.W, r.H}), "%s %v page %d: %+v", paper.Name, backs, n+1, r)
				}
			}
		}
	}
}

// requireMoved checks that every element measured on moved is the same
// element of plain mapped through f.
func requireMoved(t *testing.T, plain, moved pdfmeasure.Page, f func(x, y float64) (float64, float64), what string) {
	t.Helper()
	require.Len(t, moved.Segments, len(plain.Segments))
	require.Len(t, moved.Rects, len(plain.Rects))
	const tol = 0.01
	for i, s := range plain.Segments {
		x1, y1 := f(s.X1, s.Y1)
		x2, y2 := f(s.X2, s.Y2)
		m := moved.Segments[i]
		require.InDelta(t, x1, m.X1, tol, "%s: segment %d", what, i)
		require.InDelta(t, y1, m.Y1, tol, "%s: segment %d", what, i)
		require.InDelta(t, x2, m.X2, tol, "%s: segment %d", what, i)
		require.InDelta(t, y2, m.Y2, tol, "%s: segment %d", what, i)
	}
	for i, r := range plain.Rects {
		x1, y1 := f(r.X, r.Y)
		x2, y2 := f(r.X+r.W, r.Y+r.H)
		m := moved.Rects[i]
		require.InDelta(t, x1, m.X, tol, "%s: rect %d", what, i)
		require.InDelta(t, y1, m.Y, tol, "%s: rect %d", what, i)
		require.InDelta(t, x2, m.X+m.W, tol, "%s: rect %d", what, i)
		require.InDelta(t, y2, m.Y+m.H, tol, "%s: rect %d", what, i)
	}
}

func TestCalibrationScaleAppliesAboutTheCentre(t *testing.T) {
	p := DefaultPrint()
	_, plain := renderCalibration(t, p)
	p.Scale = Point{X: 1.02, Y: 0.98}
	_, scaled := renderCalibration(t, p)
	cx, cy := p.Paper.W/2, p.Paper.H/2
	for n := range plain {
		requireMoved(t, plain[n], scaled[n], func(x, y float64) (float64, float64) {
			return cx + 1.02*(x-cx), cy + 0.98*(y-cy)
		}, "scaled page")
	}
}

func TestCalibrationBackOffsetMovesOnlyTheBack(t *testing.T) {
	for _, backs := range []Backs{BacksLong, BacksShort} {
		p := calibPrint(PaperA4, backs)
		_, plain := renderCalibration(t, p)
		p.BackOffset = Point{X: 1.5, Y: -2}
		_, moved := renderCalibration(t, p)
		requireMoved(t, plain[0], moved[0], func(x, y float64) (float64, float64) { return x, y }, "front")
		requireMoved(t, plain[1], moved[1], func(x, y float64) (float64, float64) { return x + 1.5, y - 2 }, "back")
	}
}

// crossCentres finds the centres of crosses on a page: the midpoints of the
// horizontal arms of the given length and line width.
func crossCentres(page pdfmeasure.Page, arm, width float64) []Point {
	var at []Point
	for _, s := range page.Segments {
		if !s.Curve && math.Abs(s.Y1-s.Y2) < 1e-6 && math.Abs(s.Len()-arm) < 0.01 && math.Abs(s.Width-width) < 0.01 {
			at = append(at, Point{(s.X1 + s.X2) / 2, s.Y1})
		}
	}
	return at
}

func sortPoints(ps []Point) []Point {
	slices.SortFunc(ps, func(a, b Point) int {
		if c := cmpFloat(a.Y, b.Y); c != 0 {
			return c
		}
		return cmpFloat(a.X, b.X)
	})
	return ps
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b-1e-3:
		return -1
	case a > b+1e-3:
		return 1
	}
	return 0
}

func requirePointsNear(t *testing.T, want, got []Point, msg string) {
	t.Helper()
	want, got = sortPoints(slices.Clone(want)), sortPoints(slices.Clone(got))
	require.Len(t, got, len(want), msg)
	for i := range want {
		require.InDelta(t, want[i].X, got[i].X, 0.01, "%s: point %d", msg, i)
		require.InDelta(t, want[i].Y, got[i].Y, 0.01, "%s: point %d", msg, i)
	}
}

// showThrough is where the front's crosses appear when the back is looked
// at against a light, in back-page coordinates, as measured from page 1.
func showThrough(t *testing.T, paper Paper, backs Backs, front pdfmeasure.Page) []Point {
	t.Helper()
	crosses := crossCentres(front, 16, 0.5)
	require.Len(t, crosses, 3, "three duplex targets on the front")
	var at []Point
	for _, c := range crosses {
		if backs == BacksShort {
			at = append(at, Point{c.X, paper.H - c.Y})
		} else {
			at = append(at, Point{paper.W - c.X, c.Y})
		}
	}
	return at
}

func TestCalibrationBackScalesSitBehindTheTargets(t *testing.T) {
	for _, paper := range []Paper{PaperA4, PaperLetter} {
		for _, backs := range []Backs{BacksLong, BacksShort} {
			_, pages := renderCalibration(t, calibPrint(paper, backs))
			want := showThrough(t, paper, backs, pages[0])
			requirePointsNear(t, want, crossCentres(pages[1], 2*scaleReach, 0.1), paper.Name+" "+backs.String())
		}
	}
	// The two flips put the same target in different places.
	l := layoutCalibration(PaperA4)
	require.NotEqual(t, mirrorPoint(PaperA4, BacksLong, l.Targets[0]), mirrorPoint(PaperA4, BacksShort, l.Targets[0]))
}

// reading is what a user reads on a cross scale centred at c for a cross
// seen at at: the values of the X and Y ticks nearest to it.
func reading(c, at Point) Point {
	var r Point
	bestX, bestY := math.Inf(1), math.Inf(1)
	for _, tk := range crossScale(c) {
		if tk.Axis == 'X' {
			if d := math.Abs(tk.At.X - at.X); d < bestX {
				bestX, r.X = d, float64(tk.Value)
			}
		} else if d := math.Abs(tk.At.Y - at.Y); d < bestY {
			bestY, r.Y = d, float64(tk.Value)
		}
	}
	return r
}

// TestCalibrationReadingIsTheBackOffset simulates a printer that shifts the
// back by d: the reading at every target must be -d, and printing with that
// reading as --back-offset must put every scale centre on its cross.
func TestCalibrationReadingIsTheBackOffset(t *testing.T) {
	for _, backs := range []Backs{BacksLong, BacksShort} {
		for _, d := range []Point{{2, -3}, {-4, 1}, {0, 0}} {
			p := calibPrint(PaperA4, backs)
			_, pages := renderCalibration(t, p)
			crosses := sortPoints(showThrough(t, p.Paper, backs, pages[0]))
			centres := sortPoints(crossCentres(pages[1], 2*scaleReach, 0.1))
			require.Len(t, centres, len(crosses))
			var read Point
			for i, c := range centres {
				printed := Point{c.X + d.X, c.Y + d.Y}
				read = reading(printed, crosses[i])
				require.Equal(t, Point{-d.X, -d.Y}, read, "%v drift %v at target %d", backs, d, i)
			}

			p.BackOffset = read
			_, fixed := renderCalibration(t, p)
			var printed []Point
			for _, c := range crossCentres(fixed[1], 2*scaleReach, 0.1) {
				printed = append(printed, Point{c.X + d.X, c.Y + d.Y})
			}
			requirePointsNear(t, crosses, printed, "corrected "+backs.String())
		}
	}
}

func TestCalibrationOutputIsStableAndValid(t *testing.T) {
	a, _ := renderCalibration(t, DefaultPrint())
	b, _ := renderCalibration(t, DefaultPrint())
	require.Equal(t, a, b, "identical input, identical bytes")

	qpdf := pdftest.Tool(t, "qpdf", "qpdf")
	path := filepath.Join(t.TempDir(), "calibration.pdf")
	require.NoError(t, os.WriteFile(path, a, 0o644))
	out, err := exec.Command(qpdf, "--check", path).CombinedOutput()
	require.NoError(t, err, "qpdf --check: %s", out)
}

// TestCalibrationBarsRasterize renders the front at 300 dpi and counts the
// dark pixels along each 100 mm bar: what a printer at 100 % would put down.
func TestCalibrationBarsRasterize(t *testing.T) {
	pdftoppm := pdftest.Tool(t, "pdftoppm", "poppler-utils")
	pdf, _ := renderCalibration(t, DefaultPrint())
	dir := t.TempDir()
	in := filepath.Join(dir, "calibration.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o644))
	out, err := exec.Command(pdftoppm, "-r", "300", "-gray", "-png", "-f", "1", "-l", "1", "-singlefile",
		in, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, "pdftoppm: %s", out)
	f, err := os.Open(filepath.Join(dir, "page.png"))
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)

	const pxPerMM = 300 / 25.4
	dark := func(x, y int) bool {
		r, _, _, _ := img.At(x, y).RGBA()
		return r < 0x8000
	}
	// run counts the dark pixels in a line through (x, y) along (dx, dy).
	run := func(x, y, dx, dy int) int {
		require.True(t, dark(x, y), "bar centre at pixel %d,%d is not dark", x, y)
		n := 1
		for _, s := range []int{1, -1} {
			for px, py := x+s*dx, y+s*dy; image.Pt(px, py).In(img.Bounds()) && dark(px, py); px, py = px+s*dx, py+s*dy {
				n++
			}
		}
		return n
	}
	l := layoutCalibration(PaperA4)
	px := func(mm float64) int { return int(math.Round(mm * pxPerMM)) }
	cx, cy := l.BarX.Center().X, l.BarX.Center().Y
	across := run(px(cx), px(cy), 1, 0)
	cx, cy = l.BarY.Center().X, l.BarY.Center().Y
	down := run(px(cx), px(cy), 0, 1)
	t.Logf("100 mm bars at 300 dpi: %d px across, %d px down (exact: %.1f)", across, down, 100*pxPerMM)
	require.InDelta(t, 100*pxPerMM, across, 2, "bar X")
	require.InDelta(t, 100*pxPerMM, down, 2, "bar Y")
}
