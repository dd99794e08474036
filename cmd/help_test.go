package cmd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWrapLines(t *testing.T) {
	long := strings.Repeat("word ", 20) + "end"
	got := wrapLines(4, "short line\n"+long)
	lines := strings.Split(got, "\n")
	require.Equal(t, "short line", lines[0])
	for _, l := range lines {
		require.LessOrEqual(t, len(l), helpWidth, "%q", l)
	}
	require.True(t, strings.HasPrefix(lines[2], "    word"), "continuations are indented: %q", lines[2])
	require.Equal(t, strings.Fields(long), strings.Fields(strings.Join(lines[1:], " ")), "no word lost")
	unbreakable := strings.Repeat("x", 90)
	require.Equal(t, unbreakable, wrapLines(0, unbreakable), "a line with no space stays whole")
}
