//go:build !linux

package blind

import (
	"testing"
	"time"
)

var clockStart = time.Now()

// threadTime is the time since the tests began: elsewhere than Linux the
// thread's CPU clock is not read, and the ratio is only as good as the
// machine is quiet.
func threadTime(testing.TB) time.Duration { return time.Since(clockStart) }
