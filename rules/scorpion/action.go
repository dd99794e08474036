package scorpion

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Action is one typed command: a verb and its words. ParseAction checks
// only the syntax; Apply checks everything against the game.
type Action struct {
	Verb string
	Args []string
}

func (a Action) String() string {
	if len(a.Args) == 0 {
		return a.Verb
	}
	return a.Verb + " " + strings.Join(a.Args, " ")
}

// arity is how many words each verb takes: min and max (-1: any).
var arity = map[string][2]int{
	"posts": {1, -1}, "patrol": {1, 2}, "sleep": {1, -1}, "hide": {1, -1}, "hand": {1, -1},
	"deck": {1, -1}, "start": {1, 1}, "passage": {0, 2}, "show": {0, 0}, "ready": {0, 0},
	"random": {0, 0}, "draw": {1, 2}, "done": {0, 0}, "listen": {1, 2}, "plisten": {1, 2},
	"follow": {1, 2}, "stay": {0, 0}, "cat": {0, 0}, "pass": {0, 0}, "ssearch": {2, 3},
	"psearch": {2, 4}, "awaken": {1, 3}, "kenjutsu": {0, 3}, "march": {0, -1},
	"reinforce": {1, -1}, "move": {1, 1}, "rope": {1, 1}, "walk": {0, 0}, "sake": {0, 0},
	"shuriken": {1, 1}, "search": {1, 2}, "leave": {0, 0}, "remove": {1, 1}, "keep": {0, 0},
}

// ParseAction reads a command's syntax: a known verb and the right number
// of words. Zones, guards and cards are checked by Apply.
func ParseAction(text string) (Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("%w: empty command", rules.ErrNotation)
	}
	verb := strings.ToLower(f[0])
	n, ok := arity[verb]
	if !ok {
		return Action{}, fmt.Errorf("%w: unknown command %q", rules.ErrNotation, f[0])
	}
	args := f[1:]
	for i, w := range args {
		// ">" is a shell redirect: "/" is the written form (FORK/NEXT).
		args[i] = strings.ReplaceAll(w, ">", "/")
	}
	if len(args) < n[0] || (n[1] >= 0 && len(args) > n[1]) {
		return Action{}, fmt.Errorf("%w: %s takes %s", rules.ErrNotation, verb, wordsTaken(n))
	}
	return Action{Verb: verb, Args: args}, nil
}

func wordsTaken(n [2]int) string {
	switch {
	case n[1] < 0:
		return fmt.Sprintf("at least %d word(s)", n[0])
	case n[0] == n[1]:
		return fmt.Sprintf("%d word(s)", n[0])
	}
	return fmt.Sprintf("%d to %d words", n[0], n[1])
}

// passageID is the secret passage's zone id in commands and views.
const passageID = "passage"

// zoneWord normalises a typed zone id: map ids are upper case.
func zoneWord(s string) string {
	if strings.EqualFold(s, passageID) {
		return passageID
	}
	return strings.ToUpper(s)
}

// cardAliases are the common short forms of card names.
var cardAliases = map[string]string{
	"ssearch": "Sentry Search", "slisten": "Sentry Listen", "listen": "Sentry Listen",
	"plisten": "Patrol Listen", "psearch": "Patrol Search", "walk": "Shadow Walk",
	"cat": "It Was A Cat", "sake": "Potent Sake", "passage": "Secret Passage",
}

func squash(s string) string { return squasher.Replace(strings.ToLower(s)) }

var squasher = strings.NewReplacer(" ", "", "-", "", "_", "")

// cardName resolves a typed card name against names: exact, alias, or a
// unique prefix.
func cardName(typed string, names []string) (string, error) {
	t := squash(typed)
	if a, ok := cardAliases[t]; ok {
		t = squash(a)
	}
	var hits []string
	for _, n := range names {
		if squash(n) == t {
			return n, nil
		}
		if strings.HasPrefix(squash(n), t) {
			hits = append(hits, n)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) == 0 {
		return "", fmt.Errorf("no card %q: choose from %s", typed, strings.Join(names, ", "))
	}
	return "", fmt.Errorf("card %q is ambiguous: %s", typed, strings.Join(hits, ", "))
}
