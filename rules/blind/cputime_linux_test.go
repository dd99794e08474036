package blind

import (
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// threadTime is the CPU time the calling thread has run.
func threadTime(tb testing.TB) time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		tb.Fatal(errno)
	}
	return time.Duration(ts.Nano())
}
