package scorpion

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/data"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// Game is the session game name.
const Game = "scorpion"

// Options are a session's stored set-up: one or two guard players, the
// data file the game is played on, copied in whole so the session never
// needs the file again (ruling C-16), no map meaning the built-in one, the
// seats bots play (SC-30) and the rules revision it was started under.
type Options struct {
	Guards int                 `json:"guards"`
	Map    json.RawMessage     `json:"map,omitempty"`
	Bots   []companion.BotSeat `json:"bots,omitempty"`
	Rules  int                 `json:"rules,omitempty"`
}

// Rules revisions. A session keeps the one it was started under, so that
// its log replays to the same game after a rules fix that changes a draw.
const (
	// rulesAnyLetter is a session stored without a revision: a returning
	// decoy may draw his dead-for-good partner's mission (SC-19).
	rulesAnyLetter = 0
	// rulesNow is the revision new sessions are started under.
	rulesNow = 1
)

// NewOptions checks what `new` was given: the number of guard players and
// the content of a --map file (nil for the built-in map).
func NewOptions(guards int, mapFile []byte) (Options, error) {
	o := Options{Guards: guards, Rules: rulesNow}
	if mapFile != nil {
		if _, err := data.LoadScorpion(bytes.NewReader(mapFile)); err != nil {
			return o, fmt.Errorf("--map: %w", err)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, mapFile); err != nil {
			return o, fmt.Errorf("--map: %w", err)
		}
		o.Map = b.Bytes()
	}
	return o, o.validate()
}

// validate checks options as stored, so an edited import is refused as new
// would refuse its flags.
func (o Options) validate() error {
	if o.Guards != 1 && o.Guards != 2 {
		return fmt.Errorf("--guards %d: the guards are played by 1 or 2 players", o.Guards)
	}
	if o.Rules < rulesAnyLetter || o.Rules > rulesNow {
		return fmt.Errorf("rules revision %d: this ninjakit knows 0 to %d", o.Rules, rulesNow)
	}
	if _, err := o.Data(); err != nil {
		return fmt.Errorf("--map: %w", err)
	}
	return o.validateBots()
}

// keepRules sets the game to the session's rules revision.
func (o Options) keepRules(g *engine.Game) {
	if o.Rules == rulesAnyLetter {
		g.DrawAnyLetter()
	}
}

// builtIn is the built-in map, read once: every command replays a session,
// and the engine never changes its data.
var builtIn = sync.OnceValue(data.DefaultScorpion)

// Data is the game data the session plays on.
func (o Options) Data() (*data.Scorpion, error) {
	if len(o.Map) == 0 {
		return builtIn(), nil
	}
	return data.LoadScorpion(bytes.NewReader(o.Map))
}

// Role words, as --as takes them.
const (
	WordGuard     = "guard"
	WordSword     = "sword"
	WordSpear     = "spear"
	WordNinja     = "ninja"
	WordTraitor   = "traitor"
	WordModerator = "moderator"
	// WordTable is the whole table: what every player may know.
	WordTable = "table"
)

// Roles lists the roles of a game with these options, guard side first.
func (o Options) Roles() []string {
	if o.Guards == 2 {
		return []string{WordSword, WordSpear, WordNinja, WordTraitor, WordModerator}
	}
	return []string{WordGuard, WordNinja, WordTraitor, WordModerator}
}

// RoleWord reads --as: a role of this game or the table, in any case, or
// a role's number in Roles from 1 (as seats are numbered in the other
// games, and the table server asks). A guard role of the other guard count
// is refused with the reason.
func (o Options) RoleWord(s string) (string, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(w); err == nil && n >= 1 && n <= len(o.Roles()) {
		return o.Roles()[n-1], nil
	}
	switch {
	case slices.Contains(o.Roles(), w):
		return w, nil
	case w == "" || w == WordTable:
		return WordTable, nil
	case w == WordGuard:
		return "", fmt.Errorf("--as guard: two guard players play here, sword and spear (--guards 2)")
	case w == WordSword || w == WordSpear:
		return "", fmt.Errorf("--as %s: one guard player plays here, as guard (--guards 1)", w)
	}
	if len(w) > 20 {
		w = w[:20] + "..."
	}
	return "", fmt.Errorf("--as %q: choose table, %s", w, strings.Join(o.Roles(), ", "))
}

// Verbs are the table words, as the table mode completes them.
var Verbs = []string{"posts", "patrol", "sleep", "hide", "hand", "deck", "start", "passage", "show", "random", "ready",
	"draw", "listen", "plisten", "follow", "stay", "cat", "pass", "ssearch", "psearch", "awaken", "kenjutsu", "march",
	"reinforce", "remove", "keep", "done", "move", "rope", "walk", "sake", "shuriken", "search", "leave"}
