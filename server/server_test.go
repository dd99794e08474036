package server_test

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/coder/websocket"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

var blindNew = []string{"companion", "blind", "new", "dark", "--names", "ann,bob,cy", "--turns", "2"}

func TestPhonesSeeTheirOwnGridOnly(t *testing.T) {
	tb := serve(t, blindNew)[0]
	ann, bob, room := tb.phone(0), tb.phone(1), tb.phone(tui.Table)
	for _, p := range []*phone{ann, bob, room} {
		p.until(0)
	}
	require.True(t, ann.view.YourTurn)
	require.Equal(t, "ann", ann.view.Waiting)
	r := ann.act("start a b c d")
	require.True(t, r.OK, r.Refused)
	bob.until(1)
	room.until(1)
	require.Contains(t, ann.view.Secret, "Your grid")
	require.Empty(t, room.view.Secret)
	require.NotContains(t, bob.view.Secret, "Your grid (south")
	for _, f := range append(bob.frames, room.frames...) {
		require.NotContains(t, f, "south edge):", "ann's grid reached another screen")
	}
	require.Equal(t, []string{"ann"}, whos(bob.log))
}

func whos(ls []serverLine) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Who)
	}
	return out
}

func TestRefusalGoesToItsSenderAlone(t *testing.T) {
	tb := serve(t, blindNew)[0]
	ann, bob := tb.phone(0), tb.phone(1)
	ann.until(0)
	bob.until(0)
	r := bob.act("start a b c d")
	require.False(t, r.OK)
	require.NotEmpty(t, r.Refused)
	r = ann.act("start a b c")
	require.False(t, r.OK)
	require.Zero(t, tb.events())
	// Bob heard nothing of ann's refusal: his next message is the view
	// after ann's good placement.
	require.True(t, ann.act("start a b c d").OK)
	m, err := bob.read()
	require.NoError(t, err)
	require.Equal(t, "view", m.Type)
	require.Equal(t, 1, m.Version)
	require.NotContains(t, strings.Join(bob.frames, ""), "start a b c\"")
}

func TestStaleWriteIsRefused(t *testing.T) {
	tb := serve(t, blindNew)[0]
	ann := tb.phone(0)
	ann.until(0)
	// Ann's screen shows version 0; the host places for her from the CLI.
	code, _, errOut := ninjakit("companion", "blind", "start", "--session", "dark", "--as", "ann", "a", "b", "c", "d")
	require.Zero(t, code, errOut)
	r := ann.actAt("start a b c d", 0)
	require.False(t, r.OK)
	require.Contains(t, r.Refused, "moved on")
	require.Equal(t, 1, tb.events())
	// The CLI's write reaches the phone on its own.
	ann.until(1)
	require.Equal(t, "bob", ann.view.Waiting)
}

func TestResumeSendsOnlyWhatThePhoneLacks(t *testing.T) {
	tb := serve(t, blindNew)[0]
	room := tb.phone(tui.Table)
	room.until(0)
	require.True(t, tb.phone(0).act("start a b c d").OK)
	room.until(1)
	require.NoError(t, room.conn.CloseNow())
	for _, as := range [][]string{{"bob", "1", "2", "3", "4"}, {"cy", "a", "b", "c", "d"}} {
		code, _, errOut := ninjakit(append([]string{"companion", "blind", "start", "--session", "dark", "--as"}, as...)...)
		require.Zero(t, code, errOut)
	}
	room.dial(tb.url, tb.token(tui.Table))
	var sent []int
	for room.version < 3 {
		m, err := room.read()
		require.NoError(t, err)
		require.False(t, m.Reset)
		sent = append(sent, seqs(m.Log)...)
	}
	require.Equal(t, []int{2, 3}, sent)
	require.Equal(t, []int{1, 2, 3}, seqs(room.log))

	// An undo changes what the phone holds: it gets the whole log.
	require.NoError(t, room.conn.CloseNow())
	code, _, errOut := ninjakit("companion", "blind", "undo", "--session", "dark", "--as", "cy")
	require.Zero(t, code, errOut)
	room.dial(tb.url, tb.token(tui.Table))
	reset := false
	for room.version < 4 {
		m, err := room.read()
		require.NoError(t, err)
		reset = reset || m.Reset
	}
	require.True(t, reset)
	require.Equal(t, []int{1, 2}, seqs(room.log))
}

func seqs(ls []serverLine) []int {
	var out []int
	for _, l := range ls {
		if !l.TakenBack {
			out = append(out, l.Seq)
		}
	}
	return out
}

func TestReissueLocksTheOldPhoneOut(t *testing.T) {
	tb := serve(t, blindNew)[0]
	bob := tb.phone(1)
	bob.until(0)
	old := tb.token(1)
	code, out, errOut := ninjakit("serve", "--session", "dark", "--reissue", "bob")
	require.Zero(t, code, errOut)
	require.Contains(t, out, "seat 2: bob")
	require.NotEqual(t, old, tb.token(1))
	require.Contains(t, out, tb.token(1))
	require.EqualValues(t, 4002, bob.closed())
	again := &phone{t: t}
	again.dial(tb.url, old)
	require.EqualValues(t, 4001, again.closed())
	fresh := tb.phone(1)
	fresh.until(0)
	require.Equal(t, "bob", fresh.view.You)
}

func TestUnknownTokenOpensNothing(t *testing.T) {
	tb := serve(t, blindNew)[0]
	p := &phone{t: t}
	p.dial(tb.url, "NOT-A-SEAT")
	require.EqualValues(t, 4001, p.closed())
	require.Empty(t, p.frames)
}

func TestTableWatchesWhileASeatIsWaitedFor(t *testing.T) {
	tb := serve(t, []string{"companion", "blades", "new", "--session", "duel", "--players", "2"})[0]
	room := tb.phone(tui.Table)
	room.until(0)
	require.Empty(t, room.view.Choices)
	r := room.act("keep")
	require.False(t, r.OK)
	require.Contains(t, r.Refused, "own screen")
}

func TestPageKeepsTheTokenOutOfRequests(t *testing.T) {
	tb := serve(t, blindNew)[0]
	res, err := httpGet(tb.url + "/")
	require.NoError(t, err)
	require.Contains(t, res.header.Get("Content-Security-Policy"), "default-src 'self'")
	require.Equal(t, "no-referrer", res.header.Get("Referrer-Policy"))
	require.Contains(t, res.body, "app.js")
	js, err := httpGet(tb.url + "/app.js")
	require.NoError(t, err)
	require.Contains(t, js.body, "history.replaceState")
}

func TestGarbageIsRefusedNotFatal(t *testing.T) {
	tb := serve(t, blindNew)[0]
	ann := tb.phone(0)
	ann.until(0)
	ctx := context.Background()
	for _, raw := range []string{"{", `{"id": "x"}`, `[]`, `{"id": 1, "text": "` + strings.Repeat("m ", 300) + `"}`} {
		require.NoError(t, ann.conn.Write(ctx, websocket.MessageText, []byte(raw)))
		m, err := ann.read()
		require.NoError(t, err)
		require.Equal(t, "result", m.Type)
		require.False(t, m.OK)
		require.NotEmpty(t, m.Refused)
	}
	require.True(t, ann.act("start a b c d").OK)
	require.Equal(t, 1, tb.events())
}

// TestWireLeaks plays the start of every game with hidden hands through
// WebSocket phones, each seat tapping its first move when the game waits
// for it (the table's screen when it waits for no seat), then reads every
// frame each phone received for another seat's private lines.
func TestWireLeaks(t *testing.T) {
	for _, c := range []struct {
		name  string
		new   []string
		dealt bool // every seat holds its own cards from the start
	}{
		{"blades", []string{"companion", "blades", "new", "--session", "g", "--players", "4"}, true},
		{"knights", []string{"companion", "knights", "new", "--players", "4", "--names", "ann,bob,cy,dee", "--mode", "digital"}, true},
		{"squad", []string{"companion", "squad", "new", "g", "--players", "4", "--names", "ann,bob,cy,dee"}, false},
		// Seats: guard, ninja, traitor, moderator; the set-ups are random.
		{"scorpion", []string{"companion", "scorpion", "new", "g", "--guards", "1"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := serve(t, c.new)[0]
			phones, room, step := playSome(t, tb, sweep.Count(t, 16, 24))
			require.Greater(t, step, 4, "too short a game to tell")
			for _, p := range append(phones, room) {
				p.until(step)
			}
			var frames [][]string
			for _, p := range phones {
				frames = append(frames, p.frames)
			}
			checkLeaks(t, tb, frames, nil, step)
			if c.dealt {
				// The check sees a leak: seat 1 reading seat 2's frames.
				frames[0] = frames[1]
				require.True(t, fails(func(r require.TestingT) { checkLeaks(r, tb, frames, nil, step) }))
			}
			t.Logf("%d actions", step)
		})
	}
}

// fails reports whether check fails.
func fails(check func(require.TestingT)) bool {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(r)
	}()
	<-done
	return r.failed
}

type recorder struct{ failed bool }

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) FailNow()              { r.failed = true; runtime.Goexit() }

// playSome opens four seat phones and the table's, and plays up to n
// actions: each the first move the screen the game waits for offers (the
// table's when it waits for no seat). It returns the phones and the number
// of actions played.
func playSome(t *testing.T, tb *table, n int) ([]*phone, *phone, int) {
	var phones []*phone
	for v := range 4 {
		phones = append(phones, tb.phone(tui.Viewer(v)))
	}
	room := tb.phone(tui.Table)
	step := 0
	for ; step < n; step++ {
		_, g := tb.state(-1)
		actor := room
		if at, ok := g.Waiting(); ok {
			actor = phones[at]
		}
		actor.until(step)
		// A choice with a placeholder (Ninja Squad's "move 1.R [met]") is
		// a line to finish, not to send.
		texts := offered(actor.view)
		i := slices.IndexFunc(texts, func(c string) bool { return !strings.ContainsAny(c, "[]R") })
		if i < 0 {
			break
		}
		text := texts[i]
		r := actor.act(text)
		require.True(t, r.OK, "%s: %s", text, r.Refused)
	}
	return phones, room, step
}

// offered is every action a screen offers: a drawn board's moves and
// keeps, or the text choices.
func offered(v *server.View) []string {
	var out []string
	if p := v.Picture; p != nil {
		for _, k := range p.Keeps {
			out = append(out, k.Text)
		}
		for _, m := range p.Moves {
			out = append(out, m.Text)
		}
		return out
	}
	for _, c := range v.Choices {
		out = append(out, c.Text)
	}
	return out
}

func TestOtherSeatsSeeOnlyWhatTheyMayDo(t *testing.T) {
	tb := serve(t, []string{"companion", "squad", "new", "g", "--players", "2", "--names", "ann,bob"})[0]
	ann, bob := tb.phone(0), tb.phone(1)
	ann.until(0)
	bob.until(0)
	require.True(t, ann.view.YourTurn)
	require.NotEmpty(t, ann.view.Picture.Moves)
	require.Empty(t, bob.view.Picture.Moves, "ann's moves are ann's to tap")
	r := bob.act("freeze")
	require.False(t, r.OK)
	require.Zero(t, tb.events())
}
