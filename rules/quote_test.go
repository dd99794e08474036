package rules

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestQuoteCutsLongInput(t *testing.T) {
	require.Equal(t, `"bomb"`, Quote("bomb"))
	long := strings.Repeat("x", 39) + "ü" + "tail that is never shown"
	require.Equal(t, `"`+strings.Repeat("x", 39)+`ü..."`, Quote(long))
	require.Equal(t, `"\x1b[31m"`, Quote("\x1b[31m"))
}

func TestClipQuotesCutsEveryQuotedInput(t *testing.T) {
	long := strings.Repeat("ab", 100)
	msg := `name "ann" is fine; "` + long + `" is not a card; ` + strings.Repeat("c", 60)
	got := ClipQuotes(msg)
	require.Equal(t, `name "ann" is fine; "`+long[:40]+`..." is not a card; `+strings.Repeat("c", 60), got)
	require.Equal(t, `say "a\"b"`, ClipQuotes(`say "a\"b"`))
}
