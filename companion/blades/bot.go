package blades

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// NormalIterations is how many search iterations a normal bot seat runs a
// decision: about 0.3 s of one core's time (the mean over the first dozen
// decisions of 3- to 5-player games was 0.25 to 0.35 s; a keep from a full
// hand takes longest; see BenchmarkNormalDecision); hard runs five times as
// many. A fixed count, never the clock, so a bot seat's action replays the
// same on any machine.
const NormalIterations = 3000

// ParseBots reads the --bot flags of `new` (SEAT or SEAT=LEVEL, the seat as
// --as reads it) into the options, and checks them as a stored session's
// are checked.
func (o Options) ParseBots(flags []string) (Options, error) {
	if len(flags) == 0 {
		return o, nil
	}
	t, err := Start(o, 0)
	if err != nil {
		return o, err
	}
	o.Bots = nil
	for _, f := range flags {
		seat, level, err := companion.ParseBotFlag(f)
		if err != nil {
			return o, err
		}
		r, err := t.ParseRole(seat)
		if err != nil {
			return o, fmt.Errorf("--bot %s: %w", f, err)
		}
		if r.Table {
			return o, fmt.Errorf("--bot %s: name a seat (a number or a colour), not the table", f)
		}
		o.Bots = append(o.Bots, companion.BotSeat{Seat: int(r.Seat), Level: level.String()})
	}
	if err := o.checkBots(); err != nil {
		return o, err
	}
	_, err = o.check(defaultRules())
	return o, err
}

// checkBots refuses bot seats a session could not play: a seat out of
// range or given twice, an unknown level, or every seat a bot (ruling
// B-24). Seats are counted as the options count players.
func (o Options) checkBots() error {
	seen := map[int]bool{}
	for _, b := range o.Bots {
		switch {
		case b.Seat < 0 || b.Seat >= o.Players:
			return fmt.Errorf("--bot: seat %d does not exist in a %d-player game", b.Seat+1, o.Players)
		case seen[b.Seat]:
			return fmt.Errorf("--bot: seat %d is given twice", b.Seat+1)
		}
		if _, err := bots.ParseLevel(b.Level); err != nil {
			return fmt.Errorf("--bot: seat %d: %w", b.Seat+1, err)
		}
		seen[b.Seat] = true
	}
	if len(o.Bots) > 0 && len(o.Bots) >= o.Players {
		return errors.New("--bot: every seat would be a bot; leave at least one seat to a person (ninjakit simulate blades plays bots against each other)")
	}
	return nil
}

// botRefusal answers a person acting for a seat the companion plays.
func botRefusal(s engine.Seat) error {
	return fmt.Errorf("%w: seat %s is played by the companion (a bot): it acts on its own", rules.ErrIllegal, s)
}

// BotNames names the bot seats: "seat 2 (Red)".
func (t *Table) BotNames() string {
	var names []string
	for _, b := range t.Options.Bots {
		names = append(names, fmt.Sprintf("seat %d (%s)", b.Seat+1, t.colour(engine.Seat(b.Seat))))
	}
	return strings.Join(names, " and ")
}

// pendingBot is the bot seat with a decision now: during the keep, the
// first bot seat still choosing; in play, the seat to move if a bot.
func (t *Table) pendingBot() (companion.BotSeat, bool) {
	p := t.Pos
	for _, b := range t.Options.Bots {
		s := engine.Seat(b.Seat)
		switch p.Phase() {
		case engine.Choosing:
			if p.Choosing(s) {
				return b, true
			}
		case engine.Playing:
			if p.Turn() == s {
				return b, true
			}
		}
	}
	return companion.BotSeat{}, false
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
// determinizations for it) with the seat's private seed, as the event a
// person's keep or move would log; ok is false when no bot seat is to act.
func NextBot(s companion.Session) (companion.BotPlay, bool, error) {
	t, err := Replay(s)
	if err != nil {
		return companion.BotPlay{}, false, err
	}
	b, ok := t.pendingBot()
	if !ok {
		return companion.BotPlay{}, false, nil
	}
	o, err := b.Options(s.Seed, NormalIterations)
	if err != nil {
		return companion.BotPlay{}, false, err
	}
	st, err := t.Engine()
	if err != nil {
		return companion.BotPlay{}, false, err
	}
	seat := engine.Seat(b.Seat)
	d, err := bots.New(bots.Blades{}, o).Choose(bots.ViewOf(st, seat))
	if err != nil {
		return companion.BotPlay{}, false, err
	}
	play := companion.BotPlay{Seat: b.Seat, Level: b.Level}
	who := t.colour(seat)
	var e companion.Event
	if d.Action.Keep {
		raw, _ := json.Marshal(keepData{Seat: b.Seat, Hand: d.Action.Cards.String()})
		e = companion.Event{Kind: "keep", Data: raw}
		// The kept cards are the bot's secret unless hands are open; how
		// many it keeps every role sees in the status.
		play.Said = fmt.Sprintf("%s (bot) keeps %d card(s), face down by the companion", who, d.Action.Cards.Size())
		if t.Pos.Cards() == engine.OpenHands {
			play.Said = fmt.Sprintf("%s (bot) keeps %s", who, t.handNames(d.Action.Cards))
		}
	} else {
		raw, _ := json.Marshal(moveData{Seat: b.Seat, Move: d.Action.Move.Format(t.Pos.Board())})
		e = companion.Event{Kind: "move", Data: raw}
		// The engine's words say what to do on the board; the log's add
		// what a pass means for the end.
		play.Said = st.Narrate(seat, d.Action)
		if d.Action.Move.Action == engine.Pass {
			play.Said = ""
		}
	}
	if play.Event, err = t.record(e); err != nil {
		return companion.BotPlay{}, false, fmt.Errorf("the bot's action was refused: %w", err)
	}
	if play.Said == "" {
		play.Said = t.Log[len(t.Log)-1].Said
	}
	if rest, cut := strings.CutPrefix(play.Said, who); cut && !strings.HasPrefix(play.Said, who+" (bot)") {
		play.Said = who + " (bot)" + rest
	}
	return play, true, nil
}
