package blades

import (
	"fmt"
	"strings"

	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Removal is one ninja a move eliminated.
type Removal struct {
	Cell   engine.Cell
	Colour engine.Colour
}

// removals lists what a legal move is about to eliminate, for the log and
// the end-of-game summary; call it before the move is applied.
func (t *Table) removals(m engine.Move) []Removal {
	var out []Removal
	for _, c := range t.Pos.Removed(m) {
		col, _ := t.Pos.At(c)
		out = append(out, Removal{Cell: c, Colour: col})
	}
	return out
}

// CardName is a card's name as printed on it ("Double kick").
func (t *Table) CardName(k engine.Kind) string { return t.rules.Data.Deck.Cards[k].Name }

// CardNames lists every card's printed name, for messages that explain
// what may be typed.
func (t *Table) CardNames() string {
	var names []string
	for k := range engine.NumKinds {
		names = append(names, t.CardName(k))
	}
	return strings.Join(names, ", ")
}

// tense holds the verbs a move is told with: after it was made, for the
// log, or before, for a phone that asks whether this is the move meant.
type tense struct {
	pass, removed, landed, took, stepped, ended, noneLeft string
}

var (
	past    = tense{"passed", "removed", "landed on", "took", "stepped in", "ended on", "has no ninjas left"}
	present = tense{"passes", "removes", "lands on", "takes", "steps in", "ends on", "is left with no ninjas"}
)

// narrate tells in table words what a move does, from the position before
// it: "Red's Shuriken from c4 removed a Blue ninja on c8".
func (t *Table) narrate(s engine.Seat, m engine.Move, gone []Removal, v tense) string {
	b := t.Pos.Board()
	cell := b.CellName
	who := t.rules.Name(t.Pos.Colour(s))
	var card string
	if k, ok := m.Action.Card(); ok {
		card = who + "'s " + t.CardName(k)
	}
	var text string
	switch m.Action {
	case engine.Pass:
		return who + " " + v.pass
	case engine.Attack:
		text = fmt.Sprintf("%s's attack from %s %s %s", who, cell(m.From), v.removed, t.ninjas(gone))
	case engine.PlayShuriken:
		text = fmt.Sprintf("%s from %s %s %s", card, cell(m.From), v.removed, t.ninjas(gone))
	case engine.PlayDoubleKick, engine.PlayTripleKick:
		text = fmt.Sprintf("%s from %s %s %s and %s %s", card, cell(m.From), v.removed, t.ninjas(gone), v.ended, cell(m.To))
	case engine.PlayBomb:
		text = fmt.Sprintf("%s from %s %s %s and %s %s", card, cell(m.From), v.landed, cell(m.To), v.removed, t.ninjas(gone))
	case engine.PlayVanish:
		return fmt.Sprintf("%s %s the ninja on %s to %s", card, v.took, cell(m.From), cell(m.To))
	case engine.PlayCircleKick:
		text = fmt.Sprintf("%s on %s %s %s", card, cell(m.From), v.removed, t.ninjas(gone))
	case engine.PlayDoubleDragon:
		text = fmt.Sprintf("%s %s %s; the ninja from %s %s", card, v.removed, t.ninjas(gone), cell(m.From), v.stepped)
	}
	return text + t.wipedOut(gone, v)
}

// ninjas lists removed ninjas by colour, in the order met: "a Blue ninja on
// c8", "2 Blue ninjas on c5 and c6 and a Red ninja on c4".
func (t *Table) ninjas(gone []Removal) string {
	var order []engine.Colour
	cells := map[engine.Colour][]string{}
	for _, g := range gone {
		if cells[g.Colour] == nil {
			order = append(order, g.Colour)
		}
		cells[g.Colour] = append(cells[g.Colour], t.Pos.Board().CellName(g.Cell))
	}
	var parts []string
	for _, c := range order {
		name, on := t.rules.Name(c), andList(cells[c])
		if len(cells[c]) == 1 {
			parts = append(parts, fmt.Sprintf("a %s ninja on %s", name, on))
		} else {
			parts = append(parts, fmt.Sprintf("%d %s ninjas on %s", len(cells[c]), name, on))
		}
	}
	if len(parts) == 0 {
		return "nobody"
	}
	return andList(parts)
}

// wipedOut names the dojos a move leaves without a ninja.
func (t *Table) wipedOut(gone []Removal, v tense) string {
	lost := map[engine.Colour]int{}
	var order []engine.Colour
	for _, g := range gone {
		if lost[g.Colour] == 0 {
			order = append(order, g.Colour)
		}
		lost[g.Colour]++
	}
	out := ""
	for _, c := range order {
		if t.Pos.Count(c) == lost[c] {
			out += fmt.Sprintf("; %s %s", t.rules.Name(c), v.noneLeft)
		}
	}
	return out
}

func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Summary is the end of a game told to the table.
type Summary struct {
	Turns  int           `json:"turns"`
	Passes int           `json:"passes"`
	Seats  []SeatSummary `json:"seats"`
	// CommonPrey is the 2-player game's hunted colour and what is left of it.
	CommonPrey *ColourLeft `json:"commonPrey,omitempty"`
}

// SeatSummary is what one seat did and suffered over the game (as far as
// this session's log goes: a game started from a position counts from there).
type SeatSummary struct {
	Seat    int    `json:"seat"`
	Colour  string `json:"colour"`
	Left    int    `json:"ninjasLeft"`
	Removed int    `json:"removed"`
	Prey    int    `json:"preyRemoved"`
	Lost    int    `json:"lost"`
}

// ColourLeft is a colour nobody plays and how many of its ninjas remain.
type ColourLeft struct {
	Colour string `json:"colour"`
	Left   int    `json:"ninjasLeft"`
	Lost   int    `json:"lost"`
}

// summary counts the log's moves and removals for the end of the game.
func (t *Table) summary() *Summary {
	p := t.Pos
	sum := &Summary{}
	removed := make([]int, p.Players())
	prey := make([]int, p.Players())
	lost := map[engine.Colour]int{}
	for _, e := range t.fullLog() {
		if e.Kind != "move" {
			continue
		}
		sum.Turns++
		if e.Move.Action == engine.Pass {
			sum.Passes++
		}
		removed[e.Seat] += len(e.Removed)
		prey[e.Seat] += e.PreyRemoved
		for _, g := range e.Removed {
			lost[g.Colour]++
		}
	}
	for i := range p.Players() {
		c := p.Colour(engine.Seat(i))
		sum.Seats = append(sum.Seats, SeatSummary{Seat: i + 1, Colour: t.rules.Name(c), Left: p.Count(c), Removed: removed[i], Prey: prey[i], Lost: lost[c]})
	}
	if p.Players() == 2 {
		c := p.Target()
		sum.CommonPrey = &ColourLeft{Colour: t.rules.Name(c), Left: p.Count(c), Lost: lost[c]}
	}
	return sum
}

// text writes the summary and the result within 80 columns.
func (sum *Summary) text(res *Result, two bool) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d turns were played, %d of them passes.\n", sum.Turns, sum.Passes)
	for _, s := range sum.Seats {
		fmt.Fprintf(&sb, "  seat %d %-7s %2d ninjas left, removed %d (%d of them prey), lost %d\n", s.Seat, s.Colour, s.Left, s.Removed, s.Prey, s.Lost)
	}
	if c := sum.CommonPrey; c != nil {
		fmt.Fprintf(&sb, "  common prey %-7s %2d ninjas left, lost %d\n", c.Colour, c.Left, c.Lost)
	}
	unit := "ninjas left"
	if two {
		unit = "prey eliminated"
	}
	best := res.Scores[res.Winners[0]-1]
	if best == 1 {
		unit = strings.Replace(unit, "ninjas", "ninja", 1)
	}
	var names []string
	for _, w := range res.Winners {
		names = append(names, fmt.Sprintf("seat %d (%s)", w, sum.Seats[w-1].Colour))
	}
	if res.Tie {
		fmt.Fprintf(&sb, "Game over: a tie between %s, %d %s each.\n", andList(names), best, unit)
		sb.WriteString("The rulebook does not split a tie: it suggests you play another game.\n")
	} else {
		fmt.Fprintf(&sb, "Game over: %s wins with %d %s.\n", names[0], best, unit)
	}
	return sb.String()
}
