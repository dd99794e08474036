package scorpion

import (
	"fmt"
	"slices"
	"strings"
)

// MoveList is what a role may type now, every move once, grouped by what
// it does and, where a move names a guard or zone to start from, by that.
type MoveList struct {
	Role    string      `json:"role"`
	Count   int         `json:"count"`
	Groups  []MoveGroup `json:"groups"`
	Waiting []string    `json:"waiting"`
	only    string      // the verb the list was cut to, if any
}

// MoveGroup is one kind of move: its verb, its name, and its moves,
// either listed (Moves) or by where they start (From), in full notation.
type MoveGroup struct {
	Verb  string      `json:"verb"`
	Free  bool        `json:"free,omitempty"` // the free listen
	Name  string      `json:"name"`
	Count int         `json:"count"`
	Moves []string    `json:"moves,omitempty"`
	From  []FromGroup `json:"from,omitempty"`
}

// FromGroup is the moves of a group that start from one guard or zone.
type FromGroup struct {
	From  string   `json:"from"`
	Moves []string `json:"moves"`
}

// groupNames name the groups; the side's word where the sides differ.
var groupNames = map[string]string{
	"done": "end your phase or turn", "done march": "march and end the turn, no Kenjutsu after",
	"draw": "alert draw", "listen": "Sentry Listen card",
	"plisten": "Patrol Listen card", "listen free": "the free listen, by a sentry",
	"plisten free": "the free listen, by a patrol", "ssearch": "Sentry Search", "psearch": "Patrol Search",
	"awaken": "Awaken", "march": "the patrols march", "follow": "follow the noise", "stay": "stay put",
	"cat": "It Was A Cat", "pass": "pass", "walk": "Shadow Walk", "sake": "Potent Sake", "shuriken": "Shuriken",
	"move": "move one zone", "rope": "Rope over a wall", "search": "search", "leave": "leave the board",
	"show": "show your mission", "start": "start", "random": "fill the set-up at random", "ready": "ready",
	"reinforce": "the decoy bonus", "remove": "remove a guard", "keep": "keep them all", "kenjutsu": "Kenjutsu",
	"passage guards": "Secret Passage card", "passage intruders": "into the secret passage",
}

// fromVerbs name a guard or a zone first, then where it goes: their
// moves are grouped by that first word.
var fromVerbs = map[string]bool{"ssearch": true, "psearch": true, "awaken": true}

// Moves lists the moves r may type now.
func (t *Table) Moves(r Role) MoveList {
	ml := MoveList{Role: r.Word, Groups: []MoveGroup{}, Waiting: []string{}}
	for _, w := range t.Game.Waiting() {
		ml.Waiting = append(ml.Waiting, w.String())
	}
	index := map[string]int{}
	choices := t.Game.Choices(r.Engine)
	for _, m := range choices {
		f := strings.Fields(m)
		key := f[0]
		free := (key == "listen" || key == "plisten") && f[len(f)-1] == "free"
		if free {
			key += " free"
		}
		i, ok := index[key]
		if !ok {
			i = len(ml.Groups)
			index[key] = i
			name := groupNames[key]
			switch {
			case key == "passage":
				name = groupNames["passage "+sideWord(r.Engine)]
			case key == "done" && slices.Contains(choices, "march"):
				// SC-31: done before the march ends the turn with it.
				name = groupNames["done march"]
			}
			ml.Groups = append(ml.Groups, MoveGroup{Verb: f[0], Free: free, Name: name})
		}
		g := &ml.Groups[i]
		g.Count++
		ml.Count++
		if !fromVerbs[f[0]] {
			g.Moves = append(g.Moves, m)
			continue
		}
		if n := len(g.From); n == 0 || g.From[n-1].From != f[1] {
			g.From = append(g.From, FromGroup{From: f[1]})
		}
		last := &g.From[len(g.From)-1]
		last.Moves = append(last.Moves, m)
	}
	return ml
}

// Only is the list cut to the groups of one verb, as typed.
func (ml MoveList) Only(verb string) (MoveList, error) {
	v := strings.ToLower(strings.TrimSpace(verb))
	out := ml
	out.Groups, out.Count, out.only = []MoveGroup{}, 0, v
	for _, g := range ml.Groups {
		if g.Verb == v {
			out.Groups = append(out.Groups, g)
			out.Count += g.Count
		}
	}
	for _, known := range Verbs {
		if known == v {
			return out, nil
		}
	}
	return out, fmt.Errorf("no table word %q: give a verb such as listen, ssearch or move", cut(verb))
}

// cut shortens a typed word for an error line.
func cut(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// maxGroupLines is how many lines one group takes in the short list; a
// longer one shows only where its moves start and how to list them.
const maxGroupLines = 6

// Text lists the moves in 80 columns: a line or a few per group, each
// with its count. full lists long groups whole too.
func (ml MoveList) Text(full bool) string {
	var b strings.Builder
	kind := ""
	if ml.only != "" {
		kind = ml.only + " "
	}
	if ml.Count == 0 && ml.only != "" {
		return fmt.Sprintf("No %smove for the %s now.\n", kind, ml.Role)
	}
	if ml.Count == 0 {
		w := "nobody"
		if len(ml.Waiting) > 0 {
			w = strings.Join(ml.Waiting, ", ")
		}
		return fmt.Sprintf("Nothing for the %s now; waiting: %s\n", ml.Role, w)
	}
	fmt.Fprintf(&b, "The %s may type %d %smove(s):\n", ml.Role, ml.Count, kind)
	for _, g := range ml.Groups {
		b.WriteString(g.text(ml.Role, full))
	}
	return b.String()
}

// rest is a move without its verb (and free word): what the list shows.
func rest(m string, free bool) string {
	_, r, _ := strings.Cut(m, " ")
	if free {
		r = strings.TrimSuffix(r, " free")
	}
	return r
}

func (g MoveGroup) syntax() string {
	if g.Free {
		return g.Verb + " … free"
	}
	return g.Verb
}

// fromNouns name what a group's moves start from.
var fromNouns = map[string]string{"ssearch": "sentries", "psearch": "patrols", "awaken": "places"}

func (g MoveGroup) text(role string, full bool) string {
	if g.Count == 1 && len(g.From) == 0 && !strings.Contains(g.Moves[0], " ") {
		return fmt.Sprintf("  %s: %s\n", g.Verb, g.Name)
	}
	head := fmt.Sprintf("  %s (%s), %d", g.Name, g.syntax(), g.Count)
	if len(g.From) == 0 {
		var items []string
		for _, m := range g.Moves {
			items = append(items, rest(m, g.Free))
		}
		return listLines(head+":", "    ", items)
	}
	head += fmt.Sprintf(" from %d %s", len(g.From), fromNouns[g.Verb])
	var body strings.Builder
	var from []string
	for _, f := range g.From {
		from = append(from, f.From)
		var items []string
		for _, m := range f.Moves {
			step := strings.TrimSpace(strings.TrimPrefix(rest(m, false), f.From))
			if step == "" {
				step = "here"
			}
			items = append(items, step)
		}
		body.WriteString(listLines("    "+f.From+":", "      ", steps(items)))
	}
	if !full && strings.Count(body.String(), "\n") > maxGroupLines {
		return listLines(head+", too many to show here; from", "    ", from) +
			fmt.Sprintf("    list them: ninjakit companion scorpion moves %s --as %s\n", g.Verb, role)
	}
	return head + ":\n" + body.String()
}

// listLines writes head and items in 80 columns, wrapped at indent;
// items of several words are parted by commas.
func listLines(head, indent string, items []string) string {
	sep := " "
	for _, it := range items {
		if strings.Contains(it, " ") {
			sep = ", "
		}
	}
	var b strings.Builder
	line := head
	for i, it := range items {
		piece := it
		if i < len(items)-1 {
			piece += strings.TrimRight(sep, " ")
		}
		if len(line)+1+len(piece) > 80 && line != head {
			b.WriteString(line + "\n")
			line = indent + piece
			continue
		}
		line += " " + piece
	}
	b.WriteString(line + "\n")
	return b.String()
}

// steps writes routes of one or two zones compactly: a first step that is
// a route itself takes its second steps after it, "CA1 (then CA2 CA4)".
func steps(routes []string) []string {
	var firsts []string
	then := map[string][]string{}
	alone := map[string]bool{}
	for _, r := range routes {
		a, b, two := strings.Cut(r, " ")
		if _, seen := then[a]; !seen && !alone[a] {
			firsts = append(firsts, a)
		}
		if two {
			then[a] = append(then[a], b)
		} else {
			alone[a] = true
		}
	}
	var out []string
	for _, a := range firsts {
		switch {
		case !alone[a]:
			for _, b := range then[a] {
				out = append(out, a+" "+b)
			}
		case len(then[a]) == 0:
			out = append(out, a)
		default:
			out = append(out, a+" (then "+strings.Join(then[a], " ")+")")
		}
	}
	return out
}
