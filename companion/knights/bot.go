package knights

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// NormalIterations is how many search iterations a normal bot seat runs a
// decision: about 0.3 s on one core for a game's first decision, the
// widest (BenchmarkNormalDecision; a 0.3 s clocked search reached 420 to
// 970 iterations there on a loaded 2-core machine); hard runs five times
// as many. A fixed count, never the clock, so a bot seat's action replays
// the same on any machine.
const NormalIterations = 800

// ParseBots reads the --bot flags of `new` (SEAT or SEAT=LEVEL, the seat
// as --as reads it: a name or a number) into the options, and checks them
// as a stored session's are checked.
func (o Options) ParseBots(flags []string) (Options, error) {
	o.Bots = nil
	for _, f := range flags {
		seat, level, err := companion.ParseBotFlag(f)
		if err != nil {
			return o, err
		}
		s, err := o.seat(seat)
		if err != nil {
			return o, fmt.Errorf("--bot %s: %w", f, err)
		}
		o.Bots = append(o.Bots, companion.BotSeat{Seat: int(s), Level: level.String()})
	}
	return o, o.validate()
}

// checkBots refuses bot seats a session could not play (ruling K43): a
// seat out of range or given twice, an unknown level, every seat a bot,
// or a physical deck, whose cards are in the players' hands.
func (o Options) checkBots() error {
	if len(o.Bots) == 0 {
		return nil
	}
	if o.Mode != "digital" {
		return errors.New("--bot needs --mode digital: the companion must hold a bot seat's cards, and with a physical deck every card is in a player's hand")
	}
	seen := map[int]bool{}
	for _, b := range o.Bots {
		switch {
		case b.Seat < 0 || b.Seat >= o.Players:
			return fmt.Errorf("--bot: seat %d is not at a table of %d", b.Seat+1, o.Players)
		case seen[b.Seat]:
			return fmt.Errorf("--bot: %s is given twice", o.Names[b.Seat])
		}
		if _, err := bots.ParseLevel(b.Level); err != nil {
			return fmt.Errorf("--bot %s: %w", o.Names[b.Seat], err)
		}
		seen[b.Seat] = true
	}
	if len(o.Bots) >= o.Players {
		return errors.New("--bot: every seat would be a bot; leave at least one seat to a person (ninjakit simulate knights plays bots against each other)")
	}
	return nil
}

// isBot reports whether the companion plays seat s.
func (t *Table) isBot(s rules.Seat) bool { return companion.IsBot(t.Options.Bots, int(s)) }

// botRefusal answers a person acting for a seat the companion plays.
func botRefusal(name string) error {
	return fmt.Errorf("%w: %s is played by the companion (a bot): it acts on its own", rules.ErrIllegal, name)
}

// BotNames names the bot seats: "bob and dee".
func (t *Table) BotNames() string {
	var seats []rules.Seat
	for _, b := range t.Options.Bots {
		seats = append(seats, rules.Seat(b.Seat))
	}
	return t.names(seats)
}

// pendingBot is the bot seat with a decision now: in a steal window the
// first bot seat asked, in turn order from the holder's left (K42), else
// the seat the game waits on, if the companion plays it.
func (t *Table) pendingBot() (companion.BotSeat, bool) {
	var seats []rules.Seat
	switch t.Game.Phase() {
	case engine.PhaseOver:
		return companion.BotSeat{}, false
	case engine.PhaseSteal:
		seats = t.Asked()
	default:
		seats = []rules.Seat{t.Game.ToAct()}
	}
	for _, s := range seats {
		for _, b := range t.Options.Bots {
			if b.Seat == int(s) {
				return b, true
			}
		}
	}
	return companion.BotSeat{}, false
}

// Engine is the game behind the engine interface as the session played it,
// every logged action through State.Act from the deal on, so that each
// seat remembers the cards it has seen go into other hands (ruling E-5).
// It reads the whole log.
func Engine(s companion.Session) (*engine.State, error) {
	whole, err := s.Whole()
	if err != nil {
		return nil, err
	}
	var o Options
	if err := companion.DecodeStrict(whole.Options, &o); err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	t, err := Start(o, whole.Seed)
	if err != nil {
		return nil, err
	}
	st, err := engine.NewState(t.Game)
	if err != nil {
		return nil, err
	}
	for _, e := range whole.Events {
		var seat rules.Seat
		var m engine.Move
		switch e.Kind {
		case noteKind:
			continue
		case declineKind:
			if seat, err = t.readDecline(e); err != nil {
				return nil, err
			}
			m = engine.DeclineMove()
		case "act":
			var d actData
			if err := companion.DecodeStrict(e.Data, &d); err != nil {
				return nil, fmt.Errorf("event data: %w", err)
			}
			a, err := engine.ParseActionFor(d.Action, o.Players)
			if err != nil {
				return nil, err
			}
			seat, m = rules.Seat(d.Seat), engine.MoveOf(a)
		default:
			return nil, fmt.Errorf("unknown event %q", e.Kind)
		}
		st.SetRand(drawRand(whole.Seed, e.Seq))
		if err := st.Act(seat, m); err != nil {
			return nil, fmt.Errorf("event %d: %w", e.Seq, err)
		}
	}
	return st, nil
}

// BotPending reports whether a bot seat has a decision now: when it does
// not, NextBot has nothing to do, and a command need not read the session
// again to ask it.
func (t *Table) BotPending() bool {
	_, ok := t.pendingBot()
	return ok
}

// NextBot is the action of the bot seat whose decision is pending, chosen
// from that seat's view alone (the engine's observation and
// determinizations for it) with the seat's private seed, as the very event
// a person's command for it would log (steal, decline, respond, play,
// show, take, pay, keep, give...); ok is false when no bot seat is to act.
func NextBot(s companion.Session) (companion.BotPlay, bool, error) {
	none := companion.BotPlay{}
	t, err := Replay(s)
	if err != nil {
		return none, false, err
	}
	b, ok := t.pendingBot()
	if !ok {
		return none, false, nil
	}
	o, err := b.Options(s.Seed, NormalIterations)
	if err != nil {
		return none, false, err
	}
	st, err := Engine(s)
	if err != nil {
		return none, false, err
	}
	if st.Game().String() != t.Game.String() {
		return none, false, errors.New("the bot's game does not match the table's")
	}
	seat := rules.Seat(b.Seat)
	d, err := bots.New(bots.Knights{}, o).Choose(bots.ViewOf(st, seat))
	if err != nil {
		return none, false, err
	}
	name := t.seatName(seat)
	var e companion.Event
	if d.Action.Decline {
		e, err = t.decline(name, true)
	} else {
		e, err = t.act(name, d.Action.Action().String(), true)
	}
	if err != nil {
		return none, false, fmt.Errorf("the bot's action was refused: %w", err)
	}
	return companion.BotPlay{Seat: b.Seat, Level: b.Level, Event: e, Said: t.botSaid(seat)}, true, nil
}

// botSaid tells the whole table what bot seat s just did, as the table's
// log reads it (never a card only s saw), then what to do by hand.
func (t *Table) botSaid(s rules.Seat) string {
	name := t.seatName(s)
	lines := t.told(t.Log[len(t.Log)-1], Role{Table: true})
	said := strings.Join(lines, "; ")
	if rest, ok := strings.CutPrefix(said, name); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "'s ")) {
		said = name + " (bot)" + rest
	} else {
		said = name + " (bot): " + said
	}
	said += "."
	if len(t.Cues) > 0 {
		said += " " + strings.Join(t.Cues, " ")
	}
	return said
}
