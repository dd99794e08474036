package cmd

import (
	"fmt"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/spf13/cobra"
)

// newHintCmd is a game's `hint --as SEAT`: a bot's suggestion from that
// seat's own view (ruling B-23 for Flying Blades, C-25 for the others).
// hint reads the session as well as its table: a game may rebuild what
// each seat has seen from the whole log.
func newHintCmd[T roleReader[R], R any, H interface{ Text() string }](io *IOStreams, game, short, example string,
	replay func(companion.Session) (T, error), hint func(T, companion.Session, R, bots.Options) (H, error),
	searches func(R, bots.Level) int) *cobra.Command {
	f := &sessionFlags{}
	var level, seed string
	var iterations int
	c := &cobra.Command{
		Use:     "hint --as SEAT [--level L] [--seed S]",
		Short:   short,
		Example: example,
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			lv, err := bots.ParseLevel(level)
			if err != nil {
				return usageError{err}
			}
			if iterations < 0 {
				return usagef("--iterations %d: give a number of search iterations above 0", iterations)
			}
			o := bots.Options{Level: lv, Iterations: iterations}
			if o.Seed, err = sessionSeed(seed); err != nil {
				return err
			}
			return withSession(game, f.Session, true, func(st *companion.Store, name string) error {
				s, err := st.LoadLatest(name)
				if err != nil {
					return err
				}
				t, err := replay(s)
				if err != nil {
					return err
				}
				r, err := t.ParseRole(f.As)
				if err != nil {
					return usageError{err}
				}
				if c.Flags().Changed("seed") && iterations == 0 {
					o.Iterations = searches(r, lv)
				}
				h, err := hint(t, s, r, o)
				if err != nil {
					return err
				}
				if f.JSON {
					return writeJSON(io.Out, h)
				}
				fmt.Fprint(io.Out, h.Text())
				return snapshotWarning(s)
			})
		},
	}
	f.add(c, true)
	c.Flags().StringVar(&level, "level", "normal", "bot level that thinks: random, easy, normal or hard")
	c.Flags().StringVar(&seed, "seed", "", "seed of the hint (default: random); with it the same view gives the same hint")
	c.Flags().IntVar(&iterations, "iterations", 0, "search iterations instead of thinking for a time (default with --seed: as many as a bot seat of that level runs)")
	c.Flags().BoolVar(&f.JSON, "json", false, "print as JSON")
	return c
}

// tableSearches is a hint's search with --seed and without --iterations in
// a game whose normal bot seat runs normal iterations: the count a bot seat
// of the level runs at the table, never the clock, so the same view and
// seed give the same hint on any machine, in about the bot's time.
func tableSearches[R any](normal int) func(R, bots.Level) int {
	return func(_ R, lv bots.Level) int { return companion.Searches(lv, normal) }
}
