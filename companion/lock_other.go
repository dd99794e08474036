//go:build !unix

package companion

import (
	"os"
	"time"
)

// openNoWait: no FIFOs to wait on here.
const openNoWait = 0

// unlock is a no-op where bbolt does not use flock; closing the file is the
// best we can do there.
func unlock(*os.File) {}

// passGate: without flock there is no gate; bbolt's own lock is all.
func passGate(string, bool, time.Time) (func(), error) { return func() {}, nil }
