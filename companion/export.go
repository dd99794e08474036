package companion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"
	"unicode/utf8"
)

// Version 2 added the taken-back events, and its barrier flags are undo's
// own verdicts (ruling C-11); version 1 flagged every event that showed a
// card, and is still read (ruling C-13).
const (
	exportFormat  = "ninjakit-session"
	exportVersion = 2
)

// Limits on an export file, so that a wrong or hostile file (a video, a disk
// image, /dev/zero, a JSON bomb) is refused early instead of eating memory.
// A long real game is a few hundred events of under 200 bytes each
// (ruling C-6).
const (
	MaxExport = 16 << 20
	// maxDepth: an export nests document, events, event, data and one
	// level inside data; options nest less.
	maxDepth = 8
)

// exportDoc is the export file's layout. Pointers tell a missing field from a
// zero value, so a truncated or hand-edited file is refused, not guessed at.
type exportDoc struct {
	Format  *string         `json:"format"`
	Version *int            `json:"version"`
	Name    *string         `json:"name"`
	Game    *string         `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	Seed    *uint64         `json:"seed"`
	Created *time.Time      `json:"created"`
	Events  *[]exportEvent  `json:"events"`
	// Retracted is left out when undo took nothing back.
	Retracted *[]exportTaken `json:"retracted,omitempty"`
}

type exportEvent struct {
	Seq     *int            `json:"seq"`
	Kind    *string         `json:"kind"`
	Data    json.RawMessage `json:"data,omitempty"`
	Barrier bool            `json:"barrier,omitempty"`
}

// exportTaken is a taken-back event: never a barrier, so it has no flag.
type exportTaken struct {
	Seq  *int            `json:"seq"`
	Kind *string         `json:"kind"`
	Data json.RawMessage `json:"data,omitempty"`
}

// Export writes s as indented JSON headed by "format":"ninjakit-session" and
// "version":2. The seed is included: an export is a full backup and reveals
// every hidden card, so treat it like the session file.
func Export(s Session) ([]byte, error) {
	s, err := canonSession(s)
	if err != nil {
		return nil, err
	}
	format, version := exportFormat, exportVersion
	evs := make([]exportEvent, len(s.Events)) // never null: "events": []
	for i := range s.Events {
		e := &s.Events[i]
		evs[i] = exportEvent{Seq: &e.Seq, Kind: &e.Kind, Data: e.Data, Barrier: e.Barrier}
	}
	doc := exportDoc{
		Format: &format, Version: &version,
		Name: &s.Name, Game: &s.Game, Options: s.Options, Seed: &s.Seed,
		Created: &s.Created, Events: &evs,
	}
	if len(s.Retracted) > 0 {
		taken := make([]exportTaken, len(s.Retracted))
		for i := range s.Retracted {
			e := &s.Retracted[i]
			taken[i] = exportTaken{Seq: &e.Seq, Kind: &e.Kind, Data: e.Data}
		}
		doc.Retracted = &taken
	}
	return marshal(doc, "  ")
}

// ReadExport reads an export from r through a size limit and parses it: it
// never reads more than MaxExport+1 bytes, whatever r is. It also returns
// the file's version, whose barrier flags mean what that version wrote.
func ReadExport(r io.Reader) (Session, int, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxExport+1))
	if err != nil {
		return Session{}, 0, fmt.Errorf("cannot read session export: %w", err)
	}
	return parseExport(b)
}

// jsonDepth returns the deepest nesting of arrays and objects in b, which
// need not be valid JSON; strings are skipped.
func jsonDepth(b []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped = c == '\\'
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// ParseExport reads what Export wrote, or what version 1 wrote. It is
// strict: another format or version, unknown or missing fields, bad names
// or kinds, seqs that do not run 1, 2, 3..., or anything after the JSON
// value is an error that says what is wrong.
func ParseExport(b []byte) (Session, error) {
	s, _, err := parseExport(b)
	return s, err
}

func parseExport(b []byte) (Session, int, error) {
	if len(b) > MaxExport {
		return Session{}, 0, fmt.Errorf("session export is larger than the %d MiB allowed", MaxExport>>20)
	}
	if d := jsonDepth(b); d > maxDepth {
		return Session{}, 0, fmt.Errorf("session export nests %d levels deep; at most %d are allowed", d, maxDepth)
	}
	// Go's decoder keeps the last of two equal keys, so a file could show
	// a reader one value and import another (ruling F-7).
	if key, where := duplicateKey(b); key != "" {
		return Session{}, 0, fmt.Errorf("session export has the key %s twice in %s; ninjakit never writes a key twice", quoteCut(key), where)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var doc exportDoc
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return Session{}, 0, errors.New("session export is empty")
		}
		return Session{}, 0, fmt.Errorf("session export is not valid: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Session{}, 0, errors.New("session export has data after its end")
	}
	switch {
	case doc.Format == nil:
		return Session{}, 0, errors.New(`session export has no "format" field; is this a ninjakit session export?`)
	case *doc.Format != exportFormat:
		return Session{}, 0, fmt.Errorf("file format is %q, not %q", *doc.Format, exportFormat)
	case doc.Version == nil:
		return Session{}, 0, errors.New(`session export has no "version" field`)
	case *doc.Version != 1 && *doc.Version != exportVersion:
		return Session{}, 0, fmt.Errorf("session export version %d is not supported; this ninjakit reads versions 1 and %d", *doc.Version, exportVersion)
	case *doc.Version == 1 && doc.Retracted != nil:
		return Session{}, 0, errors.New(`session export version 1 has no "retracted" field: version 1 kept nothing undo took back`)
	}
	for _, f := range []struct {
		name    string
		missing bool
	}{
		{"name", doc.Name == nil}, {"game", doc.Game == nil}, {"seed", doc.Seed == nil},
		{"created", doc.Created == nil}, {"events", doc.Events == nil},
	} {
		if f.missing {
			return Session{}, 0, fmt.Errorf("session export has no %q field", f.name)
		}
	}
	taken := []exportTaken{}
	if doc.Retracted != nil {
		taken = *doc.Retracted
	}
	if n := len(*doc.Events) + len(taken); n > MaxEvents {
		return Session{}, 0, fmt.Errorf("session export has %d events; at most %d are allowed", n, MaxEvents)
	}
	s := Session{Name: *doc.Name, Game: *doc.Game, Options: doc.Options, Seed: *doc.Seed, Created: *doc.Created}
	for i, e := range *doc.Events {
		if e.Seq == nil || e.Kind == nil {
			return Session{}, 0, fmt.Errorf("session export: event %d lacks its seq or kind", i+1)
		}
		s.Events = append(s.Events, Event{Seq: *e.Seq, Kind: *e.Kind, Data: e.Data, Barrier: e.Barrier})
	}
	for i, e := range taken {
		if e.Seq == nil || e.Kind == nil {
			return Session{}, 0, fmt.Errorf("session export: taken-back event %d lacks its seq or kind", i+1)
		}
		s.Retracted = append(s.Retracted, Event{Seq: *e.Seq, Kind: *e.Kind, Data: e.Data})
	}
	s, err := canonSession(s)
	return s, *doc.Version, err
}

// duplicateKey finds the first key that appears twice in one object of b,
// at any depth, and says where ("the top level", "events[2].data"). It
// returns "" when there is none, or when b is not JSON at all: the strict
// decoder then says what is wrong. Callers bound b's depth first.
func duplicateKey(b []byte) (key, where string) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	// walk reads one value; done is set on a duplicate or on bad JSON.
	var walk func(path string) (done bool)
	walk = func(path string) bool {
		tok, err := dec.Token()
		if err != nil {
			return true
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				k, ok := kt.(string)
				if err != nil || !ok {
					return true
				}
				if seen[k] {
					key, where = k, path
					if path == "" {
						where = "the top level"
					}
					return true
				}
				seen[k] = true
				sub := keyWord(k)
				if path != "" {
					sub = path + "." + sub
				}
				if walk(sub) {
					return true
				}
			}
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if walk(fmt.Sprintf("%s[%d]", path, i)) {
					return true
				}
			}
		default:
			return false
		}
		_, err = dec.Token() // the closing delimiter
		return err != nil
	}
	walk("")
	return key, where
}

// keyWord is a key as a step of a path: as it is when it is a plain word,
// else quoted.
func keyWord(k string) string {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return quoteCut(k)
		}
	}
	if k == "" || len(k) > 40 {
		return quoteCut(k)
	}
	return k
}

// quoteCut quotes a key from a file for a one-line message: escaped, and
// cut after 40 characters.
func quoteCut(k string) string {
	if utf8.RuneCountInString(k) > 40 {
		k = string([]rune(k)[:40]) + "..."
	}
	return strconv.Quote(k)
}
