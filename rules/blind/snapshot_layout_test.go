package blind

import (
	"strconv"
	"testing"

	"github.com/ninjakit/ninjakit/internal/bincode/layouttest"
)

// Snapshot's bytes follow the snapshot type's layout and carry no
// description of it, so a change to the layout needs a new SnapshotVersion.
func TestSnapshotLayoutHasItsVersion(t *testing.T) {
	layouttest.Check(t, "snapshot-layout.golden", strconv.Itoa(SnapshotVersion), snapshot{}, *update)
}
