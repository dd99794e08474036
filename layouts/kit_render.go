package layouts

import (
	"fmt"
	"io"
	"strings"

	"github.com/jung-kurt/gofpdf"
)

// KitPlan is where every part of a kit lands, worked out before anything is
// drawn so the cover can name pages.
type KitPlan struct {
	Print Print
	// Pages is the document's length, cover and blank pages included.
	Pages    int
	Sections []SectionPlan
}

// SectionPlan is one section's place in the document.
type SectionPlan struct {
	Title string
	// First and Last are the section's pages, 1-based and inclusive.
	First, Last int
	// Blank is a page left empty before the section so that, with duplex
	// backs, every front lands on the front of a sheet; 0 when none.
	Blank int
	// Fronts and Backs list card-sheet pages; Backs is empty for
	// single-sided sets and for fold or none.
	Fronts, Backs []int
	Pieces        int
	PerPage       int
	Size          Size
	Bleed         float64
	Counts        []NameCount
	Note          string
}

// NameCount is how many pieces of one name a set prints.
type NameCount struct {
	Name  string
	Count int
}

// PlanKit lays out every section of k and numbers its pages, page 1 being
// the cover.
func PlanKit(k Kit, p Print) (KitPlan, error) {
	if err := p.Validate(); err != nil {
		return KitPlan{}, err
	}
	plan := KitPlan{Print: p}
	next := 2
	for _, s := range k.Sections {
		sp := SectionPlan{Title: s.Title, Note: s.Note}
		switch {
		case s.Set != nil && len(s.Pages) > 0:
			return KitPlan{}, fmt.Errorf("section %q: card sheets and free pages are separate sections", s.Title)
		case s.Set != nil:
			if len(s.Set.Pieces) == 0 {
				return KitPlan{}, fmt.Errorf("section %q: no pieces to print", s.Title)
			}
			l, err := PlanSet(*s.Set, p)
			if err != nil {
				return KitPlan{}, fmt.Errorf("section %q: %w", s.Title, err)
			}
			duplex := s.Set.Back != nil && p.Backs.Duplex()
			// Re-fed or glued back pages need no padding; a duplex printer
			// needs every front on an odd page.
			if duplex && p.Backs != BacksPages && next%2 == 0 {
				sp.Blank, next = next, next+1
			}
			sp.Pieces, sp.PerPage, sp.Size = len(s.Set.Pieces), l.PerPage, s.Set.Size
			sp.Bleed = p.BleedFor(s.Set.FullBleed)
			sp.Counts = countNames(s.Set.Pieces)
			sp.First = next
			n := len(l.Sheets)
			for i := range n {
				switch {
				case !duplex:
					sp.Fronts = append(sp.Fronts, next+i)
				case p.Backs == BacksPages:
					sp.Fronts = append(sp.Fronts, next+i)
					sp.Backs = append(sp.Backs, next+n+i)
				default:
					sp.Fronts = append(sp.Fronts, next+2*i)
					sp.Backs = append(sp.Backs, next+2*i+1)
				}
			}
			next += n
			if duplex {
				next += n
			}
		case len(s.Pages) > 0:
			sp.First = next
			next += len(s.Pages)
		default:
			return KitPlan{}, fmt.Errorf("section %q: nothing to print", s.Title)
		}
		if sp.Blank != 0 {
			sp.First = sp.Blank
		}
		sp.Last = next - 1
		plan.Sections = append(plan.Sections, sp)
	}
	plan.Pages = next - 1
	return plan, nil
}

// countNames tallies pieces by name in order of first appearance.
func countNames(pieces []Piece) []NameCount {
	var out []NameCount
	at := map[string]int{}
	for _, pc := range pieces {
		i, ok := at[pc.Name]
		if !ok {
			i = len(out)
			at[pc.Name] = i
			out = append(out, NameCount{Name: pc.Name})
		}
		out[i].Count++
	}
	return out
}

// RenderKit prints k behind a cover page.
func RenderKit(w io.Writer, k Kit, p Print) error {
	plan, err := PlanKit(k, p)
	if err != nil {
		return err
	}
	d, err := NewDoc(k.Title+" – print-and-play kit", p)
	if err != nil {
		return err
	}
	d.BeginPage(RoleCover, "cover")
	drawCover(d.PDF, k, plan)
	DrawFooter(d.PDF, p.Paper, pageLabel(1, plan.Pages))
	d.EndPage()
	for i, s := range k.Sections {
		sp := plan.Sections[i]
		if sp.Blank != 0 {
			d.BeginPage(RoleFree, "blank")
			blankPage(d.PDF, p.Paper)
			d.EndPage()
		}
		if s.Set != nil {
			if err := d.AddSet(*s.Set); err != nil {
				return fmt.Errorf("section %q: %w", s.Title, err)
			}
			continue
		}
		for _, pg := range s.Pages {
			n := d.BeginPage(RoleFree, s.Title)
			pg.Draw(d.PDF, FreeArea(p.Paper))
			DrawFooter(d.PDF, p.Paper, pageLabel(n, plan.Pages))
			d.EndPage()
		}
	}
	if len(d.Pages) != plan.Pages {
		return fmt.Errorf("kit: planned %d pages but printed %d", plan.Pages, len(d.Pages))
	}
	return d.Write(w)
}

func pageLabel(n, of int) string { return fmt.Sprintf("page %d of %d", n, of) }

// blankPage says it is blank on purpose, so nobody thinks a page is missing.
func blankPage(pdf *gofpdf.Fpdf, paper Paper) {
	a := FreeArea(paper)
	pdf.SetFont(FontSans, "", 9)
	pdf.SetTextColor(120, 120, 120)
	TextCentered(pdf, a.X+a.W/2, a.Y+a.H/2, "left blank so that card fronts fall on the front of a sheet")
}

// pageRange writes 3, 3–5, or a list when pages are not consecutive.
func pageRange(pages []int) string {
	if len(pages) == 0 {
		return ""
	}
	consecutive := true
	for i := 1; i < len(pages); i++ {
		consecutive = consecutive && pages[i] == pages[i-1]+1
	}
	switch {
	case len(pages) == 1:
		return fmt.Sprint(pages[0])
	case consecutive:
		return fmt.Sprintf("%d–%d", pages[0], pages[len(pages)-1])
	}
	parts := make([]string, len(pages))
	for i, n := range pages {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, ", ")
}

// CoverLines is the cover's text, line by line: headings start with "# ".
// It is separate from the drawing so tests read what the cover tells.
func CoverLines(k Kit, plan KitPlan) []string {
	p := plan.Print
	lines := []string{"# Contents"}
	for _, sp := range plan.Sections {
		first := sp.First
		if sp.Blank != 0 {
			first = sp.Blank + 1
		}
		pages := fmt.Sprint(first)
		if sp.Last > first {
			pages = fmt.Sprintf("%d–%d", first, sp.Last)
		}
		what := ""
		if sp.Pieces > 0 {
			what = fmt.Sprintf(": %d × %s, %d to a page", sp.Pieces, sp.Size, sp.PerPage)
			if sp.Bleed > 0 {
				what += fmt.Sprintf(", %g mm bleed", sp.Bleed)
			}
		}
		lines = append(lines, fmt.Sprintf("p. %s  %s%s", pages, sp.Title, what))
		if sp.Note != "" {
			lines = append(lines, "      "+sp.Note)
		}
	}
	lines = append(lines, "# Counts")
	for _, sp := range plan.Sections {
		if len(sp.Counts) == 0 {
			continue
		}
		parts := make([]string, len(sp.Counts))
		for i, c := range sp.Counts {
			parts[i] = fmt.Sprintf("%s × %d", c.Name, c.Count)
		}
		lines = append(lines, sp.Title+": "+strings.Join(parts, ", "))
	}
	lines = append(lines, "# Printing",
		"Print at 100 % (\"actual size\"); switch off \"fit to page\" and \"shrink oversized pages\".",
		"Check with a ruler that the 50 mm bar at the foot of this page measures 50 mm.",
		"New printer? Print ninjakit generate calibration first: it measures stretch (--scale) and duplex drift (--back-offset).")
	lines = append(lines, backsLines(plan)...)
	lines = append(lines, "# Cutting",
		"Crop marks run the whole margin: cut every line of one direction first, then turn the strips and cut the other.",
		"Cards that touch share one cut; cards with a gap between them get two cuts, never closer than 3 mm.")
	for _, sp := range plan.Sections {
		if sp.Size.Round {
			lines = append(lines, "Round counters: cut the squares apart along the marks, then round them off with scissors or a punch.")
			break
		}
	}
	for _, n := range k.Notes {
		lines = append(lines, n)
	}
	setting := fmt.Sprintf("Paper %s (%g x %g mm), backs: %s", p.Paper.Name, p.Paper.W, p.Paper.H, p.Backs)
	if p.Scale != (Point{X: 1, Y: 1}) && p.Scale != (Point{}) {
		setting += fmt.Sprintf(", scale %g,%g", p.Scale.X, p.Scale.Y)
	}
	if p.BackOffset != (Point{}) {
		setting += fmt.Sprintf(", back offset %g,%g mm", p.BackOffset.X, p.BackOffset.Y)
	}
	return append([]string{setting}, lines...)
}

// backsLines says which pages to print on which side.
func backsLines(plan KitPlan) []string {
	var fronts, backs []int
	for _, sp := range plan.Sections {
		if len(sp.Backs) > 0 {
			fronts = append(fronts, sp.Fronts...)
			backs = append(backs, sp.Backs...)
		}
	}
	p := plan.Print
	switch {
	case len(backs) == 0 && p.Backs == BacksFold:
		return []string{"Backs: each card is printed beside its back. Cut the pair out whole, fold along the dashed marks and glue."}
	case len(backs) == 0:
		return []string{"Print single-sided: this kit prints no card backs (choose them with --backs)."}
	case p.Backs == BacksPages:
		return []string{
			fmt.Sprintf("Backs: print the fronts (pages %s) single-sided; then put those sheets back in the tray and print the backs (pages %s) on their other side, each back page behind its front page in the same order.", pageRange(fronts), pageRange(backs)),
			"Or print both single-sided and glue each back page to its front.",
		}
	}
	edge := "long"
	if p.Backs == BacksShort {
		edge = "short"
	}
	return []string{fmt.Sprintf("Backs: print pages %d–%d double-sided, flipping on the %s edge. Every card front is on the front of a sheet and its back right behind it; a page left blank on purpose keeps them in step.", fronts[0], backs[len(backs)-1], edge)}
}

// drawCover writes the title and CoverLines into the free area.
func drawCover(pdf *gofpdf.Fpdf, k Kit, plan KitPlan) {
	a := FreeArea(plan.Print.Paper)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont(FontSans, "B", 20)
	y := a.Y + 8
	TextAt(pdf, a.X, y, Ellipsize(pdf, k.Title, a.W))
	pdf.SetFont(FontSans, "", 11)
	y += 7
	TextAt(pdf, a.X, y, "print-and-play kit, made by ninjakit")
	y += 4
	lines := CoverLines(k, plan)
	// The cover shrinks its type until everything fits the page.
	for pt := 9.5; pt >= 6; pt -= 0.5 {
		if coverHeight(pdf, lines, a.W, pt) <= a.Bottom()-y {
			drawCoverLines(pdf, lines, a, y, pt)
			return
		}
	}
	drawCoverLines(pdf, lines, a, y, 6)
}

func coverHeight(pdf *gofpdf.Fpdf, lines []string, w, pt float64) float64 {
	h := 0.0
	for _, l := range lines {
		lh, _ := coverLine(pdf, l, w, pt)
		h += lh
	}
	return h
}

// coverLine sets the font for one line and returns its height and wrapped
// text.
func coverLine(pdf *gofpdf.Fpdf, l string, w, pt float64) (float64, []string) {
	if rest, ok := strings.CutPrefix(l, "# "); ok {
		pdf.SetFont(FontSans, "B", pt+2)
		return LineHeight(pt+2) + 2, []string{rest}
	}
	pdf.SetFont(FontSans, "", pt)
	indent := len(l) - len(strings.TrimLeft(l, " "))
	wrapped := WrapText(pdf, strings.TrimLeft(l, " "), w-float64(indent)*1.2)
	return LineHeight(pt) * float64(len(wrapped)), wrapped
}

func drawCoverLines(pdf *gofpdf.Fpdf, lines []string, a Rect, y, pt float64) {
	for _, l := range lines {
		h, wrapped := coverLine(pdf, l, a.W, pt)
		indent := float64(len(l)-len(strings.TrimLeft(l, " "))) * 1.2
		base := y + h - LineHeight(pt)*float64(len(wrapped)) + LineHeight(pt)*0.8
		for i, wl := range wrapped {
			TextAt(pdf, a.X+indent, base+float64(i)*LineHeight(pt), wl)
		}
		y += h
	}
}
