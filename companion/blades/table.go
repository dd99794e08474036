// Package blades is the Flying Blades table companion: it rebuilds a game
// from a session's log through the rules engine, checks each new action,
// and shows each role only what that role may see.
package blades

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/generate"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Game is the session game name.
const Game = "blades"

// defaultRules are the built-in rules, read once: every command replays a
// session, and nothing changes the rules once made.
var defaultRules = sync.OnceValue(engine.DefaultRules)

// Options are what `companion blades new` stores with a session.
type Options struct {
	Players int    `json:"players"`
	Seed    uint64 `json:"seed"`
	Cards   string `json:"cards"`
	// Position starts the game from a position string instead of a setup.
	Position string `json:"position,omitempty"`
	// Bots are the seats the companion plays (ruling B-24).
	Bots []companion.BotSeat `json:"bots,omitempty"`
}

// Table is a game rebuilt from its log.
type Table struct {
	Options Options
	Setup   *gen.Setup // nil when started from a position
	Pos     *engine.Position
	Log     []Entry
	rules   *engine.Rules
	taken   func() []companion.Event // what undo took back, for the log's notes
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

// Entry is one logged event as the table saw it: an action, or the
// table's public note.
type Entry struct {
	Seq  int
	Seat engine.Seat // unused for a note, which is the table's
	Kind string      // "keep", "move" or "note"
	Text string      // move notation, or the kept hand
	// For a move: the move, what it did in table words, the ninjas it
	// removed and how many of them were the mover's prey.
	Move        engine.Move
	Said        string
	Removed     []Removal
	PreyRemoved int
}

type keepData struct {
	Seat int    `json:"seat"`
	Hand string `json:"hand"`
}

type moveData struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
}

// given reports whether a decoded field was present and not null.
func given(v json.RawMessage) bool { return v != nil && string(v) != "null" }

// eventFields decodes logged event data strictly: every field present, no
// field unknown, nothing after the value.
func eventFields(raw json.RawMessage, seat *int, name string, text *string) error {
	var m map[string]json.RawMessage
	if err := companion.DecodeStrict(raw, &m); err != nil {
		return err
	}
	if len(m) != 2 || !given(m["seat"]) || !given(m[name]) {
		return fmt.Errorf("event data needs exactly the fields seat and %s", name)
	}
	if err := json.Unmarshal(m["seat"], seat); err != nil {
		return fmt.Errorf("seat: %w", err)
	}
	if err := json.Unmarshal(m[name], text); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// NewOptions checks options for a new session. The companion deals the
// cards itself so that it can check every card played (ruling B-18).
func NewOptions(players int, code, seed, cards, position string) (Options, error) {
	if err := checkCards(cards); err != nil {
		return Options{}, err
	}
	o := Options{Players: players, Cards: cards}
	switch {
	case position != "":
		p, err := engine.ParsePosition(defaultRules(), position)
		if err != nil {
			return Options{}, err
		}
		o = Options{Players: p.Players(), Cards: p.Cards().String(), Position: p.String()}
	case code != "":
		c, err := generate.ParseCode(code)
		if err != nil {
			return Options{}, err
		}
		if c.Game != generate.GameBlades || c.Variant>>2 != 0 {
			return Options{}, fmt.Errorf("share code %s is not a flying blades setup on the built-in data", c)
		}
		// The code's card choice wins; hands the players would deal from
		// their own deck are dealt by the companion instead (ruling B-18).
		o.Players, o.Seed = c.Players, c.Seed
		o.Cards = [...]string{"dealt", "dealt", "open", "none"}[c.Variant&3]
	case seed != "":
		s, err := generate.ParseSeed(seed)
		if err != nil {
			return Options{}, err
		}
		o.Seed = s
	default:
		o.Seed = generate.RandomSeed()
	}
	if _, err := o.check(defaultRules()); err != nil {
		return Options{}, err
	}
	return o, nil
}

// check reports why options could not have come from NewOptions, so that a
// stored or imported session is held to the same rules as a new one (ruling
// B-20); for a position it returns the parsed position.
func (o Options) check(r *engine.Rules) (*engine.Position, error) {
	if err := o.checkBots(); err != nil {
		return nil, err
	}
	if o.Position != "" {
		p, err := engine.ParsePosition(r, o.Position)
		if err != nil {
			return nil, err
		}
		if o.Players != p.Players() || o.Cards != p.Cards().String() || o.Seed != 0 || o.Position != p.String() {
			return nil, errors.New("players, cards and seed do not match the position")
		}
		return p, nil
	}
	if err := checkCards(o.Cards); err != nil {
		return nil, err
	}
	if o.Seed > generate.MaxSeed {
		return nil, fmt.Errorf("seed %d does not fit a share code (0 to %d)", o.Seed, generate.MaxSeed)
	}
	return nil, engine.CheckPlayers(o.Players)
}

// checkCards accepts the card choices the companion can check (ruling B-18).
func checkCards(cards string) error {
	switch cards {
	case "dealt", "open", "none":
		return nil
	case "hidden":
		return errors.New("--cards hidden means dealing the real deck, which the companion cannot check: use dealt (hidden hands dealt by the companion), open or none")
	}
	return fmt.Errorf("--cards %s: choose dealt, open or none", rules.Quote(cards))
}

// Start builds the game before any action: the public setup from the seed,
// hidden hands from the session's private seed. It checks the options as
// NewOptions does, since they may come from an imported file.
func Start(o Options, privateSeed uint64) (*Table, error) {
	r := defaultRules()
	p, err := o.check(r)
	if err != nil {
		return nil, err
	}
	t := &Table{Options: o, rules: r, Pos: p}
	if p != nil {
		return t, nil
	}
	cards, err := gen.ParseCards(o.Cards)
	if err != nil {
		return nil, err
	}
	s, err := gen.Generate(r, gen.Options{Players: o.Players, Seed: o.Seed, Cards: cards, PrivateSeed: privateSeed})
	if err != nil {
		return nil, err
	}
	t.Setup = s
	if t.Pos, err = engine.NewPosition(r, s.Start); err != nil {
		return nil, err
	}
	return t, nil
}

// Replay rebuilds a session's table; a log the engine refuses means the
// session was damaged or edited by hand.
func Replay(s companion.Session) (*Table, error) {
	return companion.Rebuild(s, replayer)
}

func (t *Table) replay(e companion.Event) error {
	switch e.Kind {
	case "keep":
		var d keepData
		if err := eventFields(e.Data, &d.Seat, "hand", &d.Hand); err != nil {
			return err
		}
		h, err := engine.ParseHand(d.Hand)
		if err != nil {
			return err
		}
		if d.Seat >= 0 && d.Seat < t.Pos.Players() && t.Pos.Choosing(engine.Seat(d.Seat)) {
			if err := t.keepable(engine.Seat(d.Seat), h, false); err != nil {
				return err
			}
		}
		if err := t.Pos.Keep(engine.Seat(d.Seat), h); err != nil {
			return err
		}
		t.Log = append(t.Log, Entry{Seq: e.Seq, Seat: engine.Seat(d.Seat), Kind: "keep", Text: h.String()})
	case "move":
		var d moveData
		if err := eventFields(e.Data, &d.Seat, "move", &d.Move); err != nil {
			return err
		}
		if engine.Seat(d.Seat) != t.Pos.Turn() {
			return fmt.Errorf("move by seat %d out of turn", d.Seat+1)
		}
		m, err := engine.ParseMove(t.Pos.Board(), d.Move)
		if err != nil {
			return err
		}
		if err := t.Pos.Check(m); err != nil {
			return err
		}
		seat, taken := engine.Seat(d.Seat), t.Pos.Taken(engine.Seat(d.Seat))
		gone := t.removals(m)
		said := t.narrate(seat, m, gone, past)
		if err := t.Pos.Apply(m); err != nil {
			return err
		}
		switch {
		case m.Action != engine.Pass:
		case t.Pos.Phase() == engine.Over:
			said += "; everyone has passed in a row, so the game is over"
		case t.Pos.Passes() > 1:
			said += fmt.Sprintf(" (%d passes in a row)", t.Pos.Passes())
		}
		t.Log = append(t.Log, Entry{Seq: e.Seq, Seat: seat, Kind: "move", Text: d.Move, Move: m, Said: said, Removed: gone, PreyRemoved: t.Pos.Taken(seat) - taken})
	case noteKind:
		if err := t.readNote(e); err != nil {
			return err
		}
		t.Log = append(t.Log, Entry{Seq: e.Seq, Kind: noteKind, Said: revealSaid})
	default:
		return fmt.Errorf("unknown event %q", e.Kind)
	}
	return nil
}

// Role is who is asking: a seat, or the whole table (everyone's eyes).
// Bot marks a seat the companion plays: a person may look from it only as
// the table does, and may not act for it (ruling B-24).
type Role struct {
	Seat  engine.Seat
	Table bool
	Bot   bool
}

// RoleOf is seat s's role, marked when the companion plays it.
func (t *Table) RoleOf(s engine.Seat) Role {
	return Role{Seat: s, Bot: companion.IsBot(t.Options.Bots, int(s))}
}

// TableRole is the public view.
var TableRole = Role{Table: true}

// ParseRole reads --as: "table", a seat number, or a dojo colour.
func (t *Table) ParseRole(s string) (Role, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || s == "table" {
		return TableRole, nil
	}
	if n, err := strconv.Atoi(s); err == nil {
		seat, err := rules.ParseSeat(s, t.Pos.Players())
		if err != nil {
			return Role{}, fmt.Errorf("--as %d: %w", n, err)
		}
		return t.RoleOf(seat), nil
	}
	for i := range t.Pos.Players() {
		c := t.Pos.Colour(engine.Seat(i))
		if strings.EqualFold(t.rules.Name(c), s) || s == strings.ToLower(string(t.rules.Letter(c))) {
			return t.RoleOf(engine.Seat(i)), nil
		}
	}
	return Role{}, fmt.Errorf("--as %s: give table, a seat number from 1 to %d, or a seat's colour", rules.Quote(s), t.Pos.Players())
}

// sees reports whether a role may see a seat's hand.
func (t *Table) sees(r Role, s engine.Seat) bool {
	return t.Pos.Cards() == engine.OpenHands || !r.Table && !r.Bot && r.Seat == s
}

// Keep checks a seat's keep choice, cards named as players type them (see
// engine.ParseCards), and returns the event to log.
func (t *Table) Keep(r Role, cards string) (companion.Event, error) {
	if r.Table {
		return companion.Event{}, errors.New("say whose cards these are with --as SEAT")
	}
	if r.Bot {
		return companion.Event{}, botRefusal(r.Seat)
	}
	if strings.TrimSpace(cards) == "" {
		return companion.Event{}, fmt.Errorf("%w: name the cards to keep, or none", rules.ErrNotation)
	}
	h, err := engine.ParseCards(cards)
	if err != nil {
		return companion.Event{}, t.explain(err)
	}
	if t.Pos.Choosing(r.Seat) {
		if err := t.keepable(r.Seat, h, true); err != nil {
			return companion.Event{}, err
		}
	}
	raw, _ := json.Marshal(keepData{Seat: int(r.Seat), Hand: h.String()})
	return t.record(companion.Event{Kind: "keep", Data: raw})
}

// keepable refuses a keep that asks for cards the seat was not dealt, in the
// names printed on the cards: "you were dealt 1 Bomb; you asked to keep 3".
// The keeping seat is told its own hand; an import is told the seat's.
func (t *Table) keepable(s engine.Seat, keep engine.Hand, you bool) error {
	dealt := t.Pos.Hand(s)
	if dealt.Contains(keep) {
		return nil
	}
	var over []engine.Kind
	for k := range engine.NumKinds {
		if keep[k] > dealt[k] {
			over = append(over, k)
		}
	}
	var had, asked []string
	for _, k := range over {
		n := "no"
		if dealt[k] > 0 {
			n = strconv.Itoa(int(dealt[k]))
		}
		had = append(had, n+" "+t.CardName(k))
		if a := strconv.Itoa(int(keep[k])); len(over) == 1 {
			asked = append(asked, a)
		} else {
			asked = append(asked, a+" "+t.CardName(k))
		}
	}
	if you {
		return fmt.Errorf("%w: you were dealt %s; you asked to keep %s", rules.ErrIllegal, strings.Join(had, " and "), strings.Join(asked, " and "))
	}
	return fmt.Errorf("%w: seat %s was dealt %s but keeps %s", rules.ErrIllegal, s, strings.Join(had, " and "), strings.Join(asked, " and "))
}

// Move checks a move of the player to move and returns the event to log. A
// card played shows the table a card that was hidden; undo may take it back,
// and the log keeps a note of the card (ruling B-19).
func (t *Table) Move(r Role, text string) (companion.Event, error) {
	if r.Bot {
		return companion.Event{}, botRefusal(r.Seat)
	}
	if !r.Table && r.Seat != t.Pos.Turn() {
		return companion.Event{}, fmt.Errorf("%w: it is seat %s's turn, not seat %s's", rules.ErrIllegal, t.Pos.Turn(), r.Seat)
	}
	if t.Pos.Phase() == engine.Playing && companion.IsBot(t.Options.Bots, int(t.Pos.Turn())) {
		return companion.Event{}, botRefusal(t.Pos.Turn())
	}
	m, err := engine.ParseMove(t.Pos.Board(), text)
	if err != nil {
		return companion.Event{}, t.explain(err)
	}
	turn := t.Pos.Turn()
	raw, _ := json.Marshal(moveData{Seat: int(turn), Move: m.Format(t.Pos.Board())})
	e, err := t.record(companion.Event{Kind: "move", Data: raw})
	if errors.Is(err, engine.ErrNoCard) {
		if t.Pos.Cards() == engine.HiddenHands && !t.sees(r, turn) {
			return companion.Event{}, neutralRefusal(turn)
		}
		k, _ := m.Action.Card()
		return companion.Event{}, fmt.Errorf("%w: you hold no %s card", rules.ErrIllegal, t.CardName(k))
	}
	return e, err
}

// explain rewrites an unknown word's message with the names printed on the
// cards, so players read the words they know, never engine codes.
func (t *Table) explain(err error) error {
	var ne engine.NameError
	switch {
	case !errors.As(err, &ne):
		return err
	case ne.Move:
		return fmt.Errorf("%w: %s is not a move: type two cells to attack (c4 c5), pass, or a card and its cells; the cards are %s", rules.ErrNotation, rules.Quote(ne.Word), t.CardNames())
	}
	return fmt.Errorf("%s is not a card; the cards are %s", rules.Quote(ne.Word), t.CardNames())
}

// neutralRefusal answers a role that may not see the mover's hand when a
// card play fails only for want of the card: the same line for every card,
// so refusals cannot be used to rebuild the hand (ruling C-4). The engine
// checks the board first, so any other reason is public.
func neutralRefusal(s engine.Seat) error {
	return fmt.Errorf("%w: seat %s cannot make that play; the reason is in a hidden hand, shown only with --as %s", rules.ErrIllegal, s, s)
}

// record applies a new event exactly as a replay would, so what is logged is
// what the next command rebuilds.
func (t *Table) record(e companion.Event) (companion.Event, error) {
	e.Seq = len(t.Log) + 1
	if err := t.replay(e); err != nil {
		return companion.Event{}, err
	}
	return e, nil
}
