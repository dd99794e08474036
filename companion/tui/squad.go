package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

// squad adapts a Ninja Squad session to the table mode.
type squad struct {
	src  Source
	name string
	t    *cs.Table

	// The Super Speedy Ninjas countdown runs from the phase's start as the
	// session stores it (S-27), so reopening the table mode does not reset it;
	// when it runs out the table mode reports time-up itself. A session
	// logged before phases were stamped counts from when the table mode
	// first saw the phase.
	now     func() time.Time
	created time.Time
	phase   string // the part and phase the countdown runs for
	started time.Time
}

// NewSquad loads a Ninja Squad session for the table mode.
func NewSquad(src Source) (Game, error) { return NewSquadClock(time.Now)(src) }

// NewSquadClock is NewSquad with the clock the Super Speedy countdown
// reads (a fake one in tests).
func NewSquadClock(now func() time.Time) func(Source) (Game, error) {
	return func(src Source) (Game, error) {
		q := &squad{src: src, now: now}
		return q, q.Refresh()
	}
}

// limit is the movement phase's time in Super Speedy Ninjas.
func (q *squad) limit() time.Duration {
	t, _ := cs.Data().Target(q.t.Options.Players)
	return time.Duration(t.SpeedySeconds) * time.Second
}

// running reports whether the countdown runs now.
func (q *squad) running() bool {
	g := q.t.Game
	return q.t.Options.Speedy && g.Mode() == engine.Raid && (g.Stage() == engine.StageMove || g.Stage() == engine.StageAfter)
}

// countdown finds when the movement phase began and reports time-up once
// its time has run out and no turn is open; true when it did.
func (q *squad) countdown() (bool, error) {
	if !q.running() {
		q.phase = ""
		return false, nil
	}
	key := fmt.Sprint(q.t.Game.Mode(), q.t.Game.Phase())
	if at, ok := q.t.PhaseStarted(q.created); ok {
		q.phase, q.started = key, at
	} else if key != q.phase {
		q.phase, q.started = key, q.now()
	}
	if q.now().Sub(q.started) < q.limit() {
		return false, nil
	}
	reported := false
	err := q.src.Append(func(s companion.Session) ([]companion.Event, error) {
		t, err := cs.Replay(s)
		if err != nil {
			return nil, err
		}
		if t.Game.Phase() != q.t.Game.Phase() || t.Game.Stage() != engine.StageMove {
			return nil, nil // the table reported it meanwhile, or a turn is open
		}
		a, by, err := t.Build(cs.Report{Verb: "time-up"})
		if err != nil {
			return nil, err
		}
		e, err := t.Act(by, a, engine.NoSeat)
		if err != nil {
			return nil, err
		}
		reported = true
		return []companion.Event{e}, nil
	})
	return reported, err
}

// left is the time the countdown has left; a clock behind the stamp
// counts as the phase's start.
func (q *squad) left() time.Duration {
	return min(q.limit(), max(0, q.limit()-q.now().Sub(q.started))).Round(time.Second)
}

func (q *squad) Refresh() error {
	s, t, err := replayed(q.src, cs.Replay)
	if err != nil {
		return err
	}
	q.name, q.t, q.created = s.Name, t, s.Created
	if ran, err := q.countdown(); err != nil || !ran {
		return err
	}
	return q.Refresh()
}

func (q *squad) Title() string { return "Ninja Squad, session " + q.name }

func (q *squad) role(v Viewer) cs.Role {
	if v == Table {
		return cs.Role{Table: true}
	}
	return cs.Role{Seat: rules.Seat(v)}
}

func (q *squad) Name(v Viewer) string {
	return nameOf(q.t.Options.Names, v)
}

func (q *squad) Seat(word string) (Viewer, bool) {
	return seatOf(q.t.Seat, word)
}

// Waiting is the ninja to act in a movement turn; the table reports the
// rest (exposure, patrols, cards that came up).
func (q *squad) Waiting() (Viewer, bool) {
	switch q.t.Game.Stage() {
	case engine.StageMove, engine.StageAfter:
		return Viewer(q.t.Game.ToAct()), true
	}
	return Table, false
}

// Private: every ninja may hold Senjutsu or Buki cards only it may read.
func (q *squad) Private(v Viewer) bool { return v != Table }

// Board is the status as the whole table may read it.
func (q *squad) Board(s Styles) string {
	st := q.t.Status(q.role(Table))
	var sb strings.Builder
	sb.WriteString(st.Text())
	if q.running() && q.phase != "" {
		l := q.left()
		sb.WriteString(s.Strong.Render(fmt.Sprintf("Super Speedy: %d:%02d left in this movement phase", int(l.Minutes()), int(l.Seconds())%60)) + "\n")
	}
	if last := companion.LastPlayed(q.t.LogLines(q.role(Table))); last.Who != "" {
		fmt.Fprintf(&sb, "Last: %s\n", last.Told())
	}
	if st.Result != "playing" {
		sb.WriteString(s.Strong.Render("Game over: "+q.t.Waiting()) + "\n")
	}
	return sb.String()
}

// Secret is a ninja's own Senjutsu and Buki cards.
func (q *squad) Secret(v Viewer, _ Styles) string {
	if v == Table {
		return ""
	}
	st := q.t.Status(q.role(v))
	for _, p := range st.Players {
		if p.Hand != nil {
			if len(p.Hand) == 0 {
				return "Your cards: none\n"
			}
			var w []string
			for k, n := range p.Hand {
				if n > 1 {
					k = fmt.Sprintf("%s x%d", k, n)
				}
				w = append(w, k)
			}
			return "Your cards: " + strings.Join(sortedStrings(w), ", ") + "\n"
		}
	}
	return ""
}

func sortedStrings(w []string) []string {
	for i := range w {
		for j := i + 1; j < len(w); j++ {
			if w[j] < w[i] {
				w[i], w[j] = w[j], w[i]
			}
		}
	}
	return w
}

func (q *squad) Choices(v Viewer) []Choice {
	var out []Choice
	for _, g := range q.t.Moves(q.role(v)).Groups {
		for _, m := range g.Moves {
			out = append(out, Choice{Path: []string{g.Name, m.What}, Text: m.Command})
		}
	}
	return out
}

func (q *squad) Words(Viewer) []string { return cs.Verbs }

// parseSquad reads a typed line as the one-shot commands take it: a verb,
// its words, and --by, --of, --who, --lost.
func parseSquad(text string) (cs.Report, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return cs.Report{}, fmt.Errorf("type a verb: %s", strings.Join(cs.Verbs, ", "))
	}
	r := cs.Report{Verb: f[0]}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "--by", "--of", "--who", "--lost":
			if i+1 >= len(f) {
				return r, fmt.Errorf("%s needs a word after it", f[i])
			}
			v := f[i+1]
			switch f[i] {
			case "--by":
				r.By = v
			case "--of":
				r.Of = v
			case "--who":
				r.Who = v
			default:
				r.Lost = v
			}
			i++
		default:
			r.Args = append(r.Args, f[i])
		}
	}
	return r, nil
}

// Do reports one action through the store. In a ninja's own view the
// action is that ninja's, and a refusal is worded for it; typed for the
// table, a refusal that rests on a hand stays neutral.
func (q *squad) Do(v Viewer, text string) (string, error) {
	r, err := parseSquad(text)
	if err != nil {
		return "", err
	}
	if v != Table {
		if r.By != "" {
			if s, ok := q.Seat(r.By); !ok || s != v {
				return "", fmt.Errorf("this is %s's own view: only %s acts here", q.Name(v), q.Name(v))
			}
		}
		r.By = q.Name(v)
	}
	viewer := engine.NoSeat
	if v != Table {
		viewer = rules.Seat(v)
	}
	var told []string
	err = q.src.Append(func(s companion.Session) ([]companion.Event, error) {
		t, err := cs.Replay(s)
		if err != nil {
			return nil, err
		}
		t.Clock = q.now
		a, by, err := t.Build(r)
		if err != nil {
			return nil, err
		}
		e, err := t.Act(by, a, viewer)
		if err != nil {
			return nil, err
		}
		told = t.Last(cs.Role{Table: true})
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

func (q *squad) Undo(Viewer) (string, error) {
	e, err := takeBack[*cs.Table](q.src, cs.Replay, nil)
	if err != nil {
		return "", err
	}
	if err := q.Refresh(); err != nil {
		return "", err
	}
	return q.t.Undone(q.role(Table), e), nil
}
