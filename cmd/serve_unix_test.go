//go:build unix

package cmd

import (
	"bytes"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// syncBuffer is an output the server writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serveOnce runs serve with args until it answers, checks that it prints
// every seat's code, stops it with an interrupt and returns what it printed.
func serveOnce(t *testing.T, home string, args ...string) string {
	t.Helper()
	return serveUntil(t, home, syscall.SIGINT, args...)
}

// serveUntil is serveOnce stopped by sig.
func serveUntil(t *testing.T, home string, sig syscall.Signal, args ...string) string {
	t.Helper()
	var out, errs syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- Execute(append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errs})
	}()
	base := regexp.MustCompile(`at (http://127\.0\.0\.1:\d+/)`)
	var url string
	deadline := time.Now().Add(10 * time.Second)
	for {
		if m := base.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
			if res, err := http.Get(url); err == nil {
				res.Body.Close()
				require.Equal(t, http.StatusOK, res.StatusCode)
				break
			}
		}
		require.True(t, time.Now().Before(deadline), "the server never answered: %s", errs.String())
		time.Sleep(20 * time.Millisecond)
	}
	seats, err := server.LoadSeats(filepath.Join(home, server.SeatsFile))
	require.NoError(t, err)
	for v := -1; v < 2; v++ {
		require.Contains(t, out.String(), url+"#"+seats.Token("b", tui.Viewer(v)))
	}
	require.NoError(t, syscall.Kill(os.Getpid(), sig))
	select {
	case code := <-done:
		require.Zero(t, code, errs.String())
	case <-time.After(10 * time.Second):
		t.Fatalf("the server did not stop on %v", sig)
	}
	// The log is on stderr, one line each, and names no seat's token.
	require.Regexp(t, `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d listening on 127\.0\.0\.1:\d+, serving b \(blind\); at most 16 connections from one address\n`+
		`\d{4}/\d\d/\d\d \d\d:\d\d:\d\d stopped\n$`, errs.String())
	require.NotContains(t, out.String(), "listening on")
	return out.String()
}

// The server prints its codes, writes the PDF, answers, and stops on an
// interrupt with status 0. The PDF holds every seat, so it is private: by
// default beside the session file, never written through a symlink.
func TestServeAnswersAndStopsOnInterrupt(t *testing.T) {
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	t.Chdir(t.TempDir())
	code, _, errOut := run("companion", "blind", "new", "--session", "b", "--names", "ann,bob")
	require.Zero(t, code, errOut)

	out := serveOnce(t, home)
	pdf := filepath.Join(home, "b-seats.pdf")
	require.Contains(t, out, "The same codes are in "+pdf+".")
	fi, err := os.Stat(pdf)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the codes are the seats")
	_, err = os.Stat("b-seats.pdf")
	require.ErrorIs(t, err, fs.ErrNotExist, "nothing in the current directory")

	dir := t.TempDir()
	elsewhere := filepath.Join(dir, "shared.pdf")
	require.NoError(t, os.WriteFile(elsewhere, nil, 0o644))
	pdf = filepath.Join(dir, "codes.pdf")
	require.NoError(t, os.Symlink(elsewhere, pdf))
	serveOnce(t, home, "-o", pdf)
	fi, err = os.Lstat(pdf)
	require.NoError(t, err)
	require.True(t, fi.Mode().IsRegular(), "the symlink was replaced, not followed")
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	fi, err = os.Stat(elsewhere)
	require.NoError(t, err)
	require.Zero(t, fi.Size(), "the link's target got nothing")
}

// A service manager or timeout stops the server with SIGTERM: it stops as
// on an interrupt, logging that it stopped, with status 0.
func TestServeStopsOnTerm(t *testing.T) {
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	t.Chdir(t.TempDir())
	code, _, errOut := run("companion", "blind", "new", "--session", "b", "--names", "ann,bob")
	require.Zero(t, code, errOut)
	serveUntil(t, home, syscall.SIGTERM)
}
