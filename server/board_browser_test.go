package server_test

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

var screens = flag.Bool("screens", false, "TestScreens rewrites the screenshots in docs/screens")

// bladesNew is a two-player Flying Blades game with hands dealt by the
// companion, so it starts with both seats choosing cards to keep.
var bladesNew = []string{"companion", "blades", "new", "--session", "taps", "--players", "2", "--seed", "77", "--private-seed", "5"}

// click taps an element as a finger would: a mouse press at its middle.
func (s *screen) click(sel string) {
	s.t.Helper()
	ctx, cancel := contextTimeout(s, 5*time.Second)
	defer cancel()
	// The finger taps what is in sight, not under the page's sticky header.
	require.NoError(s.t, chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(sel))), sel)
	eval[any](s, `document.querySelector(`+jsString(sel)+`).scrollIntoView({block: "center"})`)
	require.NoError(s.t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))), sel)
}

func contextTimeout(s *screen, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(s.ctx, d)
}

func (s *screen) has(sel string) bool {
	return eval[bool](s, `!!document.querySelector(`+jsString(sel)+`)`)
}

func jsString(s string) string {
	raw, _ := json.Marshal(s)
	return string(raw)
}

// keepByTaps taps the hand's cards one by one, putting back any that
// takes the choice over the limit, and confirms.
func (s *screen) keepByTaps() {
	s.t.Helper()
	n := eval[int](s, `document.querySelectorAll("#hand .card").length`)
	for i := 1; i <= n; i++ {
		sel := "#hand .card:nth-child(" + itoa(i) + ")"
		s.click(sel)
		if eval[bool](s, `document.getElementById("yes").disabled`) {
			s.click(sel)
		}
	}
	s.confirmAt = eval[int64](s, `Date.now()`)
	s.click("#yes")
}

func itoa(i int) string { raw, _ := json.Marshal(i); return string(raw) }

// moveByTaps taps a piece that may act, then one of its lit targets, then
// Confirm; it returns what the confirm box said.
func (s *screen) moveByTaps(card string) string {
	s.t.Helper()
	if card != "" {
		// The card first: only its moves stay lit.
		s.click(`#hand .card[data-id="` + card + `"]`)
		require.True(s.t, eval[bool](s, `[...document.querySelectorAll("#pic rect.spot.from")].every((r) => state.view.picture.moves.some((m) => m.card === `+jsString(card)+` && m.piece === r.dataset.id))`))
	}
	if !s.has("#pic rect.spot.sel") {
		// A card played from one place only has picked it already.
		s.click("#pic rect.spot.from")
	}
	require.True(s.t, s.has("#pic rect.spot.lit"), "a tapped piece lights its targets")
	require.GreaterOrEqual(s.t, eval[float64](s, `document.querySelector("#chips .chip").getBoundingClientRect().height`), 44.0)
	s.click("#pic rect.spot.lit")
	say := eval[string](s, `document.getElementById("say").textContent`)
	s.confirmAt = eval[int64](s, `Date.now()`)
	s.click("#yes")
	return say
}

// TestBladesByTaps: two phones keep cards and play Flying Blades by taps
// alone; the seat that moved last takes its move back with Undo; every
// frame each phone received is checked for the other seat's secrets; a
// 360 px phone never scrolls sideways; and the page's weight is measured.
func TestBladesByTaps(t *testing.T) {
	b := browser(t)
	tb := serve(t, bladesNew)[0]
	phones := []*screen{tb.screen(b, 0), tb.screen(b, 1)}
	for _, p := range phones {
		p.waitVersion(0)
		require.True(t, p.has("#pic svg"), "the board is drawn")
	}
	version := 0
	// slowest is the longest from the tap on Confirm to the other phone
	// showing the move, by the two pages' clocks (one machine's).
	var slowest time.Duration
	played := false
	for step := 0; step < 6; step++ {
		_, g := tb.state(-1)
		at, ok := g.Waiting()
		require.True(t, ok)
		p := phones[at]
		p.waitVersion(version)
		if eval[int](p, `document.querySelectorAll("#hand .card").length`) > 0 && eval[bool](p, `(state.view.picture.keeps || []).length > 0`) {
			p.keepByTaps()
		} else {
			// Play a card when the seat can, by tapping it first.
			card := eval[string](p, `(state.view.picture.moves.find((m) => m.card) || {card: ""}).card`)
			say := p.moveByTaps(card)
			require.NotEmpty(t, say)
			if card != "" {
				played = true
			}
		}
		version++
		other := phones[1-at]
		other.waitVersion(version)
		if p.confirmAt > 0 {
			slowest = max(slowest, time.Duration(eval[int64](other, `+document.body.dataset.shownAt`)-p.confirmAt)*time.Millisecond)
			p.confirmAt = 0
		}
		p.waitVersion(version)
		require.NotContains(t, eval[string](p, `document.getElementById("result").className`), "bad", eval[string](p, `document.getElementById("result").textContent`))
		require.Equal(t, version, tb.events(), "step %d logged one action", step)
	}
	require.True(t, played, "a card was played by taps")
	var frames [][]string
	var pages []string
	for _, p := range phones {
		p.waitVersion(version)
		p.mu.Lock()
		frames = append(frames, p.frames)
		p.mu.Unlock()
		pages = append(pages, p.text())
	}
	checkLeaks(t, tb, frames, pages, version)
	// The seat that moved last may take it back, the other may not.
	_, g := tb.state(-1)
	last, _ := g.(tui.Boarder).LastActor()
	other := phones[1-last]
	other.waitVersion(version)
	require.False(t, eval[bool](other, `!document.getElementById("undo").hidden`), "only the last actor sees Undo")
	p := phones[last]
	p.click("#undo")
	p.click("#yes")
	p.waitVersion(version + 1)
	require.Contains(t, eval[string](p, `document.getElementById("result").textContent`), "Took back")
	require.Equal(t, version-1, tb.events())

	// A phone of 360 px never scrolls sideways.
	narrow := tb.screen(b, 1)
	require.NoError(t, chromedp.Do(narrow.ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2))))
	narrow.waitVersion(version + 1)
	for _, w := range []int64{360, 390, 768} {
		require.NoError(t, chromedp.Do(narrow.ctx, chromedp.EmulateViewport(w, 900, chromedp.EmulateMobile)))
		require.LessOrEqual(t, eval[int](narrow, `document.documentElement.scrollWidth`), int(w), "no sideways scroll at %d px", w)
	}

	view := biggestView(frames[0])
	var v struct{ View server.View }
	require.NoError(t, json.Unmarshal([]byte(view), &v))
	page, faces := pageWeight(t, tb, nil), pageWeight(t, tb, v.View.Picture.Hand)
	require.NotEmpty(t, v.View.Picture.Hand)
	var deflated bytes.Buffer
	z, err := flate.NewWriter(&deflated, flate.DefaultCompression)
	require.NoError(t, err)
	_, err = z.Write([]byte(view))
	require.NoError(t, err)
	require.NoError(t, z.Close())
	kb := func(n int) float64 { return float64(n) / 1024 }
	require.Less(t, page+faces+deflated.Len(), 300<<10, "the page and its drawings weigh under 300 KB")
	t.Logf("page %.1f KB, card faces %.1f KB (loaded once), a seat's screen %.1f KB (%.1f KB deflated on the wire); Confirm to the other phone at most %s",
		kb(page), kb(faces), kb(len(view)), kb(deflated.Len()), slowest.Round(time.Millisecond))
}

// pageWeight is the bytes of the page and what it loads, or with cards
// given, of their faces.
func pageWeight(t *testing.T, tb *table, cards []tui.Card) int {
	paths := []string{"/", "/app.js", "/style.css"}
	if cards != nil {
		paths = nil
		for _, c := range cards {
			paths = append(paths, c.Face)
		}
	}
	return urlWeight(t, tb, paths...)
}

// urlWeight is the bytes served at paths.
func urlWeight(t *testing.T, tb *table, paths ...string) int {
	n := 0
	for _, path := range paths {
		res, err := http.Get(tb.url + path)
		require.NoError(t, err)
		raw, err := io.ReadAll(res.Body)
		res.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		n += len(raw)
	}
	return n
}

// biggestView is the largest screen a phone was sent.
func biggestView(frames []string) string {
	var big string
	for _, f := range frames {
		if strings.Contains(f, `"type":"view"`) && len(f) > len(big) {
			big = f
		}
	}
	return big
}

// TestScreens takes the Flying Blades seat and table screens at 390x844;
// with -screens it writes them to docs/screens.
func TestScreens(t *testing.T) {
	b := browser(t)
	tb := serve(t, []string{"companion", "blades", "new", "--session", "night", "--players", "4", "--seed", "12", "--private-seed", "3"})[0]
	// Everyone keeps, then two ninjas strike (a pass is the first move
	// offered; an attack is marked on the board).
	_, _, n := playSome(t, tb, 4)
	for range 2 {
		_, g := tb.state(-1)
		at, ok := g.Waiting()
		require.True(t, ok)
		p := tb.phone(at)
		p.until(n)
		moves := offered(p.view)
		require.NotEmpty(t, moves)
		r := p.act(moves[len(moves)-1])
		require.True(t, r.OK, r.Refused)
		n++
	}
	_, g := tb.state(-1)
	at, ok := g.Waiting()
	require.True(t, ok)
	seat := tb.screen(b, at)
	seat.waitVersion(n)
	table := tb.screen(b, tui.Table)
	table.waitVersion(n)
	require.Contains(t, table.text(), "Last:")
	var v server.View
	require.NoError(t, json.Unmarshal([]byte(eval[string](table, `JSON.stringify(state.view)`)), &v))
	require.NotNil(t, v.Picture)
	require.Empty(t, v.Picture.Hand, "the table holds no hand")
	// The seat to move has tapped a ninja: its targets are lit.
	seat.click("#pic rect.spot.from")
	require.True(t, seat.has("#pic rect.spot.lit"))
	if !*screens {
		return
	}
	dir := filepath.Join("..", "docs", "screens")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for name, s := range map[string]*screen{"blades-seat": seat, "blades-table": table} {
		s.settle()
		png, err := chromedp.Run(s.ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644))
	}
}
