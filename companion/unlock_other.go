//go:build !unix

package companion

import "os"

// unlock is a no-op where bbolt does not use flock; closing the file is the
// best we can do there.
func unlock(*os.File) {}
