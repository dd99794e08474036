package server

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits bound what one client may hold of the server; a zero field takes
// its value from DefaultLimits.
type Limits struct {
	PerAddr    int           // connections open at once from one address
	ReadHeader time.Duration // to send a request's headers
	Read       time.Duration // to send a whole request
	Write      time.Duration // to take a whole response
	Idle       time.Duration // a kept-alive connection between two requests
	Ping       time.Duration // between pings of a WebSocket; half of it is the wait for the answer
}

// DefaultLimits: a phone's browser opens at most six HTTP connections to
// one server and one WebSocket per page, so 16 leaves a laptop room for a
// few tabs while one device cannot take the server's every file. A
// WebSocket has no deadline of its own: it lives as long as it answers
// pings, however long the game leaves it quiet.
var DefaultLimits = Limits{
	PerAddr:    16,
	ReadHeader: 10 * time.Second,
	Read:       30 * time.Second,
	Write:      60 * time.Second,
	Idle:       60 * time.Second,
	Ping:       20 * time.Second,
}

func (l Limits) orDefaults() Limits {
	d := DefaultLimits
	pick(&l.PerAddr, d.PerAddr)
	pick(&l.ReadHeader, d.ReadHeader)
	pick(&l.Read, d.Read)
	pick(&l.Write, d.Write)
	pick(&l.Idle, d.Idle)
	pick(&l.Ping, d.Ping)
	return l
}

func pick[T int | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// addrLimit counts the open connections of every client address. One over
// the cap is still accepted, to be answered 429 (see guard); one far over
// it is closed at once, so that opening connections costs a client more
// than the server.
type addrLimit struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[netip.Addr]int
	log  *logger
}

// limitedConn is one counted connection.
type limitedConn struct {
	net.Conn
	l    *addrLimit
	ip   netip.Addr
	over bool // accepted over the cap: its requests are refused
	once sync.Once
}

func (l *addrLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := addrIP(c.RemoteAddr())
		l.mu.Lock()
		l.open[ip]++
		n := l.open[ip]
		l.mu.Unlock()
		lc := &limitedConn{Conn: c, l: l, ip: ip, over: n > l.max}
		if n <= 2*l.max {
			return lc, nil
		}
		l.busy(ip)
		_ = lc.Close()
	}
}

// busy logs a refused connection, once in a while for each address.
func (l *addrLimit) busy(ip netip.Addr) {
	l.log.warn("busy "+ip.String(), "refused a connection from %s: it has %d open already, the most one address may", ip, l.max)
}

func (c *limitedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.ip]--; c.l.open[c.ip] <= 0 {
			delete(c.l.open, c.ip)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// addrIP is a connection's IP address, an IPv4 one in its own form.
func addrIP(a net.Addr) netip.Addr {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.AddrPort().Addr().Unmap().WithZone("")
	}
	return netip.Addr{}
}

// remoteIP is the address a request came from.
func remoteIP(r *http.Request) netip.Addr {
	ap, _ := netip.ParseAddrPort(r.RemoteAddr)
	return ap.Addr().Unmap().WithZone("")
}

type connKey struct{}

// guard refuses a request on a connection over its address's cap (429),
// and one for another host than this server (421): a web page elsewhere
// whose name was made to point at this machine (DNS rebinding) reaches it
// under its own name, which no seat link uses.
func (s *Server) guard(port int, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := remoteIP(r)
		if c, _ := r.Context().Value(connKey{}).(*limitedConn); c != nil && c.over {
			c.l.busy(ip)
			w.Header().Set("Connection", "close")
			http.Error(w, "too many connections from your address: close other pages of this server and try again", http.StatusTooManyRequests)
			return
		}
		local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
		if !hostAllowed(r.Host, addrIP(local), port) {
			s.log.warn("host "+ip.String(), "refused a request from %s for the host %q: not this server's address", ip, cut(r.Host, 60))
			http.Error(w, "this server answers only at its own address: open the seat link as it was printed", http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hostAllowed: the Host header of a request that reached local names this
// server, at its port: localhost, a loopback address, or the address the
// request came in at (the one the server listens on, or for 0.0.0.0 the
// LAN address a seat link names). No other name is ever this server.
func hostAllowed(host string, local netip.Addr, port int) bool {
	h, p, err := net.SplitHostPort(host)
	if err != nil {
		h, p = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "80"
	}
	if p != strconv.Itoa(port) {
		return false
	}
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(h)
	if err != nil {
		return false
	}
	ip = ip.Unmap().WithZone("")
	return ip.IsLoopback() || (local.IsValid() && ip == local)
}

// cut shortens what a client sent for a log line.
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// connContext hands each request its connection, for guard.
func connContext(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}
