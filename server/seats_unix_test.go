//go:build unix

package server_test

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

// A FIFO where the seat tokens belong is refused, not waited on.
func TestLoadSeatsRefusesFIFOs(t *testing.T) {
	path := filepath.Join(t.TempDir(), server.SeatsFile)
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	done := make(chan error, 1)
	go func() {
		_, err := server.LoadSeats(path)
		done <- err
	}()
	select {
	case err := <-done:
		require.EqualError(t, err, "seat token file "+path+" is not a regular file; move it away to issue new tokens")
	case <-time.After(10 * time.Second):
		t.Fatal("LoadSeats waited on a FIFO")
	}
}
