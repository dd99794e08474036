package squad

import (
	"fmt"

	"github.com/ninjakit/ninjakit/rules"
)

// IllegalError is a refused action and why: its Private seat is the one
// whose hidden Senjutsu or Buki cards the reason rests on, NoSeat when it
// rests on public facts only (S-13).
type IllegalError = rules.Refusal[Action]

// Neutral is what everyone but the card holder reads when a card play is
// refused on the cards held: the same whether the card is held or not.
const Neutral = "that card play is not available"

// judge says why a refused action is not legal, public reasons first.
func (g *Game) judge(a Action) *IllegalError {
	if r := g.publicProblem(a); r != "" {
		return &IllegalError{Action: a, Reason: r, Private: NoSeat, Neutral: Neutral}
	}
	if (a.Type == ActSpring && a.Lost != "") || a.Type == ActSenjutsu || a.Type == ActBuki || a.Type == ActFire || a.Type == ActFlask {
		who := a.Seat
		if a.Type == ActSpring {
			who = g.springer(a)
		}
		return &IllegalError{Action: a, Reason: fmt.Sprintf("seat %s holds no such card for this", who), Private: who, Neutral: Neutral}
	}
	return &IllegalError{Action: a, Reason: "the table cannot report that now", Private: NoSeat, Neutral: Neutral}
}

// publicProblem finds a reason that rests on what everyone sees.
func (g *Game) publicProblem(a Action) string {
	me := g.seats[g.turn]
	free := a.Type == ActSenjutsu || a.Type == ActBuki || a.Type == ActFire || a.Type == ActFlask || a.Type == ActStar || a.Type == ActSetTrap || a.Type == ActSpring || a.Type == ActGuard || a.Type == ActReached
	switch {
	case g.stage == StageOver:
		return "the game is over"
	case a.Type == ActDraw && g.stage != StageDraw:
		return "no card is owed from a pile now"
	case a.Type == ActDraw && (a.Seat != g.pending[0].Seat || a.Pile != g.pending[0].Pile):
		return fmt.Sprintf("the next card owed is a %s card for seat %s", g.pending[0].Pile, g.pending[0].Seat)
	case a.Type == ActDraw:
		return fmt.Sprintf("no %s card of that kind is left in the pile", a.Pile)
	case g.stage == StageDraw:
		return fmt.Sprintf("first report the %s card seat %s drew", g.pending[0].Pile, g.pending[0].Seat)
	case g.stage == StageExposed && a.Type != ActExposed:
		return "the movement phase is over: report who stands on a road or out of cover"
	case g.stage == StagePatrols && a.Type != ActPatrols:
		return "Guard Phase: report the patrolling guards' moves first"
	case (a.Type == ActExposed || a.Type == ActPatrols) && g.stage != StageExposed && g.stage != StagePatrols:
		return "that belongs to the end of the movement phase"
	case a.Type == ActExposed || a.Type == ActPatrols:
		return "a ninja already home cannot be listed"
	case a.Type == ActTimeUp:
		return "time-up is only for a Super Speedy Midnight Raid's movement phase"
	case a.Type == ActEndTurn && g.stage != StageAfter:
		return "the turn ends with its movement card"
	case g.stage == StageAfter && (a.Type == ActPlay || a.Type == ActDash || a.Type == ActFreeze):
		return fmt.Sprintf("seat %s has moved: use a Buki card or end the turn", g.turn)
	case g.mode == Raid && (a.Type == ActFire || a.Type == ActFlask || a.Type == ActSetTrap || a.Type == ActSpring || a.Type == ActBuki):
		return "Buki cards and Wana traps belong to the Dawn Escape"
	case g.mode == Escape && a.Type == ActSenjutsu:
		return "Senjutsu cards are set aside in the Dawn Escape"
	case a.Type == ActDash && !me.Dash:
		return "a dash needs a Ninja Dash card played first"
	case (a.Type == ActPlay && !a.Met.Guard || a.Type == ActFreeze) && me.Dash:
		return "a Ninja Dash is in use: play both cards, or the one whose move ran into a guard"
	case a.Type == ActPlay && a.Card > me.Up:
		return fmt.Sprintf("seat %s has only %d card face up", g.turn, me.Up)
	case a.Type == ActDash && !a.Met.within(maxDashMet, Raid):
		return fmt.Sprintf("a dash's two routes meet at most %d cubes and %d lanterns", maxDashMet, maxDashMet)
	case a.Type == ActPlay && !a.Met.within(maxMet, Raid):
		return fmt.Sprintf("one card's route meets at most %d cubes and %d lanterns (a dash's two routes, %d)", maxMet, maxMet, maxDashMet)
	case a.Type == ActReached && !a.Met.within(maxMet, Raid):
		return fmt.Sprintf("a ninja moved by someone else meets at most %d cubes and %d lanterns, as on one card's route", maxMet, maxMet)
	case (a.Type == ActPlay || a.Type == ActDash || a.Type == ActReached) && a.Met.Lanterns > 0 && g.mode == Escape:
		return "there are no lanterns in the Dawn Escape"
	}
	if free {
		return g.freeProblem(a)
	}
	return ""
}

// freeProblem checks the public side of a free action.
func (g *Game) freeProblem(a Action) string {
	switch {
	case a.Seat < 0 || int(a.Seat) >= len(g.seats):
		return "no such seat"
	case a.Type == ActGuard && a.Seat == g.turn:
		return fmt.Sprintf("seat %s is moving: a guard it meets goes with its move", g.turn)
	case a.Type == ActGuard && g.seats[a.Seat].Home:
		return fmt.Sprintf("seat %s is home, out of the guards' reach", a.Seat)
	case a.Type == ActReached && a.Seat == g.turn:
		return fmt.Sprintf("seat %s is moving: what it meets goes with its move", g.turn)
	case a.Type == ActReached && g.seats[a.Seat].Home:
		return fmt.Sprintf("seat %s is home already", a.Seat)
	case a.Type == ActReached && a.Met.Guard:
		return fmt.Sprintf("a guard seat %s took out is reported with guard", a.Seat)
	case a.Type == ActReached && a.Met == (Met{}):
		return "say what the moved ninja reached: cubes, lanterns or home"
	case a.Type != ActSenjutsu && a.Type != ActSpring && a.Type != ActGuard && a.Type != ActReached && a.Seat != g.turn:
		return fmt.Sprintf("only seat %s may act on this turn", g.turn)
	case a.Type == ActSpring && (a.Seats != 0 && a.Seats != Seats(a.Rival()) || a.Rival() == g.turn):
		return fmt.Sprintf("name one rival knocked onto the trap; seat %s's own step needs no name", g.turn)
	case a.Type == ActSpring && g.seats[g.springer(a)].Home:
		return fmt.Sprintf("seat %s is home, out of the traps' reach", a.Rival())
	case a.Type == ActSpring && a.Seat == g.springer(a):
		return "a ninja cannot spring its own trap"
	case a.Type == ActSenjutsu && kindIndex(g.d.Senjutsu, a.Kind) < 0, a.Type == ActBuki && kindIndex(g.d.Buki, a.Kind) < 0:
		return fmt.Sprintf("%q is not a card kind of this game", a.Kind)
	case a.Type == ActSenjutsu && a.Kind == "ninja-dash" && (a.Seat != g.turn || g.seats[g.turn].Up != 2 || g.seats[g.turn].Dash):
		return "Ninja Dash is played on one's own turn, before moving, with two cards face up"
	case a.Type == ActStar && g.seats[a.Seat].StarUsed:
		return fmt.Sprintf("seat %s has thrown its star already", a.Seat)
	case a.Type == ActFire && len(g.fires) >= g.d.Tokens.Fire:
		return "every fire token is burning already"
	case a.Type == ActFlask && len(g.fires) == 0:
		return "no fire is burning"
	case a.Type == ActBuki && a.Kind == "water-flask":
		return "a Water Flask is poured with flask"
	case a.Type == ActSetTrap || a.Type == ActSpring:
		k := kindIndex(g.d.Wana, a.Kind)
		switch {
		case k < 0:
			return fmt.Sprintf("%q is not a Wana token", a.Kind)
		case a.Type == ActSetTrap && g.seats[a.Seat].Wana[k] != trapHeld:
			return fmt.Sprintf("seat %s has no %s token left to set", a.Seat, a.Kind)
		case a.Type == ActSpring && g.seats[a.Seat].Wana[k] != trapSet:
			return fmt.Sprintf("seat %s has no %s set", a.Seat, a.Kind)
		case a.Type == ActSpring && a.Kind != "trip-wire" && a.Lost != "":
			return "only a Trip Wire takes a card"
		case a.Type == ActSpring && g.draws == Digital && a.Lost != "":
			return "the engine picks the lost card itself"
		}
	}
	return ""
}
