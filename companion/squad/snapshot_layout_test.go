package squad

import (
	"flag"
	"strconv"
	"testing"

	"github.com/ninjakit/ninjakit/internal/bincode/layouttest"
)

var update = flag.Bool("update", false, "rewrite testdata/snapshot-layout.golden")

// A snapshot's bytes follow snapState's layout, and its log chunks Entry's,
// and carry no description of them, so a change to either layout needs a
// new snapCodec (ruling C-21).
func TestSnapshotLayoutHasItsVersion(t *testing.T) {
	layouttest.Check(t, "snapshot-layout.golden", strconv.Itoa(snapCodec), struct {
		Table snapState
		Entry Entry
	}{}, *update)
}
