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
	"sync"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// Game is the session game name.
const Game = "knights"

// Table is a game rebuilt from its log.
type Table struct {
	Options Options
	Game    *engine.Game
	Log     []Entry
	// Cues tell the table what to do by hand after the last action.
	Cues []string
	// Turns counts the turns begun, a duel's drafts not included (ruling K40).
	Turns int
	seed  uint64

	taken func() []companion.Event // what undo took back, for the log's notes
	// declined marks, by seat, who let the open steal window's gems go;
	// closed says the last decline closed it (ruling K42).
	declined uint16
	closed   bool
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

// Entry is one logged event: an action, or a public note.
type Entry struct {
	Seq  int
	Seat rules.Seat // who acted, or revealed; NoSeat: the table
	// Story is what happened, in table words.
	Story []line
}

type actData struct {
	Seat   int    `json:"seat"`
	Action string `json:"action"`
}

// drawRand is the random source for the action at a log position: derived
// from the private seed and the position, so undoing an action and doing it
// again draws the same cards (ruling C-12).
func drawRand(seed uint64, seq int) *rand.Rand {
	return rules.NewRand(seed, "knights/"+strconv.Itoa(seq))
}

// Start builds the game before any action. It checks the options exactly as
// NewOptions does, since a stored or imported session may carry anything.
func Start(o Options, seed uint64) (*Table, error) {
	if err := o.validate(); err != nil {
		return nil, fmt.Errorf("options: %w", err)
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
	if p := t.Game.Phase(); p != engine.PhaseDraft && p != engine.PhaseOver {
		t.Turns = 1
	}
	return t, nil
}

// Replay rebuilds a session's table.
func Replay(s companion.Session) (*Table, error) {
	return companion.Rebuild(s, replayer)
}

func (t *Table) replay(e companion.Event) error {
	switch e.Kind {
	case noteKind:
		return t.replayNote(e)
	case declineKind:
		return t.replayDecline(e)
	}
	if e.Kind != "act" {
		return fmt.Errorf("unknown event %q", e.Kind)
	}
	var d actData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return fmt.Errorf("event data: %w", err)
	}
	a, err := engine.ParseActionFor(d.Action, t.Game.Players())
	if err != nil {
		return err
	}
	if who := t.Game.Actor(a); int(who) != d.Seat {
		return fmt.Errorf("%s logged for %s, but %s acts now", t.CommandFor(a), t.seatName(rules.Seat(d.Seat)), t.seatName(who))
	}
	t.Game.SetRand(drawRand(t.seed, e.Seq))
	before := t.Game.Clone()
	if err := t.Game.Apply(a); err != nil {
		// Only a stored or imported log gets here, refused in table
		// words for whoever reads the file, which holds every hand.
		var ie *engine.IllegalError
		if errors.As(err, &ie) {
			return fmt.Errorf("%w: %s: %s", rules.ErrIllegal, t.CommandFor(ie.Action), t.Names(ie.Reason))
		}
		return err
	}
	t.applied(before)
	who := rules.Seat(d.Seat)
	if a.Type() == engine.ActPass && before.Phase() == engine.PhaseSteal {
		who = engine.NoSeat // the table closes the window; the turn player only says so (ruling K39)
	}
	t.Log = append(t.Log, Entry{Seq: e.Seq, Seat: who, Story: t.narrate(before, a, rules.Seat(d.Seat))})
	return nil
}

// Act checks an action in engine notation, reported by a player (by may be
// empty: whoever the game waits for), and returns the event to log. Whether
// undo may take it back is judged by the replay (ruling C-1).
// A person may not act for a seat the companion plays (ruling K43).
func (t *Table) Act(by, text string) (companion.Event, error) {
	return t.act(by, text, false)
}

// act is Act; bot says the companion acts for a bot seat itself.
func (t *Table) act(by, text string, bot bool) (companion.Event, error) {
	a, err := engine.ParseActionFor(text, t.Game.Players())
	if err != nil {
		return companion.Event{}, err
	}
	actor := t.Game.Actor(a)
	if actor == engine.NoSeat {
		return companion.Event{}, fmt.Errorf("%w: %s", rules.ErrIllegal, t.Waiting())
	}
	viewer := engine.NoSeat
	if by != "" {
		s, err := t.Options.seat(by)
		if err != nil {
			return companion.Event{}, err
		}
		if !bot && t.isBot(s) {
			return companion.Event{}, botRefusal(t.seatName(s))
		}
		if s != actor {
			return companion.Event{}, fmt.Errorf("%w: the game waits for %s, not %s", rules.ErrIllegal, t.Options.Names[actor], t.Options.Names[s])
		}
		viewer = s
	}
	if !bot && t.isBot(actor) {
		return companion.Event{}, botRefusal(t.seatName(actor))
	}
	if t.letGo(a) {
		return companion.Event{}, fmt.Errorf("%w: %s already let these gems go", rules.ErrIllegal, t.seatName(a.Seat()))
	}
	if err := t.Game.Clone().Apply(a); err != nil {
		return companion.Event{}, t.refusal(err, viewer)
	}
	raw, _ := json.Marshal(actData{Seat: int(actor), Action: a.String()})
	e := companion.Event{Seq: len(t.Log) + 1, Kind: "act", Data: raw}
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
			if physical && e.Cards > 0 {
				out = append(out, fmt.Sprintf("%s shuffles their hand and holds it face down: the merchant's player picks %d card(s) from it.", who, e.Cards))
			}
		case engine.EventDraft:
			if physical {
				out = append(out, fmt.Sprintf("Deal %d card(s) face down as the draft pile.", e.Cards))
			} else {
				out = append(out, fmt.Sprintf("A new draft: the companion dealt %d card(s) face down as the draft pile.", e.Cards))
			}
		case engine.EventDraw:
			lead, more := "", ""
			if drew[e.Seat] {
				more = " more"
			} else {
				lead = who + "'s turn: "
			}
			drew[e.Seat] = true
			switch {
			case physical:
				out = append(out, fmt.Sprintf("%s%s draws %d%s card(s).", lead, who, e.Cards, more))
			case t.isBot(e.Seat):
				out = append(out, fmt.Sprintf("%s%s (bot) drew %d%s card(s), held by the companion.", lead, who, e.Cards, more))
			default:
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
		return fmt.Errorf("%w: %s: that play is not available; %s, report it with --by %s to see why", rules.ErrIllegal, t.CommandFor(ie.Action), who, who)
	}
	reason := ie.Reason
	if w := t.Game.WaitingFor(); strings.Contains(reason, w) {
		reason = strings.ReplaceAll(reason, w, "not now: "+t.Waiting())
	}
	return fmt.Errorf("%w: %s: %s", rules.ErrIllegal, t.CommandFor(ie.Action), t.Names(reason))
}

// seatRE finds the engine's "seat N"; compiled on first use, so that
// starting a command pays for no regexp.
var seatRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bseat (\d+)\b`) })

// Names rewrites the engine's "seat N" into the players' names.
func (t *Table) Names(s string) string {
	return seatRE().ReplaceAllStringFunc(s, func(m string) string {
		n, _ := strconv.Atoi(m[5:])
		if n >= 1 && n <= len(t.Options.Names) {
			return t.Options.Names[n-1]
		}
		return m
	})
}

// Seat reads a name or seat number.
func (t *Table) Seat(s string) (rules.Seat, error) { return t.Options.seat(s) }
