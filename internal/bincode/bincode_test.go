package bincode

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

type kind uint8

type inner struct {
	Name  string
	Seats []int8
	hid   int // unexported: not written
}

// stamp writes itself through MarshalBinary, as a type with unexported
// state does.
type stamp struct{ n uint16 }

func (s stamp) MarshalBinary() ([]byte, error) { return []byte{byte(s.n >> 8), byte(s.n)}, nil }

func (s *stamp) UnmarshalBinary(b []byte) error {
	if len(b) != 2 {
		return errors.New("a stamp takes 2 bytes")
	}
	s.n = uint16(b[0])<<8 | uint16(b[1])
	return nil
}

type all struct {
	B      bool
	I      int
	I64    int64
	U8     uint8
	K      kind
	F      float64
	S      string
	Raw    []byte
	NilRaw []byte
	Empty  []string
	Nil    []string
	Arr    [2][2]string
	M      map[string]int
	NilM   map[string]int
	EmptyM map[int]bool
	Deep   map[kind]*inner
	P      *inner
	NilP   *inner
	List   []inner
	At     time.Time
	Stamp  stamp
	Stamps []stamp
}

func sample() all {
	return all{
		B: true, I: -123456, I64: -1 << 62, U8: 250, K: 7, F: -2.5, S: "héllo", Raw: []byte{0, 1, 2}, Empty: []string{},
		Arr: [2][2]string{{"a", ""}, {"", "d"}}, M: map[string]int{"x": 1, "y": -2, "": 3}, EmptyM: map[int]bool{},
		Deep: map[kind]*inner{1: {Name: "one", Seats: []int8{-1, 2}}, 2: nil, 3: {Seats: []int8{}}},
		P:    &inner{Name: "p"}, List: []inner{{Name: "a"}, {Name: "b", Seats: []int8{1}}},
		At: time.Date(2026, 11, 27, 9, 30, 0, 123, time.FixedZone("x", 3600)), Stamp: stamp{513}, Stamps: []stamp{{1}, {65535}},
	}
}

func TestRoundTrip(t *testing.T) {
	in := sample()
	raw, err := MarshalExact(in)
	if err != nil {
		t.Fatal(err)
	}
	var out all
	if err := Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	if !out.At.Equal(in.At) {
		t.Fatalf("time %v, want %v", out.At, in.At)
	}
	out.At = in.At
	if !reflect.DeepEqual(out, in) {
		t.Fatalf("read back\n%+v\nwrote\n%+v", out, in)
	}
	if out.Nil != nil || out.Empty == nil || out.NilM != nil || out.EmptyM == nil || out.NilRaw != nil || out.NilP != nil {
		t.Fatal("nil and empty came back alike")
	}
	again, err := MarshalExact(out)
	if err != nil || !bytes.Equal(again, raw) {
		t.Fatalf("a value read back encodes differently: %v", err)
	}
}

// TestEmptyAsNil: Marshal writes an empty slice or map as nil, so a value
// and a copy of it whose empty slices are nil give the same bytes.
func TestEmptyAsNil(t *testing.T) {
	a, b := sample(), sample()
	b.Empty, b.EmptyM, b.Deep[3].Seats = nil, nil, nil
	ra, err := Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := Marshal(b)
	if err != nil || !bytes.Equal(ra, rb) {
		t.Fatalf("empty and nil encode differently: %v", err)
	}
	var out all
	if err := Unmarshal(ra, &out); err != nil {
		t.Fatal(err)
	}
	if out.Empty != nil || out.EmptyM != nil || out.Deep[3].Seats != nil || len(out.M) != 3 {
		t.Fatalf("read back %+v", out)
	}
}

func TestUnexportedFieldsAreNotWritten(t *testing.T) {
	raw, err := Marshal(inner{Name: "n", hid: 5})
	if err != nil {
		t.Fatal(err)
	}
	var out inner
	if err := Unmarshal(raw, &out); err != nil || out.hid != 0 || out.Name != "n" {
		t.Fatalf("got %+v, %v", out, err)
	}
}

// TestMapsInKeyOrder builds equal maps in different orders of insertion:
// the bytes must not differ, as a snapshot's encoded table is compared with
// a replay's by `sessions check`.
func TestMapsInKeyOrder(t *testing.T) {
	var first []byte
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 1))
		m := map[string]int{}
		for _, i := range r.Perm(50) {
			m[string(rune('a'+i%26))+string(rune('a'+i/26))] = i
		}
		raw, err := Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = raw
		} else if !bytes.Equal(raw, first) {
			t.Fatalf("seed %d: the same map encodes differently", seed)
		}
	}
}

func TestRefused(t *testing.T) {
	type noFields struct{ a int }
	for name, v := range map[string]any{
		"a func":                func() {},
		"a channel":             make(chan int),
		"an interface":          struct{ X any }{X: 1},
		"no exported fields":    noFields{},
		"elements of no bytes":  []struct{}{{}},
		"entries of no bytes":   map[struct{}]struct{}{},
		"an unexported-only in": struct{ X noFields }{},
	} {
		if _, err := Marshal(v); err == nil {
			t.Errorf("%s: encoded", name)
		}
	}
	var x int
	if err := Unmarshal([]byte{2}, x); err == nil {
		t.Error("decoded into a non-pointer")
	}
}

func TestBadBytes(t *testing.T) {
	raw, err := MarshalExact(sample())
	if err != nil {
		t.Fatal(err)
	}
	// Every shorter prefix fails; so do trailing bytes.
	for n := range len(raw) {
		var out all
		if err := Unmarshal(raw[:n], &out); err == nil {
			t.Fatalf("a prefix of %d of %d bytes read", n, len(raw))
		}
	}
	var out all
	if err := Unmarshal(append(raw, 0), &out); err == nil {
		t.Fatal("a trailing byte was not noticed")
	}
	// A key given twice is refused: the bytes would not be Marshal's.
	var m map[string]int
	if err := Unmarshal([]byte{3, 1, 'a', 2, 1, 'a', 4}, &m); err == nil {
		t.Fatal("a repeated key read")
	}
	// Lengths beyond the bytes are refused before anything is made.
	var s []string
	if err := Unmarshal([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, &s); !errors.Is(err, ErrFormat) {
		t.Fatalf("a huge length: %v", err)
	}
	// Bit flips and random bytes give errors or values, never a panic.
	r := rand.New(rand.NewPCG(7, 7))
	for range 5000 {
		b := bytes.Clone(raw)
		for range 1 + r.IntN(4) {
			b[r.IntN(len(b))] ^= byte(1 << r.IntN(8))
		}
		var out all
		_ = Unmarshal(b, &out)
		junk := make([]byte, r.IntN(64))
		for i := range junk {
			junk[i] = byte(r.Uint32())
		}
		_ = Unmarshal(junk, &out)
	}
}

func FuzzUnmarshal(f *testing.F) {
	raw, err := Marshal(sample())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var out all
		if Unmarshal(b, &out) != nil {
			return
		}
		// What reads must write back to a value that reads the same.
		again, err := Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		var twice all
		if err := Unmarshal(again, &twice); err != nil {
			t.Fatal(err)
		}
	})
}
