package cmd

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// buildVersion is what the Go toolchain stamped into the binary: a module
// version (a tag, or a pseudo-version made from the commit) and the commit
// the build came from.
type buildVersion struct {
	Version  string `json:"version"`
	Revision string `json:"revision"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
}

// readVersion reads the build information. `go run` and `go test` stamp
// neither a version nor a revision, so those read as "devel" and "unknown"
// rather than as Go's placeholder "(devel)" or an empty string.
func readVersion(info *debug.BuildInfo, ok bool) buildVersion {
	v := buildVersion{Version: "devel", Revision: "unknown"}
	if !ok || info == nil {
		return v
	}
	v.Go = info.GoVersion
	if m := info.Main.Version; m != "" && m != "(devel)" {
		v.Version = m
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			if s.Value != "" {
				v.Revision = s.Value
			}
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// currentVersion is this binary's version.
func currentVersion() buildVersion { return readVersion(debug.ReadBuildInfo()) }

// String is what `ninjakit --version` prints: the version, then where it
// came from, on two lines that fit 80 columns (the JSON keeps the full
// revision).
func (v buildVersion) String() string {
	rev := v.Revision
	if len(rev) > 12 {
		rev = rev[:12]
	}
	var notes []string
	if v.Time != "" {
		notes = append(notes, v.Time)
	}
	if v.Modified {
		notes = append(notes, "uncommitted changes")
	}
	s := "ninjakit " + v.Version + "\nrevision " + rev
	if len(notes) > 0 {
		s += " (" + strings.Join(notes, ", ") + ")"
	}
	if v.Go != "" {
		s += ", " + v.Go
	}
	return s
}

// setVersion gives the root its --version flag and adds `ninjakit version`,
// which prints the same line (or JSON).
func setVersion(root *cobra.Command, io *IOStreams) {
	v := currentVersion()
	root.Version = v.Version
	root.SetVersionTemplate(v.String() + "\n")
	var asJSON bool
	c := &cobra.Command{
		Use:     "version",
		Short:   "Print the version and the commit ninjakit was built from",
		Example: "  ninjakit version\n  ninjakit version --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			if asJSON {
				return writeJSON(io.Out, v)
			}
			_, err := fmt.Fprintln(io.Out, v)
			return err
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print as JSON")
	root.AddCommand(c)
}
