package blades

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/internal/preview"
	"github.com/stretchr/testify/require"
)

// kitContent is the kit of the embedded data file, as the caller builds it.
func kitContent(t testing.TB) KitContent {
	t.Helper()
	b := data.DefaultBlades()
	c := KitContent{KeepLimit: b.Deck.KeepLimit, CountersPerDojo: b.NinjasPerDojo + 1}
	for i, d := range b.Dojos {
		c.Dojos = append(c.Dojos, Dojo{Letter: d.Letter[0], Name: d.Name, RGB: d.RGB, Pattern: i % Patterns})
	}
	for _, k := range b.Deck.Cards {
		c.Cards = append(c.Cards, KitCard{Kind: k.Kind, Name: k.Name, Text: k.Text, Price: k.Price, Count: k.Count})
	}
	c.House = KitBoard{Name: b.House.Name, Place: b.House.Place, Cols: b.House.Columns, Rows: b.House.Rows}
	c.Temple = KitBoard{Name: b.Temple.Name, Place: b.Temple.Place, Cols: b.Temple.Columns, Rows: b.Temple.Rows,
		Buddha: b.Temple.Buddha, FourPlayerCols: b.Temple.FourPlayerColumns}
	return c
}

func TestKitSectionsMatchTheContent(t *testing.T) {
	c := kitContent(t)
	k, err := Kit(c, layouts.PaperA4, layouts.SizePoker)
	require.NoError(t, err)
	require.Equal(t, "Flying Blades", k.Title)
	require.Len(t, k.Sections, 4)
	titles := []string{}
	for _, s := range k.Sections {
		titles = append(titles, s.Title)
	}
	require.Equal(t, []string{"Boards", "Ninja counters", "Special Attack cards", "Player aid"}, titles)

	boards := k.Sections[0]
	require.Nil(t, boards.Set)
	require.Len(t, boards.Pages, 2, "the House and the extension each fit one A4 page")

	counters := k.Sections[1].Set
	require.NotNil(t, counters)
	require.Len(t, counters.Pieces, 140)
	require.Equal(t, layouts.SizeCounter, counters.Size)
	require.True(t, counters.FullBleed)
	require.Nil(t, counters.Back, "counters are single-sided")
	perDojo := map[string]int{}
	for _, p := range counters.Pieces {
		perDojo[p.Name]++
	}
	require.Equal(t, map[string]int{"Red ninja": 28, "Yellow ninja": 28, "Blue ninja": 28, "Black ninja": 28, "Green ninja": 28}, perDojo)

	cards := k.Sections[2].Set
	require.NotNil(t, cards)
	require.Len(t, cards.Pieces, 32)
	require.Equal(t, layouts.SizePoker, cards.Size)
	require.NotNil(t, cards.Back)
	require.False(t, cards.FullBleed, "the white border keeps the art off the cut")
	byName := map[string]int{}
	for _, p := range cards.Pieces {
		byName[p.Name]++
	}
	require.Equal(t, map[string]int{"Bomb": 3, "Shuriken": 7, "Double kick": 6, "Triple kick": 4, "Vanishing": 5, "Circle kick": 3, "Double Dragon": 4}, byName)

	require.Len(t, k.Sections[3].Pages, 1)
}

// CardSet serves --only too: the caller filters the kinds.
func TestCardSetOfOneKind(t *testing.T) {
	c := kitContent(t)
	c.Cards = c.Cards[:1]
	s := CardSet(c, layouts.SizeMini)
	require.Len(t, s.Pieces, 3)
	require.Equal(t, "Bomb", s.Pieces[0].Name)
}

func TestKitRefusesWhatCannotPrint(t *testing.T) {
	c := kitContent(t)
	_, err := Kit(c, layouts.PaperA4, layouts.Size{Name: "tiny", W: 5, H: 5})
	require.Error(t, err)
	bad := c
	bad.Temple.Rows = 8
	_, err = Kit(bad, layouts.PaperA4, layouts.SizePoker)
	require.ErrorContains(t, err, "extension")
	bad = c
	bad.Temple.Buddha = "top"
	_, err = Kit(bad, layouts.PaperA4, layouts.SizePoker)
	require.ErrorContains(t, err, "Buddha")
}

func TestCardLayoutStaysInsideTheTrim(t *testing.T) {
	// The named sizes, then sizes of one's own from --card-size WxH.
	sizes := append(append([]layouts.Size{}, layouts.CardSizes...), layouts.Size{Name: "70x120", W: 70, H: 120}, layouts.Size{Name: "40x40", W: 40, H: 40})
	for _, size := range sizes {
		trim := layouts.Rect{X: 10, Y: 20, W: size.W, H: size.H}
		l := layoutCard(trim)
		parts := map[string]layouts.Rect{"header": l.Header, "title": l.Title, "price": l.Price, "icon": l.Icon, "text": l.Text}
		require.True(t, trim.Contains(l.Frame), size.Name)
		require.GreaterOrEqual(t, l.Frame.X-trim.X, 2.0, "%s: a white border of at least 2 mm", size.Name)
		for name, r := range parts {
			require.False(t, r.Empty(), "%s %s", size.Name, name)
			require.True(t, l.Frame.Contains(r), "%s: %s %+v outside the frame %+v", size.Name, name, r, l.Frame)
		}
		for _, pair := range [][2]string{{"price", "title"}, {"price", "icon"}, {"icon", "text"}, {"title", "icon"}, {"header", "icon"}} {
			require.False(t, parts[pair[0]].Overlaps(parts[pair[1]]), "%s: %s overlaps %s", size.Name, pair[0], pair[1])
		}
		if size.W >= 44 {
			require.GreaterOrEqual(t, l.Price.W, 11.0, "%s: the price reads across a table", size.Name)
			require.GreaterOrEqual(t, l.Text.H, 12.0, "%s: room for the effect", size.Name)
		}
	}
}

// drawAll draws every drawer of a set at each card size into one document
// and requires gofpdf to report no error.
func TestEveryDrawerDraws(t *testing.T) {
	c := kitContent(t)
	c.Cards = append(c.Cards, KitCard{Kind: "house-rule", Name: "Bōdogēmu Überlange Karte mit Namen", Price: 12, Count: 1,
		Text: "A card of someone's own data file, with a long name and a long text that has to shrink and wrap and perhaps be cut short because it goes on and on and on about what the card does in far too many words for a mini card."})
	pdf := layouts.NewDocument(layouts.PaperA4, "kit drawers")
	sizes := append([]layouts.Size{layouts.SizeCounter, layouts.SizeToken}, layouts.CardSizes...)
	for _, size := range sizes {
		for _, set := range []layouts.Set{CardSet(c, size), CounterSet(c)} {
			pdf.AddPage()
			trim := layouts.Rect{X: 20, Y: 20, W: size.W, H: size.H}
			for _, p := range set.Pieces {
				p.Front(pdf, trim, trim.Inset(-layouts.DefaultBleed))
			}
			if set.Back != nil {
				set.Back(pdf, trim, trim)
			}
		}
	}
	require.NoError(t, pdf.Error())
}

// Two renders of the kit's pages give the same bytes.
func TestKitPagesAreByteStable(t *testing.T) {
	c := kitContent(t)
	render := func() []byte {
		pages, err := BoardPages(c, layouts.FreeArea(layouts.Paper{Name: "A5", W: 148, H: 210}))
		require.NoError(t, err)
		pdf := layouts.NewDocument(layouts.PaperA4, "stable")
		for _, p := range append(pages, AidPage(c)) {
			pdf.AddPage()
			p.Draw(pdf, layouts.FreeArea(layouts.PaperA4))
		}
		var buf bytes.Buffer
		require.NoError(t, layouts.WriteDocument(pdf, &buf))
		return buf.Bytes()
	}
	first := render()
	for range 3 {
		require.True(t, bytes.Equal(first, render()))
	}
}

func TestCounterDiscStaysInsideTheTrim(t *testing.T) {
	trim := layouts.Rect{X: 0, Y: 0, W: 18, H: 18}
	r := counterDiscR(trim)
	// The disc's outline is drawn centred on r, 6 % of r wide.
	require.Less(t, r*1.03, 9.0)
	require.Greater(t, r, 6.5, "big enough to read the letter")
}

func TestTileBoardFitsOnePage(t *testing.T) {
	area := layouts.Rect{X: 5, Y: 5, W: 195, H: 200}
	tiles, err := TileBoard(9, 9, KitCell, area)
	require.NoError(t, err)
	require.Equal(t, []Tile{{Col: 0, Row: 0, Cols: 9, Rows: 9, Rect: layouts.Rect{X: 5, Y: 5, W: 189, H: 189}}}, tiles)
}

func TestTileBoardSplits(t *testing.T) {
	for _, tc := range []struct {
		cols, rows    int
		cell          float64
		area          layouts.Rect
		across, downs int
	}{
		{9, 9, 30, layouts.Rect{X: 5, Y: 5, W: 190, H: 250}, 2, 2},
		{15, 9, 21, layouts.Rect{X: 0, Y: 0, W: 190, H: 250}, 2, 1},
		{9, 9, 21, layouts.Rect{X: 0, Y: 0, W: 63, H: 63}, 3, 3},
		{7, 1, 10, layouts.Rect{X: 0, Y: 0, W: 30, H: 10}, 3, 1},
	} {
		tiles, err := TileBoard(tc.cols, tc.rows, tc.cell, tc.area)
		require.NoError(t, err)
		require.Len(t, tiles, tc.across*tc.downs)
		seen := make([]int, tc.cols*tc.rows)
		for _, tile := range tiles {
			require.True(t, tc.area.Contains(tile.Rect), "tile %+v outside %+v", tile, tc.area)
			require.InDelta(t, float64(tile.Cols)*tc.cell, tile.Rect.W, 1e-9)
			require.InDelta(t, float64(tile.Rows)*tc.cell, tile.Rect.H, 1e-9)
			for c := tile.Col; c < tile.Col+tile.Cols; c++ {
				for r := tile.Row; r < tile.Row+tile.Rows; r++ {
					seen[r*tc.cols+c]++
				}
			}
		}
		for i, n := range seen {
			require.Equal(t, 1, n, "cell %d is on %d tiles", i, n)
		}
	}
	// Columns are shared evenly: 7 in threes of at most 3 gives 3, 2, 2.
	tiles, err := TileBoard(7, 1, 10, layouts.Rect{W: 30, H: 10})
	require.NoError(t, err)
	require.Equal(t, []int{3, 2, 2}, []int{tiles[0].Cols, tiles[1].Cols, tiles[2].Cols})

	_, err = TileBoard(9, 9, 21, layouts.Rect{W: 20, H: 300})
	require.ErrorContains(t, err, "does not fit")
	_, err = TileBoard(0, 9, 21, layouts.Rect{W: 200, H: 300})
	require.Error(t, err)
}

// A paper too small for a whole board at KitCell splits it over pages.
func TestBoardPagesSplitOnSmallPaper(t *testing.T) {
	c := kitContent(t)
	pages, err := BoardPages(c, layouts.FreeArea(layouts.Paper{Name: "A5", W: 148, H: 210}))
	require.NoError(t, err)
	require.Len(t, pages, 4+4, "the House and the extension in 2x2 parts each")
	require.Equal(t, "The House of the Flying Blades (part 1 of 4)", pages[0].Title)
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		pages, err := BoardPages(c, layouts.FreeArea(p))
		require.NoError(t, err)
		require.Len(t, pages, 2, p.Name)
	}
}

// The grid and every band around it stay inside the page's area, whole or
// split.
func TestBoardTilesFitTheirPages(t *testing.T) {
	c := kitContent(t)
	pieces, err := boardPieces(c)
	require.NoError(t, err)
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny, {Name: "A5", W: 148, H: 210}} {
		area := layouts.FreeArea(p)
		for _, bp := range pieces {
			l, r, top, bottom := pieceFurniture(bp)
			tiles, err := TileBoard(bp.Cols, bp.Rows, KitCell, layouts.Rect{W: area.W - l - r, H: area.H - top - bottom})
			require.NoError(t, err)
			for _, tile := range tiles {
				g := tileGrid(area, bp, tile)
				require.InDelta(t, KitCell, g.Cell, 1e-9)
				outer := layouts.Rect{X: g.X - l, Y: g.Y - top, W: g.W + l + r, H: g.H + top + bottom}
				require.True(t, area.Contains(outer), "%s %s: %+v outside %+v", p.Name, bp.Title, outer, area)
			}
		}
	}
}

func TestBoardPiecesContinueTheSheetsLetters(t *testing.T) {
	c := kitContent(t)
	pieces, err := boardPieces(c)
	require.NoError(t, err)
	require.Equal(t, "abcdefghi", pieces[0].Labels)
	require.Equal(t, "jklmno", pieces[1].Labels)
	require.Equal(t, "right", pieces[0].Join)
	require.Equal(t, "left", pieces[1].Join)
	require.Equal(t, "right", pieces[1].Buddha)
	require.Equal(t, [2]int{0, 3}, pieces[0].Empty4, "the 4-player game leaves a to c empty")
	require.Equal(t, "a1", cellName(pieces[0], 0, 8))
	require.Equal(t, "o9", cellName(pieces[1], 5, 0))
}

// TestKitPreview draws every piece and page for looking at, with -pdfdir.
func TestKitPreview(t *testing.T) {
	if *pdfDir == "" {
		t.Skip("-pdfdir not set")
	}
	c := kitContent(t)
	for _, size := range layouts.CardSizes {
		cards := CardSet(c, size)
		var one []layouts.Drawer
		for i, p := range cards.Pieces {
			if i == 0 || p.Name != cards.Pieces[i-1].Name {
				one = append(one, p.Front)
			}
		}
		preview.Sheet(t, *pdfDir, "kit-cards-"+size.Name, size, 0, append(one, cards.Back))
	}
	var counters []layouts.Drawer
	for _, p := range CounterSet(c).Pieces {
		counters = append(counters, p.Front)
	}
	preview.Sheet(t, *pdfDir, "kit-counters", layouts.SizeCounter, layouts.DefaultBleed, counters)

	k, err := Kit(c, layouts.PaperA4, layouts.SizePoker)
	require.NoError(t, err)
	pdf := layouts.NewDocument(layouts.PaperA4, "kit preview")
	for _, s := range k.Sections {
		for _, p := range s.Pages {
			pdf.AddPage()
			p.Draw(pdf, layouts.FreeArea(layouts.PaperA4))
			layouts.DrawFooter(pdf, layouts.PaperA4, p.Title)
		}
	}
	writePreview(t, pdf, "kit-pages.pdf")

	a5 := layouts.Paper{Name: "A5", W: 148, H: 210}
	pages, err := BoardPages(c, layouts.FreeArea(a5))
	require.NoError(t, err)
	pdf = layouts.NewDocument(a5, "kit preview")
	for _, p := range pages {
		pdf.AddPage()
		p.Draw(pdf, layouts.FreeArea(a5))
	}
	writePreview(t, pdf, "kit-boards-a5.pdf")
}

func writePreview(t *testing.T, pdf *gofpdf.Fpdf, name string) {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, layouts.WriteDocument(pdf, &buf))
	require.NoError(t, os.WriteFile(filepath.Join(*pdfDir, name), buf.Bytes(), 0o644))
}
