package companion

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

func TestReadOnlyOpen(t *testing.T) {
	dir := t.TempDir()

	// Missing and empty files hold no sessions; neither is created or
	// initialised.
	missing := filepath.Join(dir, "missing.db")
	st, err := Open(missing, ReadOnly())
	require.NoError(t, err)
	list, err := st.List()
	require.NoError(t, err)
	require.Empty(t, list)
	_, err = st.Load("x")
	require.ErrorIs(t, err, ErrNoSession)
	_, err = st.Latest("knights")
	require.ErrorIs(t, err, ErrNoSession)
	require.Error(t, st.Create(Session{Name: "x", Game: "g"}))
	require.NoError(t, st.Close())
	_, err = os.Stat(missing)
	require.ErrorIs(t, err, os.ErrNotExist)

	empty := filepath.Join(dir, "empty.db")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	st, err = Open(empty, ReadOnly())
	require.NoError(t, err)
	require.NoError(t, st.Close())
	fi, err := os.Stat(empty)
	require.NoError(t, err)
	require.Zero(t, fi.Size())

	// A file without write permission reads; writes are refused and the
	// bytes stay as they were.
	path := filepath.Join(dir, FileName)
	st, err = Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "s", Game: "g"}))
	_, err = st.Append("s", add(move(`1`)))
	require.NoError(t, err)
	require.NoError(t, st.Close())
	require.NoError(t, os.Chmod(path, 0o400))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	st, err = Open(path, ReadOnly())
	require.NoError(t, err)
	s, err := st.Load("s")
	require.NoError(t, err)
	require.Len(t, s.Events, 1)
	_, err = st.Append("s", add(move(`2`)))
	require.ErrorContains(t, err, "read-only")
	_, err = st.Undo("s", drawsBar)
	require.ErrorContains(t, err, "read-only")
	require.ErrorContains(t, st.Delete("s"), "read-only")

	// Readers share the lock; a writer waits for them.
	other, err := Open(path, ReadOnly(), WithTimeout(0))
	require.NoError(t, err, "a second reader gets in at once")
	require.NoError(t, other.Close())
	require.NoError(t, os.Chmod(path, 0o600))
	_, err = Open(path, WithTimeout(20*time.Millisecond))
	require.ErrorIs(t, err, ErrBusy)
	require.NoError(t, st.Close())
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, before, after)
}

// Read-only opens refuse foreign and truncated files as writers do, and
// never crash on them.
func TestReadOnlyRefusesDamage(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string][]byte{
		"text":  []byte("# my notes\nnot a database\n"),
		"zeros": make([]byte, 65536),
	} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, content, 0o600))
		_, err := Open(path, ReadOnly())
		require.ErrorIs(t, err, ErrDamaged, name)
	}
	full := filepath.Join(dir, "full.db")
	st, err := Open(full)
	require.NoError(t, err)
	for i := range 4 {
		name := fmt.Sprintf("s%d", i)
		require.NoError(t, st.Create(Session{Name: name, Game: "g"}))
		for range 40 {
			_, err := st.Append(name, add(move(`{"pad":"`+string(bytes.Repeat([]byte("x"), 200))+`"}`)))
			require.NoError(t, err)
		}
	}
	require.NoError(t, st.Close())
	data, err := os.ReadFile(full)
	require.NoError(t, err)
	for n := 4096; n < len(data); n += 4096 {
		path := filepath.Join(dir, "cut.db")
		require.NoError(t, os.WriteFile(path, data[:n], 0o600))
		st, err := Open(path, ReadOnly())
		if err == nil {
			// A cut that only removed preallocated space is no damage.
			if err = st.Fault(); err == nil {
				_, err = st.List()
			}
			require.NoError(t, st.Close())
		}
		if err != nil {
			require.ErrorIs(t, err, ErrDamaged, "cut at %d", n)
		}
	}
}

// damagePage breaks the type flags of the first page of session name's log,
// which no command reads unless it reads that session.
func damagePage(t testing.TB, path, name string) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	var page int64
	require.NoError(t, db.View(func(tx *bolt.Tx) error {
		page = int64(tx.Bucket([]byte(name)).Bucket(keyEvents).Root())
		return nil
	}))
	require.NoError(t, db.Close())
	require.NotZero(t, page, "the log must have a page of its own")
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	_, err = f.WriteAt([]byte{0x77, 0}, page*int64(os.Getpagesize())+8)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

// fill makes a realistic session file: sessions of events of a typical
// size (a Knights action is about 60 bytes).
func fill(t testing.TB, path string, sessions, events int) {
	t.Helper()
	st, err := Open(path)
	require.NoError(t, err)
	for i := range sessions {
		name := fmt.Sprintf("game-%d", i)
		require.NoError(t, st.Create(Session{Name: name, Game: "knights"}))
		evs := make([]Event, events)
		for j := range evs {
			evs[j] = move(fmt.Sprintf(`{"seat":%d,"action":"play knight --at %d"}`, j%4, (j+1)%4))
		}
		_, err := st.Append(name, add(evs...))
		require.NoError(t, err)
	}
	require.NoError(t, st.Close())
}

func TestCheckFindsDamageElsewhere(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	fill(t, path, 3, 200)
	damagePage(t, path, "game-1")
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, opts := range [][]Option{nil, {ReadOnly()}} {
		st, err := Open(path, opts...)
		require.NoError(t, err, "a file that fails the check still opens, to be salvaged")
		require.ErrorIs(t, st.Fault(), ErrInconsistent)
		require.ErrorIs(t, st.Fault(), ErrDamaged)
		require.ErrorContains(t, st.Fault(), "fails its consistency check")
		s, err := st.Load("game-0")
		require.NoError(t, err)
		require.Len(t, s.Events, 200)
		_, err = st.Load("game-1")
		require.ErrorIs(t, err, ErrDamaged)
		_, err = st.Append("game-0", add(move(`1`)))
		require.Error(t, err)
		require.Error(t, st.Create(Session{Name: "new", Game: "g"}))
		require.NoError(t, st.Close())
	}
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, before, after)
}

// TestEveryWriteRefusedOnFault: on a file failing the page check, every
// kind of write is refused with the check's fault, though nothing asked
// Fault first, and the file is left as it was.
func TestEveryWriteRefusedOnFault(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	fill(t, path, 3, 200)
	damagePage(t, path, "game-1")
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	writes := map[string]func(st *Store) error{
		"append": func(st *Store) error { _, err := st.Append("game-0", add(move(`1`))); return err },
		"create": func(st *Store) error { return st.Create(Session{Name: "new", Game: "knights"}) },
		"delete": func(st *Store) error { return st.Delete("game-2") },
		"import": func(st *Store) error {
			return st.Import(Session{Name: "game-2", Game: "knights", Options: []byte(`{}`), Created: now()}, true)
		},
		"undo": func(st *Store) error {
			_, err := st.Undo("game-0", func(s Session) ([]Verdict, error) { return make([]Verdict, len(s.Events)), nil })
			return err
		},
		"snapshot": func(st *Store) error { return st.Snapshot("game-0") },
	}
	for what, write := range writes {
		st, err := Open(path)
		require.NoError(t, err)
		err = write(st)
		require.ErrorIs(t, err, ErrInconsistent, what)
		require.ErrorContains(t, err, "fails its consistency check", what)
		require.NoError(t, st.Close())
		after, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, before, after, "%s wrote nothing", what)
	}
}

// BenchmarkOpen prices what every command pays to open the session file,
// consistency check included, on files of realistic and of large size.
func BenchmarkOpen(b *testing.B) {
	for _, size := range []struct{ sessions, events int }{{10, 300}, {100, 1000}} {
		path := filepath.Join(b.TempDir(), FileName)
		fill(b, path, size.sessions, size.events)
		fi, err := os.Stat(path)
		require.NoError(b, err)
		name := fmt.Sprintf("%dx%d-%dKiB", size.sessions, size.events, fi.Size()>>10)
		b.Run(name+"/open-read-only", func(b *testing.B) {
			for b.Loop() {
				st, err := Open(path, ReadOnly())
				if err != nil {
					b.Fatal(err)
				}
				_ = st.Close()
			}
		})
		st, err := Open(path, ReadOnly())
		require.NoError(b, err)
		b.Run(name+"/check-only", func(b *testing.B) {
			for b.Loop() {
				if err := st.Check(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/load-one-session", func(b *testing.B) {
			for b.Loop() {
				if _, err := st.Load("game-0"); err != nil {
					b.Fatal(err)
				}
			}
		})
		require.NoError(b, st.Close())
	}
}

// BenchmarkReaders: 16 readers at once, each opening, loading a session and
// closing, as 16 `status` commands would. It reports the worst wait; with
// the shared lock readers do not queue, with the exclusive one they do.
func BenchmarkReaders(b *testing.B) {
	path := filepath.Join(b.TempDir(), FileName)
	fill(b, path, 10, 300)
	for _, mode := range []struct {
		name string
		opts []Option
	}{{"shared", []Option{ReadOnly()}}, {"exclusive", nil}} {
		b.Run(mode.name, func(b *testing.B) {
			var worst time.Duration
			for b.Loop() {
				var wg sync.WaitGroup
				var mu sync.Mutex
				for range 16 {
					wg.Go(func() {
						start := time.Now()
						st, err := Open(path, append(mode.opts, WithTimeout(10*time.Second))...)
						if err != nil {
							b.Error(err)
							return
						}
						_, err = st.Load("game-3")
						_ = st.Close()
						if err != nil {
							b.Error(err)
						}
						mu.Lock()
						worst = max(worst, time.Since(start))
						mu.Unlock()
					})
				}
				wg.Wait()
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		})
	}
}
