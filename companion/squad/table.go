// Package squad is the Ninja Squad table companion. It keeps a game in a
// session log, checks every reported turn with the rules engine (rules/squad)
// and shows each player only their own Senjutsu and Buki cards. With digital
// piles it draws the Alarm, Senjutsu and Buki cards; with physical piles the
// table names each card that came up.
package squad

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate"
	squadgen "github.com/ninjakit/ninjakit/generate/squad"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

// Game is the session game name.
const Game = "squad"

// Options are a session's stored set-up.
type Options struct {
	Players int      `json:"players"`
	Names   []string `json:"names"`
	Mode    string   `json:"mode"`
	Speedy  bool     `json:"speedy,omitempty"`
	Decks   string   `json:"decks"`
	Code    string   `json:"code,omitempty"`
	First   int      `json:"first"`
	// Position, when set, is where the game starts instead of a new deal.
	Position string `json:"position,omitempty"`
}

// NewOptions checks what `new` was given. players 0 and mode "" take their
// values from the share code (or 2 and raid without one).
func NewOptions(players int, names []string, mode string, speedy bool, decks, code, position string) (Options, error) {
	o := Options{Players: players, Mode: strings.ToLower(mode), Speedy: speedy, Decks: strings.ToLower(decks)}
	if position != "" {
		return fromPosition(o, names, code, position)
	}
	if o.Decks == "" {
		o.Decks = "digital"
	}
	if code != "" {
		setup, err := fromCode(code)
		if err != nil {
			return o, err
		}
		o.Code = setup.Code.String()
		if o.Players != 0 && o.Players != setup.Players {
			return o, fmt.Errorf("--players %d: share code %s is for %d players", o.Players, o.Code, setup.Players)
		}
		o.Players = setup.Players
		if o.Mode != "" && o.Mode != setup.Mode.String() {
			return o, fmt.Errorf("--mode %s: share code %s is for a %s split", o.Mode, o.Code, setup.Mode)
		}
		o.Mode = setup.Mode.String()
		o.First = max(setup.Deals[0].First, 0)
	}
	if o.Mode == "" {
		o.Mode = "raid"
	}
	if o.Players == 0 && len(names) > 0 {
		o.Players = len(names)
	}
	if o.Players < 2 || o.Players > 4 {
		return o, fmt.Errorf("--players %d: Ninja Squad takes 2 to 4 players", o.Players)
	}
	return o.withNames(names)
}

// fromPosition takes players, part, piles, speed and first player from a
// position string; flags that say otherwise are refused.
func fromPosition(o Options, names []string, code, position string) (Options, error) {
	if code != "" {
		return o, errors.New("--position and --code: a position already holds the deal; give one")
	}
	from, err := positionOptions(position)
	if err != nil {
		return o, err
	}
	switch {
	case o.Players != 0 && o.Players != from.Players:
		return o, fmt.Errorf("--players %d: the position is for %d players", o.Players, from.Players)
	case o.Mode != "" && o.Mode != from.Mode:
		return o, fmt.Errorf("--mode %s: the position is a %s game", o.Mode, from.Mode)
	case o.Decks != "" && o.Decks != from.Decks:
		return o, fmt.Errorf("--decks %s: the position has %s piles", o.Decks, from.Decks)
	case o.Speedy && !from.Speedy:
		return o, errors.New("--speedy: the position is not a Super Speedy game")
	}
	return from.withNames(names)
}

// positionOptions are the options a position string implies, names apart.
func positionOptions(position string) (Options, error) {
	g, err := engine.ParsePosition(Data(), position)
	if err != nil {
		return Options{}, err
	}
	mode := g.Mode().String()
	if g.Full() {
		mode = "full"
	}
	return Options{Players: g.Players(), Mode: mode, Speedy: g.Speedy(), Decks: g.Draws().String(), First: int(g.First()), Position: g.Position()}, nil
}

// withNames fills in the names (p1, p2.. when none are given) and checks
// the options.
func (o Options) withNames(names []string) (Options, error) {
	if len(names) == 0 {
		for i := range o.Players {
			names = append(names, fmt.Sprintf("p%d", i+1))
		}
	}
	for i := range names {
		names[i] = strings.ToLower(strings.TrimSpace(names[i]))
	}
	o.Names = names
	return o, o.validate()
}

func fromCode(code string) (*squadgen.Setup, error) {
	c, err := generate.ParseCode(code)
	if err != nil {
		return nil, err
	}
	return squadgen.FromCode(Data(), c)
}

// validate checks options as stored, so a hand-edited import is refused.
func (o Options) validate() error {
	switch {
	case o.Players < 2 || o.Players > 4:
		return fmt.Errorf("--players %d: Ninja Squad takes 2 to 4 players", o.Players)
	case len(o.Names) != o.Players:
		return fmt.Errorf("--names gives %d names for %d players", len(o.Names), o.Players)
	case o.Mode != "raid" && o.Mode != "escape" && o.Mode != "full":
		return fmt.Errorf("--mode %q: choose raid, escape or full", o.Mode)
	case o.Decks != "digital" && o.Decks != "physical":
		return fmt.Errorf("--decks %q: choose digital or physical", o.Decks)
	case o.Speedy && o.Mode == "escape":
		return errors.New("--speedy: Super Speedy Ninjas is played on the Midnight Raid only")
	case o.First < 0 || o.First >= o.Players:
		return fmt.Errorf("first player %d: no such seat", o.First+1)
	}
	seen := map[string]bool{}
	for _, n := range o.Names {
		switch {
		case n == "" || len(n) > 12:
			return fmt.Errorf("name %q: use 1 to 12 letters, digits or dashes", n)
		case strings.Trim(n, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" || strings.Trim(n, "0123456789") == "":
			return fmt.Errorf("name %q: use letters, digits or dashes, not only digits", n)
		case n == "table" || n == "none" || n == "nobody":
			return fmt.Errorf("name %q is a word the companion uses itself", n)
		case seen[n]:
			return fmt.Errorf("name %q is given twice", n)
		}
		seen[n] = true
	}
	if o.Code != "" {
		s, err := fromCode(o.Code)
		if err != nil {
			return err
		}
		if s.Players != o.Players || s.Mode.String() != o.Mode || max(s.Deals[0].First, 0) != o.First {
			return errors.New("the options do not match the share code")
		}
	}
	if o.Position != "" {
		p, err := positionOptions(o.Position)
		if err != nil {
			return err
		}
		p.Names = o.Names
		if o.Code != "" || !reflect.DeepEqual(p, o) {
			return errors.New("the options do not match the position")
		}
	}
	return nil
}

// Table is a game rebuilt from its log.
type Table struct {
	Options Options
	Game    *engine.Game
	Log     []Entry
	seed    uint64
	taken   func() []companion.Event
	setup   *squadgen.Setup
	// Clock stamps an action that begins a Super Speedy movement phase
	// (time.Now when nil).
	Clock func() time.Time
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
	Seat   rules.Seat // who reported it; NoSeat: the table
	Action engine.Action
	Events []engine.Event
	Part   engine.Mode // the part the action was played in
	// At is when an action that began a Super Speedy movement phase was
	// logged: the phase's countdown runs from it (zero for any other).
	At time.Time
}

type actData struct {
	Seat   int    `json:"seat"`
	Action string `json:"action"`
	At     string `json:"at,omitempty"`
}

// stampLayout writes an At: UTC to the millisecond.
const stampLayout = "2006-01-02T15:04:05.000Z"

// Start builds the game before any action.
func Start(o Options, seed uint64) (*Table, error) {
	if err := o.validate(); err != nil {
		return nil, err
	}
	modes := map[string]engine.Mode{"raid": engine.Raid, "escape": engine.Escape, "full": engine.Full}
	draws := engine.Digital
	if o.Decks == "physical" {
		draws = engine.Physical
	}
	var g *engine.Game
	var err error
	if o.Position != "" {
		g, err = engine.ParsePosition(Data(), o.Position)
	} else {
		g, err = engine.NewGame(Data(), engine.Options{Mode: modes[o.Mode], Players: o.Players, Draws: draws,
			Seed: seed, First: rules.Seat(o.First), Speedy: o.Speedy})
	}
	if err != nil {
		return nil, err
	}
	t := &Table{Options: o, Game: g, seed: seed}
	if o.Code != "" {
		t.setup, _ = fromCode(o.Code)
	}
	t.Log = append(t.Log, Entry{Seq: 0, Seat: engine.NoSeat, Events: g.Events()})
	return t, nil
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
	g, err := engine.ParsePosition(Data(), t.Game.Position())
	if err != nil {
		panic("squad: a position the engine wrote does not read back: " + err.Error())
	}
	c.Game = g
	c.Log = t.Log[:len(t.Log):len(t.Log)]
	return &c
}

func (t *Table) decode(e companion.Event) (rules.Seat, engine.Action, time.Time, error) {
	var at time.Time
	if e.Kind != "act" {
		return 0, engine.Action{}, at, fmt.Errorf("unknown event %q", e.Kind)
	}
	var d actData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return 0, engine.Action{}, at, fmt.Errorf("event data: %w", err)
	}
	a, err := engine.ParseAction(d.Action, t.Game.Players())
	if err != nil {
		return 0, a, at, err
	}
	if a.String() != d.Action {
		return 0, a, at, fmt.Errorf("action %q is not written as the engine writes it", d.Action)
	}
	if d.Seat < -1 || d.Seat >= t.Game.Players() {
		return 0, a, at, fmt.Errorf("seat %d: no such seat", d.Seat+1)
	}
	if d.At != "" {
		if at, err = time.Parse(stampLayout, d.At); err != nil || at.Format(stampLayout) != d.At {
			return 0, a, at, fmt.Errorf("time %q is not written as the companion writes it", d.At)
		}
	}
	return rules.Seat(d.Seat), a, at, nil
}

func (t *Table) check(e companion.Event) error {
	_, _, _, err := t.decode(e)
	return err
}

func (t *Table) replay(e companion.Event) error {
	seat, a, at, err := t.decode(e)
	if err != nil {
		return err
	}
	if want := t.Actor(a); seat != want {
		return fmt.Errorf("%s logged for seat %d, but seat %d reports it", a, seat+1, want+1)
	}
	part := t.Game.Mode()
	if err := t.Game.Apply(a); err != nil {
		return err
	}
	// Sessions written before the stamp have none; a stamp anywhere else
	// was not written by the companion.
	if !at.IsZero() && !t.beganSpeedyPhase() {
		return fmt.Errorf("%s is stamped with a time, but it began no Super Speedy movement phase", a)
	}
	t.Log = append(t.Log, Entry{Seq: e.Seq, Seat: seat, Action: a, Events: t.Game.Events(), Part: part, At: at})
	return nil
}

// beganSpeedyPhase reports whether the action just applied began a
// movement phase whose countdown runs.
func (t *Table) beganSpeedyPhase() bool {
	g := t.Game
	if !g.Speedy() || g.Mode() != engine.Raid || g.Stage() == engine.StageOver {
		return false
	}
	for _, ev := range g.Events() {
		if ev.Kind == engine.EventPhase {
			return true
		}
	}
	return false
}

// PhaseStarted is when the Super Speedy countdown of the movement phase now
// played began (S-27): at the session's creation for the first phase, else when
// the action that began it was logged. False when the session was logged
// before actions were stamped.
func (t *Table) PhaseStarted(created time.Time) (time.Time, bool) {
	for i := len(t.Log) - 1; i >= 0; i-- {
		if !t.lazy.Decoded(i) {
			t.fullLog()
		}
		e := t.Log[i]
		for _, ev := range e.Events {
			if ev.Kind != engine.EventPhase {
				continue
			}
			if e.Seq == 0 {
				return created, true
			}
			return e.At, !e.At.IsZero()
		}
	}
	return time.Time{}, false
}

// Actor is the seat that reports an action: the ninja to act, a Senjutsu
// card's holder, or NoSeat for what the table reports (exposure, patrols,
// time-up, a card that came up).
func (t *Table) Actor(a engine.Action) rules.Seat {
	switch a.Type {
	case engine.ActSenjutsu:
		return a.Seat
	case engine.ActExposed, engine.ActPatrols, engine.ActTimeUp, engine.ActDraw:
		return engine.NoSeat
	}
	return t.Game.ToAct()
}

// judge: with digital piles an action after which the companion drew a
// card, shuffled a pile or took a card at random cannot be undone: undo
// would un-see it. Physical piles: undo only corrects the record.
func (t *Table) judge(e companion.Event) companion.Verdict {
	v := companion.Verdict{V1: t.Options.Decks == "digital"}
	if t.Options.Decks != "digital" {
		return v
	}
	for _, ev := range t.Game.Events() {
		switch ev.Kind {
		case engine.EventDrew:
			v.Barrier = fmt.Sprintf("%s already drew %s after that", t.Name(ev.Seat), pileCard(ev.Pile))
		case engine.EventTrapLoss:
			v.Barrier = fmt.Sprintf("a Trip Wire already took a Buki card from %s", t.Name(ev.Seat))
		case engine.EventReshuffle:
			v.Barrier = fmt.Sprintf("the %s pile was already shuffled anew", ev.Pile)
		}
		if v.Barrier != "" {
			break
		}
	}
	return v
}

// Act checks one action reported by seat by (NoSeat: the table or the
// default actor) and returns the event to log, having applied it. viewer is
// who reads a refusal: a refusal resting on hidden cards tells everyone but
// their holder one neutral line.
func (t *Table) Act(by rules.Seat, a engine.Action, viewer rules.Seat) (companion.Event, error) {
	actor := t.Actor(a)
	st := t.Game.Stage()
	if by != engine.NoSeat && actor != engine.NoSeat && by != actor && (st == engine.StageMove || st == engine.StageAfter) {
		if a.Type == engine.ActSenjutsu {
			a.Seat = by
			actor = by
		} else {
			return companion.Event{}, fmt.Errorf("%w: it is %s's turn, not %s's", rules.ErrIllegal, t.Name(actor), t.Name(by))
		}
	}
	part := t.Game.Mode()
	if err := t.Game.Apply(a); err != nil {
		var ie *engine.IllegalError
		if errors.As(err, &ie) {
			return companion.Event{}, fmt.Errorf("%w: %s", rules.ErrIllegal, t.plain(ie.For(viewer)))
		}
		return companion.Event{}, err
	}
	d := actData{Seat: int(actor), Action: a.String()}
	var at time.Time
	if t.beganSpeedyPhase() {
		now := time.Now
		if t.Clock != nil {
			now = t.Clock
		}
		d.At = now().UTC().Format(stampLayout)
		at, _ = time.Parse(stampLayout, d.At)
	}
	raw, err := json.Marshal(d)
	if err != nil {
		return companion.Event{}, err
	}
	e := companion.Event{Seq: len(t.Log), Kind: "act", Data: raw}
	t.Log = append(t.Log, Entry{Seq: e.Seq, Seat: actor, Action: a, Events: t.Game.Events(), Part: part, At: at})
	return e, nil
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

// ParseRole reads --as: "table", a name or a seat number.
func (t *Table) ParseRole(s string) (Role, error) {
	return companion.ParseSeatRole(s, t.Seat)
}

// Data is the embedded Ninja Squad data, decoded once per process: a server
// answers many views from one process, and none of them changes it.
var Data = sync.OnceValue(data.DefaultSquad)
