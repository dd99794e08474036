package bots

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/ninjakit/ninjakit/rules"
)

// nim is a toy engine for the search's own tests: two seats take one to
// three stones in turn, and whoever takes the last wins. Everything is
// public, so a determinization is a copy. refuse makes Act refuse every
// action, as a broken engine would; drawn, when set, counts the
// determinizations drawn for each seat.
type nim struct {
	stones int
	turn   rules.Seat
	refuse bool
	drawn  map[rules.Seat]int
	// told counts the rumours drawn of each seat and the samples made
	// with one (keyed by the seat as rules.Seat(-1-seat)).
	told map[rules.Seat]int
}

func (n *nim) Clone() *nim           { c := *n; return &c }
func (n *nim) Players() int          { return 2 }
func (n *nim) Over() bool            { return n.stones == 0 }
func (n *nim) Notation(a int) string { return strconv.Itoa(a) }

func (n *nim) ToAct(buf []rules.Seat) []rules.Seat {
	if n.Over() {
		return buf
	}
	return append(buf, n.turn)
}

func (n *nim) Actions(seat rules.Seat, buf []int) []int {
	if n.Over() || seat != n.turn {
		return buf
	}
	for k := 1; k <= min(3, n.stones); k++ {
		buf = append(buf, k)
	}
	return buf
}

func (n *nim) Act(seat rules.Seat, a int) error {
	if n.refuse || seat != n.turn || a < 1 || a > min(3, n.stones) {
		return fmt.Errorf("%w: take %d", rules.ErrIllegal, a)
	}
	n.stones -= a
	if n.stones > 0 {
		n.turn = 1 - n.turn
	}
	return nil
}

func (n *nim) Returns(buf []float64) []float64 {
	if !n.Over() {
		return append(buf, 0, 0)
	}
	return rules.Outcome(buf, 2, []rules.Seat{n.turn})
}

func (n *nim) Observation(rules.Seat) string { return fmt.Sprintf("%d/%d", n.stones, n.turn) }
func (n *nim) Determinize(seat rules.Seat, _ *rand.Rand) *nim {
	if n.drawn != nil {
		n.drawn[seat]++
	}
	return n.Clone()
}

// Rumour and With make nim a game whose searches can rate the others' moves
// on rumours of the bot (E-12).
func (n *nim) Rumour(seat rules.Seat, _ *rand.Rand) *nim {
	if n.told != nil {
		n.told[seat]++
	}
	return n.Clone()
}

func (n *nim) With(seat rules.Seat, _ *nim) *nim {
	if n.told != nil {
		n.told[-1-seat]++
	}
	return n.Clone()
}

func (n *nim) ParseAction(_ rules.Seat, s string) (int, error) { return strconv.Atoi(s) }
func (n *nim) Narrate(seat rules.Seat, a int) string           { return fmt.Sprintf("seat %s takes %d", seat, a) }

// nimNoHint is a heuristic that knows nothing, so what the search finds it
// finds by itself.
type nimNoHint struct{}

func (nimNoHint) Score(_ *nim, _ rules.Seat, acts []int, out []float64) []float64 {
	for range acts {
		out = append(out, 0)
	}
	return out
}

func (nimNoHint) Value(_ *nim, buf []float64) []float64 { return append(buf, 0, 0) }

// nimStyled searches nim in a given style.
type nimStyled struct {
	nimNoHint
	style Style
}

func (h nimStyled) Style() Style { return h.style }
