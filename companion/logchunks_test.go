package companion

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

type chunkEntry struct {
	N    int
	Text []string
}

func entries(n int) []chunkEntry {
	out := make([]chunkEntry, n)
	for i := range out {
		out[i] = chunkEntry{N: i, Text: []string{fmt.Sprint("e", i)}}
	}
	return out
}

// A log packed in chunks unpacks with its last chunk decoded, fills to the
// whole log, and packing it again after appends reuses every full chunk
// byte for byte and encodes only the rest.
func TestLogChunks(t *testing.T) {
	kept, puts := map[string][]byte{}, 0
	blobs := &Blobs{
		get: func(k []byte) []byte { return kept[string(k)] },
		put: func(k, raw []byte) error { kept[string(k)] = raw; puts++; return nil },
	}
	for _, n := range []int{0, 1, LogChunkLen - 1, LogChunkLen, LogChunkLen + 1, 3*LogChunkLen + 5} {
		log := entries(n)
		packed, err := PackLog(log, LogChunks[chunkEntry]{}, blobs)
		require.NoError(t, err)
		got, err := UnpackLog(packed)
		require.NoError(t, err)
		require.Len(t, got, n)
		lazy := NewLazy(packed, blobs)
		for i := range got {
			require.Equal(t, lazy.Decoded(i), i >= fullChunks(n)*LogChunkLen, "entry %d of %d", i, n)
			if lazy.Decoded(i) {
				require.Equal(t, log[i], got[i])
			}
		}
		if n > 0 {
			require.Equal(t, log[n-1], got[n-1], "the last entry is at hand")
		}
		// Append past a chunk boundary, pack again from the lazy log.
		more := append(got, entries(n + LogChunkLen + 2)[n:]...)
		puts = 0
		again, err := PackLog(more, lazy.Chunks(), blobs)
		require.NoError(t, err)
		require.Equal(t, len(again.Keys)-fullChunks(n), puts, "only new chunks are written")
		fresh, err := PackLog(append(entries(n), entries(n + LogChunkLen + 2)[n:]...), LogChunks[chunkEntry]{}, nil)
		require.NoError(t, err)
		require.Equal(t, fresh, again, "the same bytes as packing the whole log")
		lazy.Fill(got)
		require.Equal(t, log, got)
		require.True(t, lazy.Decoded(0))
	}
	_, err := UnpackLog(LogChunks[chunkEntry]{N: 2 * LogChunkLen})
	require.Error(t, err)

	// A chunk that is gone leaves its entries zero, and the rest whole.
	log := entries(2*LogChunkLen + 1)
	packed, err := PackLog(log, LogChunks[chunkEntry]{}, blobs)
	require.NoError(t, err)
	delete(kept, string(packed.Keys[0]))
	got, err := UnpackLog(packed)
	require.NoError(t, err)
	lazy := NewLazy(packed, blobs)
	lazy.Fill(got)
	require.Zero(t, got[0])
	require.Equal(t, log[2*LogChunkLen], got[2*LogChunkLen])
}
