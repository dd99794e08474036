package cmd

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

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
// lines examples hold: words, single and double quotes. Anything else a
// shell would act on (pipes, redirection, variables, comments, several
// commands) is refused, so every example is one command a user can paste.
func shellWords(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
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
		case strings.ContainsRune(`;|&<>$#\*?`+"`", r):
			return nil, fmt.Errorf("shell syntax %q", r)
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote")
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	w, err := shellWords(`  ninjakit move "bomb d4 g4" --as 2 'jester(knight)'`)
	require.NoError(t, err)
	require.Equal(t, []string{"ninjakit", "move", "bomb d4 g4", "--as", "2", "jester(knight)"}, w)
	for _, bad := range []string{"ninjakit a ; ninjakit b", "ninjakit x > f", "ninjakit 'x", "ninjakit $HOME", "ninjakit x # note"} {
		_, err := shellWords(bad)
		require.Error(t, err, bad)
	}
}

// checkExample parses one example line against a fresh command tree as
// cobra would run it, stopping short of running it: the command path must
// exist and be the command (or below the command) whose help shows it, and
// its flags, flag values, required flags and arguments must all be accepted.
func checkExample(path, line string) error {
	if !strings.HasPrefix(line, "  ninjakit") {
		return fmt.Errorf("not indented two spaces and started with ninjakit")
	}
	words, err := shellWords(line)
	if err != nil {
		return err
	}
	var discard bytes.Buffer
	root := NewRootCmd(&IOStreams{In: strings.NewReader(""), Out: &discard, ErrOut: &discard})
	c, args, err := root.Find(words[1:])
	if err != nil {
		return err
	}
	if c.CommandPath() != path && !strings.HasPrefix(c.CommandPath(), path+" ") {
		return fmt.Errorf("runs %q, which is not %q or below it", c.CommandPath(), path)
	}
	c.InitDefaultHelpFlag()
	c.InitDefaultVersionFlag()
	if err := c.ParseFlags(args); err != nil {
		return err
	}
	if c.HasSubCommands() && c.Flags().NArg() > 0 {
		return fmt.Errorf("%q is no subcommand of %q", c.Flags().Arg(0), c.CommandPath())
	}
	if err := c.ValidateArgs(c.Flags().Args()); err != nil {
		return err
	}
	if err := c.ValidateRequiredFlags(); err != nil {
		return err
	}
	return c.ValidateFlagGroups()
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
			t.Errorf("%s: no Example in its help", c.CommandPath())
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
	} {
		require.Error(t, checkExample(tc.path, tc.line), tc.line)
	}
	require.NoError(t, checkExample("ninjakit companion", "  ninjakit companion knights respond 'jester(highwayman)' --by cy"))
}

// The examples show in --help.
func TestHelpShowsExamples(t *testing.T) {
	code, stdout, _ := ninjakit(t, "", "companion", "knights", "play", "--help")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "Examples:\n  ninjakit companion knights play knight --from ann --at bob\n")
}
