package server

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/ninjakit/ninjakit/companion/tui"
)

// SeatsFile is the seat-token file's name, beside the session file.
const SeatsFile = "seats.json"

// Seats are the capability tokens of every served session: who holds a
// token holds that seat's view (or the table's). They live in a file of
// their own beside the session store, readable by the user only, so that a
// server restart keeps every phone in its seat and the store's format stays
// as it is.
type Seats struct {
	Sessions map[string]*SessionSeats `json:"sessions"`
}

// SessionSeats are one session's tokens. Created is the session's creation
// time: a session deleted and created again under the same name gets fresh
// tokens, so an old phone never reaches the new game.
type SessionSeats struct {
	Created time.Time         `json:"created"`
	Base    string            `json:"base,omitempty"` // the address last served at
	Tokens  map[string]string `json:"tokens"`         // "table", "1", "2"...
}

// seatKey names a viewer in the file.
func seatKey(v tui.Viewer) string {
	if v == tui.Table {
		return "table"
	}
	return strconv.Itoa(int(v) + 1)
}

// keyViewer reads a key seatKey wrote.
func keyViewer(k string) (tui.Viewer, bool) {
	if k == "table" {
		return tui.Table, true
	}
	n, err := strconv.Atoi(k)
	if err != nil || n < 1 {
		return 0, false
	}
	return tui.Viewer(n - 1), true
}

// NewToken is 128 bits from the operating system's CSPRNG in base32 (26 of
// 0-9 and A-V): short enough for a small QR code, and never guessed.
func NewToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails on supported platforms
	return base32.HexEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])
}

// LoadSeats reads the seat file at path; a missing file holds no seats.
func LoadSeats(path string) (*Seats, error) {
	s := &Seats{Sessions: map[string]*SessionSeats{}}
	// Reading a FIFO would wait forever, and a device is not ours.
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("seat token file %s is not a regular file; move it away to issue new tokens", path)
	}
	raw, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read seat tokens: %w", err)
	}
	if err := json.Unmarshal(raw, s); err != nil {
		return nil, fmt.Errorf("seat token file %s is damaged (%v); delete it to issue new tokens", path, err)
	}
	if s.Sessions == nil {
		s.Sessions = map[string]*SessionSeats{}
	}
	return s, nil
}

// Save writes the file whole and renames it into place, so a reader sees
// the old tokens or the new ones, never half of them.
func (s *Seats) Save(path string) error {
	raw, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".seats-*")
	if err != nil {
		return fmt.Errorf("cannot write seat tokens: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(append(raw, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot write seat tokens: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot write seat tokens: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("cannot write seat tokens: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("cannot write seat tokens: %w", err)
	}
	return nil
}

// Ensure gives the session a token for the table and every seat it lacks
// one for, but none for a bot seat (from 0): the companion plays that seat
// and nobody may look through its eyes (ruling T-19). It reports whether
// it changed anything.
func (s *Seats) Ensure(name string, created time.Time, seats int, bots ...int) bool {
	ss := s.Sessions[name]
	changed := false
	if ss == nil || !ss.Created.Equal(created) {
		ss = &SessionSeats{Created: created, Tokens: map[string]string{}}
		s.Sessions[name] = ss
		changed = true
	}
	for v := tui.Table; int(v) < seats; v++ {
		if slices.Contains(bots, int(v)) {
			if _, had := ss.Tokens[seatKey(v)]; had {
				delete(ss.Tokens, seatKey(v))
				changed = true
			}
			continue
		}
		if ss.Tokens[seatKey(v)] == "" {
			ss.Tokens[seatKey(v)] = NewToken()
			changed = true
		}
	}
	return changed
}

// Reissue gives a viewer a new token: the old one opens nothing from now on.
func (s *Seats) Reissue(name string, v tui.Viewer) string {
	t := NewToken()
	s.Sessions[name].Tokens[seatKey(v)] = t
	return t
}

// Token is a viewer's token in a session, or "".
func (s *Seats) Token(name string, v tui.Viewer) string {
	if ss := s.Sessions[name]; ss != nil {
		return ss.Tokens[seatKey(v)]
	}
	return ""
}

// seat is what a token opens.
type seat struct {
	session string
	viewer  tui.Viewer
}

// index maps every token of the named sessions to its seat.
func (s *Seats) index(names []string) map[string]seat {
	out := map[string]seat{}
	for _, n := range names {
		ss := s.Sessions[n]
		if ss == nil {
			continue
		}
		for k, tok := range ss.Tokens {
			if v, ok := keyViewer(k); ok && tok != "" {
				out[tok] = seat{session: n, viewer: v}
			}
		}
	}
	return out
}
