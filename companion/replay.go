package companion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ReplayError is a log the rules engine refuses: at event Seq, or, with Seq
// 0, before any event because the game cannot start from its options.
type ReplayError struct {
	Seq int
	Err error
}

func (e *ReplayError) Error() string {
	if e.Seq == 0 {
		return "options: " + e.Err.Error()
	}
	return fmt.Sprintf("event %d: %v", e.Seq, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// SessionDamage is a stored session whose log is good only up to the event
// before Good+1: its events 1..Good decode and replay, event Good+1 does not.
// Header damage (the game cannot even be started) has Good < 0: nothing can
// be salvaged. The message names the command that saves what is good.
type SessionDamage struct {
	Name  string
	Good  int
	Cause error
}

func (e *SessionDamage) Error() string {
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
func asDamage(name string, err error) error {
	var re *ReplayError
	if !errors.As(err, &re) {
		return err
	}
	if re.Seq == 0 {
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

// Mark replays s through a game's companion as Rebuild does, and first asks
// check about every event: check refuses what the engine would not have
// written itself and says, from the state before the event, whether the
// event is an undo barrier. The returned flags (one per event accepted) are
// the only barrier flags anything should trust; a stored flag is a copy.
// On a refusal the error is a *ReplayError and the flags cover the events
// before it: the salvageable prefix.
func Mark[O, T any](s Session, game string, start func(O, uint64) (T, error), check func(T, Event) (bool, error), apply func(T, Event) error) (T, []bool, error) {
	var zero T
	if s.Game != game {
		return zero, nil, fmt.Errorf("session %q is a %s game, not %s", s.Name, s.Game, game)
	}
	var o O
	if len(s.Options) == 0 {
		return zero, nil, &ReplayError{Err: errors.New("missing")}
	}
	if err := DecodeStrict(s.Options, &o); err != nil {
		return zero, nil, &ReplayError{Err: err}
	}
	t, err := start(o, s.Seed)
	if err != nil {
		return zero, nil, &ReplayError{Err: err}
	}
	barriers := make([]bool, 0, len(s.Events))
	for _, e := range s.Events {
		barrier := false
		if check != nil {
			if barrier, err = check(t, e); err != nil {
				return zero, barriers, &ReplayError{Seq: e.Seq, Err: err}
			}
		}
		if err := apply(t, e); err != nil {
			return zero, barriers, &ReplayError{Seq: e.Seq, Err: err}
		}
		barriers = append(barriers, barrier)
	}
	return t, barriers, nil
}

// Rebuild replays a session through a game's companion: it checks the game,
// decodes the options, starts the table from them and the private seed, and
// feeds it every event in order. A log the rules refuse is SessionDamage:
// such a session was damaged or edited by hand.
func Rebuild[O, T any](s Session, game string, start func(O, uint64) (T, error), apply func(T, Event) error) (T, error) {
	t, _, err := Mark(s, game, start, nil, apply)
	return t, asDamage(s.Name, err)
}
