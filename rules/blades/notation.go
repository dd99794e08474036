package blades

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// String writes the position as one line of six space-separated fields:
//
//	3:RYB  RYB2Y.../...  1  0  hidden:BS2?,D,-  0,4,1
//
// players and seat colours in turn order (with 2 players "/X" names the
// common prey colour); board rows from the top, '/' between rows, a letter
// per ninja, a number for a run of empty cells, 'x' for a cell out of play;
// the seat to move; passes in succession; card mode and hands by seat ('?'
// after a hand still to choose from); prey ninjas eliminated by each seat.
func (p *Position) String() string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(p.players) + ":")
	for s := range p.players {
		sb.WriteByte(p.rules.Letter(p.seats[s]))
	}
	if p.players == 2 {
		sb.WriteString("/" + string(p.rules.Letter(p.target)))
	}
	sb.WriteByte(' ')
	b := p.board
	for r := b.Rows - 1; r >= 0; r-- {
		empty := 0
		flush := func() {
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
		}
		for c := range b.Cols {
			cell := Cell(r*b.Cols + c)
			switch q := p.cells[cell]; {
			case !b.inPlay[cell]:
				flush()
				sb.WriteByte('x')
			case q == 0:
				empty++
			default:
				flush()
				sb.WriteByte(p.rules.Letter(q.colour()))
			}
		}
		flush()
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	fmt.Fprintf(&sb, " %d %d %s", int(p.turn)+1, p.passes, p.cards)
	if p.cards != NoCards {
		sb.WriteByte(':')
		for s := range p.players {
			if s > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(p.hands[s].String())
			if p.chooses(Seat(s)) {
				sb.WriteByte('?')
			}
		}
	}
	sb.WriteByte(' ')
	for s := range p.players {
		if s > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(p.taken[s]))
	}
	return sb.String()
}

// ParsePosition reads a position written by String, checking that it could
// arise under the rules r: a known table, a board of the right shape, no more
// ninjas or cards than exist, and kept hands within the keep limit.
func ParsePosition(r *Rules, text string) (*Position, error) {
	pos, err := parsePosition(r, text)
	if err != nil {
		return nil, fmt.Errorf("%w: position: %w", rules.ErrNotation, err)
	}
	return pos, nil
}

func parsePosition(r *Rules, text string) (*Position, error) {
	f := strings.Fields(text)
	if len(f) != 6 {
		return nil, fmt.Errorf("needs 6 fields (table, board, turn, passes, cards, eliminated), found %d", len(f))
	}
	p := &Position{rules: r}
	if err := p.parseTable(f[0]); err != nil {
		return nil, err
	}
	if err := p.parseBoard(f[1]); err != nil {
		return nil, err
	}
	turn, err := strconv.Atoi(f[2])
	if err != nil || turn < 1 || turn > p.players {
		return nil, fmt.Errorf("turn %q: a seat from 1 to %d", f[2], p.players)
	}
	p.turn = Seat(turn - 1)
	if p.passes, err = strconv.Atoi(f[3]); err != nil || p.passes < 0 || p.passes > p.players {
		return nil, fmt.Errorf("passes %q: a number from 0 to %d", f[3], p.players)
	}
	if err := p.parseCards(f[4]); err != nil {
		return nil, err
	}
	taken := strings.Split(f[5], ",")
	if len(taken) != p.players {
		return nil, fmt.Errorf("eliminated %q: one count per seat", f[5])
	}
	for s, t := range taken {
		if p.taken[s], err = strconv.Atoi(t); err != nil || p.taken[s] < 0 || p.taken[s] > 2*r.Data.NinjasPerDojo {
			return nil, fmt.Errorf("eliminated %q: counts from 0 to %d", t, 2*r.Data.NinjasPerDojo)
		}
	}
	p.derive()
	return p, nil
}

func (p *Position) parseTable(s string) error {
	n, letters, ok := strings.Cut(s, ":")
	players, err := strconv.Atoi(n)
	if !ok || err != nil {
		return fmt.Errorf("table %q: write players and seat colours, like 3:RYB", s)
	}
	if err := CheckPlayers(players); err != nil {
		return err
	}
	p.players, p.board = players, p.rules.Board(players)
	letters, target, two := strings.Cut(letters, "/")
	if two != (players == 2) || len(letters) != players || two && len(target) != 1 {
		return fmt.Errorf("table %q: %d seat letters%s", s, players, map[bool]string{true: " and /common prey colour"}[players == 2])
	}
	palette := p.rules.Palette(players)
	used := map[Colour]bool{}
	all := letters + target
	for i := range len(all) {
		c := p.rules.colour(all[i])
		if !contains(palette, c) || used[c] {
			return fmt.Errorf("table %q: %q is not a free colour of this board", s, all[i])
		}
		used[c] = true
		if i < players {
			p.seats[i] = c
		} else {
			p.target = c
		}
	}
	return nil
}

func (p *Position) parseBoard(s string) error {
	b := p.board
	rows := strings.Split(s, "/")
	if len(rows) != b.Rows {
		return fmt.Errorf("board: %d rows, expected %d", len(rows), b.Rows)
	}
	var count [5]int
	for i, row := range rows {
		r, c := b.Rows-1-i, 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '1' && ch <= '9':
				k := j
				for k+1 < len(row) && row[k+1] >= '0' && row[k+1] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j : k+1])
				for range n {
					if c >= b.Cols || !b.inPlay[r*b.Cols+c] {
						return fmt.Errorf("board row %d: empty run goes past the in-play cells", r+1)
					}
					c++
				}
				j = k
			case ch == 'x':
				if c >= b.Cols || b.inPlay[r*b.Cols+c] {
					return fmt.Errorf("board row %d: 'x' where the cell is in play", r+1)
				}
				c++
			default:
				col := p.rules.colour(ch)
				if col == 255 || !p.playing(col) {
					return fmt.Errorf("board row %d: %q is no colour at this table", r+1, ch)
				}
				if c >= b.Cols || !b.inPlay[r*b.Cols+c] {
					return fmt.Errorf("board row %d: a ninja outside the in-play cells", r+1)
				}
				count[col]++
				p.cells[r*b.Cols+c] = square(col + 1)
				c++
			}
		}
		if c != b.Cols {
			return fmt.Errorf("board row %d: %d cells, expected %d", r+1, c, b.Cols)
		}
	}
	for col, n := range count {
		if n > p.rules.Data.NinjasPerDojo {
			return fmt.Errorf("board: %d %s ninjas, a dojo has %d", n, p.rules.Name(Colour(col)), p.rules.Data.NinjasPerDojo)
		}
	}
	return nil
}

func (p *Position) playing(c Colour) bool {
	if p.players == 2 && c == p.target {
		return true
	}
	for s := range p.players {
		if p.seats[s] == c {
			return true
		}
	}
	return false
}

func (p *Position) parseCards(s string) error {
	mode, hands, _ := strings.Cut(s, ":")
	var err error
	if p.cards, err = ParseCardMode(mode); err != nil {
		return err
	}
	if p.cards == NoCards {
		if hands != "" {
			return fmt.Errorf("cards %q: a game without cards has no hands", s)
		}
		return nil
	}
	list := strings.Split(hands, ",")
	if len(list) != p.players {
		return fmt.Errorf("cards %q: one hand per seat", s)
	}
	var total Hand
	for i, h := range list {
		h, choosing := strings.CutSuffix(h, "?")
		if choosing {
			p.choosing |= 1 << i
		}
		if p.hands[i], err = ParseHand(h); err != nil {
			return err
		}
		if p.choosing>>i&1 == 0 && p.rules.Price(p.hands[i]) > p.rules.KeepLimit {
			return fmt.Errorf("cards: seat %d keeps cards worth more than %d", i+1, p.rules.KeepLimit)
		}
		for k := range total {
			if int(total[k])+int(p.hands[i][k]) > p.rules.Counts[k] {
				return fmt.Errorf("cards: more %s cards than the deck has", Kind(k))
			}
			total[k] += p.hands[i][k]
		}
	}
	return nil
}
