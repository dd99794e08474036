package blind

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Position writes the whole state, every grid included, as one line of
// key=value fields; the slashes heard so far are history and not part of
// it. A ninja is its square and facing (a1n), a slain one "-" and its
// square (-b3), a seat still to place its ninjas "?".
func (g *Game) Position() string {
	var seats []string
	for _, p := range g.players {
		if !p.Placed {
			seats = append(seats, "?")
			continue
		}
		var ns []string
		for _, n := range p.Ninjas {
			t := strings.ToLower(n.At.String())
			if n.Alive {
				t += n.Face.Letter()
			} else {
				t = "-" + t
			}
			ns = append(ns, t)
		}
		seats = append(seats, strings.Join(ns, ","))
	}
	var win []string
	for _, s := range g.winners {
		win = append(win, s.String())
	}
	w := []string{"blind1", fmt.Sprintf("players=%d", len(g.players)), "first=" + g.first.String(),
		"next=" + g.toAct.String(), "stage=" + g.stage.String(), fmt.Sprintf("turn=%d", g.turn),
		fmt.Sprintf("round=%d", g.round), fmt.Sprintf("limit=%d", g.limit),
		"winners=" + orDash(strings.Join(win, ",")), "seats=" + strings.Join(seats, "/")}
	return strings.Join(w, " ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// ParsePosition reads a Position line.
func ParsePosition(text string) (*Game, error) {
	g, err := parsePosition(text)
	if err != nil {
		return nil, fmt.Errorf("%w: position: %v", rules.ErrNotation, err)
	}
	return g, nil
}

func parsePosition(text string) (*Game, error) {
	f := strings.Fields(text)
	if len(f) == 0 || f[0] != "blind1" {
		return nil, fmt.Errorf("a position starts with blind1")
	}
	kv := map[string]string{}
	for _, x := range f[1:] {
		k, v, ok := strings.Cut(x, "=")
		if _, dup := kv[k]; !ok || dup {
			return nil, fmt.Errorf("field %q: want one key=value per key", x)
		}
		kv[k] = v
	}
	if len(kv) != 9 {
		return nil, fmt.Errorf("want the fields players, first, next, stage, turn, round, limit, winners, seats")
	}
	num := func(k string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(kv[k])
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%s=%q: want a number from %d to %d", k, kv[k], lo, hi)
		}
		return n, nil
	}
	players, err := num("players", 2, 4)
	if err != nil {
		return nil, err
	}
	first, err := rules.ParseSeat(kv["first"], players)
	if err != nil {
		return nil, err
	}
	limit, err := num("limit", 0, 999)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(Options{Players: players, First: first, Turns: limit})
	if err != nil {
		return nil, err
	}
	if g.toAct, err = rules.ParseSeat(kv["next"], players); err != nil {
		return nil, err
	}
	if g.turn, err = num("turn", 0, 1<<20); err != nil {
		return nil, err
	}
	if g.round, err = num("round", 1, 1<<20); err != nil {
		return nil, err
	}
	stage := -1
	for i, n := range stageNames {
		if kv["stage"] == n {
			stage = i
		}
	}
	if stage < 0 {
		return nil, fmt.Errorf("stage=%q: want start, play or over", kv["stage"])
	}
	g.stage = Stage(stage)
	if kv["winners"] != "-" {
		for _, w := range strings.Split(kv["winners"], ",") {
			s, err := rules.ParseSeat(w, players)
			if err != nil {
				return nil, err
			}
			g.winners = append(g.winners, s)
		}
	}
	seats := strings.Split(kv["seats"], "/")
	if len(seats) != players {
		return nil, fmt.Errorf("seats: want %d seats", players)
	}
	for s, text := range seats {
		if err := g.readSeat(rules.Seat(s), text); err != nil {
			return nil, fmt.Errorf("seat %d: %v", s+1, err)
		}
	}
	return g, g.consistent()
}

func (g *Game) readSeat(s rules.Seat, text string) error {
	p := &g.players[s]
	*p = player{}
	if text == "?" {
		return nil
	}
	ns := strings.Split(text, ",")
	if len(ns) != Ninjas {
		return fmt.Errorf("want four ninjas")
	}
	for k, t := range ns {
		n := ninja{Alive: !strings.HasPrefix(t, "-")}
		t = strings.TrimPrefix(t, "-")
		if n.Alive {
			if len(t) < 3 {
				return fmt.Errorf("ninja %q: want a square and a facing, as a1n", t)
			}
			face, err := ParseFacing(t[len(t)-1:])
			if err != nil {
				return err
			}
			n.Face, t = face, t[:len(t)-1]
		}
		q, err := ParseSquare(t)
		if err != nil {
			return err
		}
		if !g.grid.On(q) || strings.ToLower(q.String()) != t {
			return fmt.Errorf("ninja %q: not a square of the %s grid", t, g.grid)
		}
		for j := range k {
			if o := p.Ninjas[j]; n.Alive && o.Alive && o.At == q {
				return fmt.Errorf("ninjas %d and %d share %s", j+1, k+1, q)
			}
		}
		n.At = q
		p.Ninjas[k] = n
	}
	p.Placed = true
	p.Out = len(g.Living(s)) == 0
	return nil
}

// consistent refuses a position no game could reach in its stage.
func (g *Game) consistent() error {
	unplaced, in := len(g.Unplaced()), 0
	for s := range g.players {
		if !g.players[s].Out && g.players[s].Placed {
			in++
		}
	}
	switch {
	case g.stage == StageStart && (len(g.players) == 2 || unplaced == 0 || g.turn != 0):
		return fmt.Errorf("stage=start: some seat is still to place its ninjas, before any turn")
	case g.stage != StageStart && unplaced > 0:
		return fmt.Errorf("stage=%s: every seat has placed its ninjas", g.stage)
	case g.stage == StagePlay && (in < 2 || g.players[g.toAct].Out || len(g.winners) > 0):
		return fmt.Errorf("stage=play: two seats or more are in, next is one of them, nobody has won")
	case g.stage == StagePlay && g.limit > 0 && g.round > g.limit:
		return fmt.Errorf("round=%d: past the turn limit", g.round)
	case g.stage == StageOver && in > 1 && g.limit == 0:
		return fmt.Errorf("stage=over: one seat at most is left")
	}
	return nil
}
