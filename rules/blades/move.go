package blades

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Action is what a move does: pass, a plain attack, or one of the seven
// Special Attacks.
type Action uint8

// Actions. The Special Attacks map onto card kinds by Card.
const (
	Pass Action = iota
	Attack
	PlayBomb
	PlayShuriken
	PlayDoubleKick
	PlayTripleKick
	PlayVanish
	PlayCircleKick
	PlayDoubleDragon
)

// Card is the card an action spends, and false for Pass and Attack.
func (a Action) Card() (Kind, bool) {
	if a < PlayBomb {
		return 0, false
	}
	return Kind(a - PlayBomb), true
}

// Move is one turn. From is the acting ninja; To is where it ends or what it
// targets: the landing cell of a bomb, the ninja hit by a shuriken or a Double
// Dragon, the last cell of a kick, the cell vanished to. Circle kick and Pass
// use To = From and no cells respectively.
type Move struct {
	Action   Action
	From, To Cell
}

// PassMove is the move that does nothing.
var PassMove = Move{Action: Pass}

var actionNames = [...]string{"pass", "attack", "bomb", "shuriken", "double-kick", "triple-kick", "vanish", "circle-kick", "double-dragon"}

// actionAliases are the words a move may start with: pass, attack, and every
// name of a card, which plays that card.
var actionAliases = func() map[string]Action {
	m := map[string]Action{"pass": Pass, "attack": Attack, "a": Attack}
	for name, k := range kindAliases {
		m[name] = PlayBomb + Action(k)
	}
	return m
}()

func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return fmt.Sprintf("action(%d)", a)
}

// cellsIn is how many cells an action's notation names.
func (a Action) cellsIn() int {
	switch a {
	case Pass:
		return 0
	case PlayCircleKick:
		return 1
	}
	return 2
}

// Format writes a move in the notation of a board: "attack c4 c5",
// "circle-kick e5", "pass".
func (m Move) Format(b *Board) string {
	switch m.Action.cellsIn() {
	case 0:
		return m.Action.String()
	case 1:
		return m.Action.String() + " " + b.CellName(m.From)
	}
	return m.Action.String() + " " + b.CellName(m.From) + " " + b.CellName(m.To)
}

// ParseMove reads a move in the notation of a board. Action names have short
// aliases (double, triple, circle, dragon, kick2, kick3), card names may be
// written as printed ("Circle kick"), two cells alone are an attack
// ("c4 c5"), and case and extra spaces do not matter. It checks the form
// only; legality is Apply's job.
func ParseMove(b *Board, text string) (Move, error) {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return Move{}, fmt.Errorf("%w: empty move: try \"attack c4 c5\" or \"pass\"", rules.ErrNotation)
	}
	a, ok := actionAliases[f[0]]
	if len(f) >= 2 {
		if two, found := actionAliases[f[0]+"-"+f[1]]; found {
			a, ok, f = two, true, f[1:]
		}
	}
	switch {
	case !ok && looksLikeCell(f[0]):
		a, f = Attack, append([]string{"attack"}, f...)
	case !ok:
		return Move{}, fmt.Errorf("%w: %w", rules.ErrNotation, NameError{Word: f[0], Move: true})
	}
	if want := a.cellsIn(); len(f)-1 != want {
		return Move{}, fmt.Errorf("%w: %s takes %d cell(s), like %q", rules.ErrNotation, a, want, example(a))
	}
	m := Move{Action: a}
	var err error
	if len(f) > 1 {
		if m.From, err = b.ParseCell(f[1]); err != nil {
			return Move{}, fmt.Errorf("%w: %w", rules.ErrNotation, err)
		}
		m.To = m.From
	}
	if len(f) > 2 {
		if m.To, err = b.ParseCell(f[2]); err != nil {
			return Move{}, fmt.Errorf("%w: %w", rules.ErrNotation, err)
		}
	}
	return m, nil
}

// looksLikeCell reports whether a word is shaped like a cell name (a
// letter and a row number), so that "c4 c5" reads as an attack and "z9 c5"
// is refused as a cell, not as an unknown move.
func looksLikeCell(w string) bool {
	if len(w) < 2 || len(w) > 3 || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	_, err := strconv.Atoi(w[1:])
	return err == nil
}

func example(a Action) string {
	switch a {
	case Pass:
		return "pass"
	case PlayCircleKick:
		return "circle-kick e5"
	}
	return a.String() + " c4 c5"
}
