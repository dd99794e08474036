package tui

import (
	"errors"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	"github.com/ninjakit/ninjakit/companion/scorpion/commit"
	"github.com/ninjakit/ninjakit/layouts"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// scorpion adapts a Scorpion Clan session to the table mode. The viewers
// are the roles (guard, or sword and spear; ninja, traitor; moderator): in
// this game nearly every action is secret to the other side, so every
// action is typed in a role's own view, after the screen was passed to it.
type scorpion struct {
	src  Source
	name string
	t    *sc.Table
	// bases are the castle's drawings under the pieces, by the screen's
	// size: the map is the session's, so each is drawn once.
	bases map[layouts.Rect]string
	botSeats
}

// NewScorpion loads a Scorpion Clan session for the table mode.
func NewScorpion(src Source) (Game, error) {
	q := &scorpion{src: src}
	q.botSeats = newBotSeats(src, sc.NextBot, q.Refresh)
	return q, q.Refresh()
}

func (q *scorpion) Refresh() error {
	s, t, err := replayed(q.src, sc.Replay)
	if err != nil {
		return err
	}
	q.name, q.t = s.Name, t
	return q.load(s)
}

func (q *scorpion) Title() string { return "Scorpion Clan, session " + q.name }

func (q *scorpion) roles() []string { return q.t.Options.Roles() }

// role is who v reads as: a bot seat reads as the table, since what it
// knows is the companion's alone (ruling SC-30).
func (q *scorpion) role(v Viewer) sc.Role {
	if v == Table || int(v) >= len(q.roles()) || q.Bot(v) {
		return sc.TableRole
	}
	r, err := q.t.ParseRole(q.roles()[v])
	if err != nil {
		return sc.TableRole
	}
	return r
}

func (q *scorpion) Name(v Viewer) string {
	if q.Bot(v) {
		return nameOf(q.roles(), v) + " (bot)"
	}
	return nameOf(q.roles(), v)
}

func (q *scorpion) Seat(word string) (Viewer, bool) {
	w := strings.ToLower(strings.TrimSpace(word))
	for i, r := range q.roles() {
		if r == w {
			return Viewer(i), true
		}
	}
	return Table, false
}

// Waiting is the first role the game waits for: during a guards' listen
// that is the traitor (cat or pass), so the screen goes to him and back.
func (q *scorpion) Waiting() (Viewer, bool) {
	for _, r := range q.t.Game.Waiting() {
		if v, ok := q.Seat(r.String()); ok {
			return v, true
		}
	}
	return Table, false
}

// KeepsView keeps a role's own view open after its action while the game
// still waits on that role (a set-up step by step, an intruder's moves):
// who is waited on is public, so staying tells the table nothing (ruling
// C-20).
func (q *scorpion) KeepsView(v Viewer) bool {
	if v == Table {
		return false
	}
	for _, r := range q.t.Game.Waiting() {
		if r.String() == nameOf(q.roles(), v) {
			return true
		}
	}
	return false
}

// Private: every role holds secrets; a bot's are the companion's alone,
// so its view is never shown (ruling SC-30).
func (q *scorpion) Private(v Viewer) bool { return v != Table && !q.Bot(v) }

// Board is the status as the whole table may read it, and the last thing
// that happened there; right after a side's set-up was sealed, its
// commitment as a QR code too, to photograph.
func (q *scorpion) Board(Styles) string {
	var b strings.Builder
	b.WriteString(q.t.Status(sc.TableRole).Text())
	if last := companion.LastPlayed(q.t.LogLines(sc.TableRole)); last.Who != "" {
		b.WriteString("Last: " + last.Who + ": " + last.Action + "\n")
	}
	if s := q.t.Log[len(q.t.Log)-1].Sealed; s != nil {
		p := s.Public()
		b.WriteString("The " + p.Side + "' commitment, to write down or photograph: " + p.Short + "\n")
		commit.QR(&b, p.Short)
	}
	return b.String()
}

// Secret is what the role knows beyond the board above it: its side's
// placements, hands and positions, or for the moderator everything; the
// lines the whole table reads alike are left out.
func (q *scorpion) Secret(v Viewer, _ Styles) string {
	if v == Table || q.Bot(v) {
		return ""
	}
	public := map[string]bool{}
	for _, l := range strings.Split(q.t.Status(sc.TableRole).Text(), "\n") {
		public[l] = true
	}
	var b strings.Builder
	for _, l := range strings.Split(q.t.Status(q.role(v)).Text(), "\n") {
		if !public[l] {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

func (q *scorpion) Choices(v Viewer) []Choice {
	if v == Table || q.Bot(v) {
		return nil
	}
	var out []Choice
	for _, g := range q.t.Moves(q.role(v)).Groups {
		head := g.Verb + ": " + g.Name
		for _, m := range g.Moves {
			out = append(out, Choice{Path: []string{head}, Text: m})
		}
		for _, f := range g.From {
			for _, m := range f.Moves {
				out = append(out, Choice{Path: []string{head, f.From}, Text: m})
			}
		}
	}
	return out
}

func (q *scorpion) Words(Viewer) []string { return sc.Verbs }

// Do logs one action typed in a role's own view. Typed for the table it
// is refused: every action is some role's, and its answer is private.
func (q *scorpion) Do(v Viewer, text string) (string, error) {
	if v == Table {
		return "", errors.New("actions are typed in a role's own view: press Enter to pass the device")
	}
	a, err := engine.ParseAction(text)
	if err != nil {
		return "", err
	}
	var told []string
	err = q.src.Append(func(s companion.Session) ([]companion.Event, error) {
		t, err := sc.Replay(s)
		if err != nil {
			return nil, err
		}
		r, err := t.ParseRole(q.roles()[v])
		if err != nil {
			return nil, err
		}
		e, err := t.Act(r, a)
		if err != nil {
			return nil, err
		}
		told = t.Last(sc.TableRole)
		return []companion.Event{e}, nil
	})
	if err != nil {
		return "", err
	}
	if err := q.Refresh(); err != nil {
		return "", err
	}
	return strings.Join(told, "; "), nil
}

// Undo is a role's, typed in its own view, with the checks of `companion
// scorpion undo --as ROLE` (C-18): at the shared screen even a refusal
// would tell the table whether the last hidden action showed anything.
func (q *scorpion) Undo(v Viewer) (string, error) {
	if v == Table {
		return "", errors.New("only the side that acted takes its action back: type undo in that role's own view")
	}
	r := q.role(v)
	e, err := takeBack(q.src, sc.Replay, func(t *sc.Table) error { return t.MayUndo(r) })
	if err != nil {
		return "", err
	}
	if err := q.Refresh(); err != nil {
		return "", err
	}
	return q.t.Undone(sc.TableRole, e), nil
}
