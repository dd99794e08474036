package knights

import (
	"flag"
	"io"
	"path/filepath"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate/internal/kittest"
	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	knightspdf "github.com/ninjakit/ninjakit/layouts/knights"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

func kit(t testing.TB, d *data.Knights, p layouts.Print, size layouts.Size) layouts.Kit {
	t.Helper()
	k, err := knightspdf.Kit(KitContent(d), p.Paper, size)
	require.NoError(t, err)
	return k
}

// counts reads, from the plan the cover is printed from, how many pieces
// of each name a section prints.
func counts(t *testing.T, plan layouts.KitPlan, title string) map[string]int {
	t.Helper()
	for _, sp := range plan.Sections {
		if sp.Title == title {
			out := map[string]int{}
			for _, c := range sp.Counts {
				out[c.Name] = c.Count
			}
			return out
		}
	}
	t.Fatalf("no section %q", title)
	return nil
}

func TestKitPrintsEveryCardOfTheDataFile(t *testing.T) {
	d := data.DefaultKnights()
	want := map[string]int{}
	total := 0
	for _, c := range d.Cards {
		want[c.Name] = c.Count
		total += c.Count
	}
	require.Equal(t, d.Total, total)
	for _, size := range layouts.CardSizes {
		for _, backs := range []layouts.Backs{layouts.BacksNone, layouts.BacksLong, layouts.BacksFold} {
			p := layouts.DefaultPrint()
			p.Backs = backs
			plan, err := layouts.PlanKit(kit(t, d, p, size), p)
			require.NoError(t, err)
			require.Equal(t, want, counts(t, plan, "Cards"), "%s %v", size.Name, backs)
			gems := 0
			for _, n := range counts(t, plan, "Gems") {
				gems += n
			}
			require.Equal(t, d.Setup.MaxPlayers*d.Setup.Gems, gems)
		}
	}
}

func TestKitFollowsTheDataFileInUse(t *testing.T) {
	d := data.DefaultKnights()
	d.Cards[0].Count += 6 // a house rule: more peasants
	d.Total += 6
	d.Cards[1].Name = "Spearman"
	p := layouts.DefaultPrint()
	plan, err := layouts.PlanKit(kit(t, d, p, layouts.SizePoker), p)
	require.NoError(t, err)
	got := counts(t, plan, "Cards")
	require.Equal(t, 30, got["Peasant"])
	require.Equal(t, 16, got["Spearman"])
	require.NotContains(t, got, "Soldier")
}

// TestKitPassesQPDF checks the structure of every kind of kit with qpdf, a
// PDF checker independent of the library that wrote it.
func TestKitPassesQPDF(t *testing.T) {
	kittest.PassesQPDF(t, []layouts.Backs{layouts.BacksNone, layouts.BacksPages, layouts.BacksLong, layouts.BacksShort, layouts.BacksFold}, func(p layouts.Print) layouts.Kit { return kit(t, data.DefaultKnights(), p, layouts.SizePoker) })
}

func TestGoldenKit(t *testing.T) {
	p := layouts.DefaultPrint()
	p.Backs = layouts.BacksLong
	got := kittest.Render(t, kit(t, data.DefaultKnights(), p, layouts.SizePoker), p)
	path := filepath.Join("testdata", "knights-kit.pdf")
	pdftest.Golden(t, path, got, *update)
}

// BenchmarkKit prints the whole kit on A4 with long-edge backs.
func BenchmarkKit(b *testing.B) {
	p := layouts.DefaultPrint()
	p.Backs = layouts.BacksLong
	k := kit(b, data.DefaultKnights(), p, layouts.SizePoker)
	b.ReportAllocs()
	for b.Loop() {
		if err := layouts.RenderKit(io.Discard, k, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKitRaw draws what BenchmarkKit prints (cover text, aid, every
// card face clipped to its box, backs, gems, crop marks, scale checks) by
// calling gofpdf directly at positions worked out by hand for A4, with no
// planning, layout search or transforms: the floor the engine is measured
// against.
func BenchmarkKitRaw(b *testing.B) {
	p := layouts.DefaultPrint()
	p.Backs = layouts.BacksLong
	k := kit(b, data.DefaultKnights(), p, layouts.SizePoker)
	plan, err := layouts.PlanKit(k, p)
	if err != nil {
		b.Fatal(err)
	}
	cover := layouts.CoverLines(k, plan)
	var aid layouts.Page
	var cards, gems *layouts.Set
	for _, s := range k.Sections {
		switch {
		case len(s.Pages) == 1:
			aid = s.Pages[0]
		case s.Set.Back != nil:
			cards = s.Set
		default:
			gems = s.Set
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		pdf := layouts.NewDocument(layouts.PaperA4, "raw")
		pdf.AddPage()
		pdf.SetFont(layouts.FontSans, "", 9)
		for i, l := range cover {
			pdf.Text(15, 20+float64(i)*4.5, l)
		}
		layouts.ScaleCheck(pdf, 5, 285, 50)
		pdf.AddPage()
		aid.Draw(pdf, layouts.FreeArea(layouts.PaperA4))
		layouts.ScaleCheck(pdf, 5, 285, 50)
		rawSheets(pdf, *cards, 3, 3, 0, true)
		rawSheets(pdf, *gems, 7, 10, 3, false)
		if err := layouts.WriteDocument(pdf, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// rawSheets lays a set out cols x rows to a page, centred on A4 with the
// given bleed, and with backs mirrored on the following page.
func rawSheets(pdf *gofpdf.Fpdf, s layouts.Set, cols, rows int, bleed float64, backs bool) {
	w, h := s.Size.W, s.Size.H
	gap := 2 * bleed
	x0 := (210 - float64(cols)*w - float64(cols-1)*gap) / 2
	y0 := (297 - float64(rows)*h - float64(rows-1)*gap) / 2
	per := cols * rows
	for first := 0; first < len(s.Pieces); first += per {
		n := min(per, len(s.Pieces)-first)
		sides := []layouts.Drawer{nil}
		if backs {
			sides = append(sides, s.Back)
		}
		for side, back := range sides {
			pdf.AddPage()
			for k := range n {
				x := x0 + float64(k%cols)*(w+gap)
				if side == 1 {
					x = 210 - x - w
				}
				trim := layouts.Rect{X: x, Y: y0 + float64(k/cols)*(h+gap), W: w, H: h}
				bl := trim.Inset(-bleed)
				pdf.ClipRect(bl.X, bl.Y, bl.W, bl.H, false)
				if back != nil {
					back(pdf, trim, bl)
				} else {
					s.Pieces[first+k].Front(pdf, trim, bl)
				}
				pdf.ClipEnd()
			}
			pdf.SetDrawColor(0, 0, 0)
			pdf.SetLineWidth(0.2)
			bottom, right := y0+float64(rows)*(h+gap)-gap, x0+float64(cols)*(w+gap)-gap
			for c := range cols {
				for _, x := range []float64{x0 + float64(c)*(w+gap), x0 + float64(c)*(w+gap) + w} {
					pdf.Line(x, 5, x, y0-bleed-1.5)
					pdf.Line(x, bottom+bleed+1.5, x, 292)
				}
			}
			for r := range rows {
				for _, y := range []float64{y0 + float64(r)*(h+gap), y0 + float64(r)*(h+gap) + h} {
					pdf.Line(5, y, x0-bleed-1.5, y)
					pdf.Line(right+bleed+1.5, y, 205, y)
				}
			}
			layouts.ScaleCheck(pdf, 5, 290, 10)
		}
	}
}
