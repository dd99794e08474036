package cmd

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	cbn "github.com/ninjakit/ninjakit/companion/blind"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
)

// botGame is what a game with bot seats gives the one-shot commands.
type botGame struct {
	next companion.BotFunc
	// then, when not nil, prints what the table sees once bots have acted
	// (the board, whose turn): the command's own report came before them.
	then func(io *IOStreams, t companion.Session) error
	// seated tells from a table the game's replay made whether the session
	// has bot seats: one without any never has a bot to act, so a command
	// need not open the file a second time to ask. Unsure (no table of the
	// game's type), it says yes and the file is asked.
	seated func(table any) bool
	// pending tells the same of a bot with a decision now, from the table
	// a command's own write left (F-9).
	pending func(table any) bool
}

// botPlayers are the games whose sessions may have bot seats, by session
// game name: a game plugs in by adding itself here. Every one-shot command
// that changes such a session (through actOnTable or undoLast) then lets
// the bots act after it; a game's `new` calls driveBots itself.
var botPlayers = map[string]botGame{
	cb.Game: {next: cb.NextBot, then: bladesAfterBots, seated: func(table any) bool {
		t, ok := table.(*cb.Table)
		return !ok || t == nil || len(t.Options.Bots) > 0
	}, pending: func(table any) bool {
		t, ok := table.(*cb.Table)
		return !ok || t == nil || t.BotPending()
	}},
	cbn.Game: {next: cbn.NextBot, then: blindAfterBots, seated: func(table any) bool {
		t, ok := table.(*cbn.Table)
		return !ok || t == nil || len(t.Options.Bots) > 0
	}, pending: func(table any) bool {
		t, ok := table.(*cbn.Table)
		return !ok || t == nil || t.BotPending()
	}},
	ck.Game: {next: ck.NextBot, then: knightsAfterBots, seated: func(table any) bool {
		t, ok := table.(*ck.Table)
		return !ok || t == nil || len(t.Options.Bots) > 0
	}, pending: func(table any) bool {
		t, ok := table.(*ck.Table)
		return !ok || t == nil || t.BotPending()
	}},
	sc.Game: {next: sc.NextBot, then: scorpionAfterBots, seated: func(table any) bool {
		t, ok := table.(*sc.Table)
		return !ok || t == nil || len(t.Options.Bots) > 0
	}, pending: func(table any) bool {
		t, ok := table.(*sc.Table)
		return !ok || t == nil || t.BotPending()
	}},
}

// botTold is one bot action as --json prints it.
type botTold struct {
	Seat  int    `json:"seat"` // from 1
	Level string `json:"level"`
	Said  string `json:"said"`
}

// driveBots lets the bot seats of session name act while one has a
// decision pending, and prints each action's Said line. Each action is
// its own store transaction, so another command waits at most one bot's
// thinking for the lock.
func driveBots(io *IOStreams, game, name string, next companion.BotFunc) error {
	return tellBots(io, false, game, name, botGame{next: next})
}

// tellBots drives the bots and prints what they did: a Said line each, or
// with asJSON one more JSON value {"bots": [...]} after the command's own
// (nothing when no bot acted, so a session without bots prints as ever).
func tellBots(io *IOStreams, asJSON bool, game, name string, bg botGame) error {
	if bg.next == nil {
		return nil
	}
	var told []botTold
	acted := false
	err := runBots(game, name, bg.next, func(p companion.BotPlay) {
		acted = true
		// An action the table may not hear of (a Scorpion intruder's hidden
		// step) says nothing, not even an empty line: the count is secret.
		if p.Said == "" {
			return
		}
		if asJSON {
			told = append(told, botTold{Seat: p.Seat + 1, Level: p.Level, Said: p.Said})
			return
		}
		fmt.Fprintln(io.Out, cb.Wrap(p.Said, 78, "  "))
	})
	if len(told) > 0 {
		if werr := writeJSON(io.Out, map[string][]botTold{"bots": told}); err == nil {
			err = werr
		}
	}
	if err != nil || !acted || asJSON || bg.then == nil {
		return err
	}
	return withSession(game, name, true, func(st *companion.Store, name string) error {
		s, err := st.LoadLatest(name)
		if err != nil {
			return err
		}
		return bg.then(io, s)
	})
}

// runBots appends the bots' actions one transaction at a time, calling
// each for every action logged, until no bot seat is to act.
func runBots(game, name string, next companion.BotFunc, each func(companion.BotPlay)) error {
	for {
		var play companion.BotPlay
		acted := false
		err := withSession(game, name, false, func(st *companion.Store, name string) error {
			_, err := st.Append(name, func(s companion.Session) ([]companion.Event, error) {
				p, ok, err := next(s)
				if err != nil || !ok {
					return nil, err
				}
				play, acted = p, true
				return []companion.Event{p.Event}, nil
			})
			return err
		})
		if err != nil {
			return fmt.Errorf("the bot could not act: %w", err)
		}
		if !acted {
			return nil
		}
		each(play)
	}
}

// afterBots drives the bots once a command that changed session name has
// done its own work (err is its outcome: a warning still lets them act).
// table is the session's table as that work left it, which tells whether a
// bot has a decision now at all.
func afterBots(io *IOStreams, asJSON bool, game, name string, table any, err error) error {
	if name == "" || (err != nil && !errors.As(err, new(warning))) {
		return err
	}
	bg := botPlayers[game]
	if bg.pending != nil && !bg.pending(table) {
		return err
	}
	if berr := tellBots(io, asJSON, game, name, bg); berr != nil {
		return berr
	}
	return err
}
