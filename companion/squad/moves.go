package squad

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

// Move is one thing a role may report now. Its Command, typed as it
// stands (after `ninjakit companion squad`, or in the table mode), is
// accepted; What says it in a whole sentence.
type Move struct {
	Command string `json:"command"`
	What    string `json:"what"`
}

// MoveGroup is the moves of one kind, with what the group takes beyond
// them that no list can hold: what a move met, or a card that only its
// holder may see named.
type MoveGroup struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
	Moves []Move `json:"moves"`
	Note  string `json:"note,omitempty"`
}

// MoveList is everything a role may report now, grouped.
type MoveList struct {
	For     string      `json:"for"`
	Waiting string      `json:"waiting"`
	Count   int         `json:"count"`
	Groups  []MoveGroup `json:"groups"`
}

// The groups, in the order they are listed.
const (
	groupMove     = "Movement cards"
	groupSenjutsu = "Senjutsu cards"
	groupBuki     = "Buki cards"
	groupStar     = "Throwing Star token"
	groupTrap     = "Wana traps set"
	groupSprung   = "Wana traps sprung"
	groupGuard    = "Guards a rival took out"
	groupReached  = "Rivals moved by someone else"
	groupTurn     = "The turn"
	groupEnd      = "End of the movement phase"
	groupPatrols  = "Guard Phase"
	groupDraw     = "A card that came up"
)

var groupOrder = []string{groupMove, groupSenjutsu, groupBuki, groupStar, groupTrap, groupSprung, groupGuard, groupReached, groupTurn, groupEnd, groupPatrols, groupDraw}

// Moves lists what r may report now: public actions for everyone, card
// plays only for their holder. A play is listed once per card and route,
// with the least it must say it met; the group's note tells what else may
// be added.
func (t *Table) Moves(r Role) MoveList {
	g := t.Game
	ml := MoveList{For: "table", Waiting: t.Waiting(), Groups: []MoveGroup{}}
	if !r.Table {
		ml.For = t.Name(r.Seat)
	}
	groups := map[string]*MoveGroup{}
	seen := map[string]bool{}
	add := func(group, command, what string) {
		if seen[command] {
			return
		}
		seen[command] = true
		gr := groups[group]
		if gr == nil {
			gr = &MoveGroup{Name: group}
			groups[group] = gr
		}
		gr.Moves = append(gr.Moves, Move{command, what})
		gr.Count++
	}
	note := func(group, text string) {
		if gr := groups[group]; gr != nil {
			gr.Note = text
		} else {
			groups[group] = &MoveGroup{Name: group, Moves: []Move{}, Note: text}
		}
	}
	mine := func(s rules.Seat) bool { return !r.Table && r.Seat == s }
	mover := g.ToAct()
	who := t.Name(mover)
	var hiddenLoss rules.Seat = engine.NoSeat
	for _, a := range g.LegalActions() {
		switch a.Type {
		case engine.ActPlay:
			// Plays come with a bare move first, whenever one is legal;
			// only in a dash is the first play of a card and route one
			// that ran into a guard.
			c := fmt.Sprintf("move %d.%d", a.Card, a.Route)
			if a.Met.Guard && !seen[c] {
				add(groupMove, c+" guard", fmt.Sprintf("%s's dash ends at a guard on card %d, route %d.", who, a.Card, a.Route))
				seen[c] = true
				continue
			}
			add(groupMove, c, fmt.Sprintf("%s moves with card %d along route %d.", who, a.Card, a.Route))
		case engine.ActDash:
			add(groupMove, fmt.Sprintf("dash %d.%d", a.Route, a.Route2), fmt.Sprintf("%s dashes: card 1 on route %d, card 2 on route %d.", who, a.Route, a.Route2))
		case engine.ActFreeze:
			add(groupMove, "freeze", fmt.Sprintf("%s freezes and discards the face-up cards.", who))
		case engine.ActSenjutsu:
			if mine(a.Seat) {
				add(groupSenjutsu, fmt.Sprintf("senjutsu %s --by %s", a.Kind, t.Name(a.Seat)), fmt.Sprintf("%s uses the Senjutsu card %s.", t.Name(a.Seat), cardName(engine.SenjutsuPile, a.Kind)))
			}
		case engine.ActBuki:
			if mine(mover) {
				add(groupBuki, "buki "+a.Kind, fmt.Sprintf("%s uses the Buki card %s.", who, bukiUse(a.Kind)))
			}
		case engine.ActFire:
			if mine(mover) {
				add(groupBuki, "fire", fmt.Sprintf("%s shoots a Fire Arrow: a tile burns for a round.", who))
			}
		case engine.ActFlask:
			if mine(mover) {
				add(groupBuki, "flask", fmt.Sprintf("%s pours a Water Flask on a burning tile.", who))
			}
		case engine.ActStar:
			add(groupStar, "star", fmt.Sprintf("%s throws the Throwing Star token.", who))
		case engine.ActSetTrap:
			add(groupTrap, "trap "+a.Kind, fmt.Sprintf("%s sets the Wana trap %s.", who, wanaName(a.Kind)))
		case engine.ActSpring:
			victim := a.Rival()
			c := fmt.Sprintf("sprung %s --of %s", a.Kind, t.Name(a.Seat))
			what := fmt.Sprintf("%s stepped on %s's %s", who, t.Name(a.Seat), wanaName(a.Kind))
			if victim != engine.NoSeat {
				c += " --who " + t.Name(victim)
				what = fmt.Sprintf("%s was knocked onto %s's %s", t.Name(victim), t.Name(a.Seat), wanaName(a.Kind))
			} else {
				victim = mover
			}
			if a.Lost != "" {
				if !mine(victim) {
					hiddenLoss = victim
					continue
				}
				c += " --lost " + a.Lost
				what += " and loses " + cardName(engine.BukiPile, a.Lost)
			}
			add(groupSprung, c, what+".")
		case engine.ActGuard:
			n := t.Name(a.Seat)
			add(groupGuard, "guard "+n, fmt.Sprintf("%s, knocked into a guard or reached by one, misses a turn.", n))
		case engine.ActReached:
			// Listed once a rival, as reaching home; the note tells the rest.
			if a.Met == (engine.Met{Home: true}) {
				n := t.Name(a.Seat)
				add(groupReached, "reached "+n+" home", fmt.Sprintf("%s, moved by someone else, reaches %s.", n, goal(g.Mode())))
			}
		case engine.ActEndTurn:
			add(groupTurn, "end", fmt.Sprintf("%s ends the turn.", who))
		case engine.ActTimeUp:
			add(groupTurn, "time-up", "The Super Speedy timer ran out: the movement phase ends.")
		case engine.ActExposed:
			add(groupEnd, "exposed "+typedSeats(t.seatNames(a)), fmt.Sprintf("%s ended the phase on a road or out of cover.", sentenceSeats(t.seatNames(a), "Nobody")))
		case engine.ActPatrols:
			c, what := "patrols", "The patrols moved; nobody took one out."
			if names := t.seatNames(a); len(names) > 0 {
				c += " " + strings.Join(names, " ")
				what = fmt.Sprintf("The patrols moved; %s took one out.", sentenceSeats(names, ""))
			}
			add(groupPatrols, c, what)
		case engine.ActDraw:
			// Only the Alarm pile is open: what is left of the others
			// would tell who holds which card.
			if a.Pile == engine.AlarmPile {
				add(groupDraw, "draw "+a.Kind, fmt.Sprintf("%s came up for %s.", cardName(a.Pile, a.Kind), t.Name(a.Seat)))
			}
		}
	}
	t.moveNotes(r, groups, note, hiddenLoss)
	for _, name := range groupOrder {
		if gr := groups[name]; gr != nil {
			ml.Groups = append(ml.Groups, *gr)
			ml.Count += gr.Count
		}
	}
	return ml
}

// moveNotes adds what a group takes beyond its listed moves, from public
// facts only (card counts, stage), so a note never tells what a hand holds.
func (t *Table) moveNotes(r Role, groups map[string]*MoveGroup, note func(string, string), hiddenLoss rules.Seat) {
	g := t.Game
	st := g.Stage()
	moving := st == engine.StageMove || st == engine.StageAfter
	if gr := groups[groupMove]; gr != nil {
		what := "Add what it met: 2 cubes, 1 lantern, guard, home (the roof)."
		if g.Mode() == engine.Escape {
			what = "Add what it met: 2 cubes, guard, home (the Blue Forest)."
		}
		note(groupMove, what)
	}
	if groups[groupReached] != nil {
		what := "Instead of home or with it: 2 cubes, 1 lantern."
		if g.Mode() == engine.Escape {
			what = "Instead of home or with it: 2 cubes."
		}
		note(groupReached, what)
	}
	if g.Mode() == engine.Raid && st == engine.StageMove {
		for i := range g.Players() {
			s := rules.Seat(i)
			if (r.Table || r.Seat != s) && len(g.Hand(s, engine.SenjutsuPile)) > 0 {
				note(groupSenjutsu, "Holders see their Senjutsu cards in their own view.")
				break
			}
		}
	}
	mover := g.ToAct()
	if g.Mode() == engine.Escape && moving && (r.Table || r.Seat != mover) && len(g.Hand(mover, engine.BukiPile)) > 0 {
		note(groupBuki, fmt.Sprintf("%s's Buki cards show only in %s's own view.", t.Name(mover), t.Name(mover)))
	}
	if hiddenLoss != engine.NoSeat {
		note(groupSprung, fmt.Sprintf("The card a Trip Wire takes is listed in %s's own view.", t.Name(hiddenLoss)))
	}
	if p, s, ok := g.Owed(); ok && p != engine.AlarmPile {
		note(groupDraw, fmt.Sprintf("Name the %s card that came up for %s: draw, then its name.", map[engine.Pile]string{engine.SenjutsuPile: "Senjutsu", engine.BukiPile: "Buki"}[p], t.Name(s)))
	}
}

// Text lists the moves within 80 columns: each group with its count, a
// command and its sentence on each line, then the group's note.
func (ml MoveList) Text() string {
	var sb strings.Builder
	if len(ml.Groups) == 0 {
		return "Nothing to report now: " + ml.Waiting + ".\n"
	}
	who := ml.For
	if who == "table" {
		who = "the table"
	}
	fmt.Fprintf(&sb, "Moves for %s, %s in %s:\n", who, plural(ml.Count, "move"), plural(len(ml.Groups), "group"))
	// Commands longer than a column for commands get a line of their own.
	width := 0
	for _, gr := range ml.Groups {
		for _, m := range gr.Moves {
			if len(m.Command) <= 22 {
				width = max(width, len(m.Command))
			}
		}
	}
	for _, gr := range ml.Groups {
		fmt.Fprintf(&sb, "%s, %d:\n", gr.Name, gr.Count)
		for _, m := range gr.Moves {
			indent := strings.Repeat(" ", width+4)
			if len(m.Command) > width {
				sb.WriteString("  " + m.Command + "\n" + indent)
			} else {
				fmt.Fprintf(&sb, "  %-*s  ", width, m.Command)
			}
			sb.WriteString(strings.ReplaceAll(wrapTo(m.What, 80-len(indent)), "\n", "\n"+indent) + "\n")
		}
		if gr.Note != "" {
			sb.WriteString("  - " + strings.ReplaceAll(wrapTo(gr.Note, 74), "\n", "\n    ") + "\n")
		}
	}
	return sb.String()
}

// wrapTo breaks a sentence at spaces into lines of at most width.
func wrapTo(s string, width int) string {
	var lines []string
	for len(s) > width {
		cut := strings.LastIndexByte(s[:width+1], ' ')
		if cut <= 0 {
			break
		}
		lines = append(lines, s[:cut])
		s = s[cut+1:]
	}
	return strings.Join(append(lines, s), "\n")
}

func (t *Table) seatNames(a engine.Action) []string {
	var w []string
	for i := range t.Game.Players() {
		if a.Has(rules.Seat(i)) {
			w = append(w, t.Name(rules.Seat(i)))
		}
	}
	return w
}

// typedSeats is a set of seats as typed: names, or none.
func typedSeats(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, " ")
}

// sentenceSeats joins names as a sentence does: "ann, bob and cy".
func sentenceSeats(names []string, none string) string {
	switch len(names) {
	case 0:
		return none
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// goal is where a part's ninjas head for.
func goal(m engine.Mode) string {
	if m == engine.Escape {
		return "the Blue Forest"
	}
	return "the palace roof"
}

func wanaName(kind string) string {
	for _, w := range Data().Wana {
		if w.Kind == kind {
			return w.Name
		}
	}
	return kind
}

// bukiUse names a Buki card as used by `buki`: an Arrow card so used is a
// plain arrow (fire shoots it as a Fire Arrow).
func bukiUse(kind string) string {
	if kind == "arrow" {
		return "Arrow as a plain arrow"
	}
	return cardName(engine.BukiPile, kind)
}
