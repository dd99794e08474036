package companion

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/internal/bincode"
	bolt "go.etcd.io/bbolt"
)

// LogChunkLen is how many log entries one chunk of a snapshot encodes.
const LogChunkLen = 64

// Blobs is where a session keeps the full chunks of its tables' logs, each
// written once under its number and hash and shared by every snapshot that
// holds it, so a snapshot's own record stays small however long the log.
// Nil keeps nothing (a replay that only compares).
type Blobs struct {
	get func(key []byte) []byte
	put func(key, raw []byte) error
}

func blobKey(i int, raw []byte) []byte {
	sum := sha256.Sum256(raw)
	return append(seqKey(i), sum[:16]...)
}

// LogChunks is a table's log as its snapshot holds it: the keys of its
// full chunks of LogChunkLen entries, kept in Blobs, and the last entries
// encoded inline. A table decoded from a snapshot reads the older entries
// only when a view asks for the whole log (Lazy.Fill), and its next
// snapshot refers to the chunks that did not change, so neither a load nor
// a write decodes, encodes or writes the whole log (ruling C-21).
type LogChunks[E any] struct {
	Keys [][]byte
	Tail []byte
	N    int // entries in all
}

// PackLog encodes log, reusing the chunks of prev: log must begin with
// the entries prev holds. New full chunks go to blobs.
func PackLog[E any](log []E, prev LogChunks[E], blobs *Blobs) (LogChunks[E], error) {
	full := fullChunks(len(log))
	reuse := min(len(prev.Keys), full)
	out := LogChunks[E]{N: len(log), Keys: append([][]byte(nil), prev.Keys[:reuse]...)}
	for i := reuse; i < full; i++ {
		raw, err := encodeChunk(log[i*LogChunkLen : (i+1)*LogChunkLen])
		if err != nil {
			return out, err
		}
		k := blobKey(i, raw)
		if blobs != nil && blobs.put != nil {
			if err := blobs.put(k, raw); err != nil {
				return out, err
			}
		}
		out.Keys = append(out.Keys, k)
	}
	tail, err := encodeChunk(log[full*LogChunkLen:])
	out.Tail = tail
	return out, err
}

// fullChunks is how many chunks of LogChunkLen a log of n entries keeps
// apart: the inline tail always holds the last entry.
func fullChunks(n int) int { return max(n-1, 0) / LogChunkLen }

func encodeChunk[E any](es []E) ([]byte, error) {
	return bincode.Marshal(es)
}

// UnpackLog returns a log of c.N entries in which only the inline tail is
// decoded: the entries before it are zero until Lazy.Fill. The last entry,
// and every entry PackLog encodes anew, is then always at hand.
func UnpackLog[E any](c LogChunks[E]) ([]E, error) {
	if len(c.Keys) != fullChunks(c.N) {
		return nil, fmt.Errorf("%d log chunks for %d entries", len(c.Keys), c.N)
	}
	// Room for the events replayed after the snapshot and the next one:
	// appending to a full log would copy all of it (every page of it
	// touched twice, a third of a long Blind status's page faults).
	log := make([]E, c.N, c.N+SnapshotEvery+1)
	return log, decodeChunk(c.Tail, log[len(c.Keys)*LogChunkLen:])
}

func decodeChunk[E any](raw []byte, into []E) error {
	var es []E
	if err := bincode.Unmarshal(raw, &es); err != nil {
		return err
	}
	if len(es) != len(into) {
		return fmt.Errorf("a log chunk holds %d entries, not %d", len(es), len(into))
	}
	copy(into, es)
	return nil
}

// Lazy is a log a snapshot left partly undecoded, and how to finish it.
type Lazy[E any] struct {
	chunks LogChunks[E]
	blobs  *Blobs
	until  int // entries before it are zero until filled
}

// NewLazy notes which entries of a log UnpackLog left zero.
func NewLazy[E any](c LogChunks[E], blobs *Blobs) Lazy[E] {
	return Lazy[E]{chunks: c, blobs: blobs, until: len(c.Keys) * LogChunkLen}
}

// Chunks is what the next snapshot may refer to.
func (l Lazy[E]) Chunks() LogChunks[E] { return l.chunks }

// Decoded reports whether entry i of the log is at hand.
func (l Lazy[E]) Decoded(i int) bool { return i >= l.until }

var errNoChunk = errors.New("a chunk of the log is missing")

// Fill decodes what is left of log; from then on every entry is at hand.
// A chunk that is missing or does not decode leaves its entries zero: it
// matched its hash when written, so only damage gets here, which
// `sessions check` reports.
func (l *Lazy[E]) Fill(log []E) {
	if l.until == 0 {
		return
	}
	for i, k := range l.chunks.Keys {
		if err := l.fill(k, log[i*LogChunkLen:(i+1)*LogChunkLen]); err != nil {
			break
		}
	}
	l.until = 0
}

func (l *Lazy[E]) fill(k []byte, into []E) error {
	if l.blobs == nil || l.blobs.get == nil {
		return errNoChunk
	}
	raw := l.blobs.get(k)
	if raw == nil || !bytes.Equal(blobKey(keySeq(k[:8]), raw), k) {
		return errNoChunk
	}
	return decodeChunk(raw, into)
}

var keyChunks = []byte("chunks")

// sessionBlobs keeps a session's log chunks in its bucket: put within the
// write transaction b belongs to (nil b: put nothing), get in a read
// transaction of its own, so that a view may read the log after the
// command's transaction ended.
func (st *Store) sessionBlobs(name string, b *bolt.Bucket) *Blobs {
	bl := &Blobs{get: func(key []byte) (out []byte) {
		defer func() {
			if recover() != nil {
				out = nil
			}
		}()
		_ = st.db.View(func(tx *bolt.Tx) error {
			if sb := tx.Bucket([]byte(name)); sb != nil {
				if cb := sb.Bucket(keyChunks); cb != nil {
					out = bytes.Clone(cb.Get(key))
				}
			}
			return nil
		})
		return out
	}}
	if b != nil && b.Writable() {
		bl.put = func(key, raw []byte) error {
			cb, err := b.CreateBucketIfNotExists(keyChunks)
			if err != nil || cb.Get(key) != nil {
				return err
			}
			return cb.Put(key, raw)
		}
	}
	return bl
}
