package cmd

import (
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
)

// helpWidth is the terminal width help is written for.
const helpWidth = 80

// usageTemplate is cobra's default usage template with every line that
// could pass helpWidth wrapped: the usage line, command summaries and flags.
const usageTemplate = `Usage:{{if .Runnable}}
{{wrap 4 (print "  " .UseLine)}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [command]{{end}}{{if gt (len .Aliases) 0}}

Aliases:
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

Examples:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}

Available Commands:{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
{{entry .Name .NamePadding .Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

Flags:
{{.LocalFlags.FlagUsagesWrapped 80 | trimTrailingWhitespaces}}{{end}}{{if .HasAvailableInheritedFlags}}

Global Flags:
{{.InheritedFlags.FlagUsagesWrapped 80 | trimTrailingWhitespaces}}{{end}}{{if .HasAvailableSubCommands}}

Run "{{.CommandPath}} COMMAND --help" for more about a command.{{end}}
`

// helpTemplate is cobra's, with the long description wrapped.
const helpTemplate = `{{with (or .Long .Short)}}{{wrap 0 . | trimTrailingWhitespaces}}

{{end}}{{if or .Runnable .HasSubCommands}}{{.UsageString}}{{end}}`

// useHelpTemplates makes every command's help fit helpWidth columns.
func useHelpTemplates(root *cobra.Command) {
	cobra.AddTemplateFunc("wrap", wrapLines)
	cobra.AddTemplateFunc("entry", func(name string, pad int, short string) string {
		lead := "  " + name + strings.Repeat(" ", max(pad-utf8.RuneCountInString(name), 0)) + " "
		return wrapLines(utf8.RuneCountInString(lead), lead+short)
	})
	root.SetUsageTemplate(usageTemplate)
	root.SetHelpTemplate(helpTemplate)
}

// wrapLines breaks every line of s longer than helpWidth at spaces; the
// lines it adds are indented by indent spaces.
func wrapLines(indent int, s string) string {
	lines := strings.Split(s, "\n")
	var out []string
	for _, l := range lines {
		for utf8.RuneCountInString(l) > helpWidth {
			cut := breakAt(l, helpWidth)
			if cut <= indent {
				break
			}
			out = append(out, strings.TrimRight(l[:cut], " "))
			l = strings.Repeat(" ", indent) + strings.TrimLeft(l[cut:], " ")
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// breakAt is the byte index of the last space at which l fits width runes,
// or 0 when there is none.
func breakAt(l string, width int) int {
	cut, n := 0, 0
	for i, r := range l {
		if n > width {
			break
		}
		if r == ' ' && n > 0 {
			cut = i
		}
		n++
	}
	return cut
}
