package cmd

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"
)

// walk calls fn for c and every command below it.
func walk(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, sub := range c.Commands() {
		walk(sub, fn)
	}
}

// shellWords splits a command line as a POSIX shell would for the simple
// lines examples hold: words, single and double quotes, and command
// substitutions "$(...)", whose command lines it returns apart (the word
// holds a placeholder). Anything else a shell would act on (pipes,
// redirection, variables, comments, several commands) is refused, so every
// example is one command a user can paste.
func shellWords(line string) (words, subs []string, err error) {
	var word strings.Builder
	inWord := false
	var quote rune
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case r == '$' && quote != '\'' && i+1 < len(rs) && rs[i+1] == '(':
			depth, j := 1, i+2
			for ; j < len(rs) && depth > 0; j++ {
				switch rs[j] {
				case '(':
					depth++
				case ')':
					depth--
				}
			}
			if depth > 0 {
				return nil, nil, fmt.Errorf("unclosed $(")
			}
			subs = append(subs, string(rs[i+2:j-1]))
			word.WriteString("SUBSTITUTED")
			inWord, i = true, j-1
		case quote != 0:
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case strings.ContainsRune(`;|&<>$#\\*?`+"`", r):
			return nil, nil, fmt.Errorf("shell syntax %q", r)
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, nil, fmt.Errorf("unclosed quote")
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, subs, nil
}

func TestShellWords(t *testing.T) {
	w, subs, err := shellWords(`  ninjakit move "bomb d4 g4" --as 2 'jester(knight)' --position "$(ninjakit a --b 'c d')"`)
	require.NoError(t, err)
	require.Equal(t, []string{"ninjakit", "move", "bomb d4 g4", "--as", "2", "jester(knight)", "--position", "SUBSTITUTED"}, w)
	require.Equal(t, []string{"ninjakit a --b 'c d'"}, subs)
	for _, bad := range []string{"ninjakit a ; ninjakit b", "ninjakit x > f", "ninjakit 'x", "ninjakit $HOME", "ninjakit x # note", "ninjakit $(x"} {
		_, _, err := shellWords(bad)
		require.Error(t, err, bad)
	}
}

// runs parses a command's words against a fresh command tree as cobra
// would run them, stopping short of running them, and returns the command
// they run: the command path must exist, and its flags, flag values,
// required flags and arguments must all be accepted.
func runs(words []string) (*cobra.Command, error) {
	if len(words) == 0 || words[0] != "ninjakit" {
		return nil, fmt.Errorf("not a ninjakit command")
	}
	var discard bytes.Buffer
	root := NewRootCmd(&IOStreams{In: strings.NewReader(""), Out: &discard, ErrOut: &discard})
	c, args, err := root.Find(words[1:])
	if err != nil {
		return nil, err
	}
	c.InitDefaultHelpFlag()
	c.InitDefaultVersionFlag()
	if err := c.ParseFlags(args); err != nil {
		return nil, err
	}
	if c.HasSubCommands() && c.Flags().NArg() > 0 {
		return nil, fmt.Errorf("%q is no subcommand of %q", c.Flags().Arg(0), c.CommandPath())
	}
	if err := c.ValidateArgs(c.Flags().Args()); err != nil {
		return nil, err
	}
	if c.Name() == "help" {
		if topic, rest, err := root.Find(c.Flags().Args()); err != nil || len(rest) > 0 || topic == root && c.Flags().NArg() > 0 {
			return nil, fmt.Errorf("help on %q: no such command", c.Flags().Args())
		}
	}
	if err := c.ValidateRequiredFlags(); err != nil {
		return nil, err
	}
	return c, c.ValidateFlagGroups()
}

// checkExample checks one example line shown in the help of the command at
// path: it and any command substituted into it must run (see runs), and one
// of them must be that command or one below it.
func checkExample(path, line string) error {
	if !strings.HasPrefix(line, "  ninjakit") {
		return fmt.Errorf("not indented two spaces and started with ninjakit")
	}
	if n := utf8.RuneCountInString(line); n > 80 {
		return fmt.Errorf("%d columns wide: help fits 80", n)
	}
	words, subs, err := shellWords(line)
	if err != nil {
		return err
	}
	commands := [][]string{words}
	for _, sub := range subs {
		w, nested, err := shellWords(sub)
		if err != nil {
			return err
		}
		if len(nested) > 0 {
			return fmt.Errorf("a command substitution inside another")
		}
		commands = append(commands, w)
	}
	var ran []string
	for _, w := range commands {
		c, err := runs(w)
		if err != nil {
			return err
		}
		ran = append(ran, c.CommandPath())
	}
	for _, p := range ran {
		if p == path || strings.HasPrefix(p, path+" ") {
			return nil
		}
	}
	return fmt.Errorf("runs %q, none of which is %q or below it", ran, path)
}

// Every command, group and leaf, including ones added later, shows at least
// one example in its help, and every example is a real command line.
func TestEveryCommandHasExamples(t *testing.T) {
	var discard bytes.Buffer
	root := NewRootCmd(&IOStreams{In: strings.NewReader(""), Out: &discard, ErrOut: &discard})
	n := 0
	walk(root, func(c *cobra.Command) {
		n++
		lines := strings.Split(strings.TrimRight(c.Example, "\n"), "\n")
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s: no Example in its help: give the command an Example of real command lines, two spaces in", c.CommandPath())
			return
		}
		for _, line := range lines {
			if err := checkExample(c.CommandPath(), line); err != nil {
				t.Errorf("%s: example %q: %v", c.CommandPath(), line, err)
			}
		}
	})
	require.Greater(t, n, 40, "the walk saw too few commands")
}

// The checker itself refuses what it should: a misspelt command, a flag the
// command lacks, a bad flag value, a stray argument, a missing required
// flag, and an example shown under the wrong command.
func TestCheckExampleRefuses(t *testing.T) {
	for _, tc := range []struct{ path, line string }{
		{"ninjakit companion", "  ninjakit companion blads status"},
		{"ninjakit companion blades status", "  ninjakit companion blades status --colour red"},
		{"ninjakit generate blades", "  ninjakit generate blades --players three"},
		{"ninjakit companion blades board", "  ninjakit companion blades board extra"},
		{"ninjakit generate blades", "  ninjakit generate blades --json"},
		{"ninjakit sessions list", "  ninjakit sessions check"},
		{"ninjakit sessions list", "ninjakit sessions list"},
		{"ninjakit help", "  ninjakit help companion knights ploy"},
		{"ninjakit sessions list", "  ninjakit sessions list --json" + strings.Repeat(" ", 60)},
		{"ninjakit sessions list", `  ninjakit sessions show "$(ninjakit sessions lst)"`},
		{"ninjakit sessions list", `  ninjakit sessions show "$(echo x)"`},
	} {
		require.Error(t, checkExample(tc.path, tc.line), tc.line)
	}
	require.NoError(t, checkExample("ninjakit companion", "  ninjakit companion knights respond 'jester(highwayman)' --by cy"))
	// A command substituted into an example counts as the one it shows.
	require.NoError(t, checkExample("ninjakit sessions list", `  ninjakit sessions show "$(ninjakit sessions list --json)"`))
}

// The examples show in --help.
func TestHelpShowsExamples(t *testing.T) {
	code, stdout, _ := ninjakit(t, "", "companion", "knights", "play", "--help")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "Examples:\n  ninjakit companion knights play knight --from ann --at bob\n")
}

// TestHelpFitsEightyColumns: every command's help, flags included, reads in
// an 80-column terminal without wrapping.
func TestHelpFitsEightyColumns(t *testing.T) {
	var out bytes.Buffer
	root := NewRootCmd(&IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &out})
	walk(root, func(c *cobra.Command) {
		out.Reset()
		c.SetOut(&out)
		require.NoError(t, c.Help())
		for _, line := range strings.Split(out.String(), "\n") {
			if utf8.RuneCountInString(line) > 80 {
				t.Errorf("%s --help: %d columns: %s", c.CommandPath(), utf8.RuneCountInString(line), line)
			}
		}
	})
}
