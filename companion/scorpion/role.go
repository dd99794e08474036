package scorpion

import (
	"bytes"
	"encoding/json"
	"fmt"

	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// Role is who looks or acts: a player's role, the moderator, or the whole
// table (what every player may know).
type Role struct {
	Word   string
	Engine engine.Role
	Table  bool
}

// TableRole is the whole table.
var TableRole = Role{Word: WordTable, Engine: engine.RoleTable, Table: true}

// ParseRole reads --as: a role of this game (a guard role of the other
// guard count is refused with the reason), or table.
func (t *Table) ParseRole(s string) (Role, error) {
	w, err := t.Options.RoleWord(s)
	if err != nil {
		return Role{}, err
	}
	if w == WordTable {
		return TableRole, nil
	}
	r, err := engine.ParseRole(w)
	if err != nil {
		return Role{}, err
	}
	// A bot's role is the companion's: nobody reads its view or acts for
	// it (SC-30).
	if _, ok := t.Options.Bot(r); ok {
		return Role{}, fmt.Errorf("--as %s: the %s is a bot: nobody looks or acts as it", w, w)
	}
	return Role{Word: w, Engine: r}, nil
}

// Knows reports whether r may read what role o knows: o itself, its side
// (a side shares its set-up, hands and positions: SC-4, SC-5) and the
// moderator.
func (r Role) Knows(o engine.Role) bool {
	switch {
	case r.Table:
		return false
	case r.Engine == engine.RoleModerator || r.Engine == o:
		return true
	}
	return r.Engine.Side() == o.Side() && o.Side() >= 0
}

// marshalData encodes a logged event's data as the store keeps it, without
// HTML escaping (a facing is written with '>').
func marshalData(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(b.Bytes()), nil
}
