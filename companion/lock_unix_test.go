//go:build unix

package companion

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A FIFO (or a device) named like the session file is refused at once by
// readers and writers alike, never waited on.
func TestOpenRefusesFIFOs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	for _, opts := range [][]Option{{ReadOnly()}, nil} {
		done := make(chan error, 1)
		go func() {
			st, err := Open(path, opts...)
			if err == nil {
				_ = st.Close()
			}
			done <- err
		}()
		select {
		case err := <-done:
			require.EqualError(t, err, path+" is not a regular file (a FIFO, a device or a socket); move it away, ninjakit keeps its sessions in a regular file")
		case <-time.After(10 * time.Second):
			t.Fatal("Open waited on a FIFO")
		}
	}
	fi, err := os.Lstat(path)
	require.NoError(t, err)
	require.NotZero(t, fi.Mode()&os.ModeNamedPipe, "left as it was")

	// The gate beside a good file is checked the same way.
	good := filepath.Join(t.TempDir(), FileName)
	fill(t, good, 1, 1)
	require.NoError(t, os.Remove(good+".lock"))
	require.NoError(t, syscall.Mkfifo(good+".lock", 0o600))
	_, err = Open(good, ReadOnly())
	require.ErrorContains(t, err, good+".lock is not a regular file")
}

// Readers coming and going without pause never starve a writer: it waits
// at most for the readers already in (ruling F-6). Without the gate bbolt's
// shared lock is never free here and the writer times out.
func TestWriterIsNotStarvedByReaders(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	fill(t, path, 1, 50)
	var stop atomic.Bool
	var reads atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	for i := range 6 {
		wg.Go(func() {
			time.Sleep(time.Duration(i) * 5 * time.Millisecond) // overlap them
			for !stop.Load() {
				st, err := Open(path, ReadOnly())
				if err != nil {
					failed.Store(err)
					return
				}
				if _, err := st.Load("game-0"); err != nil {
					failed.Store(err)
				}
				time.Sleep(30 * time.Millisecond) // a reader that takes its time
				_ = st.Close()
				reads.Add(1)
			}
		})
	}
	time.Sleep(150 * time.Millisecond)
	for range 3 {
		start := time.Now()
		st, err := Open(path)
		require.NoError(t, err, "the writer got through")
		_, err = st.Append("game-0", add(move(`1`)))
		require.NoError(t, err)
		require.NoError(t, st.Close())
		require.Less(t, time.Since(start), DefaultTimeout)
		time.Sleep(50 * time.Millisecond)
	}
	stop.Store(true)
	wg.Wait()
	if err := failed.Load(); err != nil {
		t.Fatalf("a reader failed: %v", err)
	}
	require.Greater(t, reads.Load(), int64(12), "the readers kept reading meanwhile")
	st, err := Open(path, ReadOnly())
	require.NoError(t, err)
	s, err := st.Load("game-0")
	require.NoError(t, err)
	require.Len(t, s.Events, 53)
	require.NoError(t, st.Close())
}
