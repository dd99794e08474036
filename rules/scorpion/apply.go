package scorpion

import (
	"errors"
	"fmt"

	"github.com/ninjakit/ninjakit/rules"
)

// Apply carries out r's action. An illegal action is refused with a
// *rules.Refusal[Action] and the game is left unchanged: every check runs
// first (check), then the action on the game itself, with no copy.
func (g *Game) Apply(r Role, a Action) ([]Event, error) {
	if err := g.check(r, a); err != nil {
		return nil, private(r, err)
	}
	g.events = g.events[:0]
	if err := g.apply(r, a); err != nil {
		return nil, private(r, err)
	}
	g.after()
	return g.Events(), nil
}

// check runs apply's checks of r's action without changing the game: in a
// dry run every command returns before its first change.
func (g *Game) check(r Role, a Action) error {
	g.dry = true
	err := g.apply(r, a)
	g.dry = false
	return err
}

// private keeps an intruder's refusals to his side: whatever its reason,
// a refused intruder command names his zone, target or cards, which the
// guards may not read.
func private(r Role, err error) error {
	var ref *rules.Refusal[Action]
	if r.Side() == Intruders && errors.As(err, &ref) && ref.Private == rules.NoSeat {
		ref.Private, ref.Neutral = r.seat(), notNow
	}
	return err
}

// errListing is every refusal while Choices lists plays: only whether a
// candidate passes counts there, so no reason is written.
var errListing = errors.New("scorpion: refused while listing")

// refusal builds a refusal on public facts.
func (g *Game) refuse(a Action, format string, args ...any) error {
	if g.listing {
		return errListing
	}
	return &rules.Refusal[Action]{Action: a, Reason: fmt.Sprintf(format, args...), Private: rules.NoSeat}
}

// secret builds a refusal whose reason rests on r's own hidden cards or
// placements: everyone else reads neutral.
func (g *Game) secret(r Role, a Action, neutral, format string, args ...any) error {
	if g.listing {
		return errListing
	}
	return &rules.Refusal[Action]{Action: a, Reason: fmt.Sprintf(format, args...), Private: r.seat(), Neutral: neutral}
}

const notNow = "that is not possible now"

func (g *Game) apply(r Role, a Action) error {
	if r == RoleModerator || r == RoleTable {
		return g.refuse(a, "the %s does not act", r)
	}
	if r < RoleGuard || r > RoleTable {
		return g.refuse(a, "no such role")
	}
	if r.Side() == Guards && !g.isGuardRole(r) {
		if g.guards == 2 {
			return g.refuse(a, "two guard players play as sword and spear, not guard")
		}
		return g.refuse(a, "one guard player plays as guard")
	}
	if g.phase == PhaseOver {
		return g.refuse(a, "the game is over")
	}
	if g.phase == PhaseSetup {
		if r.Side() == Guards {
			return g.guardSetup(r, a)
		}
		return g.intruderSetup(r, a)
	}
	if a.Verb == "show" && r.Side() == Intruders {
		return g.show(r, a)
	}
	if len(g.pending) > 0 {
		return g.answer(r, a)
	}
	switch g.phase {
	case PhaseAlert, PhaseCards, PhasePatrol:
		if r.Side() != Guards {
			return g.refuse(a, "it is the guards' turn (%s phase)", g.phase)
		}
		return g.guardTurn(r, a)
	case PhaseIntruders:
		if r.Side() != Intruders {
			return g.refuse(a, "it is the intruders' turn")
		}
		return g.intruderTurn(r, a)
	}
	return g.refuse(a, notNow)
}

func (g *Game) show(r Role, a Action) error {
	in := g.intr(r)
	if in.Shown {
		return g.refuse(a, "your mission is already shown")
	}
	if g.dry {
		return nil
	}
	in.Shown = true
	g.tell("show", aud(r, r.partner()), fmt.Sprintf("the %s shows his mission to the %s", r, r.partner()),
		"the %s's mission is %s", r, in.Mission)
	return nil
}

// after keeps the marks and checks that need the settled state: guards in
// the traitor's zone, and the early end.
func (g *Game) after() {
	t := g.intr(RoleTraitor)
	waiting := len(g.pending) > 0 && (g.pending[0].Kind == pEncounter || g.pending[0].Kind == pHidden) && g.pending[0].Who == RoleTraitor
	if t.onBoard() && !waiting {
		for _, f := range g.inZone(t.Zone) {
			f.WithTraitor = true
		}
	}
	if g.phase != PhaseSetup && g.phase != PhaseOver && len(g.pending) == 0 {
		left := false
		for i := range g.in {
			left = left || g.in[i].onBoard() || g.in[i].Return
		}
		if !left {
			g.end()
		}
	}
}

// end finishes the game: intruders out with their missions count.
func (g *Game) end() {
	out := 0
	for i := range g.in {
		if g.in[i].Gone {
			out++
		}
	}
	g.outcome = [...]Outcome{GuardsWin, Draw, IntrudersWin}[out]
	g.phase = PhaseOver
	g.pending = nil
	g.say("over", "the game is over: %s", g.outcome)
}
