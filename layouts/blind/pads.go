// Package blind prints the What Blind Ninjas scoring pads: per player a main
// grid page with the slash log and the series tally, then pages of small
// turn grids to draw the ninjas and the slashes heard each turn.
package blind

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ninjakit/ninjakit/layouts"
	rules "github.com/ninjakit/ninjakit/rules/blind"
)

// Limits on what a pad set may ask for: a game longer than MaxTurns rounds
// is better restarted, and MaxPages sets keep a file printable at home.
const (
	DefaultTurns = 24
	MaxTurns     = 120
	MaxPages     = 10
	MaxNameRunes = 20
)

// Colours name the pads when no names are given: the four classic
// Icehouse stash colours, in seating order.
var Colours = []string{"Red", "Yellow", "Green", "Blue"}

// Options is what the user asks for.
type Options struct {
	Players int
	// Names are the players' names, one per player; empty means Colours.
	Names []string
	// Turns is how many turn grids a pad holds; Pages repeats the whole set.
	Turns, Pages int
	Paper        layouts.Paper
}

// GridSize is the board every player draws: 4 columns by 8 rows for two
// players (half a chess board), 8 by 8 for three or four.
func GridSize(players int) (cols, rows int) {
	g := rules.GridFor(players)
	return g.Cols, g.Rows
}

// ColumnLabels are the letters across the grid, left to right.
func ColumnLabels(cols int) []string {
	out := make([]string, cols)
	for i := range out {
		out[i] = string(rune('A' + i))
	}
	return out
}

// RowLabels are the numbers up the grid, bottom (row 1) to top.
func RowLabels(rows int) []string {
	out := make([]string, rows)
	for i := range out {
		out[i] = fmt.Sprint(i + 1)
	}
	return out
}

// PageKind says which of the two page designs a page uses.
type PageKind int

const (
	// KindMain is the large grid with the slash log and the tally.
	KindMain PageKind = iota
	// KindTurns is a page of small turn grids.
	KindTurns
	// KindLog carries on the main page's slash log when the game is longer
	// than it holds.
	KindLog
)

// Page is one page of the pads.
type Page struct {
	Player string
	// Seat is the player's place in turn order, 0-based: it fixes the edge
	// of the room the player's ninjas start on (W-2, W-3).
	Seat int
	Kind PageKind
	// Set is which repetition (1-based) of the player's pages this is.
	Set int
	// FirstTurn and LastTurn are the turn grids on a KindTurns page.
	FirstTurn, LastTurn int
	// FirstRow and LastRow are the slash log's rows on the page, counted
	// from the main page's first.
	FirstRow, LastRow int
}

// Pads is a planned set of pads, ready to render.
type Pads struct {
	Options
	Cols, Rows int
	Players    []string
	Pages      []Page
	geo        geometry
}

// Plan checks o and lays out every page.
func Plan(o Options) (*Pads, error) {
	if o.Players < 2 || o.Players > 4 {
		return nil, fmt.Errorf("--players %d: What Blind Ninjas takes 2 to 4 players", o.Players)
	}
	if o.Turns < 1 || o.Turns > MaxTurns {
		return nil, fmt.Errorf("--turns %d: choose 1 to %d turn grids", o.Turns, MaxTurns)
	}
	if o.Pages < 1 || o.Pages > MaxPages {
		return nil, fmt.Errorf("--pages %d: choose 1 to %d sets", o.Pages, MaxPages)
	}
	if err := o.Paper.Validate(); err != nil {
		return nil, err
	}
	players, err := playerNames(o.Players, o.Names)
	if err != nil {
		return nil, err
	}
	p := &Pads{Options: o, Players: players}
	p.Cols, p.Rows = GridSize(o.Players)
	if p.geo, err = layoutPage(o.Paper, p.Cols, p.Rows, o.Players); err != nil {
		return nil, err
	}
	per := p.geo.turnsPerPage()
	for seat, name := range players {
		for set := 1; set <= o.Pages; set++ {
			p.Pages = append(p.Pages, Page{Player: name, Seat: seat, Kind: KindMain, Set: set, FirstRow: 1, LastRow: p.geo.logRows})
			// A row of the log for every turn: what the main page cannot
			// hold goes on full pages of log, before the turn grids.
			for first := p.geo.logRows + 1; first <= o.Turns; first += p.geo.logPageRows {
				p.Pages = append(p.Pages, Page{Player: name, Seat: seat, Kind: KindLog, Set: set,
					FirstRow: first, LastRow: first + p.geo.logPageRows - 1})
			}
			for first := 1; first <= o.Turns; first += per {
				p.Pages = append(p.Pages, Page{Player: name, Kind: KindTurns, Set: set,
					FirstTurn: first, LastTurn: min(first+per-1, o.Turns)})
			}
		}
	}
	return p, nil
}

// playerNames checks the given names or falls back to the stash colours.
func playerNames(players int, names []string) ([]string, error) {
	if len(names) == 0 {
		return Colours[:players], nil
	}
	if len(names) != players {
		return nil, fmt.Errorf("--names: %d names for %d players; give one per player", len(names), players)
	}
	seen := map[string]bool{}
	out := make([]string, len(names))
	for i, n := range names {
		n = strings.Join(strings.Fields(layouts.SafeText(n)), " ")
		switch {
		case n == "":
			return nil, fmt.Errorf("--names: name %d is empty", i+1)
		case utf8.RuneCountInString(n) > MaxNameRunes:
			return nil, fmt.Errorf("--names: %q is longer than %d characters", n, MaxNameRunes)
		case seen[strings.ToLower(n)]:
			return nil, fmt.Errorf("--names: %q appears twice; every pad needs its own name", n)
		}
		seen[strings.ToLower(n)] = true
		out[i] = n
	}
	return out, nil
}

// TurnsPerPage is how many turn grids one turn page holds.
func (p *Pads) TurnsPerPage() int { return p.geo.turnsPerPage() }

// LogRows is how many slashes the log has room for: a row for every turn
// at least, on the main page and the log pages after it.
func (p *Pads) LogRows() int {
	for i := len(p.Pages) - 1; i >= 0; i-- {
		if p.Pages[i].Kind != KindTurns {
			return p.Pages[i].LastRow
		}
	}
	return 0
}

// MainCell is the side of a main grid square in mm.
func (p *Pads) MainCell() float64 { return p.geo.main.Cell }
