package companion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
)

// ReplayError is a log the rules engine refuses: at event Seq, or at the
// Taken-th taken-back event, or, with both 0, before any event because the
// game cannot start from its options.
type ReplayError struct {
	Seq   int
	Taken int
	Err   error
}

func (e *ReplayError) Error() string {
	switch {
	case e.Taken > 0:
		return fmt.Sprintf("taken-back event %d: %v", e.Taken, e.Err)
	case e.Seq == 0:
		return "options: " + e.Err.Error()
	}
	return fmt.Sprintf("event %d: %v", e.Seq, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// SessionDamage is a stored session whose log is good only up to the event
// before Good+1: its events 1..Good decode and replay, event Good+1 does not.
// Header damage (the game cannot even be started) has Good < 0: nothing can
// be salvaged. With Taken > 0 the whole log is good but the taken-back
// events are good only before the Taken-th. The message names the command
// that saves what is good.
type SessionDamage struct {
	Name  string
	Good  int
	Taken int
	Cause error
}

func (e *SessionDamage) Error() string {
	if e.Taken > 0 {
		return fmt.Sprintf("session %q is damaged at taken-back event %d (%v); save the log and the %d taken-back events before it with: ninjakit sessions export %s --salvage -o %s.json", e.Name, e.Taken, e.Cause, e.Taken-1, e.Name, e.Name)
	}
	if e.Good < 0 {
		return fmt.Sprintf("session %q is damaged beyond salvage (%v): its header is lost, so no event can be replayed; remove it with: ninjakit sessions delete %s", e.Name, e.Cause, e.Name)
	}
	return fmt.Sprintf("session %q is damaged at event %d (%v); save the %d good events before it with: ninjakit sessions export %s --salvage -o %s.json", e.Name, e.Good+1, e.Cause, e.Good, e.Name, e.Name)
}

func (e *SessionDamage) Unwrap() []error { return []error{ErrDamaged, e.Cause} }

func damagedSession(name string, cause error) error {
	return &SessionDamage{Name: name, Good: -1, Cause: cause}
}

func damagedAt(name string, seq int, cause error) error {
	return &SessionDamage{Name: name, Good: seq - 1, Cause: cause}
}

// asDamage turns a replay refusal of a stored session into SessionDamage.
func asDamage(s Session, err error) error {
	name := s.Name
	var re *ReplayError
	if !errors.As(err, &re) {
		return err
	}
	switch {
	case re.Taken > 0:
		return &SessionDamage{Name: name, Good: len(s.Events), Taken: re.Taken, Cause: re.Err}
	case re.Seq == 0:
		return damagedSession(name, re)
	}
	return damagedAt(name, re.Seq, re.Err)
}

// DecodeStrict decodes one JSON value into v, refusing unknown fields and
// anything after the value: what the engine did not write is not read.
func DecodeStrict(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// Verdict is what a game's replay says about undoing one logged event.
type Verdict struct {
	// Barrier says in table words why undo may not take the event back
	// ("bob already drew two cards after that play"); "" when it may.
	Barrier string
	// V1 is the barrier flag export version 1 wrote for the event, against
	// which an old export is checked (ruling C-13).
	V1 bool
}

// Replayer is how Mark drives one game's companion table T.
type Replayer[O, T any] struct {
	Game  string
	Start func(O, uint64) (T, error)
	// Check refuses an event the table would not have written itself, from
	// the state before it; nil leaves that to Apply.
	Check func(T, Event) error
	Apply func(T, Event) error
	// Judge says whether undo may take back the event just applied, from
	// what applying it did; nil judges nothing.
	Judge func(T, Event) Verdict
	// Clone copies a table so that Apply on either leaves the other as it
	// was; nil replays the live log only.
	Clone func(T) T
	// Taken hands the table Rebuild ends with a way to read the
	// session's taken-back events, for the notes of its log (read only
	// then: there may be thousands); nil hands it nothing.
	Taken func(T, func() []Event)

	// Snapshots (ruling C-21). Encode writes a table's state, the same
	// bytes for the same state; Decode reads it onto a table Start made
	// from the session's options and seed. Codec is the encoding's
	// version: a snapshot of another version is passed over.
	// Both keep the log's full chunks in the session's Blobs.
	Encode func(T, *Blobs) ([]byte, error)
	Decode func(T, []byte, *Blobs) error
	Codec  int
	// Carry copies into the table before an undone event what the table
	// after it keeps for the log's notes of taken-back events, as clones
	// share it in a replay from the start; nil carries nothing.
	Carry func(dst, src T)
}

// Mark replays s through a game's companion and returns a verdict per event
// of its log, the only barrier flags anything should trust; a stored flag is
// a copy. With Clone it replays the session's whole history: each
// taken-back event is applied where it once stood, on the state before it,
// and must be one the table wrote and undo could take back (ruling C-11).
// On a refusal the error is a *ReplayError and the verdicts cover the live
// events before it: the salvageable prefix.
func Mark[O, T any](s Session, r Replayer[O, T]) (T, []Verdict, error) {
	return mark(s, r, nil)
}

// sessionOptions decodes a session's options for its game.
func sessionOptions[O any](s Session) (O, error) {
	var o O
	if len(s.Options) == 0 {
		return o, &ReplayError{Err: errors.New("missing")}
	}
	if err := DecodeStrict(s.Options, &o); err != nil {
		return o, &ReplayError{Err: err}
	}
	return o, nil
}

// mark is Mark calling at (when not nil) with every table the history
// passes through: how many events stand and how many undo has taken back.
// A session that follows a snapshot is read whole first.
func mark[O, T any](s Session, r Replayer[O, T], at func(height, taken int, t T)) (T, []Verdict, error) {
	var zero T
	if s.Game != r.Game {
		return zero, nil, fmt.Errorf("session %q is a %s game, not %s", s.Name, s.Game, r.Game)
	}
	if s.snap != nil {
		return zero, nil, fmt.Errorf("session %q: a replay from the start needs the whole log", s.Name)
	}
	o, err := sessionOptions[O](s)
	if err != nil {
		return zero, nil, err
	}
	t, err := r.Start(o, s.Seed)
	if err != nil {
		return zero, nil, &ReplayError{Err: err}
	}
	if at == nil {
		at = func(int, int, T) {}
	}
	at(0, 0, t)
	h := history[O, T]{r: r, s: s, t: t, taken: map[int][]int{}, top: map[int]bool{}, saved: map[int]T{}, at: at}
	if r.Clone != nil {
		for i, e := range s.Retracted {
			h.taken[e.Seq] = append(h.taken[e.Seq], i)
		}
		for i, e := range s.Retracted {
			if err := h.takeBack(i, e.Seq); err != nil {
				return zero, h.verdicts, err
			}
		}
	}
	if err := h.climb(len(s.Events)); err != nil {
		return zero, h.verdicts, err
	}
	return h.t, h.verdicts, nil
}

// history replays a log and its taken-back events in the order they
// happened, which the two lists determine: undo only ever takes back the
// last event, so when the i-th taken-back event (seq p) was undone, the log
// held exactly p events, and at each seq below p stood the first event of
// that seq not yet taken back, the live one once none is left.
type history[O, T any] struct {
	r        Replayer[O, T]
	s        Session
	t        T
	height   int           // events standing now
	taken    map[int][]int // seq -> taken-back events of that seq not yet undone, in order
	top      map[int]bool  // seq -> a taken-back event stands there
	saved    map[int]T     // seq -> the state before the taken-back event standing there
	verdicts []Verdict     // of the live events applied so far
	undone   int           // taken-back events replayed so far
	at       func(height, taken int, t T)
}

// climb applies events until seq n stands: at each seq, the next
// taken-back event of that seq if one is left, else the live one.
func (h *history[O, T]) climb(n int) error {
	for h.height < n {
		p := h.height + 1
		if q := h.taken[p]; len(q) > 0 {
			e := h.s.Retracted[q[0]]
			h.saved[p] = h.r.Clone(h.t)
			v, err := h.step(e)
			if err == nil && v.Barrier != "" {
				err = fmt.Errorf("undo took it back, but it cannot be: %s", v.Barrier)
			}
			if err != nil {
				return &ReplayError{Taken: q[0] + 1, Err: err}
			}
			h.top[p] = true
		} else {
			if p > len(h.s.Events) {
				return fmt.Errorf("no event %d", p)
			}
			e := h.s.Events[p-1]
			v, err := h.step(e)
			if err != nil {
				return &ReplayError{Seq: e.Seq, Err: err}
			}
			h.verdicts = append(h.verdicts, v)
		}
		h.height = p
		h.at(p, h.undone, h.t)
	}
	return nil
}

// takeBack replays the undo of the i-th taken-back event, of seq p.
func (h *history[O, T]) takeBack(i, p int) error {
	if h.height > p || h.height == p && !h.top[p] {
		return &ReplayError{Taken: i + 1, Err: fmt.Errorf("it was taken back as event %d, but event %d still stands after it", p, h.height)}
	}
	if err := h.climb(p); err != nil {
		var re *ReplayError
		if errors.As(err, &re) {
			return err
		}
		return &ReplayError{Taken: i + 1, Err: fmt.Errorf("it was taken back as event %d, but no event %d stood before it", p, h.height+1)}
	}
	h.t = h.saved[p]
	delete(h.saved, p)
	delete(h.top, p)
	h.taken[p] = h.taken[p][1:]
	h.height = p - 1
	h.undone++
	h.at(h.height, h.undone, h.t)
	return nil
}

// replayed counts the events replays applied in this process; loads the
// reads of a session's log from the file.
var replayed, loads atomic.Int64

// Loads is how many times this process has read a session's log from the
// file (from a snapshot or from the start): what tests count to hold a
// command to one read.
func Loads() int64 { return loads.Load() }

// Replayed is how many events the replays of this process have applied so
// far: the work a load costs, which tests assert on instead of on time.
func Replayed() int64 { return replayed.Load() }

// step checks and applies one event.
func (h *history[O, T]) step(e Event) (Verdict, error) {
	var v Verdict
	replayed.Add(1)
	if h.r.Check != nil {
		if err := h.r.Check(h.t, e); err != nil {
			return v, err
		}
	}
	if err := h.r.Apply(h.t, e); err != nil {
		return v, err
	}
	if h.r.Judge != nil {
		v = h.r.Judge(h.t, e)
	}
	return v, nil
}

// Rebuild replays a session through a game's companion as Mark does and
// returns the table it ends with. A log the rules refuse is SessionDamage:
// such a session was damaged or edited by hand.
//
// A session loaded after a snapshot (Store.LoadLatest) starts from it and
// replays only the events after it; a snapshot that does not decode is
// passed over for a replay from the start.
func Rebuild[O, T any](s Session, r Replayer[O, T]) (T, error) {
	var t T
	var err error
	if s.snap != nil && r.Decode != nil {
		t, err = resume(s, r)
		var bad *snapDecodeError
		if errors.As(err, &bad) && s.reload != nil {
			full, rerr := s.reload()
			if rerr != nil {
				var zero T
				return zero, rerr
			}
			s.load.ignored = append(s.load.ignored, bad.mismatch)
			full.load = s.load
			return Rebuild(full, r)
		}
	} else {
		t, _, err = Mark(s, r)
	}
	if err != nil {
		var zero T
		return zero, asDamage(s, err)
	}
	if r.Taken != nil {
		r.Taken(t, s.takenBack())
	}
	return t, nil
}

// Verify replays a session as import, export and undo need it: check
// refuses any event, taken-back ones included, that the table would not
// have written itself, and the game, never a stored flag, judges each event
// for undo. See Mark for what it returns.
func Verify[O, T any](s Session, r Replayer[O, T], check func(T, Event) error) ([]Verdict, error) {
	r.Check = check
	_, v, err := Mark(s, r)
	return v, err
}
