package companion

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// requireRefused opens path, expects ErrDamaged with the user message, and
// checks the file is byte for byte what it was.
func requireRefused(t *testing.T, path string) {
	t.Helper()
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	st, err := Open(path, WithTimeout(50*time.Millisecond))
	if err == nil {
		_ = st.Close()
	}
	require.ErrorIs(t, err, ErrDamaged)
	require.ErrorContains(t, err, "session file "+path+" is damaged or not a ninjakit file; it was left untouched")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.Equal(before, after), "file changed: %d bytes before, %d after", len(before), len(after))
	// And it stays refused: the failed attempt did not "repair" it.
	_, err = Open(path, WithTimeout(50*time.Millisecond))
	require.ErrorIs(t, err, ErrDamaged)
}

func TestOpenRefusesForeignFiles(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	for name, content := range map[string][]byte{
		"tiny":      []byte("hello"),
		"text":      []byte("# my notes\nnot a database\n"),
		"one-page":  random(4096),
		"two-pages": random(8192),
		"large":     random(100_000),
		"zeros":     make([]byte, 65536),
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name+".db")
			require.NoError(t, os.WriteFile(path, content, 0o600))
			requireRefused(t, path)
		})
	}
}

// bbolt files that are not ours, written with and without a synced
// freelist. Plain bolt.Open would commit a freelist into the second one;
// Open must not.
func TestOpenRefusesForeignBolt(t *testing.T) {
	for _, noSync := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "other.db")
		db, err := bolt.Open(path, 0o600, &bolt.Options{NoFreelistSync: noSync})
		require.NoError(t, err)
		require.NoError(t, db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucket([]byte("accounts"))
			if err != nil {
				return err
			}
			return b.Put([]byte("k"), []byte("v"))
		}))
		require.NoError(t, db.Close())
		requireRefused(t, path)
	}
}

func TestOpenRefusesOtherVersions(t *testing.T) {
	for _, c := range []struct{ format, version, msg string }{
		{"ninjakit-sessions", "3", `format version "3"; this ninjakit reads versions 1 and 2`},
		{"something-else", "1", "damaged or not a ninjakit file"},
	} {
		path := filepath.Join(t.TempDir(), FileName)
		db, err := bolt.Open(path, 0o600, nil)
		require.NoError(t, err)
		require.NoError(t, db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucket(markerBucket)
			if err != nil {
				return err
			}
			require.NoError(t, b.Put(keyFormat, []byte(c.format)))
			return b.Put(keyVersion, []byte(c.version))
		}))
		require.NoError(t, db.Close())
		before, _ := os.ReadFile(path)
		_, err = Open(path)
		require.ErrorIs(t, err, ErrDamaged)
		require.ErrorContains(t, err, c.msg)
		after, _ := os.ReadFile(path)
		require.Equal(t, before, after)
	}
}

// A zero-length file is what a crash between create and bbolt's init
// leaves (or what `touch` makes): it is safe to initialise. So is a bbolt
// file without any bucket, which a crash before our marker commit leaves.
func TestOpenAdoptsEmptyFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	require.NoError(t, os.WriteFile(path, nil, 0o600))
	st, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "s", Game: "g"}))
	require.NoError(t, st.Close())

	path = filepath.Join(t.TempDir(), FileName)
	db, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	st, err = Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "s", Game: "g"}))
	require.NoError(t, st.Close())
	st, err = Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Close())

	// Not being able to open is not "damaged".
	_, err = Open(filepath.Join(t.TempDir(), "missing-dir", FileName))
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrDamaged)
}

// A truncated session file (a partial copy, a broken sync tool) makes bbolt
// panic on an assertion or fault on a mapped page past the file's end. The
// store must report it, not crash, and not touch the file.
func TestTruncatedFile(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.db")
	st, err := Open(full)
	require.NoError(t, err)
	for i := range 6 {
		name := "s" + string(rune('a'+i))
		require.NoError(t, st.Create(Session{Name: name, Game: "g"}))
		for range 40 {
			_, err := st.Append(name, add(move(`{"pad":"`+string(bytes.Repeat([]byte("x"), 200))+`"}`)))
			require.NoError(t, err)
		}
	}
	require.NoError(t, st.Close())
	data, err := os.ReadFile(full)
	require.NoError(t, err)

	cuts := []int{100, 4095, 4097, 8191}
	for n := 8192; n < len(data); n += 4096 {
		cuts = append(cuts, n)
	}
	for _, n := range cuts {
		path := filepath.Join(dir, "cut.db")
		require.NoError(t, os.WriteFile(path, data[:n], 0o600))
		st, err := Open(path, WithTimeout(50*time.Millisecond))
		if err == nil {
			// bbolt accepted the meta pages; the damage shows on reading
			// (or not at all if the cut only removed preallocated space).
			for i := range 6 {
				_, lerr := st.Load("s" + string(rune('a'+i)))
				if lerr != nil {
					err = lerr
					break
				}
			}
			if err == nil {
				_, err = st.List()
			}
			require.NoError(t, st.Close())
		}
		if err != nil {
			require.ErrorIs(t, err, ErrDamaged, "cut at %d", n)
			require.NotErrorIs(t, err, ErrBusy, "a failed open must release the lock")
		}
		after, rerr := os.ReadFile(path)
		require.NoError(t, rerr)
		require.Equal(t, data[:n], after, "cut at %d: file changed", n)
		t.Logf("cut at %d of %d: %v", n, len(data), err)
	}
}

// Damage inside one session's records is reported naming that session; the
// others keep working and the damaged one can still be deleted.
func TestDamagedSessionBucket(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	st, err := Open(path)
	require.NoError(t, err)
	for _, name := range []string{"good", "badmeta", "badevent", "gap"} {
		require.NoError(t, st.Create(Session{Name: name, Game: "g"}))
		_, err = st.Append(name, add(move(`1`), move(`2`), move(`3`)))
		require.NoError(t, err)
	}
	require.NoError(t, st.Close())

	db, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		require.NoError(t, tx.Bucket([]byte("badmeta")).Put(keyMeta, []byte("{not json")))
		require.NoError(t, tx.Bucket([]byte("badevent")).Bucket(keyEvents).Put(seqKey(2), []byte("\x00garbage")))
		return tx.Bucket([]byte("gap")).Bucket(keyEvents).Delete(seqKey(2))
	}))
	require.NoError(t, db.Close())

	st, err = Open(path)
	require.NoError(t, err)
	defer st.Close()
	s, err := st.Load("good")
	require.NoError(t, err)
	require.Len(t, s.Events, 3)

	for name, msg := range map[string]string{
		"badmeta":  "meta:",
		"badevent": "event 2:",
		"gap":      "where event 2 belongs",
	} {
		_, err = st.Load(name)
		require.ErrorIs(t, err, ErrDamaged, name)
		require.ErrorContains(t, err, `session "`+name+`" is damaged`)
		require.ErrorContains(t, err, msg)
		_, err = st.Append(name, add(move(`4`)))
		require.ErrorIs(t, err, ErrDamaged, "append must not extend a damaged log")
	}
	_, err = st.List()
	require.ErrorContains(t, err, `session "badmeta" is damaged`)
	require.NoError(t, st.Delete("badmeta"))
	list, err := st.List()
	require.NoError(t, err)
	require.Len(t, list, 3)
}

// A damaged taken-back event costs only the taken-back events from it on:
// every command names the salvage, which keeps the whole log and those
// before it (ruling C-7).
func TestDamagedTakenBackEventIsSalvaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	st, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "s", Game: "g"}))
	for _, data := range []string{`1`, `2`, `3`} {
		_, err = st.Append("s", add(move(data)))
		require.NoError(t, err)
	}
	for range 2 {
		_, err = st.Undo("s", drawsBar)
		require.NoError(t, err)
	}
	require.NoError(t, st.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("s")).Bucket(keyRetracted).Put(seqKey(2), []byte("{broken"))
	}))
	_, err = st.Load("s")
	var sd *SessionDamage
	require.ErrorAs(t, err, &sd)
	require.Equal(t, 2, sd.Taken)
	require.ErrorContains(t, err, "damaged at taken-back event 2")
	require.ErrorContains(t, err, "ninjakit sessions export s --salvage")
	s, damage, err := st.Salvage("s")
	require.NoError(t, err)
	require.Error(t, damage)
	require.Len(t, s.Events, 1)
	require.Len(t, s.Retracted, 1, "the taken-back events before the damage")
	_, err = st.Undo("s", drawsBar)
	require.ErrorAs(t, err, &sd, "undo refuses a damaged session")
	require.NoError(t, st.Close())
}

// One flipped bit in the newest meta page: bbolt alone opens the file at the
// other meta page, one transaction back, and says nothing. Open reads both
// checksums itself, reports the damage and refuses writes (ruling F-5).
func TestDamagedNewestMetaPage(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	st, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "g", Game: "knights"}))
	for i := range 3 {
		_, err := st.Append("g", add(move(fmt.Sprint(i))))
		require.NoError(t, err)
	}
	require.NoError(t, st.Close())

	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	size := int(binary.NativeEndian.Uint32(raw[pageHeaderSize+8:]))
	const txid = pageHeaderSize + 4*4 + 2*8 + 2*8
	newest := 0
	if binary.NativeEndian.Uint64(raw[size+txid:]) > binary.NativeEndian.Uint64(raw[txid:]) {
		newest = size
	}
	raw[newest+txid] ^= 0x04
	require.NoError(t, os.WriteFile(path, raw, 0o600))

	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err, "bbolt opens it without a word")
	require.NoError(t, db.View(func(tx *bolt.Tx) error {
		require.Equal(t, 2, tx.Bucket([]byte("g")).Bucket(keyEvents).Stats().KeyN, "one transaction lost")
		return nil
	}))
	require.NoError(t, db.Close())

	for _, opts := range [][]Option{{ReadOnly()}, nil} {
		st, err := Open(path, opts...)
		require.NoError(t, err, "it opens, to be salvaged")
		require.ErrorIs(t, st.Fault(), ErrDamaged)
		require.ErrorIs(t, st.Fault(), ErrInconsistent)
		require.ErrorContains(t, st.Fault(), "one of its two meta pages is damaged, so the last change may be lost")
		_, err = st.Load("g")
		require.NoError(t, err, "what is there still reads")
		if opts == nil {
			_, err = st.Append("g", add(move(`9`)))
			require.ErrorIs(t, err, ErrInconsistent)
			require.ErrorIs(t, st.Create(Session{Name: "new", Game: "knights"}), ErrInconsistent)
		}
		require.NoError(t, st.Close())
	}
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.Equal(raw, after), "the file was not written")
}
