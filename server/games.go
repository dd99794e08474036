package server

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/ninjakit/ninjakit/companion"
	cbl "github.com/ninjakit/ninjakit/companion/blades"
	cbn "github.com/ninjakit/ninjakit/companion/blind"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	csc "github.com/ninjakit/ninjakit/companion/scorpion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/ninjakit/ninjakit/companion/tui"
)

// Game is what one game gives the server: the table mode's adapter, whose
// per-viewer views and checked actions the phones share, and the game's log
// as each viewer may read it (one replay serves every viewer).
type Game struct {
	Adapt func(tui.Source) (tui.Game, error)
	Log   func(s companion.Session) (LogFunc, error)
	// Verify judges a session's events for undo as `companion GAME undo`
	// does; a game whose adapter is a tui.Boarder offers its phones an
	// Undo with it.
	Verify companion.Verifier
}

// LogFunc is a replayed session's log as v may read it: the lines of the
// events after seq after, or every line, taken-back notes included, for
// after < 0.
type LogFunc func(v tui.Viewer, after int) ([]Line, error)

// Games are the games the server runs, by session game name.
var Games = map[string]Game{
	cbl.Game: {Adapt: tui.NewBlades, Log: LogOf[*cbl.Table, cbl.Role, cbl.LogLine](cbl.Replay), Verify: cbl.Verify},
	ck.Game:  {Adapt: tui.NewKnights, Log: LogOf[*ck.Table, ck.Role, companion.LogLine](ck.Replay), Verify: ck.Verify},
	cs.Game:  {Adapt: tui.NewSquad, Log: LogOf[*cs.Table, cs.Role, companion.LogLine](cs.Replay), Verify: cs.Verify},
	cbn.Game: {Adapt: tui.NewBlind, Log: LogOf[*cbn.Table, cbn.Role, companion.LogLine](cbn.Replay), Verify: cbn.Verify},
	csc.Game: {Adapt: tui.NewScorpion, Log: LogOf[*csc.Table, csc.Role, companion.LogLine](csc.Replay), Verify: csc.Verify},
}

// Line is one log line as a viewer may read it.
type Line struct {
	Seq       int    `json:"seq"`
	Who       string `json:"who"`
	Action    string `json:"action"`
	TakenBack bool   `json:"takenBack,omitempty"`
}

// table is what LogOf needs of a game's replayed table: its role parser
// (the --as of the one-shot commands) and its role-filtered log.
type table[R any, L companion.Line] interface {
	ParseRole(string) (R, error)
	LogLines(R) []L
}

// LogOf makes a Game's Log from a game's Replay: the role is parsed as
// --as reads it ("table" or a seat number from 1), and the lines are the
// ones `companion <game> log --as` prints.
func LogOf[T table[R, L], R any, L companion.Line](replay func(companion.Session) (T, error)) func(companion.Session) (LogFunc, error) {
	return func(s companion.Session) (LogFunc, error) {
		t, err := replay(s)
		if err != nil {
			return nil, err
		}
		return func(v tui.Viewer, after int) ([]Line, error) { return lines(t, v, after) }, nil
	}
}

// lines is v's log of a replayed table.
func lines[T table[R, L], R any, L companion.Line](t T, v tui.Viewer, after int) ([]Line, error) {
	as := "table"
	if v != tui.Table {
		as = fmt.Sprint(int(v) + 1)
	}
	r, err := t.ParseRole(as)
	if err != nil {
		return nil, err
	}
	all := t.LogLines(r)
	if after >= 0 {
		all = slices.DeleteFunc(all, func(l L) bool { return l.IsTakenBack() || l.LineSeq() <= after })
	}
	// Every game's line carries seq, who, action and takenBack under those
	// JSON names; the round trip keeps just them.
	raw, err := json.Marshal(all)
	if err != nil {
		return nil, err
	}
	var out []Line
	err = json.Unmarshal(raw, &out)
	return out, err
}
