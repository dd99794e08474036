package generate

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWordList(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range words {
		require.Regexp(t, `^[a-z]{2,7}$`, w)
		require.False(t, seen[w], "duplicate word %q", w)
		seen[w] = true
	}
	require.Len(t, seen, 256)
	for _, w := range words {
		require.False(t, seen[w+"s"] || seen[w+"es"], "%q and its plural are both listed", w)
	}
	// Pairs that sound alike or differ by one easily misheard sound; none of
	// these may appear together. Extend this when editing the list.
	for _, pair := range [][2]string{
		{"bear", "pear"}, {"beach", "peach"}, {"moss", "moth"}, {"duck", "dusk"},
		{"fox", "ox"}, {"frog", "fog"}, {"goose", "moose"}, {"ibis", "iris"},
		{"needle", "noodle"}, {"paper", "pepper"}, {"raven", "ramen"}, {"robin", "robot"},
		{"shark", "spark"}, {"storm", "stork"}, {"field", "shield"}, {"wheat", "wheel"},
		{"crane", "rain"}, {"amber", "ember"}, {"bridge", "ridge"}, {"gecko", "echo"},
		{"ice", "rice"}, {"monkey", "donkey"}, {"forest", "frost"}, {"sun", "son"},
		{"knight", "night"}, {"deer", "dear"}, {"links", "lynx"}, {"flower", "flour"},
	} {
		require.False(t, seen[pair[0]] && seen[pair[1]], "%q and %q sound alike", pair[0], pair[1])
	}
}

func TestFingerprint(t *testing.T) {
	shape := regexp.MustCompile(`^[a-z]+-[a-z]+-[a-z]+$`)
	tests := []struct{ in, want string }{
		// Fixed values lock the word order: changing them breaks every
		// fingerprint already printed on setup sheets.
		{"", "sword-penguin-root"},
		{"24R2-NF5TF-A3H5W", "hill-lagoon-ash"}, // blades, 3 players, seed 734219856412
		{"hello", "cliff-velvet-finch"},         // sha256 starts 2c f2 4d
	}
	for _, tt := range tests {
		got := Fingerprint([]byte(tt.in))
		require.Regexp(t, shape, got)
		require.Equal(t, got, Fingerprint([]byte(tt.in)), "deterministic")
		if tt.want != "" {
			require.Equal(t, tt.want, got)
		}
	}
	require.NotEqual(t, Fingerprint([]byte("a")), Fingerprint([]byte("b")))
}

// Three words carry 24 bits: over a few thousand inputs a repeat is rare
// (birthday bound: 5000 inputs expect about 0.75 repeated prints).
func TestFingerprintSpread(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	seen := map[string]bool{}
	dups := 0
	const n = 5000
	buf := make([]byte, 16)
	for range n {
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		fp := Fingerprint(buf)
		if seen[fp] {
			dups++
		}
		seen[fp] = true
	}
	require.LessOrEqual(t, dups, 5)

	// One changed byte changes the print.
	code := []byte(Code{GameBlades, 3, 0, 1}.String())
	base := Fingerprint(code)
	changed := 0
	for i := range code {
		c := append([]byte(nil), code...)
		c[i] ^= 1
		if Fingerprint(c) != base {
			changed++
		}
	}
	require.Equal(t, len(code), changed)
	require.Equal(t, 3, len(strings.Split(base, "-")))
}

func BenchmarkFingerprint(b *testing.B) {
	data := []byte("24R2-NF5TF-A3H5W")
	for b.Loop() {
		_ = Fingerprint(data)
	}
}
