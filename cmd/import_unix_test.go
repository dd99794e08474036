//go:build unix

package cmd

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// Import never reads from a device or a FIFO: /dev/zero would fill memory
// and a FIFO without a writer would wait forever.
func TestImportRefusesDevicesAndFIFOs(t *testing.T) {
	db := homeWith(t, "ok-knights-physical.json")
	msg := requireImportRefused(t, db, "/dev/zero", "")
	require.Contains(t, msg, "not a regular file")
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	msg = requireImportRefused(t, db, fifo, "")
	require.Contains(t, msg, "not a regular file")
}
