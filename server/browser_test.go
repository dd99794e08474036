package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/ninjakit/ninjakit/internal/testmain"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// browser is Debian's Chromium headless, started once for the package's
// tests (each screen opens a browser context of its own, as another device
// would be), or skips: never under CI, which installs it.
func browser(t *testing.T) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is missing; .ci/run installs it")
		}
		t.Skip("chromium is not installed (apt-get install chromium): skipping the browser tests")
	}
	chrome.once.Do(func() {
		dir, err := os.MkdirTemp("", "ninjakit-chromium-")
		if err != nil {
			chrome.err = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
			chromedp.UserDataDir(dir))
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(alloc)
		chrome.ctx, chrome.err = ctx, chromedp.Do(ctx)
		chrome.stop = func() {
			cancel()
			cancelAlloc()
			_ = os.RemoveAll(dir)
		}
	})
	require.NoError(t, chrome.err)
	return chrome.ctx
}

// chrome is the one browser of the package's tests.
var chrome struct {
	once sync.Once
	ctx  context.Context
	err  error
	stop func()
}

func TestMain(m *testing.M) {
	code := testmain.Run(m)
	for _, tb := range tabs.all {
		tb.cancel()
	}
	if chrome.stop != nil {
		chrome.stop()
	}
	os.Exit(code)
}

// screen is one phone: a browser context of its own (its own storage, as
// another device would have) and every WebSocket frame it received.
type screen struct {
	t      *testing.T
	ctx    context.Context
	mu     sync.Mutex
	frames []string
	// viewAt is when the browser's network took in each version's view,
	// and sentAt when it sent the page's last message, by the browser's
	// monotonic clock (seconds): the server's and the wire's share of an
	// action's time, apart from the page's.
	viewAt map[int]float64
	sentAt float64
	// confirmAt is when the page last tapped Confirm, by its clock.
	confirmAt int64
}

// screen opens v's phone at 390x844 CSS pixels: at a phone's two device
// pixels to one where a screenshot is kept, else at one, which lays out the
// same and costs a quarter of the drawing.
func (tb *table) screen(b context.Context, v tui.Viewer) *screen {
	tb.t.Helper()
	scale := 1.0
	if *screens || os.Getenv("NINJAKIT_SCREENSHOTS") != "" {
		scale = 2
	}
	return tb.screenAt(b, v, scale)
}

// screenAt is screen at a given device pixel ratio.
func (tb *table) screenAt(b context.Context, v tui.Viewer, scale float64) *screen {
	tb.t.Helper()
	tab := takeTab(tb.t, b)
	s := &screen{t: tb.t, ctx: tab.ctx, viewAt: map[int]float64{}}
	tab.mu.Lock()
	tab.cur = s
	tab.mu.Unlock()
	tb.t.Cleanup(func() { tab.release() })
	require.NoError(tb.t, chromedp.Do(s.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(scale))))
	// A page of its own each time, even where the last one showed this
	// server's address.
	tabs.mu.Lock()
	tabs.loads++
	n := tabs.loads
	tabs.mu.Unlock()
	require.NoError(tb.t, chromedp.Do(s.ctx, chromedp.Navigate(fmt.Sprintf("%s/?%d#%s", tb.url, n, tb.token(v)))))
	return s
}

// tab is a browser context (its own storage, as another device's) that
// the package's screens take in turn: opening one costs a phone's worth
// of browser processes, showing another page in it little. Each test's
// server has an address of its own, so a page never finds another test's
// storage; within a test, screens open at once never share a tab.
type tab struct {
	ctx    context.Context
	cancel context.CancelFunc
	mu     sync.Mutex
	cur    *screen // the screen it shows, which keeps its frames
}

var tabs struct {
	mu    sync.Mutex
	free  []*tab
	all   []*tab
	loads int
}

// takeTab is a free tab, or a new one.
func takeTab(t *testing.T, b context.Context) *tab {
	t.Helper()
	tabs.mu.Lock()
	if n := len(tabs.free); n > 0 {
		tb := tabs.free[n-1]
		tabs.free = tabs.free[:n-1]
		tabs.mu.Unlock()
		return tb
	}
	tabs.mu.Unlock()
	ctx, cancel := chromedp.NewContext(b, chromedp.WithNewBrowserContext())
	tb := &tab{ctx: ctx, cancel: cancel}
	require.NoError(t, chromedp.Do(ctx))
	frames := chromedp.Events(ctx, network.WebSocketFrameReceived)
	go func() {
		for ev, err := range frames {
			if err != nil {
				return
			}
			if s := tb.screen(); s != nil {
				s.received(string(ev.Response.PayloadData), ev.Timestamp.Float64())
			}
		}
	}()
	sent := chromedp.Events(ctx, network.WebSocketFrameSent)
	go func() {
		for ev, err := range sent {
			if err != nil {
				return
			}
			if s := tb.screen(); s != nil {
				s.mu.Lock()
				s.sentAt = ev.Timestamp.Float64()
				s.mu.Unlock()
			}
		}
	}()
	tabs.mu.Lock()
	tabs.all = append(tabs.all, tb)
	tabs.mu.Unlock()
	return tb
}

func (tb *tab) screen() *screen {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.cur
}

// release gives the tab back once its test is done with it.
func (tb *tab) release() {
	tb.mu.Lock()
	tb.cur = nil
	tb.mu.Unlock()
	tabs.mu.Lock()
	tabs.free = append(tabs.free, tb)
	tabs.mu.Unlock()
}

// received keeps a frame the page took in at (the browser's clock).
func (s *screen) received(f string, at float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.frames = append(s.frames, f)
	// A view begins with its type and version.
	if m := viewHead.FindStringSubmatch(f[:min(len(f), 40)]); m != nil {
		v, _ := strconv.Atoi(m[1])
		if _, ok := s.viewAt[v]; !ok {
			s.viewAt[v] = at
		}
	}
}

var viewHead = regexp.MustCompile(`^\{"type":"view"(?:,"version":(\d+))?`)

// eval runs JavaScript in the page.
func eval[T any](s *screen, js string) T {
	s.t.Helper()
	v, err := chromedp.Run(s.ctx, chromedp.Evaluate[T](js))
	require.NoError(s.t, err, js)
	return v
}

// waitVersion waits until the page shows version v or later.
func (s *screen) waitVersion(v int) {
	s.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !eval[bool](s, fmt.Sprintf(`+document.body.dataset.version >= %d && document.getElementById("link").textContent === "live"`, v)) {
		require.True(s.t, time.Now().Before(deadline), "the page never showed version %d", v)
		time.Sleep(20 * time.Millisecond)
	}
}

// play taps a move (or types one) and presses Play.
func (s *screen) play(text string) string {
	s.t.Helper()
	js := `document.getElementById("move").value = %q; document.getElementById("result").textContent = ""; document.getElementById("send").click()`
	if text == "" {
		js = `document.querySelector("details").open = true; document.querySelector(".choice").click(); document.getElementById("send").click()`
	} else {
		js = fmt.Sprintf(js, text)
	}
	eval[chromedp.Void](s, js)
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := eval[string](s, `document.getElementById("result").textContent`)
		if r != "" {
			return r
		}
		require.True(s.t, time.Now().Before(deadline), "no answer to %q", text)
		time.Sleep(20 * time.Millisecond)
	}
}

// settle waits until the board's base, an image, has loaded and been
// drawn, as a screenshot must.
func (s *screen) settle() {
	s.t.Helper()
	_, err := chromedp.Run(s.ctx, chromedp.Evaluate[bool](`new Promise((done) => {
		const base = document.querySelector("#pic image");
		const drawn = () => requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
		if (!base) return drawn();
		const img = new Image();
		img.onload = img.onerror = drawn;
		img.src = base.getAttribute("href");
	})`, chromedp.EvalAwaitPromise))
	require.NoError(s.t, err)
}

func (s *screen) text() string { return eval[string](s, `document.body.innerText`) }

func (s *screen) shot(dir, name string) {
	s.t.Helper()
	if dir == "" {
		return
	}
	s.settle()
	png, err := chromedp.Run(s.ctx, chromedp.FullScreenshot(100))
	require.NoError(s.t, err)
	require.NoError(s.t, os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644))
}

// state is the session as stored, and its adapter for the test's own view.
func (tb *table) state(upTo int) (companion.Session, tui.Game) {
	tb.t.Helper()
	st, err := companion.Open(filepath.Join(tb.home, companion.FileName), companion.ReadOnly())
	require.NoError(tb.t, err)
	s, err := st.Load(tb.session)
	st.Close()
	require.NoError(tb.t, err)
	if upTo >= 0 {
		s.Events = s.Events[:upTo]
	}
	g, err := server.Games[s.Game].Adapt(fixed{s})
	require.NoError(tb.t, err)
	return s, g
}

// fixed is a session that never changes.
type fixed struct{ s companion.Session }

func (f fixed) Load() (companion.Session, error) { return f.s, nil }
func (f fixed) Append(func(companion.Session) ([]companion.Event, error)) error {
	return fmt.Errorf("read only")
}

// TestFourPhonesPlayToTheEnd plays What Blind Ninjas? from four browser
// contexts: placements typed, orders tapped, a reload in the middle, a
// stale write, and at the end a leak check of every phone's DOM and every
// WebSocket frame it received.
func TestFourPhonesPlayToTheEnd(t *testing.T) {
	b := browser(t)
	tb := serve(t, []string{"companion", "blind", "new", "--session", "night", "--names", "ann,bob,cy,dee", "--turns", "2"})[0]
	names := []string{"ann", "bob", "cy", "dee"}
	edges := []string{"a b c d", "1 2 3 4", "a b c d", "1 2 3 4"}
	var phones []*screen
	for v := range 4 {
		phones = append(phones, tb.screen(b, tui.Viewer(v)))
	}
	for v, p := range phones {
		p.waitVersion(0)
		require.NotContains(t, eval[string](p, `location.href`), "#", "the token stays in the address bar")
		require.Equal(t, names[v], eval[string](p, `document.getElementById("you").textContent`))
	}
	shots := os.Getenv("NINJAKIT_SCREENSHOTS")
	for step := 0; ; step++ {
		_, g := tb.state(-1)
		at, ok := g.Waiting()
		if !ok {
			break
		}
		require.Less(t, step, 40, "the game does not end")
		p := phones[at]
		p.waitVersion(step)
		require.Contains(t, p.text(), "Your turn, "+names[at])
		if step == 5 {
			// A reload mid-game keeps the seat: the token is in storage.
			require.NoError(t, chromedp.Do(p.ctx, chromedp.Reload()))
			p.waitVersion(step)
			require.Equal(t, names[at], eval[string](p, `document.getElementById("you").textContent`))
			// A write drawn on a screen the game has left is refused.
			eval[chromedp.Void](p, `ws.send(JSON.stringify({id: 99, text: "s s s s", version: 1}))`)
			deadline := time.Now().Add(5 * time.Second)
			for !strings.Contains(eval[string](p, `document.getElementById("result").textContent`), "moved on") {
				require.True(t, time.Now().Before(deadline), "no refusal of a stale write")
				time.Sleep(20 * time.Millisecond)
			}
			require.Equal(t, step, tb.events())
		}
		var said string
		if step < 4 {
			said = p.play("start " + edges[at])
		} else {
			if step == 6 {
				p.shot(shots, "blind-turn")
			}
			said = p.ordersByTaps(step)
			p.waitVersion(step + 1)
		}
		require.NotContains(t, eval[string](p, `document.getElementById("result").className`), "bad", said)
	}
	final := tb.events()
	for _, p := range phones {
		p.waitVersion(final)
		require.Contains(t, p.text(), "Game over")
	}
	phones[0].shot(shots, "blind-over")
	t.Logf("%d events played", final)
	var frames [][]string
	var pages []string
	for _, p := range phones {
		p.mu.Lock()
		frames = append(frames, slices.Clone(p.frames))
		p.mu.Unlock()
		pages = append(pages, p.text())
	}
	checkLeaks(t, tb, frames, pages, final)
}

// checkLeaks reads every frame each phone received (and the text its page
// shows, if any): no line of another seat's private view may appear as a
// line of them unless the same line was public, or the phone's own, by
// that version.
func checkLeaks(t require.TestingT, tb *table, frames [][]string, pages []string, final int) {
	plain := tui.NewStyles(io.Discard, false)
	type at struct{ version, seat int }
	secret := map[at]string{}
	public := map[int]string{}
	for k := 0; k <= final; k++ {
		_, g := tb.state(k)
		public[k] = g.Board(plain)
		for v := range frames {
			secret[at{k, v}] = g.Secret(tui.Viewer(v), plain)
		}
	}
	lines := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if l = strings.TrimSpace(l); len(l) > 6 {
				out = append(out, l)
			}
		}
		return out
	}
	for v := range frames {
		allowed := map[string]bool{}
		check := func(k int, text string) {
			for w := 0; w <= k; w++ {
				for _, l := range lines(public[w] + secret[at{w, v}]) {
					allowed[l] = true
				}
			}
			shown := map[string]bool{}
			for _, l := range lines(text) {
				shown[l] = true
			}
			for u := range frames {
				if u == v {
					continue
				}
				for w := 0; w <= k; w++ {
					for _, l := range lines(secret[at{w, u}]) {
						require.False(t, shown[l] && !allowed[l], "seat %d saw seat %d's line %q at version %d", v+1, u+1, l, k)
					}
				}
			}
		}
		require.NotEmpty(t, frames[v])
		version := 0
		for _, f := range frames[v] {
			var m struct {
				Version int          `json:"version"`
				View    *server.View `json:"view"`
				Log     []server.Line
				Said    string `json:"said"`
				Refused string `json:"refused"`
			}
			require.NoError(t, json.Unmarshal([]byte(f), &m))
			text := []string{m.Said, m.Refused}
			if m.View != nil {
				version = m.Version
				text = append(text, m.View.Board, m.View.Secret)
				for _, c := range m.View.Choices {
					text = append(text, c.Text, strings.Join(c.Path, " "))
				}
				if p := m.View.Picture; p != nil {
					text = append(text, p.Turn, p.Last)
					text = append(text, p.Notes...)
					for _, mv := range p.Moves {
						text = append(text, mv.Text, mv.Say)
					}
					for _, k := range p.Keeps {
						text = append(text, k.Text, k.Say)
					}
				}
			}
			for _, l := range m.Log {
				text = append(text, l.Who+": "+l.Action)
			}
			check(version, strings.Join(text, "\n"))
		}
		if pages != nil {
			check(final, pages[v])
		}
	}
}

// TestPhoneViews opens the first seat's phone view of every game, and the
// table's, at a phone's size, and the second seat's some actions on (in
// the default run for every other game, six actions on; for all, a dozen
// on, under NINJAKIT_SWEEP=1 or with screenshots). With NINJAKIT_SCREENSHOTS=DIR it
// saves them as PNGs to look at as a player would.
func TestPhoneViews(t *testing.T) {
	b := browser(t)
	shots := os.Getenv("NINJAKIT_SCREENSHOTS")
	later := 0
	sweep.Sampled(t, "the later screens")
	for _, c := range []struct {
		name string
		new  []string
	}{
		{"blades", []string{"companion", "blades", "new", "--session", "g", "--players", "4"}},
		{"knights", []string{"companion", "knights", "new", "--players", "4", "--names", "ann,bob,cy,dee", "--mode", "digital"}},
		{"squad", []string{"companion", "squad", "new", "g", "--players", "4", "--names", "ann,bob,cy,dee"}},
		{"blind", []string{"companion", "blind", "new", "--session", "g", "--names", "ann,bob,cy,dee"}},
		{"scorpion", []string{"companion", "scorpion", "new", "g", "--guards", "1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := serve(t, c.new)[0]
			for _, v := range []tui.Viewer{0, tui.Table} {
				p := tb.screen(b, v)
				p.waitVersion(0)
				_, g := tb.state(-1)
				require.Contains(t, p.text(), g.Title())
				if v != tui.Table && g.Private(v) {
					require.Contains(t, p.text(), "ONLY YOU SEE THIS")
				}
				p.shot(shots, c.name+"-"+map[tui.Viewer]string{0: "seat1", tui.Table: "table"}[v])
			}
			if later++; c.name != "blind" && (shots != "" || sweep.Every(later, 2, 1)) {
				_, _, n := playSome(t, tb, sweep.Count(t, 6, 12))
				p := tb.screen(b, 1)
				p.waitVersion(n)
				p.shot(shots, c.name+"-seat2-later")
			}
		})
	}
}

// TestReissuedPhoneIsToldAndForgets: the old phone of a re-issued seat
// says so, stops reconnecting and forgets its token; the new link works.
func TestReissuedPhoneIsToldAndForgets(t *testing.T) {
	b := browser(t)
	tb := serve(t, blindNew)[0]
	old := tb.screen(b, 1)
	old.waitVersion(0)
	code, _, errOut := ninjakit("serve", "--session", "dark", "--reissue", "bob")
	require.Zero(t, code, errOut)
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(old.text(), "given to another device") {
		require.True(t, time.Now().Before(deadline), "the old phone was not told")
		time.Sleep(20 * time.Millisecond)
	}
	require.Empty(t, eval[string](old, `localStorage.getItem("ninjakit-seat") || ""`))
	fresh := tb.screen(b, 1)
	fresh.waitVersion(0)
	require.Equal(t, "bob", eval[string](fresh, `document.getElementById("you").textContent`))
}

// TestKeepAwakeWithoutWakeLock: a LAN link is plain http, where browsers
// offer no wake lock; the page then plays its muted keep-awake video while
// it is the player's turn, and stops it after.
func TestKeepAwakeWithoutWakeLock(t *testing.T) {
	b := browser(t)
	tb := serve(t, blindNew)[0]
	for _, f := range []struct{ path, kind string }{{"/awake.webm", "video/webm"}, {"/awake.mp4", "video/mp4"}} {
		res, err := http.Get(tb.url + f.path)
		require.NoError(t, err)
		res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode, f.path)
		require.Equal(t, f.kind, res.Header.Get("Content-Type"), f.path)
	}
	p := tb.screen(b, 0)
	p.waitVersion(0)
	eval[bool](p, `Object.defineProperty(navigator, "wakeLock", {value: undefined, configurable: true}); true`)
	for _, on := range []bool{true, false} {
		eval[bool](p, fmt.Sprintf(`keepAwake(%t); true`, on))
		deadline := time.Now().Add(5 * time.Second)
		for eval[bool](p, `document.getElementById("awake").paused`) == on {
			require.True(t, time.Now().Before(deadline), "the keep-awake video did not %s", map[bool]string{true: "play", false: "stop"}[on])
			time.Sleep(20 * time.Millisecond)
		}
	}
}
