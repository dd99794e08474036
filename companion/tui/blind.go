package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blind"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
)

// blind adapts a What Blind Ninjas? session to the table mode: the board
// is what the whole room hears, and each player gives orders from their
// own view, the only place their grid appears.
type blind struct {
	src  Source
	name string
	t    *cb.Table
	botSeats
}

// NewBlind loads a What Blind Ninjas? session for the table mode.
func NewBlind(src Source) (Game, error) {
	b := &blind{src: src}
	b.botSeats = newBotSeats(src, cb.NextBot, b.Refresh)
	return b, b.Refresh()
}

func (b *blind) Refresh() error {
	s, t, err := replayed(b.src, cb.Replay)
	if err != nil {
		return err
	}
	b.name, b.t = s.Name, t
	return b.load(s)
}

func (b *blind) Title() string { return "What Blind Ninjas?, session " + b.name }

func (b *blind) role(v Viewer) cb.Role {
	if v == Table {
		return cb.Role{Table: true}
	}
	return cb.Role{Seat: rules.Seat(v)}
}

func (b *blind) Name(v Viewer) string {
	if b.Bot(v) {
		return nameOf(b.t.Options.Names, v) + " (bot)"
	}
	return nameOf(b.t.Options.Names, v)
}

func (b *blind) Seat(word string) (Viewer, bool) {
	return seatOf(b.t.Seat, word)
}

// Waiting is the player to give orders, or the next to choose their
// starting squares: a person before a bot, since the bots place on their
// own; nobody once the bots are left alone with no turn limit.
func (b *blind) Waiting() (Viewer, bool) {
	g := b.t.Game
	switch g.Stage() {
	case engine.StageStart:
		for _, s := range g.Unplaced() {
			if !b.Bot(Viewer(s)) {
				return Viewer(s), true
			}
		}
		return Viewer(g.Unplaced()[0]), true
	case engine.StagePlay:
		if b.t.BotsAlone() {
			return Table, false // the bots stop (W-16)
		}
		return Viewer(g.ToAct()), true
	}
	return Table, false
}

// Private: every player has a grid only they may see; once the game is
// over the board shows every grid, so nobody has anything left to hide. A
// bot's grid is the referee's alone (W-16).
func (b *blind) Private(v Viewer) bool {
	return v != Table && !b.Bot(v) && b.t.Game.Stage() != engine.StageOver
}

// Board is what the whole room knows: who is in, whose turn, every slash
// heard; once the game is over, every grid.
func (b *blind) Board(s Styles) string {
	st := b.t.Status(b.role(Table))
	var sb strings.Builder
	sb.WriteString(st.Header())
	if st.Stage == "over" {
		sb.WriteString(st.Grids())
		sb.WriteString(s.Strong.Render("Game over: "+b.t.Result()) + "\n")
	}
	sb.WriteString(st.HeardText())
	return sb.String()
}

// Secret is the player's own grid and how to give orders.
func (b *blind) Secret(v Viewer, _ Styles) string {
	if !b.Private(v) {
		return ""
	}
	st := b.t.Status(b.role(v))
	hint := "Orders, one per living ninja in ninja order: m (move), t:n/e/s/w (turn),\ns (stand), x (slash). Example: m t:e s x\n"
	if b.t.Game.Stage() == engine.StageStart {
		hint = "Choose four squares of your edge: start b d e h (letters or squares).\n"
	}
	return st.Grids() + "\n" + hint
}

// Choices offers each living ninja's possible orders, the others standing:
// a line to start from and edit.
func (b *blind) Choices(v Viewer) []Choice {
	if v == Table || b.Bot(v) {
		return nil
	}
	g, seat := b.t.Game, rules.Seat(v)
	var out []Choice
	for k, os := range g.Choices(seat) {
		if len(os) == 0 {
			continue
		}
		at, face, _ := g.Ninja(seat, k+1)
		group := fmt.Sprintf("ninja %d on %s facing %s", k+1, at, face)
		for _, o := range os {
			var line []string
			for _, n := range g.Living(seat) {
				if n == k+1 {
					line = append(line, shortOrder(o))
				} else {
					line = append(line, "s")
				}
			}
			what := o.Kind.String()
			if o.Kind == engine.Turn {
				what = "turn " + o.Face.String()
			}
			out = append(out, Choice{Path: []string{group, what}, Text: strings.Join(line, " ")})
		}
	}
	return out
}

func shortOrder(o engine.Order) string {
	_, s, _ := strings.Cut(o.String(), ":")
	return s
}

func (b *blind) Words(Viewer) []string {
	return []string{"m", "s", "x", "t:n", "t:e", "t:s", "t:w", "start"}
}

// Do gives the viewer's orders (or starting squares) through the store
// and returns what the whole room hears: that they acted, and each slash
// with its grunts and swishes.
func (b *blind) Do(v Viewer, text string) (string, error) {
	if v == Table {
		return "", errors.New("orders are secret: press Enter on an empty line to hand the device over")
	}
	if b.Bot(v) {
		return "", fmt.Errorf("%s is a bot: the companion gives its orders", b.t.Name(rules.Seat(v)))
	}
	seat := rules.Seat(v)
	f := strings.Fields(text)
	var told []string
	err := b.src.Append(func(s companion.Session) ([]companion.Event, error) {
		t, err := cb.Replay(s)
		if err != nil {
			return nil, err
		}
		var a engine.Action
		switch {
		case len(f) > 0 && strings.EqualFold(f[0], "start"):
			a, err = t.Placement(seat, f[1:])
		case len(f) > 0 && strings.EqualFold(f[0], "orders"):
			a, err = t.Orders(seat, strings.Join(f[1:], " "))
		default:
			a, err = t.Orders(seat, text)
		}
		if err != nil {
			return nil, err
		}
		e, err := t.Act(a, seat)
		if err != nil {
			return nil, err
		}
		told = t.Last(cb.Role{Table: true})
		return []companion.Event{e}, nil
	})
	if err != nil {
		return "", err
	}
	if err := b.Refresh(); err != nil {
		return "", err
	}
	return strings.Join(told, "\n"), nil
}

// Undo: the table takes back the last orders or placement; in a player's
// own view only their own, as `companion blind undo --as` allows.
func (b *blind) Undo(v Viewer) (string, error) {
	e, err := takeBack(b.src, cb.Replay, func(t *cb.Table) error {
		by, ok := t.LastPerson()
		switch {
		case !ok:
			return errors.New("nothing to undo: no orders were given yet")
		case v != Table && by != rules.Seat(v):
			return fmt.Errorf("the last action is %s's: only they may take it back", t.Name(by))
		case t.BotBarrier() != "":
			return fmt.Errorf("%s: your orders cannot be taken back", t.BotBarrier())
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if err := b.Refresh(); err != nil {
		return "", err
	}
	return b.t.Undone(b.role(Table), e), nil
}
