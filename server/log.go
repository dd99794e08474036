package server

import (
	"fmt"
	"io"
	"log"
	"sync"
	"time"

	"github.com/ninjakit/ninjakit/companion/tui"
)

// quiet is how long a warning any client can cause (a refused link, host
// or connection) stays unrepeated for the same address, so that a client
// cannot flood the log.
const quiet = 10 * time.Second

// logger writes the server's log, one line per event, with the time. It
// never writes a token: a line names a seat by its number and name.
type logger struct {
	l    *log.Logger
	mu   sync.Mutex
	last map[string]time.Time // when each warning key was last written
}

func newLogger(w io.Writer) *logger {
	if w == nil {
		w = io.Discard
	}
	return &logger{l: log.New(w, "", log.LstdFlags), last: map[string]time.Time{}}
}

func (g *logger) printf(format string, a ...any) {
	g.l.Printf(format, a...)
}

// warn writes a line unless one of the same key was written within quiet.
func (g *logger) warn(key, format string, a ...any) {
	now := time.Now()
	g.mu.Lock()
	if at, ok := g.last[key]; ok && now.Sub(at) < quiet {
		g.mu.Unlock()
		return
	}
	if len(g.last) >= 1024 {
		clear(g.last)
	}
	g.last[key] = now
	g.mu.Unlock()
	g.l.Printf(format, a...)
}

// label names a viewer in the log: "bob (seat 2)" or "the table's screen".
func (h *hub) label(v tui.Viewer) string {
	if v == tui.Table {
		return "the table's screen"
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return fmt.Sprintf("%s (seat %d)", h.g.Name(v), int(v)+1)
}
