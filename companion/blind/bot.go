package blind

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blind"
)

// NormalIterations is a normal bot seat's search per decision: 0.14 s of
// CPU in the middle of a 2-player game, 0.21 to 0.28 s with 3 or 4 players
// (BenchmarkBotDecision measures it); hard searches five times as many.
const NormalIterations = 1000

// WithBots returns the options with the bot seats of `new --bot`, each
// SEAT or SEAT=LEVEL with SEAT a name or seat number as --as reads it.
func (o Options) WithBots(flags []string) (Options, error) {
	t := &Table{Options: o}
	o.Bots = nil
	for _, f := range flags {
		name, level, err := companion.ParseBotFlag(f)
		if err != nil {
			return o, err
		}
		s, err := t.Seat(name)
		if err != nil {
			return o, fmt.Errorf("--bot: %w", err)
		}
		o.Bots = append(o.Bots, companion.BotSeat{Seat: int(s), Level: level.String()})
	}
	if len(o.Bots) > 0 && o.pastTheStart() {
		return o, errors.New("--bot: a game started from a position past the start has no history for a bot to read; start the game from the beginning")
	}
	return o, o.validateBots()
}

// pastTheStart reports whether the game starts from a position in which
// something was placed or played. Such a position carries no history, and
// a bot reads the other grids from the history since the placement (E-1):
// it would people the board with ninjas already slain. Sessions stored
// before this check still load; only new bot seats and hints are refused.
func (o Options) pastTheStart() bool {
	if o.Position == "" {
		return false
	}
	fresh, err := engine.NewGame(engine.Options{Players: o.Players, First: rules.Seat(o.First), Turns: o.Turns})
	return err != nil || fresh.Position() != o.Position
}

// validateBots: every bot seat is a player, once, at a known level; a game
// of bots alone needs a turn limit, or it might never end (W-16).
func (o Options) validateBots() error {
	seen := map[int]bool{}
	for _, b := range o.Bots {
		if b.Seat < 0 || b.Seat >= o.Players {
			return fmt.Errorf("--bot: seat %d is not a player here", b.Seat+1)
		}
		if _, err := bots.ParseLevel(b.Level); err != nil {
			return fmt.Errorf("--bot %s: %w", o.Names[b.Seat], err)
		}
		if seen[b.Seat] {
			return fmt.Errorf("--bot %s is given twice", o.Names[b.Seat])
		}
		seen[b.Seat] = true
	}
	if len(o.Bots) == o.Players && o.Players > 0 && o.Turns == 0 {
		return errors.New("--bot: every player is a bot; give --turns N so their game surely ends, or play a seat yourself")
	}
	return nil
}

// Bot is the bot seat at s, if s is one.
func (t *Table) Bot(s rules.Seat) (companion.BotSeat, bool) {
	for _, b := range t.Options.Bots {
		if b.Seat == int(s) {
			return b, true
		}
	}
	return companion.BotSeat{}, false
}

// BotsAlone reports whether the game goes on with no turn limit and no
// person's ninja left: bots alone could walk forever (W-16), so they stop
// and the game stops with them.
func (t *Table) BotsAlone() bool {
	if t.Game.Stage() != engine.StagePlay || t.Game.Limit() > 0 {
		return false
	}
	for seat := range t.Game.Players() {
		if !t.isBot(rules.Seat(seat)) && len(t.Game.Living(rules.Seat(seat))) > 0 {
			return false
		}
	}
	return true
}

func (t *Table) isBot(s rules.Seat) bool {
	_, ok := t.Bot(s)
	return ok
}

// BotBarrier is why a person's undo may not take back the bots' actions
// since their own: a slash a bot made was heard, or the game ended (W-15,
// C-23); "" when none stands in the way. Undo stops short of such a bot
// action rather than take back an action and let the bot play it again.
func (t *Table) BotBarrier() string {
	for i := len(t.Log) - 1; i >= 1 && t.isBot(t.Log[i].Action.Seat); i-- {
		for _, ev := range t.Log[i].Events {
			switch ev.Kind {
			case engine.EventSlash:
				return fmt.Sprintf("everyone heard %s's slash at %s since", t.Name(t.Log[i].Action.Seat), ev.Square)
			case engine.EventOver:
				return "the game is over and every grid has been shown"
			}
		}
	}
	return ""
}

// BotPending reports whether a bot seat is to give its orders now: when
// none is, NextBot has nothing to do, and a command need not read the
// session again to ask it.
func (t *Table) BotPending() bool {
	if t.BotsAlone() {
		return false
	}
	for _, seat := range engine.NewState(t.Game).ToAct(nil) {
		if _, ok := t.Bot(seat); ok {
			return true
		}
	}
	return false
}

// NextBot lets the first bot seat with a decision pending make it: a
// placement or a turn's orders, chosen from that seat's own view with its
// private seed, and logged as the very event a person's start or orders
// command logs. ok is false when no bot seat is to act.
func NextBot(s companion.Session) (companion.BotPlay, bool, error) {
	t, err := Replay(s)
	if err != nil {
		return companion.BotPlay{}, false, err
	}
	return t.nextBot(s.Seed)
}

func (t *Table) nextBot(seed uint64) (companion.BotPlay, bool, error) {
	if t.BotsAlone() {
		return companion.BotPlay{}, false, nil
	}
	st := engine.NewState(t.Game)
	for _, seat := range st.ToAct(nil) {
		b, ok := t.Bot(seat)
		if !ok {
			continue
		}
		o, err := b.Options(seed, NormalIterations)
		if err != nil {
			return companion.BotPlay{}, false, err
		}
		d, err := bots.New(bots.Blind{}, o).Choose(bots.ViewOf(st, seat))
		if err != nil {
			return companion.BotPlay{}, false, err
		}
		e, err := t.Act(d.Action.Action(t.Game.Grid(), t.Game.Players()), seat)
		if err != nil {
			return companion.BotPlay{}, false, fmt.Errorf("bot %s: %w", t.Name(seat), err)
		}
		return companion.BotPlay{Seat: int(seat), Level: b.Level, Event: e, Said: t.said(seat)}, true, nil
	}
	return companion.BotPlay{}, false, nil
}

// said tells the bot's last action as the whole table hears it: that it
// placed or gave orders, the slashes with every grunt and swish, who went
// out. The bot's squares and orders stay with the referee, as a person's do.
func (t *Table) said(seat rules.Seat) string {
	lines := t.Last(Role{Table: true})
	lines[0] = strings.Replace(lines[0], t.Name(seat), t.Name(seat)+" (bot)", 1)
	last := t.Log[len(t.Log)-1]
	if last.Action.Kind == engine.ActOrders && !slices.ContainsFunc(last.Events, func(e engine.Event) bool { return e.Kind == engine.EventSlash }) {
		lines[0] += ": no slash"
	}
	return strings.Join(lines, "; ")
}
