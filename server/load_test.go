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
// after -load.think. Afterwards every client must hold its role's whole log
// exactly: no event lost, none twice. It reports the latency from sending
// an action to its result (act) and to every client's screen (seen).
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

	var mu sync.Mutex
	var act, seen []time.Duration
	sent := map[string]time.Time{} // "table/version" -> when the action that made it was sent
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
			wg.Go(func() {
				var pending time.Time // when this client sent its action
				log, err := loadClient(ctx, tb.url, token, func(m msg, conn *websocket.Conn, id *int) error {
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
						return ctx.Err()
					}
					text := "s s s s"
					if m.Version < loadSeats {
						text = edges[v]
					}
					*id++
					raw, _ := json.Marshal(map[string]any{"id": *id, "text": text, "version": m.Version})
					pending = time.Now()
					mu.Lock()
					sent[fmt.Sprintf("%s/%d", tb.session, m.Version+1)] = pending
					mu.Unlock()
					return conn.Write(ctx, websocket.MessageText, raw)
				}, func(m msg) {
					mu.Lock()
					act = append(act, time.Since(pending))
					mu.Unlock()
				})
				results <- result{tb, v, log, err}
			})
		}
	}
	wg.Wait()
	close(results)
	events, clients, lost, twice := 0, 0, 0, 0
	counted := map[string]bool{}
	for r := range results {
		require.NoError(t, r.err)
		clients++
		n := r.tb.events()
		if !counted[r.tb.session] {
			counted[r.tb.session], events = true, events+n
		}
		// The client must hold its role's log as the store tells it, up to
		// the last event it was sent (it may stop between a write and its
		// screen), each line once.
		sess, _ := r.tb.state(-1)
		of, err := server.Games[sess.Game].Log(sess)
		require.NoError(t, err)
		want, err := of(r.v, -1)
		require.NoError(t, err)
		last := 0
		for _, l := range r.log {
			last = max(last, l.Seq)
		}
		count := map[server.Line]int{}
		for _, l := range want {
			if l.Seq <= last {
				count[l]++
			}
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
		require.LessOrEqual(t, last, n)
		require.GreaterOrEqual(t, last, n-1, "client %s/%d fell behind", r.tb.session, r.v)
	}
	require.Zero(t, lost, "events lost")
	require.Zero(t, twice, "events twice")
	require.Equal(t, loadTables*(loadSeats+1), clients)
	require.NotEmpty(t, act)
	t.Logf("%d tables x %d clients for %v (think %v): %d events, %d lost, %d twice; act p50 %v p99 %v max %v; seen p50 %v p99 %v max %v (%d screens)",
		loadTables, loadSeats+1, play, *loadThink, events, lost, twice,
		pct(act, 50), pct(act, 99), pct(act, 100), pct(seen, 50), pct(seen, 99), pct(seen, 100), len(seen))
}

func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, (len(s)*p)/100)].Round(100 * time.Microsecond)
}

// loadClient is a phone that keeps its log until ctx ends: onView may act,
// onResult sees the answers.
func loadClient(ctx context.Context, url, token string, onView func(msg, *websocket.Conn, *int) error, onResult func(msg)) ([]server.Line, error) {
	dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(dctx, "ws"+url[len("http"):]+"/ws", nil)
	if err != nil {
		return nil, err
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	raw, _ := json.Marshal(map[string]any{"token": token})
	if err := conn.Write(ctx, websocket.MessageText, raw); err != nil {
		return nil, err
	}
	var log []server.Line
	id := 0
	for {
		_, raw, err := conn.Read(ctx)
		if ctx.Err() != nil {
			return log, nil
		}
		if err != nil {
			return log, err
		}
		var m msg
		if err := json.Unmarshal(raw, &m); err != nil {
			return log, err
		}
		if m.Type == "result" {
			if !m.OK && m.Refused != "" {
				return log, fmt.Errorf("refused: %s", m.Refused)
			}
			onResult(m)
			continue
		}
		if m.Reset {
			log = m.Log
		} else {
			log = append(log, m.Log...)
		}
		if err := onView(m, conn, &id); err != nil && ctx.Err() == nil {
			return log, err
		}
	}
}
