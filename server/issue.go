package server

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/layouts"
	qrcode "github.com/skip2/go-qrcode"
)

// Link is one seat's capability link: the token rides in the fragment,
// which a browser never sends to any server, so it stays out of logs and
// Referer headers.
type Link struct {
	Viewer tui.Viewer
	Name   string // "table" or the seat's name
	URL    string
}

// Label is how a link's card names it: "seat 2: bob" or "table".
func (l Link) Label() string {
	if l.Viewer == tui.Table {
		return "table (public view)"
	}
	return fmt.Sprintf("seat %d: %s", int(l.Viewer)+1, l.Name)
}

// SeatNames are a session's seats as its game names them.
func SeatNames(sess companion.Session) ([]string, error) {
	g, ok := Games[sess.Game]
	if !ok {
		return nil, fmt.Errorf("session %q is a game of %s, which the server does not run", sess.Name, sess.Game)
	}
	h := &hub{name: sess.Name, game: g}
	if err := h.refresh(sess); err != nil {
		return nil, err
	}
	var names []string
	for v := range h.seats() {
		names = append(names, h.g.Name(tui.Viewer(v)))
	}
	return names, nil
}

// Links are the table's link and every seat's that has a token, at base:
// a bot seat has none (ruling T-19).
func Links(seats *Seats, session, base string, names []string) []Link {
	out := []Link{{Viewer: tui.Table, Name: "table", URL: base + "#" + seats.Token(session, tui.Table)}}
	for i, n := range names {
		v := tui.Viewer(i)
		if tok := seats.Token(session, v); tok != "" {
			out = append(out, Link{Viewer: v, Name: n, URL: base + "#" + tok})
		}
	}
	return out
}

// BotSeats are the seats (from 0) the companion plays in sess.
func BotSeats(sess companion.Session) ([]int, error) {
	bots, err := companion.BotSeatsOf(sess)
	var out []int
	for _, b := range bots {
		out = append(out, b.Seat)
	}
	return out, err
}

// BaseURL is the address phones reach a server listening on addr at: an
// IP address, since .local names fail on many phones. A server listening
// on every interface is reached at the machine's first LAN address.
func BaseURL(addr net.Addr) (string, error) {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return "", fmt.Errorf("cannot serve on %s", addr)
	}
	ip := tcp.IP
	if ip == nil || ip.IsUnspecified() {
		lan, err := lanIP()
		if err != nil {
			return "", err
		}
		ip = lan
	}
	return "http://" + net.JoinHostPort(ip.String(), fmt.Sprint(tcp.Port)) + "/", nil
}

// lanIP is the first IPv4 address of an interface that is up and not a
// loopback: what a phone on the same network can reach.
func lanIP() (net.IP, error) {
	ifs, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	for _, i := range ifs {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := i.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLinkLocalUnicast() {
				return n.IP.To4(), nil
			}
		}
	}
	return nil, errors.New("no network address found: give one with --addr IP:PORT")
}

// TerminalQR draws QR codes side by side, two modules per character cell
// (upper and lower half blocks), light modules drawn and dark ones left
// blank, as phones read them off a dark terminal; under each its label.
func TerminalQR(w io.Writer, payloads, labels []string) error {
	var grids [][][]bool
	rows := 0
	for _, p := range payloads {
		q, err := qrcode.New(p, qrcode.Medium)
		if err != nil {
			return fmt.Errorf("qr: %v", err)
		}
		q.DisableBorder = true
		g := pad(q.Bitmap(), 2)
		grids = append(grids, g)
		rows = max(rows, len(g))
	}
	var b strings.Builder
	for y := 0; y < rows; y += 2 {
		for i, g := range grids {
			if i > 0 {
				b.WriteString("  ")
			}
			for x := range len(g) {
				top := y < len(g) && !g[y][x]
				bottom := y+1 < len(g) && !g[y+1][x]
				b.WriteString(map[[2]bool]string{{true, true}: "█", {true, false}: "▀", {false, true}: "▄", {false, false}: " "}[[2]bool{top, bottom}])
			}
		}
		b.WriteString("\n")
	}
	for i, l := range labels {
		if i > 0 {
			b.WriteString("  ")
		}
		b.WriteString(fmt.Sprintf("%-*s", len(grids[i][0]), l))
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// pad surrounds a bitmap with a light border of n modules.
func pad(m [][]bool, n int) [][]bool {
	w := len(m) + 2*n
	out := make([][]bool, w)
	for y := range out {
		out[y] = make([]bool, w)
		if y >= n && y < n+len(m) {
			copy(out[y][n:], m[y-n])
		}
	}
	return out
}

// SeatsPDF is one page with every link's QR code and label: cut it up and
// hand each player their own seat. Whoever holds a card holds that seat.
func SeatsPDF(w io.Writer, title string, links []Link) error {
	p := layouts.PaperAny
	pdf := layouts.NewDocument(p, title)
	pdf.AddPage()
	layouts.SetFont(pdf, layouts.FontSans, "B", 14)
	layouts.TextAt(pdf, 15, 18, title)
	layouts.SetFont(pdf, layouts.FontSans, "", 9)
	layouts.TextAt(pdf, 15, 24, "Each code opens one seat's private screen: give each player their own, keep the rest.")
	layouts.TextAt(pdf, 15, 28.5, "ninjakit serve --reissue SEAT makes a lost code useless and prints a new one.")
	const cols, cell, qr = 3, 60.0, 44.0
	for i, l := range links {
		x := 15 + float64(i%cols)*cell
		y := 36 + float64(i/cols)*(cell+14)
		pdf.SetDrawColor(160, 160, 160)
		pdf.SetDashPattern([]float64{1, 1}, 0)
		pdf.Rect(x, y, cell-4, cell+10, "D")
		pdf.SetDashPattern(nil, 0)
		if err := layouts.DrawQR(pdf, l.URL, x+(cell-4-qr)/2, y+3, qr); err != nil {
			return err
		}
		layouts.SetFont(pdf, layouts.FontSans, "B", 10)
		layouts.TextCentered(pdf, x+(cell-4)/2, y+qr+7, l.Label())
		base, token, _ := strings.Cut(l.URL, "#")
		layouts.SetFont(pdf, layouts.FontMono, "", 6)
		layouts.TextCentered(pdf, x+(cell-4)/2, y+qr+11.5, base)
		layouts.TextCentered(pdf, x+(cell-4)/2, y+qr+14, "#"+token)
	}
	return layouts.WriteDocument(pdf, w)
}
