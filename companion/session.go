package companion

import (
	"bytes"
	"cmp"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Event is one entry of a session's append-only log.
type Event struct {
	Seq  int             `json:"seq"`  // 1 for the first event, contiguous
	Kind string          `json:"kind"` // e.g. "move", "keep", "draw"
	Data json.RawMessage `json:"data,omitempty"`
	// Barrier marks an event undo may not take back (it let someone see a
	// drawn, dealt or privately shown card). Only exports carry it, set by
	// the replay; the store keeps no flag, since a stored one is a copy that
	// one edit could strip (ruling C-5).
	Barrier bool `json:"barrier,omitempty"`
}

// Session is everything needed to rebuild a game: its state is the replay of
// Events through the game's rules engine.
type Session struct {
	Name    string          `json:"name"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	Seed    uint64          `json:"seed"` // private: hidden draws derive from it
	Created time.Time       `json:"created"`
	Events  []Event         `json:"events"`
	// Retracted holds the events undo took back, in the order it took them,
	// each with the seq it had: what they showed stays public (ruling C-11).
	Retracted []Event `json:"retracted,omitempty"`

	// A session loaded by LoadLatest: Events holds only the events after
	// snap, which summarises the first base of them (ruling C-21).
	base int
	snap *snapshot
	// chain and prev are the hash chains through the last event and the
	// one before, tip and prevTip their own hashes (write loads only).
	chain, prev  [8]byte
	tip, prevTip [8]byte
	// reload reads the whole log, for when the snapshot does not decode.
	reload func() (Session, error)
	blobs  *Blobs
	// takenLazy reads the takenN taken-back events in place of
	// Retracted, which a load from a snapshot leaves empty.
	takenN    int
	takenLazy func() []Event
	load      *loadNotes
}

// loadNotes is what a load found, shared by the copies of a session:
// snapshots passed over because they do not match the log, and the seqs of
// those passed over because another version of ninjakit encoded them.
type loadNotes struct {
	ignored []error
	stale   []int
}

// Len is the number of live events, those a snapshot summarises included.
func (s Session) Len() int { return s.base + len(s.Events) }

// Whole is s with every live event, the whole log read again when s was
// loaded from a snapshot: for what needs the history itself, not only the
// table it left (a bot seat's memory of every card it saw).
func (s Session) Whole() (Session, error) {
	if s.snap == nil {
		return s, nil
	}
	if s.reload == nil {
		return s, fmt.Errorf("session %q: its early events lie under its snapshot", s.Name)
	}
	return s.reload()
}

// TakenCount is the number of taken-back events.
func (s Session) TakenCount() int {
	if s.takenLazy != nil {
		return s.takenN
	}
	return len(s.Retracted)
}

// takenBack returns the taken-back events, read when first asked for.
func (s Session) takenBack() func() []Event {
	if s.takenLazy != nil {
		return s.takenLazy
	}
	return func() []Event { return s.Retracted }
}

// Ignored lists the snapshots a load passed over because they did not
// match the log (*SnapshotMismatch): the events were replayed instead.
func (s Session) Ignored() []error {
	if s.load == nil {
		return nil
	}
	return s.load.ignored
}

// Summary describes a session without its log.
type Summary struct {
	Name    string    `json:"name"`
	Game    string    `json:"game"`
	Created time.Time `json:"created"`
	Changed time.Time `json:"changed"`
	Events  int       `json:"events"`
}

// Limits on user-visible identifiers and on what one session may hold,
// checked on every write and import so the store never holds what an
// import would refuse.
const (
	MaxNameLen    = 40
	MaxKindLen    = 40
	MaxOptionsLen = 64 << 10 // a Scorpion Clan map file fits (ruling C-16)
	MaxDataLen    = 1 << 10
	// MaxEvents bounds the live log and the taken-back events together.
	MaxEvents = 50_000
)

// ValidName reports why name cannot name a session (or a game), or nil.
// Names are 1..40 of [a-z0-9-] and must not start with '-' so that a name
// can never be mistaken for a command-line flag.
func ValidName(name string) error {
	if name == "" {
		return fmt.Errorf("session name is empty")
	}
	if len(name) > MaxNameLen {
		return fmt.Errorf("session name %.40q... is longer than %d characters", name, MaxNameLen)
	}
	if name[0] == '-' {
		return fmt.Errorf("session name %q must start with a letter or digit", name)
	}
	for _, c := range []byte(name) {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return fmt.Errorf("session name %q may only use a-z, 0-9 and '-'", name)
		}
	}
	return nil
}

func validGame(game string) error {
	if err := ValidName(game); err != nil {
		return fmt.Errorf("game name %q is not valid (1..%d of a-z, 0-9, '-')", game, MaxNameLen)
	}
	return nil
}

// validKind allows a little more than names ('_' and '.') because kinds are
// chosen by engine authors, not typed by players.
func validKind(kind string) error {
	ok := kind != "" && len(kind) <= MaxKindLen
	for _, c := range []byte(kind) {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			ok = false
		}
	}
	if !ok {
		return fmt.Errorf("event kind %q is not valid (1..%d of a-z, 0-9, '-', '_', '.')", kind, MaxKindLen)
	}
	return nil
}

// canonJSON compacts raw JSON so that what is stored, exported (indented)
// and re-imported compares byte for byte equal; empty becomes nil.
func canonJSON(what string, raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %v", what, err)
	}
	return json.RawMessage(b.Bytes()), nil
}

// marshal encodes v without HTML escaping: json.Marshal would rewrite <, >
// and & inside RawMessage fields as \u003c..., so stored and exported data
// would no longer match what the engine gave us byte for byte.
func marshal(v any, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// canonEvent validates e and returns its canonical form with seq set.
func canonEvent(e Event, seq int) (Event, error) {
	if err := validKind(e.Kind); err != nil {
		return Event{}, fmt.Errorf("event %d: %v", seq, err)
	}
	data, err := canonJSON(fmt.Sprintf("event %d data", seq), e.Data)
	if err != nil {
		return Event{}, err
	}
	if len(data) > MaxDataLen {
		return Event{}, fmt.Errorf("event %d data is %d bytes; at most %d are allowed", seq, len(data), MaxDataLen)
	}
	return Event{Seq: seq, Kind: e.Kind, Data: data, Barrier: e.Barrier}, nil
}

// canonSession validates s (name, game, options, contiguous seqs from 1) and
// returns it in canonical form: times in UTC without monotonic reading, JSON
// compacted, an empty log as nil.
func canonSession(s Session) (Session, error) {
	if err := ValidName(s.Name); err != nil {
		return Session{}, err
	}
	if err := validGame(s.Game); err != nil {
		return Session{}, err
	}
	if n := len(s.Events) + len(s.Retracted); n > MaxEvents {
		return Session{}, fmt.Errorf("session %q has %d events; at most %d are allowed", s.Name, n, MaxEvents)
	}
	opts, err := canonJSON("options", s.Options)
	if err != nil {
		return Session{}, err
	}
	if len(opts) > MaxOptionsLen {
		return Session{}, fmt.Errorf("session %q: options are %d bytes; at most %d are allowed", s.Name, len(opts), MaxOptionsLen)
	}
	out := Session{Name: s.Name, Game: s.Game, Options: opts, Seed: s.Seed, Created: s.Created.UTC()}
	if out.Created.IsZero() {
		return Session{}, fmt.Errorf("session %q has no creation time", s.Name)
	}
	if y := out.Created.Year(); y < 1 || y > 9999 {
		// JSON (RFC 3339) cannot hold it, so it could never be exported.
		return Session{}, fmt.Errorf("session %q: creation time %v is out of range", s.Name, out.Created)
	}
	for i, e := range s.Events {
		if e.Seq != i+1 {
			return Session{}, fmt.Errorf("session %q: event %d has seq %d; seqs must run 1, 2, 3... without gaps", s.Name, i+1, e.Seq)
		}
		ce, err := canonEvent(e, i+1)
		if err != nil {
			return Session{}, fmt.Errorf("session %q: %v", s.Name, err)
		}
		out.Events = append(out.Events, ce)
	}
	for i, e := range s.Retracted {
		if e.Seq < 1 || e.Seq > MaxEvents {
			return Session{}, fmt.Errorf("session %q: taken-back event %d has seq %d, outside 1 to %d", s.Name, i+1, e.Seq, MaxEvents)
		}
		if e.Barrier {
			return Session{}, fmt.Errorf("session %q: taken-back event %d is marked as an undo barrier", s.Name, i+1)
		}
		ce, err := canonEvent(e, e.Seq)
		if err != nil {
			return Session{}, fmt.Errorf("session %q: taken-back %v", s.Name, err)
		}
		out.Retracted = append(out.Retracted, ce)
	}
	return out, nil
}

// Rand returns the generator for one named stream at the current end of the
// log. It depends only on the seed, len(s.Events) and the stream, never on
// the taken-back events, so undoing an action and doing it again draws the
// same card: nobody can reroll (ruling C-12). Every caller must take draws
// for one event from one generator, in a fixed order.
// To re-derive a past draw during replay, call it on a copy whose Events is
// cut to the length the log had then.
func (s Session) Rand(stream string) *rand.Rand {
	h := fnv.New64a()
	// The position goes first, fixed width, so (position, stream) pairs hash
	// distinct inputs.
	var pos [8]byte
	binary.BigEndian.PutUint64(pos[:], uint64(s.Len()))
	h.Write(pos[:])
	h.Write([]byte(stream))
	return rand.New(rand.NewPCG(s.Seed, h.Sum64()))
}

// NewSeed returns a fresh private seed from the operating system's CSPRNG,
// for Create callers that are not replaying a known seed.
func NewSeed() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:]) // never fails on supported platforms (Go 1.24+ crashes instead)
	return binary.LittleEndian.Uint64(b[:])
}

// LogLine is one logged action as a role may read it. A taken-back line is
// the public note of what an action undo took back showed (ruling C-11).
type LogLine struct {
	Seq       int    `json:"seq"`
	Who       string `json:"who"`
	Action    string `json:"action"`
	TakenBack bool   `json:"takenBack,omitempty"`
}

// String names the actor once: "ann: moved with card 1", where the
// action, told as a sentence, starts with the name again.
func (l LogLine) String() string { return fmt.Sprintf("%3d  %s", l.Seq, l.Told()) }

// Told is the line without its number, "ann: moved …", naming the actor once
// where the action already starts with the name.
func (l LogLine) Told() string {
	return l.Who + ": " + strings.TrimPrefix(l.Action, l.Who+" ")
}

// Line is a log line a game tells: LogLine, or a game's own richer line.
type Line interface {
	// LineSeq is the seq of the event the line tells.
	LineSeq() int
	// IsTakenBack says the line is the note of a taken-back event.
	IsTakenBack() bool
}

// LineSeq is the seq of the event the line tells.
func (l LogLine) LineSeq() int { return l.Seq }

// IsTakenBack says the line is the note of a taken-back event.
func (l LogLine) IsTakenBack() bool { return l.TakenBack }

// WithNotes merges the notes of taken-back events into a log: a note stands
// just before the live line of its seq (which came after it), or at the end
// if no line has that seq now. Notes of one seq keep their own order.
func WithNotes[L Line](lines, notes []L) []L {
	if len(notes) == 0 {
		return lines
	}
	notes = slices.Clone(notes)
	slices.SortStableFunc(notes, func(a, b L) int { return cmp.Compare(a.LineSeq(), b.LineSeq()) })
	out := make([]L, 0, len(lines)+len(notes))
	for _, l := range lines {
		for len(notes) > 0 && notes[0].LineSeq() <= l.LineSeq() {
			out, notes = append(out, notes[0]), notes[1:]
		}
		out = append(out, l)
	}
	return append(out, notes...)
}

// LastPlayed is the last line of a log that is not a taken-back note: the
// action now at the end of the log. Notes of later seqs may follow it.
func LastPlayed[L Line](lines []L) L {
	for i := len(lines) - 1; i >= 0; i-- {
		if !lines[i].IsTakenBack() {
			return lines[i]
		}
	}
	var zero L
	return zero
}
