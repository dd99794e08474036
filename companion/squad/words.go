package squad

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

// Report is one verb as typed at the table, before it becomes an action.
type Report struct {
	Verb  string
	Args  []string
	By    string // who acts ("" for whoever the game waits for)
	Of    string // a sprung trap's owner
	Who   string // a rival knocked onto a trap ("" for the ninja to act)
	Lost  string // a Trip Wire's lost card (physical piles)
	Cubes int
}

// Verbs are the table verbs, in the order help lists them.
var Verbs = []string{"move", "dash", "freeze", "senjutsu", "buki", "fire", "flask", "star", "trap", "sprung", "guard", "reached", "end", "time-up", "exposed", "patrols", "draw"}

// normal reads a table word in any case, with spaces or dashes.
func normal(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("'", "", "!", "", "_", "-", " ", "-", "/", "-").Replace(s)
	for strings.Contains(s, "--") {
		s = strings.ReplaceAll(s, "--", "-")
	}
	return strings.Trim(s, "-")
}

// Kind finds a card of a pile (or the Wana tokens, with wana) by its
// printed name or kind, or a unique beginning of one.
func Kind(cards []data.SquadCard, what, typed string) (string, error) {
	w := normal(typed)
	if w == "" {
		return "", fmt.Errorf("name the %s card", what)
	}
	var hits []string
	for _, c := range cards {
		if w == c.Kind || w == normal(c.Name) {
			return c.Kind, nil
		}
		if strings.HasPrefix(c.Kind, w) || strings.HasPrefix(normal(c.Name), w) {
			hits = append(hits, c.Kind)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	var all []string
	for _, c := range cards {
		all = append(all, c.Kind)
	}
	article := "a"
	if strings.ContainsRune("AEIOU", rune(what[0])) {
		article = "an"
	}
	msg := fmt.Sprintf("%q is not %s %s card: choose %s", typed, article, what, strings.Join(all, ", "))
	if len(msg) > 68 {
		if len(typed) > 12 {
			typed = typed[:12] + "..."
		}
		msg = fmt.Sprintf("%q is no %s card (ninjakit help companion squad)", typed, what)
	}
	return "", errors.New(msg)
}

// parseMet reads what a move met: "2 cubes", "cubes 2", "c2", "1 lantern",
// "guard", "home" (also "roof", "palace-roof", "forest", "blue-forest").
func parseMet(words []string) (engine.Met, error) {
	joined := " " + strings.ToLower(strings.Join(words, " ")) + " "
	for _, ph := range [][2]string{{"blue forest", "forest"}, {"blue-forest", "forest"}, {"palace roof", "roof"}, {"took out a guard", "guard"}, {"took out guard", "guard"}, {"a guard", "guard"}} {
		joined = strings.ReplaceAll(joined, " "+ph[0]+" ", " "+ph[1]+" ")
	}
	words = strings.Fields(joined)
	var m engine.Met
	var num int
	pending := false
	set := func(what string, n int) error {
		switch what {
		case "cube", "cubes", "c":
			if m.Cubes != 0 {
				return fmt.Errorf("cubes are given twice")
			}
			m.Cubes = n
		case "lantern", "lanterns", "l":
			if m.Lanterns != 0 {
				return fmt.Errorf("lanterns are given twice")
			}
			m.Lanterns = n
		default:
			return fmt.Errorf("%q: say what the move met, as 2 cubes, 1 lantern, guard, home", what)
		}
		return nil
	}
	for i := 0; i < len(words); i++ {
		w := normal(words[i])
		if n, err := strconv.Atoi(w); err == nil {
			if pending || n < 0 || n > maxMet {
				return m, fmt.Errorf("%q: a card's route meets 0 to 4 cubes or lanterns, a dash 0 to 8, as 2 cubes", words[i])
			}
			num, pending = n, true
			continue
		}
		switch w {
		case "guard", "guards", "took-out-guard":
			m.Guard = true
			continue
		case "home", "roof", "palace-roof", "palace", "forest", "blue-forest":
			m.Home = true
			continue
		}
		if pending {
			if err := set(w, num); err != nil {
				return m, err
			}
			pending = false
			continue
		}
		if len(w) == 2 && (w[0] == 'c' || w[0] == 'l') && w[1] >= '0' && w[1] <= '0'+maxMet {
			if err := set(w[:1], int(w[1]-'0')); err != nil {
				return m, err
			}
			continue
		}
		if i+1 < len(words) {
			if n, err := strconv.Atoi(words[i+1]); err == nil && n >= 0 && n <= maxMet {
				if err := set(w, n); err != nil {
					return m, err
				}
				i++
				continue
			}
		}
		return m, fmt.Errorf("%q: say what the move met, as 2 cubes, 1 lantern, guard, home", words[i])
	}
	if pending {
		return m, fmt.Errorf("%d of what? say 2 cubes or 1 lantern", num)
	}
	return m, nil
}

// maxMet is the most cubes or lanterns a report names: a dash's two
// routes; the engine holds a single card's route to 4.
const maxMet = 8

func parsePair(s, what string) (int, int, error) {
	s = strings.NewReplacer("/", ".", ":", ".", "-", ".").Replace(strings.TrimSpace(s))
	l, r, ok := strings.Cut(s, ".")
	x, e1 := strconv.Atoi(l)
	y, e2 := strconv.Atoi(r)
	if !ok || e1 != nil || e2 != nil || x < 1 || x > 2 || y < 1 || y > 2 {
		return 0, 0, fmt.Errorf("%q: give %s as two numbers 1 or 2, as 1.2", s, what)
	}
	return x, y, nil
}

// Build turns a table verb into the engine's action. by is the acting seat
// (NoSeat: whoever the game waits for).
func (t *Table) Build(r Report) (engine.Action, rules.Seat, error) {
	g := t.Game
	d := Data()
	a := engine.Action{Seat: engine.NoSeat}
	by := engine.NoSeat
	if r.By != "" {
		s, err := t.Seat(r.By)
		if err != nil {
			return a, by, fmt.Errorf("--by: %w", err)
		}
		by = s
	}
	mover := g.ToAct()
	if by != engine.NoSeat {
		mover = by
	}
	args := r.Args
	need := func(what string) (string, error) {
		if len(args) == 0 {
			return "", fmt.Errorf("%s needs %s", r.Verb, what)
		}
		return strings.Join(args, "-"), nil
	}
	none := func() error {
		if len(args) > 0 {
			return fmt.Errorf("%s takes no words after it, not %q", r.Verb, args[0])
		}
		return nil
	}
	var err error
	switch normal(r.Verb) {
	case "move", "play":
		a.Type = engine.ActPlay
		if len(args) == 0 {
			return a, by, fmt.Errorf("move needs the card and route, as 1.2 (card 1, route 2)")
		}
		if a.Card, a.Route, err = parsePair(args[0], "the card and route"); err != nil {
			return a, by, err
		}
		a.Met, err = parseMet(args[1:])
	case "dash":
		a.Type = engine.ActDash
		if len(args) == 0 {
			return a, by, fmt.Errorf("dash needs the route on each card, as 1.2")
		}
		if a.Route, a.Route2, err = parsePair(args[0], "the routes on the two cards"); err != nil {
			return a, by, err
		}
		a.Met, err = parseMet(args[1:])
	case "freeze":
		a.Type, err = engine.ActFreeze, none()
	case "senjutsu":
		a.Type, a.Seat = engine.ActSenjutsu, mover
		var w string
		if w, err = need("a card, as ninja dash"); err == nil {
			a.Kind, err = Kind(d.Senjutsu, "Senjutsu", w)
		}
	case "buki":
		a.Type, a.Seat = engine.ActBuki, mover
		var w string
		if w, err = need("a card, as spear"); err == nil {
			a.Kind, err = Kind(d.Buki, "Buki", w)
		}
		if a.Kind == "water-flask" {
			a = engine.Action{Type: engine.ActFlask, Seat: mover}
		}
	case "fire", "fire-arrow":
		a.Type, a.Seat, err = engine.ActFire, mover, none()
	case "flask", "water-flask":
		a.Type, a.Seat, err = engine.ActFlask, mover, none()
	case "star", "throwing-star":
		a.Type, a.Seat, err = engine.ActStar, mover, none()
	case "trap", "set":
		a.Type, a.Seat = engine.ActSetTrap, mover
		var w string
		if w, err = need("a Wana token, as caltrops"); err == nil {
			a.Kind, err = Kind(d.Wana, "Wana", w)
		}
	case "sprung", "spring":
		a.Type = engine.ActSpring
		if r.Of == "" {
			return a, by, fmt.Errorf("sprung needs --of NAME: whose trap it was")
		}
		if a.Seat, err = t.Seat(r.Of); err != nil {
			return a, by, fmt.Errorf("--of: %w", err)
		}
		var w string
		if w, err = need("a Wana token, as trip wire"); err == nil {
			a.Kind, err = Kind(d.Wana, "Wana", w)
		}
		if err == nil && r.Lost != "" {
			a.Lost, err = Kind(d.Buki, "Buki", r.Lost)
		}
		if err == nil && r.Who != "" {
			var v rules.Seat
			if v, err = t.Seat(r.Who); err != nil {
				return a, by, fmt.Errorf("--who: %w", err)
			}
			if v != g.ToAct() {
				a.Seats = engine.Seats(v)
			}
		}
	case "guard", "took-out", "took-out-guard":
		a.Type = engine.ActGuard
		if len(args) != 1 {
			return a, by, fmt.Errorf("guard needs the one rival who took out a guard, as guard bob")
		}
		if a.Seat, err = t.Seat(args[0]); err != nil {
			return a, by, err
		}
	case "reached", "pushed":
		a.Type = engine.ActReached
		if len(args) == 0 {
			return a, by, fmt.Errorf("reached needs the rival moved, then what it met, as reached bob home")
		}
		if a.Seat, err = t.Seat(args[0]); err != nil {
			return a, by, err
		}
		a.Met, err = parseMet(args[1:])
	case "end", "end-turn", "done":
		a.Type, err = engine.ActEndTurn, none()
	case "time-up", "time", "timeup":
		a.Type, err = engine.ActTimeUp, none()
	case "exposed", "patrols":
		a.Type = engine.ActExposed
		if normal(r.Verb) == "patrols" {
			a.Type = engine.ActPatrols
		}
		var seats []rules.Seat
		for _, w := range args {
			for _, n := range strings.Split(w, ",") {
				if n == "" || normal(n) == "none" || normal(n) == "nobody" {
					continue
				}
				s, err := t.Seat(n)
				if err != nil {
					return a, by, err
				}
				seats = append(seats, s)
			}
		}
		a.Seats = engine.Seats(seats...)
	case "draw", "drew":
		a.Type = engine.ActDraw
		p, s, ok := g.Owed()
		if !ok {
			return a, by, fmt.Errorf("%w: no card is owed from a pile now", rules.ErrIllegal)
		}
		a.Seat, a.Pile = s, p
		cards := map[engine.Pile][]data.SquadCard{engine.AlarmPile: d.Alarm, engine.SenjutsuPile: d.Senjutsu, engine.BukiPile: d.Buki}[p]
		var w string
		if w, err = need("the card that came up"); err == nil {
			a.Kind, err = Kind(cards, map[engine.Pile]string{engine.AlarmPile: "Alarm", engine.SenjutsuPile: "Senjutsu", engine.BukiPile: "Buki"}[p], w)
		}
	default:
		return a, by, fmt.Errorf("unknown verb %q: choose %s", r.Verb, strings.Join(Verbs, ", "))
	}
	return a, by, err
}
