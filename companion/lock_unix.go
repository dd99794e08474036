//go:build unix

package companion

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// openNoWait makes opening a FIFO return at once instead of waiting for a
// writer, so Open can refuse it before anything reads from it.
const openNoWait = syscall.O_NONBLOCK

// unlock drops bbolt's flock on f. Closing f is not enough after bbolt
// panicked inside Open: its memory map still references the open file, and
// a flock lives until the last reference goes.
func unlock(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }

// gatePoll is how often a command waiting at the gate tries again. Readers
// hold the gate for two system calls, so a writer rarely waits one round.
const gatePoll = 2 * time.Millisecond

// passGate queues a command behind any writer that is waiting for the
// session file (ruling F-6). bbolt's own lock lets a new reader in whenever
// another reader holds the file, so with readers coming and going a writer
// could wait forever. A writer takes the gate, a lock file beside the
// session file, exclusively and keeps it until it holds the session file's
// lock (the returned function releases it); a reader takes it shared and lets
// it go at once, so it passes only while no writer waits. A gate that cannot
// be opened (a read-only directory, where no writer can be either) is no
// gate; one that is not a regular file is refused.
func passGate(path string, readOnly bool, deadline time.Time) (release func(), err error) {
	flag, how := os.O_RDWR|os.O_CREATE, syscall.LOCK_EX
	if readOnly {
		flag, how = os.O_RDONLY|os.O_CREATE, syscall.LOCK_SH
	}
	f, err := os.OpenFile(path+".lock", flag|openNoWait, 0o600)
	if err != nil {
		if readOnly || errors.Is(err, os.ErrPermission) {
			return func() {}, nil
		}
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		_ = f.Close()
		return nil, errNotRegular
	}
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || !time.Now().Before(deadline) {
			_ = f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				err = errGateBusy
			}
			return nil, err
		}
		time.Sleep(min(gatePoll, time.Until(deadline)))
	}
	release = func() { _ = f.Close() } // closing drops the flock
	if readOnly {
		release()
		return func() {}, nil
	}
	return release, nil
}
