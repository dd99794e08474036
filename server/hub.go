package server

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
)

// ErrStale refuses an action drawn on a screen the game has moved past.
var ErrStale = errors.New("the game moved on since your screen showed it: look again, then act")

// hub is one served session: the game's adapter over the session as last
// read, the views made from it (once per viewer and version) and the
// phones looking at it.
type hub struct {
	srv  *Server
	name string
	game Game

	mu      sync.Mutex // the adapter is not safe for concurrent use
	src     *hubSource
	g       tui.Game
	version int
	views   map[tui.Viewer]*View
	logs    map[logKey][]Line
	logOf   LogFunc // made once per version
	// last judges the last event for undo, once per version (judged).
	last    companion.Verdict
	lastErr error
	judged  bool
	writes  int // actions this hub logged
	clients map[*client]struct{}
	// said is what the bot action that made this version did, for every
	// screen; botting says a goroutine is letting the bots act.
	said    string
	botting bool
	// human is the seat whose action the bots' since followed (tui.Table
	// when none): it may take them back together with its own (C-23).
	human tui.Viewer
}

// hubSource is the adapter's Source: it reads the session the hub last
// saw, and writes through the store in one transaction, refusing a write
// drawn on another version than the stored one.
type hubSource struct {
	srv    *Server
	name   string
	sess   companion.Session
	expect int  // the version the next write was drawn on, or -1
	dry    bool // check an action against sess, write nothing
}

// errWouldDo ends a dry run whose action the game accepted.
var errWouldDo = errors.New("the action would be logged")

func (h *hubSource) Load() (companion.Session, error) { return h.sess, nil }

func (h *hubSource) Append(check func(companion.Session) ([]companion.Event, error)) error {
	if h.dry {
		if _, err := check(h.sess); err != nil {
			return err
		}
		return errWouldDo
	}
	expect := h.expect
	h.expect = -1
	var now companion.Session
	err := h.srv.write(func(st *companion.Store) error {
		_, err := st.Append(h.name, func(s companion.Session) ([]companion.Event, error) {
			if expect >= 0 && version(s) != expect {
				return nil, ErrStale
			}
			return check(s)
		})
		if err == nil {
			// From the snapshot before the new last event, as the hub's
			// other loads (ruling C-21).
			now, err = st.LoadTail(h.name)
		}
		return err
	})
	if err == nil {
		h.sess = now
	}
	return err
}

// View is what one viewer's screen shows, every text made by the table
// mode's adapter for that viewer.
type View struct {
	Game     string   `json:"game"`
	Title    string   `json:"title"`
	You      string   `json:"you"`  // the viewer's seat name, or "table"
	Seat     int      `json:"seat"` // from 1; 0 for the table
	Waiting  string   `json:"waiting,omitempty"`
	YourTurn bool     `json:"yourTurn"`
	Board    string   `json:"board"`
	Secret   string   `json:"secret,omitempty"`
	Choices  []Choice `json:"choices"`
	// Picture is the board drawn for the viewer with its moves as taps,
	// for a game that draws one; the texts above stay for the others and
	// for those who type.
	Picture *tui.Picture `json:"picture,omitempty"`
	// Undo says the viewer acted last and may take it back.
	Undo bool `json:"undo,omitempty"`
	// Bot is what a bot seat just did, in table words with what to do on
	// the board, when a bot's action made this screen.
	Bot string `json:"bot,omitempty"`
}

// Choice is one action the viewer may tap: Path groups it, Text is the
// notation sent (and shown, for those who type).
type Choice struct {
	Path []string `json:"path"`
	Text string   `json:"text"`
}

// refresh rebuilds the game from sess; the caller holds mu or owns h.
func (h *hub) refresh(sess companion.Session) error {
	if h.src == nil {
		h.src = &hubSource{srv: h.srv, name: h.name, sess: sess, expect: -1}
		g, err := h.game.Adapt(h.src)
		if err != nil {
			return err
		}
		h.g = g
	} else {
		h.src.sess = sess
		if err := h.g.Refresh(); err != nil {
			return err
		}
	}
	h.version = version(h.src.sess)
	h.said = ""
	h.views, h.logs, h.logOf = map[tui.Viewer]*View{}, map[logKey][]Line{}, nil
	h.judged, h.last, h.lastErr = false, companion.Verdict{}, nil
	return nil
}

// mark is what seen needs to know that a read is not older than the hub.
func (h *hub) mark() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.writes
}

// seen takes a session as read from the store, after mark returned
// writes, and tells the phones if another command changed it. A read that
// began before one of the hub's own writes is older than the hub: it is
// dropped, and the next one is looked at.
func (h *hub) seen(sess companion.Session, writes int) error {
	h.mu.Lock()
	if !sess.Created.Equal(h.src.sess.Created) {
		h.mu.Unlock()
		// Its seats' codes belong to the game that was deleted (T-1).
		return fmt.Errorf("session %q was deleted and started again: serve it again for new seat codes", h.name)
	}
	changed := h.writes == writes && version(sess) != h.version
	var err error
	if changed {
		h.human = tui.Table
		err = h.refresh(sess)
	}
	h.mu.Unlock()
	if changed && err == nil {
		h.notify()
	}
	return err
}

// notify wakes every phone's writer, which sends what it lacks.
func (h *hub) notify() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		c.wake()
	}
}

// seats is the number of seats: the adapter names each.
func (h *hub) seats() int {
	n := 0
	for h.g.Name(tui.Viewer(n)) != "" {
		n++
	}
	return n
}

// view is v's screen at the current version; the caller holds mu.
func (h *hub) view(v tui.Viewer) *View {
	if w, ok := h.views[v]; ok {
		return w
	}
	g := h.g
	w := &View{Game: h.src.sess.Game, Title: g.Title(), You: "table", Board: g.Board(h.srv.plain), Choices: []Choice{}, Bot: h.said}
	if v != tui.Table {
		w.You, w.Seat = g.Name(v), int(v)+1
		w.Secret = g.Secret(v, h.srv.plain)
	}
	at, ok := g.Waiting()
	// A question put to several seats is every one of theirs at once.
	asked := false
	if a, isAsker := g.(tui.Asker); isAsker {
		asked = a.Asked(v)
	}
	if ok {
		w.Waiting = g.Name(at)
		w.YourTurn = at == v || asked
	}
	bo, drawn := g.(tui.Boarder)
	if drawn {
		if pic, err := bo.Picture(v); err == nil {
			w.Picture = h.srv.faces.picture(pic)
		} else {
			h.srv.log.printf("%s: the board could not be drawn (%v); the phones show it as text", h.name, err)
		}
		w.Undo = h.mayUndo(bo, v) == nil
	}
	if h.mayAct(v) == nil && w.Picture == nil {
		// A seat the game does not wait for sees only what it may do
		// now (a card any holder may play), not the public moves of the
		// seat to act, which are for that seat to tap.
		other := ok && at != v && !asked
		for _, c := range g.Choices(v) {
			if !other || h.wouldDo(v, c.Text) {
				w.Choices = append(w.Choices, Choice{Path: c.Path, Text: c.Text})
			}
		}
	}
	h.views[v] = w
	return w
}

// mayUndo: only the seat that acted last takes its action back, and only
// where `companion GAME undo` would (never un-seeing a card); the caller
// holds mu.
func (h *hub) mayUndo(bo tui.Boarder, v tui.Viewer) error {
	if h.game.Verify == nil {
		return errors.New("this game takes actions back only at the host: ninjakit companion " + h.src.sess.Game + " undo")
	}
	who, ok := bo.LastActor()
	if ok && who != v && v != tui.Table && h.isBot(who) && h.human == v {
		// Bots acted after v: v takes them back with its own (C-23).
		who = v
	}
	if !ok || who != v {
		return errors.New("only the seat that acted last may take its action back")
	}
	if !h.judged {
		// Once per version, from the session's snapshot: every viewer's
		// screen asks.
		h.last, h.lastErr = companion.LastVerdict(h.src.sess)
		h.judged = true
	}
	if h.lastErr != nil {
		return h.lastErr
	}
	if h.last.Barrier != "" {
		return &companion.BarrierError{Reason: h.last.Barrier}
	}
	return nil
}

// undo takes back v's last action on a screen that showed version at,
// through the store's undo with the game's barriers, and tells every
// phone; what it did goes to v.
func (h *hub) undo(v tui.Viewer, at int) (string, error) {
	h.mu.Lock()
	bo, ok := h.g.(tui.Boarder)
	if !ok {
		h.mu.Unlock()
		return "", errors.New("this game takes actions back only at the host: ninjakit companion " + h.src.sess.Game + " undo")
	}
	if at != h.version {
		h.mu.Unlock()
		return "", ErrStale
	}
	if err := h.mayUndo(bo, v); err != nil {
		h.mu.Unlock()
		return "", err
	}
	var e companion.Event
	var now companion.Session
	err := h.srv.write(func(st *companion.Store) error {
		first := true
		// With bot seats, the bots' actions since v's go with it (C-23);
		// e ends as the earliest taken back, v's own.
		err := st.UndoWithBots(h.name, func(s companion.Session) ([]companion.Verdict, error) {
			// Another command may have acted since the screen was drawn.
			if first && version(s) != at {
				return nil, ErrStale
			}
			first = false
			return h.game.Verify(s)
		}, h.game.Bot, func(taken companion.Event, _ companion.Session) error {
			e = taken
			return nil
		})
		if err != nil {
			return err
		}
		now, err = st.LoadTail(h.name)
		return err
	})
	var said string
	if err == nil {
		h.writes++
		h.human = tui.Table
		if err = h.refresh(now); err == nil {
			said = bo.Undone(v, e)
		}
	}
	h.mu.Unlock()
	h.notify()
	if err == nil {
		h.runBots()
	}
	return said, err
}

// isBot reports whether the companion plays seat v; the caller holds mu.
func (h *hub) isBot(v tui.Viewer) bool {
	b, ok := h.g.(tui.Botter)
	return ok && b.Bot(v)
}

// runBots lets the bot seats act, one every BotPause, until the game
// waits for a person again, unless that is under way already. Each action
// is one transaction like a phone's, and every phone is told.
func (h *hub) runBots() {
	if h.game.Bot == nil {
		return
	}
	h.mu.Lock()
	if h.botting {
		h.mu.Unlock()
		return
	}
	h.botting = true
	h.mu.Unlock()
	h.srv.botsWG.Add(1)
	go func() {
		defer h.srv.botsWG.Done()
		for {
			time.Sleep(h.srv.o.BotPause)
			acted, err := h.botStep()
			if err != nil {
				h.srv.log.printf("%s: a bot could not act: %v", h.name, err)
			}
			if err != nil || !acted {
				h.mu.Lock()
				h.botting = false
				h.mu.Unlock()
				return
			}
		}
	}()
}

// botStep lets the bot seat whose decision is pending act, if one is and
// the server is not stopping, and tells every phone.
func (h *hub) botStep() (bool, error) {
	h.srv.mu.Lock()
	stopping := h.srv.stopping
	h.srv.mu.Unlock()
	if stopping {
		return false, nil
	}
	h.mu.Lock()
	var play companion.BotPlay
	acted := false
	err := h.src.Append(func(s companion.Session) ([]companion.Event, error) {
		p, ok, err := h.game.Bot(s)
		if err != nil || !ok {
			return nil, err
		}
		play, acted = p, true
		return []companion.Event{p.Event}, nil
	})
	if err == nil && acted {
		h.writes++
		// A bot's action the table may not hear of (a Scorpion intruder's
		// hidden step) leaves the last words standing.
		if err = h.refresh(h.src.sess); err == nil && play.Said != "" {
			h.said = play.Said
		}
		if play.Said != "" {
			h.srv.log.printf("%s: %s", h.name, play.Said)
		}
	}
	h.mu.Unlock()
	if acted {
		h.notify()
	}
	return acted, err
}

// logKey names a piece of log: a viewer's lines after a seq.
type logKey struct {
	v     tui.Viewer
	after int
}

// wouldDo tries an action without writing it; the caller holds mu.
func (h *hub) wouldDo(v tui.Viewer, text string) bool {
	h.src.dry = true
	defer func() { h.src.dry = false }()
	_, err := h.g.Do(v, text)
	return errors.Is(err, errWouldDo)
}

// log is v's log at the current version after seq after (all of it for
// after < 0); the caller holds mu. Phones at one version ask for the same
// pieces, so each is made once.
func (h *hub) log(v tui.Viewer, after int) ([]Line, error) {
	if l, ok := h.logs[logKey{v, after}]; ok {
		return l, nil
	}
	if h.logOf == nil {
		f, err := h.game.Log(h.src.sess)
		if err != nil {
			return nil, err
		}
		h.logOf = f
	}
	l, err := h.logOf(v, after)
	if err != nil {
		return nil, err
	}
	h.logs[logKey{v, after}] = l
	return l, nil
}

// mayAct: a seat acts whenever its game lets it; the table's screen acts
// only while the game waits for no seat (a report the whole table makes),
// so nobody acts for a seat from the table's link.
func (h *hub) mayAct(v tui.Viewer) error {
	if v != tui.Table {
		return nil
	}
	if at, ok := h.g.Waiting(); ok {
		return fmt.Errorf("%s acts on their own screen; the table's screen only watches now", h.g.Name(at))
	}
	return nil
}

// act checks and logs one action typed (or tapped) by v on a screen that
// showed version at, and tells every phone; the refusal goes to v alone.
func (h *hub) act(v tui.Viewer, text string, at int) (string, error) {
	h.mu.Lock()
	if err := h.mayAct(v); err != nil {
		h.mu.Unlock()
		return "", err
	}
	h.src.expect = at
	said, err := h.g.Do(v, text)
	h.src.expect = -1
	var rerr error
	written := version(h.src.sess) != h.version
	if written {
		// Written: the source holds the session as committed.
		h.writes++
		h.human = v
		rerr = h.refresh(h.src.sess)
	}
	h.mu.Unlock()
	h.notify()
	if rerr != nil {
		return "", rerr
	}
	if written {
		h.runBots()
	}
	return said, err
}
