package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// startByTaps taps the first four squares offered on the seat's edge and
// confirms; it returns what the confirm box said.
func (s *screen) startByTaps() string {
	s.t.Helper()
	n := eval[int](s, `state.view.picture.choose.count`)
	for i := 0; i < n; i++ {
		// On the board itself for the first, then the big buttons.
		if i == 0 {
			s.click("#pic rect.spot.from")
		} else {
			s.click("#chips .chip:not(.picked)")
		}
	}
	require.Equal(s.t, n, eval[int](s, `document.querySelectorAll("#pic rect.spot.lit").length`))
	say := eval[string](s, `document.getElementById("say").textContent`)
	s.confirmAt = eval[int64](s, `Date.now()`)
	s.click("#yes")
	return say
}

// ordersByTaps taps one order for each ninja (the k-th option of ninja k,
// wrapping, so each turn mixes orders), taps again wherever the confirm
// box holds the moves back, and confirms; it returns what the box said.
func (s *screen) ordersByTaps(turn int) string {
	s.t.Helper()
	pieces := eval[int](s, `state.view.picture.orders.pieces.length`)
	// A ninja on the grid is a spot: tapping it brings its orders near.
	s.click(`#pic rect.spot[data-id="` + eval[string](s, `state.view.picture.orders.pieces[0].spot`) + `"]`)
	for k := 1; k <= pieces; k++ {
		opts := eval[int](s, `document.querySelectorAll("#orders .piece:nth-child(`+itoa(k)+`) .choice").length`)
		s.click("#orders .piece:nth-child(" + itoa(k) + ") .choice:nth-child(" + itoa(1+(k+turn)%opts) + ")")
		if eval[bool](s, `document.getElementById("yes").disabled`) {
			// A move this one clashes with: it stands instead.
			require.Contains(s.t, eval[string](s, `document.getElementById("say").textContent`), "cannot all be made")
			s.click("#orders .piece:nth-child(" + itoa(k) + ") .choice:nth-child(1)")
		}
	}
	require.GreaterOrEqual(s.t, eval[float64](s, `document.querySelector("#orders .choice").getBoundingClientRect().height`), 44.0)
	say := eval[string](s, `document.getElementById("say").textContent`)
	require.False(s.t, eval[bool](s, `document.getElementById("yes").disabled`), say)
	s.confirmAt = eval[int64](s, `Date.now()`)
	s.click("#yes")
	return say
}

// TestBlindByTaps: three phones place their ninjas on the 8x8 grid and
// give orders for a round and more by taps alone; every frame each
// phone received is checked for the others' secrets; the last to act may
// take it back; a 360 px phone never scrolls sideways. With -screens it writes the seat and table screens.
func TestBlindByTaps(t *testing.T) {
	b := browser(t)
	tb := serve(t, []string{"companion", "blind", "new", "--session", "taps", "--names", "ann,bob,cy"})[0]
	phones := []*screen{tb.screen(b, 0), tb.screen(b, 1), tb.screen(b, 2)}
	for _, p := range phones {
		p.waitVersion(0)
		require.True(t, p.has("#pic svg"), "the grid is drawn")
	}
	version := 0
	for step := 0; step < 8; step++ {
		_, g := tb.state(-1)
		at, ok := g.Waiting()
		require.True(t, ok)
		p := phones[at]
		p.waitVersion(version)
		var say string
		if step < 3 {
			say = p.startByTaps()
			require.True(t, strings.HasPrefix(say, "Start your ninjas on "), say)
		} else if step < 7 {
			say = p.ordersByTaps(step)
			require.True(t, strings.HasPrefix(say, "Orders: ninja "), say)
		} else {
			// Every ninja stands, as the controls start: only Confirm.
			say = eval[string](p, `document.getElementById("say").textContent`)
			require.Equal(t, "Orders: ninja 1 stands; ninja 2 stands; ninja 3 stands; ninja 4 stands", say)
			p.click("#yes")
		}
		version++
		p.waitVersion(version)
		require.NotContains(t, eval[string](p, `document.getElementById("result").className`), "bad", eval[string](p, `document.getElementById("result").textContent`))
		require.Equal(t, version, tb.events(), "step %d logged one action", step)
	}
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

	// Only the seat that gave the last orders is offered Undo (nothing was
	// heard: W-15); it takes them back, and gives them again.
	_, g := tb.state(-1)
	last, ok := g.(tui.Boarder).LastActor()
	require.True(t, ok)
	for v, p := range phones {
		if tui.Viewer(v) != last {
			require.True(t, p.has("#undo[hidden]"), "only the last actor sees Undo")
		}
	}
	p := phones[last]
	p.click("#undo")
	p.click("#yes")
	version++
	p.waitVersion(version)
	require.Contains(t, eval[string](p, `document.getElementById("result").textContent`), "Took back")
	require.Equal(t, version-2, tb.events(), "the orders are taken back")
	// Given again, as the table's screen then shows.
	p.click("#yes")
	version++
	p.waitVersion(version)
	require.Equal(t, version-2, tb.events(), "the orders are given again")

	table := tb.screen(b, tui.Table)
	table.waitVersion(version)
	text := table.text()
	require.Contains(t, text, "giving orders now")
	require.Contains(t, text, "orders in this round")
	require.False(t, table.has("#pic polygon"), "the table draws no ninja")
	require.True(t, table.has("#orders[hidden]"))

	// A phone of 360 px never scrolls sideways, nor a tablet.
	narrow := tb.screen(b, 0)
	for _, w := range []int64{360, 390, 768} {
		require.NoError(t, chromedp.Do(narrow.ctx, chromedp.EmulateViewport(w, 900, chromedp.EmulateMobile)))
		narrow.waitVersion(version)
		require.LessOrEqual(t, eval[int](narrow, `document.documentElement.scrollWidth`), int(w), "no sideways scroll at %d px", w)
	}
	if !*screens {
		return
	}
	_, g = tb.state(-1)
	at, _ := g.Waiting()
	seat := phones[at]
	seat.click("#orders .piece:nth-child(1) .choice:nth-child(2)")
	dir := filepath.Join("..", "docs", "screens")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for name, s := range map[string]*screen{"blind-seat": seat, "blind-table": table} {
		eval[chromedp.Void](s, `window.scrollTo(0, 0)`)
		png, err := chromedp.Run(s.ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644))
	}
}
