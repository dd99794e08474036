package server_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

var (
	loadFor   = flag.Duration("load", 0, "how long TestLoad plays: 1.5s, or 10s under NINJAKIT_SWEEP=1 (the figure in the notes: -load 2m)")
	loadThink = flag.Duration("load.think", 100*time.Millisecond, "a player's pause before each action in TestLoad")
)

// loadTables and loadSeats: 8 tables of 4 players and the table's screen.
const loadTables, loadSeats = 8, 4

// TestLoad plays 8 What Blind Ninjas? tables of 5 clients each (4 seats
// and the table) on loopback for -load, every seat acting on its turn
// after -load.think. Then the seats stop, the actions in flight are
// answered, and every client must come to hold its role's whole log as the
// store keeps it: no event lost, none twice, none missing at the end. It
// reports the latency from sending an action to its result (act) and to
// every client's screen (seen).
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	var news [][]string
	for i := range loadTables {
		news = append(news, []string{"companion", "blind", "new", "--session", fmt.Sprintf("load-%d", i), "--names", "ann,bob,cy,dee", "--turns", "0"})
	}
	tables := serve(t, news...)
	play := *loadFor
	if play == 0 {
		play = 1500 * time.Millisecond
		if sweep.Full() {
			play = 10 * time.Second
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), play)
	defer cancel()
	// life bounds the whole run, the drain after play included.
	life, stop := context.WithTimeout(context.Background(), play+30*time.Second)
	defer stop()

	var mu sync.Mutex
	var act, seen []time.Duration
	sent := map[string]time.Time{} // "table/version" -> when the action that made it was sent
	// Once every client has stopped with no action in flight, the store is
	// final: the test then reads each role's log from it (final) and the
	// clients read on until they hold it.
	var still sync.WaitGroup
	still.Add(loadTables * (loadSeats + 1))
	final := map[string][]server.Line{}
	finalReady := make(chan struct{})
	var wg sync.WaitGroup
	type result struct {
		tb  *table
		v   tui.Viewer
		log []server.Line
		err error
	}
	results := make(chan result, loadTables*(loadSeats+1))
	edges := []string{"start a b c d", "start 1 2 3 4", "start a b c d", "start 1 2 3 4"}
	for _, tb := range tables {
		for v := tui.Table; v < loadSeats; v++ {
			token := tb.token(v)
			key := fmt.Sprintf("%s/%d", tb.session, v)
			wg.Go(func() {
				c := &loadClient{play: ctx, life: life, still: &still}
				log, err := c.run(tb.url, token, func(m msg, conn *websocket.Conn) error {
					now := time.Now()
					key := fmt.Sprintf("%s/%d", tb.session, m.Version)
					mu.Lock()
					if at, ok := sent[key]; ok && m.View != nil {
						seen = append(seen, now.Sub(at))
					}
					mu.Unlock()
					if m.View == nil || !m.View.YourTurn {
						return nil
					}
					select {
					case <-time.After(*loadThink):
					case <-ctx.Done():
						return nil
					}
					text := "s s s s"
					if m.Version < loadSeats {
						text = edges[v]
					}
					c.id++
					raw, _ := json.Marshal(map[string]any{"id": c.id, "text": text, "version": m.Version})
					c.pending = time.Now()
					mu.Lock()
					sent[fmt.Sprintf("%s/%d", tb.session, m.Version+1)] = c.pending
					mu.Unlock()
					return conn.Write(life, websocket.MessageText, raw)
				}, func(m msg) {
					mu.Lock()
					act = append(act, time.Since(c.pending))
					mu.Unlock()
				}, func() int {
					<-finalReady
					return lastSeq(final[key])
				})
				results <- result{tb, v, log, err}
			})
		}
	}
	quiet := make(chan struct{})
	go func() { still.Wait(); close(quiet) }()
	select {
	case <-quiet:
	case <-life.Done():
		t.Fatal("the seats did not stop: an action was never answered")
	}
	events := 0
	for _, tb := range tables {
		events += tb.events()
		sess, _ := tb.state(-1)
		of, err := server.Games[sess.Game].Log(sess)
		require.NoError(t, err)
		for v := tui.Table; v < loadSeats; v++ {
			want, err := of(v, -1)
			require.NoError(t, err)
			final[fmt.Sprintf("%s/%d", tb.session, v)] = want
		}
	}
	close(finalReady)
	wg.Wait()
	close(results)
	clients, lost, twice := 0, 0, 0
	for r := range results {
		require.NoError(t, r.err)
		clients++
		count := map[server.Line]int{}
		for _, l := range final[fmt.Sprintf("%s/%d", r.tb.session, r.v)] {
			count[l]++
		}
		for _, l := range r.log {
			count[l]--
		}
		for _, c := range count {
			if c > 0 {
				lost += c
			} else {
				twice -= c
			}
		}
	}
	require.Zero(t, lost, "events lost")
	require.Zero(t, twice, "events twice")
	require.Equal(t, loadTables*(loadSeats+1), clients)
	require.NotEmpty(t, act)
	t.Logf("%d tables x %d clients for %v (think %v): %d events, %d lost, %d twice; act p50 %v p99 %v max %v; seen p50 %v p99 %v max %v (%d screens)",
		loadTables, loadSeats+1, play, *loadThink, events, lost, twice,
		pct(act, 50), pct(act, 99), pct(act, 100), pct(seen, 50), pct(seen, 99), pct(seen, 100), len(seen))
}

// lastSeq is the highest sequence number in log, 0 for none.
func lastSeq(log []server.Line) int {
	last := 0
	for _, l := range log {
		last = max(last, l.Seq)
	}
	return last
}

func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, (len(s)*p)/100)].Round(100 * time.Microsecond)
}

// loadClient is a phone that acts until play ends, then waits for the
// answer to its last action, tells still it has stopped and reads on until
// it holds the final log's last line.
type loadClient struct {
	play, life context.Context
	still      *sync.WaitGroup
	id         int       // the last action's id
	pending    time.Time // when the action in flight was sent; zero for none
}

// run keeps the client's log: onView may act, onResult sees the answers,
// finalSeq (called once the client has stopped) is the last sequence
// number the client must reach.
func (c *loadClient) run(url, token string, onView func(msg, *websocket.Conn) error, onResult func(msg), finalSeq func() int) ([]server.Line, error) {
	stopped := false
	stopOnce := func() {
		if !stopped {
			stopped = true
			c.still.Done()
		}
	}
	defer stopOnce()
	dctx, cancel := context.WithTimeout(c.life, 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(dctx, "ws"+url[len("http"):]+"/ws", nil)
	if err != nil {
		return nil, err
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	raw, _ := json.Marshal(map[string]any{"token": token})
	if err := conn.Write(c.life, websocket.MessageText, raw); err != nil {
		return nil, err
	}
	type read struct {
		m   msg
		err error
	}
	reads := make(chan read)
	go func() {
		for {
			_, raw, err := conn.Read(c.life)
			var m msg
			if err == nil {
				err = json.Unmarshal(raw, &m)
			}
			select {
			case reads <- read{m, err}:
			case <-c.life.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	var log []server.Line
	playing := c.play.Done()
	want := -1 // the final log's last sequence number, once known
	for {
		if playing == nil && c.pending.IsZero() {
			stopOnce()
			if want < 0 {
				want = finalSeq()
			}
			if lastSeq(log) >= want {
				return log, nil
			}
		}
		select {
		case <-playing:
			playing = nil
		case <-c.life.Done():
			return log, fmt.Errorf("still at %d of %d when the time ran out", lastSeq(log), want)
		case r := <-reads:
			if r.err != nil {
				return log, r.err
			}
			m := r.m
			if m.Type == "result" {
				if !m.OK && m.Refused != "" {
					return log, fmt.Errorf("refused: %s", m.Refused)
				}
				onResult(m)
				c.pending = time.Time{}
				continue
			}
			if m.Reset {
				log = m.Log
			} else {
				log = append(log, m.Log...)
			}
			if c.play.Err() == nil {
				if err := onView(m, conn); err != nil {
					return log, err
				}
			}
		}
	}
}
