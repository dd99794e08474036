package knights

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

func TestNewOptionsRejects(t *testing.T) {
	for want, args := range map[string][]string{
		"2 names for 3 players":        {"3", "ann,bob", "", "digital"},
		"choose standard":              {"3", "", "solo", "digital"},
		"for 2 players":                {"3", "", "two-player", "digital"},
		"choose digital":               {"3", "", "", "paper"},
		"for 2 to 6 players, not 9":    {"9", "", "", "digital"},
		"for 2 to 6 players, not 1":    {"1", "", "", "digital"},
		`kept for the whole table`:     {"3", "ann,bob,Table", "", "digital"},
		`"Ann" and "ann" are the same`: {"3", "Ann,bob,ann", "", "digital"},
	} {
		n := int(args[0][0] - '0')
		var names []string
		if args[1] != "" {
			names = strings.Split(args[1], ",")
		}
		_, err := NewOptions(n, names, args[2], args[3], "", "")
		require.ErrorContains(t, err, want)
	}
	_, err := NewOptions(0, nil, "", "digital", "2", "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=-/-/-")
	require.ErrorContains(t, err, "the position says who started")
}

// Names are kept as typed, in any script, and read back ignoring case.
func TestNamesAsTyped(t *testing.T) {
	o, err := NewOptions(3, []string{"Zoë", " José ", "O'Neil-2"}, "", "digital", "", "")
	require.NoError(t, err)
	require.Equal(t, []string{"Zoë", "José", "O'Neil-2"}, o.Names)
	for in, want := range map[string]int{"zoë": 0, "ZOË": 0, "josé": 1, "JOSÉ": 1, "o'neil-2": 2, "3": 2} {
		s, err := o.seat(in)
		require.NoError(t, err, in)
		require.Equal(t, want, int(s), in)
	}
	for _, ok := range []string{"Ann", "Ἀλέξανδρος", "Сергей", "李", "Łucja", "abcdefghijklmnop", "Zoe\u0308"} {
		require.NoError(t, checkName(ok), ok)
	}
}

// One precise message per broken rule.
func TestCheckName(t *testing.T) {
	for name, want := range map[string]string{
		"":                  "a name is empty",
		"ann\x1b[31m":       "holds a control character",
		"bob\u202e":         "holds a control character",
		"cy\n":              "holds a control character",
		"\xffann":           "is not valid text",
		"abcdefghijklmnopq": "is longer than 16 characters",
		"Zoëzoëzoëzoëzoëzo": "is longer than 16 characters",
		"2ann":              "must start with a letter",
		"-ann":              "must start with a letter",
		"'ann":              "must start with a letter",
		"ann bob":           `holds ' ': use letters`,
		"ann.b":             `holds '.': use letters`,
		"ann_b":             `holds '_': use letters`,
		"TABLE":             "kept for the whole table",
		"table":             "kept for the whole table",
	} {
		require.ErrorContains(t, checkName(name), want, "%q", name)
	}
}

// Start, which replays stored and imported sessions, checks what
// NewOptions checks: a file edited by hand gets no further than the
// command line.
func TestStartValidatesOptions(t *testing.T) {
	good := Options{Players: 3, Names: []string{"ann", "bob", "cy"}, Mode: "digital"}
	_, err := Start(good, 1)
	require.NoError(t, err)
	pos := "players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=-/-/-"
	for want, edit := range map[string]func(o *Options){
		"holds a control character":        func(o *Options) { o.Names[0] = "ann\x1b]0;pwned\x07" },
		"same ignoring case":               func(o *Options) { o.Names[1] = "ANN" },
		"kept for the whole table":         func(o *Options) { o.Names[2] = "table" },
		"must start with a letter":         func(o *Options) { o.Names[2] = "2" },
		"a name is empty":                  func(o *Options) { o.Names[2] = "" },
		"3 names for 4 players":            func(o *Options) { o.Players = 4 },
		"2 to 6 players, not 7":            func(o *Options) { o.Players, o.Names = 7, []string{"a", "b", "c", "d", "e", "f", "g"} },
		"choose digital":                   func(o *Options) { o.Mode = "Digital" },
		"first seat 4":                     func(o *Options) { o.First = 3 },
		"first seat 0":                     func(o *Options) { o.First = -1 },
		"position":                         func(o *Options) { o.Position = "players=3 nonsense" },
		"for 4 players, the options for 3": func(o *Options) { o.Position = "players=4 mode=digital turn=1 phase=main gems=5,5,5,5 hands=-/-/-/-" },
		"the position is physical":         func(o *Options) { o.Position = "players=3 mode=physical turn=1 phase=main gems=5,5,5 hands=0/0/0" },
		"the position's first seat":        func(o *Options) { o.Position = pos + " first=2" },
	} {
		o := good
		o.Names = append([]string(nil), good.Names...)
		edit(&o)
		_, err := Start(o, 1)
		require.ErrorContains(t, err, want)
	}
}

// Options and event data read strictly: unknown fields are refused.
func TestStrictDecoding(t *testing.T) {
	s := companion.Session{Name: "t", Game: Game, Seed: 1,
		Options: json.RawMessage(`{"players":3,"names":["ann","bob","cy"],"mode":"digital","first":0,"admin":true}`)}
	_, err := Replay(s)
	require.ErrorContains(t, err, `unknown field "admin"`)

	s.Options = json.RawMessage(`{"players":3,"names":["ann","bob","cy"],"mode":"digital","first":0}`)
	tb, err := Replay(s)
	require.NoError(t, err)
	hand := tb.Status(Role{Seat: 0}).Hand
	s.Events = []companion.Event{{Seq: 1, Kind: "act", Data: json.RawMessage(`{"seat":0,"action":"discard ` + hand[0] + `","note":"x"}`)}}
	_, err = Replay(s)
	require.ErrorContains(t, err, `unknown field "note"`)
	s.Events[0].Data = json.RawMessage(`{"seat":0,"action":"discard ` + hand[0] + `"}`)
	_, err = Replay(s)
	require.NoError(t, err)
}

// FuzzStartOptions feeds arbitrary stored options to Start, as an import
// would: it refuses or accepts without panicking, and what it accepts has
// names a terminal can print and --as can tell apart.
func FuzzStartOptions(f *testing.F) {
	for _, s := range []string{
		`{"players":3,"names":["ann","bob","cy"],"mode":"digital","first":0}`,
		`{"players":2,"names":["Zoë","José"],"mode":"physical","first":1}`,
		`{"players":3,"names":["a","b","c"],"mode":"digital","first":0,"position":"players=3 mode=digital turn=1 phase=main gems=5,5,5 hands=-/-/-"}`,
		`{"players":3,"names":["a\u001b","b","c"],"mode":"digital"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var o Options
		if json.Unmarshal(raw, &o) != nil {
			return
		}
		tb, err := Start(o, 1)
		if err != nil {
			return
		}
		for i, n := range tb.Options.Names {
			require.NoError(t, checkName(n))
			s, err := tb.Seat(strings.ToUpper(n))
			require.NoError(t, err)
			require.Equal(t, i, int(s))
		}
	})
}
