//go:build unix

package cmd

import (
	"bytes"
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

// The server prints its codes, writes the PDF, answers, and stops on an
// interrupt with status 0.
func TestServeAnswersAndStopsOnInterrupt(t *testing.T) {
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	code, _, errOut := run("companion", "blind", "new", "--session", "b", "--names", "ann,bob")
	require.Zero(t, code, errOut)
	pdf := filepath.Join(t.TempDir(), "codes.pdf")
	var out, errs syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- Execute([]string{"serve", "--addr", "127.0.0.1:0", "-o", pdf}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errs})
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
	fi, err := os.Stat(pdf)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the codes are the seats")
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGINT))
	select {
	case code := <-done:
		require.Zero(t, code, errs.String())
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop on an interrupt")
	}
	// The log is on stderr, one line each, and names no seat's token.
	require.Regexp(t, `^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d listening on 127\.0\.0\.1:\d+, serving b \(blind\); at most 16 connections from one address\n`+
		`\d{4}/\d\d/\d\d \d\d:\d\d:\d\d stopped\n$`, errs.String())
	require.NotContains(t, out.String(), "listening on")
}
