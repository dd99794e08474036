// Package companion keeps table sessions: a game name, its options, a private
// seed and an append-only event log, stored durably in one bbolt file. The
// store is game-agnostic; rules engines replay the log to get a game's state.
//
// The store is opened per command and closed at its end. A writer holds
// bbolt's exclusive file lock for as long as it is open, so it sees and
// changes sessions alone; readers (ReadOnly) share the lock with each other,
// and queue behind a writer that waits for it (passGate). A command that
// cannot get the lock waits briefly, then gets ErrBusy.
package companion

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Errors callers can test for with errors.Is. Returned errors wrap them with
// a message fit to show a user as is.
var (
	ErrBusy          = errors.New("session busy")
	ErrDamaged       = errors.New("damaged session data")
	ErrNoSession     = errors.New("no such session")
	ErrExists        = errors.New("session exists")
	ErrBarrier       = errors.New("undo barrier")
	ErrNothingToUndo = errors.New("nothing to undo")
	// ErrInconsistent: bbolt's own consistency check failed somewhere in
	// the file. Reading still works where pages are sound; writing is
	// refused so that a write cannot spread the damage.
	ErrInconsistent = errors.New("session file fails its consistency check")
	// errNotRegular: a FIFO, a device or a socket where a file belongs.
	errNotRegular = errors.New("not a regular file")
	errGateBusy   = errors.New("the gate lock is held")
)

const (
	// FileName is the session file's name inside Home.
	FileName = "sessions.db"
	// DefaultTimeout is how long Open waits for another command's lock.
	DefaultTimeout = 3 * time.Second

	formatName    = "ninjakit-sessions"
	formatVersion = 1
	// takenVersion marks a file holding taken-back events. Older ninjakit
	// reads only version 1, so it refuses such a file untouched instead of
	// exporting or salvaging it without them.
	takenVersion = 2
)

// Bucket and key names. The marker bucket starts with '_', which ValidName
// refuses, so no session can collide with it.
var (
	markerBucket = []byte("_ninjakit")
	keyFormat    = []byte("format")
	keyVersion   = []byte("version")
	keyMeta      = []byte("meta")
	keyEvents    = []byte("events")
	// keyRetracted holds the events undo took back, keyed 1, 2, 3... in the
	// order it took them. Sessions from before it have no such bucket.
	keyRetracted = []byte("retracted")
)

// meta is a session's stored header; V is the per-session format version.
type meta struct {
	V       int             `json:"v"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	Seed    uint64          `json:"seed"`
	Created time.Time       `json:"created"`
	Changed time.Time       `json:"changed"`
}

// Home returns the state directory, creating it (0700) if needed:
// $NINJAKIT_HOME, else $XDG_STATE_HOME/ninjakit, else ~/.local/state/ninjakit.
func Home() (string, error) {
	dir := os.Getenv("NINJAKIT_HOME")
	if dir == "" {
		// The XDG spec says relative values are invalid and must be ignored.
		if x := os.Getenv("XDG_STATE_HOME"); x != "" && filepath.IsAbs(x) {
			dir = filepath.Join(x, "ninjakit")
		} else {
			h, err := os.UserHomeDir()
			if err != nil {
				return "", fmt.Errorf("cannot find a state directory (%v); set NINJAKIT_HOME", err)
			}
			dir = filepath.Join(h, ".local", "state", "ninjakit")
		}
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // error messages then name the file unambiguously
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("cannot create state directory: %w", err)
	}
	return dir, nil
}

// DefaultPath returns the session file's path inside Home.
func DefaultPath() (string, error) {
	dir, err := Home()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, FileName), nil
}

// Store is an open session file. A read-only Store of a file that does not
// exist yet has no db: it holds no sessions.
type Store struct {
	db       *bolt.DB
	path     string
	readOnly bool
	fault    error // what the consistency check found, or nil
}

type options struct {
	timeout  time.Duration
	readOnly bool
}

// Option configures Open.
type Option func(*options)

// WithTimeout sets how long Open waits for the file lock; d <= 0 tries once.
func WithTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// ReadOnly opens the file for reading under a shared lock, so readers never
// wait for each other, and a file without write permission can be read. A
// missing or empty file reads as a store with no sessions and is not created.
func ReadOnly() Option { return func(o *options) { o.readOnly = true } }

// Open opens (or creates) the session file at path and locks it until Close.
// A file that is not ours is refused with ErrDamaged and left untouched. A
// file that fails bbolt's consistency check opens, but Fault reports it and
// every write is refused with ErrInconsistent.
func Open(path string, opts ...Option) (_ *Store, err error) {
	// If bbolt panics inside Open its *DB is lost; keep the file to unlock
	// and close it. (On an already closed *os.File, Fd is -1 and Close only
	// reports ErrClosed: harmless.)
	var file *os.File
	defer func() {
		if err != nil && file != nil {
			unlock(file)
			_ = file.Close()
		}
	}()
	defer recoverDamage(path, &err, nil)()
	o := options{timeout: DefaultTimeout}
	for _, f := range opts {
		f(&o)
	}
	if o.timeout <= 0 {
		o.timeout = time.Nanosecond // bbolt reads 0 as "wait forever"
	}
	deadline := time.Now().Add(o.timeout)
	fi, err := os.Stat(path)
	switch {
	case err == nil && !fi.Mode().IsRegular():
		return nil, notRegular(path)
	case o.readOnly && (errors.Is(err, fs.ErrNotExist) || err == nil && fi.Size() == 0):
		// bbolt would try to initialise an empty file, which a read-only
		// open cannot write.
		return &Store{path: path, readOnly: true}, nil
	}
	release, err := passGate(path, o.readOnly, deadline)
	switch {
	case errors.Is(err, errGateBusy):
		return nil, busy(path)
	case errors.Is(err, errNotRegular):
		return nil, notRegular(path + ".lock")
	case err != nil:
		return nil, fmt.Errorf("cannot open session file: %w", err)
	}
	defer release()
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:  max(time.Until(deadline), time.Nanosecond),
		ReadOnly: o.readOnly,
		OpenFile: func(name string, flag int, mode os.FileMode) (*os.File, error) {
			// Whatever was swapped in since the Stat above, never wait on a
			// FIFO or map a device.
			f, err := os.OpenFile(name, flag|openNoWait, mode)
			if err != nil {
				return nil, err
			}
			if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
				_ = f.Close()
				return nil, errNotRegular
			}
			file = f
			return f, nil
		},
		// In write mode bolt.Open commits a transaction when a file's
		// freelist is not synced (as NoFreelistSync writers leave it); with
		// NoFreelistSync set it does not, so a foreign bbolt file stays byte
		// for byte as it was. We switch syncing back on before writing: an
		// unsynced freelist is rebuilt at every open by a scan that bbolt
		// runs in a goroutine, whose panics on a corrupt page would crash
		// the process beyond any recover.
		NoFreelistSync: true,
	})
	if err != nil {
		var pe *fs.PathError
		var errno syscall.Errno
		switch {
		case errors.Is(err, berrors.ErrTimeout):
			return nil, busy(path)
		case errors.Is(err, errNotRegular):
			return nil, notRegular(path)
		case errors.As(err, &pe), errors.As(err, &errno):
			return nil, fmt.Errorf("cannot open session file: %w", err)
		default:
			// ErrInvalid, ErrChecksum, ErrVersionMismatch or "file size too
			// small" (no sentinel): the bytes are not a usable bbolt file.
			return nil, damagedFile(path, err)
		}
	}
	db.NoFreelistSync = false
	st := &Store{db: db, path: path, readOnly: o.readOnly}
	if err := st.checkMarker(); err != nil {
		_ = db.Close()
		return nil, err
	}
	if st.fault = st.checkMeta(file); st.fault == nil {
		st.fault = st.Check()
	}
	return st, nil
}

func busy(path string) error {
	return fmt.Errorf("%w: another ninjakit command is using %s; try again", ErrBusy, path)
}

// notRegular refuses a FIFO or a device where the session file belongs:
// reading one would wait forever or read what is not ours (ruling F-4).
func notRegular(path string) error {
	return fmt.Errorf("%s is not a regular file (a FIFO, a device or a socket); move it away, ninjakit keeps its sessions in a regular file", path)
}

// The two meta pages at the start of a bbolt file (go.etcd.io/bbolt
// internal/common: Page then Meta, in the machine's byte order). Each
// commit writes the older one; Open reads the newer valid one.
const (
	pageHeaderSize = 16 // id uint64, flags uint16, count uint16, overflow uint32
	metaMagic      = 0xED0CDAED
	metaVersion    = 2
	// The meta's fields before its checksum: magic, version, pageSize,
	// flags (4 bytes each), root bucket (root pgid, sequence), freelist,
	// pgid, txid (8 bytes each). The checksum is FNV-64a of them.
	metaSummed = 4*4 + 2*8 + 3*8
)

// checkMeta reads both meta pages and checks their checksums itself. bbolt
// silently opens a file whose newest meta page is damaged at the other one,
// a transaction older: the last change is lost and its own check passes.
// A bad meta page is therefore damage like any other (ruling F-5): reported
// by every command and no write until the file is salvaged, since the next
// commit would overwrite the good meta page and keep the rolled-back state.
func (st *Store) checkMeta(f *os.File) error {
	size := st.db.Info().PageSize
	buf := make([]byte, 2*size)
	if _, err := f.ReadAt(buf, 0); err != nil {
		return &damagedError{
			msg:   fmt.Sprintf("session file %s: its meta pages cannot be read; the last change may be lost; reading works where pages are sound, writing is refused", st.path),
			cause: err,
			also:  ErrInconsistent,
		}
	}
	for i := range 2 {
		m := buf[i*size+pageHeaderSize:]
		var why string
		switch sum := fnv.New64a(); {
		case binary.NativeEndian.Uint32(m[0:]) != metaMagic:
			why = "bad magic number"
		case binary.NativeEndian.Uint32(m[4:]) != metaVersion:
			why = "bad version"
		default:
			sum.Write(m[:metaSummed])
			if sum.Sum64() != binary.NativeEndian.Uint64(m[metaSummed:]) {
				why = "checksum mismatch"
			}
		}
		if why != "" {
			return &damagedError{
				msg:   fmt.Sprintf("session file %s: one of its two meta pages is damaged, so the last change may be lost; reading works, writing is refused until it is salvaged", st.path),
				cause: fmt.Errorf("meta page %d: %s", i, why),
				also:  ErrInconsistent,
			}
		}
	}
	return nil
}

// Check runs bbolt's consistency check over the whole file: every page
// reachable once, none both free and in use, keys in order. It costs a walk
// over every page (see BenchmarkOpen), which Open pays so that damage
// anywhere in the file is reported by every command, not only by the one
// that happens to read the bad page (ruling C-8).
func (st *Store) Check() (err error) {
	if st.db == nil {
		return nil
	}
	defer recoverDamage(st.path, &err, nil)()
	err = st.db.View(func(tx *bolt.Tx) error {
		// bbolt checks in a goroutine of its own, where a fault on a page
		// mapped past the end of a truncated file cannot be recovered:
		// make sure every page it will visit is inside the file.
		fi, err := os.Stat(st.path)
		if err != nil {
			return err
		}
		if fi.Size() < tx.Size() {
			return fmt.Errorf("the file is %d bytes but its pages need %d: it was cut short", fi.Size(), tx.Size())
		}
		var first error
		for err := range tx.Check() { // drain: the checker blocks on every error it sends
			if first == nil {
				first = err
			}
		}
		return first
	})
	if err != nil && !errors.Is(err, ErrDamaged) {
		err = &damagedError{
			msg:   fmt.Sprintf("session file %s fails its consistency check; reading works where pages are sound, writing is refused", st.path),
			cause: err,
			also:  ErrInconsistent,
		}
	}
	return err
}

// Fault returns why the file failed its consistency check at Open, or nil.
func (st *Store) Fault() error { return st.fault }

// recoverDamage is deferred (called) by every function that reads the file.
// bbolt panics on corrupt pages, and a truncated file faults when a mapped
// page past its end is read; SetPanicOnFault turns that fault into a panic,
// and the returned function turns panics into ErrDamaged, so a bad file never
// crashes the CLI. Panics from the caller's check function (while *inCheck)
// are bugs in the caller and are not swallowed.
func recoverDamage(path string, err *error, inCheck *bool) func() {
	old := debug.SetPanicOnFault(true)
	return func() {
		debug.SetPanicOnFault(old)
		if inCheck != nil && *inCheck {
			return
		}
		if r := recover(); r != nil {
			*err = damagedFile(path, fmt.Errorf("bbolt: %v", r))
		}
	}
}

// checkMarker accepts a file carrying our marker and initialises a bbolt file
// with no buckets at all: that is what a new (or zero-length) file is after
// bbolt.Open, including when a process died between bbolt's init and our
// marker commit. Any other content is foreign and is refused read-only.
func (st *Store) checkMarker() error {
	var empty bool
	err := st.db.View(func(tx *bolt.Tx) error {
		m := tx.Bucket(markerBucket)
		if m == nil {
			k, _ := tx.Cursor().First()
			empty = k == nil
			if !empty {
				return damagedFile(st.path, errors.New("no ninjakit marker"))
			}
			return nil
		}
		if f := string(m.Get(keyFormat)); f != formatName {
			return damagedFile(st.path, fmt.Errorf("format %q", f))
		}
		if v := string(m.Get(keyVersion)); v != fmt.Sprint(formatVersion) && v != fmt.Sprint(takenVersion) {
			return &damagedError{
				msg:   fmt.Sprintf("session file %s has format version %q; this ninjakit reads versions %d and %d; it was left untouched", st.path, v, formatVersion, takenVersion),
				cause: errors.New("unsupported version"),
			}
		}
		return nil
	})
	if err != nil || !empty || st.readOnly {
		return err
	}
	return st.db.Update(func(tx *bolt.Tx) error {
		if tx.Bucket(markerBucket) != nil {
			return nil
		}
		m, err := tx.CreateBucket(markerBucket)
		if err != nil {
			return err
		}
		if err := m.Put(keyFormat, []byte(formatName)); err != nil {
			return err
		}
		return m.Put(keyVersion, []byte(fmt.Sprint(formatVersion)))
	})
}

// Close releases the file and its lock.
func (st *Store) Close() error {
	if st.db == nil {
		return nil
	}
	return st.db.Close()
}

// damagedError carries a user-facing message and wraps both ErrDamaged and
// the underlying cause.
type damagedError struct {
	msg   string
	cause error
	also  error // another sentinel to match, or nil
}

func (e *damagedError) Error() string { return e.msg + " (" + e.cause.Error() + ")" }
func (e *damagedError) Unwrap() []error {
	if e.also != nil {
		return []error{ErrDamaged, e.also, e.cause}
	}
	return []error{ErrDamaged, e.cause}
}

func damagedFile(path string, cause error) error {
	return &damagedError{
		msg:   fmt.Sprintf("session file %s is damaged or not a ninjakit file; it was left untouched", path),
		cause: cause,
	}
}

func noSession(name string) error {
	return fmt.Errorf("%w named %q", ErrNoSession, name)
}

func seqKey(seq int) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], uint64(seq))
	return k[:]
}

// readMeta decodes a session's header.
func readMeta(b *bolt.Bucket, name string) (meta, error) {
	var m meta
	raw := b.Get(keyMeta)
	if raw == nil {
		return m, damagedSession(name, errors.New("no meta record"))
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, damagedSession(name, fmt.Errorf("meta: %v", err))
	}
	if m.V != formatVersion {
		return m, damagedSession(name, fmt.Errorf("meta format version %d, want %d", m.V, formatVersion))
	}
	return m, nil
}

// readEvent decodes the event stored under key k; it must be seq want.
func readEvent(k, v []byte, want int, name string) (Event, error) {
	var e Event
	if len(k) != 8 || binary.BigEndian.Uint64(k) != uint64(want) {
		return e, damagedAt(name, want, fmt.Errorf("event key %x where event %d belongs", k, want))
	}
	if err := json.Unmarshal(v, &e); err != nil {
		return e, damagedAt(name, want, fmt.Errorf("event %d: %v", want, err))
	}
	if e.Seq != want {
		return e, damagedAt(name, want, fmt.Errorf("event %d is stored with seq %d", want, e.Seq))
	}
	return e, nil
}

// readSession decodes a whole session and checks its seqs run 1..n. On an
// event that does not decode it also returns the events before it, which is
// what Salvage keeps.
func readSession(b *bolt.Bucket, name string) (Session, meta, error) {
	loads.Add(1)
	m, err := readMeta(b, name)
	if err != nil {
		return Session{}, m, err
	}
	s := Session{Name: name, Game: m.Game, Options: m.Options, Seed: m.Seed, Created: m.Created}
	eb := b.Bucket(keyEvents)
	if eb == nil {
		return s, m, damagedAt(name, 1, errors.New("no events bucket"))
	}
	c := eb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		e, err := readEvent(k, v, len(s.Events)+1, name)
		if err != nil {
			return s, m, err
		}
		s.Events = append(s.Events, e)
	}
	if rb := b.Bucket(keyRetracted); rb != nil {
		c := rb.Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			e, err := readRetracted(k, v, len(s.Retracted)+1)
			if err != nil {
				return s, m, &SessionDamage{Name: name, Good: len(s.Events), Taken: len(s.Retracted) + 1, Cause: err}
			}
			s.Retracted = append(s.Retracted, e)
		}
	}
	return s, m, nil
}

// readRetracted decodes the want-th taken-back event, stored under key k.
func readRetracted(k, v []byte, want int) (Event, error) {
	var e Event
	if len(k) != 8 || binary.BigEndian.Uint64(k) != uint64(want) {
		return e, fmt.Errorf("taken-back key %x where number %d belongs", k, want)
	}
	if err := json.Unmarshal(v, &e); err != nil {
		return e, fmt.Errorf("taken-back event %d: %v", want, err)
	}
	if e.Seq < 1 || e.Seq > MaxEvents {
		return e, fmt.Errorf("taken-back event %d has seq %d", want, e.Seq)
	}
	return e, nil
}

// writeSession stores a canonical session under a fresh bucket.
func writeSession(tx *bolt.Tx, s Session, changed time.Time) error {
	b, err := tx.CreateBucket([]byte(s.Name))
	if err != nil {
		return err
	}
	if err := putMeta(b, meta{V: formatVersion, Game: s.Game, Options: s.Options, Seed: s.Seed, Created: s.Created, Changed: changed}); err != nil {
		return err
	}
	eb, err := b.CreateBucket(keyEvents)
	if err != nil {
		return err
	}
	eb.FillPercent = 1 // keys only ever grow: pack pages full
	for _, e := range s.Events {
		if _, err := putEvent(eb, e); err != nil {
			return err
		}
	}
	if len(s.Retracted) == 0 {
		return nil
	}
	if err := markTaken(tx); err != nil {
		return err
	}
	rb, err := b.CreateBucket(keyRetracted)
	if err != nil {
		return err
	}
	for i, e := range s.Retracted {
		if err := putRetracted(rb, i+1, e); err != nil {
			return err
		}
	}
	return nil
}

// markTaken raises the file's version once it holds taken-back events.
func markTaken(tx *bolt.Tx) error {
	return tx.Bucket(markerBucket).Put(keyVersion, []byte(fmt.Sprint(takenVersion)))
}

func putMeta(b *bolt.Bucket, m meta) error {
	raw, err := marshal(m, "")
	if err != nil {
		return err
	}
	return b.Put(keyMeta, raw)
}

// putEvent stores e without a barrier flag: the replay derives it whenever
// it is needed (ruling C-5).
func putEvent(eb *bolt.Bucket, e Event) ([]byte, error) {
	e.Barrier = false
	raw, err := marshal(e, "")
	if err != nil {
		return nil, err
	}
	return raw, eb.Put(seqKey(e.Seq), raw)
}

// putRetracted stores e as the n-th event undo took back.
func putRetracted(rb *bolt.Bucket, n int, e Event) error {
	e.Barrier = false
	raw, err := marshal(e, "")
	if err != nil {
		return err
	}
	return rb.Put(seqKey(n), raw)
}

func now() time.Time { return time.Now().UTC() }

// update runs fn in one read-write transaction. Unlike bolt's Update it is
// also used where fn may decide to write nothing: then it rolls back instead
// of committing, so an empty change costs no disk write.
func (st *Store) update(fn func(tx *bolt.Tx) (write bool, err error)) error {
	switch {
	case st.readOnly:
		return fmt.Errorf("session file %s is open read-only", st.path)
	case st.fault != nil:
		return st.fault
	}
	tx, err := st.db.Begin(true)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }() // no-op after Commit
	write, err := fn(tx)
	if err != nil || !write {
		return err
	}
	return tx.Commit()
}

func (st *Store) sessionBucket(tx *bolt.Tx, name string) (*bolt.Bucket, error) {
	if err := ValidName(name); err != nil {
		return nil, err
	}
	b := tx.Bucket([]byte(name))
	if b == nil {
		return nil, noSession(name)
	}
	return b, nil
}

// Create starts a new session with an empty log. Created defaults to now.
// The caller picks the seed (NewSeed for a fresh game).
func (st *Store) Create(s Session) (err error) {
	defer recoverDamage(st.path, &err, nil)()
	if s.Created.IsZero() {
		s.Created = now()
	}
	if len(s.Events) > 0 || len(s.Retracted) > 0 {
		return fmt.Errorf("new session %q must start with an empty log (use Import to restore one)", s.Name)
	}
	s, err = canonSession(s)
	if err != nil {
		return err
	}
	return st.update(func(tx *bolt.Tx) (bool, error) {
		if tx.Bucket([]byte(s.Name)) != nil {
			return false, fmt.Errorf("%w: a session named %q already exists", ErrExists, s.Name)
		}
		return true, writeSession(tx, s, s.Created)
	})
}

// Import stores an exported session under its name. An existing session of
// that name is refused with ErrExists unless replace is set.
func (st *Store) Import(s Session, replace bool) (err error) {
	defer recoverDamage(st.path, &err, nil)()
	s, err = canonSession(s)
	if err != nil {
		return err
	}
	return st.update(func(tx *bolt.Tx) (bool, error) {
		if tx.Bucket([]byte(s.Name)) != nil {
			if !replace {
				return false, fmt.Errorf("%w: a session named %q already exists; replace it (--replace) or import it under another name (--name NEW)", ErrExists, s.Name)
			}
			if err := tx.DeleteBucket([]byte(s.Name)); err != nil {
				return false, err
			}
		}
		if err := writeSession(tx, s, now()); err != nil {
			return false, err
		}
		b := tx.Bucket([]byte(s.Name))
		s.blobs = st.sessionBlobs(s.Name, b)
		return true, snapshotImport(b, s)
	})
}

// snapshotImport stores a snapshot of an imported session's last event:
// an export carries events only, so its snapshots are built anew.
func snapshotImport(b *bolt.Bucket, s Session) error {
	c := codecFor(s.Game)
	if c == nil || len(s.Events) == 0 {
		return nil
	}
	state, err := c.encode(s)
	if err != nil {
		return nil // the events alone still replay; the next write tries again
	}
	sn := snapshot{Seq: len(s.Events), Taken: len(s.Retracted), Codec: c.version(), State: state}
	var prev, prevTip [8]byte
	for _, e := range s.Events {
		raw, err := marshal(Event{Seq: e.Seq, Kind: e.Kind, Data: e.Data}, "")
		if err != nil {
			return err
		}
		prev, prevTip = sn.Chain, sn.Tip
		sn.Chain, sn.Tip = chainNext(sn.Chain, raw), tipHash(raw)
	}
	if len(s.Events) > 1 {
		// And one before the last event, where the server and the table
		// mode start (LoadTail), at the point of the history the replay
		// last stood there, as sessions check finds it.
		if state, taken, err := c.before(s); err == nil {
			if err := putSnapshot(b, snapshot{Seq: sn.Seq - 1, Taken: taken, Codec: c.version(), Chain: prev, Tip: prevTip, State: state}); err != nil {
				return err
			}
		}
	}
	return putSnapshot(b, sn)
}

// view runs fn in a read transaction; a store without a file holds nothing.
func (st *Store) view(fn func(tx *bolt.Tx) error) error {
	if st.db == nil {
		return nil
	}
	return st.db.View(fn)
}

// Load returns a session with its whole log.
func (st *Store) Load(name string) (s Session, err error) {
	defer recoverDamage(st.path, &err, nil)()
	if err := ValidName(name); err != nil {
		return s, err
	}
	if st.db == nil {
		return s, noSession(name)
	}
	err = st.db.View(func(tx *bolt.Tx) error {
		b, err := st.sessionBucket(tx, name)
		if err != nil {
			return err
		}
		s, _, err = readSession(b, name)
		return err
	})
	return s, err
}

// Append is the one way to extend a log. In a single read-write transaction
// it loads the session, calls check (which replays the log through the rules
// engine and returns the new events, or why the action is refused) and
// commits the events with the next seqs. If check fails nothing is written.
// The returned events carry their seqs; Seq values set by check are ignored.
func (st *Store) Append(name string, check func(s Session) ([]Event, error)) (out []Event, err error) {
	var inCheck bool
	defer recoverDamage(st.path, &err, &inCheck)()
	err = st.update(func(tx *bolt.Tx) (bool, error) {
		b, err := st.sessionBucket(tx, name)
		if err != nil {
			return false, err
		}
		s, m, err := readLatest(b, name, -1, false, true, st.takenOf(name), st.sessionBlobs(name, b))
		if err != nil {
			return false, err
		}
		s.reload = func() (Session, error) {
			full, _, err := readSession(b, name)
			return full, err
		}
		inCheck = true
		evs, err := check(s)
		inCheck = false
		if err != nil || len(evs) == 0 {
			return false, err
		}
		if s.Len()+s.TakenCount()+len(evs) > MaxEvents {
			return false, fmt.Errorf("session %q is full: it holds at most %d events", name, MaxEvents)
		}
		eb := b.Bucket(keyEvents)
		eb.FillPercent = 1
		chain, tip := s.chain, s.tip
		for i, e := range evs {
			ce, err := canonEvent(e, s.Len()+1+i)
			if err != nil {
				return false, fmt.Errorf("session %q: %w", name, err)
			}
			raw, err := putEvent(eb, ce)
			if err != nil {
				return false, err
			}
			chain, tip = chainNext(chain, raw), tipHash(raw)
			out = append(out, ce)
		}
		inCheck = true
		err = snapshotAppend(b, s, out, chain, tip)
		inCheck = false
		if err != nil {
			return false, err
		}
		m.Changed = now()
		return true, putMeta(b, m)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Verifier replays a session through its game's rules engine, taken-back
// events included, and returns a verdict for every event of the log; a log
// the engine refuses is an error (a *ReplayError). The store never decides
// on a stored flag (ruling C-5).
type Verifier func(Session) ([]Verdict, error)

// BarrierError is an undo refused because the last event let someone see
// a card that undo would hide again, or that a replay would draw afresh.
// It matches ErrBarrier.
type BarrierError struct {
	Reason string // in table words, e.g. "bob already drew two cards after that play"
}

func (e *BarrierError) Error() string { return e.Reason + ": it cannot be taken back" }

// Is makes errors.Is(err, ErrBarrier) hold.
func (e *BarrierError) Is(target error) bool { return target == ErrBarrier }

// Undo takes back the last event and returns it. It refuses (a
// *BarrierError) an event the replay by verify marks as a barrier, and fails
// with ErrNothingToUndo on an empty log. The event is not lost: it moves to
// the session's taken-back events, whose public notes undo can never hide
// (ruling C-11). The live log shrinks by one, so the next action has the
// position, and so the random draws, the undone one had (ruling C-12).
func (st *Store) Undo(name string, verify Verifier) (Event, error) {
	u, err := st.undo(name, verify, nil)
	return u.Event, err
}

// Undone is one event an undo took back and what it left: the session as
// the undo's snapshot holds it, and the game's table as Rebuild(After)
// makes it (nil for a game without a snapshot encoding), both without
// reading the file again.
type Undone struct {
	Event Event
	After Session
	Table any
}

// undo is Undo calling check (when not nil) inside its transaction,
// before it writes anything, with the session it loaded and the game's
// table as that session stands (nil for a game without a snapshot
// encoding): an error from check refuses the undo.
func (st *Store) undo(name string, verify Verifier, check func(s Session, table any) error) (u Undone, err error) {
	var inCheck bool
	defer recoverDamage(st.path, &err, &inCheck)()
	var m meta
	var sn *snapshot
	err = st.update(func(tx *bolt.Tx) (bool, error) {
		b, err := st.sessionBucket(tx, name)
		if err != nil {
			return false, err
		}
		var s Session
		s, m, err = readLatest(b, name, lastSeq(b)-1, false, true, st.takenOf(name), st.sessionBlobs(name, b))
		if err != nil {
			return false, err
		}
		noteTop(b, &s, m)
		c := codecFor(m.Game)
		if s.Len() == 0 {
			if check != nil {
				var t any
				if c != nil {
					inCheck = true
					t, err = c.rebuild(s)
					inCheck = false
					if err != nil {
						return false, err
					}
				}
				inCheck = true
				err = check(s, t)
				inCheck = false
				if err != nil {
					return false, err
				}
			}
			return false, fmt.Errorf("%w: session %q has no events", ErrNothingToUndo, name)
		}
		var found undoFound
		inCheck = true
		if c != nil {
			found, err = c.undo(s)
		} else {
			var verdicts []Verdict
			if verdicts, err = verify(s); err == nil && len(verdicts) != len(s.Events) {
				err = fmt.Errorf("session %q: the replay judged %d of %d events", name, len(verdicts), len(s.Events))
			}
			if err == nil {
				found.verdict = verdicts[len(verdicts)-1]
			}
		}
		inCheck = false
		if err != nil {
			return false, asDamage(s, err)
		}
		if check != nil {
			inCheck = true
			err = check(s, found.now)
			inCheck = false
			if err != nil {
				return false, err
			}
		}
		e := s.Events[len(s.Events)-1]
		if why := found.verdict.Barrier; why != "" {
			return false, &BarrierError{Reason: why}
		}
		e.Barrier = false // what the replay says, whatever was stored
		if err := b.Bucket(keyEvents).Delete(seqKey(e.Seq)); err != nil {
			return false, err
		}
		if err := markTaken(tx); err != nil {
			return false, err
		}
		rb, err := b.CreateBucketIfNotExists(keyRetracted)
		if err != nil {
			return false, err
		}
		rb.FillPercent = 1
		if err := putRetracted(rb, s.TakenCount()+1, e); err != nil {
			return false, err
		}
		if err := dropSnapshots(b, e.Seq, ignoredSeqs(s)); err != nil {
			return false, err
		}
		u.Event = e
		if c != nil {
			// The table before the undone event, with its taken-back
			// count: the next command starts from it.
			sn = &snapshot{Seq: e.Seq - 1, Taken: s.TakenCount() + 1, Codec: c.version(), Chain: s.prev, Tip: s.prevTip, State: found.state}
			if err := putSnapshot(b, *sn); err != nil {
				return false, err
			}
			u.Table = found.before
		}
		m.Changed = now()
		return true, putMeta(b, m)
	})
	if err != nil {
		return Undone{}, err
	}
	if sn == nil {
		u.After, err = st.LoadLatest(name)
		return u, err
	}
	// What LoadLatest would read now: the snapshot just stored, no event
	// after it.
	u.After = Session{Name: name, Game: m.Game, Options: m.Options, Seed: m.Seed, Created: m.Created,
		base: sn.Seq, snap: sn, chain: sn.Chain, tip: sn.Tip,
		takenN: sn.Taken, takenLazy: st.takenOf(name), blobs: st.sessionBlobs(name, nil),
		load: &loadNotes{}, reload: st.reloader(name)}
	codecFor(m.Game).taken(u.Table, u.After)
	return u, nil
}

// Salvage returns the longest prefix of a session's log whose events all
// decode, and the damage that cut it short (nil if the whole log decodes).
// The caller then replays it and keeps what the engine accepts. A session
// whose header is lost has nothing to salvage: that is the error.
func (st *Store) Salvage(name string) (s Session, damage error, err error) {
	defer recoverDamage(st.path, &err, nil)()
	if err := ValidName(name); err != nil {
		return s, nil, err
	}
	if st.db == nil {
		return s, nil, noSession(name)
	}
	err = st.db.View(func(tx *bolt.Tx) error {
		b, err := st.sessionBucket(tx, name)
		if err != nil {
			return err
		}
		var derr error
		s, _, derr = readSession(b, name)
		var sd *SessionDamage
		if errors.As(derr, &sd) && sd.Good >= 0 {
			damage = derr
			return nil
		}
		return derr
	})
	return s, damage, err
}

// Delete removes a session and its log.
func (st *Store) Delete(name string) (err error) {
	defer recoverDamage(st.path, &err, nil)()
	return st.update(func(tx *bolt.Tx) (bool, error) {
		if _, err := st.sessionBucket(tx, name); err != nil {
			return false, err
		}
		return true, tx.DeleteBucket([]byte(name))
	})
}

// summaries calls fn for every session in name order.
func (st *Store) summaries(fn func(Summary) error) (err error) {
	defer recoverDamage(st.path, &err, nil)()
	return st.view(func(tx *bolt.Tx) error {
		return tx.ForEach(func(nb []byte, b *bolt.Bucket) error {
			name := string(nb)
			if ValidName(name) != nil {
				return nil // the marker bucket
			}
			m, err := readMeta(b, name)
			if err != nil {
				return err
			}
			sum := Summary{Name: name, Game: m.Game, Created: m.Created, Changed: m.Changed}
			if eb := b.Bucket(keyEvents); eb != nil {
				// Seqs are contiguous from 1, so the last key is the count.
				if k, _ := eb.Cursor().Last(); len(k) == 8 {
					sum.Events = int(binary.BigEndian.Uint64(k))
				}
			}
			return fn(sum)
		})
	})
}

// Names returns every session's name, sorted, without reading the sessions:
// it works when some of them are damaged.
func (st *Store) Names() (names []string, err error) {
	defer recoverDamage(st.path, &err, nil)()
	err = st.view(func(tx *bolt.Tx) error {
		return tx.ForEach(func(nb []byte, _ *bolt.Bucket) error {
			if ValidName(string(nb)) == nil {
				names = append(names, string(nb))
			}
			return nil
		})
	})
	return names, err
}

// List returns a summary of every session, sorted by name.
func (st *Store) List() ([]Summary, error) {
	var out []Summary
	err := st.summaries(func(s Summary) error {
		out = append(out, s)
		return nil
	})
	return out, err
}

// Latest returns the name of the most recently created or changed session of
// game, so commands can default to the game being played.
func (st *Store) Latest(game string) (string, error) {
	var best Summary
	err := st.summaries(func(s Summary) error {
		if s.Game == game && (best.Name == "" || s.Changed.After(best.Changed)) {
			best = s
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if best.Name == "" {
		return "", fmt.Errorf("%w: no session of game %q; start one first", ErrNoSession, game)
	}
	return best.Name, nil
}
