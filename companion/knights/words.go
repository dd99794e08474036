package knights

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// CommandFor writes an action as the companion command that makes it, with
// names for seats: the engine's "attack 2 knight" is "play knight --at bob".
// The act command is the only place engine notation is typed or read.
func (t *Table) CommandFor(a engine.Action) string {
	var words []string
	for _, p := range a.Plays() {
		words = append(words, p.String())
	}
	cardWords := strings.Join(words, " ")
	name := func(s rules.Seat) string {
		if s == engine.NoSeat {
			return "NAME"
		}
		return t.seatName(s)
	}
	switch a.Type() {
	case engine.ActAttack:
		if a.FromFort() {
			return "play archer --fort --at " + name(a.Seat())
		}
		out := "play " + cardWords + " --at " + name(a.Seat())
		if a.Burns() {
			out += " --burn"
		}
		return out
	case engine.ActRespond:
		if t.Game.Phase() == engine.PhaseSteal {
			if p := a.Plays(); len(p) == 1 && p[0].Card == engine.Jester {
				return "steal jester --by " + name(a.Seat())
			}
			return "steal --by " + name(a.Seat())
		}
		return "respond " + cardWords + " --by " + name(a.Seat())
	case engine.ActTake:
		return "take " + cardWords + " --from " + name(a.Seat())
	case engine.ActSpecial:
		if a.Seat() != engine.NoSeat {
			return "play " + cardWords + " --at " + name(a.Seat())
		}
		return "play " + cardWords
	case engine.ActDiscard, engine.ActFortify, engine.ActShow:
		return a.Type().String() + " " + cardWords
	case engine.ActPayCards:
		return strings.TrimSpace("pay cards " + cardWords)
	}
	return a.Type().String()
}

// Waiting says what the game waits for, with the commands that answer it.
func (t *Table) Waiting() string {
	g := t.Game
	name := t.seatName
	switch g.Phase() {
	case engine.PhaseMain:
		if target := g.AttackTarget(); target != engine.NoSeat {
			return fmt.Sprintf("%s is attacking %s: play another card at %s, or pass to end the turn", name(g.Turn()), name(target), name(target))
		}
		if g.Players() == 2 {
			return fmt.Sprintf("%s is to fortify, attack, play a special action, or else discard or call a redeal", name(g.Turn()))
		}
		return fmt.Sprintf("%s is to fortify, attack, play a special action or discard", name(g.Turn()))
	case engine.PhaseRespond:
		atk, by, on := g.Pending()
		return fmt.Sprintf("%s is to answer %s (respond CARD --by %s), or pass to let it through", name(on), t.attacker(g, atk, by), name(on))
	case engine.PhaseSteal:
		holder, amount := g.Holder()
		asked := t.Asked()
		if len(asked) == 0 {
			return fmt.Sprintf("%s just took %s and nobody else has a card to steal them with: pass closes the window", name(holder), gems(amount))
		}
		return fmt.Sprintf("%s just took %s: every other player with cards steals them with a highwayman or lets them go (steal --by NAME, decline --by NAME); still to answer: %s", name(holder), gems(amount), t.names(asked))
	case engine.PhaseShow:
		n := "a card"
		if g.Players() == 2 {
			n = "2 cards"
		}
		return fmt.Sprintf("%s is to show %s to %s's herald (show CARD --by %s)", name(g.ToAct()), n, name(g.Turn()), name(g.ToAct()))
	case engine.PhaseTake:
		return fmt.Sprintf("%s is to take one shown card (take CARD --from NAME)", name(g.Turn()))
	case engine.PhaseTax:
		return fmt.Sprintf("%s is to pay %s's monk: pay gems, or pay cards", name(g.ToAct()), name(g.Turn()))
	case engine.PhasePurge:
		return fmt.Sprintf("%s is to discard 2 cards for the minstrel (discard CARD CARD)", name(g.ToAct()))
	case engine.PhaseDraft:
		return fmt.Sprintf("%s is drafting: keep or give", name(g.Turn()))
	}
	return fmt.Sprintf("the game is over: %s won", name(g.Winner()))
}

// Choices are one player's possible commands, grouped.
type Choices struct {
	Player string  `json:"player"`
	Count  int     `json:"count"`
	Groups []Group `json:"groups"`
	None   string  `json:"none,omitempty"` // why the player has nothing to do
	full   bool    // Text lists every command (Only)
}

// Group is the commands of one kind, e.g. every attack at one rival.
type Group struct {
	Name     string   `json:"name"`
	Commands []string `json:"commands"`
}

// group names the kind of choice an action is.
func (t *Table) group(a engine.Action) string {
	g := t.Game
	switch a.Type() {
	case engine.ActPass:
		switch g.Phase() {
		case engine.PhaseRespond:
			return "let the attack through"
		case engine.PhaseSteal:
			return "close the steal window"
		}
		return "end the turn"
	case engine.ActAttack:
		return "attack " + t.seatName(a.Seat())
	case engine.ActRespond:
		if g.Phase() == engine.PhaseSteal {
			return "steal the gems"
		}
		return "answer the attack"
	case engine.ActSpecial:
		return "special action"
	case engine.ActShow:
		return "show to the herald"
	case engine.ActTake:
		return "take a shown card"
	case engine.ActPayGems, engine.ActPayCards:
		return "pay the monk"
	case engine.ActKeep, engine.ActGive:
		return "draft"
	}
	return a.Type().String()
}

// Moves lists what a role may do now as runnable commands, grouped, one
// Choices per player. A seat sees its own choices, and a line saying so
// when it has nothing to do. The table sees the choices only where they
// reveal no hand: in a physical game, where the companion knows no hands.
func (t *Table) Moves(r Role) ([]Choices, error) {
	g := t.Game
	var seats []rules.Seat
	switch {
	case r.Bot:
		return nil, botRefusal(t.seatName(r.Seat))
	case !r.Table:
		seats = []rules.Seat{r.Seat}
	case g.Phase() == engine.PhaseOver:
		return []Choices{{Groups: []Group{}, None: "Nobody has anything to do: " + t.Waiting() + "."}}, nil
	case g.Phase() == engine.PhaseTake:
		return nil, fmt.Errorf("only %s sees the cards shown to the herald: ask with --as %s", t.seatName(g.Turn()), t.seatName(g.Turn()))
	case g.Mode() == engine.Physical:
		for s := range g.Players() {
			if len(g.LegalActionsFor(rules.Seat(s))) > 0 {
				seats = append(seats, rules.Seat(s))
			}
		}
	default:
		return nil, fmt.Errorf("with a digital deck the choices show a hand: ask with --as NAME")
	}
	var out []Choices
	for _, s := range seats {
		c := Choices{Player: t.seatName(s), Groups: []Group{}}
		for _, a := range g.LegalActionsFor(s) {
			if t.letGo(a) {
				continue
			}
			name, cmd := t.group(a), t.CommandFor(a)
			c.Count++
			if n := len(c.Groups); n > 0 && c.Groups[n-1].Name == name {
				c.Groups[n-1].Commands = append(c.Groups[n-1].Commands, cmd)
				continue
			}
			c.Groups = append(c.Groups, Group{Name: name, Commands: []string{cmd}})
		}
		if slices.Contains(t.Asked(), s) {
			c.Count++
			c.Groups = append(c.Groups, Group{Name: "let the gems go", Commands: []string{"decline --by " + c.Player}})
		}
		if c.Count == 0 {
			c.None = fmt.Sprintf("%s has nothing to do now: %s.", c.Player, t.Waiting())
		}
		out = append(out, c)
	}
	return out, nil
}

// LogLines tells the game so far as a role may read it: what happened, in
// table words. Plays are face up at the table; cards that pass between two
// seats unseen by the rest are told to those two only, the others read how
// many: cards paid to a Monk (ruling C-2), cards shown to a Herald and the
// one it takes (ruling K36). Cards a play undo took back showed stay noted
// (ruling C-11).
func (t *Table) LogLines(r Role) []companion.LogLine {
	var out []companion.LogLine
	for _, e := range t.fullLog() {
		who := t.whoName(e.Seat)
		// The line already starts with who: "ann: played a herald".
		told := strings.TrimPrefix(strings.Join(t.told(e, r), "; "), who+" ")
		out = append(out, companion.LogLine{Seq: e.Seq, Who: who, Action: told})
	}
	return companion.WithNotes(out, t.notes())
}

// told is what entry e did, as role r may read it.
func (t *Table) told(e Entry, r Role) []string {
	var out []string
	for _, l := range e.Story {
		out = append(out, l.For(r))
	}
	return out
}

// whoName names who an entry is by: a player, or the table.
func (t *Table) whoName(s rules.Seat) string {
	if s == engine.NoSeat {
		return "table"
	}
	return t.seatName(s)
}

// Summary is the end of the game told in a few lines: the winner, every
// kingdom's gems, the reshuffles and the turns; nil while the game goes on.
func (t *Table) Summary() []string {
	g := t.Game
	w := g.Winner()
	if w == engine.NoSeat {
		return nil
	}
	var kingdoms []string
	for s := range g.Players() {
		kingdoms = append(kingdoms, fmt.Sprintf("%s %d", t.seatName(rules.Seat(s)), g.Gems(rules.Seat(s))))
	}
	need := fmt.Sprintf("%d needed", g.Target())
	if g.Players() == 2 {
		need = "every gem"
	}
	reshuffles := fmt.Sprintf("%d reshuffles", g.Reshuffles())
	if g.Reshuffles() == 1 {
		reshuffles = "1 reshuffle"
	}
	turns := fmt.Sprintf("%d turns", t.Turns)
	if t.Turns == 1 {
		turns = "1 turn"
	}
	return []string{
		fmt.Sprintf("Game over: %s wins with %s (%s).", t.seatName(w), gems(g.Gems(w)), need),
		"Gems: " + strings.Join(kingdoms, ", ") + ".",
		fmt.Sprintf("%s, %s.", turns, reshuffles),
	}
}

// Echo is what the last logged event did, as the seat that acted may read
// it (the table for a steal window's close): whoever typed the play knows
// its cards, and it names no card that seat may not see.
func (t *Table) Echo() []string {
	if len(t.Log) == 0 {
		return nil
	}
	e := t.Log[len(t.Log)-1]
	if e.Seat == engine.NoSeat {
		return t.told(e, Role{Table: true})
	}
	return t.told(e, t.RoleOf(e.Seat))
}
