package cmd

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

var (
	boardLine = regexp.MustCompile(`(?m)^\s*(\d+)((?: [A-Z.#])+) \d+$`)
	seatLine  = regexp.MustCompile(`(?m)^[> ] seat (\d) (\w+)`)
	toMove    = regexp.MustCompile(`(?m)^Seat (\d) \(\w+\) to move; (\d) pass\(es\) in a row so far\.$`)
	gameOver  = regexp.MustCompile(`(?m)^(\d+) turns were played, (\d+) of them passes\.$`)
)

// tableView is what a table knows after one command: the position as that
// command printed it (board, seats, whose turn), plus the mover's own hand,
// which its player remembers from the slip.
func tableView(t *testing.T, out string, hand engine.Hand) (*engine.Position, bool) {
	t.Helper()
	if gameOver.MatchString(out) {
		return nil, false
	}
	colours := map[string]string{"Red": "R", "Yellow": "Y", "Blue": "B"}
	var letters string
	for _, m := range seatLine.FindAllStringSubmatch(out, -1) {
		letters += colours[m[2]]
	}
	var rows []string
	for _, m := range boardLine.FindAllStringSubmatch(out, -1) {
		row, empty := "", 0
		for _, ch := range strings.Fields(m[2]) {
			if ch == "." {
				empty++
				continue
			}
			if empty > 0 {
				row += strconv.Itoa(empty)
			}
			row, empty = row+ch, 0
		}
		if empty > 0 {
			row += strconv.Itoa(empty)
		}
		rows = append(rows, row)
	}
	turn := toMove.FindStringSubmatch(out)
	require.NotNil(t, turn, "the output says whose turn it is:\n%s", out)
	seat, _ := strconv.Atoi(turn[1])
	hands := []string{"-", "-", "-"}
	hands[seat-1] = hand.String()
	text := fmt.Sprintf("3:%s %s %s %s hidden:%s 0,0,0", letters, strings.Join(rows, "/"), turn[1], turn[2], strings.Join(hands, ","))
	p, err := engine.ParsePosition(engine.DefaultRules(), text)
	require.NoError(t, err, "the output shows the whole board and the seats:\n%s", out)
	return p, true
}

// typed writes a move as a table types it: two cells for an attack, pass,
// or a card's printed name (as one argument) and its cells.
func typed(p *engine.Position, m engine.Move) []string {
	f := strings.Fields(m.Format(p.Board()))
	switch k, card := m.Action.Card(); {
	case card:
		return append([]string{p.Rules().Data.Deck.Cards[k].Name}, f[1:]...)
	case m.Action == engine.Attack:
		return f[1:]
	}
	return f
}

// TestAWholeGameTakesOneCommandPerTurn plays a 3-player game with hidden
// hands through the one-shot commands as a table would: after the setup
// (each player reads the slip and keeps cards), every turn is exactly one
// command, chosen only from what the previous command printed and the
// mover's own cards. At the end the summary counts the same turns.
func TestAWholeGameTakesOneCommandPerTurn(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	code, out, errOut := run("companion", "blades", "new", "--players", "3", "--seed", "777", "--private-seed", "12")
	require.Zero(t, code, errOut)

	// Setup: each player reads their own slip and keeps what fits.
	r := engine.DefaultRules()
	kept := make([]engine.Hand, 3)
	for seat := 1; seat <= 3; seat++ {
		as := strconv.Itoa(seat)
		dealt := replayed(t, "blades-1").Pos.Hand(engine.Seat(seat - 1))
		var keep engine.Hand
		var words []string
		for _, k := range dealt.Kinds() {
			if keep[k]++; r.Price(keep) > r.KeepLimit {
				keep[k]--
				continue
			}
			words = append(words, r.Data.Deck.Cards[k].Name)
		}
		code, out, errOut = run(append([]string{"companion", "blades", "keep", "--as", as}, words...)...)
		require.Zero(t, code, errOut)
		kept[seat-1] = keep
	}
	require.Contains(t, out, "    a b c d e f g h i\n", "the last keep shows the board play starts on")

	rng := rand.New(rand.NewPCG(7, 7))
	commands, cards := 0, 0
	for {
		p, playing := tableView(t, out, engine.Hand{})
		if !playing {
			break
		}
		mover := p.Turn()
		p, _ = tableView(t, out, kept[mover])
		moves := p.LegalMoves(nil)
		m := engine.PassMove
		if commands < 120 && len(moves) > 1 {
			m = moves[1+rng.IntN(len(moves)-1)]
			for _, c := range moves {
				if c.Action == engine.Attack && rng.IntN(3) > 0 {
					m = c
					break
				}
			}
		}
		if k, ok := m.Action.Card(); ok {
			kept[mover][k]--
			cards++
		}
		code, out, errOut = run(append([]string{"companion", "blades"}, typed(p, m)...)...)
		require.Zero(t, code, "%v: %s", typed(p, m), errOut)
		commands++
		real := replayed(t, "blades-1").Pos
		if seen, ok := tableView(t, out, kept[real.Turn()]); ok {
			require.Equal(t, strings.Fields(real.String())[1], strings.Fields(seen.String())[1], "the printed board is the board")
			require.Equal(t, real.Turn(), seen.Turn())
		}
	}
	end := gameOver.FindStringSubmatch(out)
	turns, _ := strconv.Atoi(end[1])
	require.Equal(t, commands, turns, "one command per turn")
	require.Greater(t, turns, 60, "a whole game")
	require.Positive(t, cards)
	require.Contains(t, out, "Game over: ")
	t.Logf("%d turns in %d commands, %d cards played", turns, commands, cards)
}
