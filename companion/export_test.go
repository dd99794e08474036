package companion

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

func sampleSession() Session {
	return Session{
		Name:    "friday-night",
		Game:    "knights",
		Options: json.RawMessage(`{"players": 4, "variant": "draft"}`),
		Seed:    18446744073709551615,
		Created: time.Date(2025, 11, 7, 19, 4, 5, 6, time.UTC),
		Events: []Event{
			{Seq: 1, Kind: "setup", Data: json.RawMessage(`{"seats": ["ana", "bo", "chi", "dai"]}`)},
			{Seq: 2, Kind: "draw", Data: json.RawMessage(`"gem-3"`), Barrier: true},
			{Seq: 3, Kind: "move", Data: json.RawMessage(`{"by": "bo", "note": "Bōdogēmu \u2603 <&>"}`)},
			{Seq: 4, Kind: "pass"},
		},
		Retracted: []Event{
			{Seq: 3, Kind: "move", Data: json.RawMessage(`{"by": "chi"}`)},
		},
	}
}

// unflagged is s as the store keeps it: no barrier flags (ruling C-5).
func unflagged(s Session) Session {
	s.Events = append([]Event(nil), s.Events...)
	for i := range s.Events {
		s.Events[i].Barrier = false
	}
	return s
}

// The export format is a promise to users' backups: lock it with a golden.
func TestExportGolden(t *testing.T) {
	b, err := Export(sampleSession())
	require.NoError(t, err)
	golden := filepath.Join("testdata", "export-v2.json")
	if *update {
		require.NoError(t, os.WriteFile(golden, b, 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	require.Equal(t, string(want), string(b))

	s, err := ParseExport(want)
	require.NoError(t, err)
	canon, err := canonSession(sampleSession())
	require.NoError(t, err)
	require.Equal(t, canon, s)
}

// A version 1 export, written before undo kept what it took back, still
// reads, and says its version so that its flags are read as it meant them.
func TestExportV1StillReads(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "export-v1.json"))
	require.NoError(t, err)
	require.Contains(t, string(old), `"version": 1`)
	s, version, err := ReadExport(strings.NewReader(string(old)))
	require.NoError(t, err)
	require.Equal(t, 1, version)
	want := sampleSession()
	want.Retracted = nil
	canon, err := canonSession(want)
	require.NoError(t, err)
	require.Equal(t, canon, s)

	_, err = ParseExport([]byte(strings.Replace(string(old), `"events": [`, `"retracted": [], "events": [`, 1)))
	require.ErrorContains(t, err, `version 1 has no "retracted" field`)
}

func TestExportImportRoundTrip(t *testing.T) {
	src := openTemp(t)
	in := sampleSession()
	in.Events, in.Retracted = nil, nil
	require.NoError(t, src.Create(in))
	for _, e := range sampleSession().Events {
		_, err := src.Append(in.Name, add(e))
		require.NoError(t, err)
	}
	orig, err := src.Load(in.Name)
	require.NoError(t, err)
	canon, err := canonSession(sampleSession())
	require.NoError(t, err)
	canon.Retracted = nil
	require.Equal(t, unflagged(canon), orig, "stored data comes back byte for byte (no HTML escaping)")
	orig = sampleSession()
	orig.Events = canon.Events
	require.NoError(t, src.Import(orig, true))
	if orig, err = src.Load(in.Name); err != nil {
		t.Fatal(err)
	}
	require.Len(t, orig.Retracted, 1, "import keeps the taken-back events")

	b, err := Export(orig)
	require.NoError(t, err)
	parsed, err := ParseExport(b)
	require.NoError(t, err)
	require.Equal(t, orig, parsed)

	dst := openTemp(t)
	require.NoError(t, dst.Import(parsed, false))
	got, err := dst.Load(in.Name)
	require.NoError(t, err)
	require.Equal(t, orig, got)
	b2, err := Export(got)
	require.NoError(t, err)
	require.Equal(t, string(b), string(b2), "export -> import -> export is byte-identical")

	// Same randomness after the move: the seed travelled.
	require.Equal(t, orig.Rand("draw").Uint64(), got.Rand("draw").Uint64())

	err = dst.Import(parsed, false)
	require.ErrorIs(t, err, ErrExists)
	shorter := parsed
	shorter.Events = parsed.Events[:1]
	require.NoError(t, dst.Import(shorter, true))
	got, err = dst.Load(in.Name)
	require.NoError(t, err)
	require.Len(t, got.Events, 1, "replace drops the old log")

	// An empty session exports "events": [] and comes back equal.
	empty := Session{Name: "e", Game: "g", Created: time.Unix(0, 0).UTC()}
	b, err = Export(empty)
	require.NoError(t, err)
	require.Contains(t, string(b), `"events": []`)
	s, err := ParseExport(b)
	require.NoError(t, err)
	require.Equal(t, empty, s)

	require.Error(t, dst.Import(Session{Name: "bad", Game: "g", Created: time.Now(), Events: []Event{{Seq: 2, Kind: "move"}}}, false))
}

func TestParseExportRejects(t *testing.T) {
	good, err := Export(sampleSession())
	require.NoError(t, err)
	edit := func(from, to string) string {
		require.Contains(t, string(good), from)
		return strings.Replace(string(good), from, to, 1)
	}
	for _, c := range []struct{ name, in, msg string }{
		{"empty", "", "empty"},
		{"spaces", "  \n", "empty"},
		{"null", "null", `no "format"`},
		{"array", "[]", "not valid"},
		{"junk", "PK\x03\x04 zip", "not valid"},
		{"truncated", string(good[:len(good)/2]), "not valid"},
		{"trailing junk", string(good) + "x", "after its end"},
		{"two values", string(good) + "{}", "after its end"},
		{"other format", edit(`"ninjakit-session"`, `"ninjakit-setup"`), `"ninjakit-setup"`},
		{"newer version", edit(`"version": 2`, `"version": 3`), "version 3 is not supported"},
		{"version string", edit(`"version": 2`, `"version": "2"`), "not valid"},
		{"no version", edit(`"version": 2,`, ``), `no "version"`},
		{"taken back in version 1", edit(`"version": 2`, `"version": 1`), `version 1 has no "retracted"`},
		{"taken back with a flag", edit(`"by": "chi"
      }`, `"by": "chi"
      }, "barrier": true`), "unknown field"},
		{"taken back without kind", edit(`"kind": "move",
      "data": {
        "by": "chi"`, `"data": {
        "by": "chi"`), "taken-back event 1 lacks its seq or kind"},
		{"taken back at seq 0", edit(`"seq": 3,
      "kind": "move",
      "data": {
        "by": "chi"`, `"seq": 0,
      "kind": "move",
      "data": {
        "by": "chi"`), "taken-back event 1 has seq 0"},
		{"no name", edit(`"name": "friday-night",`, ``), `no "name"`},
		{"null name", edit(`"name": "friday-night"`, `"name": null`), `no "name"`},
		{"no seed", edit(`"seed": 18446744073709551615,`, ``), `no "seed"`},
		{"seed overflow", edit(`18446744073709551615`, `18446744073709551616`), "not valid"},
		{"negative seed", edit(`18446744073709551615`, `-1`), "not valid"},
		{"no created", edit(`"created": "2025-11-07T19:04:05.000000006Z",`, ``), `no "created"`},
		{"bad created", edit(`2025-11-07T19:04:05`, `2025-13-07T19:04:05`), "not valid"},
		{"zero created", edit(`2025-11-07T19:04:05.000000006Z`, `0001-01-01T00:00:00Z`), "no creation time"},
		{"no events", edit(`"events": [`, `"evs": [`), "unknown field"},
		{"unknown field", edit(`"seed":`, `"secret": 1, "seed":`), `unknown field "secret"`},
		{"bad name", edit(`"friday-night"`, `"Friday Night"`), "may only use"},
		{"bad game", edit(`"knights"`, `"../etc"`), "game name"},
		{"bad kind", edit(`"kind": "pass"`, `"kind": ""`), "event kind"},
		{"no kind", edit(`"kind": "pass"`, `"barrier": false`), "lacks its seq or kind"},
		{"seq gap", edit(`"seq": 3`, `"seq": 5`), "event 3 has seq 5"},
		{"seq from 0", edit(`"seq": 1`, `"seq": 0`), "event 1 has seq 0"},
		{"seq float", edit(`"seq": 1`, `"seq": 1.5`), "not valid"},
		{"event unknown field", edit(`"kind": "pass"`, `"kind": "pass", "who": 1`), "unknown field"},
		{"too deep", edit(`"kind": "pass"`, `"kind": "pass", "data": `+strings.Repeat("[", 6)+strings.Repeat("]", 6)), "nests 9 levels deep"},
		{"deep in a string is fine", edit(`"kind": "pass"`, `"kind": "[[[[[[[[[[[["`), "event kind"},
		{"data too big", edit(`"kind": "pass"`, `"kind": "pass", "data": "`+strings.Repeat("x", MaxDataLen)+`"`), "at most 1024"},
		{"options too big", edit(`"variant": "draft"`, `"variant": "`+strings.Repeat("x", MaxOptionsLen)+`"`), "at most 65536"},
		{"too big", string(good) + strings.Repeat(" ", MaxExport), "larger than the 16 MiB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseExport([]byte(c.in))
			require.ErrorContains(t, err, c.msg)
		})
	}
}

// FuzzParseExport: never panics, and whatever it accepts exports and parses
// back to the same session, byte-identically from then on.
func FuzzParseExport(f *testing.F) {
	good, err := Export(sampleSession())
	require.NoError(f, err)
	f.Add(good)
	empty, err := Export(Session{Name: "e", Game: "g", Created: time.Unix(1, 0)})
	require.NoError(f, err)
	f.Add(empty)
	f.Add([]byte(`{"format":"ninjakit-session","version":1,"name":"a","game":"b","seed":0,"created":"9999-12-31T23:59:59-23:59","events":[]}`))
	f.Add([]byte(`{"format":"ninjakit-session","version":1,"name":"a","game":"b","seed":1,"options":null,"created":"2000-01-01T00:00:00+01:00","events":[{"seq":1,"kind":"k","data":[1, {"a" : "\u00e9"}]}]}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`[`))
	f.Add([]byte(strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)))
	f.Add([]byte(`{"format":"ninjakit-session","version":1,"name":"a","game":"b","seed":1,"created":"2000-01-01T00:00:00Z","events":[{"seq":1,"kind":"k","data":"` + strings.Repeat("x", MaxDataLen) + `"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseExport(b)
		if err != nil {
			return
		}
		require.LessOrEqual(t, jsonDepth(b), maxDepth)
		for _, e := range s.Events {
			require.LessOrEqual(t, len(e.Data), MaxDataLen)
		}
		out, err := Export(s)
		require.NoError(t, err)
		s2, err := ParseExport(out)
		require.NoError(t, err)
		require.Equal(t, s, s2)
		out2, err := Export(s2)
		require.NoError(t, err)
		require.Equal(t, out, out2)
	})
}

// duplicateKey finds a key given twice at any depth and says where; on
// JSON that is broken anywhere it stops at once (the decoder then reports).
func TestDuplicateKey(t *testing.T) {
	for in, want := range map[string][2]string{
		`{"a":1,"a":2}`:                       {"a", "the top level"},
		`{"x":[{"b":1},{"b":1,"b":2}]}`:       {"b", "x[1]"},
		`{"o":{"p":{"q":1,"q":1}}}`:           {"q", "o.p"},
		`{"a b":{"c":1,"c":2}}`:               {"c", `"a b"`},
		`{"a":1,"b":{"a":2}}`:                 {"", ""},
		`[1,{`:                                {"", ""},
		`{"a":[1,2,}`:                         {"", ""},
		`[[[`:                                 {"", ""},
		`{"a" 1}`:                             {"", ""},
		`]`:                                   {"", ""},
		``:                                    {"", ""},
		`{"events":[{"data":{"s":1}}],"z":1}`: {"", ""},
	} {
		key, where := duplicateKey([]byte(in))
		require.Equal(t, want, [2]string{key, where}, in)
	}
}
