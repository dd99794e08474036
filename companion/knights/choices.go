package knights

import (
	"fmt"
	"slices"
	"strings"

	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// maxGroupLines is how many lines one group of choices may take before the
// list gives only its count and cards: a physical deck offers every mix of
// peasants and jesters, over a hundred choices at the first turn.
const maxGroupLines = 6

// Text lists the choices for a terminal, grouped with counts, within 80
// columns: a group's commands side by side, or when they need too many
// lines the words they share once ("play ... --at bob") and then what
// differs; a group still too long gives its count, the cards it plays and
// how to list it. Choices from Only are listed in full.
func (c Choices) Text() string {
	if c.None != "" {
		return c.None + "\n"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s's choices (%d):\n", c.Player, c.Count)
	for _, g := range c.Groups {
		sb.WriteString(g.text(c.Player, c.full))
	}
	return sb.String()
}

// text writes one group.
func (g Group) text(player string, full bool) string {
	if len(g.Commands) == 1 {
		return fmt.Sprintf("  %s: %s\n", g.Name, g.Commands[0])
	}
	if body := wrap(g.Commands, 78, "    ", "   "); strings.Count(body, "\n") < maxGroupLines {
		return fmt.Sprintf("  %s (%d):\n%s", g.Name, len(g.Commands), body)
	}
	pattern, items := shared(g.Commands)
	head := fmt.Sprintf("  %s (%d): %s\n", g.Name, len(g.Commands), pattern)
	body := wrap(items, 78, "    ", "   ")
	if full || strings.Count(body, "\n") < maxGroupLines {
		return head + body
	}
	cards := cardsIn(items)
	for i := range cards[:len(cards)-1] {
		cards[i] += ","
	}
	return head + wrap(append([]string{"too many to list here; with"}, cards...), 78, "    ", " ") +
		fmt.Sprintf("    list them: ninjakit companion knights moves --as %s %s\n", player, g.Name)
}

// shared splits commands into the words all of them start and end with,
// written once as a pattern ("play ... --at bob"), and what stands between.
func shared(cmds []string) (string, []string) {
	words := make([][]string, len(cmds))
	for i, c := range cmds {
		words[i] = strings.Fields(c)
	}
	shortest := slices.MinFunc(words, func(a, b []string) int { return len(a) - len(b) })
	pre := 0
	for pre < len(shortest)-1 && slices.IndexFunc(words, func(w []string) bool { return w[pre] != shortest[pre] }) < 0 {
		pre++
	}
	suf := 0
	for pre+suf < len(shortest)-1 && slices.IndexFunc(words, func(w []string) bool { return w[len(w)-1-suf] != shortest[len(shortest)-1-suf] }) < 0 {
		suf++
	}
	items := make([]string, len(words))
	for i, w := range words {
		items[i] = strings.Join(w[pre:len(w)-suf], " ")
	}
	pattern := slices.Concat(shortest[:pre], []string{"..."}, shortest[len(shortest)-suf:])
	return strings.Join(pattern, " "), items
}

// wrap joins items with a gap and breaks lines between items.
func wrap(items []string, width int, indent, gap string) string {
	var sb strings.Builder
	line := 0
	for i, it := range items {
		switch {
		case i == 0:
			sb.WriteString(indent)
			line = len(indent)
		case line+len(gap)+len(it) > width:
			sb.WriteString("\n" + indent)
			line = len(indent)
		default:
			sb.WriteString(gap)
			line += len(gap)
		}
		sb.WriteString(it)
		line += len(it)
	}
	return sb.String() + "\n"
}

// cardsIn lists the kinds of card that items name, each once, in order: a
// jester posing as another card counts as a jester.
func cardsIn(items []string) []string {
	var out []string
	for _, it := range items {
		for _, w := range strings.Fields(it) {
			if strings.HasPrefix(w, "jester(") {
				w = "jester"
			}
			if _, err := engine.ParseCard(w); err == nil && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// Only keeps the choices a word asks for, to be listed in full: the groups
// whose name starts with it ("fortify", "attack", "attack bob"), or else
// the commands that play a card of that name ("peasant", a jester posing
// as one included).
func (c Choices) Only(word string) (Choices, error) {
	word = strings.Join(strings.Fields(strings.ToLower(word)), " ")
	out := Choices{Player: c.Player, Groups: []Group{}, full: true}
	for _, g := range c.Groups {
		if strings.HasPrefix(g.Name, word) {
			out.Groups = append(out.Groups, g)
			out.Count += len(g.Commands)
		}
	}
	if out.Count > 0 || c.None != "" {
		out.None = c.None
		return out, nil
	}
	card, err := engine.ParseCard(word)
	if err != nil {
		var names []string
		for _, g := range c.Groups {
			names = append(names, g.Name)
		}
		return out, fmt.Errorf("%q is neither a kind of choice of %s (%s) nor a card", word, c.Player, strings.Join(names, ", "))
	}
	for _, g := range c.Groups {
		var cmds []string
		for _, cmd := range g.Commands {
			if slices.ContainsFunc(strings.Fields(cmd), func(w string) bool {
				return w == card.String() || w == "jester("+card.String()+")" || card == engine.Jester && strings.HasPrefix(w, "jester(")
			}) {
				cmds = append(cmds, cmd)
			}
		}
		if len(cmds) > 0 {
			out.Groups = append(out.Groups, Group{Name: g.Name, Commands: cmds})
			out.Count += len(cmds)
		}
	}
	if out.Count == 0 {
		out.None = fmt.Sprintf("%s has no choice with %s now.", c.Player, engine.Spoken([]engine.Play{engine.Plain(card)}))
	}
	return out, nil
}
