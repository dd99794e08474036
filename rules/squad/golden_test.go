package squad

import (
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/playouts.golden")

const goldenPlayouts = "testdata/playouts.golden"

// TestPlayoutsGolden plays random games of every mode, player count and
// way of drawing, and compares, game by game, a digest of everything the
// engine shows on the way (every listing in order, the state and the events
// after each action, what the accessors report, and the answers to
// near-miss and malformed actions) with the digests the straightforward
// engine recorded before the speed work of issue 20: a faster engine must
// play the same games.
func TestPlayoutsGolden(t *testing.T) {
	d := data.DefaultSquad()
	golden := sweep.NewGolden(t, goldenPlayouts, *update, 6)
	defer golden.Close()
	i := 0
	for players := 2; players <= 4; players++ {
		for _, mode := range []Mode{Raid, Escape, Full} {
			for _, draws := range []Draws{Digital, Physical} {
				for seed := range uint64(8) {
					if i++; !golden.Wants(i - 1) {
						continue
					}
					o := Options{Mode: mode, Players: players, Draws: draws, Seed: seed,
						First: rules.Seat(seed % uint64(players)), Speedy: mode != Escape && seed%4 == 1}
					golden.Check(i-1, fmt.Sprintf("%dp %s %s seed %d %016x", players, mode, draws, seed, playoutDigest(t, d, o)))
				}
			}
		}
	}
}

func playoutDigest(t *testing.T, d *data.Squad, o Options) uint64 {
	g, err := NewGame(d, o)
	require.NoError(t, err)
	r := rules.NewRand(o.Seed, fmt.Sprintf("test/golden %d %s %s", o.Players, o.Mode, o.Draws))
	h := fnv.New64a()
	describe(h, g)
	for step := 0; step < 3000; step++ {
		if res, _ := g.Outcome(); res != Playing {
			break
		}
		legal := g.LegalActions()
		require.NotEmpty(t, legal, g.Position())
		for _, a := range legal {
			fmt.Fprintf(h, "%s|%+v;", a, a)
		}
		fmt.Fprintln(h)
		for range 1 + r.IntN(3) {
			tryAction(h, g, nearMiss(r, d, legal[r.IntN(len(legal))], len(g.seats)))
		}
		if step%5 == 0 {
			tryAction(h, g, anyAction(r, d, len(g.seats)))
		}
		a := pick(g, r, legal)
		// Half the games keep every ninja from home for a long while, so
		// piles run out and reshuffle and the escape lasts many phases.
		for o.Seed%2 == 1 && step < 400 && a.Met.Home {
			a = pick(g, r, legal)
		}
		require.True(t, g.IsLegal(a))
		require.NoError(t, g.Apply(a))
		fmt.Fprintln(h, "apply", a)
		describe(h, g)
	}
	return h.Sum64()
}

// pick is mostly choose's quiet play, sometimes any listed action.
func pick(g *Game, r *rand.Rand, legal []Action) Action {
	if r.IntN(20) == 0 {
		return legal[r.IntN(len(legal))]
	}
	return choose(g, r)
}

// describe writes the state, the last events (as each viewer reads them)
// and what the accessors report.
func describe(w io.Writer, g *Game) {
	fmt.Fprintln(w, g.Position())
	evs := g.Events()
	fmt.Fprintf(w, "%+v\n", evs)
	for v := rules.Seat(-1); int(v) < len(g.seats); v++ {
		for _, e := range evs {
			fmt.Fprintf(w, "%+v", e.For(v))
		}
	}
	tr, target := g.Alarm()
	res, win := g.Outcome()
	p, s, ok := g.Owed()
	fmt.Fprintln(w, g.Mode(), g.Full(), g.Stage(), g.ToAct(), g.First(), g.Phase(), g.Round(), tr, target, res, win,
		g.Fires(), g.GuardsToAdd(), p, s, ok)
	for s := range rules.Seat(len(g.seats)) {
		dr, up, pl, di := g.Cards(s)
		c, l := g.Collected(s)
		fmt.Fprintln(w, s, dr, up, pl, di, g.Missed(s), g.Home(s), g.MustPlayDrawn(s), c, l, g.GuardsTakenOut(s),
			g.StarUsed(s), g.Exposed(s), g.Deck(s), g.Hand(s, SenjutsuPile), g.Hand(s, BukiPile))
		for _, k := range data.SquadWanaKinds {
			set, sprung := g.Trap(s, k)
			fmt.Fprint(w, set, sprung)
		}
	}
}

// tryAction puts a to the game, which usually refuses it: the answer and
// the state after it go into the digest. A listed action is played on a
// copy read from the position, so the game goes on as chosen. Action values
// no parser makes (a seat set naming a seat past the table) may panic; the
// panic is part of the digest too.
func tryAction(w io.Writer, g *Game, a Action) {
	var legal bool
	var err error
	on := g
	func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		if legal = g.IsLegal(a); legal {
			on, err = ParsePosition(g.d, g.Position())
			if err != nil {
				return
			}
		}
		err = on.Apply(a)
	}()
	fmt.Fprintln(w, "try", a, legal, err)
	var ill *IllegalError
	if errors.As(err, &ill) {
		fmt.Fprintf(w, "%+v %t\n", *ill, errors.Is(err, rules.ErrIllegal))
		for v := rules.Seat(-1); int(v) < len(g.seats); v++ {
			fmt.Fprint(w, ill.For(v))
		}
	}
	describe(w, on)
}

// kindPool holds every card and token kind, and some that are none.
func kindPool(d *data.Squad) []string {
	pool := []string{"", "bogus"}
	for _, cards := range [][]data.SquadCard{d.Alarm, d.Senjutsu, d.Buki, d.Wana} {
		for _, c := range cards {
			pool = append(pool, c.Kind)
		}
	}
	return pool
}

// nearMiss changes one thing in a listed action.
func nearMiss(r *rand.Rand, d *data.Squad, a Action, players int) Action {
	pool := kindPool(d)
	switch r.IntN(10) {
	case 0:
		a.Type = ActionType(r.IntN(int(ActReached) + 1))
	case 1:
		a.Seat = rules.Seat(r.IntN(players+1) - 1)
	case 2:
		a.Card = r.IntN(3)
	case 3:
		a.Route, a.Route2 = r.IntN(3), r.IntN(3)
	case 4:
		a.Met.Cubes, a.Met.Lanterns = r.IntN(maxDashMet+2), r.IntN(maxDashMet+2)
	case 5:
		a.Met.Guard, a.Met.Home = !a.Met.Guard, r.IntN(2) == 0
	case 6:
		a.Pile = Pile(r.IntN(3))
	case 7:
		a.Kind = pool[r.IntN(len(pool))]
	case 8:
		a.Lost = pool[r.IntN(len(pool))]
	default:
		a.Seats = SeatSet(r.IntN(1 << (players + 1)))
	}
	return a
}

// anyAction is any action value at all.
func anyAction(r *rand.Rand, d *data.Squad, players int) Action {
	pool := kindPool(d)
	return Action{
		Type: ActionType(r.IntN(int(ActReached) + 1)), Seat: rules.Seat(r.IntN(players+1) - 1),
		Card: r.IntN(3), Route: r.IntN(3), Route2: r.IntN(3),
		Met:  Met{Cubes: r.IntN(3), Lanterns: r.IntN(2), Guard: r.IntN(4) == 0, Home: r.IntN(8) == 0},
		Pile: Pile(r.IntN(3)), Kind: pool[r.IntN(len(pool))], Seats: SeatSet(r.IntN(1 << players)),
	}
}

// TestListsIsLegalActions holds Apply's quick check to the listing it
// stands for: lists(a) exactly when LegalActions holds a, for every listed
// action, near misses and arbitrary values, in random games of every kind.
func TestListsIsLegalActions(t *testing.T) {
	d := data.DefaultSquad()
	for players := 2; players <= 4; players++ {
		for _, mode := range []Mode{Raid, Escape, Full} {
			for _, draws := range []Draws{Digital, Physical} {
				for seed := range uint64(sweep.Count(t, 1, 4)) {
					o := Options{Mode: mode, Players: players, Draws: draws, Seed: seed, Speedy: mode != Escape && seed%2 == 0}
					g, err := NewGame(d, o)
					require.NoError(t, err)
					r := rules.NewRand(seed, "test/lists")
					for step := 0; step < 3000; step++ {
						if res, _ := g.Outcome(); res != Playing {
							break
						}
						legal := g.LegalActions()
						var tries []Action
						for range 20 {
							x := legal[r.IntN(len(legal))]
							tries = append(tries, x, nearMiss(r, d, x, players), nearMiss(r, d, x, players), anyAction(r, d, players))
						}
						listed := map[Action]bool{}
						for _, a := range legal {
							listed[a] = true
						}
						for _, a := range tries {
							if listed[a] != g.lists(a) {
								require.Equal(t, listed[a], g.lists(a), "%+v in %s", a, g.Position())
							}
						}
						a := pick(g, r, legal)
						for seed%2 == 1 && step < 400 && a.Met.Home {
							a = pick(g, r, legal)
						}
						require.NoError(t, g.Apply(a))
					}
				}
			}
		}
	}
}
