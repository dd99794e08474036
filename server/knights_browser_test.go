package server_test

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// actByTaps taps the first button move (a draft's keep, a pass, an
// answer) and Confirm; it returns what the confirm box said.
func (s *screen) actByTaps() string {
	s.t.Helper()
	s.click("#acts .act")
	say := eval[string](s, `document.getElementById("say").textContent`)
	s.click("#yes")
	return say
}

// TestKnightsByTaps: two phones play an Of Knights and Ninjas duel by taps
// alone, the draft's keep and give as buttons and cards tapped in the hand
// then at a lit kingdom or pile; every frame each phone received is
// checked for the other seat's secrets, and a 360 px phone never scrolls
// sideways.
func TestKnightsByTaps(t *testing.T) {
	b := browser(t)
	tb := serve(t, []string{"companion", "knights", "new", "--session", "taps", "--variant", "two-player", "--names", "ann,bob", "--private-seed", "5"})[0]
	phones := []*screen{tb.screen(b, 0), tb.screen(b, 1)}
	for _, p := range phones {
		p.waitVersion(0)
		require.True(t, p.has("#pic svg"), "the board is drawn")
	}
	version, cards, buttons := 0, 0, 0
	for step := 0; step < 60 && cards < 3; step++ {
		_, g := tb.state(-1)
		at, ok := g.Waiting()
		require.True(t, ok)
		p := phones[at]
		p.waitVersion(version)
		card := eval[string](p, `(state.view.picture.moves.find((m) => m.card && m.piece) || {card: ""}).card`)
		var say string
		if card != "" {
			say = p.moveByTaps(card)
			cards++
		} else {
			say = p.actByTaps()
			buttons++
		}
		require.NotEmpty(t, say)
		require.NotContains(t, say, "--", "the move is told in table words")
		version++
		phones[1-at].waitVersion(version)
		p.waitVersion(version)
		require.NotContains(t, eval[string](p, `document.getElementById("result").className`), "bad", eval[string](p, `document.getElementById("result").textContent`))
		require.Equal(t, version, tb.events(), "step %d logged one action", step)
	}
	require.GreaterOrEqual(t, cards, 2, "cards were played by taps")
	require.Positive(t, buttons, "a draft or pass was answered by a button")
	var frames [][]string
	var pages []string
	for _, p := range phones {
		p.mu.Lock()
		frames = append(frames, p.frames)
		p.mu.Unlock()
		pages = append(pages, p.text())
	}
	checkLeaks(t, tb, frames, pages, version)

	// The page, the faces of a hand and the biggest screen deflated weigh
	// under 300 KB.
	view := biggestView(frames[0])
	var v struct{ View server.View }
	require.NoError(t, json.Unmarshal([]byte(view), &v))
	page, faces := pageWeight(t, tb, nil), pageWeight(t, tb, v.View.Picture.Hand)
	var deflated bytes.Buffer
	z, err := flate.NewWriter(&deflated, flate.DefaultCompression)
	require.NoError(t, err)
	_, err = z.Write([]byte(view))
	require.NoError(t, err)
	require.NoError(t, z.Close())
	require.Less(t, page+faces+deflated.Len(), 300<<10)
	t.Logf("page %d KB, card faces %d KB, biggest screen %d KB (%d KB deflated)", page>>10, faces>>10, len(view)>>10, deflated.Len()>>10)

	narrow := tb.screen(b, 1)
	for _, w := range []int64{360, 390, 768} {
		require.NoError(t, chromedp.Do(narrow.ctx, chromedp.EmulateViewport(w, 900, chromedp.EmulateMobile)))
		narrow.waitVersion(version)
		require.LessOrEqual(t, eval[int](narrow, `document.documentElement.scrollWidth`), int(w), "no sideways scroll at %d px", w)
	}
}

// TestKnightsScreens takes the Of Knights and Ninjas seat and table
// screens at 390x844 in a four-player game some moves in, the seat to act
// with a card tapped; with -screens it writes them to docs/screens.
func TestKnightsScreens(t *testing.T) {
	b := browser(t)
	tb := serve(t, []string{"companion", "knights", "new", "--session", "night", "--players", "4", "--names", "ann,bob,cy,dee", "--private-seed", "3"})[0]
	phones, _, n := playSome(t, tb, 8)
	// Play on, the first move offered each time, until the seat to act
	// holds a card to play.
	var at tui.Viewer
	for ; n < 40; n++ {
		_, g := tb.state(-1)
		var ok bool
		at, ok = g.Waiting()
		require.True(t, ok)
		phones[at].until(n)
		if slices.ContainsFunc(phones[at].view.Picture.Moves, func(m tui.Move) bool { return m.Card != "" && m.Piece != "" }) {
			break
		}
		r := phones[at].act(offered(phones[at].view)[0])
		require.True(t, r.OK, r.Refused)
	}
	seat := tb.screen(b, at)
	seat.waitVersion(n)
	table := tb.screen(b, tui.Table)
	table.waitVersion(n)
	require.Contains(t, table.text(), "Last:")
	require.False(t, table.has("#hand .card"), "the table holds no hand")
	card := eval[string](seat, `(state.view.picture.moves.find((m) => m.card && m.piece) || {card: ""}).card`)
	require.NotEmpty(t, card, "the seat to act has a card to play: %s", eval[string](seat, `JSON.stringify(state.view.picture.moves)+state.view.picture.turn`))
	seat.click(`#hand .card[data-id="` + card + `"]`)
	require.True(t, seat.has("#pic rect.spot.lit"), "a tapped card lights its targets")
	// The board with its lit kingdoms, not the hand, in the picture.
	eval[any](seat, `window.scrollTo(0, 0)`)
	if !*screens {
		return
	}
	dir := filepath.Join("..", "docs", "screens")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for name, s := range map[string]*screen{"knights-seat": seat, "knights-table": table} {
		s.settle()
		png, err := chromedp.Run(s.ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644))
	}
}
