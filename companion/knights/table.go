// Package knights is the Of Knights and Ninjas table companion. It keeps the
// game in a session log, checks every reported play with the rules engine,
// and shows each player only their own hand. With a digital deck it shuffles
// and deals; with a physical deck players hold real cards and it counts.
package knights

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// Game is the session game name.
const Game = "knights"

// Options are stored with a session.
type Options struct {
	Players  int      `json:"players"`
	Names    []string `json:"names"`
	Mode     string   `json:"mode"` // digital or physical
	First    int      `json:"first"`
	Position string   `json:"position,omitempty"`
}

// Table is a game rebuilt from its log.
type Table struct {
	Options Options
	Game    *engine.Game
	Log     []Entry
	// Cues tell the table what to do by hand after the last action.
	Cues []string
	seed uint64
}

// Entry is one logged action.
type Entry struct {
	Seq    int
	Seat   rules.Seat // who acted
	Turn   rules.Seat // whose turn it was: a Herald's or a Monk's player
	Action string
}

type actData struct {
	Seat   int    `json:"seat"`
	Action string `json:"action"`
}

var nameRE = regexp.MustCompile(`^[a-z][a-z0-9]{0,15}$`)

// NewOptions checks the options of a new session.
func NewOptions(players int, names []string, variant, mode, first, position string) (Options, error) {
	o := Options{Players: players, Mode: mode, Position: position}
	if mode != "digital" && mode != "physical" {
		return Options{}, fmt.Errorf("--mode %q: choose digital (the companion deals) or physical (your own cards)", mode)
	}
	switch variant {
	case "", "standard":
	case "two-player", "duel":
		o.Players = 2
		if players != 0 && players != 2 {
			return Options{}, errors.New("the two-player variant is for 2 players")
		}
	default:
		return Options{}, fmt.Errorf("--variant %q: choose standard or two-player", variant)
	}
	if position != "" {
		g, err := engine.ParsePosition(position)
		if err != nil {
			return Options{}, err
		}
		o.Players, o.Position = g.Players(), g.String()
		o.Mode = g.Mode().String()
	}
	if len(names) == 0 {
		for i := range o.Players {
			names = append(names, "p"+strconv.Itoa(i+1))
		}
	}
	if o.Players == 0 {
		o.Players = len(names)
	}
	if len(names) != o.Players {
		return Options{}, fmt.Errorf("%d names for %d players", len(names), o.Players)
	}
	seen := map[string]bool{}
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		if !nameRE.MatchString(n) || n == "table" || seen[n] {
			return Options{}, fmt.Errorf("name %q: names are 1-16 lowercase letters or digits, start with a letter, differ, and are not \"table\"", n)
		}
		seen[n] = true
		o.Names = append(o.Names, n)
	}
	if first != "" {
		s, err := o.seat(first)
		if err != nil {
			return Options{}, fmt.Errorf("--first: %w", err)
		}
		o.First = int(s)
	}
	if o.Position == "" && (o.Players < 2 || o.Players > 6) {
		return Options{}, fmt.Errorf("of knights and ninjas is for 2 to 6 players, not %d", o.Players)
	}
	return o, nil
}

// seat reads a player's name or seat number.
func (o Options) seat(s string) (rules.Seat, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, n := range o.Names {
		if n == s {
			return rules.Seat(i), nil
		}
	}
	if seat, err := rules.ParseSeat(s, o.Players); err == nil {
		return seat, nil
	}
	return 0, fmt.Errorf("%q is not at the table (%s)", s, strings.Join(o.Names, ", "))
}

// drawRand is the random source for the action at a log position: derived
// from the private seed and the position, so undoing an action and doing it
// again draws the same cards.
func drawRand(seed uint64, seq int) *rand.Rand {
	return rules.NewRand(seed, "knights/"+strconv.Itoa(seq))
}

// Start builds the game before any action.
func Start(o Options, seed uint64) (*Table, error) {
	if len(o.Names) != o.Players {
		return nil, fmt.Errorf("options: %d names for %d players", len(o.Names), o.Players)
	}
	t := &Table{Options: o, seed: seed}
	var err error
	if o.Position != "" {
		t.Game, err = engine.ParsePosition(o.Position)
	} else {
		mode := engine.Digital
		if o.Mode == "physical" {
			mode = engine.Physical
		}
		t.Game, err = engine.NewGame(engine.Config{Players: o.Players, Mode: mode, First: rules.Seat(o.First)}, drawRand(seed, 0))
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Replay rebuilds a session's table.
func Replay(s companion.Session) (*Table, error) {
	return companion.Rebuild(s, Game, Start, (*Table).replay)
}

func (t *Table) replay(e companion.Event) error {
	if e.Kind != "act" {
		return fmt.Errorf("unknown event %q", e.Kind)
	}
	var d actData
	if err := json.Unmarshal(e.Data, &d); err != nil {
		return err
	}
	a, err := engine.ParseAction(d.Action)
	if err != nil {
		return err
	}
	if who := t.Game.Actor(a); int(who) != d.Seat {
		return fmt.Errorf("%s logged for seat %d, but seat %s acts now", d.Action, d.Seat+1, who)
	}
	t.Game.SetRand(drawRand(t.seed, e.Seq))
	turn := t.Game.Turn()
	if err := t.Game.Apply(a); err != nil {
		return err
	}
	t.Log = append(t.Log, Entry{Seq: e.Seq, Seat: rules.Seat(d.Seat), Turn: turn, Action: a.String()})
	return nil
}

// Act checks an action in engine notation, reported by a player (by may be
// empty: whoever the game waits for), and returns the event to log. With a
// digital deck every action shows or deals a card someone had not seen, so
// none can be undone; with a physical deck undo only corrects the record.
func (t *Table) Act(by, text string) (companion.Event, error) {
	a, err := engine.ParseAction(text)
	if err != nil {
		return companion.Event{}, err
	}
	actor := t.Game.Actor(a)
	if actor == engine.NoSeat {
		return companion.Event{}, fmt.Errorf("%w: the game is over", rules.ErrIllegal)
	}
	viewer := engine.NoSeat
	if by != "" {
		s, err := t.Options.seat(by)
		if err != nil {
			return companion.Event{}, err
		}
		if s != actor {
			return companion.Event{}, fmt.Errorf("%w: the game waits for %s, not %s", rules.ErrIllegal, t.Options.Names[actor], t.Options.Names[s])
		}
		viewer = s
	}
	if err := t.Game.Clone().Apply(a); err != nil {
		return companion.Event{}, t.refusal(err, viewer)
	}
	raw, _ := json.Marshal(actData{Seat: int(actor), Action: a.String()})
	e := companion.Event{Seq: len(t.Log) + 1, Kind: "act", Data: raw, Barrier: t.Game.Mode() == engine.Digital}
	if err := t.replay(e); err != nil {
		return companion.Event{}, errors.New(t.Names(err.Error()))
	}
	t.Cues = t.cues()
	return e, nil
}

// cues are what the table must do by hand after an action, which a
// physical deck needs most: draw for a new turn, reshuffle the discards the
// moment the draw pile empties, clear away a minstrel whose watch is over.
// Each says what the engine counted (its Events), step by step.
func (t *Table) cues() []string {
	g := t.Game
	physical := g.Mode() == engine.Physical
	var out []string
	drew := map[rules.Seat]bool{}
	for _, e := range g.Events() {
		who := t.seatName(e.Seat)
		switch e.Kind {
		case engine.EventReshuffle:
			now := fmt.Sprintf(" Now %d gems win.", e.Target)
			if g.Players() == 2 {
				now = ""
			}
			if physical {
				out = append(out, fmt.Sprintf("The draw pile ran out: shuffle the %d discards into a new draw pile.%s", e.Cards, now))
			} else {
				out = append(out, fmt.Sprintf("The draw pile ran out and the %d discards were shuffled into a new one.%s", e.Cards, now))
			}
		case engine.EventMinstrelLeaves:
			out = append(out, fmt.Sprintf("%s's minstrel has kept watch: it goes to the discards.", who))
		case engine.EventLadderLeaves:
			if physical {
				out = append(out, "The ladder goes to the discards.")
			}
		case engine.EventMerchantTakes:
			if physical {
				out = append(out, fmt.Sprintf("%s shuffles their hand and holds it face down: the merchant's player picks %d card(s) from it.", who, e.Cards))
			}
		case engine.EventDraft:
			if physical {
				out = append(out, fmt.Sprintf("Deal %d card(s) face down as the draft pile.", e.Cards))
			}
		case engine.EventDraw:
			lead, more := "", ""
			if drew[e.Seat] {
				more = " more"
			} else {
				lead = who + "'s turn: "
			}
			drew[e.Seat] = true
			if physical {
				out = append(out, fmt.Sprintf("%s%s draws %d%s card(s).", lead, who, e.Cards, more))
			} else {
				out = append(out, fmt.Sprintf("%s%s drew %d%s card(s) (status --as %s).", lead, who, e.Cards, more, who))
			}
		}
	}
	return out
}

// refusal words an engine refusal for whoever typed the command: the seat
// it names with --by/--as/--from, or else the whole table. A reason that
// rests on a hand (or on cards shown to a Herald) goes only to the seat it
// concerns; anyone else reads the same line for every card, held or not, so
// a refusal cannot be used to probe a hand.
func (t *Table) refusal(err error, viewer rules.Seat) error {
	var ie *engine.IllegalError
	if !errors.As(err, &ie) {
		return errors.New(t.Names(err.Error()))
	}
	if ie.For(viewer) == engine.Neutral {
		who := t.seatName(ie.Private)
		return fmt.Errorf("%w: %s: that play is not available; %s, report it with --by %s to see why", rules.ErrIllegal, t.Friendly(ie.Action.String()), who, who)
	}
	return fmt.Errorf("%w: %s: %s", rules.ErrIllegal, t.Friendly(ie.Action.String()), t.Names(ie.Reason))
}

var seatRE = regexp.MustCompile(`\bseat (\d+)\b`)

// Names rewrites the engine's "seat N" into the players' names.
func (t *Table) Names(s string) string {
	return seatRE.ReplaceAllStringFunc(s, func(m string) string {
		n, _ := strconv.Atoi(m[5:])
		if n >= 1 && n <= len(t.Options.Names) {
			return t.Options.Names[n-1]
		}
		return m
	})
}

// Seat reads a name or seat number.
func (t *Table) Seat(s string) (rules.Seat, error) { return t.Options.seat(s) }
