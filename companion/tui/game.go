// Package tui is the table mode: one full-screen terminal session for a
// whole table sharing one device. The core here knows screens (the public
// board, the pass-the-device prompt, a player's private view, move entry)
// and nothing of any game; each game plugs in through a small Game adapter.
package tui

import (
	"errors"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
)

// Viewer is who is looking at the screen: a seat, or Table for everyone.
type Viewer int

// Table is the viewer when the device is not in one player's hands.
const Table Viewer = -1

// Choice is one legal action a viewer may pick: Path groups it in the move
// picker (e.g. card, then from-cell), Text is what the move entry takes.
type Choice struct {
	Path []string
	Text string
}

// Game is what a game gives the table mode. Every text it returns for a
// viewer holds only what that viewer may see; the core decides who is
// looking and clears the screen between viewers.
type Game interface {
	// Title names the game and session.
	Title() string
	// Refresh rebuilds the game from the session, which one-shot
	// commands may have changed meanwhile.
	Refresh() error
	// Board is the public view: what the whole table may see.
	Board(s Styles) string
	// Waiting is the seat the game waits for, if any.
	Waiting() (Viewer, bool)
	// Name is how the table calls a seat.
	Name(v Viewer) string
	// Seat reads a seat as players name it (a number, name or colour).
	Seat(word string) (Viewer, bool)
	// Private reports whether a seat has anything hidden to see now.
	Private(v Viewer) bool
	// Secret is a seat's private view: its hand and whatever else only it
	// may see.
	Secret(v Viewer, s Styles) string
	// Choices lists the actions a viewer may take and see.
	Choices(v Viewer) []Choice
	// Words are extra words move entry completes (verbs, card names).
	Words(v Viewer) []string
	// Do checks and logs one action typed by a viewer and returns what
	// the whole table may read about it; a refusal is worded for the viewer.
	Do(v Viewer, text string) (string, error)
}

// Asker is a Game that can put one question to several seats at once,
// each to answer in private (a Knights steal window). The table mode hands
// the device to them one after another, Waiting naming the next; phones
// ask them all at once.
type Asker interface {
	// Asked reports whether the question waits for seat v's answer.
	Asked(v Viewer) bool
}

// Source reaches the session a game is kept in, one short transaction at a
// time, so one-shot commands can act between two table-mode actions.
type Source interface {
	// Load reads the session.
	Load() (companion.Session, error)
	// Append runs one checked action in a single store transaction: check
	// gets the session as stored and returns the events to append.
	Append(check func(companion.Session) ([]companion.Event, error)) error
}

// replayed loads the session from src and rebuilds its table with the
// game's replay.
func replayed[T any](src Source, replay func(companion.Session) (T, error)) (companion.Session, T, error) {
	s, err := src.Load()
	if err != nil {
		var zero T
		return s, zero, err
	}
	t, err := replay(s)
	return s, t, err
}

// nameOf is viewer v's name in a game's list of names, "" for the table.
func nameOf(names []string, v Viewer) string {
	if v < 0 || int(v) >= len(names) {
		return ""
	}
	return names[v]
}

// seatOf reads a player's name or number with the game's own reader.
func seatOf(seat func(string) (rules.Seat, error), word string) (Viewer, bool) {
	s, err := seat(word)
	if err != nil {
		return Table, false
	}
	return Viewer(s), true
}

// Undoer is a Game whose last action can be taken back from the table
// mode, with the barriers of `companion GAME undo`.
type Undoer interface {
	// Undo takes back the last action for viewer v and returns what was
	// taken back as the table's log reads it: the note goes to the shared
	// screen whoever typed it (ruling C-22).
	Undo(v Viewer) (string, error)
}

// Taker is a Source that takes back the session's last event through the
// store's undo and the game's barriers: may, when given, checks the
// session as stored first, in the same transaction.
type Taker interface {
	Undo(may func(companion.Session) error) (companion.Event, error)
}

// takeBack takes back the last event of src's session if may lets the
// table as replayed do so.
func takeBack[T any](src Source, replay func(companion.Session) (T, error), may func(T) error) (companion.Event, error) {
	tk, ok := src.(Taker)
	if !ok {
		return companion.Event{}, errors.New("this screen cannot take actions back")
	}
	return tk.Undo(func(s companion.Session) error {
		if may == nil {
			return nil
		}
		t, err := replay(s)
		if err != nil {
			return err
		}
		return may(t)
	})
}

// Botter is a Game with seats the companion plays itself (bot seats): the
// table mode lets them act between people's turns, and never hands the
// device to one.
type Botter interface {
	// Bot reports whether seat v is played by the companion.
	Bot(v Viewer) bool
	// BotStep lets the bot seat whose decision is pending act, as one
	// checked and logged action, and returns what the whole table is told;
	// acted is false when no bot is to act.
	BotStep() (said string, acted bool, err error)
}

// botSeats is a game adapter's Botter: an adapter embeds one made by
// newBotSeats and calls its load from Refresh.
type botSeats struct {
	src     Source
	next    companion.BotFunc
	refresh func() error
	bots    []companion.BotSeat
}

func newBotSeats(src Source, next companion.BotFunc, refresh func() error) botSeats {
	return botSeats{src: src, next: next, refresh: refresh}
}

// load reads the bot seats of the session just loaded.
func (b *botSeats) load(s companion.Session) error {
	var err error
	b.bots, err = companion.BotSeatsOf(s)
	return err
}

func (b *botSeats) Bot(v Viewer) bool { return v != Table && companion.IsBot(b.bots, int(v)) }

func (b *botSeats) BotStep() (string, bool, error) {
	if b.next == nil || len(b.bots) == 0 {
		return "", false, nil
	}
	var said string
	acted := false
	err := b.src.Append(func(s companion.Session) ([]companion.Event, error) {
		p, ok, err := b.next(s)
		if err != nil || !ok {
			return nil, err
		}
		said, acted = p.Said, true
		return []companion.Event{p.Event}, nil
	})
	if err == nil && acted {
		err = b.refresh()
	}
	return said, acted, err
}
