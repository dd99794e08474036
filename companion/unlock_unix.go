//go:build unix

package companion

import (
	"os"
	"syscall"
)

// unlock drops bbolt's flock on f. Closing f is not enough after bbolt
// panicked inside Open: its memory map still references the open file, and
// a flock lives until the last reference goes.
func unlock(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
