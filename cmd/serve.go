package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/spf13/cobra"
)

// defaultAddr keeps the server on this machine unless --addr says otherwise.
const defaultAddr = "127.0.0.1:8077"

type serveOptions struct {
	session, addr, reissue, out string
}

func newServeCmd(io *IOStreams) *cobra.Command {
	o := &serveOptions{}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve a session to phones: every player a private screen",
		Long: `Serve runs a small web server over a companion session, so that every
player follows the game on their own phone and sees only what their seat
may see: the board, their own hand or grid, whose turn it is, the moves
they may tap (or type) and the log. Actions are checked and logged as the
one-shot commands do, which keep working on the same session meanwhile.

On start it prints one QR code per seat, and one for the table's public
view, in the terminal and in a one-page PDF, private to you, written beside
the session file unless -o names another. Each code is a private link:
whoever scans it holds that seat, and a phone that reloads, sleeps or
loses the network comes back to it on its own. --reissue SEAT gives a lost
phone's seat a new code and locks the old one out (a running server
notices within a second); it prints the new code, writes it to the PDF
that -o names, if any, and exits.

Without --addr the server answers this machine only; --addr 0.0.0.0:8077
serves the local network. Nothing leaves the machine and the network. It
answers only requests for its own address (or localhost), at most 16
connections from one address, and closes idle ones.

Standard error gets one line per event: the start, every seat's phone
coming and going, new links, old or unknown links tried (never a token),
and every refused action by seat (its reason stays on that phone).`,
		Example: `  ninjakit serve
  ninjakit serve --session blind-2 --addr 0.0.0.0:8077
  ninjakit serve --reissue bob -o bob.pdf`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return runServe(io, o) },
	}
	c.Flags().StringVar(&o.session, "session", "", "session name (default: the latest session)")
	c.Flags().StringVar(&o.addr, "addr", "", "HOST:PORT to listen on (default "+defaultAddr+")")
	c.Flags().StringVar(&o.reissue, "reissue", "", "give SEAT (a number, name or table) a new code and exit")
	c.Flags().StringVarP(&o.out, "output", "o", "", "PDF of the seat codes (default SESSION-seats.pdf beside the session file)")
	return c
}

// latestServed is the most recently changed session of a game the server
// runs.
func latestServed(st *companion.Store) (string, error) {
	list, err := st.List()
	if err != nil {
		return "", err
	}
	var best companion.Summary
	for _, s := range list {
		if _, ok := server.Games[s.Game]; ok && (best.Name == "" || s.Changed.After(best.Changed)) {
			best = s
		}
	}
	if best.Name == "" {
		return "", errors.New("no session to serve: start one first, e.g. ninjakit companion blind new")
	}
	return best.Name, nil
}

func runServe(io *IOStreams, o *serveOptions) error {
	if o.out == "-" {
		return usagef("-o -: the seat codes are written to a file only (the terminal shows them already)")
	}
	storePath, err := companion.DefaultPath()
	if err != nil {
		return err
	}
	var sess companion.Session
	err = withReader(func(st *companion.Store) error {
		if o.session == "" {
			if o.session, err = latestServed(st); err != nil {
				return err
			}
		}
		sess, err = st.LoadTail(o.session)
		return err
	})
	if err != nil {
		return err
	}
	names, err := server.SeatNames(sess)
	if err != nil {
		return err
	}
	seatsPath := filepath.Join(filepath.Dir(storePath), server.SeatsFile)
	seats, err := server.LoadSeats(seatsPath)
	if err != nil {
		return err
	}
	bots, err := server.BotSeats(sess)
	if err != nil {
		return err
	}
	changed := seats.Ensure(sess.Name, sess.Created, len(names), bots...)
	if o.reissue != "" {
		return reissue(io, o, seats, seatsPath, sess, names, bots)
	}
	addr := o.addr
	if addr == "" {
		addr = defaultAddr
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usagef("--addr %s: %v", addr, errors.Unwrap(err))
	}
	defer ln.Close()
	base, err := server.BaseURL(ln.Addr())
	if err != nil {
		return err
	}
	if ss := seats.Sessions[sess.Name]; ss.Base != base || changed {
		ss.Base = base
		if err := seats.Save(seatsPath); err != nil {
			return err
		}
	}
	srv, err := server.New(server.Options{Store: storePath, Seats: seatsPath, Sessions: []string{sess.Name}, Log: io.ErrOut})
	if err != nil {
		return err
	}
	links := server.Links(seats, sess.Name, base, names)
	pdfPath := o.out
	if pdfPath == "" {
		pdfPath = filepath.Join(filepath.Dir(storePath), sess.Name+"-seats.pdf")
	}
	err = writeSeatsPDF(pdfPath, "ninjakit serve: "+sess.Name, links)
	if err != nil {
		return err
	}
	fmt.Fprintf(io.Out, "Serving %s (%s) at %s\n", sess.Name, sess.Game, base)
	if o.addr == "" {
		fmt.Fprintln(io.Out, "Only this machine can reach it: --addr 0.0.0.0:8077 serves the local network.")
	}
	if err := printLinks(io, links); err != nil {
		return err
	}
	fmt.Fprintf(io.Out, "The same codes are in %s. Ctrl+C stops the server; the game stays saved.\n", pdfPath)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return srv.Serve(ctx, ln)
}

// printLinks prints the codes two by two, then every link as text.
func printLinks(io *IOStreams, links []server.Link) error {
	for i := 0; i < len(links); i += 2 {
		var urls, labels []string
		for _, l := range links[i:min(i+2, len(links))] {
			urls, labels = append(urls, l.URL), append(labels, l.Label())
		}
		if err := server.TerminalQR(io.Out, urls, labels); err != nil {
			return err
		}
	}
	for _, l := range links {
		fmt.Fprintf(io.Out, "  %-22s %s\n", l.Label(), l.URL)
	}
	return nil
}

// writeSeatsPDF writes the codes: whoever reads the file holds the seats,
// so it is the user's alone and never goes through a link (ruling F-3).
func writeSeatsPDF(path, title string, links []server.Link) error {
	err := writePDF(nil, path, secretOutput, func(w io.Writer) error { return server.SeatsPDF(w, title, links) })
	if err != nil {
		return fmt.Errorf("cannot write the seat codes: %w", err)
	}
	return nil
}

// reissue gives one seat a new token, so the old link opens nothing.
func reissue(io *IOStreams, o *serveOptions, seats *server.Seats, seatsPath string, sess companion.Session, names []string, bots []int) error {
	v, ok := tui.Table, strings.EqualFold(o.reissue, "table")
	for i, n := range names {
		if strings.EqualFold(o.reissue, n) || o.reissue == fmt.Sprint(i+1) {
			v, ok = tui.Viewer(i), true
		}
	}
	if !ok {
		return usagef("--reissue %q: choose table, a seat number from 1 to %d, or a name: %s", o.reissue, len(names), strings.Join(names, ", "))
	}
	if slices.Contains(bots, int(v)) {
		return usagef("--reissue %q: the companion plays that seat, so it has no link (ruling T-19)", o.reissue)
	}
	seats.Reissue(sess.Name, v)
	base := seats.Sessions[sess.Name].Base
	if o.addr != "" {
		a, err := net.ResolveTCPAddr("tcp", o.addr)
		if err != nil {
			return usagef("--addr %s: %v", o.addr, err)
		}
		if base, err = server.BaseURL(a); err != nil {
			return err
		}
		seats.Sessions[sess.Name].Base = base
	}
	if base == "" {
		base = "http://" + defaultAddr + "/"
	}
	var link server.Link
	for _, l := range server.Links(seats, sess.Name, base, names) {
		if l.Viewer == v {
			link = l
		}
	}
	// The slip first: if it cannot be written, the old code still works.
	if o.out != "" {
		if err := writeSeatsPDF(o.out, fmt.Sprintf("ninjakit serve: %s, new code for %s", sess.Name, link.Label()), []server.Link{link}); err != nil {
			return err
		}
	}
	if err := seats.Save(seatsPath); err != nil {
		return err
	}
	fmt.Fprintf(io.Out, "New code for %s of %s; the old one opens nothing now.\n", link.Label(), sess.Name)
	if err := printLinks(io, []server.Link{link}); err != nil {
		return err
	}
	if o.out != "" {
		fmt.Fprintf(io.Out, "The same code is in %s.\n", o.out)
	}
	return nil
}
