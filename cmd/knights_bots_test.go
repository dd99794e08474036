package cmd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKnightsBotTwins: two sessions that differ only in what the bot seats
// (bob and dee) may not know, cy's hand and so the order of the draw pile
// below its top cards, played with the same commands, print the same bot
// lines step by step (ruling K43): a bot decides from its own seat's view.
func TestKnightsBotTwins(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	const pos = "players=4 mode=digital turn=1 phase=main gems=8,4,4,4 hands=KS/PP/HS/PR"
	twins := map[string]string{"a": pos, "b": strings.Replace(pos, "/HS/", "/HP/", 1)}
	for name, p := range twins {
		code, _, errOut := run("companion", "knights", "new", "--session", name, "--names", "ann,bob,cy,dee",
			"--bot", "bob", "--bot", "dee=easy", "--private-seed", "3", "--position", p)
		require.Zero(t, code, errOut)
	}
	botLines := func(out string) []string {
		var said []string
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "(bot) ") && !strings.HasPrefix(l, "  ") {
				said = append(said, l)
			}
		}
		return said
	}
	compared := 0
	for _, step := range []string{"play knight --at bob", "decline --by cy", "pass --by ann", "steal --by cy", "decline --by ann"} {
		var outs []string
		for _, name := range []string{"a", "b"} {
			code, out, errOut := run(append(append([]string{"companion", "knights"}, strings.Fields(step)...), "--session", name)...)
			require.Zero(t, code, "%s in %s: %s", step, name, errOut)
			outs = append(outs, out)
		}
		a, b := botLines(outs[0]), botLines(outs[1])
		require.Equal(t, a, b, "after %q the twins' bots differ", step)
		compared += len(a)
	}
	require.GreaterOrEqual(t, compared, 5)
}
