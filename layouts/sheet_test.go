package layouts

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

const sheetTol = 1e-6

var (
	sheetPapers = []Paper{PaperA4, PaperLetter, PaperAny}
	sheetSizes  = []Size{SizePoker, SizeBridge, SizeMini, SizeToken, SizeCounter}
	// oddSizes push the limits: the smallest card, a tall one, a thin one.
	oddSizes    = []Size{{Name: "tiny", W: 10, H: 10}, {Name: "tarot", W: 70, H: 120}, {Name: "strip", W: 12, H: 150}}
	sheetBacks  = []Backs{BacksNone, BacksPages, BacksLong, BacksShort, BacksFold}
	sheetBleeds = []float64{0, 3}
)

// eachSpec runs f for every paper x size x backs x bleed, with enough
// pieces for two full sheets and a partial third.
func eachSpec(t *testing.T, f func(t *testing.T, spec SheetSpec, l SheetLayout)) {
	for _, p := range sheetPapers {
		for _, s := range append(slices.Clone(sheetSizes), oddSizes...) {
			for _, b := range sheetBacks {
				for _, bleed := range sheetBleeds {
					spec := SheetSpec{Paper: p, Size: s, Count: 1, Bleed: bleed, Backs: b, Guides: true}
					t.Run(fmt.Sprintf("%s/%s/%s/bleed%g", p.Name, s.Name, b, bleed), func(t *testing.T) {
						one, err := LayoutSheet(spec)
						require.NoError(t, err)
						spec.Count = 2*one.PerPage + 1
						l, err := LayoutSheet(spec)
						require.NoError(t, err)
						f(t, spec, l)
					})
				}
			}
		}
	}
}

// sheetBoxes are every cut box on a sheet's front page (fold backs included).
func sheetBoxes(sh Sheet, fold bool) (trim, bleed []Rect) {
	for _, s := range sh.Slots {
		trim, bleed = append(trim, s.Trim), append(bleed, s.Bleed)
		if fold {
			trim, bleed = append(trim, s.BackTrim), append(bleed, s.BackBleed)
		}
	}
	return trim, bleed
}

func bounds(rs []Rect) Rect {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range rs {
		x0, y0 = math.Min(x0, r.X), math.Min(y0, r.Y)
		x1, y1 = math.Max(x1, r.Right()), math.Max(y1, r.Bottom())
	}
	return Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

func isVertical(l Line) bool { return math.Abs(l.A.X-l.B.X) < sheetTol }

func lineLen(l Line) float64 { return math.Hypot(l.B.X-l.A.X, l.B.Y-l.A.Y) }

// crossesInterior reports whether l runs through the open interior of r.
func crossesInterior(l Line, r Rect) bool {
	if isVertical(l) {
		y0, y1 := math.Min(l.A.Y, l.B.Y), math.Max(l.A.Y, l.B.Y)
		return l.A.X > r.X+sheetTol && l.A.X < r.Right()-sheetTol && y1 > r.Y+sheetTol && y0 < r.Bottom()-sheetTol
	}
	x0, x1 := math.Min(l.A.X, l.B.X), math.Max(l.A.X, l.B.X)
	return l.A.Y > r.Y+sheetTol && l.A.Y < r.Bottom()-sheetTol && x1 > r.X+sheetTol && x0 < r.Right()-sheetTol
}

func distinctSorted(vs []float64) []float64 {
	slices.Sort(vs)
	var out []float64
	for _, v := range vs {
		if len(out) == 0 || v-out[len(out)-1] > sheetTol {
			out = append(out, v)
		}
	}
	return out
}

func TestLayoutSheetStaysPrintable(t *testing.T) {
	eachSpec(t, func(t *testing.T, spec SheetSpec, l SheetLayout) {
		pr := spec.Paper.Printable()
		for _, sh := range l.Sheets {
			_, bleeds := sheetBoxes(sh, spec.Backs == BacksFold)
			for _, b := range bleeds {
				require.True(t, pr.Contains(b), "bleed %+v", b)
			}
			for _, s := range sh.Slots {
				if spec.Backs.Duplex() {
					require.True(t, pr.Contains(s.BackBleed), "back bleed %+v", s.BackBleed)
				}
			}
			for _, ls := range [][]Line{sh.Marks, sh.BackMarks, sh.Guides, sh.Folds} {
				for _, m := range ls {
					require.True(t, pr.Contains(bounds([]Rect{{X: m.A.X, Y: m.A.Y}, {X: m.B.X, Y: m.B.Y}})), "line %+v", m)
				}
			}
			require.True(t, pr.Contains(sh.Furniture))
		}
	})
}

func TestLayoutSheetCutsAreCuttable(t *testing.T) {
	eachSpec(t, func(t *testing.T, spec SheetSpec, l SheetLayout) {
		want := math.Max(2*spec.Bleed, MinCutGap)
		for _, sh := range l.Sheets {
			ts, bs := sheetBoxes(sh, spec.Backs == BacksFold)
			// Plain ifs: these loops run a million times for tiny pieces.
			for i := range ts {
				for j := i + 1; j < len(ts); j++ {
					a, b := ts[i], ts[j]
					if a.Overlaps(b) || bs[i].Overlaps(bs[j]) {
						t.Fatalf("pieces %+v and %+v overlap (bleeds %+v %+v)", a, b, bs[i], bs[j])
					}
					dx := math.Max(a.X-b.Right(), b.X-a.Right())
					dy := math.Max(a.Y-b.Bottom(), b.Y-a.Bottom())
					if (dy < 0 && dx > sheetTol && dx < want-sheetTol) || (dx < 0 && dy > sheetTol && dy < want-sheetTol) {
						t.Fatalf("pieces %+v and %+v neither share a cut nor leave %g mm", a, b, want)
					}
				}
			}
			var xs, ys []float64
			for _, ls := range [][]Line{sh.Marks, sh.Guides, sh.Folds} {
				for _, m := range ls {
					if isVertical(m) {
						xs = append(xs, m.A.X)
					} else {
						ys = append(ys, m.A.Y)
					}
					for _, tr := range ts {
						if crossesInterior(m, tr) {
							t.Fatalf("line %+v crosses %+v", m, tr)
						}
					}
				}
			}
			for _, cs := range [][]float64{distinctSorted(xs), distinctSorted(ys)} {
				for i := 1; i < len(cs); i++ {
					require.GreaterOrEqual(t, cs[i]-cs[i-1], MinCutGap-sheetTol, "lines at %v and %v", cs[i-1], cs[i])
				}
			}
		}
	})
}

// Every cut gets a mark at both ends, each running from the printable edge
// to MarkOffset short of the art, so it survives the first cuts.
func TestLayoutSheetFullLengthMarks(t *testing.T) {
	eachSpec(t, func(t *testing.T, spec SheetSpec, l SheetLayout) {
		pr := spec.Paper.Printable()
		sh := l.Sheets[0]
		ts, bs := sheetBoxes(sh, spec.Backs == BacksFold)
		block := bounds(bs)
		for _, m := range append(slices.Clone(sh.Marks), sh.Folds...) {
			require.GreaterOrEqual(t, lineLen(m), MinMarkLen-sheetTol)
			for _, b := range bs {
				if crossesInterior(m, b.Inset(-MarkOffset+sheetTol)) {
					t.Fatalf("mark %+v too near %+v", m, b)
				}
			}
		}
		type end struct {
			vertical bool
			at, from float64
			to       float64
		}
		have := map[end]bool{}
		for _, m := range sh.Marks {
			a, b := m.A, m.B
			if isVertical(m) {
				have[end{true, microns(a.X), microns(a.Y), microns(b.Y)}] = true
			} else {
				have[end{false, microns(a.Y), microns(a.X), microns(b.X)}] = true
			}
		}
		for _, tr := range ts {
			for _, x := range []float64{tr.X, tr.Right()} {
				if spec.Backs == BacksFold && !l.Sheets[0].hasCutX(x) {
					continue
				}
				require.True(t, have[end{true, microns(x), microns(pr.Y), microns(block.Y - MarkOffset)}], "no mark above x=%v", x)
				require.True(t, have[end{true, microns(x), microns(block.Bottom() + MarkOffset), microns(pr.Bottom())}], "no mark below x=%v", x)
			}
			for _, y := range []float64{tr.Y, tr.Bottom()} {
				if spec.Backs == BacksFold && !l.Sheets[0].hasCutY(y) {
					continue
				}
				require.True(t, have[end{false, microns(y), microns(pr.X), microns(block.X - MarkOffset)}], "no mark left of y=%v", y)
				require.True(t, have[end{false, microns(y), microns(block.Right() + MarkOffset), microns(pr.Right())}], "no mark right of y=%v", y)
			}
		}
	})
}

func microns(v float64) float64 { return math.Round(v * 1e6) }

// hasCutX reports whether x is an outer edge of a fold pair (the fold
// between a front and its back is not cut).
func (sh Sheet) hasCutX(x float64) bool {
	for _, s := range sh.Slots {
		u := bounds([]Rect{s.Trim, s.BackTrim})
		if math.Abs(u.X-x) < sheetTol || math.Abs(u.Right()-x) < sheetTol {
			return true
		}
	}
	return false
}

func (sh Sheet) hasCutY(y float64) bool {
	for _, s := range sh.Slots {
		u := bounds([]Rect{s.Trim, s.BackTrim})
		if math.Abs(u.Y-y) < sheetTol || math.Abs(u.Bottom()-y) < sheetTol {
			return true
		}
	}
	return false
}

func TestLayoutSheetBacksMirrorFronts(t *testing.T) {
	eachSpec(t, func(t *testing.T, spec SheetSpec, l SheetLayout) {
		W, H := spec.Paper.W, spec.Paper.H
		mirror := map[Backs]func(Rect) Rect{
			BacksPages: func(r Rect) Rect { return Rect{X: W - r.X - r.W, Y: r.Y, W: r.W, H: r.H} },
			BacksLong:  func(r Rect) Rect { return Rect{X: W - r.X - r.W, Y: r.Y, W: r.W, H: r.H} },
			BacksShort: func(r Rect) Rect { return Rect{X: r.X, Y: H - r.Y - r.H, W: r.W, H: r.H} },
		}
		near := func(a, b Rect) {
			require.InDelta(t, a.X, b.X, sheetTol)
			require.InDelta(t, a.Y, b.Y, sheetTol)
			require.InDelta(t, a.W, b.W, sheetTol)
			require.InDelta(t, a.H, b.H, sheetTol)
		}
		for _, sh := range l.Sheets {
			for _, s := range sh.Slots {
				switch spec.Backs {
				case BacksNone:
					require.Zero(t, s.BackTrim)
					require.Zero(t, s.BackBleed)
				case BacksFold:
					var m func(Rect) Rect
					if math.Abs(s.BackTrim.X-s.Trim.Right()) < sheetTol {
						f := s.Trim.Right()
						m = func(r Rect) Rect { return Rect{X: 2*f - r.Right(), Y: r.Y, W: r.W, H: r.H} }
					} else {
						f := s.Trim.Bottom()
						require.InDelta(t, f, s.BackTrim.Y, sheetTol, "back neither beside nor below its front")
						m = func(r Rect) Rect { return Rect{X: r.X, Y: 2*f - r.Bottom(), W: r.W, H: r.H} }
					}
					near(m(s.Trim), s.BackTrim)
					near(m(s.Bleed), s.BackBleed)
				default:
					near(mirror[spec.Backs](s.Trim), s.BackTrim)
					near(mirror[spec.Backs](s.Bleed), s.BackBleed)
				}
			}
			if spec.Backs.Duplex() {
				require.Len(t, sh.BackMarks, len(sh.Marks))
				for i, m := range sh.Marks {
					a := bounds([]Rect{{X: m.A.X, Y: m.A.Y}, {X: m.B.X, Y: m.B.Y}})
					b := sh.BackMarks[i]
					near(mirror[spec.Backs](a), bounds([]Rect{{X: b.A.X, Y: b.A.Y}, {X: b.B.X, Y: b.B.Y}}))
				}
			} else {
				require.Empty(t, sh.BackMarks)
			}
			require.Equal(t, spec.Backs == BacksFold, len(sh.Folds) > 0)
		}
	})
}

func TestLayoutSheetFurniture(t *testing.T) {
	eachSpec(t, func(t *testing.T, spec SheetSpec, l SheetLayout) {
		for _, sh := range l.Sheets {
			f := sh.Furniture
			require.GreaterOrEqual(t, f.W, FurnitureW-sheetTol)
			require.GreaterOrEqual(t, f.H, FurnitureH-sheetTol)
			_, bs := sheetBoxes(sh, spec.Backs == BacksFold)
			for _, b := range bs {
				require.False(t, f.Overlaps(b), "furniture %+v on %+v", f, b)
			}
			for _, m := range append(slices.Clone(sh.Marks), sh.Folds...) {
				require.False(t, crossesInterior(m, f.Inset(-furnitureClear+sheetTol)), "furniture %+v on %+v", f, m)
			}
		}
	})
}

func TestLayoutSheetSlots(t *testing.T) {
	eachSpec(t, func(t *testing.T, spec SheetSpec, l SheetLayout) {
		require.Len(t, l.Sheets, 3)
		require.Equal(t, l.Cols*l.Rows, l.PerPage)
		i := 0
		for n, sh := range l.Sheets {
			if n < 2 {
				require.Len(t, sh.Slots, l.PerPage)
			}
			for _, s := range sh.Slots {
				require.Equal(t, i, s.Index)
				require.Equal(t, l.Rotated, s.Rotated)
				w, h := spec.Size.W, spec.Size.H
				if s.Rotated {
					w, h = h, w
				}
				require.InDelta(t, w, s.Trim.W, sheetTol)
				require.InDelta(t, h, s.Trim.H, sheetTol)
				i++
			}
			require.NotEmpty(t, sh.Guides)
		}
		require.Equal(t, spec.Count, i)
		spec.Guides = false
		plain, err := LayoutSheet(spec)
		require.NoError(t, err)
		for _, sh := range plain.Sheets {
			require.Empty(t, sh.Guides)
		}
	})
}

// No arrangement fits more pieces than LayoutSheet chose, and one more
// column or row never fits under the same rules.
func TestLayoutSheetIsMaximal(t *testing.T) {
	eachSpec(t, func(t *testing.T, spec SheetSpec, l SheetLayout) {
		stacked := spec.Backs == BacksFold && l.Sheets[0].Slots[0].BackTrim.X == l.Sheets[0].Slots[0].Trim.X
		a := arrangement{rotated: l.Rotated, stacked: stacked}
		require.True(t, newGrid(spec, a, l.Cols, l.Rows).fits(spec.Paper))
		require.False(t, newGrid(spec, a, l.Cols+1, l.Rows).fits(spec.Paper))
		require.False(t, newGrid(spec, a, l.Cols, l.Rows+1).fits(spec.Paper))
		for _, other := range arrangements(spec.Backs) {
			for c := 1; c <= 40; c++ {
				for r := 1; r <= 40 && c*r > l.PerPage; r++ {
					require.False(t, newGrid(spec, other, c, r).fits(spec.Paper), "%+v %dx%d beats %d", other, c, r, l.PerPage)
				}
			}
		}
	})
}

func TestLayoutSheetPerPage(t *testing.T) {
	// paper -> size -> {bleed 0, bleed 3} with no backs.
	want := map[string]map[string][2]int{
		"A4":     {"poker": {9, 8}, "bridge": {9, 8}, "mini": {18, 12}, "token": {117, 70}, "counter": {150, 77}},
		"Letter": {"poker": {8, 6}, "bridge": {8, 8}, "mini": {16, 10}, "token": {117, 70}, "counter": {140, 80}},
		"any":    {"poker": {8, 6}, "bridge": {8, 8}, "mini": {16, 10}, "token": {117, 70}, "counter": {140, 70}},
	}
	for _, p := range sheetPapers {
		for _, s := range sheetSizes {
			for i, bleed := range sheetBleeds {
				l, err := LayoutSheet(SheetSpec{Paper: p, Size: s, Count: 1, Bleed: bleed})
				require.NoError(t, err)
				require.Equal(t, want[p.Name][s.Name][i], l.PerPage, "%s %s bleed %g", p.Name, s.Name, bleed)
			}
		}
	}
}

// Poker cards on Letter fit better turned: 2 x 4 instead of 3 x 2.
func TestLayoutSheetRotates(t *testing.T) {
	l, err := LayoutSheet(SheetSpec{Paper: PaperLetter, Size: SizePoker, Count: 8})
	require.NoError(t, err)
	require.True(t, l.Rotated)
	require.Equal(t, [2]int{2, 4}, [2]int{l.Cols, l.Rows})
	a4, err := LayoutSheet(SheetSpec{Paper: PaperA4, Size: SizePoker, Count: 8})
	require.NoError(t, err)
	require.False(t, a4.Rotated, "a tie stays upright")
}

func TestLayoutSheetRefuses(t *testing.T) {
	for name, spec := range map[string]SheetSpec{
		"too big":        {Paper: PaperLetter, Size: Size{Name: "huge", W: 200, H: 270}, Count: 1, Bleed: 10},
		"nothing":        {Paper: PaperA4, Size: SizePoker, Count: 0},
		"negative bleed": {Paper: PaperA4, Size: SizePoker, Count: 1, Bleed: -1},
		"no area":        {Paper: PaperA4, Size: Size{Name: "flat", W: 63}, Count: 1},
		"no paper":       {Size: SizePoker, Count: 1},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := LayoutSheet(spec)
			require.Error(t, err)
		})
	}
}

func BenchmarkLayoutSheet(b *testing.B) {
	spec := SheetSpec{Paper: PaperA4, Size: SizePoker, Count: 100, Bleed: 3, Backs: BacksLong, Guides: true}
	for b.Loop() {
		if _, err := LayoutSheet(spec); err != nil {
			b.Fatal(err)
		}
	}
}
