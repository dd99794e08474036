package generate

import (
	"crypto/sha256"
	"strings"
)

// Fingerprint names data with three words, e.g. "hill-lagoon-ash", so
// players can check aloud that they hold the same setup. Three words cover
// 24 bits of sha256(data): enough to catch a mismatch at one table, not a
// security check.
func Fingerprint(data []byte) string {
	sum := sha256.Sum256(data)
	return strings.Join([]string{words[sum[0]], words[sum[1]], words[sum[2]]}, "-")
}
