package cmd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScorpionTwoWayMapPatrols plays a user map (--map) whose patrol track
// runs both ways: patrols "may not reverse direction" (the rulebook's patrol
// phase), so the patrol from YA1 marches on through YA2 to YA3, never back,
// and a fork choice back the way it came is refused with one line.
func TestScorpionTwoWayMapPatrols(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	play := func(c string) string {
		t.Helper()
		code, out, errOut := run(append([]string{"companion", "scorpion"}, strings.Fields(c)...)...)
		require.Zero(t, code, "%s: %s", c, errOut)
		return out
	}
	play("new ways --guards 1 --private-seed 3 --map ../rules/scorpion/testdata/twoway.json")
	for _, c := range []string{
		"posts OL1 OL5 MO2 MO4 YA3 YA7 YA9 YA18 --as guard", "patrol YA1/YA2 --as guard",
		"patrol YA11/YA12 --as guard", "patrol YA16/YA17 --as guard", "random --as guard", "ready --as guard",
		"start OL3 --as ninja", "start YA8 --as traitor", "random --as ninja", "random --as traitor",
		"ready --as ninja", "ready --as traitor", "done --as guard",
	} {
		play(c)
	}
	require.Contains(t, play("moves march --as guard"), "YA1/YA20")
	require.Contains(t, play("march --as guard"), "a patrol marches to YA2 YA3\n")
	play("done --as ninja")
	play("done --as traitor")
	play("done --as guard")
	require.NotContains(t, play("moves march --as guard --json"), "YA3/YA2")
	code, out, errOut := run("companion", "scorpion", "march", "YA3/YA2", "--as", "guard")
	require.Equal(t, 1, code, out)
	require.Equal(t, "ninjakit: not allowed: patrols do not turn back: the patrol at YA3 came from YA2\n", errOut)
	require.Contains(t, play("march --as guard"), "a patrol marches to YA4 YA5\n")
}
