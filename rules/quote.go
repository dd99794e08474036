package rules

import (
	"regexp"
	"strconv"
	"sync"
	"unicode/utf8"
)

// MaxEcho is how many characters of a user's input a message quotes back:
// enough to recognise a word, never a whole pasted file.
const MaxEcho = 40

// Quote quotes what a user typed for a message, cut after MaxEcho
// characters with "..." inside the quotes.
func Quote(s string) string {
	if utf8.RuneCountInString(s) <= MaxEcho {
		return strconv.Quote(s)
	}
	cut := 0
	for range MaxEcho {
		_, n := utf8.DecodeRuneInString(s[cut:])
		cut += n
	}
	q := strconv.Quote(s[:cut])
	return q[:len(q)-1] + `..."`
}

// quoted matches a string as %q writes it; compiled on first use, so that
// starting a command pays for no regexp.
var quoted = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"(?:[^"\\]|\\.)*"`) })

// ClipQuotes cuts every quoted string of a finished message as Quote does,
// so that no path that builds a message echoes a long input whole.
func ClipQuotes(msg string) string {
	return quoted().ReplaceAllStringFunc(msg, func(q string) string {
		s, err := strconv.Unquote(q)
		if err != nil || utf8.RuneCountInString(s) <= MaxEcho {
			return q
		}
		return Quote(s)
	})
}
