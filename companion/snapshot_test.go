package companion

import (
	"hash/crc32"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// The snapshots' own CRC-32C must be hash/crc32's: every stored chain,
// tip and record sum was made with that one.
func TestCRC32CIsCastagnoli(t *testing.T) {
	table := crc32.MakeTable(crc32.Castagnoli)
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 4100)
	for i := range buf {
		buf[i] = byte(rng.Uint32())
	}
	// The processor's instruction where this machine has it, and the
	// tables every machine can fall back on.
	for _, sum := range []func(uint32, []byte) uint32{crc32cUpdate, crc32cSoftware} {
		require.Equal(t, uint32(0xE3069283), sum(0, []byte("123456789"))) // the check value of CRC-32C
		for n := range 300 {
			require.Equal(t, crc32.Checksum(buf[:n], table), sum(0, buf[:n]), "length %d", n)
		}
		for range 200 {
			seed := rng.Uint32()
			p := buf[rng.IntN(64):][:rng.IntN(4000)]
			require.Equal(t, crc32.Update(seed, table, p), sum(seed, p), "length %d", len(p))
		}
	}
	// Chained over a log, as chainNext sums events.
	var want, got [8]byte
	for range 50 {
		p := buf[:rng.IntN(200)]
		got = chainNext(got, p)
		c := crc32.Update(uint32(want[0])<<24|uint32(want[1])<<16|uint32(want[2])<<8|uint32(want[3]), table, p)
		want[0], want[1], want[2], want[3] = byte(c>>24), byte(c>>16), byte(c>>8), byte(c)
		copy(want[4:], got[4:])
		require.Equal(t, want, got)
	}
}

// chainOf sums events in runs; the sum is the one chainNext makes event
// by event, which every stored snapshot holds.
func TestChainOfRuns(t *testing.T) {
	db, err := bolt.Open(filepath.Join(t.TempDir(), "chain.db"), 0o600, nil)
	require.NoError(t, err)
	defer db.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	var want [][8]byte // want[i]: the chain of events 1..i
	want = append(want, [8]byte{})
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		eb, err := tx.CreateBucket(keyEvents)
		if err != nil {
			return err
		}
		for seq := 1; seq <= 400; seq++ {
			size := rng.IntN(200)
			if seq%97 == 0 {
				size = chainRun + rng.IntN(chainRun) // longer than a run
			}
			raw := make([]byte, size)
			for i := range raw {
				raw[i] = byte(rng.Uint32())
			}
			want = append(want, chainNext(want[seq-1], raw))
			if err := eb.Put(seqKey(seq), raw); err != nil {
				return err
			}
		}
		return nil
	}))
	require.NoError(t, db.View(func(tx *bolt.Tx) error {
		eb := tx.Bucket(keyEvents)
		for _, n := range []int{0, 1, 2, 96, 97, 98, 250, 399, 400} {
			require.Equal(t, want[n], chainOf(eb, n), "events 1..%d", n)
		}
		return nil
	}))
}
