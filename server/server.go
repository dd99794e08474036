// Package server is the table server: every phone at the table gets a
// private screen over HTTP and a WebSocket, its role's view of a session
// kept in the same store the one-shot commands use. It knows no game: each
// plugs in through the table mode's adapter (tui.Game), whose per-viewer
// views and checked actions it serves as JSON, and the game's role-filtered
// log (see Games).
package server

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
)

//go:embed web
var webFS embed.FS

// Options configure a Server.
type Options struct {
	Store    string        // the session file
	Seats    string        // the seat-token file
	Sessions []string      // the sessions to serve
	Poll     time.Duration // how often to look for other commands' writes
	Log      io.Writer     // the server's log (start, seats coming and going, refusals); nil for none
	Limits   Limits        // what one client may hold
	// BotPause is the wait before each bot action, so the people at the
	// table can follow; 0 is 600 ms.
	BotPause time.Duration
}

// Server serves sessions to phones. Its state is the store's: it holds
// the file only for one short transaction at a time, so one-shot commands
// work on the same sessions meanwhile, and it looks for their writes every
// Poll.
type Server struct {
	o       Options
	storeMu sync.RWMutex // this process's readers together, writers alone
	hubs    map[string]*hub
	plain   tui.Styles

	mu       sync.Mutex
	tokens   map[string]seat
	stale    map[string]seat // tokens reissued while this server ran
	seatsMod time.Time
	clients  map[*client]struct{}
	stopping bool // Serve is closing: no new phone comes in, no bot acts
	botsWG   sync.WaitGroup

	log   *logger
	faces faces // card faces the screens name by URL
}

// New opens the sessions and their seat tokens, which must exist (Issue
// makes them).
func New(o Options) (*Server, error) {
	if o.Poll <= 0 {
		o.Poll = 300 * time.Millisecond
	}
	if o.BotPause <= 0 {
		o.BotPause = 600 * time.Millisecond
	}
	o.Limits = o.Limits.orDefaults()
	s := &Server{o: o, hubs: map[string]*hub{}, clients: map[*client]struct{}{}, stale: map[string]seat{},
		plain: tui.NewStyles(io.Discard, false), log: newLogger(o.Log)}
	sessions, err := s.load(o.Sessions)
	if err != nil {
		return nil, err
	}
	for _, sess := range sessions {
		g, ok := Games[sess.Game]
		if !ok {
			return nil, fmt.Errorf("session %q is a game of %s, which the server does not run", sess.Name, sess.Game)
		}
		h := &hub{srv: s, name: sess.Name, game: g, clients: map[*client]struct{}{}, human: tui.Table}
		if err := h.refresh(sess); err != nil {
			return nil, err
		}
		s.hubs[sess.Name] = h
	}
	if err := s.readSeats(); err != nil {
		return nil, err
	}
	return s, nil
}

// load reads sessions in one read-only open of the store.
func (s *Server) load(names []string) ([]companion.Session, error) {
	s.storeMu.RLock()
	defer s.storeMu.RUnlock()
	st, err := companion.Open(s.o.Store, companion.ReadOnly())
	if err != nil {
		return nil, err
	}
	defer st.Close()
	var out []companion.Session
	for _, n := range names {
		sess, err := st.LoadTail(n)
		if err != nil {
			return nil, err
		}
		out = append(out, sess)
	}
	return out, nil
}

// readSeats reloads the token file when it changed (a --reissue from
// another terminal) and closes the connections whose token it no longer
// holds. It keeps the replaced tokens, to tell a stale link from an unknown
// one in the log.
func (s *Server) readSeats() error {
	fi, err := os.Stat(s.o.Seats)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var mod time.Time
	if fi != nil {
		mod = fi.ModTime()
	}
	s.mu.Lock()
	same := s.tokens != nil && mod.Equal(s.seatsMod)
	s.mu.Unlock()
	if same {
		return nil
	}
	seats, err := LoadSeats(s.o.Seats)
	if err != nil {
		return err
	}
	idx := seats.index(s.o.Sessions)
	s.mu.Lock()
	now := map[seat]bool{}
	for _, st := range idx {
		now[st] = true
	}
	var reissued []seat
	for tok, st := range s.tokens {
		if _, ok := idx[tok]; !ok {
			s.stale[tok] = st
			if now[st] {
				reissued = append(reissued, st)
			}
		}
	}
	s.tokens, s.seatsMod = idx, mod
	var gone []*client
	for c := range s.clients {
		if idx[c.token] != (seat{c.hub.name, c.viewer}) {
			gone = append(gone, c)
		}
	}
	s.mu.Unlock()
	for _, st := range reissued {
		s.log.printf("%s: %s has a new link; the old one opens nothing now", st.session, s.hubs[st.session].label(st.viewer))
	}
	for _, c := range gone {
		c.kick(codeReissued, "this seat was given to another device")
	}
	return nil
}

// Run looks for other commands' writes and re-issued seats until ctx ends.
func (s *Server) Run(ctx context.Context) error {
	tick := time.NewTicker(s.o.Poll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		if err := s.readSeats(); err != nil {
			return err
		}
		marks := map[string]int{}
		for n, h := range s.hubs {
			marks[n] = h.mark()
		}
		sessions, err := s.load(s.o.Sessions)
		if errors.Is(err, companion.ErrBusy) {
			continue // a long write elsewhere: look next time
		}
		if errors.Is(err, companion.ErrNoSession) {
			return fmt.Errorf("the served session was deleted (%w): the server stops", err)
		}
		if err != nil {
			return err
		}
		for _, sess := range sessions {
			if err := s.hubs[sess.Name].seen(sess, marks[sess.Name]); err != nil {
				return err
			}
		}
	}
}

// Serve answers phones on ln, and looks for other commands' writes (Run),
// until ctx ends or either fails; then it closes every connection.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	tcp, ok := ln.Addr().(*net.TCPAddr)
	if !ok {
		return fmt.Errorf("cannot serve on %s", ln.Addr())
	}
	lim := s.o.Limits
	hs := &http.Server{
		Handler:           s.guard(tcp.Port, s.handler()),
		ReadHeaderTimeout: lim.ReadHeader,
		ReadTimeout:       lim.Read,
		WriteTimeout:      lim.Write,
		IdleTimeout:       lim.Idle,
		ConnContext:       connContext,
		ErrorLog:          s.log.l,
	}
	var games []string
	for _, n := range s.o.Sessions {
		games = append(games, fmt.Sprintf("%s (%s)", n, s.hubs[n].src.sess.Game))
	}
	s.log.printf("listening on %s, serving %s; at most %d connections from one address", ln.Addr(), strings.Join(games, ", "), lim.PerAddr)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// A bot seat left to act (the host stopped mid-turn) acts now.
	for _, h := range s.hubs {
		h.runBots()
	}
	errs := make(chan error, 2)
	go func() { errs <- s.Run(ctx) }()
	go func() {
		errs <- hs.Serve(&addrLimit{Listener: ln, max: lim.PerAddr, open: map[netip.Addr]int{}, log: s.log})
	}()
	var err error
	pending := 2
	select {
	case <-ctx.Done():
	case err = <-errs:
		pending--
	}
	cancel()
	shut, done := context.WithTimeout(context.Background(), 2*time.Second)
	defer done()
	_ = hs.Shutdown(shut)
	s.closeSockets(2 * time.Second)
	s.botsWG.Wait()
	for ; pending > 0; pending-- {
		if e := <-errs; err == nil {
			err = e
		}
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	s.log.printf("stopped")
	return err
}

// closeSockets tells every phone the server stops (the page tries again
// on its own) and waits up to wait for the goodbyes.
func (s *Server) closeSockets(wait time.Duration) {
	deadline := time.Now().Add(wait)
	for {
		s.mu.Lock()
		s.stopping = true
		left := len(s.clients)
		for c := range s.clients {
			c.kick(websocket.StatusGoingAway, "the server stopped")
		}
		s.mu.Unlock()
		if left == 0 || time.Now().After(deadline) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// handler serves the page and the WebSocket.
func (s *Server) handler() http.Handler {
	mux := http.NewServeMux()
	web, _ := fs.Sub(webFS, "web")
	files := http.FileServerFS(web)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { s.static(w, r, files) })
	for _, f := range []string{"/app.js", "/style.css", "/awake.webm", "/awake.mp4"} {
		mux.HandleFunc("GET "+f, func(w http.ResponseWriter, r *http.Request) { s.static(w, r, files) })
	}
	mux.HandleFunc("GET /face/{face}", s.faces.serve)
	mux.HandleFunc("GET /ws", s.serveWS)
	return mux
}

// static serves an embedded file with headers that keep the page to
// itself: no referrer (the address never leaves), no framing, nothing
// loaded from elsewhere.
func (s *Server) static(w http.ResponseWriter, r *http.Request, files http.Handler) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	if strings.HasSuffix(r.URL.Path, ".webm") {
		// Some systems' MIME tables call .webm audio, which a phone will not
		// play as the keep-awake video.
		h.Set("Content-Type", "video/webm")
	}
	files.ServeHTTP(w, r)
}

// version is a session's place in time: every write, undo included, adds
// one (an event adds one live event; an undo takes one and adds one taken
// back, counted twice). The seq of the last event alone would repeat after
// an undo and so could not tell a stale screen from a fresh one.
func version(s companion.Session) int { return s.Len() + 2*s.TakenCount() }

// write runs fn on the store opened for writing.
func (s *Server) write(fn func(*companion.Store) error) error {
	s.storeMu.Lock()
	defer s.storeMu.Unlock()
	st, err := companion.Open(s.o.Store)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(st)
}
