package blades

import (
	"math"

	"github.com/ninjakit/ninjakit/generate"
	"github.com/ninjakit/ninjakit/rules"
)

// BalanceGames is how many games a candidate is played: enough for a 95%
// interval of about ±5 points around an even seat's rate of 1/players
// (n = 1.96² p(1-p) / 0.05², ruling B-25).
func BalanceGames(players int) int {
	p := 1 / float64(players)
	return int(math.Ceil(1.959964 * 1.959964 * p * (1 - p) / (0.05 * 0.05)))
}

// BalanceCandidates is how many setups --balanced draws for a player count:
// as many as easy self-play at BalanceGames fits in about 10 s on two cores
// (ruling B-25; the big Temple board plays far slower than the House).
func BalanceCandidates(players int) int {
	return [...]int{2: 20, 3: 12, 4: 8, 5: 6}[players]
}

// SeatRate is one seat's estimated chance of winning.
type SeatRate struct {
	Seat int     `json:"seat"`
	Wins int     `json:"wins"`
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Score counts a shared win as a part win: 1/k for each of k winners.
	Score float64 `json:"score"`
}

// Balance is a setup's seat balance, estimated by easy bot self-play.
type Balance struct {
	Level      string     `json:"level"`
	Games      int        `json:"games"`
	Seats      []SeatRate `json:"seats"`
	Draws      int        `json:"draws"`
	Unfinished int        `json:"unfinished"`
	// Gap is the largest difference between two seats' scores; Balance is
	// 1 - Gap, Ludii's balance figure (draws as part wins).
	Gap     float64 `json:"gap"`
	Balance float64 `json:"balance"`
}

// Balanced is the setup --balanced keeps and how it was chosen.
type Balanced struct {
	Balance
	From       uint64 `json:"from"`       // the seed the candidates were drawn from
	Candidate  int    `json:"candidate"`  // the chosen one, 1 for the plain setup of From
	Candidates int    `json:"candidates"` // how many were played
	// Gaps are every candidate's gap, in drawing order.
	Gaps []float64 `json:"gaps"`
}

// CandidateSeeds are the public seeds --balanced draws from seed: the seed
// itself first, then draws from its own stream (ruling B-25).
func CandidateSeeds(seed uint64, n int) []uint64 {
	out := []uint64{seed}
	rng := rules.NewRand(seed, "blades/balance")
	for len(out) < n {
		out = append(out, rng.Uint64()&generate.MaxSeed)
	}
	return out
}
