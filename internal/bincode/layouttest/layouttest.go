// Package layouttest guards the versions of bincode snapshots. bincode
// writes a value by its type's layout with no description of it, so a
// snapshot written before a field was added, dropped or moved would read
// back as a wrong state, not fail. A package that stores such values keeps
// its type's layout in a golden file beside its version number; when the
// layout changes, its test fails until the version is bumped.
package layouttest

import (
	"encoding"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Layout describes what bincode writes for a value of type t: kinds,
// exported fields by name and in order, array lengths. A type written by
// its own MarshalBinary shows only its name: its bytes are its own, and a
// change to them needs the same bump by hand.
func Layout(t reflect.Type) string {
	var b strings.Builder
	describe(&b, t, map[reflect.Type]bool{}, 0)
	return b.String()
}

var (
	marshaler   = reflect.TypeFor[encoding.BinaryMarshaler]()
	unmarshaler = reflect.TypeFor[encoding.BinaryUnmarshaler]()
)

func describe(b *strings.Builder, t reflect.Type, open map[reflect.Type]bool, depth int) {
	if t.Kind() != reflect.Pointer && t.Implements(marshaler) && reflect.PointerTo(t).Implements(unmarshaler) {
		fmt.Fprintf(b, "binary(%s)", t)
		return
	}
	switch t.Kind() {
	case reflect.Slice:
		b.WriteString("[]")
		describe(b, t.Elem(), open, depth)
	case reflect.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		describe(b, t.Elem(), open, depth)
	case reflect.Pointer:
		b.WriteString("*")
		describe(b, t.Elem(), open, depth)
	case reflect.Map:
		b.WriteString("map[")
		describe(b, t.Key(), open, depth)
		b.WriteString("]")
		describe(b, t.Elem(), open, depth)
	case reflect.Struct:
		if open[t] {
			fmt.Fprintf(b, "again(%s)", t) // a type that holds itself
			return
		}
		open[t] = true
		defer delete(open, t)
		b.WriteString("struct {\n")
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			fmt.Fprintf(b, "%s%s ", strings.Repeat("\t", depth+1), f.Name)
			describe(b, f.Type, open, depth+1)
			b.WriteString("\n")
		}
		b.WriteString(strings.Repeat("\t", depth) + "}")
	default:
		b.WriteString(t.Kind().String())
	}
}

// Check compares the layout of v's type and the version that goes with it
// against the golden file (under testdata/); update rewrites the file. A
// layout that changed under the same version fails with what to do.
func Check(t *testing.T, golden string, version string, v any, update bool) {
	t.Helper()
	got := "version " + version + "\n" + Layout(reflect.TypeOf(v)) + "\n"
	path := filepath.Join("testdata", golden)
	if update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if err := compare(got, string(raw)); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// compare says what to do when the golden text want differs from got.
func compare(got, want string) error {
	if got == want {
		return nil
	}
	gotVer, gotLayout, _ := strings.Cut(got, "\n")
	wantVer, wantLayout, _ := strings.Cut(want, "\n")
	if gotLayout != wantLayout && gotVer == wantVer {
		return fmt.Errorf("the layout changed but its %s did not: bump it, then run the test with -update", gotVer)
	}
	return fmt.Errorf("out of date (%s, the file has %s): run the test with -update", gotVer, wantVer)
}
