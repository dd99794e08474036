// Package blind is the What Blind Ninjas? referee: it keeps every player's
// secret grid in a session log, checks each turn's orders with the rules
// engine (rules/blind), tells each player only their own ninjas, and
// announces every slash and who grunted to the whole table.
package blind

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
)

// Game is the session game name.
const Game = "blind"

// Options are a session's stored set-up.
type Options struct {
	Players int      `json:"players"`
	Names   []string `json:"names"`
	First   int      `json:"first"`
	Turns   int      `json:"turns,omitempty"`
	// Position, when set, is where the game starts (a bug report, a
	// lesson); its players, first player and turn limit rule.
	Position string `json:"position,omitempty"`
	// Bots are the seats the companion plays (W-16).
	Bots []companion.BotSeat `json:"bots,omitempty"`
}

// NewOptions checks what `new` was given: players 0 takes the number of
// names (or 2), first "" the first seat (W-5). A position brings its own
// players, first player and turn limit; flags that say otherwise are
// refused.
func NewOptions(players int, names []string, first string, turns int, position string) (Options, error) {
	o := Options{Players: players, Turns: turns}
	if position != "" {
		g, err := engine.ParsePosition(position)
		if err != nil {
			return o, err
		}
		switch {
		case players != 0 && players != g.Players():
			return o, fmt.Errorf("--players %d: the position is for %d players", players, g.Players())
		case turns != 0 && turns != g.Limit():
			return o, fmt.Errorf("--turns %d: the position has a limit of %d rounds", turns, g.Limit())
		case first != "":
			return o, errors.New("--first: the position says who went first")
		}
		o = Options{Players: g.Players(), Turns: g.Limit(), First: int(g.FirstSeat()), Position: g.Position()}
	}
	if o.Players == 0 {
		o.Players = max(len(names), 2)
	}
	if o.Players < 2 || o.Players > 4 {
		return o, fmt.Errorf("--players %d: What Blind Ninjas takes 2 to 4 players", o.Players)
	}
	if len(names) == 0 {
		for i := range o.Players {
			names = append(names, fmt.Sprintf("p%d", i+1))
		}
	}
	for i := range names {
		names[i] = strings.ToLower(strings.TrimSpace(names[i]))
	}
	o.Names = names
	if err := o.validate(); err != nil {
		return o, err
	}
	if first != "" && o.Position == "" {
		t := &Table{Options: o}
		s, err := t.Seat(first)
		if err != nil {
			return o, fmt.Errorf("--first: %w", err)
		}
		o.First = int(s)
	}
	return o, nil
}

// validate checks options as stored, so a hand-edited import is refused.
func (o Options) validate() error {
	switch {
	case o.Players < 2 || o.Players > 4:
		return fmt.Errorf("--players %d: What Blind Ninjas takes 2 to 4 players", o.Players)
	case len(o.Names) != o.Players:
		return fmt.Errorf("--names gives %d names for %d players", len(o.Names), o.Players)
	case o.First < 0 || o.First >= o.Players:
		return fmt.Errorf("first player %d: no such seat", o.First+1)
	case o.Turns < 0 || o.Turns > 999:
		return fmt.Errorf("--turns %d: choose 1 to 999 rounds, or 0 for no limit", o.Turns)
	}
	if o.Position != "" {
		g, err := engine.ParsePosition(o.Position)
		if err != nil {
			return err
		}
		if g.Position() != o.Position || g.Players() != o.Players || int(g.FirstSeat()) != o.First || g.Limit() != o.Turns {
			return errors.New("the options do not match the position")
		}
	}
	seen := map[string]bool{}
	for _, n := range o.Names {
		switch {
		case n == "" || len(n) > 12:
			return fmt.Errorf("name %s: use 1 to 12 letters, digits or dashes", rules.Quote(n))
		case strings.Trim(n, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" || strings.Trim(n, "0123456789") == "":
			return fmt.Errorf("name %s: use letters, digits or dashes, not only digits", rules.Quote(n))
		case n == "table" || n == "none" || n == "nobody":
			return fmt.Errorf("name %s is a word the companion uses itself", rules.Quote(n))
		case seen[n]:
			return fmt.Errorf("name %s is given twice", rules.Quote(n))
		}
		seen[n] = true
	}
	return o.validateBots()
}

// Table is a game rebuilt from its log.
type Table struct {
	Options Options
	Game    *engine.Game
	Log     []Entry
	taken   func() []companion.Event
	// lazy: a table from a snapshot has its older log entries decoded
	// only when the whole log is read (fullLog).
	lazy companion.Lazy[Entry]
}

// takenEvents is what undo took back, read when the log's notes need it.
func (t *Table) takenEvents() []companion.Event {
	if t.taken == nil {
		return nil
	}
	return t.taken()
}

// fullLog is the whole log, decoded.
func (t *Table) fullLog() []Entry {
	t.lazy.Fill(t.Log)
	return t.Log
}

// Entry is one logged action and what it made happen.
type Entry struct {
	Seq    int
	Action engine.Action
	Events []engine.Event
}

type actData struct {
	Action string `json:"action"`
}

// Start builds the game before any action.
func Start(o Options, _ uint64) (*Table, error) {
	if err := o.validate(); err != nil {
		return nil, err
	}
	g, err := engine.NewGame(engine.Options{Players: o.Players, First: rules.Seat(o.First), Turns: o.Turns})
	if o.Position != "" {
		g, err = engine.ParsePosition(o.Position)
	}
	if err != nil {
		return nil, err
	}
	return &Table{Options: o, Game: g, Log: []Entry{{}}}, nil
}

var replayer = companion.Replayer[Options, *Table]{
	Game: Game, Start: Start, Apply: (*Table).replay, Judge: (*Table).judge, Clone: (*Table).clone,
	Taken:  func(t *Table, taken func() []companion.Event) { t.taken = taken },
	Encode: (*Table).snapEncode, Decode: (*Table).snapDecode, Codec: snapCodec,
}

// Replay rebuilds a session's table.
func Replay(s companion.Session) (*Table, error) {
	return companion.Rebuild(s, replayer)
}

// Verify replays a session for import, export and undo: every event must be
// written as the table writes it, and the engine judges each for undo.
func Verify(s companion.Session) ([]companion.Verdict, error) {
	return companion.Verify(s, replayer, (*Table).check)
}

func (t *Table) clone() *Table {
	c := *t
	c.Game = t.Game.Clone()
	c.Log = t.Log[:len(t.Log):len(t.Log)]
	return &c
}

func (t *Table) decode(e companion.Event) (engine.Action, error) {
	if e.Kind != "act" {
		return engine.Action{}, fmt.Errorf("unknown event %q", e.Kind)
	}
	var d actData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return engine.Action{}, fmt.Errorf("event data: %w", err)
	}
	a, err := engine.ParseAction(d.Action, t.Game.Players())
	if err != nil {
		return a, err
	}
	if a.String() != d.Action {
		return a, fmt.Errorf("action %q is not written as the engine writes it", d.Action)
	}
	return a, nil
}

func (t *Table) check(e companion.Event) error {
	_, err := t.decode(e)
	return err
}

func (t *Table) replay(e companion.Event) error {
	a, err := t.decode(e)
	if err != nil {
		return err
	}
	if err := t.Game.Apply(a); err != nil {
		return err
	}
	t.Log = append(t.Log, Entry{Seq: e.Seq, Action: a, Events: t.Game.Events()})
	return nil
}

// judge: a slash is heard by everyone and the end shows every grid, so
// neither can be taken back (W-15); silent orders and a placement can, by
// their player, until the next action.
func (t *Table) judge(companion.Event) companion.Verdict {
	var v companion.Verdict
	for _, ev := range t.Game.Events() {
		switch ev.Kind {
		case engine.EventSlash:
			v.Barrier = fmt.Sprintf("everyone heard the slash at %s", ev.Square)
		case engine.EventOver:
			v.Barrier = "the game is over and every grid has been shown"
		}
	}
	v.V1 = v.Barrier != ""
	return v
}

// Act checks one action and returns the event to log, having applied it.
// viewer is who reads a refusal: one resting on a player's grid tells
// everyone else one neutral line.
func (t *Table) Act(a engine.Action, viewer rules.Seat) (companion.Event, error) {
	if err := t.Game.Apply(a); err != nil {
		var r *engine.Refusal
		if errors.As(err, &r) {
			return companion.Event{}, fmt.Errorf("%w: %s", rules.ErrIllegal, t.plain(r.For(viewer)))
		}
		return companion.Event{}, err
	}
	raw := fmt.Sprintf(`{"action":%q}`, a.String())
	e := companion.Event{Seq: len(t.Log), Kind: "act", Data: []byte(raw)}
	t.Log = append(t.Log, Entry{Seq: e.Seq, Action: a, Events: t.Game.Events()})
	return e, nil
}

// Orders builds seat's turn from the typed orders: numbered (2:x) or in
// the order of the seat's living ninjas (m t:e s x).
func (t *Table) Orders(seat rules.Seat, text string) (engine.Action, error) {
	os, err := engine.ParseOrders(text, t.Game.Living(seat))
	return engine.Action{Kind: engine.ActOrders, Seat: seat, Orders: os}, err
}

// Placement builds seat's choice of starting squares: squares (a1) or,
// along its edge, the bare column letters or row numbers.
func (t *Table) Placement(seat rules.Seat, words []string) (engine.Action, error) {
	edge := t.Game.Grid().Edge(engine.Side(t.Game.Players(), int(seat)))
	var full []string
	for _, w := range words {
		for _, q := range edge {
			if l := q.String(); strings.EqualFold(w, l[:1]) && edge[0].Row == edge[1].Row || w == l[1:] && edge[0].Col == edge[1].Col {
				w = l
			}
		}
		full = append(full, w)
	}
	qs, err := engine.ParseSquares(full)
	return engine.Action{Kind: engine.ActStart, Seat: seat, Squares: qs}, err
}

// plain turns the engine's "seat 2" into the player's name.
func (t *Table) plain(s string) string {
	return companion.PlainSeats(s, t.Options.Names, t.Game.Players())
}

// Name is a seat's player name.
func (t *Table) Name(s rules.Seat) string {
	return companion.SeatName(t.Options.Names, s)
}

// Seat reads a player's name or seat number.
func (t *Table) Seat(s string) (rules.Seat, error) {
	return companion.FindSeat(t.Options.Names, s)
}

// Role is who is looking: the whole table or one seat.
type Role = companion.SeatRole

// ParseRole reads --as: "table", a name or a seat number. A bot seat is
// no role anyone at the table may take: its grid stays with the referee
// (W-16).
func (t *Table) ParseRole(s string) (Role, error) {
	r, err := companion.ParseSeatRole(s, t.Seat)
	if err == nil && !r.Table {
		if _, ok := t.Bot(r.Seat); ok {
			return r, fmt.Errorf("--as %s: %s is a bot: the companion gives its orders and keeps its grid", t.Name(r.Seat), t.Name(r.Seat))
		}
	}
	return r, err
}

// LastPerson is the seat of the last action a person gave, passing over
// the bots' since: a person's undo takes those back with it (C-23).
func (t *Table) LastPerson() (rules.Seat, bool) {
	for i := len(t.Log) - 1; i >= 1; i-- {
		if s := t.Log[i].Action.Seat; !t.isBot(s) {
			return s, true
		}
	}
	return engine.NoSeat, false
}

// LastBy is the seat whose action is the last in the log, if any.
func (t *Table) LastBy() (rules.Seat, bool) {
	if len(t.Log) < 2 {
		return engine.NoSeat, false
	}
	return t.Log[len(t.Log)-1].Action.Seat, true
}
