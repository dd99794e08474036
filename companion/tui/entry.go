package tui

import (
	"fmt"
	"strings"
)

// entry is the move entry line with completion and history. History is
// kept per viewer: what one player typed in private (a refused card play
// included) must not come back under another player's up arrow.
type entry struct {
	text    string
	history map[Viewer][]string
	back    int    // how far up the history the line is; 0: the line being typed
	draft   string // the line being typed, kept while browsing history
	hints   []string
}

func (e *entry) reset() {
	e.text, e.back, e.draft, e.hints = "", 0, "", nil
}

func (e *entry) remember(v Viewer, text string) {
	if e.history == nil {
		e.history = map[Viewer][]string{}
	}
	h := e.history[v]
	if len(h) == 0 || h[len(h)-1] != text {
		e.history[v] = append(h, text)
	}
}

// browse steps through v's history: up is -1 (older), down +1.
func (e *entry) browse(v Viewer, d int) {
	h := e.history[v]
	if e.back == 0 {
		e.draft = e.text
	}
	e.back = min(max(e.back-d, 0), len(h))
	if e.back == 0 {
		e.text = e.draft
		return
	}
	e.text = h[len(h)-e.back]
}

// complete extends the line to the longest prefix shared by every
// candidate it starts, and lists them when there are several.
func (e *entry) complete(candidates []string) {
	typed := strings.ToLower(strings.TrimLeft(e.text, " "))
	var match []string
	seen := map[string]bool{}
	for _, c := range candidates {
		if strings.HasPrefix(strings.ToLower(c), typed) && !seen[c] {
			seen[c] = true
			match = append(match, c)
		}
	}
	e.hints = nil
	switch len(match) {
	case 0:
		e.hints = []string{"nothing legal starts with that"}
		return
	case 1:
		e.text = match[0]
		return
	}
	e.text = commonPrefix(match)
	const shown = 6
	for i, m := range match {
		if i == shown {
			e.hints = append(e.hints, fmt.Sprintf("... %d more", len(match)-shown))
			break
		}
		e.hints = append(e.hints, m)
	}
}

func commonPrefix(ss []string) string {
	p := strings.ToLower(ss[0])
	for _, s := range ss[1:] {
		s = strings.ToLower(s)
		i := 0
		for i < len(p) && i < len(s) && p[i] == s[i] {
			i++
		}
		p = p[:i]
	}
	return p
}
