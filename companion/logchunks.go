package companion

import (
	"bytes"
	"encoding/gob"
	"fmt"
)

// LogChunkLen is how many log entries one chunk of a snapshot encodes.
const LogChunkLen = 64

// LogChunks is a table's log as its snapshot holds it: the entries in
// chunks of LogChunkLen, each encoded once. A table decoded from a
// snapshot reads the whole log only when a view asks for it (Fill), and
// its next snapshot copies the chunks that did not change, so neither a
// load nor a write decodes or encodes the whole log (ruling C-20).
type LogChunks[E any] struct {
	Chunks [][]byte
	N      int // entries the chunks hold
}

// full is how many chunks hold LogChunkLen entries.
func (c LogChunks[E]) full() int { return c.N / LogChunkLen }

// PackLog encodes log in chunks, reusing the full chunks of prev: log must
// begin with the entries prev holds.
func PackLog[E any](log []E, prev LogChunks[E]) (LogChunks[E], error) {
	out := LogChunks[E]{N: len(log)}
	reuse := min(prev.full(), len(log)/LogChunkLen)
	out.Chunks = append(out.Chunks, prev.Chunks[:reuse]...)
	for i := reuse * LogChunkLen; i < len(log); i += LogChunkLen {
		var b bytes.Buffer
		if err := gob.NewEncoder(&b).Encode(log[i:min(i+LogChunkLen, len(log))]); err != nil {
			return out, err
		}
		out.Chunks = append(out.Chunks, b.Bytes())
	}
	return out, nil
}

// UnpackLog returns a log of c.N entries in which only the last chunk is
// decoded: the entries before it are zero until Fill. The last entry, and
// every entry PackLog encodes anew, is then always at hand.
func UnpackLog[E any](c LogChunks[E]) ([]E, error) {
	if want := (c.N + LogChunkLen - 1) / LogChunkLen; len(c.Chunks) != want {
		return nil, fmt.Errorf("%d log chunks for %d entries", len(c.Chunks), c.N)
	}
	log := make([]E, c.N)
	if c.N == 0 {
		return log, nil
	}
	last := len(c.Chunks) - 1
	return log, decodeChunk(c.Chunks[last], log[last*LogChunkLen:])
}

// Fill decodes the chunks UnpackLog left, into log.
func (c LogChunks[E]) Fill(log []E) error {
	for i := range max(len(c.Chunks)-1, 0) {
		if err := decodeChunk(c.Chunks[i], log[i*LogChunkLen:(i+1)*LogChunkLen]); err != nil {
			return err
		}
	}
	return nil
}

func decodeChunk[E any](raw []byte, into []E) error {
	var es []E
	if err := gob.NewDecoder(bytes.NewReader(raw)).Decode(&es); err != nil {
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
	until  int // entries before it are zero until filled
}

// NewLazy notes which entries of a log UnpackLog left zero.
func NewLazy[E any](c LogChunks[E]) Lazy[E] {
	return Lazy[E]{chunks: c, until: max(len(c.Chunks)-1, 0) * LogChunkLen}
}

// Chunks is what the next snapshot may copy.
func (l Lazy[E]) Chunks() LogChunks[E] { return l.chunks }

// Decoded reports whether entry i of the log is at hand.
func (l Lazy[E]) Decoded(i int) bool { return i >= l.until }

// Fill decodes what is left of log; from then on every entry is at hand.
// A chunk that does not decode leaves its entries zero: the snapshot
// passed its checksum, so only a bug gets here, and `sessions check`
// names it.
func (l *Lazy[E]) Fill(log []E) {
	if l.until == 0 {
		return
	}
	_ = l.chunks.Fill(log[:l.until])
	l.until = 0
}
