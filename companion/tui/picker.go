package tui

import (
	"fmt"
	"strings"
)

// node is one row of the move picker: a group (a card, a from-cell) with
// the number of moves under it, or a move.
type node struct {
	label    string
	text     string // the move, for a leaf
	count    int
	open     bool
	children []*node
}

// picker shows legal moves as a tree, groups closed at first, so a hand
// with a Bomb does not bury the other moves under hundreds of targets.
type picker struct {
	root   node
	cursor int
}

func newPicker(choices []Choice) *picker {
	p := &picker{}
	for _, c := range choices {
		n := &p.root
		n.count++
		for _, label := range c.Path {
			n = n.child(label)
			n.count++
		}
		n.children = append(n.children, &node{label: c.Text, text: c.Text, count: 1})
	}
	return p
}

// child finds or adds the group called label, keeping first-seen order.
func (n *node) child(label string) *node {
	for _, c := range n.children {
		if c.text == "" && c.label == label {
			return c
		}
	}
	c := &node{label: label}
	n.children = append(n.children, c)
	return c
}

type row struct {
	n     *node
	depth int
}

// rows are the visible rows: children of open groups only.
func (p *picker) rows() []row {
	var out []row
	var walk func(n *node, depth int)
	walk = func(n *node, depth int) {
		for _, c := range n.children {
			out = append(out, row{c, depth})
			if c.open {
				walk(c, depth+1)
			}
		}
	}
	walk(&p.root, 0)
	return out
}

func (p *picker) move(d int) {
	n := len(p.rows())
	if n == 0 {
		return
	}
	p.cursor = (p.cursor + d + n) % n
}

// current is the row under the cursor.
func (p *picker) current() (row, bool) {
	rs := p.rows()
	if p.cursor >= len(rs) {
		return row{}, false
	}
	return rs[p.cursor], true
}

// choose opens or closes the group under the cursor, or returns its move.
func (p *picker) choose() (string, bool) {
	r, ok := p.current()
	if !ok {
		return "", false
	}
	if r.n.text != "" {
		return r.n.text, true
	}
	r.n.open = !r.n.open
	return "", false
}

// setOpen opens (right arrow) or closes (left arrow) the group under the
// cursor; closing from inside a group closes its parent and goes there.
func (p *picker) setOpen(open bool) {
	r, ok := p.current()
	if !ok {
		return
	}
	if r.n.text == "" && r.n.open != open {
		r.n.open = open
		return
	}
	if open {
		return
	}
	rs := p.rows()
	for i := p.cursor - 1; i >= 0; i-- {
		if rs[i].depth < r.depth {
			rs[i].n.open = false
			p.cursor = i
			return
		}
	}
}

// view draws at most height rows around the cursor.
func (p *picker) view(s Styles, height int) string {
	rs := p.rows()
	if len(rs) == 0 {
		return s.Dim.Render("  (no moves to pick)") + "\n"
	}
	start := 0
	if p.cursor >= height {
		start = p.cursor - height + 1
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\n", s.Dim.Render(fmt.Sprintf("  %d move(s); up/down, right opens, left closes, Enter picks, Esc closes", p.root.count)))
	for i := start; i < len(rs) && i < start+height; i++ {
		r := rs[i]
		line := strings.Repeat("  ", r.depth)
		switch {
		case r.n.text != "":
			line += "  " + r.n.label
		case r.n.open:
			line += fmt.Sprintf("v %s (%d)", r.n.label, r.n.count)
		default:
			line += fmt.Sprintf("> %s (%d)", r.n.label, r.n.count)
		}
		if i == p.cursor {
			sb.WriteString(s.Mark.Render("*"+line) + "\n")
		} else {
			sb.WriteString(" " + line + "\n")
		}
	}
	return sb.String()
}
