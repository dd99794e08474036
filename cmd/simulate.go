package cmd

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/generate/blades/balance"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/ninjakit/ninjakit/rules/blind"
	"github.com/ninjakit/ninjakit/rules/knights"
	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/spf13/cobra"
)

type simulateOptions struct {
	IO         *IOStreams
	Game       string
	Players    int
	Seats      []string
	Games      int
	Seed       uint64
	Think      time.Duration
	Iterations int
	Turns      int
	TurnsSet   bool
	Code       string
	JSON       bool
}

// Limits of a simulation: enough for any study, small enough that a typo
// does not tie up the machine for a day; a game longer than maxSimActions
// actions is cut off and counted as unfinished.
const (
	maxSimGames      = 100000
	maxSimIterations = 1000000
	maxSimActions    = 5000
	defaultSimTurns  = 50
)

func newSimulateCmd(io *IOStreams, runF func(*simulateOptions) error) *cobra.Command {
	o := &simulateOptions{IO: io}
	c := &cobra.Command{
		Use:   "simulate GAME --seats LEVEL,LEVEL,... [--games N] [--seed S]",
		Short: "Play bot against bot and report wins, draws, game length and seat balance",
		Long: `Plays --games games between bots, one bot a seat as --seats lists them
(random, easy, normal or hard), on every core, and prints each seat's wins
with a 95% interval (Wilson), the draws, the mean game length in actions,
the seat balance (1 minus the largest gap between two seats' win rates),
Ludii's balance (the same with a win shared by k seats as 1/k each) and
how long the searching bots took a decision.

normal thinks 0.3 s and hard 1.5 s a decision; --think sets hard's time and
normal keeps a fifth of it. --iterations caps each search instead of the
clock, so a run gives the same games every time. The same --seed plays the
same setups and gives the bots the same seeds.

Games: blades (2 to 5 players; hidden hands dealt for every game, or the
board of a share code with --code: without --seats every seat is easy, as
--balanced measures a setup), blind (2 to 4 players; --turns
rounds, 0 for no limit), knights (2 to 6 players, the digital deck) and
scorpion (the guard players first, then the ninja and the traitor: three
seats with one guard player, four with two). Ninja Squad has no bot, since
its engine does not track the board.`,
		Example: `  ninjakit simulate blades --seats hard,random --games 100
  ninjakit simulate blind --seats normal,easy --games 40 --think 500ms
  ninjakit simulate knights --seats hard,easy,easy,easy --games 20 --think 500ms
  ninjakit simulate scorpion --seats easy,random,random --games 20
  ninjakit simulate blades --code 24R2-NF5TF-A3H5W --seats easy,easy --json
  ninjakit simulate blades --code 24R1-X7PJS-97WMV --games 342`,
		ValidArgs: []string{"blades", "blind", "knights", "scorpion", "squad"},
		RunE: func(c *cobra.Command, args []string) error {
			o.TurnsSet = c.Flags().Changed("turns")
			switch len(args) {
			case 0:
				return usagef("simulate what? choose blades, blind, knights or scorpion")
			case 1:
			default:
				return usagef("unexpected argument %q: give one game", args[1])
			}
			o.Game = args[0]
			return runF(o)
		},
	}
	f := c.Flags()
	f.IntVar(&o.Players, "players", 0, "number of players (default: as many as --seats lists)")
	f.StringSliceVar(&o.Seats, "seats", nil, "each seat's bot level, in seat order: random, easy, normal or hard (required)")
	f.IntVar(&o.Games, "games", 100, fmt.Sprintf("games to play, 1 to %d", maxSimGames))
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the setups and of the bots")
	f.DurationVar(&o.Think, "think", 0, "hard's think time a decision (default 1.5s; normal thinks a fifth of it)")
	f.IntVar(&o.Iterations, "iterations", 0, "search iterations a decision instead of a think time (reproducible)")
	f.IntVar(&o.Turns, "turns", defaultSimTurns, "blind: rounds before the most ninjas left wins, 0 for no limit")
	f.StringVar(&o.Code, "code", "", "blades: play every game on the board of this share code")
	f.BoolVar(&o.JSON, "json", false, "print the results as JSON")
	return c
}

// simGame plays game i of a simulation.
type simGame func(i int) (bots.Game, error)

func runSimulate(o *simulateOptions) error {
	g, err := generate.ParseGame(o.Game)
	if err != nil {
		return usageError{err}
	}
	switch g {
	case generate.GameSquad:
		return usagef("simulate squad: Ninja Squad has no bot, since its engine does not track the board")
	}
	if len(o.Seats) == 0 && o.Code != "" && g == generate.GameBlades {
		// A share code's balance, as --balanced measures it.
		c, err := generate.ParseCode(o.Code)
		if err != nil {
			return usageError{err}
		}
		o.Seats = slices.Repeat([]string{balance.Level.String()}, c.Players)
	}
	if len(o.Seats) == 0 {
		return usagef("give --seats, one bot level a seat: random, easy, normal or hard")
	}
	levels := make([]bots.Level, len(o.Seats))
	for i, s := range o.Seats {
		if levels[i], err = bots.ParseLevel(s); err != nil {
			return usagef("--seats: %w", err)
		}
	}
	switch {
	case o.Games < 1 || o.Games > maxSimGames:
		return usagef("--games %d: choose 1 to %d", o.Games, maxSimGames)
	case o.Think < 0:
		return usagef("--think %s: give a positive time, such as 500ms or 2s", o.Think)
	case o.Iterations < 0 || o.Iterations > maxSimIterations:
		return usagef("--iterations %d: choose 1 to %d", o.Iterations, maxSimIterations)
	case o.Think > 0 && o.Iterations > 0:
		return usagef("give --think or --iterations, not both")
	case o.Code != "" && g != generate.GameBlades:
		return usagef("--code: only Flying Blades plays from a share code")
	case o.TurnsSet && g != generate.GameBlind:
		return usagef("--turns: only What Blind Ninjas has a turn limit")
	case o.Turns < 0 || o.Turns > 999:
		return usagef("--turns %d: choose 1 to 999 rounds, or 0 for none", o.Turns)
	}
	var play simGame
	var players int
	switch g {
	case generate.GameBlades:
		play, players, err = simBlades(o, levels)
	case generate.GameBlind:
		play, players, err = simBlind(o, levels)
	case generate.GameKnights:
		play, players, err = simKnights(o, levels)
	case generate.GameScorpion:
		play, players, err = simScorpion(o, levels)
	}
	if err != nil {
		return err
	}
	res, err := simulate(o, play)
	if err != nil {
		return err
	}
	rep := report(o, g, players, levels, res)
	if o.JSON {
		enc := json.NewEncoder(o.IO.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprint(o.IO.Out, rep.text())
	return nil
}

// checkSeats matches --players with --seats.
func checkSeats(o *simulateOptions, players int) error {
	if len(o.Seats) != players {
		return usagef("--seats lists %d bots for %d players: give one level a seat", len(o.Seats), players)
	}
	return nil
}

// simSeed derives game i's seed for one use from the run's seed.
func simSeed(seed uint64, i int, use string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%s", seed, i, use)
	return h.Sum64()
}

func botOptions(o *simulateOptions, l bots.Level, seed uint64) bots.Options {
	opts := bots.Options{Level: l, Seed: seed, Iterations: o.Iterations}
	if o.Think > 0 {
		opts.Think = l.ThinkScaled(o.Think)
	}
	return opts
}

func simBlades(o *simulateOptions, levels []bots.Level) (simGame, int, error) {
	r := engine.DefaultRules()
	var setup *gen.Setup
	players := o.Players
	if o.Code != "" {
		code, err := generate.ParseCode(o.Code)
		if err != nil {
			return nil, 0, usageError{err}
		}
		if setup, err = gen.FromCode(r, code, 0); err != nil {
			return nil, 0, usageError{err}
		}
		if players != 0 && players != code.Players {
			return nil, 0, usagef("--players %d: share code %s is a %d-player setup", players, code, code.Players)
		}
		players = code.Players
	}
	if players == 0 {
		players = len(levels)
	}
	if err := engine.CheckPlayers(players); err != nil {
		return nil, 0, usageError{err}
	}
	if err := checkSeats(o, players); err != nil {
		return nil, 0, err
	}
	play := func(i int) (bots.Game, error) {
		start := engine.Setup{}
		if setup != nil {
			start = setup.Start
			if c := setup.Cards; c == gen.CardsHidden || c == gen.CardsDealt {
				// The table would deal the real deck: deal it for the bots.
				start.Hands = gen.Deal(r, players, rand.New(rand.NewPCG(simSeed(o.Seed, i, "deal"), 0)))
			}
		} else {
			s, err := gen.Generate(r, gen.Options{Players: players, Seed: simSeed(o.Seed, i, "setup") % (generate.MaxSeed + 1),
				Cards: gen.CardsDealt, PrivateSeed: simSeed(o.Seed, i, "deal")})
			if err != nil {
				return bots.Game{}, err
			}
			start = s.Start
		}
		p, err := engine.NewPosition(r, start)
		if err != nil {
			return bots.Game{}, err
		}
		seats := make([]*bots.Bot[*engine.State, engine.Play], players)
		for k, l := range levels {
			seats[k] = bots.New(bots.Blades{}, botOptions(o, l, simSeed(o.Seed, i, fmt.Sprintf("bot%d", k))))
		}
		return bots.Play(engine.NewState(p), seats, maxSimActions)
	}
	return play, players, nil
}

func simBlind(o *simulateOptions, levels []bots.Level) (simGame, int, error) {
	players := o.Players
	if players == 0 {
		players = len(levels)
	}
	if _, err := blind.NewGame(blind.Options{Players: players, Turns: o.Turns}); err != nil {
		return nil, 0, usageError{err}
	}
	if err := checkSeats(o, players); err != nil {
		return nil, 0, err
	}
	play := func(i int) (bots.Game, error) {
		g, err := blind.NewGame(blind.Options{Players: players, Turns: o.Turns})
		if err != nil {
			return bots.Game{}, err
		}
		seats := make([]*bots.Bot[*blind.State, blind.Play], players)
		for k, l := range levels {
			seats[k] = bots.New(bots.Blind{}, botOptions(o, l, simSeed(o.Seed, i, fmt.Sprintf("bot%d", k))))
		}
		return bots.Play(blind.NewState(g), seats, maxSimActions)
	}
	return play, players, nil
}

func simKnights(o *simulateOptions, levels []bots.Level) (simGame, int, error) {
	players := o.Players
	if players == 0 {
		players = len(levels)
	}
	cfg := knights.Config{Players: players, Mode: knights.Digital}
	if _, err := knights.NewGame(cfg, rand.New(rand.NewPCG(o.Seed, 0))); err != nil {
		return nil, 0, usageError{err}
	}
	if err := checkSeats(o, players); err != nil {
		return nil, 0, err
	}
	play := func(i int) (bots.Game, error) {
		g, err := knights.NewGame(cfg, rand.New(rand.NewPCG(simSeed(o.Seed, i, "deal"), 0)))
		if err != nil {
			return bots.Game{}, err
		}
		s, err := knights.NewState(g)
		if err != nil {
			return bots.Game{}, err
		}
		seats := make([]*bots.Bot[*knights.State, knights.Move], players)
		for k, l := range levels {
			seats[k] = bots.New(bots.Knights{}, botOptions(o, l, simSeed(o.Seed, i, fmt.Sprintf("bot%d", k))))
		}
		return bots.Play(s, seats, maxSimActions)
	}
	return play, players, nil
}

// simScorpion seats the guard players first, then the ninja and the
// traitor, as the engine does: three seats are one guard player, four two.
func simScorpion(o *simulateOptions, levels []bots.Level) (simGame, int, error) {
	players := o.Players
	if players == 0 {
		players = len(levels)
	}
	if players != 3 && players != 4 {
		return nil, 0, usagef("scorpion: %d seats: give 3 (one guard player, the ninja, the traitor) or 4 (two guard players, the ninja, the traitor)", players)
	}
	if err := checkSeats(o, players); err != nil {
		return nil, 0, err
	}
	d := data.DefaultScorpion()
	h := bots.NewScorpion(d)
	play := func(i int) (bots.Game, error) {
		g, err := scorpion.New(d, players-2, simSeed(o.Seed, i, "setup"))
		if err != nil {
			return bots.Game{}, err
		}
		seats := make([]*bots.Bot[*scorpion.State, scorpion.Play], players)
		for k, l := range levels {
			seats[k] = bots.New(h, botOptions(o, l, simSeed(o.Seed, i, fmt.Sprintf("bot%d", k))))
		}
		return bots.Play(scorpion.NewState(g), seats, maxSimActions)
	}
	return play, players, nil
}

// simulate plays every game on runtime.GOMAXPROCS workers, each game from
// its own seeds, so the results do not depend on which worker played what.
func simulate(o *simulateOptions, play simGame) ([]bots.Game, error) {
	res := make([]bots.Game, o.Games)
	next := make(chan int)
	var mu sync.Mutex
	var firstErr error
	done := 0
	bar := progressBar(o.IO)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), o.Games) {
		wg.Go(func() {
			for i := range next {
				g, err := play(i)
				mu.Lock()
				res[i] = g
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("game %d: %w", i+1, err)
				}
				done++
				bar(done, o.Games)
				mu.Unlock()
			}
		})
	}
	for i := range o.Games {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return res, firstErr
}

// progressBar draws the games played on the error stream when it is a
// terminal, and nothing otherwise (a log or a pipe wants no redraws).
func progressBar(io *IOStreams) func(done, total int) {
	f, ok := io.ErrOut.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return func(int, int) {}
	}
	const width = 30
	return func(done, total int) {
		n := done * width / total
		fmt.Fprintf(f, "\r[%s%s] %d/%d games", strings.Repeat("#", n), strings.Repeat(".", width-n), done, total)
		if done == total {
			fmt.Fprintln(f)
		}
	}
}

type simSeat struct {
	Seat  int     `json:"seat"`
	Level string  `json:"level"`
	Wins  int     `json:"wins"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// Score counts a win shared by k seats as 1/k of a win each.
	Score float64 `json:"score"`
}

type simThink struct {
	Level     string  `json:"level"`
	Decisions int     `json:"decisions"`
	P50       float64 `json:"p50_seconds"`
	P99       float64 `json:"p99_seconds"`
}

type simReport struct {
	Game       string    `json:"game"`
	Players    int       `json:"players"`
	Games      int       `json:"games"`
	Seed       uint64    `json:"seed"`
	Think      string    `json:"think,omitempty"`
	Iterations int       `json:"iterations,omitempty"`
	Turns      int       `json:"turns,omitempty"`
	Code       string    `json:"code,omitempty"`
	Seats      []simSeat `json:"seats"`
	Draws      int       `json:"draws"`
	Unfinished int       `json:"unfinished"`
	MeanLength float64   `json:"mean_length"`
	Balance    float64   `json:"seat_balance"`
	// Ludii is Ludii's balance figure: 1 minus the largest gap between two
	// seats' scores, shared wins counted as part wins.
	Ludii     float64    `json:"ludii_balance"`
	Decisions []simThink `json:"decision_time,omitempty"`
}

func report(o *simulateOptions, g generate.Game, players int, levels []bots.Level, res []bots.Game) simReport {
	rep := simReport{Game: g.String(), Players: players, Games: len(res), Seed: o.Seed, Iterations: o.Iterations, Code: o.Code}
	if o.Think > 0 {
		rep.Think = o.Think.String()
	}
	if g == generate.GameBlind {
		rep.Turns = o.Turns
	}
	wins := make([]int, players)
	score := make([]float64, players)
	think := map[bots.Level][]time.Duration{}
	actions := 0
	for _, r := range res {
		actions += r.Actions
		for k, ds := range r.Think {
			think[levels[k]] = append(think[levels[k]], ds...)
		}
		if !r.Finished {
			rep.Unfinished++
			continue
		}
		sole, shared := false, 0
		for k, v := range r.Returns {
			if v == 1 {
				wins[k]++
				sole = true
			}
			if v >= 0 {
				shared++
			}
		}
		if !sole {
			rep.Draws++
		}
		for k, v := range r.Returns {
			if v >= 0 {
				score[k] += 1 / float64(shared)
			}
		}
	}
	rep.MeanLength = float64(actions) / float64(len(res))
	lo, hi := 1.0, 0.0
	slo, shi := 1.0, 0.0
	for k, w := range wins {
		low, high := bots.Wilson(w, len(res))
		rate := float64(w) / float64(len(res))
		sc := score[k] / float64(len(res))
		rep.Seats = append(rep.Seats, simSeat{Seat: k + 1, Level: levels[k].String(), Wins: w, Rate: rate, Low: low, High: high, Score: sc})
		lo, hi = min(lo, rate), max(hi, rate)
		slo, shi = min(slo, sc), max(shi, sc)
	}
	rep.Balance = 1 - (hi - lo)
	rep.Ludii = 1 - (shi - slo)
	for l := bots.Normal; l <= bots.Hard; l++ {
		if ds := think[l]; len(ds) > 0 {
			rep.Decisions = append(rep.Decisions, simThink{Level: l.String(), Decisions: len(ds),
				P50: bots.Percentile(ds, 0.5).Seconds(), P99: bots.Percentile(ds, 0.99).Seconds()})
		}
	}
	return rep
}

func (r simReport) text() string {
	var sb strings.Builder
	how := "default think times"
	switch {
	case r.Iterations > 0:
		how = fmt.Sprintf("%d iterations a decision", r.Iterations)
	case r.Think != "":
		how = "hard thinks " + r.Think
	}
	fmt.Fprintf(&sb, "%s, %d players, %d games, seed %d, %s\n", r.Game, r.Players, r.Games, r.Seed, how)
	if r.Code != "" {
		fmt.Fprintf(&sb, "every game on the board of share code %s\n", r.Code)
	}
	fmt.Fprintf(&sb, "%-5s %-7s %6s %7s  %s\n", "seat", "level", "wins", "rate", "95% interval")
	for _, s := range r.Seats {
		fmt.Fprintf(&sb, "%-5d %-7s %6d %6.1f%%  %.1f%%-%.1f%%\n", s.Seat, s.Level, s.Wins, 100*s.Rate, 100*s.Low, 100*s.High)
	}
	fmt.Fprintf(&sb, "draws: %d (%.1f%%)\n", r.Draws, 100*float64(r.Draws)/float64(r.Games))
	if r.Unfinished > 0 {
		fmt.Fprintf(&sb, "unfinished: %d (cut off after %d actions)\n", r.Unfinished, maxSimActions)
	}
	fmt.Fprintf(&sb, "mean length: %.1f actions\n", r.MeanLength)
	fmt.Fprintf(&sb, "seat balance: %.2f\n", r.Balance)
	fmt.Fprintf(&sb, "Ludii balance: %.2f (a win shared by k seats counts 1/k to each)\n", r.Ludii)
	for _, d := range r.Decisions {
		fmt.Fprintf(&sb, "decision time, %s: p50 %s, p99 %s over %d decisions\n", d.Level,
			time.Duration(d.P50*float64(time.Second)).Round(time.Millisecond),
			time.Duration(d.P99*float64(time.Second)).Round(time.Millisecond), d.Decisions)
	}
	return sb.String()
}
