package squad

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
)

// Position writes the whole state, hidden hands included, as one line of
// space-separated key=value fields (a bug report, a test's start).
func (g *Game) Position() string {
	mode := g.mode.String()
	if g.full {
		mode = "full-" + mode
	}
	w := []string{
		"squad1", "mode=" + mode, "draws=" + g.draws.String(),
		"speedy=" + b2s(g.speedy), fmt.Sprintf("seed=%d", g.seed), fmt.Sprintf("step=%d", g.step),
		fmt.Sprintf("phase=%d", g.phase), fmt.Sprintf("round=%d", g.round),
		"turn=" + g.turn.String(), "first=" + g.first.String(),
		"stage=" + g.stage.String(), fmt.Sprintf("gstep=%d", g.gstep),
		fmt.Sprintf("alarm=%d/%d", g.alarm, g.target), fmt.Sprintf("guards=%d", g.guards),
		"fires=" + seatList(g.fires), "home=" + seatList(g.homeAt),
		"result=" + g.result.String(), "winner=" + seatList([]rules.Seat{g.winner}),
	}
	var pend []string
	for _, p := range g.pending {
		pend = append(pend, p.Pile.String()+":"+p.Seat.String())
	}
	w = append(w, "pending="+orDash(strings.Join(pend, ",")))
	var piles []string
	for _, p := range g.piles {
		piles = append(piles, ints(p.Draw)+";"+ints(p.Discard))
	}
	w = append(w, "piles="+strings.Join(piles, "|"))
	var seats []string
	for _, s := range g.seats {
		n := []int{s.Draw, s.Up, s.Played, s.Discarded, s.Missed, b2i(s.Footstep), b2i(s.Blind), b2i(s.Dash),
			s.Cubes, s.Lanterns, s.Guards, b2i(s.StarUsed), b2i(s.Exposed), b2i(s.Home)}
		seats = append(seats, strings.Join([]string{ints(n), ints(s.Senjutsu), ints(s.Buki), ints(s.Wana)}, ":"))
	}
	w = append(w, "seats="+strings.Join(seats, "/"))
	return strings.Join(w, " ")
}

// ParsePosition reads a Position line for the game data d.
func ParsePosition(d *data.Squad, text string) (*Game, error) {
	g, err := parsePosition(d, text)
	if err != nil {
		return nil, fmt.Errorf("%w: position: %v", rules.ErrNotation, err)
	}
	return g, nil
}

func parsePosition(d *data.Squad, text string) (*Game, error) {
	f := strings.Fields(text)
	if len(f) == 0 || f[0] != "squad1" {
		return nil, fmt.Errorf("a position starts with squad1")
	}
	kv := map[string]string{}
	for _, x := range f[1:] {
		k, v, ok := strings.Cut(x, "=")
		if !ok || kv[k] != "" {
			return nil, fmt.Errorf("field %q: want one key=value per key", x)
		}
		kv[k] = v
	}
	p := &reader{kv: kv}
	seatsText := strings.Split(kv["seats"], "/")
	n := len(seatsText)
	if _, ok := d.Target(n); !ok {
		return nil, fmt.Errorf("%d seats: no game for that many", n)
	}
	g := &Game{d: d}
	mode := kv["mode"]
	g.full = strings.HasPrefix(mode, "full-")
	g.mode = Mode(p.index("mode", strings.TrimPrefix(mode, "full-"), modeNames[:2]))
	g.draws = Draws(p.index("draws", kv["draws"], drawsNames[:]))
	g.speedy = p.num("speedy") == 1
	seed, err := strconv.ParseUint(kv["seed"], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("seed %q", kv["seed"])
	}
	g.seed = seed
	g.step, g.phase, g.round, g.gstep, g.guards = p.num("step"), p.num("phase"), p.num("round"), p.num("gstep"), p.num("guards")
	g.turn, g.first = p.seat("turn", kv["turn"], n), p.seat("first", kv["first"], n)
	g.stage = Stage(p.index("stage", kv["stage"], stageNames[:]))
	g.result = Result(p.index("result", kv["result"], resultNames[:]))
	g.winner = NoSeat
	if kv["winner"] != "-" {
		g.winner = p.seat("winner", kv["winner"], n)
	}
	a, t, _ := strings.Cut(kv["alarm"], "/")
	g.alarm, g.target = p.atoi("alarm", a), p.atoi("alarm", t)
	g.fires, g.homeAt = p.seats("fires", n), p.seats("home", n)
	if pend := kv["pending"]; pend != "-" {
		for _, x := range strings.Split(pend, ",") {
			pl, s, _ := strings.Cut(x, ":")
			g.pending = append(g.pending, pending{Pile(p.index("pending", pl, pileNames[:])), p.seat("pending", s, n)})
		}
	}
	piles := strings.Split(kv["piles"], "|")
	if len(piles) != 3 {
		return nil, fmt.Errorf("piles: want alarm|senjutsu|buki")
	}
	for i, cards := range [][]data.SquadCard{d.Alarm, d.Senjutsu, d.Buki} {
		dr, di, _ := strings.Cut(piles[i], ";")
		g.piles[i] = pile{p.list("piles", dr, len(cards)), p.list("piles", di, len(cards))}
	}
	for _, st := range seatsText {
		parts := strings.Split(st, ":")
		if len(parts) != 4 {
			return nil, fmt.Errorf("seat %q: want counts:senjutsu:buki:wana", st)
		}
		c := p.list("seats", parts[0], 14)
		g.seats = append(g.seats, player{Draw: c[0], Up: c[1], Played: c[2], Discarded: c[3], Missed: c[4],
			Footstep: c[5] == 1, Blind: c[6] == 1, Dash: c[7] == 1, Cubes: c[8], Lanterns: c[9], Guards: c[10],
			StarUsed: c[11] == 1, Exposed: c[12] == 1, Home: c[13] == 1,
			Senjutsu: p.list("seats", parts[1], len(d.Senjutsu)), Buki: p.list("seats", parts[2], len(d.Buki)), Wana: p.list("seats", parts[3], len(d.Wana))})
	}
	if p.err != nil {
		return nil, p.err
	}
	if err := g.check(); err != nil {
		return nil, err
	}
	return g, nil
}

// check refuses positions no game could reach in the ways a typo makes.
func (g *Game) check() error {
	size := g.d.Setup.DeckSize
	for i, s := range g.seats {
		if s.Draw+s.Up+s.Played+s.Discarded != size || s.Up > 2 {
			return fmt.Errorf("seat %s: movement cards must add up to %d with at most 2 face up", rules.Seat(i), size)
		}
		for _, w := range s.Wana {
			if w > trapSprung {
				return fmt.Errorf("seat %s: a trap is held (0), set (1) or sprung (2)", rules.Seat(i))
			}
		}
	}
	for p := range g.piles {
		held := 0
		for i := range g.seats {
			if Pile(p) != AlarmPile {
				h, _ := g.hand(rules.Seat(i), Pile(p))
				held += sum(h)
			}
		}
		total := 0
		for _, c := range g.cards(Pile(p)) {
			total += c.Count
		}
		if g.piles[p].total()+held != total {
			return fmt.Errorf("%s cards must add up to %d", Pile(p), total)
		}
	}
	if g.stage == StageDraw && len(g.pending) == 0 {
		return fmt.Errorf("stage draw needs a pending card")
	}
	if g.phase < 1 || g.round < 1 || g.round > g.d.Setup.Rounds+1 {
		return fmt.Errorf("phase %d round %d: out of range", g.phase, g.round)
	}
	return nil
}

// reader collects the first parse error so the fields read in one go.
type reader struct {
	kv  map[string]string
	err error
}

func (r *reader) fail(key, v string) {
	if r.err == nil {
		r.err = fmt.Errorf("%s: %q does not read", key, v)
	}
}

func (r *reader) atoi(key, v string) int {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		r.fail(key, v)
	}
	return n
}

func (r *reader) num(key string) int { return r.atoi(key, r.kv[key]) }

func (r *reader) index(key, v string, names []string) int {
	i := slices.Index(names, v)
	if i < 0 {
		r.fail(key, v)
		return 0
	}
	return i
}

func (r *reader) seat(key, v string, n int) rules.Seat {
	s, err := rules.ParseSeat(v, n)
	if err != nil {
		r.fail(key, v)
	}
	return s
}

func (r *reader) seats(key string, n int) []rules.Seat {
	v := r.kv[key]
	if v == "-" {
		return nil
	}
	var out []rules.Seat
	for _, x := range strings.Split(v, ",") {
		out = append(out, r.seat(key, x, n))
	}
	return out
}

func (r *reader) list(key, v string, n int) []int {
	f := strings.Split(v, ".")
	if len(f) != n {
		r.fail(key, v)
		return make([]int, n)
	}
	out := make([]int, n)
	for i, x := range f {
		out[i] = r.atoi(key, x)
	}
	return out
}

func ints(xs []int) string {
	w := make([]string, len(xs))
	for i, x := range xs {
		w[i] = strconv.Itoa(x)
	}
	return strings.Join(w, ".")
}

func seatList(ss []rules.Seat) string {
	var w []string
	for _, s := range ss {
		if s != NoSeat {
			w = append(w, s.String())
		}
	}
	return orDash(strings.Join(w, ","))
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func b2s(b bool) string { return strconv.Itoa(b2i(b)) }
