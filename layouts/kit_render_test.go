package layouts

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/stretchr/testify/require"
)

func plainFace(pdf Canvas, trim, _ Rect) {
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.3)
	pdf.Rect(trim.X+2, trim.Y+2, trim.W-4, trim.H-4, "D")
}

func testSet(n int, size Size, back bool) *Set {
	s := &Set{Title: fmt.Sprintf("%d %s", n, size.Name), Size: size}
	for i := range n {
		s.Pieces = append(s.Pieces, Piece{Name: fmt.Sprintf("kind %d", i%3), Front: plainFace})
	}
	if back {
		s.Back = plainFace
	}
	return s
}

func freePages(n int) []Page {
	out := make([]Page, n)
	for i := range out {
		out[i] = Page{Title: "board", Draw: func(pdf Canvas, a Rect) { pdf.Rect(a.X, a.Y, a.W, a.H, "D") }}
	}
	return out
}

func testKit(freeBefore int) Kit {
	k := Kit{Title: "Test game", Notes: []string{"A note of the game."}}
	if freeBefore > 0 {
		k.Sections = append(k.Sections, Section{Title: "Boards", Pages: freePages(freeBefore)})
	}
	k.Sections = append(k.Sections,
		Section{Title: "Cards", Set: testSet(20, SizePoker, true)},
		Section{Title: "Counters", Set: testSet(30, SizeCounter, false)},
	)
	return k
}

func TestPlanKitPutsEveryFrontOnTheFrontOfASheet(t *testing.T) {
	for _, tc := range []struct {
		backs      Backs
		free       int
		blank      int
		fronts     []int
		backPages  []int
		counters   int // first page of the counters
		totalPages int
	}{
		{BacksLong, 1, 0, []int{3, 5, 7}, []int{4, 6, 8}, 9, 9},
		{BacksShort, 2, 4, []int{5, 7, 9}, []int{6, 8, 10}, 11, 11},
		{BacksPages, 2, 0, []int{4, 5, 6}, []int{7, 8, 9}, 10, 10},
		{BacksNone, 2, 0, []int{4, 5, 6}, nil, 7, 7},
		{BacksFold, 2, 0, nil, nil, 0, 0},
	} {
		t.Run(tc.backs.String(), func(t *testing.T) {
			p := DefaultPrint()
			p.Backs = tc.backs
			plan, err := PlanKit(testKit(tc.free), p)
			require.NoError(t, err)
			cards := plan.Sections[1]
			if tc.backs == BacksFold {
				require.Empty(t, cards.Backs, "fold prints backs beside their fronts")
				return
			}
			require.Equal(t, tc.blank, cards.Blank)
			require.Equal(t, tc.fronts, cards.Fronts)
			require.Equal(t, tc.backPages, cards.Backs)
			require.Equal(t, tc.counters, plan.Sections[2].First)
			require.Equal(t, tc.totalPages, plan.Pages)
			for _, f := range cards.Fronts {
				if tc.backs.Duplex() && tc.backs != BacksPages {
					require.Equal(t, 1, f%2, "front page %d must be the front of a sheet", f)
				}
			}
			require.Equal(t, []NameCount{{"kind 0", 7}, {"kind 1", 7}, {"kind 2", 6}}, cards.Counts)
		})
	}
}

func TestCoverSaysWhatToPrintDoubleSided(t *testing.T) {
	p := DefaultPrint()
	p.Backs = BacksLong
	plan, err := PlanKit(testKit(2), p)
	require.NoError(t, err)
	text := strings.Join(CoverLines(testKit(2), plan), "\n")
	require.Contains(t, text, "print pages 5–10 double-sided, flipping on the long edge")
	require.Contains(t, text, "p. 5–10  Cards: 20 × poker 63 x 88 mm, 9 to a page")
	require.Contains(t, text, "kind 0 × 7, kind 1 × 7, kind 2 × 6")
	require.Contains(t, text, "A note of the game.")

	p.Backs = BacksPages
	plan, err = PlanKit(testKit(2), p)
	require.NoError(t, err)
	text = strings.Join(CoverLines(testKit(2), plan), "\n")
	require.Contains(t, text, "print the fronts (pages 4–6) single-sided")
	require.Contains(t, text, "print the backs (pages 7–9)")

	p.Backs = BacksNone
	plan, err = PlanKit(testKit(0), p)
	require.NoError(t, err)
	require.Contains(t, strings.Join(CoverLines(testKit(0), plan), "\n"), "Print single-sided")
}

func TestRenderKitPrintsThePlannedPages(t *testing.T) {
	for _, backs := range []Backs{BacksNone, BacksPages, BacksLong, BacksShort, BacksFold} {
		for _, paper := range []Paper{PaperA4, PaperLetter, PaperAny} {
			p := DefaultPrint()
			p.Backs, p.Paper = backs, paper
			k := testKit(1)
			plan, err := PlanKit(k, p)
			require.NoError(t, err)
			var buf bytes.Buffer
			require.NoError(t, RenderKit(&buf, k, p), "%v %v", backs, paper.Name)
			require.Equal(t, plan.Pages, pdftest.Pages(buf.Bytes()), "%v %v", backs, paper.Name)
		}
	}
}

func TestPlanKitRefusesEmptySections(t *testing.T) {
	_, err := PlanKit(Kit{Sections: []Section{{Title: "Nothing"}}}, DefaultPrint())
	require.ErrorContains(t, err, `section "Nothing": nothing to print`)
	_, err = PlanKit(Kit{Sections: []Section{{Title: "Cards", Set: &Set{Size: SizePoker}}}}, DefaultPrint())
	require.ErrorContains(t, err, "no pieces")
}

func TestPageRange(t *testing.T) {
	require.Equal(t, "", pageRange(nil))
	require.Equal(t, "3", pageRange([]int{3}))
	require.Equal(t, "3–5", pageRange([]int{3, 4, 5}))
	require.Equal(t, "3, 5, 7", pageRange([]int{3, 5, 7}))
}
