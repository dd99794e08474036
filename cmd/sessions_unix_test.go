//go:build unix

package cmd

import (
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

// A FIFO named like the session file is refused at once by every command
// (ruling F-4): reading from it would wait forever.
func TestSessionFileFIFOIsRefused(t *testing.T) {
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	db := filepath.Join(home, companion.FileName)
	require.NoError(t, syscall.Mkfifo(db, 0o600))
	for _, args := range [][]string{
		{"sessions", "list"},
		{"sessions", "check"},
		{"serve"},
		{"companion", "knights", "new", "--players", "2", "--mode", "physical"},
	} {
		done := make(chan [2]string, 1)
		go func() {
			code, _, stderr := ninjakit(t, "", args...)
			done <- [2]string{fmt.Sprint(code), stderr}
		}()
		select {
		case got := <-done:
			code, stderr := got[0], got[1]
			require.Equal(t, fmt.Sprint(ExitFailed), code, args)
			require.Equal(t, "ninjakit: "+db+" is not a regular file (a FIFO, a device or a socket); move it away, ninjakit keeps its sessions in a regular file\n", stderr, args)
		case <-time.After(10 * time.Second):
			t.Fatalf("%v waited on the FIFO", args)
		}
	}
}
