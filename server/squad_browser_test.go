package server_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// TestSquadByTaps: two phones play Ninja Squad's first movement turns by
// taps alone, a face-up Movement card then one of its routes, and report
// the end of the phase with a button; every frame each phone received is
// checked for the other's secrets; the ninja that moved last may take it
// back; a 360 px phone never scrolls sideways. With -screens it writes the
// seat and table screens.
func TestSquadByTaps(t *testing.T) {
	b := browser(t)
	tb := serve(t, []string{"companion", "squad", "new", "taps", "--names", "ann,bob"})[0]
	phones := []*screen{tb.screen(b, 0), tb.screen(b, 1)}
	for _, p := range phones {
		p.waitVersion(0)
		require.True(t, p.has("#pic svg"), "the board is drawn")
	}
	version := 0
	for step := 0; step < 4; step++ {
		_, g := tb.state(-1)
		at, ok := g.Waiting()
		require.True(t, ok, "a movement turn")
		p := phones[at]
		p.waitVersion(version)
		require.True(t, phones[1-at].has("#pic rect.spot") && !phones[1-at].has("#pic rect.spot.from"), "the other phone has nothing to tap")
		say := p.moveByTaps("")
		require.Contains(t, say, " moves with card ", say)
		version++
		phones[1-at].waitVersion(version)
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

	// Only the ninja that moved last is offered Undo; it takes the move
	// back and makes it again.
	_, g := tb.state(-1)
	last, ok := g.(tui.Boarder).LastActor()
	require.True(t, ok)
	require.True(t, phones[1-last].has("#undo[hidden]"), "only the last actor sees Undo")
	p := phones[last]
	p.click("#undo")
	p.click("#yes")
	version++
	p.waitVersion(version)
	require.Contains(t, eval[string](p, `document.getElementById("result").textContent`), "Took back")
	require.Equal(t, version-2, tb.events(), "the move is taken back")
	p.moveByTaps("")
	version++
	p.waitVersion(version)
	require.Equal(t, version-2, tb.events(), "the move is made again")

	table := tb.screen(b, tui.Table)
	table.waitVersion(version)
	text := table.text()
	require.True(t, table.has("#pic svg"), "the table draws the board")
	require.Contains(t, text, "Waiting for ")
	require.Contains(t, text, "Last:")
	require.False(t, table.has("#hand .card"), "the table holds no hand")

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
	// The ninja to act has tapped its first face-up card: its routes lit.
	seat.click("#pic rect.spot.from")
	require.True(t, seat.has("#pic rect.spot.lit"))
	require.True(t, strings.Contains(seat.text(), "to:"))
	dir := filepath.Join("..", "docs", "screens")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for name, s := range map[string]*screen{"squad-seat": seat, "squad-table": table} {
		eval[chromedp.Void](s, `window.scrollTo(0, 0)`)
		png, err := chromedp.Run(s.ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644))
	}
}

// TestSquadSpeedyCountdownTicks: in Super Speedy Ninjas the phone runs the
// movement phase's countdown itself, from the start the session stores
// (S-27): two looks a second and a half apart read two different times,
// the later one smaller, with no action between them.
func TestSquadSpeedyCountdownTicks(t *testing.T) {
	b := browser(t)
	tb := serve(t, []string{"companion", "squad", "new", "speedy", "--names", "ann,bob", "--speedy"})[0]
	p := tb.screen(b, 0)
	p.waitVersion(0)
	left := func() int {
		t.Helper()
		text := eval[string](p, `document.getElementById("countdown").textContent`)
		var m, s int
		_, err := fmt.Sscanf(text, "Super Speedy: %d:%d left", &m, &s)
		require.NoError(t, err, text)
		return 60*m + s
	}
	first := left()
	require.LessOrEqual(t, first, 90, "90 s for two players")
	time.Sleep(1500 * time.Millisecond)
	second := left()
	require.Less(t, second, first, "the clock ran on the page")
	require.Equal(t, 0, tb.events(), "nothing was played meanwhile")
}
