package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/generate"
	"github.com/spf13/cobra"
)

func newCompanionCmd(io *IOStreams) *cobra.Command { return newCompanionFor(io, nil) }

// newCompanionFor builds companion with the game path names (see reach),
// or with every game.
func newCompanionFor(io *IOStreams, path []string) *cobra.Command {
	c := &cobra.Command{
		Use:   "companion <game>",
		Short: "Moderate a game at the table: track it, check every move, keep secrets per player",
		Long: `Each companion game is a session kept on disk (under $NINJAKIT_HOME, or your
state directory), so every command is short and the game survives closing
the terminal. --session picks a session (default: the latest of that game);
--as says who is looking (a seat number or colour, or "table" for everyone),
and each role sees only what the rules let it see.`,
		Example: `  ninjakit companion blades new --players 3
  ninjakit companion blades status --as 2
  ninjakit companion knights new --players 4 --names ann,bob,cy,dee`,
	}
	for _, g := range companionGames {
		if len(path) < 2 || path[1] == g.name {
			want := ""
			if len(path) > 2 {
				want = path[2]
			}
			c.AddCommand(g.build(io, want))
		}
	}
	return gameGroup(c)
}

// sessionFlags are shared by every companion command.
type sessionFlags struct {
	Session string
	As      string
	JSON    bool
}

func (f *sessionFlags) add(c *cobra.Command, withAs bool) {
	c.Flags().StringVar(&f.Session, "session", "", "session name (default: the latest session of this game)")
	if withAs {
		c.Flags().StringVar(&f.As, "as", "table", "who looks: table, a seat number or its name/colour")
	}
}

// withStore runs fn with the session file open for writing and closes it
// right after, so other ninjakit processes only ever wait briefly for the
// lock. A file that failed its consistency check is not written to.
func withStore(fn func(st *companion.Store) error) error {
	return openStore(false, fn)
}

// withReader runs fn with the session file open read-only under a shared
// lock: readers never queue behind each other, and a missing file reads as
// one without sessions. If the file failed its consistency check, a read
// that worked still ends with a warning saying so.
func withReader(fn func(st *companion.Store) error) error {
	return openStore(true, fn)
}

func openStore(readOnly bool, fn func(st *companion.Store) error) error {
	path, err := companion.DefaultPath()
	if err != nil {
		return err
	}
	opts := []companion.Option{}
	if readOnly {
		opts = append(opts, companion.ReadOnly())
	}
	st, err := companion.Open(path, opts...)
	if err != nil {
		return err
	}
	defer st.Close()
	if fault := st.Fault(); fault != nil {
		if !readOnly {
			return fmt.Errorf("%w; see: ninjakit sessions check", fault)
		}
		if err := fn(st); err != nil {
			return fmt.Errorf("%w (and the session file fails its consistency check: see ninjakit sessions check)", err)
		}
		return warning{fmt.Errorf("%w; see: ninjakit sessions check", fault)}
	}
	return fn(st)
}

// withSession opens the store (read-only for a reader), finds the session
// (the named one, or the latest of the game) and runs fn.
func withSession(game, name string, readOnly bool, fn func(st *companion.Store, name string) error) error {
	return openStore(readOnly, func(st *companion.Store) error {
		if name == "" {
			var err error
			if name, err = st.Latest(game); err != nil {
				if errors.Is(err, companion.ErrNoSession) {
					return fmt.Errorf("no %s session yet: start one with ninjakit companion %s new", game, game)
				}
				return err
			}
		}
		return fn(st, name)
	})
}

// sessionSeed is the private seed of a new session: the one given (to
// replay a game exactly), or a random one.
func sessionSeed(text string) (uint64, error) {
	if text == "" {
		return companion.NewSeed(), nil
	}
	seed, err := generate.ParsePrivateSeed(text)
	if err != nil {
		return 0, usageError{err}
	}
	return seed, nil
}

// createSession stores a new session, named <game>-N unless it has a name.
func createSession(s *companion.Session) error {
	return withStore(func(st *companion.Store) error {
		if s.Name == "" {
			var err error
			if s.Name, err = freeName(st, s.Game); err != nil {
				return err
			}
		}
		return st.Create(*s)
	})
}

// sessionArg takes a new session's name from the command's one optional
// argument, which may not contradict --session.
func sessionArg(args []string, session *string) error {
	if len(args) == 1 {
		if *session != "" && *session != args[0] {
			return usagef("give the session name once: %q or --session %q", args[0], *session)
		}
		*session = args[0]
	}
	return nil
}

// startSession starts a game's table on opts and seed (a refusal is a
// usage error) and only then stores the new session, named name or
// <game>-N; it returns the name and the table.
func startSession[O, T any](name, game string, opts O, seed uint64, start func(O, uint64) (T, error)) (string, T, error) {
	var zero T
	raw, err := json.Marshal(opts)
	if err != nil {
		return "", zero, err
	}
	s := companion.Session{Name: name, Game: game, Options: raw, Seed: seed, Created: time.Now().UTC()}
	t, err := start(opts, seed)
	if err != nil {
		return "", zero, usageError{err}
	}
	if err := createSession(&s); err != nil {
		return "", zero, err
	}
	return s.Name, t, nil
}

// freeName picks "<game>-N" with the first N not taken.
func freeName(st *companion.Store, game string) (string, error) {
	list, err := st.List()
	if err != nil {
		return "", err
	}
	taken := map[string]bool{}
	for _, s := range list {
		taken[s.Name] = true
	}
	for n := 1; ; n++ {
		if name := fmt.Sprintf("%s-%d", game, n); !taken[name] {
			return name, nil
		}
	}
}

// roleReader is what every game's companion table offers: reading --as.
type roleReader[R any] interface {
	ParseRole(string) (R, error)
}

// viewTable runs a read-only command: load the session, rebuild its table
// and read the role.
func viewTable[T roleReader[R], R any](game string, f *sessionFlags, replay func(companion.Session) (T, error), fn func(T, R) error) error {
	return withSession(game, f.Session, true, func(st *companion.Store, name string) error {
		s, err := st.LoadLatest(name)
		if err != nil {
			return err
		}
		t, err := replay(s)
		if err != nil {
			return err
		}
		r, err := t.ParseRole(f.As)
		if err != nil {
			return usageError{err}
		}
		if err := fn(t, r); err != nil {
			return err
		}
		return snapshotWarning(s)
	})
}

// snapshotWarning is a warning when a load passed over a snapshot that did
// not match the log: the command worked from the events (ruling C-21).
func snapshotWarning(s companion.Session) error {
	if ign := s.Ignored(); len(ign) > 0 {
		return warning{fmt.Errorf("%w; see: ninjakit sessions check", ign[0])}
	}
	return nil
}

// actOnTable runs one checked, logged action in a single store transaction:
// rebuild the table, let act check the action against the engine and return
// its event, append it; then after reports on the new state.
//
// When the game has bot seats (botPlayers), the bots act afterwards, each
// told in a line of its own (or as JSON with --json), until the game waits
// for a person again.
func actOnTable[T roleReader[R], R any](io *IOStreams, game string, f *sessionFlags, replay func(companion.Session) (T, error), act func(T, R) (companion.Event, error), after func(T, R) error) error {
	var session string
	var table any
	err := withSession(game, f.Session, false, func(st *companion.Store, name string) error {
		session = name
		var t T
		var role R
		var loaded companion.Session
		_, err := st.Append(name, func(s companion.Session) ([]companion.Event, error) {
			loaded = s
			var err error
			if t, err = replay(s); err != nil {
				return nil, err
			}
			if role, err = t.ParseRole(f.As); err != nil {
				return nil, usageError{err}
			}
			e, err := act(t, role)
			if err != nil {
				return nil, err
			}
			return []companion.Event{e}, nil
		})
		if err != nil {
			return err
		}
		table = t
		if err := after(t, role); err != nil {
			return err
		}
		return snapshotWarning(loaded)
	})
	return afterBots(io, f.JSON, game, session, table, err)
}

// newUndoCmd takes back the last event of a game's session, unless the
// game's replay says it is an undo barrier, and says in table words what was
// taken back and who acts now, as the --as role may read it.
func newUndoCmd[T roleReader[R], R any](io *IOStreams, game, short string, replay func(companion.Session) (T, error), undone func(T, R, companion.Event) string) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "undo",
		Short:   short,
		Example: fmt.Sprintf("  ninjakit companion %s undo\n  ninjakit companion %s undo --session %s-2", game, game, game),
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return undoLast(io, game, f, replay, nil, undone)
		},
	}
	f.add(c, true)
	return c
}

// undoLast takes back the last event of the session, if may (when given)
// lets the --as role do so, and prints what undone says of it. A role reads
// the same from any state of a session (it rests on the options alone), so
// it is read once, before. The session is read once: the store's undo
// hands over the tables before and after it.
//
// With bot seats, the bots' actions since the last person's go with it
// (ruling C-23): a line each; a barrier among them stops the undo there,
// and the bots then act again as they did.
func undoLast[T roleReader[R], R any](io *IOStreams, game string, f *sessionFlags, replay func(companion.Session) (T, error), may func(T, R) error, undone func(T, R, companion.Event) string) error {
	var session string
	var table any
	// tableOf is the table the store built, or a replay of s.
	tableOf := func(s companion.Session, built any) (T, error) {
		if t, ok := built.(T); ok {
			return t, nil
		}
		return replay(s)
	}
	err := withSession(game, f.Session, false, func(st *companion.Store, name string) error {
		var loaded companion.Session
		var r R
		// Without bot seats no bot's action goes with the undo, and asking
		// would replay the session once more (as afterBots, F-9); with
		// them, the table after each step says first whether a bot may be
		// waiting, and only then does the bot's own answer decide.
		bg := botPlayers[game]
		seated := bg.next != nil
		var waits func(companion.Undone) (bool, error)
		if seated {
			waits = func(u companion.Undone) (bool, error) {
				if !seated || bg.pending != nil && u.Table != nil && !bg.pending(u.Table) {
					return false, nil
				}
				_, ok, err := bg.next(u.After)
				return ok, err
			}
		}
		check := func(s companion.Session, built any) error {
			loaded = s
			t, err := tableOf(s, built)
			if err != nil {
				return err
			}
			if r, err = t.ParseRole(f.As); err != nil {
				return usageError{err}
			}
			if may != nil {
				if err := may(t, r); err != nil {
					return err
				}
			}
			seated = seated && (bg.seated == nil || bg.seated(t))
			table = t
			return nil
		}
		err := st.UndoTables(name, verifiers[game], waits, check, func(u companion.Undone) error {
			t, err := tableOf(u.After, u.Table)
			if err != nil {
				return err
			}
			fmt.Fprintln(io.Out, undone(t, r, u.Event))
			table = t
			return nil
		})
		if err != nil {
			return err
		}
		session = name
		return snapshotWarning(loaded)
	})
	return afterBots(io, false, game, session, table, err)
}

// newLogCmd lists a session's actions as a role may read them.
func newLogCmd[T roleReader[R], R any](io *IOStreams, game string, replay func(companion.Session) (T, error), lines func(T, R) []companion.LogLine) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     "log",
		Short:   "List the actions so far",
		Example: fmt.Sprintf("  ninjakit companion %s log\n  ninjakit companion %s log --json", game, game),
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return viewTable(game, f, replay, func(t T, r R) error {
				ls := lines(t, r)
				if f.JSON {
					return writeJSON(io.Out, append([]companion.LogLine{}, ls...))
				}
				for _, l := range ls {
					fmt.Fprintln(io.Out, l)
				}
				return nil
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

// newStatusCmd prints a session's status as a role may read it, in the
// game's own words or as JSON.
func newStatusCmd[T roleReader[R], R any, S interface{ Text() string }](io *IOStreams, game, use, short, example string, replay func(companion.Session) (T, error), status func(T, R) S) *cobra.Command {
	f := &sessionFlags{}
	c := &cobra.Command{
		Use:     use,
		Short:   short,
		Example: example,
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return viewTable(game, f, replay, func(t T, r R) error {
				st := status(t, r)
				if f.JSON {
					return writeJSON(io.Out, st)
				}
				fmt.Fprint(io.Out, st.Text())
				return nil
			})
		},
	}
	f.add(c, true)
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

// toldResult is what an action prints with --json: what it told the --as
// role and the status after it.
type toldResult[S any] struct {
	Told   []string `json:"told"`
	Status S        `json:"status"`
}

// tellAction reports an action just logged as the --as role may read it:
// what it told, then the status, in words or as JSON.
func tellAction[T, R any, S interface{ Text() string }](io *IOStreams, f *sessionFlags, last func(T, R) []string, status func(T, R) S) func(T, R) error {
	return func(t T, r R) error {
		res := toldResult[S]{Told: last(t, r), Status: status(t, r)}
		if f.JSON {
			return writeJSON(io.Out, res)
		}
		for _, l := range res.Told {
			fmt.Fprintln(io.Out, l)
		}
		fmt.Fprint(io.Out, res.Status.Text())
		return nil
	}
}
