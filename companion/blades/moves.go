package blades

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// MoveList is what the player to move may do, as a role may see it.
type MoveList struct {
	Seat   int    `json:"seat,omitempty"`
	Colour string `json:"colour,omitempty"`
	// Moves are every visible move in engine notation, Groups the same moves
	// by action and acting ninja.
	Moves  []string    `json:"moves"`
	Groups []MoveGroup `json:"groups"`
	// CardsHidden says card moves were left out because the role may not
	// see the mover's hand; it is set whatever the hand holds, if it holds
	// any card.
	CardsHidden bool `json:"cardMovesHidden"`
	// OnlyPass says the player has nothing to do but pass.
	OnlyPass bool `json:"onlyPass"`
	// Waiting says why nobody moves: cards still to choose, or the end.
	Waiting string `json:"waiting,omitempty"`
}

// MoveGroup is one action's moves: attacks, or one card's plays.
type MoveGroup struct {
	Action string      `json:"action"` // the word that starts the move
	Name   string      `json:"name"`   // as printed: "Attack", "Double kick"
	Count  int         `json:"count"`
	From   []FromGroup `json:"from"`
}

// FromGroup is the moves of one ninja within a group: the cells it may
// reach or target.
type FromGroup struct {
	From string   `json:"from"`
	To   []string `json:"to"`
}

// Moves lists the legal moves of the player to move that a role may see:
// with hidden hands, card moves show only to the mover, since they would
// reveal the hand.
func (t *Table) Moves(r Role) MoveList {
	p := t.Pos
	ml := MoveList{Moves: []string{}, Groups: []MoveGroup{}}
	switch p.Phase() {
	case engine.Choosing:
		ml.Waiting = "players are still choosing which cards to keep"
		return ml
	case engine.Over:
		ml.Waiting = "the game is over"
		return ml
	}
	s := p.Turn()
	ml.Seat, ml.Colour = int(s)+1, t.rules.Name(p.Colour(s))
	// Hand sizes are public: an empty hand hides no play.
	ml.CardsHidden = p.Cards() == engine.HiddenHands && !t.sees(r, s) && p.Hand(s).Size() > 0
	b := p.Board()
	byAction := map[engine.Action]int{}
	for _, m := range p.LegalMoves(nil) {
		if _, card := m.Action.Card(); card && ml.CardsHidden {
			continue
		}
		ml.Moves = append(ml.Moves, m.Format(b))
		if m.Action == engine.Pass {
			continue
		}
		i, ok := byAction[m.Action]
		if !ok {
			i = len(ml.Groups)
			byAction[m.Action] = i
			ml.Groups = append(ml.Groups, MoveGroup{Action: m.Action.String(), Name: t.actionName(m.Action)})
		}
		g := &ml.Groups[i]
		g.Count++
		from := b.CellName(m.From)
		if n := len(g.From); n == 0 || g.From[n-1].From != from {
			g.From = append(g.From, FromGroup{From: from})
		}
		if m.Action != engine.PlayCircleKick {
			f := &g.From[len(g.From)-1]
			f.To = append(f.To, b.CellName(m.To))
		}
	}
	// Attacks first, then the cards in the order of the deck.
	var groups []MoveGroup
	for a := engine.Attack; a <= engine.PlayDoubleDragon; a++ {
		if i, ok := byAction[a]; ok {
			groups = append(groups, ml.Groups[i])
		}
	}
	ml.Groups = append(ml.Groups[:0], groups...)
	for _, g := range ml.Groups {
		for _, f := range g.From {
			slices.SortFunc(f.To, byColumn)
		}
	}
	ml.OnlyPass = len(ml.Groups) == 0 && !ml.CardsHidden
	return ml
}

func (t *Table) actionName(a engine.Action) string {
	if k, ok := a.Card(); ok {
		return t.CardName(k)
	}
	return "Attack"
}

// Only finds in a list the group of an action word or card name as typed
// ("bomb", "Circle kick", "attack"), to list just those moves; a group with
// no move comes back empty.
func (t *Table) Only(ml MoveList, word string) (MoveGroup, error) {
	a := engine.Attack
	if strings.ToLower(strings.TrimSpace(word)) != "attack" {
		k, err := engine.ParseKind(word)
		if err != nil {
			return MoveGroup{}, t.explain(err)
		}
		a = engine.PlayBomb + engine.Action(k)
	}
	for _, g := range ml.Groups {
		if g.Action == a.String() {
			return g, nil
		}
	}
	return MoveGroup{Action: a.String(), Name: t.actionName(a)}, nil
}

// maxGroupLines is how many lines one group may take before the list shows
// only its count; a Bomb or Vanishing can have hundreds of moves.
const maxGroupLines = 6

// Text lists the moves for a terminal, grouped, within 80 columns. With
// only set, it lists that one group in full.
func (ml MoveList) Text(only *MoveGroup) string {
	var sb strings.Builder
	if ml.Waiting != "" {
		return "Nobody moves: " + ml.Waiting + ".\n"
	}
	who := fmt.Sprintf("seat %d (%s)", ml.Seat, ml.Colour)
	if only != nil {
		switch {
		case only.Count == 0 && ml.CardsHidden && only.Action != engine.Attack.String():
			return fmt.Sprintf("Card plays of %s show only to that player: --as %d\n", who, ml.Seat)
		case only.Count == 0:
			return fmt.Sprintf("No %s move for %s now.\n", only.Name, who)
		}
		sb.WriteString(only.text(true))
		return sb.String()
	}
	if ml.OnlyPass {
		return fmt.Sprintf("Moves of %s: nothing to do but pass (ninjakit companion blades pass).\n", who)
	}
	fmt.Fprintf(&sb, "Moves of %s, %d besides passing:\n", who, len(ml.Moves)-1)
	for _, g := range ml.Groups {
		sb.WriteString(g.text(false))
	}
	if len(ml.Groups) == 0 {
		sb.WriteString("  no attack\n")
	}
	if ml.CardsHidden {
		fmt.Fprintf(&sb, "Card plays, if any, show only to the player to move: --as %d\n", ml.Seat)
	}
	sb.WriteString("Play one: ninjakit companion blades c4 c5 (attack), or a card and cells, or pass\n")
	return sb.String()
}

// text writes a group: a heading with the count, then each ninja's moves
// ("c4: c5 d4"), or only the count when the list would be long.
func (g MoveGroup) text(full bool) string {
	var items []string
	for _, f := range g.From {
		items = append(items, strings.TrimSpace(f.From+": "+strings.Join(f.To, " ")))
	}
	if g.Action == engine.PlayCircleKick.String() {
		items = []string{}
		for _, f := range g.From {
			items = append(items, f.From)
		}
	}
	body := wrapItems(items, 78, "  ")
	head := fmt.Sprintf("%s, %d move(s)", g.Name, g.Count)
	if g.Action != engine.PlayCircleKick.String() {
		head += fmt.Sprintf(" from %d ninja(s)", len(g.From))
	}
	if !full && strings.Count(body, "\n") >= maxGroupLines {
		return fmt.Sprintf("%s, too many to show here:\n  list them with: ninjakit companion blades moves %s\n", head, g.Action)
	}
	return head + ":\n" + body + "\n"
}

// wrapItems joins items with a gap and breaks lines between items, so that
// one ninja's moves stay together; an item too long for a line gets lines
// of its own.
func wrapItems(items []string, width int, indent string) string {
	var sb strings.Builder
	line := 0
	for i, it := range items {
		long := len(indent)+len(it) > width
		switch {
		case i == 0:
			sb.WriteString(indent)
			line = len(indent)
		case long || line+3+len(it) > width:
			sb.WriteString("\n" + indent)
			line = len(indent)
		default:
			sb.WriteString("   ")
			line += 3
		}
		if long {
			it = Wrap(it, width-len(indent), "    ")
			sb.WriteString(strings.ReplaceAll(it, "\n", "\n"+indent))
			line = width
			continue
		}
		sb.WriteString(it)
		line += len(it)
	}
	return sb.String()
}

// byColumn orders cell names column by column, then by row ("c2" < "c10"
// < "d1"), the way players scan a board.
func byColumn(a, b string) int {
	ra, _ := strconv.Atoi(a[1:])
	rb, _ := strconv.Atoi(b[1:])
	return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(ra, rb))
}
