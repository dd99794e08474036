package server

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"net/http"

	"github.com/coder/websocket"
	"github.com/ninjakit/ninjakit/companion/tui"
)

// Close codes the page acts on: a token nobody holds, or one given to
// another device, is not retried.
const (
	codeUnknownSeat = 4001
	codeReissued    = 4002
)

// Limits on what a phone may send.
const (
	maxMessage = 4 << 10
	maxText    = 400
)

// hello is a phone's first message: its token, and the version and last
// event seq of the screen it kept (0, 0 for none), to resume from.
type hello struct {
	Token   string `json:"token"`
	Version int    `json:"version"`
	Seq     int    `json:"seq"`
}

// request is an action: Text in the game's notation, or Undo of the
// seat's last action, drawn on Version.
type request struct {
	ID      int    `json:"id"`
	Text    string `json:"text"`
	Undo    bool   `json:"undo,omitempty"`
	Version int    `json:"version"`
}

// message is what the server sends. A view message carries the screen and
// the log lines the phone lacks: those after the seq it has, or the whole
// log (Reset) when an undo changed what it holds. A result answers one
// request, to its sender only.
type message struct {
	Type    string `json:"type"` // "view" or "result"
	Version int    `json:"version,omitempty"`
	Seq     int    `json:"seq,omitempty"`
	View    *View  `json:"view,omitempty"`
	Log     []Line `json:"log,omitempty"`
	Reset   bool   `json:"reset,omitempty"`
	ID      int    `json:"id,omitempty"`
	OK      bool   `json:"ok,omitempty"`
	Said    string `json:"said,omitempty"`
	Refused string `json:"refused,omitempty"`
	// Now is the server's clock as a view leaves (Unix milliseconds), so
	// that a page runs a countdown by it whatever its own clock says.
	Now int64 `json:"now,omitempty"`
}

// client is one phone's connection.
type client struct {
	hub    *hub
	viewer tui.Viewer
	token  string
	label  string // the viewer as the log names it
	conn   *websocket.Conn
	woken  chan struct{} // cap 1: something changed
	out    chan message  // results, in order
	cancel context.CancelFunc
	once   sync.Once
	why    string // why kick closed the connection, set once

	// What the phone holds; only the writer touches these.
	version, seq, taken int
	fresh               bool // nothing sent yet
}

func (c *client) wake() {
	select {
	case c.woken <- struct{}{}:
	default:
	}
}

// kick closes the connection with a code the page understands. The close
// handshake waits for the phone, so it runs apart from the caller.
func (c *client) kick(code websocket.StatusCode, why string) {
	c.once.Do(func() {
		c.why = why
		go func() {
			_ = c.conn.Close(code, why)
			c.cancel()
		}()
	})
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	// The default origin check refuses pages of other sites: no web page a
	// player visits elsewhere can reach a seat through their browser.
	// Screens carry drawings: each is compressed on its own, which costs
	// a phone no memory between messages.
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionNoContextTakeover})
	if err != nil {
		return
	}
	ip := remoteIP(r).String()
	conn.SetReadLimit(maxMessage)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	var hi hello
	if err := readJSON(ctx, conn, &hi, 10*time.Second); err != nil {
		s.log.warn("hello "+ip, "a connection from %s sent no seat link", ip)
		_ = conn.Close(websocket.StatusPolicyViolation, "say hello first")
		return
	}
	s.mu.Lock()
	st, ok := s.tokens[hi.Token]
	old, stale := s.stale[hi.Token]
	s.mu.Unlock()
	if !ok || hi.Token == "" {
		if stale {
			s.log.warn("link "+ip, "%s: refused the old link of %s from %s: the seat has a new one", old.session, s.hubs[old.session].label(old.viewer), ip)
		} else {
			s.log.warn("link "+ip, "refused a stale or unknown seat link from %s", ip)
		}
		_ = conn.Close(codeUnknownSeat, "this link opens no seat here: ask for a new one")
		return
	}
	h := s.hubs[st.session]
	c := &client{hub: h, viewer: st.viewer, token: hi.Token, label: h.label(st.viewer), conn: conn,
		woken: make(chan struct{}, 1), out: make(chan message, 16), cancel: cancel, fresh: true}
	c.resumeFrom(hi)
	s.mu.Lock()
	stopping := s.stopping
	if !stopping {
		s.clients[c] = struct{}{}
	}
	s.mu.Unlock()
	if stopping {
		_ = conn.Close(websocket.StatusGoingAway, "the server stopped")
		return
	}
	h.mu.Lock()
	h.clients[c] = struct{}{}
	h.mu.Unlock()
	since := time.Now()
	s.log.printf("%s: %s connected from %s", h.name, c.label, ip)
	defer func() {
		h.mu.Lock()
		delete(h.clients, c)
		h.mu.Unlock()
		s.mu.Lock()
		delete(s.clients, c)
		s.mu.Unlock()
		c.kick(websocket.StatusNormalClosure, "")
		why := c.why
		if why == "" {
			why = "the phone left or its network dropped"
		}
		s.log.printf("%s: %s disconnected from %s after %s: %s", h.name, c.label, ip, time.Since(since).Round(time.Second), why)
	}()
	c.wake()
	go c.read(ctx)
	c.write(ctx, s.o.Limits.Ping)
}

// resumeFrom takes what the phone says it holds. A claim that cannot be
// (more than exists, an odd count of taken-back events) only costs the
// phone a whole log.
func (c *client) resumeFrom(hi hello) {
	c.version, c.seq, c.taken = -1, 0, -1
	d := hi.Version - hi.Seq
	if hi.Version > 0 && hi.Seq >= 0 && d >= 0 && d%2 == 0 {
		c.version, c.seq, c.taken = hi.Version, hi.Seq, d/2
	}
}

// read takes the phone's actions one at a time.
func (c *client) read(ctx context.Context) {
	defer c.cancel()
	for {
		var q request
		err := readJSON(ctx, c.conn, &q, 0)
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		garbled := errors.As(err, &syn) || errors.As(err, &typ)
		if err != nil && !garbled {
			return
		}
		m := message{Type: "result", ID: q.ID}
		switch {
		case garbled:
			m.Refused = "that message was not understood"
		case len(q.Text) > maxText:
			m.Refused = "that line is too long"
		default:
			act := c.hub.act
			if q.Undo {
				act = func(v tui.Viewer, _ string, at int) (string, error) { return c.hub.undo(v, at) }
			}
			said, err := act(c.viewer, q.Text, q.Version)
			if err != nil {
				m.Refused = err.Error()
			} else {
				m.OK, m.Said = true, said
			}
		}
		if m.Refused != "" {
			// The reason may name the seat's own cards; the host's terminal is
			// in view of the table, so it only learns that a refusal happened.
			c.hub.srv.log.printf("%s: %s had an action refused (the reason went to that seat only)", c.hub.name, c.label)
		}
		select {
		case c.out <- m:
		case <-ctx.Done():
			return
		}
	}
}

// write sends results and, whenever the session changed, the screen and
// the log lines the phone lacks. It always builds from the latest state,
// so a slow phone skips screens but never a log line. It pings the phone
// every so often: one that does not answer within half of that is gone.
func (c *client) write(ctx context.Context, every time.Duration) {
	ping := time.NewTicker(every)
	defer ping.Stop()
	for {
		var m message
		select {
		case <-ctx.Done():
			return
		case m = <-c.out:
		case <-c.woken:
			var ok bool
			var err error
			if m, ok, err = c.next(); err != nil {
				c.kick(websocket.StatusInternalError, "the server could not read the game")
				return
			} else if !ok {
				continue
			}
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, every/2)
			err := c.conn.Ping(pctx)
			cancel()
			if err != nil {
				if ctx.Err() == nil {
					c.kick(websocket.StatusGoingAway, "no answer to a ping within "+(every/2).String())
				}
				return
			}
			continue
		}
		if err := writeJSON(ctx, c.conn, m); err != nil {
			return
		}
	}
}

// next is the view message the phone lacks, if any.
func (c *client) next() (message, bool, error) {
	h := c.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.version == c.version && !c.fresh {
		return message{}, false, nil
	}
	c.fresh = false
	sess := h.src.sess
	m := message{Type: "view", Version: h.version, Seq: sess.Len(), View: h.view(c.viewer), Now: time.Now().UnixMilli()}
	var err error
	switch {
	case c.version == h.version:
	case c.version >= 0 && c.version < h.version && c.taken == sess.TakenCount() && c.seq <= sess.Len():
		m.Log, err = h.log(c.viewer, c.seq)
	default:
		m.Log, err = h.log(c.viewer, -1)
		m.Reset = true
	}
	if err != nil {
		return message{}, false, err
	}
	c.version, c.seq, c.taken = h.version, sess.Len(), sess.TakenCount()
	return m, true, nil
}

func readJSON(ctx context.Context, conn *websocket.Conn, v any, timeout time.Duration) error {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	typ, raw, err := conn.Read(ctx)
	if err != nil {
		return err
	}
	if typ != websocket.MessageText {
		return &json.SyntaxError{}
	}
	return json.Unmarshal(raw, v)
}

func writeJSON(ctx context.Context, conn *websocket.Conn, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return conn.Write(ctx, websocket.MessageText, raw)
}
