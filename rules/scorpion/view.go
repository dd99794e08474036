package scorpion

import (
	"maps"
	"slices"
)

// View is the game as one role may know it.
type View struct {
	Role     string            `json:"role"`
	Turn     int               `json:"turn"`
	Phase    string            `json:"phase"`
	Alert    string            `json:"alert"`
	Waiting  []string          `json:"waiting"`
	Question string            `json:"question,omitempty"`
	Guards   []GuardView       `json:"guards"`
	Sleeping int               `json:"sleeping"`
	Found    map[string]string `json:"found,omitempty"`
	// Passage lists the passage ends the role knows: both for the
	// intruders, the discovered ones for everyone else.
	Passage      []string       `json:"passage,omitempty"`
	GuardPassage bool           `json:"guardPassage,omitempty"`
	CardsPlayed  int            `json:"cardsPlayed"`
	FreeListen   bool           `json:"freeListen"`
	Hands        []HandView     `json:"hands"`
	Intruders    []IntruderView `json:"intruders"`
	// Guard side only.
	SleepingAt map[string]int    `json:"sleepingAt,omitempty"`
	Hidden     map[string]string `json:"hidden,omitempty"`
	// Intruder side only.
	Ropes   [][2]string `json:"ropes,omitempty"`
	Outcome string      `json:"outcome,omitempty"`
}

// GuardView is one guard figure on the board.
type GuardView struct {
	Zone     string `json:"zone"`
	Type     string `json:"type,omitempty"`
	Patrol   int    `json:"patrol,omitempty"`
	Facing   string `json:"facing,omitempty"`
	Drunk    bool   `json:"drunk,omitempty"`
	Carded   bool   `json:"carded,omitempty"`
	Attacked bool   `json:"attacked,omitempty"`
}

// HandView is one guard player's cards: counts for all, contents for the
// guard side.
type HandView struct {
	Player  string         `json:"player"`
	Hand    int            `json:"hand"`
	Deck    int            `json:"deck"`
	Discard int            `json:"discard"`
	Cards   map[string]int `json:"cards,omitempty"`
	Drawn   map[string]int `json:"drawn,omitempty"`
	DeckOf  map[string]int `json:"deckCards,omitempty"`
}

// IntruderView is the ninja or the traitor as the role may know him.
type IntruderView struct {
	Name      string         `json:"name"`
	Zone      string         `json:"zone,omitempty"`
	Revealed  bool           `json:"revealed,omitempty"`
	Wounds    int            `json:"wounds"`
	Cards     int            `json:"cards"`
	Hand      map[string]int `json:"hand,omitempty"`
	Mission   string         `json:"mission,omitempty"`
	Done      bool           `json:"done,omitempty"`
	Gone      bool           `json:"gone,omitempty"`
	Dead      bool           `json:"dead,omitempty"`
	Returning bool           `json:"returning,omitempty"`
	Passage   bool           `json:"passageCardOut,omitempty"`
	// Intruder side only: noise of the last turn, this turn's moves and
	// the zones moved into or out of.
	Noise   *int     `json:"noise,omitempty"`
	Moves   *int     `json:"moves,omitempty"`
	Visited []string `json:"visited,omitempty"`
	Ready   bool     `json:"ready,omitempty"`
}

var questions = map[pendKind]string{
	pCat: "the traitor may answer the listen: cat or pass", pTrapCat: "the traitor may answer the trap: cat or pass",
	pFollow: "the listener may follow or stay", pEncounter: "an intruder walked in on guards: kenjutsu, shuriken, walk, sake or pass",
	pHidden: "the searcher answers the hidden sentry: kenjutsu, shuriken, walk, sake or pass",
	pCap:    "the guards may remove a guard for the hidden sentry: remove ZONE or keep", pBonus: "the guards take the decoy bonus: reinforce",
}

// View is the game as r may know it.
func (g *Game) View(r Role) View {
	mod := r == RoleModerator
	guards := mod || r.Side() == Guards
	intr := mod || r.Side() == Intruders
	v := View{Role: r.String(), Turn: g.turn, Phase: g.phase.String(), Alert: alertNames[g.alert],
		Sleeping: total(g.sleeping), GuardPassage: g.gPassage, CardsPlayed: g.played,
		FreeListen: g.freeOpen()}
	for _, w := range g.Waiting() {
		v.Waiting = append(v.Waiting, w.String())
	}
	if len(g.pending) > 0 {
		if k := g.pending[0].Kind; k != pEncounter || intr {
			v.Question = questions[k]
		}
	}
	for _, f := range g.figs {
		gv := GuardView{Zone: f.Zone, Type: f.Type, Patrol: f.Patrol, Drunk: f.Drunk, Carded: f.Carded, Attacked: f.Attacked}
		if f.Patrol != 0 {
			gv.Facing = g.facing[f.Patrol]
		}
		v.Guards = append(v.Guards, gv)
	}
	if len(g.found) > 0 {
		v.Found = maps.Clone(g.found)
	}
	for i, e := range g.passage {
		if e != "" && (intr || g.disc[i]) {
			v.Passage = append(v.Passage, e)
		}
	}
	for _, p := range g.guardRoles() {
		h := g.hands[p]
		hv := HandView{Player: p.String(), Hand: total(h.Hand), Deck: total(h.Deck), Discard: total(h.Discard)}
		if guards {
			hv.Cards, hv.DeckOf = nonZero(h.Hand), nonZero(h.Deck)
			hv.Drawn = nonZero(h.Drawn)
		}
		v.Hands = append(v.Hands, hv)
	}
	if guards {
		v.SleepingAt = nonZero(g.sleeping)
		v.Hidden = map[string]string{}
		for z, w := range g.hidden {
			if g.found[z] == "" {
				v.Hidden[z] = w
			}
		}
	}
	if intr {
		for k := range g.ropes {
			v.Ropes = append(v.Ropes, k)
		}
		slices.SortFunc(v.Ropes, func(a, b [2]string) int {
			if a[0] != b[0] {
				return cmpStr(a[0], b[0])
			}
			return cmpStr(a[1], b[1])
		})
	}
	for _, who := range []Role{RoleNinja, RoleTraitor} {
		in := g.intr(who)
		iv := IntruderView{Name: who.String(), Revealed: in.Revealed && in.onBoard(), Wounds: in.Wounds, Cards: total(in.Hand),
			Done: in.Done, Gone: in.Gone, Dead: in.Dead, Returning: in.Return, Passage: in.PassageOut, Ready: in.Ready}
		if intr || iv.Revealed {
			iv.Zone = in.Zone
		}
		if intr {
			iv.Hand = nonZero(in.Hand)
			noise, moves := in.Noise, in.Moves
			iv.Noise, iv.Moves = &noise, &moves
			iv.Visited = slices.Clone(in.Visited)
		}
		if mod || r == who || (r == who.partner() && in.Shown) || in.Done {
			iv.Mission = in.Mission
		}
		v.Intruders = append(v.Intruders, iv)
	}
	if g.phase == PhaseOver {
		v.Outcome = g.outcome.String()
	}
	return v
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func nonZero(m map[string]int) map[string]int {
	out := map[string]int{}
	for k, v := range m {
		if v > 0 {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
