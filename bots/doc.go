// Package bots plays empty seats: generic over the engine interface
// (rules.Engine), with one small heuristic per game. A bot sees a game only
// through a View of its own seat (the seat's observation, its actions, and
// determinizations sampled from what the seat knows), and draws its
// randomness from its seed and that observation alone, so the same view and
// seed give the same choice whenever the search is capped by iterations
// rather than by the clock.
//
// Levels: random plays any legal action; easy takes the action its game's
// heuristic rates best (the immediate gain less the immediate risk),
// averaged over a few determinizations; normal and hard run single-observer
// information-set Monte Carlo tree search (as OpenSpiel's ismcts) over
// determinizations, with the heuristic guiding expansion and playouts, for
// about 0.3 s and 1.5 s a decision.
package bots
