// Package balance picks Flying Blades setups whose seats win about equally
// often, by easy bot self-play on every core (ruling B-25).
package balance

import (
	"fmt"
	"hash/fnv"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/ninjakit/ninjakit/bots"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// Level is the bot level of the balancing self-play.
const Level = bots.Easy

// maxActions cuts off a balancing game that never ends (counted as
// unfinished, no seat's win).
const maxActions = 5000

// Options set the balancing's effort; zeros take the defaults above.
// Tests use small counts.
type Options struct {
	Candidates int
	Games      int
}

// simulated counts balancing games played, so tests can prove that a share
// code rebuilds a balanced setup without playing any.
var simulated atomic.Int64

// Generate draws candidate setups from o.Seed, plays each with easy
// bots on every core, and keeps the one whose seats' scores are closest
// (the smallest gap; the earlier candidate on a tie). The setup it returns
// is the plain setup of the chosen candidate's seed, so its share code
// rebuilds it without simulating.
func Generate(r *engine.Rules, o gen.Options, b Options) (*gen.Setup, gen.Balanced, error) {
	if err := engine.CheckPlayers(o.Players); err != nil {
		return nil, gen.Balanced{}, err
	}
	if b.Candidates <= 0 {
		b.Candidates = gen.BalanceCandidates(o.Players)
	}
	if b.Games <= 0 {
		b.Games = gen.BalanceGames(o.Players)
	}
	seeds := gen.CandidateSeeds(o.Seed, b.Candidates)
	setups := make([]*gen.Setup, len(seeds))
	for i, seed := range seeds {
		c := o
		c.Seed = seed
		s, err := gen.Generate(r, c)
		if err != nil {
			return nil, gen.Balanced{}, err
		}
		setups[i] = s
	}
	bals, err := simulate(r, setups, b.Games)
	if err != nil {
		return nil, gen.Balanced{}, err
	}
	res := gen.Balanced{From: o.Seed, Candidates: len(seeds)}
	best := 0
	for i, bal := range bals {
		res.Gaps = append(res.Gaps, bal.Gap)
		if bal.Gap < bals[best].Gap {
			best = i
		}
	}
	res.Balance, res.Candidate = bals[best], best+1
	setups[best].Balanced = &res
	return setups[best], res, nil
}

// Simulate estimates one setup's balance with games easy games.
func Simulate(r *engine.Rules, s *gen.Setup, games int) (gen.Balance, error) {
	b, err := simulate(r, []*gen.Setup{s}, games)
	if err != nil {
		return gen.Balance{}, err
	}
	return b[0], nil
}

// simulate plays games games of every setup on runtime.GOMAXPROCS workers.
// Each game draws from its own seeds, so the results do not depend on which
// worker played what.
func simulate(r *engine.Rules, setups []*gen.Setup, games int) ([]gen.Balance, error) {
	results := make([][]float64, len(setups)*games)
	var next atomic.Int64
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(results)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(results) {
					return
				}
				ret, err := playOne(r, setups[i/games], i%games)
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("balancing game %d: %w", i%games+1, err)
					}
					mu.Unlock()
					next.Store(int64(len(results)))
					return
				}
				results[i] = ret
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	out := make([]gen.Balance, len(setups))
	for k, s := range setups {
		out[k] = tally(s.Players, results[k*games:(k+1)*games])
	}
	return out, nil
}

// gameSeed derives game i's seed for one use from a candidate's seed.
func gameSeed(seed uint64, i int, use string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "blades/balance/%d/%d/%s", seed, i, use)
	return h.Sum64()
}

// playOne plays game i of setup s with easy bots and returns each seat's
// returns (nil for a game cut off). Hands the table deals itself, or deals
// privately, are dealt anew each game from the game's seed: a balance
// estimate must not depend on a private deal. They are played face up,
// which changes no choice easy makes, since its Flying Blades scores read
// only the board and the seat's own cards (ruling B-26), and spares the
// determinizations.
func playOne(r *engine.Rules, s *gen.Setup, i int) ([]float64, error) {
	simulated.Add(1)
	start := s.Start
	if s.Cards == gen.CardsHidden || s.Cards == gen.CardsDealt {
		start.Cards = engine.OpenHands
		start.Hands = gen.Deal(r, s.Players, rules.NewRand(gameSeed(s.Seed, i, "deal"), "blades/balance-deal"))
	}
	p, err := engine.NewPosition(r, start)
	if err != nil {
		return nil, err
	}
	seats := make([]*bots.Bot[*engine.State, engine.Play], s.Players)
	for k := range seats {
		seats[k] = bots.New(bots.Blades{}, bots.Options{Level: Level, Seed: gameSeed(s.Seed, i, fmt.Sprint("bot", k))})
	}
	g, err := bots.Play(engine.NewState(p), seats, maxActions)
	if err != nil || !g.Finished {
		return nil, err
	}
	return g.Returns, nil
}

// tally sums the games' returns into each seat's wins, interval and score.
func tally(players int, games [][]float64) gen.Balance {
	b := gen.Balance{Level: Level.String(), Games: len(games)}
	wins := make([]int, players)
	score := make([]float64, players)
	for _, ret := range games {
		if ret == nil {
			b.Unfinished++
			continue
		}
		var winners []int
		for k, v := range ret {
			if v >= 0 {
				winners = append(winners, k)
			}
		}
		if len(winners) == 1 {
			wins[winners[0]]++
		} else {
			b.Draws++
		}
		for _, k := range winners {
			score[k] += 1 / float64(len(winners))
		}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	n := float64(len(games))
	for k := range players {
		low, high := bots.Wilson(wins[k], len(games))
		sc := score[k] / n
		b.Seats = append(b.Seats, gen.SeatRate{Seat: k + 1, Wins: wins[k], Rate: float64(wins[k]) / n, Low: low, High: high, Score: sc})
		lo, hi = min(lo, sc), max(hi, sc)
	}
	b.Gap = hi - lo
	b.Balance = 1 - b.Gap
	return b
}
