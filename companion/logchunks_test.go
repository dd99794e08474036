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
	for _, n := range []int{0, 1, LogChunkLen - 1, LogChunkLen, LogChunkLen + 1, 3*LogChunkLen + 5} {
		log := entries(n)
		packed, err := PackLog(log, LogChunks[chunkEntry]{})
		require.NoError(t, err)
		got, err := UnpackLog(packed)
		require.NoError(t, err)
		require.Len(t, got, n)
		lazy := NewLazy(packed)
		for i := range got {
			require.Equal(t, lazy.Decoded(i), i >= (len(packed.Chunks)-1)*LogChunkLen, "entry %d of %d", i, n)
			if lazy.Decoded(i) {
				require.Equal(t, log[i], got[i])
			}
		}
		if n > 0 {
			require.Equal(t, log[n-1], got[n-1], "the last entry is at hand")
		}
		// Append past a chunk boundary, pack again from the lazy log.
		more := append(got, entries(n + LogChunkLen + 2)[n:]...)
		again, err := PackLog(more, lazy.Chunks())
		require.NoError(t, err)
		for i := range n / LogChunkLen {
			require.Equal(t, &packed.Chunks[i][0], &again.Chunks[i][0], "chunk %d is reused, not encoded again", i)
		}
		fresh, err := PackLog(append(entries(n), entries(n + LogChunkLen + 2)[n:]...), LogChunks[chunkEntry]{})
		require.NoError(t, err)
		require.Equal(t, fresh, again, "the same bytes as packing the whole log")
		lazy.Fill(got)
		require.Equal(t, log, got)
		require.True(t, lazy.Decoded(0))
	}
	_, err := UnpackLog(LogChunks[chunkEntry]{N: 5})
	require.Error(t, err)
}
