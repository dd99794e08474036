package cmd

import (
	"fmt"
	"runtime/debug"

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

// String is the one line `ninjakit --version` prints.
func (v buildVersion) String() string {
	s := "ninjakit " + v.Version + ", revision " + v.Revision
	if v.Time != "" {
		s += " (" + v.Time + ")"
	}
	if v.Modified {
		s += " with uncommitted changes"
	}
	if v.Go != "" {
		s += ", built with " + v.Go
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
