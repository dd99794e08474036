package scorpion

import (
	"errors"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
)

// figure is one guard figure on the board (sleeping guards are counts per
// barracks, not figures).
type figure struct {
	ID     int
	Zone   string
	Type   string // "sword", "spear", or "" with one guard player
	Patrol int    // patrol number, 0 for a sentry
	Drunk  bool
	// Per-turn marks: a card was played on him, he attacked, a card
	// moved him, he shared a zone with the traitor.
	Carded, Attacked, Moved, WithTraitor bool
}

// hand is one guard player's cards: hand, draw deck, discard pile (only
// wound cards of dead intruders land there) and the cards just drawn in
// this alert phase.
type hand struct {
	Hand, Deck, Discard, Drawn map[string]int
}

func (h hand) clone() hand {
	return hand{maps.Clone(h.Hand), maps.Clone(h.Deck), maps.Clone(h.Discard), maps.Clone(h.Drawn)}
}

// intruder is the ninja or the traitor.
type intruder struct {
	Zone     string // "" before the start, when dead or gone
	Hand     map[string]int
	Chosen   map[string]int // the deck chosen at set-up
	Wounds   int
	WoundBy  []Role // the guard player whose Kenjutsu made each wound
	Revealed bool
	Mission  string
	Done     bool // mission accomplished
	Shown    bool // mission shown to the partner
	Gone     bool // left the board with the mission done
	Dead     bool
	Decoyed  bool // the one extra life is used (or pending)
	Return   bool // dead, comes back at his next intruder phase
	Noise    int  // zones moved in the last intruder phase
	Ready    bool
	// This turn: zones moved, zones moved into or out of, move over,
	// searched, turn finished, Shuriken thrown, Shadow Walk zone.
	Moves    int
	Visited  []string
	Ended    bool
	Searched bool
	Finished bool
	Shuriken bool
	WalkZone string
	// PassageOut: his Secret Passage card is played (it stays out).
	PassageOut bool
}

func (in intruder) clone() intruder {
	in.Hand = maps.Clone(in.Hand)
	in.Chosen = maps.Clone(in.Chosen)
	in.WoundBy = slices.Clone(in.WoundBy)
	in.Visited = slices.Clone(in.Visited)
	return in
}

// onBoard reports whether the intruder stands on the board (or in the
// passage).
func (in *intruder) onBoard() bool { return in.Zone != "" && !in.Dead && !in.Gone }

type pendKind int

const (
	pCat       pendKind = iota // the traitor answers a listen: cat or pass
	pTrapCat                   // the traitor found a trap: cat or pass
	pFollow                    // a listener heard: follow or stay
	pEncounter                 // an intruder walked in on guards
	pHidden                    // a hidden sentry was found
	pCap                       // 20 guards: remove one for the hidden sentry, or keep
	pBonus                     // the decoy bonus
)

// pend is a question the game waits on before anything else.
type pend struct {
	Kind   pendKind
	Who    Role // the intruder concerned
	Role   Role // the guard player who listened (pFollow, pCat)
	Zone   string
	Guards []int // the listener(s)
	Heard  bool  // pCat: whether the listen heard anything
	AtCap  bool
}

// Game is one game of Scorpion Clan.
type Game struct {
	d       *data.Scorpion
	guards  int // guard players, 1 or 2
	src     rand.PCG
	phase   Phase
	turn    int
	alert   int
	figs    []figure
	nextID  int
	patrols int // patrols created
	facing  map[int]string
	// came is the zone each patrol last marched in from: it never
	// marches back there (SC-6); none after set-up or a card moved it.
	came     map[int]string
	sleeping map[string]int
	hidden   map[string]string // zone to A-F, "trap" or "sentry", not yet found (traps and objectives stay)
	found    map[string]string // found things by zone (public)
	hands    map[Role]*hand
	in       [2]intruder // ninja, traitor
	passage  [2]string
	disc     [2]bool
	gPassage bool // the guards' Secret Passage card is out
	ropes    map[[2]string]bool
	pending  []pend
	// Guard turn: drawn this alert phase, cards played this turn (alert
	// and cards phases), cards played in the cards phase, free listen
	// used, patrols marched.
	drew, freeUsed, marched bool
	played, phased          int
	guardReady              bool
	placed                  [2]string // canonical placements per side
	events                  []Event
	outcome                 Outcome
	// dry makes apply only check an action: every command returns at
	// its first change to the game (see check).
	dry bool
	// bd is the map's precomputed board, looked up once.
	bd *board
	// anyLetter keeps the old draw of a returning decoy's mission (see
	// DrawAnyLetter).
	anyLetter bool
	// listing: a dry run for Choices, whose refusals carry no reason.
	listing bool
}

// New starts a game on map d with guards guard players (1 or 2) and draws
// the two missions from seed.
func New(d *data.Scorpion, guards int, seed uint64) (*Game, error) {
	if guards != 1 && guards != 2 {
		return nil, errors.New("scorpion: play with 1 or 2 guard players")
	}
	h := fnv.New64a()
	h.Write([]byte("scorpion"))
	// The PCG is kept by value so that Clone copies its state.
	g := &Game{d: d, guards: guards, src: *rand.NewPCG(seed, h.Sum64()), facing: map[int]string{},
		came: map[int]string{}, sleeping: map[string]int{}, hidden: map[string]string{}, found: map[string]string{},
		hands: map[Role]*hand{}, ropes: map[[2]string]bool{}}
	for _, r := range g.guardRoles() {
		g.hands[r] = &hand{Hand: map[string]int{}, Deck: g.guardHalf(), Discard: map[string]int{}, Drawn: map[string]int{}}
	}
	letters := make([]string, len(d.Missions))
	for i, m := range d.Missions {
		letters[i] = m.Letter
	}
	rules.Shuffle(g.rng(), letters)
	g.in[0].Mission, g.in[1].Mission = letters[0], letters[1]
	return g, nil
}

func (g *Game) rng() *rand.Rand { return rand.New(&g.src) }

// DrawAnyLetter makes a returning decoy whose partner is dead for good
// draw his new mission from every letter, the partner's included, as the
// engine did before ruling SC-19 was kept. The draw comes from the
// session's random source at replay, so sessions started before must keep
// it to replay to the same game.
func (g *Game) DrawAnyLetter() { g.anyLetter = true }

// guardHalf is one guard player's whole pile: all guard cards with one
// player, an identical half of them with two.
func (g *Game) guardHalf() map[string]int {
	m := map[string]int{}
	for _, c := range g.d.Guards {
		m[c.Name] = c.Count / g.guards
	}
	return m
}

// guardRoles are the guard players of this game.
func (g *Game) guardRoles() []Role {
	if g.guards == 2 {
		return []Role{RoleSword, RoleSpear}
	}
	return []Role{RoleGuard}
}

func (g *Game) isGuardRole(r Role) bool { return slices.Contains(g.guardRoles(), r) }

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := *g
	c.figs = slices.Clone(g.figs)
	c.facing = maps.Clone(g.facing)
	c.came = maps.Clone(g.came)
	c.sleeping = maps.Clone(g.sleeping)
	c.hidden = maps.Clone(g.hidden)
	c.found = maps.Clone(g.found)
	c.hands = map[Role]*hand{}
	for r, h := range g.hands {
		hc := h.clone()
		c.hands[r] = &hc
	}
	for i := range c.in {
		c.in[i] = g.in[i].clone()
	}
	c.ropes = maps.Clone(g.ropes)
	c.pending = slices.Clone(g.pending)
	for i := range c.pending {
		c.pending[i].Guards = slices.Clone(g.pending[i].Guards)
	}
	c.events = nil
	return &c
}

func (g *Game) board() *board {
	if g.bd == nil {
		g.bd = boardOf(g.d)
	}
	return g.bd
}

func (g *Game) intr(r Role) *intruder { return &g.in[r-RoleNinja] }

// Turn is the turn number (0 during set-up).
func (g *Game) Turn() int { return g.turn }

// Phase is the phase being played.
func (g *Game) Phase() Phase { return g.phase }

// Alert is the alert level, 0 (none) to 3 (high).
func (g *Game) Alert() int { return g.alert }

// Over reports whether the game has ended and how.
func (g *Game) Over() (bool, Outcome) { return g.phase == PhaseOver, g.outcome }

// Waiting lists the roles that may act now, as everyone may know it: while
// an intruder answers guards he walked in on (his secret until he answers)
// both intruders are listed, and Choices tells who can act.
func (g *Game) Waiting() []Role {
	if len(g.pending) > 0 && g.pending[0].Kind == pEncounter {
		return g.phaseWaiting()
	}
	return g.asked()
}

// asked lists the roles that may act now.
func (g *Game) asked() []Role {
	if len(g.pending) > 0 {
		p := g.pending[0]
		switch p.Kind {
		case pCat, pTrapCat:
			return []Role{RoleTraitor}
		case pEncounter, pHidden:
			return []Role{p.Who}
		case pFollow:
			return []Role{p.Role}
		}
		return g.guardRoles()
	}
	return g.phaseWaiting()
}

func (g *Game) phaseWaiting() []Role {
	switch g.phase {
	case PhaseSetup:
		var w []Role
		if !g.guardReady {
			w = append(w, g.guardRoles()...)
		}
		for _, r := range []Role{RoleNinja, RoleTraitor} {
			if !g.intr(r).Ready {
				w = append(w, r)
			}
		}
		return w
	case PhaseAlert, PhaseCards, PhasePatrol:
		return g.guardRoles()
	case PhaseIntruders:
		var w []Role
		for _, r := range []Role{RoleNinja, RoleTraitor} {
			if g.acting(r) {
				w = append(w, r)
			}
		}
		return w
	}
	return nil
}

// acting reports whether an intruder still has his intruder phase to play.
func (g *Game) acting(r Role) bool {
	in := g.intr(r)
	return !in.Finished && !in.Gone && (!in.Dead || in.Return)
}

// count is the number of guard figures on the board, drunk ones included.
func (g *Game) count() int { return len(g.figs) }

func (g *Game) fig(id int) *figure {
	for i := range g.figs {
		if g.figs[i].ID == id {
			return &g.figs[i]
		}
	}
	return nil
}

// in zone returns the figures in a zone, in view order.
func (g *Game) inZone(z string) []*figure {
	var out []*figure
	for i := range g.figs {
		if g.figs[i].Zone == z {
			out = append(out, &g.figs[i])
		}
	}
	return out
}

// awake counts the non-drunk figures in a zone.
func (g *Game) awake(z string) int {
	n := 0
	for _, f := range g.inZone(z) {
		if !f.Drunk {
			n++
		}
	}
	return n
}

func (g *Game) removeFig(id int) {
	g.figs = slices.DeleteFunc(g.figs, func(f figure) bool { return f.ID == id })
}

func (g *Game) addFig(z, typ string, patrol int) *figure {
	g.nextID++
	g.figs = append(g.figs, figure{ID: g.nextID, Zone: z, Type: typ, Patrol: patrol})
	g.sortFigs()
	return g.fig(g.nextID)
}

// sortFigs keeps view order: by zone id, then by figure id.
func (g *Game) sortFigs() {
	slices.SortStableFunc(g.figs, func(a, b figure) int {
		if a.Zone != b.Zone {
			if a.Zone < b.Zone {
				return -1
			}
			return 1
		}
		return a.ID - b.ID
	})
}

func (g *Game) raise(n int) {
	g.alert = min(AlertHigh, g.alert+n)
}
