package server_test

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// pictureMoves is what the page was offered to tap.
func (s *screen) pictureMoves() []tui.Move {
	s.t.Helper()
	var ms []tui.Move
	require.NoError(s.t, json.Unmarshal([]byte(eval[string](s, `JSON.stringify((state.view.picture && state.view.picture.moves) || [])`)), &ms))
	return ms
}

// tapSpot taps a zone on the map, scrolled to the middle of the screen
// first as a player would, clear of the header.
func (s *screen) tapSpot(sel string) {
	s.t.Helper()
	eval[chromedp.Void](s, `document.querySelector(`+jsString(sel)+`).scrollIntoView({block: "center"})`)
	s.click(sel)
}

// tapPlay plays one offered move by taps: a move on the map by its zone
// and target zone, any other by its own button under the map; where the
// confirm box lists several, the one told in its words is tapped.
func (s *screen) tapPlay(mv tui.Move) {
	s.t.Helper()
	if mv.Piece != "" {
		s.tapSpot(`#pic rect.spot.from[data-id="` + mv.Piece + `"]`)
		s.tapSpot(`#pic rect.spot.lit[data-id="` + mv.To + `"]`)
	} else {
		i := eval[int](s, `[...document.querySelectorAll("#acts button")].findIndex((b) => b.textContent === `+jsString(mv.Say)+`)`)
		require.GreaterOrEqual(s.t, i, 0, "%q has a button of its own", mv.Say)
		s.click(`#acts button:nth-child(` + itoa(i+1) + `)`)
	}
	if eval[int](s, `document.querySelectorAll("#alts .choice").length`) > 0 {
		i := eval[int](s, `pick.offer.list.findIndex((m) => m.text === `+jsString(mv.Text)+`)`)
		require.GreaterOrEqual(s.t, i, 0, "%q is among the moves offered", mv.Text)
		s.click(`#alts .choice:nth-child(` + itoa(i+1) + `)`)
	}
	require.Equal(s.t, mv.Say, eval[string](s, `document.getElementById("say").textContent`))
	s.click("#yes")
}

// TestScorpionByTaps: the guard, the ninja and the traitor set up and play
// Scorpion Clan on phones by taps alone: the guard listens from a sentry
// tapped on the map, the ninja steps from zone to zone; every frame each
// phone received is checked for the other roles' secrets, a 360 px phone
// never scrolls sideways, and with -screens the guard's and the table's
// screens are written to docs/screens.
func TestScorpionByTaps(t *testing.T) {
	b := browser(t)
	tb := serve(t, []string{"companion", "scorpion", "new", "taps", "--guards", "1", "--private-seed", "12"})[0]
	phones := []*screen{tb.screen(b, 0), tb.screen(b, 1), tb.screen(b, 2)}
	for _, p := range phones {
		p.waitVersion(0)
		require.True(t, p.has("#pic svg"), "the castle is drawn")
	}
	version := tb.events()
	taps := map[string]int{}
	var guardShot []byte
	for step := 0; step < 40 && (taps["guard"] < 1 || taps["ninja"] < 2); step++ {
		_, g := tb.state(-1)
		at, ok := g.Waiting()
		require.True(t, ok, "step %d: the game waits for someone", step)
		role := g.Name(at)
		p := phones[at]
		p.waitVersion(version)
		ms := p.pictureMoves()
		require.NotEmpty(t, ms, "%s is offered moves", role)
		mv := chooseTap(ms, role, taps)
		if mv.Piece != "" {
			taps[role]++
			if role == "guard" && guardShot == nil {
				// A sentry tapped lights where it may go or listen.
				p.tapSpot(`#pic rect.spot.from[data-id="` + mv.Piece + `"]`)
				require.True(t, p.has("#pic rect.spot.lit"), "a tapped guard lights its targets")
				require.GreaterOrEqual(t, eval[float64](p, `document.querySelector("#chips .chip").getBoundingClientRect().height`), 44.0)
				p.settle()
				shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
				require.NoError(t, err)
				guardShot = shot
				// Tapped again it is its own target (a listen): Cancel
				// lets it go.
				p.tapSpot("#pic rect.spot.sel")
				if eval[bool](p, `!document.getElementById("confirm").hidden`) {
					p.click("#no")
				}
				require.False(t, p.has("#pic rect.spot.lit"), "Cancel lets the guard go")
			}
		}
		p.tapPlay(mv)
		require.Eventually(t, func() bool { return tb.events() > version }, 5e9, 2e7, "%s: %s was logged", role, mv.Text)
		version = tb.events()
		p.waitVersion(version)
		require.NotContains(t, eval[string](p, `document.getElementById("result").className`), "bad", eval[string](p, `document.getElementById("result").textContent`))
	}
	require.GreaterOrEqual(t, taps["guard"], 1, "the guard played on the map")
	require.GreaterOrEqual(t, taps["ninja"], 2, "the ninja moved on the map")

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

	for _, w := range []int64{360, 390, 768} {
		for _, p := range phones[:2] {
			require.NoError(t, chromedp.Do(p.ctx, chromedp.EmulateViewport(w, 900, chromedp.EmulateMobile)))
			require.LessOrEqual(t, eval[int](p, `document.documentElement.scrollWidth`), int(w), "no sideways scroll at %d px", w)
		}
	}
	// The guard's biggest screen, its card faces, the castle's map under
	// the pieces and the page weigh under 300 KB as they travel.
	view := biggestView(frames[0])
	var v struct{ View server.View }
	require.NoError(t, json.Unmarshal([]byte(view), &v))
	require.NotEmpty(t, v.View.Picture.Hand)
	var deflated bytes.Buffer
	z, err := flate.NewWriter(&deflated, flate.DefaultCompression)
	require.NoError(t, err)
	_, err = z.Write([]byte(view))
	require.NoError(t, err)
	require.NoError(t, z.Close())
	require.NotEmpty(t, v.View.Picture.Base)
	page, faces, base := pageWeight(t, tb, nil), pageWeight(t, tb, v.View.Picture.Hand), urlWeight(t, tb, v.View.Picture.Base)
	require.Less(t, page+faces+base+deflated.Len(), 300<<10)
	t.Logf("page %.1f KB, the guard's card faces %.1f KB, the map %.1f KB, his biggest screen %.1f KB (%.1f KB deflated)",
		float64(page)/1024, float64(faces)/1024, float64(base)/1024, float64(len(view))/1024, float64(deflated.Len())/1024)

	table := tb.screen(b, tui.Table)
	table.waitVersion(version)
	require.True(t, table.has("#pic svg"))
	require.Equal(t, "[]", eval[string](table, `JSON.stringify(state.view.picture.hand || [])`), "the table holds no hand")
	if !*screens {
		return
	}
	dir := filepath.Join("..", "docs", "screens")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "scorpion-guard.png"), guardShot, 0o644))
	table.settle()
	png, err := chromedp.Run(table.ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "scorpion-table.png"), png, 0o644))
}

// chooseTap picks what a role plays next: the set-up done at random and
// sealed, then once a sentry's free listen for the guard and two steps
// for the ninja, tapped on the map; otherwise an answer, the march or the
// end of the phase, from the button under the map.
func chooseTap(ms []tui.Move, role string, taps map[string]int) tui.Move {
	find := func(ok func(tui.Move) bool) (tui.Move, bool) {
		for _, m := range ms {
			if ok(m) {
				return m, true
			}
		}
		return tui.Move{}, false
	}
	for _, text := range []string{"ready", "random"} {
		if m, ok := find(func(m tui.Move) bool { return m.Text == text }); ok {
			return m
		}
	}
	want := map[string]string{"guard": "listen ", "ninja": "move "}[role]
	if want != "" && taps[role] < map[string]int{"guard": 1, "ninja": 2}[role] {
		if m, ok := find(func(m tui.Move) bool { return m.Piece != "" && strings.HasPrefix(m.Text, want) }); ok {
			return m
		}
	}
	for _, text := range []string{"pass", "stay", "march", "done"} {
		if m, ok := find(func(m tui.Move) bool { return m.Text == text }); ok {
			return m
		}
	}
	return ms[0]
}
