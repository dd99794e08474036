package cmd

import (
	"os"
	"strconv"

	cb "github.com/ninjakit/ninjakit/companion/blades"
	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/generate/blades/balance"
	engine "github.com/ninjakit/ninjakit/rules/blades"
)

// balanceGamesEnv is an internal knob for tests: games a candidate instead
// of the command's real count, so a transcript balances in a moment.
const balanceGamesEnv = "NINJAKIT_BALANCE_GAMES"

func balanceOptions() balance.Options {
	n, err := strconv.Atoi(os.Getenv(balanceGamesEnv))
	if err != nil || n < 1 {
		return balance.Options{}
	}
	return balance.Options{Games: n}
}

// generateBladesSetup makes the plain setup, or with balanced the most
// balanced of the candidates drawn from the seed (ruling B-25).
func generateBladesSetup(r *engine.Rules, o gen.Options, balanced bool) (*gen.Setup, error) {
	if !balanced {
		return gen.Generate(r, o)
	}
	s, _, err := balance.Generate(r, o, balanceOptions())
	return s, err
}

// balanceBladesNew replaces a new session's seed by the seed of the most
// balanced candidate drawn from it, and returns how it was chosen.
func balanceBladesNew(o *bladesNewOptions, opts *cb.Options) (*gen.Balanced, error) {
	if !o.Balanced {
		return nil, nil
	}
	if o.Code != "" || o.Position != "" {
		return nil, usagef("--balanced draws a setup from a seed: a share code or a position is already one, so drop --balanced")
	}
	cards, err := gen.ParseCards(opts.Cards)
	if err != nil {
		return nil, usageError{err}
	}
	s, b, err := balance.Generate(engine.DefaultRules(), gen.Options{Players: opts.Players, Seed: opts.Seed, Cards: cards}, balanceOptions())
	if err != nil {
		return nil, err
	}
	opts.Seed = s.Seed
	return &b, nil
}
