package blind

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
)

// PlayerStatus is one player as a role may know them.
type PlayerStatus struct {
	Name   string        `json:"name"`
	Edge   string        `json:"edge"`
	Placed bool          `json:"placed"`
	Out    bool          `json:"out"`
	Bot    string        `json:"bot,omitempty"`    // the level of a seat the companion plays
	Ninjas []NinjaStatus `json:"ninjas,omitempty"` // the role's own; everyone's once the game is over
}

// NinjaStatus is one ninja: where it stands and faces, or where it fell.
type NinjaStatus struct {
	N      int    `json:"n"`
	Square string `json:"square"`
	Facing string `json:"facing,omitempty"`
	Alive  bool   `json:"alive"`
}

// HeardStatus is one slash as the whole table heard it. Age counts the
// turns played since (0: in the last turn).
type HeardStatus struct {
	Turn   int               `json:"turn"`
	Age    int               `json:"age"`
	By     string            `json:"by"`
	Square string            `json:"square"`
	Sounds map[string]string `json:"sounds"`
}

// Status is the game at a glance, as a role may know it.
type Status struct {
	Grid    string         `json:"grid"`
	Stage   string         `json:"stage"`
	Round   int            `json:"round"`
	Limit   int            `json:"turnLimit,omitempty"`
	Turns   int            `json:"turnsPlayed"`
	ToAct   string         `json:"toAct,omitempty"`
	Waiting string         `json:"waiting"`
	Players []PlayerStatus `json:"players"`
	Heard   []HeardStatus  `json:"heard"`
	Winners []string       `json:"winners,omitempty"`
	For     string         `json:"for"`

	cols, rows int
	mine       int // index of the role's own player, -1 for the table
}

// Status is the game as r may know it: built from the engine's view for
// r, so it holds nothing the engine would not show r.
func (t *Table) Status(r Role) Status {
	v := t.Game.View(r.Viewer())
	st := Status{Grid: v.Grid, Stage: v.Stage, Round: v.Round, Limit: v.Limit, Turns: v.Turns,
		Waiting: t.Waiting(), Heard: []HeardStatus{}, For: "table", cols: v.Cols, rows: v.Rows, mine: -1}
	if !r.Table {
		st.For, st.mine = t.Name(r.Seat), int(r.Seat)
	}
	if v.Stage == "play" {
		st.ToAct = t.Name(v.ToAct)
	}
	for _, p := range v.Players {
		ps := PlayerStatus{Name: t.Name(p.Seat), Edge: p.Side, Placed: p.Placed, Out: p.Out}
		if b, ok := t.Bot(p.Seat); ok {
			ps.Bot = b.Level
		}
		for _, n := range p.Ninjas {
			ns := NinjaStatus{N: n.N, Square: n.Square, Alive: n.Alive}
			if n.Alive {
				ns.Facing = n.Facing
			}
			ps.Ninjas = append(ps.Ninjas, ns)
		}
		st.Players = append(st.Players, ps)
	}
	for _, h := range v.Heard {
		hs := HeardStatus{Turn: h.Turn, Age: h.Age, By: t.Name(h.Seat), Square: h.Square, Sounds: map[string]string{}}
		for s, snd := range h.Sounds {
			if snd != engine.Silent.String() {
				hs.Sounds[t.Name(rules.Seat(s))] = snd
			}
		}
		st.Heard = append(st.Heard, hs)
	}
	for _, w := range v.Winners {
		st.Winners = append(st.Winners, t.Name(w))
	}
	return st
}

// Waiting says what the game waits for, in table words.
func (t *Table) Waiting() string {
	g := t.Game
	switch g.Stage() {
	case engine.StageStart:
		var names []string
		for _, s := range g.Unplaced() {
			names = append(names, t.Name(s))
		}
		return "starting squares from " + strings.Join(names, ", ") + " (start)"
	case engine.StagePlay:
		if t.BotsAlone() {
			return "nobody: every person is out, and bots alone could walk forever with no turn limit, so the game stops here"
		}
		return t.Name(g.ToAct()) + " gives orders"
	}
	return "game over: " + t.Result()
}

// Result says who won, once the game is over.
func (t *Table) Result() string {
	var names []string
	for _, w := range t.Game.Winners() {
		names = append(names, t.Name(w))
	}
	how := ""
	if t.Game.Limit() > 0 && len(names) > 0 && t.Game.Stage() == engine.StageOver && !t.oneLeft() {
		how = fmt.Sprintf(" with most ninjas left after %d rounds", t.Game.Limit())
	}
	if len(names) > 1 {
		return strings.Join(names, " and ") + " share the win" + how
	}
	return names[0] + " wins" + how
}

func (t *Table) oneLeft() bool {
	in := 0
	for s := range t.Game.Players() {
		if !t.Game.Out(rules.Seat(s)) {
			in++
		}
	}
	return in == 1
}

// Text is the status as a terminal shows it: the room's state, the role's
// own grid (every grid once the game is over), and the slashes heard lately.
func (s Status) Text() string { return s.Header() + s.Grids() + s.HeardText() }

// Header is the round, the players and what the game waits for.
func (s Status) Header() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "What Blind Ninjas: %s grid, round %d", s.Grid, s.Round)
	if s.Limit > 0 {
		fmt.Fprintf(&sb, " of %d", s.Limit)
	}
	if s.Turns == 1 {
		sb.WriteString(", 1 turn played\n")
	} else {
		fmt.Fprintf(&sb, ", %d turns played\n", s.Turns)
	}
	var ps []string
	for _, p := range s.Players {
		w := fmt.Sprintf("%s (%s edge", p.Name, p.Edge)
		if p.Bot != "" {
			w += ", " + p.Bot + " bot"
		}
		if p.Out {
			w += ", out"
		}
		ps = append(ps, w+")")
	}
	fmt.Fprintf(&sb, "Players: %s\n", strings.Join(ps, ", "))
	fmt.Fprintf(&sb, "Waiting: %s\n", s.Waiting)
	return sb.String()
}

// Grids draws the grids the role may see: its own, or all once the game
// is over.
func (s Status) Grids() string {
	var sb strings.Builder
	for i, p := range s.Players {
		if len(p.Ninjas) == 0 || (s.mine != i && s.Stage != "over") {
			continue
		}
		who := "Your grid"
		if s.mine != i {
			who = p.Name + "'s grid"
		}
		fmt.Fprintf(&sb, "\n%s (%s edge):\n%s", who, p.Edge, s.drawGrid(p.Ninjas))
		var ns []string
		for _, n := range p.Ninjas {
			if n.Alive {
				ns = append(ns, fmt.Sprintf("%d on %s facing %s", n.N, n.Square, n.Facing))
			} else {
				ns = append(ns, fmt.Sprintf("%d slain on %s", n.N, n.Square))
			}
		}
		sb.WriteString(wrapped("Ninjas: ", strings.Join(ns, ", ")))
	}
	if s.mine >= 0 && !s.Players[s.mine].Placed {
		fmt.Fprintf(&sb, "\nYour ninjas are not placed yet: choose four squares of the %s edge (start).\n", s.Players[s.mine].Edge)
	}
	return sb.String()
}

// HeardText lists the last slashes heard, with their age.
func (s Status) HeardText() string {
	if len(s.Heard) == 0 {
		return "\nNo slash heard yet.\n"
	}
	var sb strings.Builder
	sb.WriteString("\nSlashes heard (latest last):\n")
	from := max(0, len(s.Heard)-8)
	if from > 0 {
		fmt.Fprintf(&sb, "  (%d earlier: see log)\n", from)
	}
	for _, h := range s.Heard[from:] {
		fmt.Fprintf(&sb, "  %-3s %s, by %s: %s\n", h.Square, age(h.Age), h.By, sounds(h.Sounds, s.Players))
	}
	return sb.String()
}

func age(n int) string {
	switch n {
	case 0:
		return "last turn"
	case 1:
		return "1 turn before"
	}
	return fmt.Sprintf("%d turns before", n)
}

func sounds(m map[string]string, players []PlayerStatus) string {
	var w []string
	for _, p := range players {
		if snd, ok := m[p.Name]; ok {
			w = append(w, p.Name+" "+snd)
		}
	}
	return strings.Join(w, ", ")
}

func wrapped(head, text string) string {
	var sb strings.Builder
	line := head
	for _, w := range strings.SplitAfter(text, ", ") {
		if len(line)+len(w) > 78 {
			sb.WriteString(strings.TrimRight(line, " ") + "\n")
			line = "  "
		}
		line += w
	}
	return sb.String() + line + "\n"
}

// drawGrid draws one player's ninjas (number and arrow) and marks with x
// the squares slashed in the last round (one turn per player still in),
// row 8 at the top.
func (s Status) drawGrid(ns []NinjaStatus) string {
	cells := map[string]string{}
	in := 0
	for _, p := range s.Players {
		if !p.Out {
			in++
		}
	}
	for _, h := range s.Heard {
		if h.Age < in {
			cells[h.Square] = "x"
		}
	}
	for _, n := range ns {
		if n.Alive {
			f, _ := engine.ParseFacing(n.Facing)
			cells[n.Square] = fmt.Sprintf("%d%s", n.N, f.Arrow())
		}
	}
	var sb strings.Builder
	line := "    "
	for c := range s.cols {
		line += fmt.Sprintf(" %c ", 'A'+c)
	}
	sb.WriteString(strings.TrimRight(line, " ") + "\n")
	for r := s.rows - 1; r >= 0; r-- {
		line = fmt.Sprintf(" %2d ", r+1)
		for c := range s.cols {
			cell := cells[engine.Square{Col: c, Row: r}.String()]
			if cell == "" {
				cell = "."
			}
			line += fmt.Sprintf(" %-2s", cell)
		}
		sb.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return sb.String()
}

// Story tells a logged action as r may read it: the acting player reads
// what each of their ninjas did; everyone reads the slashes and sounds.
func (t *Table) Story(e Entry, r Role) []string {
	a, who := e.Action, t.Name(e.Action.Seat)
	var out []string
	if a.Kind == engine.ActStart {
		out = append(out, who+" placed their ninjas")
	} else {
		out = append(out, who+" gave orders")
	}
	for _, ev := range e.Events {
		ev, ok := ev.For(r.Viewer())
		if !ok {
			continue
		}
		if l := t.event(ev); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func (t *Table) event(ev engine.Event) string {
	switch ev.Kind {
	case engine.EventPlaced:
		if len(ev.Squares) == 0 {
			return ""
		}
		var qs []string
		for _, q := range ev.Squares {
			qs = append(qs, q.String())
		}
		return "your ninjas start on " + strings.Join(qs, ", ")
	case engine.EventMoved:
		return fmt.Sprintf("your ninja %d moved to %s", ev.Ninja, ev.Square)
	case engine.EventTurned:
		return fmt.Sprintf("your ninja %d turned to face %s", ev.Ninja, ev.Face)
	case engine.EventStood:
		return fmt.Sprintf("your ninja %d stood on %s", ev.Ninja, ev.Square)
	case engine.EventNoSlash:
		return fmt.Sprintf("your ninja %d fell before it could slash", ev.Ninja)
	case engine.EventSlain:
		return fmt.Sprintf("your ninja %d was slain on %s", ev.Ninja, ev.Square)
	case engine.EventSlash:
		var w []string
		for s, snd := range ev.Sounds {
			if snd != engine.Silent {
				w = append(w, t.Name(rules.Seat(s))+" "+snd.String())
			}
		}
		return fmt.Sprintf("Slash! %s: %s", ev.Square, strings.Join(w, ", "))
	case engine.EventOut:
		return t.Name(ev.Seat) + " has no ninja left and is out"
	case engine.EventRound:
		return fmt.Sprintf("round %d begins", ev.N)
	case engine.EventOver:
		return "The game is over: " + t.Result()
	}
	return ""
}

// LogLines is the public history, the same for every role: who acted,
// each slash and its grunts and swishes, who went out, and a note for each
// action undo took back.
func (t *Table) LogLines(Role) []companion.LogLine {
	var out []companion.LogLine
	for _, e := range t.fullLog()[1:] {
		for _, l := range t.Story(e, Role{Table: true}) {
			out = append(out, companion.LogLine{Seq: e.Seq, Who: t.Name(e.Action.Seat), Action: l})
		}
	}
	for _, e := range t.takenEvents() {
		out = append(out, companion.LogLine{Seq: e.Seq, Who: "table", Action: "orders were taken back here", TakenBack: true})
	}
	slices.SortStableFunc(out, func(a, b companion.LogLine) int { return a.Seq - b.Seq })
	return out
}

// Last is the story of the last action, as r may read it.
func (t *Table) Last(r Role) []string { return t.Story(t.Log[len(t.Log)-1], r) }

// Undone says what undo took back; t is the table after it.
func (t *Table) Undone(_ Role, e companion.Event) string {
	what := fmt.Sprintf("Took back action %d", e.Seq)
	if a, err := t.decode(e); err == nil {
		what = fmt.Sprintf("Took back %s's %s", t.Name(a.Seat), map[engine.ActKind]string{engine.ActStart: "placement", engine.ActOrders: "orders"}[a.Kind])
	}
	return what + "\nWaiting: " + t.Waiting()
}
