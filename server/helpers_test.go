package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ninjakit/ninjakit/cmd"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// table is one served session in a fresh NINJAKIT_HOME.
type table struct {
	t       *testing.T
	home    string
	session string
	seats   string
	srv     *server.Server
	url     string
	log     *syncBuffer // the server's log
}

// syncBuffer is a log the server writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitLog waits for the server's log to match every one of want.
func (tb *table) waitLog(want ...*regexp.Regexp) string {
	tb.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		l := tb.log.String()
		missing := slices.IndexFunc(want, func(w *regexp.Regexp) bool { return !w.MatchString(l) })
		if missing < 0 {
			return l
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("the log never matched %s:\n%s", want[missing], l)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// lit matches s as it is.
func lit(s string) *regexp.Regexp { return regexp.MustCompile(regexp.QuoteMeta(s)) }

// ninjakit runs the CLI in-process, as a player at the host's terminal.
func ninjakit(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := cmd.Execute(args, &cmd.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	return code, out.String(), errOut.String()
}

// serve starts each session (made by the `new` command lines given) in
// one server on loopback and returns a table per session. Every phone of a
// test shares one address, so the cap on its connections is lifted.
func serve(t *testing.T, news ...[]string) []*table {
	t.Helper()
	return serveWith(t, "127.0.0.1:0", server.Options{Limits: server.Limits{PerAddr: 256}}, news...)
}

// serveWith is serve on addr with o's limits; each table's url is the one
// its seat links name.
func serveWith(t *testing.T, addr string, o server.Options, news ...[]string) []*table {
	t.Helper()
	return serveGrown(t, addr, o, nil, news...)
}

// serveGrown is serveWith calling grow with each session's name before the
// server starts, to lengthen its log.
func serveGrown(t *testing.T, addr string, o server.Options, grow func(name string), news ...[]string) []*table {
	t.Helper()
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	store := filepath.Join(home, companion.FileName)
	seatsPath := filepath.Join(home, server.SeatsFile)
	seats, err := server.LoadSeats(seatsPath)
	require.NoError(t, err)
	var names []string
	st := func() *companion.Store {
		s, err := companion.Open(store, companion.ReadOnly())
		require.NoError(t, err)
		return s
	}
	for _, args := range news {
		code, _, errOut := ninjakit(args...)
		require.Zero(t, code, errOut)
		s := st()
		list, err := s.List()
		require.NoError(t, err)
		var name string
		for _, l := range list {
			if !slices.Contains(names, l.Name) {
				name = l.Name
			}
		}
		s.Close()
		if grow != nil {
			grow(name)
		}
		s = st()
		sess, err := s.Load(name)
		s.Close()
		require.NoError(t, err)
		seatNames, err := server.SeatNames(sess)
		require.NoError(t, err)
		bots, err := server.BotSeats(sess)
		require.NoError(t, err)
		seats.Ensure(name, sess.Created, len(seatNames), bots...)
		names = append(names, name)
	}
	require.NoError(t, seats.Save(seatsPath))
	log := &syncBuffer{}
	o.Store, o.Seats, o.Sessions, o.Poll, o.Log = store, seatsPath, names, 50*time.Millisecond, log
	srv, err := server.New(o)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", addr)
	require.NoError(t, err)
	base, err := server.BaseURL(ln.Addr())
	if err != nil {
		ln.Close()
		t.Skip(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-done)
	})
	var out []*table
	for _, n := range names {
		out = append(out, &table{t: t, home: home, session: n, seats: seatsPath, srv: srv, url: strings.TrimSuffix(base, "/"), log: log})
	}
	return out
}

// token is a viewer's seat token as the file holds it now.
func (tb *table) token(v tui.Viewer) string {
	s, err := server.LoadSeats(tb.seats)
	require.NoError(tb.t, err)
	return s.Token(tb.session, v)
}

// events is the number of events the session holds.
func (tb *table) events() int {
	st, err := companion.Open(filepath.Join(tb.home, companion.FileName), companion.ReadOnly())
	require.NoError(tb.t, err)
	defer st.Close()
	s, err := st.Load(tb.session)
	require.NoError(tb.t, err)
	return len(s.Events)
}

// msg mirrors what the server sends.
type msg struct {
	Type    string        `json:"type"`
	Version int           `json:"version"`
	Seq     int           `json:"seq"`
	View    *server.View  `json:"view"`
	Log     []server.Line `json:"log"`
	Reset   bool          `json:"reset"`
	ID      int           `json:"id"`
	OK      bool          `json:"ok"`
	Said    string        `json:"said"`
	Refused string        `json:"refused"`
}

// phone is a WebSocket client that keeps what the page keeps.
type phone struct {
	t       *testing.T
	conn    *websocket.Conn
	version int
	seq     int
	log     []server.Line
	view    *server.View
	frames  []string
	id      int
}

func (tb *table) phone(v tui.Viewer) *phone {
	p := &phone{t: tb.t}
	p.dial(tb.url, tb.token(v))
	return p
}

func (p *phone) dial(url, token string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"/ws", nil)
	require.NoError(p.t, err)
	// A drawn board's screen is larger than the library's default limit;
	// a browser has none.
	c.SetReadLimit(1 << 20)
	p.conn = c
	raw, _ := json.Marshal(map[string]any{"token": token, "version": p.version, "seq": p.seq})
	require.NoError(p.t, c.Write(ctx, websocket.MessageText, raw))
	p.t.Cleanup(func() { _ = c.CloseNow() })
}

// read takes the next message, keeping views as the page does.
func (p *phone) read() (msg, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, raw, err := p.conn.Read(ctx)
	if err != nil {
		return msg{}, err
	}
	p.frames = append(p.frames, string(raw))
	var m msg
	require.NoError(p.t, json.Unmarshal(raw, &m))
	if m.Type == "view" {
		if m.Reset {
			p.log = m.Log
		} else {
			p.log = append(p.log, m.Log...)
		}
		p.version, p.seq, p.view = m.Version, m.Seq, m.View
	}
	return m, nil
}

// until reads until a view of at least version v.
func (p *phone) until(v int) {
	p.t.Helper()
	for p.version < v || p.view == nil {
		_, err := p.read()
		require.NoError(p.t, err)
	}
}

// act sends text drawn on the phone's version and returns the result,
// keeping any view that arrives first.
func (p *phone) act(text string) msg {
	return p.actAt(text, p.version)
}

func (p *phone) actAt(text string, version int) msg {
	return p.send(map[string]any{"text": text, "version": version})
}

// undoAt asks to take back the seat's last action on a screen of version.
func (p *phone) undoAt(version int) msg {
	return p.send(map[string]any{"undo": true, "version": version})
}

// send writes one request and returns its result, keeping any view that
// arrives first.
func (p *phone) send(req map[string]any) msg {
	p.t.Helper()
	p.id++
	req["id"] = p.id
	raw, _ := json.Marshal(req)
	require.NoError(p.t, p.conn.Write(context.Background(), websocket.MessageText, raw))
	for {
		m, err := p.read()
		require.NoError(p.t, err)
		if m.Type == "result" && m.ID == p.id {
			return m
		}
	}
}

// closed reads until the connection closes and returns its code.
func (p *phone) closed() websocket.StatusCode {
	p.t.Helper()
	for {
		_, err := p.read()
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code
			}
			return -1
		}
	}
}
