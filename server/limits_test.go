package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// hostPort is a table's address without the scheme.
func (tb *table) hostPort() string { return strings.TrimPrefix(tb.url, "http://") }

// closedWithin reads c until the server closes it and fails unless that
// happens within d.
func closedWithin(t *testing.T, c net.Conn, d time.Duration) {
	t.Helper()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(d)))
	_, err := io.Copy(io.Discard, c)
	require.NoError(t, err, "the server kept the connection open past %v", d)
}

func TestIdleConnectionsAreClosed(t *testing.T) {
	tb := serveWith(t, "127.0.0.1:0", server.Options{Limits: server.Limits{ReadHeader: 200 * time.Millisecond, Idle: 200 * time.Millisecond}}, blindNew)[0]

	// A connection that never sends a request.
	silent, err := net.Dial("tcp", tb.hostPort())
	require.NoError(t, err)
	defer silent.Close()
	closedWithin(t, silent, 2*time.Second)

	// A kept-alive connection after its request.
	idle, err := net.Dial("tcp", tb.hostPort())
	require.NoError(t, err)
	defer idle.Close()
	_, err = io.WriteString(idle, "GET / HTTP/1.1\r\nHost: "+tb.hostPort()+"\r\n\r\n")
	require.NoError(t, err)
	res, err := http.ReadResponse(bufio.NewReader(idle), nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NotEqual(t, "close", res.Header.Get("Connection"))
	closedWithin(t, idle, 2*time.Second)
}

// A phone whose game leaves it quiet far longer than every HTTP timeout
// keeps its WebSocket: it answers pings, and acts when its turn comes.
func TestQuietWebSocketOutlivesTheTimeouts(t *testing.T) {
	const short = 100 * time.Millisecond
	// Pings are less short: a busy machine may take a while to answer.
	tb := serveWith(t, "127.0.0.1:0", server.Options{Limits: server.Limits{ReadHeader: short, Read: short, Write: short, Idle: short, Ping: 4 * short}}, blindNew)[0]
	ann := tb.phone(0)
	ann.until(0)
	msgs := make(chan msg)
	go func() {
		defer close(msgs)
		for {
			_, raw, err := ann.conn.Read(context.Background()) // answers the pings meanwhile
			if err != nil {
				return
			}
			var m msg
			if json.Unmarshal(raw, &m) == nil {
				msgs <- m
			}
		}
	}()
	time.Sleep(12 * short) // three pings

	raw, _ := json.Marshal(map[string]any{"id": 1, "text": "start a b c d", "version": 0})
	require.NoError(t, ann.conn.Write(context.Background(), websocket.MessageText, raw))
	for m := range msgs {
		if m.Type == "result" {
			require.True(t, m.OK, m.Refused)
			require.Equal(t, 1, tb.events())
			require.NotContains(t, tb.log.String(), "disconnected")
			return
		}
	}
	t.Fatalf("the quiet phone's connection was closed:\n%s", tb.log.String())
}

// A phone that stops answering pings (asleep, out of range) is let go.
func TestUnansweredPingsEndTheSocket(t *testing.T) {
	tb := serveWith(t, "127.0.0.1:0", server.Options{Limits: server.Limits{Ping: 100 * time.Millisecond}}, blindNew)[0]
	p := &phone{t: t}
	p.dial(tb.url, tb.token(1)) // says hello, then never reads: no pong
	tb.waitLog(lit("dark: bob (seat 2) connected from 127.0.0.1\n"),
		regexp.MustCompile(`dark: bob \(seat 2\) disconnected from 127\.0\.0\.1 after \d+s: no answer to a ping within 50ms\n`))
}

func TestConnectionsPerAddressAreCapped(t *testing.T) {
	tb := serveWith(t, "127.0.0.1:0", server.Options{}, blindNew)[0]
	limit := server.DefaultLimits.PerAddr
	require.Equal(t, 16, limit)
	var held []net.Conn
	for range limit - 1 {
		c, err := net.Dial("tcp", tb.hostPort())
		require.NoError(t, err)
		held = append(held, c)
	}
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	// The last one the address may hold: a seat's WebSocket still opens.
	ann := tb.phone(0)
	ann.until(0)

	// One more is told why, and the log says so.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	res, err := client.Get(tb.url + "/")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	require.Contains(t, string(body), "too many connections from your address")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, res, err = websocket.Dial(ctx, "ws"+strings.TrimPrefix(tb.url, "http")+"/ws", nil)
	require.Error(t, err)
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	tb.waitLog(lit("refused a connection from 127.0.0.1: it has 16 open already, the most one address may\n"))

	// Far over the cap a connection is closed unanswered.
	for range limit {
		c, err := net.Dial("tcp", tb.hostPort())
		require.NoError(t, err)
		held = append(held, c)
	}
	over, err := net.Dial("tcp", tb.hostPort())
	require.NoError(t, err)
	defer over.Close()
	closedWithin(t, over, 2*time.Second)

	// Once the address lets go, it is served again.
	for _, c := range held {
		c.Close()
	}
	held = nil
	deadline := time.Now().Add(5 * time.Second)
	for {
		// Until the server has seen the closes, it may still cut this one.
		res, err := client.Get(tb.url + "/")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		require.True(t, time.Now().Before(deadline), "still refused after the connections closed")
		time.Sleep(20 * time.Millisecond)
	}
	require.True(t, ann.act("start a b c d").OK, "ann's socket lived through it all")
}

// get asks the table's server for path under the Host header host.
func (tb *table) get(host, path string) (int, string) {
	tb.t.Helper()
	req, err := http.NewRequest("GET", tb.url+path, nil)
	require.NoError(tb.t, err)
	req.Host = host
	res, err := http.DefaultClient.Do(req)
	require.NoError(tb.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(tb.t, err)
	return res.StatusCode, string(b)
}

func TestOtherHostsAreRefused(t *testing.T) {
	tb := serve(t, blindNew)[0]
	_, port, err := net.SplitHostPort(tb.hostPort())
	require.NoError(t, err)
	for _, host := range []string{tb.hostPort(), "localhost:" + port, "LocalHost:" + port, "[::1]:" + port} {
		code, _ := tb.get(host, "/")
		require.Equal(t, http.StatusOK, code, host)
	}
	for _, host := range []string{"rebound.example:" + port, "127.0.0.1:1", "localhost", "192.0.2.99:" + port, "127.0.0.1.nip.io:" + port} {
		code, body := tb.get(host, "/")
		require.Equal(t, http.StatusMisdirectedRequest, code, host)
		require.Equal(t, "this server answers only at its own address: open the seat link as it was printed\n", body)
	}
	tb.waitLog(lit(`refused a request from 127.0.0.1 for the host "rebound.example:` + port + `": not this server's address` + "\n"))

	// The WebSocket too: a page under another name reaches no seat.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(tb.url, "http")+"/ws", &websocket.DialOptions{Host: "rebound.example:" + port})
	require.Error(t, err)
	require.Equal(t, http.StatusMisdirectedRequest, res.StatusCode)
}

// Served on every interface, the seat links name the machine's LAN address,
// and they work; localhost does too.
func TestServedOnEveryInterfaceTheLinksWork(t *testing.T) {
	tb := serveWith(t, "0.0.0.0:0", server.Options{}, blindNew)[0]
	require.NotContains(t, tb.url, "0.0.0.0")
	code, _ := tb.get(tb.hostPort(), "/")
	require.Equal(t, http.StatusOK, code)
	_, port, err := net.SplitHostPort(tb.hostPort())
	require.NoError(t, err)
	code, _ = tb.get("localhost:"+port, "/")
	require.Equal(t, http.StatusOK, code)
	code, _ = tb.get("ninja.example:"+port, "/")
	require.Equal(t, http.StatusMisdirectedRequest, code)
	ann := tb.phone(0)
	ann.until(0)
	require.Equal(t, "ann", ann.view.You)
}

// The log tells the table afterwards who came and went, what was refused
// and that an old link was tried, and never holds a token.
func TestLogSaysWhoCameWentAndWasRefused(t *testing.T) {
	tb := serve(t, blindNew)[0]
	bob, room := tb.phone(1), tb.phone(tui.Table)
	bob.until(0)
	room.until(0)
	r := bob.act("start a b c d")
	require.False(t, r.OK)
	old := tb.token(1)
	code, _, errOut := ninjakit("serve", "--session", "dark", "--reissue", "bob")
	require.Zero(t, code, errOut)
	require.EqualValues(t, 4002, bob.closed())
	again := &phone{t: t}
	again.dial(tb.url, old)
	require.EqualValues(t, 4001, again.closed())
	unknown := &phone{t: t}
	unknown.dial(tb.url, "NOT-A-SEAT-TOKEN")
	require.EqualValues(t, 4001, unknown.closed())
	require.NoError(t, room.conn.Close(websocket.StatusNormalClosure, ""))

	log := tb.waitLog(
		regexp.MustCompile(`listening on 127\.0\.0\.1:\d+, serving dark \(blind\); at most 256 connections from one address\n`),
		lit("dark: bob (seat 2) connected from 127.0.0.1\n"),
		lit("dark: the table's screen connected from 127.0.0.1\n"),
		lit("dark: bob (seat 2) had an action refused (the reason went to that seat only)\n"),
		lit("dark: bob (seat 2) has a new link; the old one opens nothing now\n"),
		regexp.MustCompile(`dark: bob \(seat 2\) disconnected from 127\.0\.0\.1 after \d+s: this seat was given to another device\n`),
		lit("dark: refused the old link of bob (seat 2) from 127.0.0.1: the seat has a new one\n"),
		regexp.MustCompile(`dark: the table's screen disconnected from 127\.0\.0\.1 after \d+s: the phone left or its network dropped\n`),
	)
	// Both refused links came from one address within moments: the second
	// line is held back, so that nobody floods the log.
	require.NotContains(t, log, "refused a stale or unknown seat link")
	for _, v := range []tui.Viewer{tui.Table, 0, 1, 2} {
		require.NotContains(t, log, tb.token(v))
	}
	require.NotContains(t, log, old)
	require.NotContains(t, log, "NOT-A-SEAT-TOKEN")
	for _, l := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		require.Regexp(t, `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d \S`, l)
	}
}

func TestUnknownLinkIsLogged(t *testing.T) {
	tb := serve(t, blindNew)[0]
	p := &phone{t: t}
	p.dial(tb.url, "NOT-A-SEAT-TOKEN")
	require.EqualValues(t, 4001, p.closed())
	log := tb.waitLog(lit("refused a stale or unknown seat link from 127.0.0.1\n"))
	require.NotContains(t, log, "NOT-A-SEAT")
}
