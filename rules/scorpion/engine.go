package scorpion

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Play is an action as the engine interface (rules.Engine) holds it: the
// command in its canonical written form ("ssearch YA5 YA6 YA7", "move
// CA2"), comparable and read back by ParseAction.
type Play string

// State is a game behind the engine interface. The seats are the roles:
// the guard players first (guard, or sword and spear), then the ninja and
// the traitor. Beside the game it keeps what each seat has read (the
// events of every action, as that role reads them) and the public record
// a determinization draws from (ruling E-6).
//
// Set-up is played through the interface as the game's own random fill
// (ruling E-6): in set-up a seat's only actions are random and ready.
type State struct {
	g     *Game
	b     *board
	roles []Role
	logs  [4]*logLine
	k     record
	// bel is the guards' belief of where the hidden intruders are (E-9),
	// kept up by the state the table plays (track); a sample drawn from
	// it (likely) keeps it for its Redraw.
	bel           *belief
	track, likely bool
}

// logLine is the last line a seat has read, linked to the one before:
// copies of a state share what they read before they were copied, and a
// line read after costs one small allocation, never a copy of the log (a
// search rates hundreds of plays, each on a copy, in games of hundreds
// of actions).
type logLine struct {
	prev *logLine
	text string
}

// lines is the log up to l, oldest first.
func (l *logLine) lines() []string {
	n := 0
	for x := l; x != nil; x = x.prev {
		n++
	}
	out := make([]string, n)
	for x := l; x != nil; x = x.prev {
		n--
		out[n] = x.text
	}
	return out
}

var _ rules.Engine[*State, Play] = (*State)(nil)

// NewState puts the engine interface on a game (a copy of it). A game past
// set-up starts with an empty record: everything the view allows.
func NewState(g *Game) *State {
	s := &State{g: g.Clone(), b: boardOf(g.d), roles: append(g.guardRoles(), RoleNinja, RoleTraitor), track: true}
	s.k = s.b.initial(s.g)
	return s
}

// Game is the game (a copy).
func (s *State) Game() *Game { return s.g.Clone() }

// Role is the role a seat plays.
func (s *State) Role(seat rules.Seat) (Role, bool) {
	if int(seat) < 0 || int(seat) >= len(s.roles) {
		return 0, false
	}
	return s.roles[seat], true
}

// Seat is the seat of a role.
func (s *State) Seat(r Role) (rules.Seat, bool) {
	for i, x := range s.roles {
		if x == r {
			return rules.Seat(i), true
		}
	}
	return rules.NoSeat, false
}

// Clone is an independent copy; the logs are shared (see logLine).
func (s *State) Clone() *State {
	c := *s
	c.g = s.g.Clone()
	return &c
}

// Searched reports whether zone was searched and found empty, a public
// fact of the record (a zone a search found something in is in the
// View's Found).
func (s *State) Searched(zone string) bool {
	i, ok := s.b.index[zone]
	return ok && s.k.searched.has(i)
}

// Redraw is a determinization for seat (Determinize) drawn from a copy of
// the game's own random source, so the same state always gives the same
// draw. Inside one seat's search, the state holds what another seat may
// not know; a bot rating that seat's plays on its Redraw rates them as
// that seat could. A sample drawn by DeterminizeLikely redraws the same
// way.
func (s *State) Redraw(seat rules.Seat) *State {
	src := s.g.src
	if s.likely {
		return s.DeterminizeLikely(seat, rand.New(&src))
	}
	return s.Determinize(seat, rand.New(&src))
}

// Players is the number of seats: three with one guard player, four with
// two.
func (s *State) Players() int { return len(s.roles) }

// ToAct lists the seats that may act now: every seat still setting up,
// the guard players in their phases, the intruders still to play their
// phase, or the role a question waits on.
func (s *State) ToAct(buf []rules.Seat) []rules.Seat {
	if s.g.phase == PhaseOver {
		return buf
	}
	for _, r := range s.g.asked() {
		if seat, ok := s.Seat(r); ok {
			buf = append(buf, seat)
		}
	}
	return buf
}

// Actions lists seat's legal plays: the game's Choices, each one checked
// step. In set-up these are random and ready (E-6).
func (s *State) Actions(seat rules.Seat, buf []Play) []Play {
	r, ok := s.Role(seat)
	if !ok {
		return buf
	}
	for _, c := range s.g.Choices(r) {
		if s.g.phase == PhaseSetup && c != "random" && c != "ready" {
			continue
		}
		buf = append(buf, Play(c))
	}
	return buf
}

// Act applies a play through Apply, the checks a typed command goes
// through, and records what each seat read of it.
func (s *State) Act(seat rules.Seat, p Play) error {
	r, ok := s.Role(seat)
	if !ok {
		return fmt.Errorf("%w: no seat %s", rules.ErrIllegal, seat)
	}
	a, err := ParseAction(string(p))
	if err != nil {
		return err
	}
	before := s.snapshot()
	ev, err := s.g.Apply(r, a)
	if err != nil {
		return err
	}
	for i, role := range s.roles {
		for _, e := range ev {
			if t, ok := e.For(role); ok {
				s.logs[i] = &logLine{s.logs[i], t}
			}
		}
	}
	s.learn(before, r, a, ev)
	return nil
}

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.g.phase == PhaseOver }

// Returns: a side wins or loses as one, so every seat of the winning side
// gets 1 and every seat of the other -1 (not rules.Outcome, which reads
// several winners as a draw between them); a draw (one intruder out with
// his mission) is 0 for all.
func (s *State) Returns(buf []float64) []float64 {
	for _, r := range s.roles {
		v := 0.0
		switch {
		case !s.Over() || s.g.outcome == Draw:
		case (s.g.outcome == IntrudersWin) == (r.Side() == Intruders):
			v = 1
		default:
			v = -1
		}
		buf = append(buf, v)
	}
	return buf
}

// Observation is the role's View (as the companion shows it) as JSON,
// then every event the role has read, one a line.
func (s *State) Observation(seat rules.Seat) string {
	r, ok := s.Role(seat)
	if !ok {
		return ""
	}
	b, err := json.Marshal(s.g.View(r))
	if err != nil {
		panic("scorpion view does not marshal: " + err.Error())
	}
	var sb strings.Builder
	sb.Write(b)
	for _, t := range s.logs[seat].lines() {
		sb.WriteByte('\n')
		sb.WriteString(t)
	}
	return sb.String()
}

// Notation is the command as typed.
func (s *State) Notation(p Play) string { return string(p) }

// ParseAction reads a command in canonical form; what it means is Act's
// business, as for a typed command.
func (s *State) ParseAction(_ rules.Seat, text string) (Play, error) {
	a, err := ParseAction(text)
	if err != nil {
		return "", err
	}
	return Play(a.String()), nil
}

// Narrate tells a play in table words: what its role reads of it once
// played (the engine's own event lines), which says what moves on the
// board. A play the game would refuse reads as the command.
func (s *State) Narrate(seat rules.Seat, p Play) string {
	r, ok := s.Role(seat)
	if !ok {
		return string(p)
	}
	a, err := ParseAction(string(p))
	if err != nil {
		return string(p)
	}
	ev, err := s.g.Clone().Apply(r, a)
	if err != nil {
		return fmt.Sprintf("the %s: %s", r, p)
	}
	var out []string
	for _, e := range ev {
		if e.Kind == "turn" || e.Kind == "phase" || e.Kind == "wait" {
			continue
		}
		if t, ok := e.For(r); ok {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return fmt.Sprintf("the %s: %s", r, p)
	}
	return strings.Join(out, "; ")
}
