package companion

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/bots"
)

// BotSeat is a seat the companion plays itself, as `new --bot SEAT[=LEVEL]`
// set it. A game keeps its bot seats in its stored options.
type BotSeat struct {
	Seat  int    `json:"seat"` // from 0, as the engine counts seats
	Level string `json:"level"`
}

// ParseBotFlag splits one --bot value, SEAT or SEAT=LEVEL, into the seat as
// the game's --as reads it and the level (normal when none is given).
func ParseBotFlag(text string) (seat string, level bots.Level, err error) {
	seat, lv, has := strings.Cut(text, "=")
	seat = strings.TrimSpace(seat)
	if seat == "" {
		return "", 0, fmt.Errorf("--bot %q: say which seat, as SEAT or SEAT=LEVEL", text)
	}
	if !has {
		return seat, bots.Normal, nil
	}
	if level, err = bots.ParseLevel(lv); err != nil {
		return "", 0, fmt.Errorf("--bot %q: %w", text, err)
	}
	return seat, level, nil
}

// BotSeed is a bot seat's own seed. It derives from the session's private
// seed, so it is kept exactly as privately, and it differs per seat, so two
// bots at one table do not share their random draws.
func BotSeed(session uint64, seat int) uint64 {
	h := fnv.New64a()
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], session)
	binary.BigEndian.PutUint64(b[8:], uint64(seat))
	h.Write([]byte("bot seat/"))
	h.Write(b[:])
	return h.Sum64()
}

// Options are the bot options of seat b in a session with that private
// seed. A seat at the table searches a fixed number of iterations, never
// for a time, so replaying the same view with the same seed gives the same
// action on any machine. normal is the game's iteration count for normal
// (about its 0.3 s on one core); hard searches five times as many.
func (b BotSeat) Options(session uint64, normal int) (bots.Options, error) {
	lv, err := bots.ParseLevel(b.Level)
	if err != nil {
		return bots.Options{}, err
	}
	return bots.Options{Level: lv, Seed: BotSeed(session, b.Seat), Iterations: Searches(lv, normal)}, nil
}

// Searches is the iterations a search of level lv runs at the table for a
// game whose normal bot runs normal: hard five times as many, none for the
// levels that do not search.
func Searches(lv bots.Level, normal int) int {
	switch lv {
	case bots.Normal:
		return normal
	case bots.Hard:
		return 5 * normal
	}
	return 0
}

// BotPlay is one action a bot seat chose, ready to be logged: the very
// event a person's command would log for it, and what the table is told.
type BotPlay struct {
	Seat  int    // from 0
	Level string // the bot's level, for the narration's "(bot)"
	Event Event  // Seq is set by the store
	// Said is the action in table words for everyone at the table, with
	// what a person must do on the physical board; it shows nothing the
	// table may not know (never the bot's hand).
	Said string
}

// BotFunc is a game's NextBot: the action of the bot seat whose decision
// is pending in s, ok=false when none is (or the game is over).
type BotFunc func(s Session) (BotPlay, bool, error)

// BotSeatsOf reads the bot seats a session's stored options hold: every
// game keeps them under "bots", so the server and the table mode can tell
// them apart without knowing the game.
func BotSeatsOf(s Session) ([]BotSeat, error) {
	var o struct {
		Bots []BotSeat `json:"bots"`
	}
	if len(s.Options) == 0 {
		return nil, nil
	}
	if err := json.Unmarshal(s.Options, &o); err != nil {
		return nil, fmt.Errorf("session %q: options: %w", s.Name, err)
	}
	return o.Bots, nil
}

// IsBot reports whether seat (from 0) is one of bots.
func IsBot(bots []BotSeat, seat int) bool {
	return slices.ContainsFunc(bots, func(b BotSeat) bool { return b.Seat == seat })
}

// UndoWithBots takes back the last event with verify's barriers, then,
// while the session waits on a bot seat again, the event before it: so a
// person's undo takes back the bots' actions since that person's own
// action together with it (ruling C-23). A barrier stops it where it
// stands; the caller then lets the bots act again, which plays what they
// had played (the same view and seed give the same action). With next nil
// it is one plain Undo. each is called after every event taken back, with
// the session as it is then; a refusal of the first is the error.
func (st *Store) UndoWithBots(name string, verify Verifier, next BotFunc, each func(e Event, after Session) error) error {
	var waits func(Undone) (bool, error)
	if next != nil {
		waits = func(u Undone) (bool, error) {
			_, ok, err := next(u.After)
			return ok, err
		}
	}
	return st.UndoTables(name, verify, waits, nil, func(u Undone) error { return each(u.Event, u.After) })
}

// UndoTables is UndoWithBots handing over the game's tables, so that
// nothing reads the session again: check (when not nil) is called in the
// first undo's transaction, before it writes, with the session it loaded
// and the table that session stands at (nil for a game without a snapshot
// encoding; an error refuses the undo), each with every event taken back,
// the session after it and its table, and waits (nil: never) says then
// whether the session waits on a bot seat, so that the undo goes on.
func (st *Store) UndoTables(name string, verify Verifier, waits func(Undone) (bool, error), check func(s Session, table any) error, each func(Undone) error) error {
	for first := true; ; first = false {
		u, err := st.undo(name, verify, check)
		if err != nil {
			if !first && errors.Is(err, ErrBarrier) {
				return nil
			}
			return err
		}
		check = nil
		if err := each(u); err != nil {
			return err
		}
		if waits == nil || u.After.Len() == 0 {
			return nil
		}
		if ok, err := waits(u); err != nil || !ok {
			return err
		}
	}
}
