package layouttest

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type node struct {
	Name string
	Kids []node
	Up   *node
	hid  int
}

type opaque struct{ n int }

func (o opaque) MarshalBinary() ([]byte, error)  { return []byte{byte(o.n)}, nil }
func (o *opaque) UnmarshalBinary(b []byte) error { o.n = int(b[0]); return nil }

func TestLayoutFollowsWhatBincodeWrites(t *testing.T) {
	type snap struct {
		A   [3]uint16
		M   map[string][]int8
		N   node
		Own opaque
		off bool
	}
	got := Layout(reflect.TypeFor[snap]())
	assert.Equal(t, `struct {
	A [3]uint16
	M map[string][]int8
	N struct {
		Name string
		Kids []again(layouttest.node)
		Up *again(layouttest.node)
	}
	Own binary(layouttest.opaque)
}`, got)
}

func TestCompareAsksForABumpWhenOnlyTheLayoutChanged(t *testing.T) {
	before := "version 2\nstruct {\n\tA int\n}\n"
	require.NoError(t, compare(before, before))

	moved := "version 2\nstruct {\n\tB int\n\tA int\n}\n"
	err := compare(moved, before)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bump it")

	bumped := strings.Replace(moved, "version 2", "version 3", 1)
	err = compare(bumped, before)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-update")
	assert.NotContains(t, err.Error(), "bump it")
}
