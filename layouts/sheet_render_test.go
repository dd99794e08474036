package layouts

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/stretchr/testify/require"
)

// cardSet is n pieces whose faces fill the bleed and print their number,
// so every piece changes colours and fonts inside its clip.
func cardSet(n int, size Size, back bool) Set {
	s := Set{Title: "Test cards", Size: size, FullBleed: true}
	for i := range n {
		s.Pieces = append(s.Pieces, Piece{Name: "card", Front: func(pdf Canvas, trim, bleed Rect) {
			pdf.SetFillColor(200, 40, 40)
			pdf.Rect(bleed.X, bleed.Y, bleed.W, bleed.H, "F")
			pdf.SetTextColor(255, 255, 255)
			SetFont(pdf, FontSans, "B", 14)
			TextCentered(pdf, trim.Center().X, trim.Center().Y, fmt.Sprint(i+1))
		}})
	}
	if back {
		s.Back = func(pdf Canvas, trim, bleed Rect) {
			pdf.SetFillColor(30, 30, 120)
			pdf.Rect(bleed.X, bleed.Y, bleed.W, bleed.H, "F")
			pdf.SetDrawColor(255, 255, 255)
			pdf.SetLineWidth(1)
			pdf.Line(trim.X, trim.Y, trim.Right(), trim.Bottom())
		}
	}
	return s
}

func renderSet(t testing.TB, s Set, p Print) (*Doc, []byte) {
	t.Helper()
	d, err := NewDoc("test", p)
	require.NoError(t, err)
	require.NoError(t, d.AddSet(s))
	require.NoError(t, d.PDF.Error())
	var buf bytes.Buffer
	require.NoError(t, d.Write(&buf))
	return d, buf.Bytes()
}

func sheetPrint(paper Paper, backs Backs) Print {
	p := DefaultPrint()
	p.Paper, p.Backs, p.Guides = paper, backs, true
	return p
}

// wantSheetPages is the roles AddSet must produce for n sheets, with each page's
// pair (1-based, 0 for none).
func wantSheetPages(n int, b Backs) (roles []PageRole, pairs []int) {
	switch b {
	case BacksPages:
		for i := range n {
			roles, pairs = append(roles, RoleFront), append(pairs, n+i+1)
		}
		for i := range n {
			roles, pairs = append(roles, RoleBack), append(pairs, i+1)
		}
	case BacksLong, BacksShort:
		for i := range n {
			roles, pairs = append(roles, RoleFront, RoleBack), append(pairs, 2*i+2, 2*i+1)
		}
	default:
		for range n {
			roles, pairs = append(roles, RoleFront), append(pairs, 0)
		}
	}
	return roles, pairs
}

func TestAddSetPages(t *testing.T) {
	for _, paper := range sheetPapers {
		for _, b := range sheetBacks {
			for _, back := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s/%s/back=%v", paper.Name, b, back), func(t *testing.T) {
					s, p := cardSet(20, SizePoker, back), sheetPrint(paper, b)
					plan, err := PlanSet(s, p)
					require.NoError(t, err)
					d, out := renderSet(t, s, p)
					eff := b
					if !back {
						eff = BacksNone
					}
					roles, pairs := wantSheetPages(len(plan.Sheets), eff)
					require.Len(t, d.Pages, len(roles))
					for i, pg := range d.Pages {
						require.Equal(t, i+1, pg.Number)
						require.Equal(t, roles[i], pg.Role, "page %d", i+1)
						require.Equal(t, pairs[i], pg.Pair, "page %d", i+1)
						require.Equal(t, "Test cards", pg.Section)
					}
					placed := 0
					for _, sh := range plan.Sheets {
						placed += len(sh.Slots)
					}
					require.Equal(t, 20, placed)
					if b == BacksFold && back {
						require.NotZero(t, plan.Sheets[0].Slots[0].BackTrim)
					} else if b == BacksFold {
						none, err := PlanSet(s, sheetPrint(paper, BacksNone))
						require.NoError(t, err)
						require.Equal(t, none, plan, "fold without backs lays out as none")
					}
					requireBalanced(t, out, len(d.Pages))
					_, again := renderSet(t, s, p)
					require.True(t, bytes.Equal(out, again), "output must be byte-identical")
				})
			}
		}
	}
}

// Poker cards turn on Letter: the drawer still sees them upright, centred
// where the slot is, with the bleed around the trim.
func TestAddSetDrawsRotatedUpright(t *testing.T) {
	p := sheetPrint(PaperLetter, BacksLong)
	var got [][2]Rect
	s := Set{Title: "t", Size: SizePoker, FullBleed: true, Back: func(Canvas, Rect, Rect) {}}
	for range 3 {
		s.Pieces = append(s.Pieces, Piece{Front: func(_ Canvas, trim, bleed Rect) {
			got = append(got, [2]Rect{trim, bleed})
		}})
	}
	plan, err := PlanSet(s, p)
	require.NoError(t, err)
	require.True(t, plan.Rotated)
	renderSet(t, s, p)
	require.Len(t, got, 3)
	for i, g := range got {
		slot := plan.Sheets[0].Slots[i]
		require.InDelta(t, SizePoker.W, g[0].W, sheetTol)
		require.InDelta(t, SizePoker.H, g[0].H, sheetTol)
		require.InDelta(t, slot.Trim.Center().X, g[0].Center().X, sheetTol)
		require.InDelta(t, slot.Trim.Center().Y, g[0].Center().Y, sheetTol)
		want := g[0].Inset(-DefaultBleed)
		require.InDelta(t, want.X, g[1].X, sheetTol)
		require.InDelta(t, want.Y, g[1].Y, sheetTol)
		require.InDelta(t, want.W, g[1].W, sheetTol)
		require.InDelta(t, want.H, g[1].H, sheetTol)
	}
}

// Round counters clip to a circle as well as their bleed box.
func TestAddSetClipsRound(t *testing.T) {
	d, out := renderSet(t, cardSet(5, SizeCounter, true), sheetPrint(PaperA4, BacksFold))
	require.Len(t, d.Pages, 1)
	requireBalanced(t, out, 1)
	require.Contains(t, string(drawnStreams(t, out)[0]), " c W n")
}

// Printer corrections reach card sheets: the back offset moves back pages
// only, and the pages stay balanced under the scale.
func TestAddSetPrinterCorrections(t *testing.T) {
	p := sheetPrint(PaperA4, BacksLong)
	p.BackOffset, p.Scale = Point{X: 1, Y: -2}, Point{X: 1.01, Y: 0.99}
	d, out := renderSet(t, cardSet(12, SizePoker, true), p)
	require.Len(t, d.Pages, 4)
	requireBalanced(t, out, 4)
	shift := fmt.Sprintf("1.00000 0.00000 0.00000 1.00000 %.5f %.5f cm", 1/PtToMM, 2/PtToMM)
	for i, raw := range drawnStreams(t, out) {
		require.Equal(t, d.Pages[i].Role == RoleBack, bytes.Contains(raw, []byte(shift)), "page %d", i+1)
	}
}

func TestAddSetRefuses(t *testing.T) {
	d, err := NewDoc("t", sheetPrint(PaperLetter, BacksNone))
	require.NoError(t, err)
	d.Print.Bleed = 10
	require.Error(t, d.AddSet(cardSet(1, Size{Name: "huge", W: 200, H: 270}, false)))
	require.Empty(t, d.Pages)
}

func TestAddSetQPDFCheck(t *testing.T) {
	qpdf := pdftest.Tool(t, "qpdf", "qpdf")
	for _, b := range sheetBacks {
		t.Run(b.String(), func(t *testing.T) {
			_, out := renderSet(t, cardSet(20, SizePoker, true), sheetPrint(PaperA4, b))
			path := filepath.Join(t.TempDir(), "set.pdf")
			require.NoError(t, os.WriteFile(path, out, 0o644))
			msg, err := exec.Command(qpdf, "--check", path).CombinedOutput()
			require.NoError(t, err, "%s", msg)
			require.NotContains(t, string(msg), "WARNING")
		})
	}
}

// drawnStreams returns the decoded content streams that draw something.
func drawnStreams(t testing.TB, b []byte) [][]byte {
	t.Helper()
	var out [][]byte
	streams := regexp.MustCompile(`(?s)<<([^>]*)>>\nstream\n(.*?)\nendstream`).FindAllSubmatch(b, -1)
	for _, m := range streams {
		if bytes.Contains(m[1], []byte("/Length1")) || bytes.Contains(m[1], []byte("/Subtype")) {
			continue // font files and other binary streams
		}
		raw := m[2]
		if bytes.Contains(m[1], []byte("/FlateDecode")) {
			r, err := zlib.NewReader(bytes.NewReader(raw))
			require.NoError(t, err)
			raw, err = io.ReadAll(r)
			require.NoError(t, err)
		}
		if bytes.Contains(raw, []byte(" l S")) {
			out = append(out, raw)
		}
	}
	return out
}

// requireBalanced checks every page closes the graphics states it opens,
// or later pages would inherit clips and transforms.
func requireBalanced(t *testing.T, out []byte, pages int) {
	t.Helper()
	op := regexp.MustCompile(`(?m)(?:^|[ \n])([qQ])(?:[ \n]|$)`)
	streams := drawnStreams(t, out)
	require.Len(t, streams, pages)
	for _, raw := range streams {
		depth := 0
		for _, o := range op.FindAllSubmatch(raw, -1) {
			if o[1][0] == 'q' {
				depth++
			} else {
				depth--
			}
			require.GreaterOrEqual(t, depth, 0, "Q without q")
		}
		require.Zero(t, depth, "unbalanced q/Q in a page")
	}
}

func BenchmarkAddSet(b *testing.B) {
	s, p := cardSet(100, SizePoker, true), sheetPrint(PaperA4, BacksLong)
	for b.Loop() {
		d, err := NewDoc("bench", p)
		if err != nil {
			b.Fatal(err)
		}
		if err := d.AddSet(s); err != nil {
			b.Fatal(err)
		}
		if err := d.Write(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
