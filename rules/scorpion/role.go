package scorpion

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Role is who types a command: a guard player, an intruder or the
// moderator.
type Role int

// Roles. RoleGuard is the only guard player of a one-guard game; RoleSword
// and RoleSpear are the two guard players of a two-guard game.
const (
	RoleGuard Role = iota
	RoleSword
	RoleSpear
	RoleNinja
	RoleTraitor
	RoleModerator
	// RoleTable reads exactly what the whole table may know; it never acts.
	RoleTable
)

var roleNames = [...]string{"guard", "sword", "spear", "ninja", "traitor", "moderator", "table"}

func (r Role) String() string {
	if r >= 0 && int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "?"
}

// ParseRole reads a role's name.
func ParseRole(s string) (Role, error) {
	for i, n := range roleNames {
		if strings.EqualFold(s, n) {
			return Role(i), nil
		}
	}
	return 0, fmt.Errorf("%w: role %q: choose guard, sword, spear, ninja, traitor, moderator or table", rules.ErrNotation, s)
}

// Side is a team: the guard players or the intruders.
type Side int

// The two sides.
const (
	Guards Side = iota
	Intruders
)

func (s Side) String() string {
	if s == Guards {
		return "guards"
	}
	return "intruders"
}

// Side is the team a role plays on; the moderator and the table are on
// neither and get -1.
func (r Role) Side() Side {
	switch r {
	case RoleGuard, RoleSword, RoleSpear:
		return Guards
	case RoleNinja, RoleTraitor:
		return Intruders
	}
	return -1
}

// seat is the rules.Seat a refusal resting on r's secrets names: r's
// side, Guards (0) or Intruders (1), since a side shares its secrets
// (SC-4, SC-5).
func (r Role) seat() rules.Seat { return rules.Seat(r.Side()) }

// RefusalFor is an Apply error as r may read it: the reason for the side
// whose secrets it rests on (and the moderator), the neutral wording for
// everyone else; other errors read as they are.
func RefusalFor(err error, r Role) string {
	var ref *rules.Refusal[Action]
	if !errors.As(err, &ref) {
		return err.Error()
	}
	if r == RoleModerator {
		return ref.Reason
	}
	if r.Side() < 0 {
		return ref.For(rules.Seat(-2))
	}
	return ref.For(rules.Seat(r.Side()))
}

// guardType is the type of guard figure a guard player plays ("" with one
// guard player).
func (r Role) guardType() string {
	switch r {
	case RoleSword:
		return "sword"
	case RoleSpear:
		return "spear"
	}
	return ""
}

// partner is the other intruder.
func (r Role) partner() Role {
	if r == RoleNinja {
		return RoleTraitor
	}
	return RoleNinja
}

// Phase is the part of a turn being played.
type Phase int

// Phases in order; a turn runs alert, cards, patrol, intruders.
const (
	PhaseSetup Phase = iota
	PhaseAlert
	PhaseCards
	PhasePatrol
	PhaseIntruders
	PhaseOver
)

var phaseNames = [...]string{"setup", "alert", "cards", "patrol", "intruders", "over"}

func (p Phase) String() string { return phaseNames[p] }

// Alert levels.
const (
	AlertNone = iota
	AlertLow
	AlertMedium
	AlertHigh
)

var alertNames = [...]string{"none", "low", "medium", "high"}

// Outcome is how the game ended.
type Outcome int

// Outcomes: both intruders out with their missions, one, or none.
const (
	Playing Outcome = iota
	IntrudersWin
	Draw
	GuardsWin
)

var outcomeNames = [...]string{"playing", "intruders win", "draw", "guards win"}

func (o Outcome) String() string { return outcomeNames[o] }
