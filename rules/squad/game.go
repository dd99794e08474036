package squad

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
)

// Mode is the part of the game being played.
type Mode uint8

// Modes. A Full game plays the raid and, if it is won, the escape.
const (
	Raid Mode = iota
	Escape
	Full
)

var modeNames = [...]string{"raid", "escape", "full"}

func (m Mode) String() string { return modeNames[m] }

// Draws says who shuffles the Alarm, Senjutsu and Buki piles.
type Draws uint8

// Digital piles are drawn by the engine; Physical ones by the table, which
// reports each card.
const (
	Digital Draws = iota
	Physical
)

var drawsNames = [...]string{"digital", "physical"}

func (d Draws) String() string { return drawsNames[d] }

// Pile names a card pile.
type Pile uint8

// The three card piles.
const (
	AlarmPile Pile = iota
	SenjutsuPile
	BukiPile
)

var pileNames = [...]string{"alarm", "senjutsu", "buki"}

func (p Pile) String() string { return pileNames[p] }

// ParsePile reads a pile's name.
func ParsePile(s string) (Pile, error) {
	i := slices.Index(pileNames[:], s)
	if i < 0 {
		return 0, fmt.Errorf("pile %q: choose alarm, senjutsu or buki", s)
	}
	return Pile(i), nil
}

// Stage is what the game waits for.
type Stage uint8

// Stages.
const (
	StageMove    Stage = iota // the seat to act takes its movement turn
	StageAfter                // the mover may use the Buki card it just drew, or end the turn
	StageExposed              // report who ended the movement phase on a road or out of cover
	StagePatrols              // Guard Phase step 1: patrolling guards move
	StageDraw                 // physical piles: a reported card is owed
	StageOver                 // the game has ended
)

var stageNames = [...]string{"move", "after", "exposed", "patrols", "draw", "over"}

func (s Stage) String() string { return stageNames[s] }

// Result is how the game stands.
type Result uint8

// Results.
const (
	Playing  Result = iota
	RaidWon         // every ninja reached the palace roof (in a Full game, only when it is over)
	RaidLost        // the tracker reached its target
	Escaped         // Winner reached the Blue Forest first
)

var resultNames = [...]string{"playing", "raid-won", "raid-lost", "escaped"}

func (r Result) String() string { return resultNames[r] }

// Options set up a game.
type Options struct {
	Mode    Mode
	Players int
	Draws   Draws
	Seed    uint64
	First   rules.Seat // holder of the first-player token
	Speedy  bool       // Super Speedy Ninjas: the table may call time-up
}

// Trap states of a player's Wana tokens.
const (
	trapHeld = iota
	trapSet
	trapSprung
)

// player is one seat's tracked state. Movement cards are counted: Draw in
// the face-down draw deck, Up face up, Played and Discarded this phase.
type player struct {
	Draw, Up, Played, Discarded int
	Missed                      int  // movement turns still to sit out
	Footstep                    bool // Careless Footstep: applies at the next phase's first flip
	Blind                       bool // this phase's first turn must draw one card and play it
	Dash                        bool // a Ninja Dash card is in use this turn
	Cubes, Lanterns             int  // collected this phase
	Guards                      int  // taken out, whole game
	StarUsed                    bool
	Senjutsu, Buki              []int // counts by kind, hidden from the others
	Wana                        []int // trap state by kind
	Exposed                     bool
	Home                        bool
}

type pile struct{ Draw, Discard []int }

func (p pile) total() int { return sum(p.Draw) + sum(p.Discard) }

type pending struct {
	Pile Pile
	Seat rules.Seat
}

// Game is one game of Ninja Squad.
type Game struct {
	d       *data.Squad
	full    bool
	mode    Mode // Raid or Escape: the part now played
	draws   Draws
	speedy  bool
	seed    uint64
	step    int // actions applied so far; digital draws derive from it
	seats   []player
	first   rules.Seat
	phase   int
	round   int
	turn    rules.Seat
	stage   Stage
	gstep   int // next Guard Phase step
	alarm   int
	target  int
	piles   [3]pile
	fires   []rules.Seat // who lit each burning fire
	guards  int          // guards to add on the board, told by events
	pending []pending
	homeAt  []rules.Seat // arrival order
	result  Result
	winner  rules.Seat
	events  []Event
	pcg     *rand.PCG  // the generator rand reseeds for every digital draw
	rng     *rand.Rand // reads pcg
}

// NewGame sets up a game. The data gives deck sizes, targets and card mixes.
func NewGame(d *data.Squad, o Options) (*Game, error) {
	t, ok := d.Target(o.Players)
	switch {
	case !ok || o.Players < d.Setup.MinPlayers || o.Players > d.Setup.MaxPlayers:
		return nil, fmt.Errorf("%d players: Ninja Squad takes %d to %d", o.Players, d.Setup.MinPlayers, d.Setup.MaxPlayers)
	case o.Mode > Full || o.Draws > Physical:
		return nil, fmt.Errorf("unknown mode or draws")
	case o.First < 0 || int(o.First) >= o.Players:
		return nil, fmt.Errorf("first player %s: choose a seat from 1 to %d", o.First, o.Players)
	case o.Speedy && o.Mode == Escape:
		return nil, fmt.Errorf("Super Speedy Ninjas is played on the Midnight Raid only")
	}
	g := &Game{d: d, full: o.Mode == Full, mode: o.Mode, draws: o.Draws, speedy: o.Speedy, seed: o.Seed,
		target: t.Alarm, first: o.First, winner: NoSeat}
	if g.full {
		g.mode = Raid
	}
	// Every count lives in one array: a game is set up in a few allocations.
	ns, nb, nw := len(d.Senjutsu), len(d.Buki), len(d.Wana)
	counts := make([]int, o.Players*(ns+nb+nw)+2*(len(d.Alarm)+ns+nb))
	take := func(n int) []int {
		s := counts[:n:n]
		counts = counts[n:]
		return s
	}
	g.events, g.pending = make([]Event, 0, 16), make([]pending, 0, 2*o.Players)
	g.seats = make([]player, o.Players)
	for i := range g.seats {
		g.seats[i] = player{Senjutsu: take(ns), Buki: take(nb), Wana: take(nw)}
	}
	for p, cards := range [3][]data.SquadCard{d.Alarm, d.Senjutsu, d.Buki} {
		g.piles[p] = pile{Draw: take(len(cards)), Discard: take(len(cards))}
		for k, c := range cards {
			g.piles[p].Draw[k] = c.Count
		}
	}
	g.beginPart()
	return g, nil
}

// beginPart sets up the raid or the escape: a new Throwing Star token
// (S-18) and the Wana tokens, then the first phase.
func (g *Game) beginPart() {
	g.phase, g.alarm = 0, 0
	for i := range g.seats {
		s := &g.seats[i]
		s.StarUsed, s.Missed, s.Footstep, s.Home = false, 0, false, false
		clear(s.Wana)
	}
	g.homeAt = nil
	g.beginPhase()
}

// beginPhase shuffles each deck and turns its top card up (the first flip),
// which a pending Careless Footstep discards instead (S-17).
func (g *Game) beginPhase() {
	g.phase++
	g.round, g.stage, g.gstep = 1, StageMove, 0
	for i := range g.seats {
		s := &g.seats[i]
		s.Draw, s.Up, s.Played, s.Discarded = g.d.Setup.DeckSize, 0, 0, 0
		s.Cubes, s.Lanterns, s.Exposed, s.Dash, s.Blind = 0, 0, false, false, false
		s.Draw--
		if s.Footstep {
			s.Footstep, s.Blind = false, true
			s.Discarded++
			g.note(Event{Kind: EventFootstep, Seat: rules.Seat(i)})
		} else {
			s.Up = 1
		}
	}
	g.note(Event{Kind: EventPhase, Seat: g.first, N: g.phase})
	g.turn = g.first
	g.startTurn()
}

// Mode is the part of the game now played (Raid or Escape).
func (g *Game) Mode() Mode { return g.mode }

// Full reports a full game: the raid, then the escape.
func (g *Game) Full() bool { return g.full }

// Draws says who draws the Alarm, Senjutsu and Buki cards.
func (g *Game) Draws() Draws { return g.draws }

// Speedy reports Super Speedy Ninjas.
func (g *Game) Speedy() bool { return g.speedy }

// Players is the number of seats.
func (g *Game) Players() int { return len(g.seats) }

// Stage is what the game waits for.
func (g *Game) Stage() Stage { return g.stage }

// ToAct is the seat whose movement turn it is.
func (g *Game) ToAct() rules.Seat { return g.turn }

// First is the holder of the first-player token.
func (g *Game) First() rules.Seat { return g.first }

// Phase and Round are the movement phase (from 1 in each part) and round.
func (g *Game) Phase() int { return g.phase }

// Round is the movement round, 1 to the data's Rounds.
func (g *Game) Round() int { return g.round }

// Alarm is the tracker and its target.
func (g *Game) Alarm() (tracker, target int) { return g.alarm, g.target }

// Outcome is the result and, for Escaped, the winner.
func (g *Game) Outcome() (Result, rules.Seat) { return g.result, g.winner }

// Fires is the number of burning fires.
func (g *Game) Fires() int { return len(g.fires) }

// Cards gives a seat's movement card counts.
func (g *Game) Cards(s rules.Seat) (draw, up, played, discarded int) {
	p := g.seats[s]
	return p.Draw, p.Up, p.Played, p.Discarded
}

// Missed is how many movement turns s still sits out.
func (g *Game) Missed(s rules.Seat) int { return g.seats[s].Missed }

// Home reports whether s reached the goal of the part.
func (g *Game) Home(s rules.Seat) bool { return g.seats[s].Home }

// Hand is s's Senjutsu or Buki cards by kind: hidden, so only for s or a
// digital moderator.
func (g *Game) Hand(s rules.Seat, p Pile) map[string]int {
	hand, cards := g.hand(s, p)
	out := map[string]int{}
	for k, n := range hand {
		if n > 0 {
			out[cards[k].Kind] = n
		}
	}
	return out
}

func (g *Game) hand(s rules.Seat, p Pile) ([]int, []data.SquadCard) {
	if p == BukiPile {
		return g.seats[s].Buki, g.d.Buki
	}
	return g.seats[s].Senjutsu, g.d.Senjutsu
}

func (g *Game) cards(p Pile) []data.SquadCard {
	return [][]data.SquadCard{g.d.Alarm, g.d.Senjutsu, g.d.Buki}[p]
}

func kindIndex(cards []data.SquadCard, kind string) int {
	return slices.IndexFunc(cards, func(c data.SquadCard) bool { return c.Kind == kind })
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// MustPlayDrawn reports whether s's turn this phase plays the one card it
// draws, with no choice (Careless Footstep).
func (g *Game) MustPlayDrawn(s rules.Seat) bool { return g.seats[s].Blind }

// Dashing reports whether s played Ninja Dash this movement turn and now
// moves along both face-up cards at once.
func (g *Game) Dashing(s rules.Seat) bool { return g.seats[s].Dash }

// Collected is what s picked up this movement phase: Senjutsu cubes (raid)
// and lantern cubes.
func (g *Game) Collected(s rules.Seat) (cubes, lanterns int) {
	return g.seats[s].Cubes, g.seats[s].Lanterns
}

// GuardsTakenOut counts the guards s took out in the whole game.
func (g *Game) GuardsTakenOut(s rules.Seat) int { return g.seats[s].Guards }

// StarUsed reports whether s has thrown its Throwing Star token this part.
func (g *Game) StarUsed(s rules.Seat) bool { return g.seats[s].StarUsed }

// Exposed reports whether s was reported on a road or out of cover at the
// end of the last movement phase.
func (g *Game) Exposed(s rules.Seat) bool { return g.seats[s].Exposed }

// Trap tells whether s's Wana token of kind is still held, set on the
// board, or sprung and discarded.
func (g *Game) Trap(s rules.Seat, kind string) (set, sprung bool) {
	k := kindIndex(g.d.Wana, kind)
	if k < 0 {
		return false, false
	}
	return g.seats[s].Wana[k] == trapSet, g.seats[s].Wana[k] == trapSprung
}

// Deck is the Movement deck (1-4) s plays this phase.
func (g *Game) Deck(s rules.Seat) int {
	decks, _ := Rotation(len(g.seats), g.phase)
	return decks[s]
}

// GuardsToAdd is how many guards the last Guard Phase put on the board.
func (g *Game) GuardsToAdd() int { return g.guards }

// Owed is the card the table must report next (physical piles), if any.
func (g *Game) Owed() (p Pile, s rules.Seat, ok bool) {
	if g.stage != StageDraw {
		return 0, NoSeat, false
	}
	return g.pending[0].Pile, g.pending[0].Seat, true
}
