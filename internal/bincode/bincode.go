// Package bincode writes Go values as compact bytes for the companion's
// snapshots, laid out by the value's type alone: no description of the type
// goes with the bytes, and nothing is set up per type or per process. That
// is the point: encoding/gob sends and compiles a description of every type
// and encoding/json caches every struct's fields, work a fresh process paid
// in full for every snapshot it read (0.3-0.6 ms of a command).
//
// A value reads back deeply equal to what was written (with MarshalExact;
// Marshal writes empty slices and maps as nil), and one value always gives
// the same bytes (map entries go in the order of their encoded keys). The layout follows the
// type, so a snapshot written for another version of a type must not be
// read: the callers version their encodings (ruling C-21).
//
// What is written: booleans as one byte, integers as (zigzag) varints,
// floats as 8 bytes, strings and byte slices with their length, slices and
// maps with their length plus one (0 for nil) then their elements, arrays
// element by element, pointers as 0 (nil) or 1 and the value, structs as
// their exported fields in order, and a type whose pointer has
// UnmarshalBinary as its MarshalBinary's bytes with their length.
package bincode

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sync"
)

var (
	marshalerType   = reflect.TypeFor[encoding.BinaryMarshaler]()
	unmarshalerType = reflect.TypeFor[encoding.BinaryUnmarshaler]()
)

// info is what the coder needs of a type, worked out once per process
// and type, with that of the types inside it: reflect's Field and
// Implements cost more than coding a value.
type info struct {
	kind   reflect.Kind
	binary bool    // written by its MarshalBinary
	fields []field // a struct's exported fields
	elem   *info   // a slice's, array's, map's or pointer's element
	key    *info   // a map's key
	err    error   // a type it cannot code
}

type field struct {
	index int
	in    *info
}

var infos struct {
	sync.Mutex
	m map[reflect.Type]*info
}

func infoOf(t reflect.Type) *info {
	infos.Lock()
	defer infos.Unlock()
	if infos.m == nil {
		infos.m = map[reflect.Type]*info{}
	}
	return build(t)
}

// build makes t's info, entered in the map before those of the types in
// it, so that a type that holds itself (through a pointer or a slice)
// ends.
func build(t reflect.Type) *info {
	if i, ok := infos.m[t]; ok {
		return i
	}
	i := &info{kind: t.Kind()}
	infos.m[t] = i
	if i.kind != reflect.Pointer && t.Implements(marshalerType) && reflect.PointerTo(t).Implements(unmarshalerType) {
		i.binary = true
		return i
	}
	switch i.kind {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
	case reflect.Slice:
		if t.Elem().Size() == 0 {
			i.err = fmt.Errorf("cannot code a slice of %s, which takes no bytes", t.Elem())
		}
		i.elem = build(t.Elem())
	case reflect.Array, reflect.Pointer:
		i.elem = build(t.Elem())
	case reflect.Map:
		if t.Key().Size() == 0 && t.Elem().Size() == 0 {
			i.err = fmt.Errorf("cannot code a map of %s, which takes no bytes", t)
		}
		i.key, i.elem = build(t.Key()), build(t.Elem())
	case reflect.Struct:
		for f := range t.NumField() {
			if sf := t.Field(f); sf.IsExported() {
				i.fields = append(i.fields, field{f, build(sf.Type)})
			}
		}
		if t.NumField() > 0 && len(i.fields) == 0 {
			// It would read back empty; gob refuses it too.
			i.err = fmt.Errorf("type %s has no exported fields", t)
		}
	default:
		i.err = fmt.Errorf("cannot code a value of type %s", t)
	}
	return i
}

// Marshal encodes v, empty slices and maps as if nil, as gob does: a
// table and its clone (whose copies of empty slices are nil) give the same
// bytes. Unmarshal reads them back nil.
func Marshal(v any) ([]byte, error) { return encoder{emptyNil: true}.marshal(v) }

// MarshalExact encodes v keeping nil and empty slices and maps apart, as
// JSON does, for values that must read back exactly so.
func MarshalExact(v any) ([]byte, error) { return encoder{}.marshal(v) }

type encoder struct{ emptyNil bool }

func (e encoder) marshal(v any) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("bincode: %v", r)
		}
	}()
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return nil, errors.New("bincode: cannot code nil")
	}
	return e.appendValue(nil, rv, infoOf(rv.Type()))
}

func (e encoder) appendValue(b []byte, v reflect.Value, in *info) ([]byte, error) {
	if in.err != nil {
		return nil, in.err
	}
	if in.binary {
		raw, err := v.Interface().(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			return nil, err
		}
		return append(binary.AppendUvarint(b, uint64(len(raw))), raw...), nil
	}
	switch in.kind {
	case reflect.Bool:
		if v.Bool() {
			return append(b, 1), nil
		}
		return append(b, 0), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return binary.AppendVarint(b, v.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return binary.AppendUvarint(b, v.Uint()), nil
	case reflect.Float32, reflect.Float64:
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(v.Float())), nil
	case reflect.String:
		s := v.String()
		return append(binary.AppendUvarint(b, uint64(len(s))), s...), nil
	case reflect.Slice:
		if v.IsNil() || e.emptyNil && v.Len() == 0 {
			return append(b, 0), nil
		}
		b = binary.AppendUvarint(b, uint64(v.Len())+1)
		if in.elem.kind == reflect.Uint8 && !in.elem.binary {
			return append(b, v.Bytes()...), nil
		}
		return e.appendElems(b, v, in.elem)
	case reflect.Array:
		return e.appendElems(b, v, in.elem)
	case reflect.Map:
		if v.IsNil() || e.emptyNil && v.Len() == 0 {
			return append(b, 0), nil
		}
		b = binary.AppendUvarint(b, uint64(v.Len())+1)
		type entry struct{ k, v []byte }
		entries := make([]entry, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			k, err := e.appendValue(nil, it.Key(), in.key)
			if err != nil {
				return nil, err
			}
			val, err := e.appendValue(nil, it.Value(), in.elem)
			if err != nil {
				return nil, err
			}
			entries = append(entries, entry{k, val})
		}
		slices.SortFunc(entries, func(x, y entry) int { return bytes.Compare(x.k, y.k) })
		for _, en := range entries {
			b = append(append(b, en.k...), en.v...)
		}
		return b, nil
	case reflect.Pointer:
		if v.IsNil() {
			return append(b, 0), nil
		}
		return e.appendValue(append(b, 1), v.Elem(), in.elem)
	default: // reflect.Struct
		for _, f := range in.fields {
			var err error
			if b, err = e.appendValue(b, v.Field(f.index), f.in); err != nil {
				return nil, err
			}
		}
		return b, nil
	}
}

func (e encoder) appendElems(b []byte, v reflect.Value, in *info) ([]byte, error) {
	for i := range v.Len() {
		var err error
		if b, err = e.appendValue(b, v.Index(i), in); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// ErrFormat is a value whose bytes do not read as its type.
var ErrFormat = errors.New("bincode: the bytes do not read as the value's type")

// Unmarshal decodes data, which Marshal wrote, into the value ptr points
// to. Bytes that do not read as that type give an error, never a panic, and
// a length is never believed beyond the bytes that could hold it.
func Unmarshal(data []byte, ptr any) (err error) {
	v := reflect.ValueOf(ptr)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return errors.New("bincode: Unmarshal needs a non-nil pointer")
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w (%v)", ErrFormat, r)
		}
	}()
	d := decoder{data}
	if err := d.value(v.Elem(), infoOf(v.Elem().Type())); err != nil {
		return err
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%w: %d bytes left over", ErrFormat, len(d.b))
	}
	return nil
}

type decoder struct{ b []byte }

func (d *decoder) uvarint() (uint64, error) {
	x, n := binary.Uvarint(d.b)
	if n <= 0 {
		return 0, ErrFormat
	}
	d.b = d.b[n:]
	return x, nil
}

// length reads a length of at most what is left of the bytes: every
// element takes a byte or more (Marshal refuses elements that take none).
func (d *decoder) length() (int, error) {
	n, err := d.uvarint()
	if err != nil {
		return 0, err
	}
	if n > uint64(len(d.b)) {
		return 0, ErrFormat
	}
	return int(n), nil
}

// optLength reads a slice's or map's length plus one: -1 for nil.
func (d *decoder) optLength() (int, error) {
	n, err := d.uvarint()
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return -1, nil
	}
	if n-1 > uint64(len(d.b)) {
		return 0, ErrFormat
	}
	return int(n - 1), nil
}

func (d *decoder) value(v reflect.Value, in *info) error {
	if in.err != nil {
		return in.err
	}
	if in.binary {
		n, err := d.length()
		if err != nil {
			return err
		}
		raw := bytes.Clone(d.b[:n])
		d.b = d.b[n:]
		return v.Addr().Interface().(encoding.BinaryUnmarshaler).UnmarshalBinary(raw)
	}
	switch in.kind {
	case reflect.Bool:
		if len(d.b) == 0 || d.b[0] > 1 {
			return ErrFormat
		}
		v.SetBool(d.b[0] == 1)
		d.b = d.b[1:]
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, n := binary.Varint(d.b)
		if n <= 0 || v.OverflowInt(x) {
			return ErrFormat
		}
		d.b = d.b[n:]
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		x, err := d.uvarint()
		if err != nil || v.OverflowUint(x) {
			return ErrFormat
		}
		v.SetUint(x)
	case reflect.Float32, reflect.Float64:
		if len(d.b) < 8 {
			return ErrFormat
		}
		v.SetFloat(math.Float64frombits(binary.LittleEndian.Uint64(d.b)))
		d.b = d.b[8:]
	case reflect.String:
		n, err := d.length()
		if err != nil {
			return err
		}
		v.SetString(string(d.b[:n]))
		d.b = d.b[n:]
	case reflect.Slice:
		n, err := d.optLength()
		if err != nil || n < 0 {
			return err
		}
		s := reflect.MakeSlice(v.Type(), n, n)
		if in.elem.kind == reflect.Uint8 && !in.elem.binary {
			copy(s.Bytes(), d.b[:n])
			d.b = d.b[n:]
		} else {
			for i := range n {
				if err := d.value(s.Index(i), in.elem); err != nil {
					return err
				}
			}
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			if err := d.value(v.Index(i), in.elem); err != nil {
				return err
			}
		}
	case reflect.Map:
		n, err := d.optLength()
		if err != nil || n < 0 {
			return err
		}
		t := v.Type()
		m := reflect.MakeMapWithSize(t, n)
		k, e := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
		for range n {
			k.SetZero()
			e.SetZero()
			if err := d.value(k, in.key); err != nil {
				return err
			}
			if err := d.value(e, in.elem); err != nil {
				return err
			}
			m.SetMapIndex(k, e)
		}
		if m.Len() != n {
			return fmt.Errorf("%w: a key given twice", ErrFormat)
		}
		v.Set(m)
	case reflect.Pointer:
		if len(d.b) == 0 || d.b[0] > 1 {
			return ErrFormat
		}
		nonNil := d.b[0] == 1
		d.b = d.b[1:]
		if !nonNil {
			v.SetZero()
			return nil
		}
		p := reflect.New(v.Type().Elem())
		if err := d.value(p.Elem(), in.elem); err != nil {
			return err
		}
		v.Set(p)
	default: // reflect.Struct
		for _, f := range in.fields {
			if err := d.value(v.Field(f.index), f.in); err != nil {
				return err
			}
		}
	}
	return nil
}
