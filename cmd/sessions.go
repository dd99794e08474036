package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	cbl "github.com/ninjakit/ninjakit/companion/blind"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/spf13/cobra"
)

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// verifiers replay a session through its game's engine and say which events
// are undo barriers: import, export and undo trust them, never a stored flag.
var verifiers = map[string]companion.Verifier{
	cb.Game:  cb.Verify,
	ck.Game:  ck.Verify,
	cs.Game:  cs.Verify,
	cbl.Game: cbl.Verify,
	sc.Game:  sc.Verify,
}

// verified replays s, taken-back events included, and returns it with every
// barrier flag set by the engine; a log the engine refuses is SessionDamage
// naming the salvage.
func verified(s companion.Session) (companion.Session, error) {
	verify, ok := verifiers[s.Game]
	if !ok {
		return s, fmt.Errorf("session %q: game %q is not one ninjakit's companion plays", s.Name, s.Game)
	}
	verdicts, err := verify(s)
	if re := (*companion.ReplayError)(nil); errors.As(err, &re) {
		d := &companion.SessionDamage{Name: s.Name, Good: re.Seq - 1, Taken: re.Taken, Cause: re.Err}
		switch {
		case re.Taken > 0:
			d.Good = len(s.Events)
		case re.Seq == 0:
			d.Good = -1
		}
		return s, d
	}
	if err != nil {
		return s, err
	}
	s.Events = append([]companion.Event(nil), s.Events...)
	for i := range s.Events {
		s.Events[i].Barrier = verdicts[i].Barrier != ""
	}
	return s, nil
}

// salvaged returns the longest prefix of a session's log that both decodes
// and replays, with barrier flags set by the engine, and what cut it short
// (ruling C-7).
func salvaged(st *companion.Store, name string) (companion.Session, error, error) {
	s, damage, err := st.Salvage(name)
	if err != nil {
		return s, nil, err
	}
	for {
		v, err := verified(s)
		var sd *companion.SessionDamage
		switch {
		case err == nil:
			return v, damage, nil
		case errors.As(err, &sd) && sd.Taken > 0:
			s.Retracted, damage = s.Retracted[:sd.Taken-1], err
		case errors.As(err, &sd) && sd.Good >= 0:
			s.Events, damage = s.Events[:sd.Good], err
		default:
			return s, nil, err
		}
	}
}

// openImport opens an export file for reading without ever blocking: a FIFO
// or a device is refused before anything is read from it. "-" is standard
// input, read through the same size limit as a file.
func openImport(path string, stdin io.Reader) (io.ReadCloser, error) {
	if path == "-" {
		return io.NopCloser(stdin), nil
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file (give - to read standard input)", path)
	}
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	return f, nil
}

// readImport reads and checks an export exactly as `new` and the engine
// would have made it: bounded, strict, replayed with its taken-back events,
// with barrier flags that match the replay's, as the file's version wrote
// them (rulings C-5, C-6, C-13). It returns the session with today's flags.
func readImport(r io.Reader) (companion.Session, error) {
	s, version, err := companion.ReadExport(r)
	if err != nil {
		return s, err
	}
	verify, ok := verifiers[s.Game]
	if !ok {
		return s, fmt.Errorf("game %q is not one ninjakit's companion plays", s.Game)
	}
	verdicts, err := verify(s)
	if err != nil {
		return s, fmt.Errorf("the %s rules refuse it: %w", s.Game, err)
	}
	for i := range s.Events {
		e, want := &s.Events[i], verdicts[i].Barrier != ""
		if version == 1 {
			want = verdicts[i].V1
		}
		if e.Barrier != want {
			return s, fmt.Errorf("event %d is marked barrier=%t but the rules say %t: the file was edited", e.Seq, e.Barrier, want)
		}
		e.Barrier = verdicts[i].Barrier != ""
	}
	return s, nil
}

// publicOptions describes a session's options as anyone at the table may
// read them: no position string (it holds the hands), no seeds (ruling C-9).
func publicOptions(s companion.Session) string {
	switch s.Game {
	case cb.Game:
		var o cb.Options
		if companion.DecodeStrict(s.Options, &o) != nil {
			return "unreadable"
		}
		if o.Position != "" {
			return fmt.Sprintf("%d players, cards %s, started from a position (not shown: it holds the hands)", o.Players, o.Cards)
		}
		return fmt.Sprintf("%d players, cards %s", o.Players, o.Cards)
	case ck.Game:
		var o ck.Options
		if companion.DecodeStrict(s.Options, &o) != nil {
			return "unreadable"
		}
		desc := fmt.Sprintf("%d players (%s), %s deck", o.Players, strings.Join(o.Names, ", "), o.Mode)
		if o.Position != "" {
			return desc + ", started from a position (not shown: it holds the hands)"
		}
		if o.First >= 0 && o.First < len(o.Names) {
			desc += ", " + o.Names[o.First] + " first"
		}
		return desc
	case cs.Game:
		var o cs.Options
		if companion.DecodeStrict(s.Options, &o) != nil {
			return "unreadable"
		}
		return fmt.Sprintf("%d players (%s), %s, %s piles", o.Players, strings.Join(o.Names, ", "), o.Mode, o.Decks)
	case cbl.Game:
		var o cbl.Options
		if companion.DecodeStrict(s.Options, &o) != nil || o.First < 0 || o.First >= len(o.Names) {
			return "unreadable"
		}
		desc := fmt.Sprintf("%d players (%s), %s first", o.Players, strings.Join(o.Names, ", "), o.Names[o.First])
		if o.Turns > 0 {
			desc += fmt.Sprintf(", %d-round limit", o.Turns)
		}
		if o.Position != "" {
			desc += ", started from a position (not shown: it holds every grid)"
		}
		return desc
	case sc.Game:
		var o sc.Options
		if companion.DecodeStrict(s.Options, &o) != nil {
			return "unreadable"
		}
		board := "built-in map"
		if len(o.Map) > 0 {
			board = "own map"
		}
		return fmt.Sprintf("%d guard player(s), %s", o.Guards, board)
	}
	return "unknown game"
}

// eventCount is a session's size as everyone may read it. A Scorpion Clan
// log grows by every hidden step of the intruders, so its size (and the
// time it last changed) would count their noise for the guards: it is
// not shown (ruling C-19).
func eventCount(game string, n int) string {
	if game == sc.Game {
		return "size hidden"
	}
	return fmt.Sprintf("%3d events", n)
}

// listEntry is one line of sessions list: the summary and where the game
// stands.
type listEntry struct {
	companion.Summary
	Phase string `json:"phase"`
}

func newSessionsCmd(io *IOStreams) *cobra.Command {
	c := &cobra.Command{
		Use:   "sessions",
		Short: "List, show, export, import, check and delete companion sessions",
		Example: `  ninjakit sessions list
  ninjakit sessions export blades-1 -o game.json
  ninjakit sessions import game.json`,
	}
	var asJSON bool
	list := &cobra.Command{
		Use:     "list",
		Short:   "List sessions",
		Example: "  ninjakit sessions list\n  ninjakit sessions list --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return withReader(func(st *companion.Store) error {
				all, err := st.List()
				if err != nil {
					return err
				}
				entries := make([]listEntry, len(all))
				for i, sum := range all {
					if sum.Game == sc.Game {
						sum.Events, sum.Changed = 0, sum.Created
					}
					entries[i] = listEntry{Summary: sum, Phase: "damaged"}
					if s, err := st.LoadLatest(sum.Name); err == nil {
						entries[i].Phase = phaseOf(s)
					}
				}
				if asJSON {
					return writeJSON(io.Out, entries)
				}
				if len(all) == 0 {
					fmt.Fprintln(io.Out, "No sessions yet.")
				}
				for _, e := range entries {
					fmt.Fprintf(io.Out, "%-20s %-9s %10s  changed %s  %s\n", e.Name, e.Game, eventCount(e.Game, e.Events), e.Changed.Local().Format("2006-01-02 15:04"), e.Phase)
				}
				return nil
			})
		},
	}
	list.Flags().BoolVar(&asJSON, "json", false, "print as JSON")

	show := &cobra.Command{
		Use:               "show NAME",
		Short:             "Show a session's game, public options and size",
		Example:           "  ninjakit sessions show blades-1",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeSessionArg,
		RunE: func(_ *cobra.Command, args []string) error {
			return withReader(func(st *companion.Store) error {
				s, err := st.Load(args[0])
				if err != nil {
					return err
				}
				taken := ""
				if n := len(s.Retracted); n > 0 {
					taken = fmt.Sprintf(" (and %d taken back)", n)
				}
				if s.Game == sc.Game {
					taken = ""
				}
				fmt.Fprintf(io.Out, "Session %s: %s, created %s, %s%s\nOptions: %s\n", s.Name, s.Game, s.Created.Local().Format("2006-01-02 15:04"), eventCount(s.Game, len(s.Events)), taken, publicOptions(s))
				return nil
			})
		},
	}

	var out string
	var salvage bool
	export := &cobra.Command{
		Use:   "export NAME [-o FILE]",
		Short: "Write a session as JSON (it holds the private seed: it reveals hidden cards)",
		Example: `  ninjakit sessions export blades-1 -o game.json
  ninjakit sessions export blades-1 --salvage -o good.json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeSessionArg,
		RunE: func(_ *cobra.Command, args []string) error {
			var s companion.Session
			var damage error
			err := withReader(func(st *companion.Store) (err error) {
				if salvage {
					s, damage, err = salvaged(st, args[0])
					return err
				}
				if s, err = st.Load(args[0]); err != nil {
					return err
				}
				s, err = verified(s)
				return err
			})
			var w warning
			if err != nil && !errors.As(err, &w) {
				return err
			}
			b, xerr := companion.Export(s)
			if xerr != nil {
				return xerr
			}
			dest := "standard output"
			if out == "" || out == "-" {
				if _, xerr := io.Out.Write(b); xerr != nil {
					return xerr
				}
			} else {
				if xerr := writeOutput(io.Out, out, privateOutput, b); xerr != nil {
					return xerr
				}
				dest = out
			}
			fmt.Fprintf(io.ErrOut, "ninjakit: %s holds session %s's private seed, which reveals every hidden card: keep it private\n", dest, s.Name)
			if salvage {
				file := out
				if file == "" || file == "-" {
					file = "FILE"
				}
				if damage != nil {
					fmt.Fprintf(io.ErrOut, "ninjakit: salvaged the %d good events of session %s; to put them back in place: ninjakit sessions import %s --replace\n", len(s.Events), s.Name, file)
				} else {
					fmt.Fprintf(io.ErrOut, "ninjakit: session %s was not damaged: all %d events exported\n", s.Name, len(s.Events))
				}
			}
			return err
		},
	}
	export.Flags().StringVarP(&out, "output", "o", "", "write to this file (mode 0600) instead of standard output")
	export.Flags().BoolVar(&salvage, "salvage", false, "export the longest run of events from the start that still loads and replays")

	var replace bool
	var rename string
	imp := &cobra.Command{
		Use:               "import FILE",
		Short:             "Restore an exported session (- reads standard input); refuses a damaged, edited or foreign file",
		Example:           "  ninjakit sessions import game.json\n  ninjakit sessions import good.json --replace\n  ninjakit sessions import game.json --name rematch\n  ninjakit sessions import -",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeImportArg,
		RunE: func(c *cobra.Command, args []string) error {
			if c.Flags().Changed("name") {
				if err := companion.ValidName(rename); err != nil {
					return usagef("--name: %v", err)
				}
			}
			f, err := openImport(args[0], io.In)
			if err != nil {
				return err
			}
			s, err := readImport(f)
			_ = f.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if rename != "" {
				s.Name = rename
			}
			if err := withStore(func(st *companion.Store) error { return st.Import(s, replace) }); err != nil {
				return err
			}
			fmt.Fprintf(io.Out, "Imported session %s (%s, %d events).\n", s.Name, s.Game, len(s.Events))
			return nil
		},
	}
	imp.Flags().BoolVar(&replace, "replace", false, "overwrite a session of the same name")
	imp.Flags().StringVar(&rename, "name", "", "import under this name instead of the file's")

	del := &cobra.Command{
		Use:               "delete NAME",
		Short:             "Delete a session",
		Example:           "  ninjakit sessions delete blades-1",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeSessionArg,
		RunE: func(_ *cobra.Command, args []string) error {
			if err := withStore(func(st *companion.Store) error { return st.Delete(args[0]) }); err != nil {
				return err
			}
			fmt.Fprintf(io.Out, "Deleted session %s.\n", args[0])
			return nil
		},
	}
	c.AddCommand(list, show, export, imp, newCheckCmd(io), del)
	return gameGroup(c)
}

// newCheckCmd runs bbolt's consistency check over the session file and
// replays every session, and says how to salvage what it finds.
func newCheckCmd(io *IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:     "check",
		Short:   "Check the session file and every session in it; say how to salvage damage",
		Example: "  ninjakit sessions check",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			path, err := companion.DefaultPath()
			if err != nil {
				return err
			}
			st, err := companion.Open(path, companion.ReadOnly())
			if err != nil {
				return err
			}
			defer st.Close()
			fault := st.Fault()
			if fault == nil {
				fmt.Fprintf(io.Out, "Session file %s passes bbolt's consistency check, and both its meta pages are sound.\n", path)
			} else {
				fmt.Fprintf(io.Out, "Session file %s FAILS its check: %s\n", path, printable(fault.Error()))
			}
			names, err := st.Names()
			if err != nil {
				return err
			}
			var loads []string
			bad, badSnaps := 0, 0
			for _, name := range names {
				s, err := st.Load(name)
				if err == nil {
					_, err = verified(s)
				}
				if err != nil {
					bad++
					fmt.Fprintf(io.Out, "  %-20s %s\n", name, printable(err.Error()))
					continue
				}
				loads = append(loads, name)
				mismatches, err := st.CheckSnapshots(name)
				if err != nil {
					return err
				}
				seqs, err := st.Snapshots(name)
				if err != nil {
					return err
				}
				fmt.Fprintf(io.Out, "  %-20s %s, %s: loads and replays%s\n", name, s.Game, eventCount(s.Game, len(s.Events)), snapshotsMatch(len(seqs), len(mismatches)))
				for _, m := range mismatches {
					fmt.Fprintf(io.Out, "  %-20s the snapshot after event %d does not match (%s): commands ignore it and replay the events\n", "", m.Seq, printable(m.Why))
				}
				badSnaps += len(mismatches)
			}
			if fault != nil {
				fmt.Fprintln(io.Out, "To salvage: export each session that loads, move the file away, and import them into a new one:")
				for _, name := range loads {
					fmt.Fprintf(io.Out, "  ninjakit sessions export %s -o %s.json\n", name, name)
				}
				fmt.Fprintf(io.Out, "  mv %s %s.damaged\n", path, path)
				for _, name := range loads {
					fmt.Fprintf(io.Out, "  ninjakit sessions import %s.json\n", name)
				}
				return fmt.Errorf("session file %s fails its consistency check: follow the steps above to salvage it", path)
			}
			if bad > 0 {
				return fmt.Errorf("%d of %d sessions are damaged: see above", bad, len(names))
			}
			if badSnaps > 0 {
				return fmt.Errorf("%d snapshots do not match their sessions' events: see above; to build a session's snapshots anew, export it and import the file with --replace", badSnaps)
			}
			return nil
		},
	}
}

// snapshotsMatch says how many of a session's snapshots match its replay.
func snapshotsMatch(all, bad int) string {
	switch {
	case all == 0:
		return ""
	case bad == 0:
		return fmt.Sprintf("; its %d snapshot(s) match", all)
	}
	return fmt.Sprintf("; %d of its %d snapshot(s) do not match", bad, all)
}
