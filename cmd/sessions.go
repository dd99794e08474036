package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/spf13/cobra"
)

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// replayers rebuild a session through its game's engine: import uses them to
// refuse a log that does not replay.
var replayers = map[string]func(companion.Session) error{
	cb.Game: func(s companion.Session) error { _, err := cb.Replay(s); return err },
	ck.Game: func(s companion.Session) error { _, err := ck.Replay(s); return err },
}

func loadSession(name string) (s companion.Session, err error) {
	err = withStore(func(st *companion.Store) error {
		s, err = st.Load(name)
		return err
	})
	return s, err
}

func newSessionsCmd(io *IOStreams) *cobra.Command {
	c := &cobra.Command{
		Use:   "sessions",
		Short: "List, show, export, import and delete companion sessions",
	}
	var asJSON bool
	list := &cobra.Command{
		Use:   "list",
		Short: "List sessions",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			var all []companion.Summary
			err := withStore(func(st *companion.Store) (err error) {
				all, err = st.List()
				return err
			})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(io.Out, all)
			}
			if len(all) == 0 {
				fmt.Fprintln(io.Out, "No sessions yet.")
			}
			for _, s := range all {
				fmt.Fprintf(io.Out, "%-20s %-9s %3d events  changed %s\n", s.Name, s.Game, s.Events, s.Changed.Local().Format("2006-01-02 15:04"))
			}
			return nil
		},
	}
	list.Flags().BoolVar(&asJSON, "json", false, "print as JSON")

	show := &cobra.Command{
		Use:   "show NAME",
		Short: "Show a session's game, options and size",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			s, err := loadSession(args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(io.Out, "Session %s: %s, created %s, %d events\nOptions: %s\n", s.Name, s.Game, s.Created.Local().Format("2006-01-02 15:04"), len(s.Events), s.Options)
			return nil
		},
	}

	var out string
	export := &cobra.Command{
		Use:   "export NAME [-o FILE]",
		Short: "Write a session as JSON (it holds the private seed: it reveals hidden cards)",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			s, err := loadSession(args[0])
			if err != nil {
				return err
			}
			b, err := companion.Export(s)
			if err != nil {
				return err
			}
			if out == "" || out == "-" {
				_, err = io.Out.Write(b)
				return err
			}
			return os.WriteFile(out, b, 0o600)
		},
	}
	export.Flags().StringVarP(&out, "output", "o", "", "write to this file instead of standard output")

	var replace bool
	imp := &cobra.Command{
		Use:   "import FILE",
		Short: "Restore an exported session; refuses a damaged or foreign file",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			raw, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			s, err := companion.ParseExport(raw)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			check, ok := replayers[s.Game]
			if !ok {
				return fmt.Errorf("%s: game %q is not one ninjakit's companion plays", args[0], s.Game)
			}
			if err := check(s); err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if err := withStore(func(st *companion.Store) error { return st.Import(s, replace) }); err != nil {
				return err
			}
			fmt.Fprintf(io.Out, "Imported session %s (%s, %d events).\n", s.Name, s.Game, len(s.Events))
			return nil
		},
	}
	imp.Flags().BoolVar(&replace, "replace", false, "overwrite a session of the same name")

	del := &cobra.Command{
		Use:   "delete NAME",
		Short: "Delete a session",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if err := withStore(func(st *companion.Store) error { return st.Delete(args[0]) }); err != nil {
				return err
			}
			fmt.Fprintf(io.Out, "Deleted session %s.\n", args[0])
			return nil
		},
	}
	c.AddCommand(list, show, export, imp, del)
	return gameGroup(c)
}
