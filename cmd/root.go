// Package cmd is ninjakit's command tree. Each command fills an options
// struct from its flags and hands it to a run function that writes to the
// streams it is given, so tests run commands in-process.
package cmd

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// IOStreams are where a command reads and writes.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
}

// Exit codes: 1 for an action that failed, 2 for a command line that does
// not make sense.
const (
	ExitFailed = 1
	ExitUsage  = 2
)

// warning is an error that does not fail the command: it is printed as one
// line and the exit status stays 0.
type warning struct{ err error }

func (w warning) Error() string { return w.err.Error() }
func (w warning) Unwrap() error { return w.err }

// usageError marks mistakes in the command line itself.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// branch is a command below the root or below companion, built only when
// the command line may reach it.
type branch struct {
	name  string
	build func(*IOStreams) *cobra.Command
}

// game is a game below companion; build makes its command with the
// commands below it that want needs (see addSubs).
type game struct {
	name  string
	build func(io *IOStreams, want string) *cobra.Command
}

// sub is a command below a game: its names (with aliases) and how to
// build it.
type sub struct {
	names []string
	build func() *cobra.Command
}

// addSubs adds subs to c: only the one want names when it names one (a
// command line costs its process the commands it builds: Scorpion Clan's
// 45 took 0.3 ms), else every one, so that help, a typo's suggestion, a
// refusal of an unknown word and an implied move read as on the whole tree.
func addSubs(c *cobra.Command, want string, subs []sub) {
	for _, s := range subs {
		if slices.Contains(s.names, want) {
			c.AddCommand(s.build())
			return
		}
	}
	for _, s := range subs {
		c.AddCommand(s.build())
	}
}

// topCommands are the root's commands, companionGames the games below
// companion: a command line that names one of them builds it alone.
var (
	topCommands = []branch{
		{"generate", newGenerateCmd}, {"setup", newSetupCmd}, {"companion", newCompanionCmd},
		{"sessions", newSessionsCmd}, {"serve", newServeCmd},
		{"simulate", func(io *IOStreams) *cobra.Command { return newSimulateCmd(io, runSimulate) }},
	}
	companionGames = []game{
		{"blades", newCompanionBladesCmd}, {"knights", newCompanionKnightsCmd}, {"squad", newCompanionSquadCmd},
		{"blind", newCompanionBlindCmd}, {"scorpion", newCompanionScorpionCmd},
	}
)

// NewRootCmd builds the whole command tree.
func NewRootCmd(io *IOStreams) *cobra.Command { return newRoot(io, nil) }

// reach is the part of the tree a command line needs: the names of the
// command below the root, of the game below companion and of the word
// after the game that it runs, nil for the whole tree. A command costs its
// process as much as the tree it builds, so `ninjakit companion blind
// status` builds one game's status command and `ninjakit --version` none.
// Whatever else the line may be (help, completion, an alias, a typo to
// suggest a name for) gets the whole tree, and a word after the game that
// names no command of it gets all of that game's (addSubs).
func reach(args []string) []string {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-v") {
		return []string{}
	}
	if len(args) == 0 || !slices.ContainsFunc(topCommands, func(b branch) bool { return b.name == args[0] }) {
		return nil
	}
	if args[0] == "companion" && len(args) > 1 && slices.ContainsFunc(companionGames, func(g game) bool { return g.name == args[1] }) {
		if len(args) > 2 && !strings.HasPrefix(args[2], "-") {
			return args[:3]
		}
		return args[:2]
	}
	return args[:1]
}

// newRoot builds the tree along path (see reach).
func newRoot(io *IOStreams, path []string) *cobra.Command {
	root := &cobra.Command{
		Use:   "ninjakit",
		Short: "Print and moderate ninja board and card games played on a real table",
		Example: `  ninjakit generate blades --players 3 -o setup.pdf
  ninjakit companion knights new --players 3 --names ann,bob,cy
  ninjakit sessions list
  ninjakit --version`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(io.Out)
	root.SetErr(io.ErrOut)
	root.SetIn(io.In)
	useHelpTemplates(root)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		if r := (flagRefusal{}); errors.As(err, &r) {
			return usageError{r}
		}
		return usageError{errors.New(numberSyntax().ReplaceAllString(err.Error(), "not a whole number"))}
	})
	root.PersistentPreRunE = noEmptyArgs
	for _, b := range topCommands {
		if path == nil || len(path) > 0 && path[0] == b.name {
			if b.name == "companion" {
				root.AddCommand(newCompanionFor(io, path))
			} else {
				root.AddCommand(b.build(io))
			}
		}
	}
	if len(path) == 0 {
		// Only the root has --version, and version is no branch of
		// reach's: a line down a branch never reads the build's version.
		setVersion(root, io)
	}
	if path == nil {
		setCompletion(root)
	} else {
		// A line that reach leads down one branch names a command of
		// ours first, never help or completion: building cobra's
		// completion command and its four shells would be work for
		// nothing.
		root.CompletionOptions.DisableDefaultCmd = true
	}
	guardFlags(root)
	return root
}

// noEmptyArgs refuses an argument that is empty or only spaces: no command
// takes one, and taking it as "nothing" would act on a typo.
func noEmptyArgs(c *cobra.Command, args []string) error {
	if c.Name() == cobra.ShellCompRequestCmd || c.Name() == cobra.ShellCompNoDescRequestCmd {
		return nil
	}
	for i, a := range args {
		if strings.TrimSpace(a) == "" {
			return usagef("argument %d is empty: give a value or leave it out", i+1)
		}
	}
	return nil
}

// flagRefusal is a flag value refused before the flag's own parser sees it.
type flagRefusal struct{ err error }

func (r flagRefusal) Error() string { return r.err.Error() }

// onceValue wraps a flag's value to refuse what pflag lets through: an
// empty text flag, and a flag given twice with different values (only the
// last would count, silently).
type onceValue struct {
	pflag.Value
	name  string
	given bool
	first string
}

func (v *onceValue) Set(s string) error {
	switch {
	case v.Type() == "string" && strings.TrimSpace(s) == "":
		return flagRefusal{fmt.Errorf("--%s is empty: give a value or leave the flag out", v.name)}
	case v.given && s != v.first:
		return flagRefusal{fmt.Errorf("--%s is given twice, as %s and as %s: give it once", v.name, rules.Quote(v.first), rules.Quote(s))}
	}
	v.given, v.first = true, s
	return v.Value.Set(s)
}

// listValue wraps a flag that collects a list (--only, --names): it may be
// given again, but never empty.
type listValue struct {
	pflag.SliceValue
	pflag.Value
	name string
}

func (v *listValue) Set(s string) error {
	if strings.Trim(s, " ,") == "" {
		return flagRefusal{fmt.Errorf("--%s is empty: give a value or leave the flag out", v.name)}
	}
	return v.Value.Set(s)
}

// guardFlags wraps every flag of c and the commands below it: a onceValue
// for one value, a listValue for a list.
func guardFlags(c *cobra.Command) {
	guard := func(f *pflag.Flag) {
		switch v := f.Value.(type) {
		case *onceValue, *listValue:
		case pflag.SliceValue:
			f.Value = &listValue{SliceValue: v, Value: f.Value, name: f.Name}
		default:
			if f.Value.Type() != "count" && !strings.HasPrefix(f.Value.Type(), "stringTo") {
				f.Value = &onceValue{Value: f.Value, name: f.Name}
			}
		}
	}
	// In the order the flags were added: VisitAll's sorted order would
	// sort every command's flags, which help does anyway if it prints.
	visit := func(fs *pflag.FlagSet) {
		sorted := fs.SortFlags
		fs.SortFlags = false
		fs.VisitAll(guard)
		fs.SortFlags = sorted
	}
	visit(c.Flags())
	visit(c.PersistentFlags())
	for _, sub := range c.Commands() {
		guardFlags(sub)
	}
}

// numberSyntax matches strconv's wording, which means nothing to players.
// Compiled on first use: starting a command pays for no regexp.
var numberSyntax = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`strconv\.Parse\w+: parsing "[^"]*": (invalid syntax|value out of range)`)
})

// Execute runs ninjakit with args and returns the process exit status.
// Every error becomes a single line on the error stream.
func Execute(args []string, io *IOStreams) int {
	return execute(newRoot(io, reach(args)), args, io)
}

func execute(root *cobra.Command, args []string, io *IOStreams) int {
	root.SetArgs(args)
	prepareCompletion(root, args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	msg := printable(rules.ClipQuotes(strings.ReplaceAll(strings.TrimSpace(err.Error()), "\n", " ")))
	if w := (warning{}); errors.As(err, &w) {
		fmt.Fprintln(io.ErrOut, "ninjakit: warning: "+msg)
		return 0
	}
	fmt.Fprintln(io.ErrOut, "ninjakit: "+msg)
	var u usageError
	if errors.As(err, &u) || strings.HasPrefix(msg, "unknown command") || strings.HasPrefix(msg, "unknown flag") ||
		strings.Contains(msg, "arg(s)") || strings.HasPrefix(msg, "required flag") {
		return ExitUsage
	}
	return ExitFailed
}

// printable replaces what a terminal would act on instead of show (control
// characters, escape sequences, bidi overrides) so that no message built
// from a file's contents can drive the user's terminal.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || unicode.IsGraphic(r) && !unicode.Is(unicode.Cf, r) {
			return r
		}
		return '?'
	}, s)
}

// noArgs refuses stray arguments with a usage error.
func noArgs(_ *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("unexpected argument %s", rules.Quote(args[0]))
	}
	return nil
}

// gameGroup is a verb whose subcommands are games: it refuses a game it does
// not know instead of silently printing help.
func gameGroup(c *cobra.Command) *cobra.Command {
	c.Args = cobra.ArbitraryArgs
	c.RunE = func(c *cobra.Command, args []string) error {
		var games []string
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				games = append(games, sub.Name())
			}
		}
		if len(args) == 0 {
			return usagef("%s what? choose one of: %s", c.Name(), strings.Join(games, ", "))
		}
		return usagef("%s: unknown %s: choose one of: %s", c.Name(), rules.Quote(args[0]), strings.Join(games, ", "))
	}
	return c
}
