// Package scorpion is the Ninja: Legend of the Scorpion Clan companion. It
// keeps a game in a session log, checks every action with the rules engine
// (rules/scorpion) and tells each role only what it may know: the guards
// never see a hidden intruder, the intruders never see a sleeping guard,
// an objective or a trap before they find it. When a side's secret set-up
// is final it is sealed with a salted hash (package commit) that the table
// writes down and checks at the end.
package scorpion

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/scorpion/commit"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// Table is a game rebuilt from its log.
type Table struct {
	Options Options
	Data    *data.Scorpion
	Game    *engine.Game
	Log     []Entry
	// Seals are the sides' commitments, from when each side's set-up
	// became final: guards first, then intruders; nil before.
	Seals [2]*Seal
	taken func() []companion.Event
	// voids maps every salt a seal was made with to its short form, the
	// seals of taken-back readies included (clones share it), so a note
	// can name the commitment undo made void.
	voids map[string]string
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

// Seal is one side's commitment and what opens it.
type Seal struct {
	Commitment commit.Commitment
	Reveal     commit.Reveal
}

// Entry is one logged action and what it made happen.
type Entry struct {
	Seq    int
	Role   engine.Role
	Action engine.Action
	Events []engine.Event
	// Sealed is the side whose set-up the action made final, if any.
	Sealed *Seal
}

// actData is a logged action: who typed what, and the salt of the
// commitment it sealed, so the replay seals exactly the same.
type actData struct {
	Role   string `json:"role"`
	Action string `json:"action"`
	Salt   string `json:"salt,omitempty"`
}

// Start builds the game before any action: the missions are drawn from the
// session seed.
func Start(o Options, seed uint64) (*Table, error) {
	if err := o.validate(); err != nil {
		return nil, err
	}
	d, err := o.Data()
	if err != nil {
		return nil, err
	}
	g, err := engine.New(d, o.Guards, seed)
	if err != nil {
		return nil, err
	}
	o.keepRules(g)
	return &Table{Options: o, Data: d, Game: g, Log: []Entry{{}}, voids: map[string]string{}}, nil
}

var replayer = companion.Replayer[Options, *Table]{
	Game: Game, Start: Start, Apply: (*Table).replay, Judge: (*Table).judge, Clone: (*Table).clone,
	Taken:  func(t *Table, taken func() []companion.Event) { t.taken = taken },
	Encode: (*Table).snapEncode, Decode: (*Table).snapDecode, Codec: snapCodec, Carry: carry,
}

// Replay rebuilds a session's table.
func Replay(s companion.Session) (*Table, error) {
	return companion.Rebuild(s, replayer)
}

// Verify replays a session for import, export and undo: every event must
// be written as the table writes it, and each is judged for undo.
func Verify(s companion.Session) ([]companion.Verdict, error) {
	return companion.Verify(s, replayer, (*Table).check)
}

func (t *Table) clone() *Table {
	c := *t
	c.Game = t.Game.Clone()
	c.Log = t.Log[:len(t.Log):len(t.Log)]
	return &c
}

func (t *Table) decode(e companion.Event) (engine.Role, engine.Action, *commit.Salt, error) {
	var a engine.Action
	if e.Kind != "act" {
		return 0, a, nil, fmt.Errorf("unknown event %q", e.Kind)
	}
	var d actData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return 0, a, nil, fmt.Errorf("event data: %w", err)
	}
	w, err := t.Options.RoleWord(d.Role)
	if err != nil || w != d.Role || w == WordTable {
		return 0, a, nil, fmt.Errorf("role %q: no such player in this game", d.Role)
	}
	r, err := engine.ParseRole(w)
	if err != nil {
		return 0, a, nil, err
	}
	if a, err = engine.ParseAction(d.Action); err != nil {
		return 0, a, nil, err
	}
	if a.String() != d.Action {
		return 0, a, nil, fmt.Errorf("action %q is not written as the engine writes it", d.Action)
	}
	if d.Salt == "" {
		return r, a, nil, nil
	}
	s, err := commit.ParseSalt(d.Salt)
	if err != nil || s.String() != d.Salt {
		return 0, a, nil, fmt.Errorf("salt %q is not 32 lower-case hex digits", d.Salt)
	}
	return r, a, &s, nil
}

func (t *Table) check(e companion.Event) error {
	_, _, _, err := t.decode(e)
	return err
}

func (t *Table) replay(e companion.Event) error {
	r, a, salt, err := t.decode(e)
	if err != nil {
		return err
	}
	_, err = t.apply(e.Seq, r, a, func() (commit.Salt, error) {
		if salt == nil {
			return commit.Salt{}, errors.New("the action made a side's set-up final, but the log holds no salt for its commitment")
		}
		return *salt, nil
	})
	if err == nil && salt != nil && t.Log[len(t.Log)-1].Sealed == nil {
		return errors.New("the action holds a salt, but it sealed no set-up")
	}
	return err
}

// sides lists the two sides in seal order.
var sides = [2]engine.Side{engine.Guards, engine.Intruders}

func sideLetter(s engine.Side) byte {
	if s == engine.Guards {
		return commit.Guards
	}
	return commit.Intruders
}

// apply runs one action on the game and logs it; when it makes a side's
// set-up final, the side is sealed with the salt that salt gives. A
// refused action changes nothing; a salt that fails fails the replay,
// which then drops the table.
func (t *Table) apply(seq int, r engine.Role, a engine.Action, salt func() (commit.Salt, error)) (*Entry, error) {
	var before [2]bool
	for i, s := range sides {
		before[i] = t.Game.Placements(s) != ""
	}
	evs, err := t.Game.Apply(r, a)
	if err != nil {
		return nil, err
	}
	e := Entry{Seq: seq, Role: r, Action: a, Events: evs}
	seals := t.Seals
	for i, s := range sides {
		text := strings.Join(strings.Fields(t.Game.Placements(s)), " ")
		if before[i] || text == "" {
			continue
		}
		sl, err := salt()
		if err != nil {
			return nil, err
		}
		rv := commit.Reveal{Side: sideLetter(s), Salt: sl, Placements: text}
		e.Sealed = &Seal{Commitment: commit.Seal(rv.Side, sl, rv.Placements), Reveal: rv}
		seals[i] = e.Sealed
		t.voids[sl.String()] = e.Sealed.Commitment.Short()
	}
	t.Seals = seals
	t.Log = append(t.Log, e)
	return &t.Log[len(t.Log)-1], nil
}

// Act checks one action typed by role r and returns the event to log,
// having applied it. A refusal is worded for r: it tells r nothing r may
// not know.
// A bot's role is refused: the companion plays it (SC-30).
func (t *Table) Act(r Role, a engine.Action) (companion.Event, error) {
	if r.Table {
		return companion.Event{}, fmt.Errorf("%w: say who acts with --as (%s)", rules.ErrIllegal, t.whoActs())
	}
	if err := t.refuseBot(r); err != nil {
		return companion.Event{}, err
	}
	return t.act(r, a)
}

// act is Act for any role, a bot's too.
func (t *Table) act(r Role, a engine.Action) (companion.Event, error) {
	var salt string
	ent, err := t.apply(len(t.Log), r.Engine, a, func() (commit.Salt, error) {
		s := commit.NewSalt()
		salt = s.String()
		return s, nil
	})
	if err != nil {
		return companion.Event{}, t.refusal(err, r)
	}
	raw, err := marshalData(actData{Role: r.Word, Action: a.String(), Salt: salt})
	if err != nil {
		return companion.Event{}, err
	}
	return companion.Event{Seq: ent.Seq, Kind: "act", Data: raw}, nil
}

// whoActs names the roles the game waits for.
func (t *Table) whoActs() string {
	var w []string
	for _, r := range t.Game.Waiting() {
		w = append(w, "--as "+r.String())
	}
	if len(w) == 0 {
		return "nobody may act now"
	}
	return strings.Join(w, " or ")
}

// refusal words an engine refusal for reader r: the real reason for the
// side it rests on (a side shares its secrets, SC-4, SC-5) and the
// moderator; the neutral line for everyone else.
func (t *Table) refusal(err error, r Role) error {
	var rf *rules.Refusal[engine.Action]
	if !errors.As(err, &rf) {
		return err
	}
	return fmt.Errorf("%w: %s", rules.ErrIllegal, engine.RefusalFor(err, r.Engine))
}
