package cmd

import (
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestReadVersion(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	for _, tc := range []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no build info", nil, false, "ninjakit devel\nrevision unknown"},
		{"go run", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}},
			true, "ninjakit devel\nrevision unknown, go1.26.0"},
		{"go build in a clean checkout", &debug.BuildInfo{GoVersion: "go1.26.0",
			Main:     debug.Module{Version: "v0.0.0-20261122041000-b085848a1b2c"},
			Settings: settings("vcs", "git", "vcs.revision", "b085848a1b2c0d0e0f1011121314151617181920", "vcs.time", "2026-11-22T04:10:00Z", "vcs.modified", "false")},
			true, "ninjakit v0.0.0-20261122041000-b085848a1b2c\nrevision b085848a1b2c (2026-11-22T04:10:00Z), go1.26.0"},
		{"go build with local changes", &debug.BuildInfo{GoVersion: "go1.26.0",
			Main:     debug.Module{Version: "v0.0.0-20261122041000-b085848a1b2c+dirty"},
			Settings: settings("vcs.revision", "b085848a1b2c0d0e0f1011121314151617181920", "vcs.modified", "true")},
			true, "ninjakit v0.0.0-20261122041000-b085848a1b2c+dirty\nrevision b085848a1b2c (uncommitted changes), go1.26.0"},
		{"go install of a tag", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}},
			true, "ninjakit v1.2.0\nrevision unknown, go1.26.0"},
		{"empty revision", &debug.BuildInfo{Main: debug.Module{Version: ""}, Settings: settings("vcs.revision", "")},
			true, "ninjakit devel\nrevision unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readVersion(tc.info, tc.ok).String()
			require.Equal(t, tc.want, got)
			for _, line := range strings.Split(got, "\n") {
				require.LessOrEqual(t, len(line), 80, line)
			}
		})
	}
}

// --version, -v and the version command print the same line, the one the
// build info gives; --json holds the same facts.
func TestVersionCommands(t *testing.T) {
	want := currentVersion().String() + "\n"
	for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}} {
		code, stdout, stderr := ninjakit(t, "", args...)
		require.Equal(t, 0, code, stderr)
		require.Equal(t, want, stdout, args)
	}
	code, stdout, _ := ninjakit(t, "", "version", "--json")
	require.Equal(t, 0, code)
	var v buildVersion
	require.NoError(t, json.Unmarshal([]byte(stdout), &v))
	require.Equal(t, currentVersion(), v)
	code, _, stderr := ninjakit(t, "", "version", "extra")
	require.Equal(t, ExitUsage, code)
	require.Equal(t, "ninjakit: unexpected argument \"extra\"\n", stderr)
}
