// Package squad generates Ninja Squad deck splits: the 60 Movement cards
// shuffled and dealt into four decks of 12 with the rest set aside, the
// decks handed to the seats and the Interchange piles, the first player, and
// which deck every holder has in each Movement Phase as the decks pass
// clockwise at every Guard Phase.
//
// # Holders and rotation
//
// The four decks always have four holders. The players sit clockwise as
// seats 1..N; with fewer than four players the Interchange piles take the
// places after the last seat and before seat 1, so a deck leaving the last
// player goes to the first Interchange pile and one leaving the last pile
// goes to player 1. In phase 1 holder h holds deck h; at each Guard Phase
// every holder passes its deck to the next holder, so in phase p holder h
// holds deck (h-p+1) mod 4. See Rotation.
//
// # How many phases
//
// The Midnight Raid ends once the Alarm Tracker reaches the target. The
// tracker gains phaseAlarm (6) at every Guard Phase, and the only cards that
// pull it back are Senjutsu cards with a negative alarm (Perfect Hiding
// Place and Pocket Rocket, 6 spaces in all with the built-in data). The
// schedule covers every phase the raid can still be running: the smallest k
// with k*phaseAlarm - pullback >= target, which is 5 phases for 2 and 3
// players and 6 for 4. The Dawn Escape is a race with no clock, so its
// schedule covers EscapePhases phases, two full turns of the rotation;
// from then on it repeats every four phases. A full game deals twice, as
// the rulebook sets the escape up with a fresh shuffle, and its escape
// first player is whoever reached the palace first, so the sheet leaves
// that to the table.
//
// # Movement value and --balanced
//
// A card's movement value has three parts, read from its two routes with
// the arrow pointing the way of play:
//
//   - reach: the larger forward distance of the two routes (tiles forward
//     minus tiles back from the ninja's tile to the final tile);
//   - leaps: how many leap (J) steps the two routes hold together;
//   - side: how many of the two routes end off the ninja's column, a way to
//     step round a guard or a lantern.
//
// Its score is 2*reach + leaps + side, and a deck's figures are the sums
// over its 12 cards. A plain deal takes the shuffled cards twelve at a time.
// A balanced deal starts from the same shuffle, keeps the same 12 cards
// aside, then swaps cards between decks while a swap makes the decks' score
// spread (highest minus lowest) smaller, or leaves it and makes the summed
// spreads of reach, leaps and side smaller; each step takes the best swap,
// the first found on a tie, so the result depends on the seed alone.
package squad

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/generate"
	"github.com/ninjakit/ninjakit/rules"
)

// Decks is how many Movement decks are dealt and ride in the rotation.
const Decks = 4

// EscapePhases is how many Movement Phases an escape schedule lists.
const EscapePhases = 2 * Decks

// Mode is which part of the game a split is for.
type Mode uint8

// Modes: the cooperative Midnight Raid, the Dawn Escape race, or both in a
// row (a full game, dealt twice).
const (
	ModeRaid Mode = iota
	ModeEscape
	ModeFull
)

var modeNames = [...]string{"raid", "escape", "full"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode(%d)", uint8(m))
}

// ParseMode reads raid, escape or full.
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("--mode %q: choose raid, escape or full", s)
}

// Options choose a split.
type Options struct {
	Players  int
	Seed     uint64 // public: goes into the share code
	Balanced bool
	Mode     Mode
}

// Value is the movement value of a card or a deck (see the package doc).
type Value struct {
	Reach int `json:"reach"`
	Leaps int `json:"leaps"`
	Side  int `json:"side"`
	Score int `json:"score"`
}

func (v Value) add(o Value) Value {
	return Value{v.Reach + o.Reach, v.Leaps + o.Leaps, v.Side + o.Side, v.Score + o.Score}
}

func (v Value) sub(o Value) Value {
	return Value{v.Reach - o.Reach, v.Leaps - o.Leaps, v.Side - o.Side, v.Score - o.Score}
}

// CardValue works out a card's movement value from its routes.
func CardValue(c data.MovementCard) (Value, error) {
	var v Value
	for i, r := range c.Routes {
		steps, err := data.ParseRoute(r)
		if err != nil {
			return Value{}, fmt.Errorf("movement card %d: %w", c.Number, err)
		}
		x, y := 0, 0
		for _, st := range steps {
			n := 1
			if st[0] == 'J' {
				n, st = 2, st[1:]
				v.Leaps++
			}
			if strings.Contains(st, "F") {
				y += n
			}
			if strings.Contains(st, "B") {
				y -= n
			}
			if strings.Contains(st, "L") {
				x -= n
			}
			if strings.Contains(st, "R") {
				x += n
			}
		}
		if i == 0 || y > v.Reach {
			v.Reach = y
		}
		if x != 0 {
			v.Side++
		}
	}
	v.Score = 2*v.Reach + v.Leaps + v.Side
	return v, nil
}

// Deck is one dealt deck: its letter, card numbers in rising order and value.
type Deck struct {
	Name  string `json:"name"`
	Cards []int  `json:"cards"`
	Value Value  `json:"value"`
}

// Phase is who holds which deck in one Movement Phase. Seats and
// Interchange hold deck indexes (0 for deck A); First is the 0-based seat
// with the First Player token, -1 when the table decides.
type Phase struct {
	Number      int
	First       int
	Seats       []int
	Interchange []int
}

// Deal is one shuffle and deal: the raid's or the escape's.
type Deal struct {
	Part  Mode
	Decks []Deck
	Aside []int
	// First is the 0-based first seat, -1 for the escape of a full game,
	// where the first ninja to reach the palace starts.
	First  int
	Phases []Phase
	// Spread is the highest deck score minus the lowest.
	Spread int
}

// Setup is a generated split.
type Setup struct {
	Options
	Code        generate.Code
	Fingerprint string
	Deals       []Deal
}

// Variant bits in the share code: mode in bits 0-1, balanced in bit 2.
func (o Options) variant() uint8 {
	v := uint8(o.Mode)
	if o.Balanced {
		v |= 4
	}
	return v
}

// Generate builds the split for the options.
func Generate(d *data.Squad, o Options) (*Setup, error) {
	st := d.Setup
	switch {
	case o.Players < st.MinPlayers || o.Players > st.MaxPlayers || o.Players > Decks:
		return nil, fmt.Errorf("--players %d: Ninja Squad takes %d to %d players", o.Players, st.MinPlayers, min(st.MaxPlayers, Decks))
	case o.Seed > generate.MaxSeed:
		return nil, fmt.Errorf("seed %d is larger than %d", o.Seed, generate.MaxSeed)
	case o.Mode > ModeFull:
		return nil, errors.New("unknown mode")
	case st.Decks != Decks:
		return nil, fmt.Errorf("squad data deals %d decks; the rotation needs %d", st.Decks, Decks)
	}
	values := map[int]Value{}
	for _, c := range d.Movement {
		v, err := CardValue(c)
		if err != nil {
			return nil, err
		}
		values[c.Number] = v
	}
	s := &Setup{Options: o, Code: generate.Code{Game: generate.GameSquad, Players: o.Players, Variant: o.variant(), Seed: o.Seed}}
	first := rules.NewRand(o.Seed, "squad/first").IntN(o.Players)
	if o.Mode != ModeEscape {
		s.Deals = append(s.Deals, deal(d, values, o, ModeRaid, first, RaidPhases(d, o.Players)))
	}
	if o.Mode != ModeRaid {
		if o.Mode == ModeFull {
			first = -1
		}
		s.Deals = append(s.Deals, deal(d, values, o, ModeEscape, first, EscapePhases))
	}
	s.Fingerprint = generate.Fingerprint([]byte(s.canonical()))
	return s, nil
}

// canonical is the text the fingerprint words are made from.
func (s *Setup) canonical() string {
	var b strings.Builder
	fmt.Fprintf(&b, "squad players:%d mode:%s balanced:%t", s.Players, s.Mode, s.Balanced)
	for _, dl := range s.Deals {
		fmt.Fprintf(&b, " %s first:%d", dl.Part, dl.First)
		for _, dk := range dl.Decks {
			fmt.Fprintf(&b, " %s:%v", dk.Name, dk.Cards)
		}
		fmt.Fprintf(&b, " aside:%v", dl.Aside)
	}
	return b.String()
}

// RaidPhases is how many Movement Phases a raid can last (see the package
// doc), or EscapePhases when the data never moves the tracker.
func RaidPhases(d *data.Squad, players int) int {
	t, ok := d.Target(players)
	if !ok || d.Setup.PhaseAlarm <= 0 {
		return EscapePhases
	}
	pull := 0
	for _, c := range d.Senjutsu {
		if c.Alarm < 0 {
			pull -= c.Alarm * c.Count
		}
	}
	k := 1
	for k*d.Setup.PhaseAlarm-pull < t.Alarm {
		k++
	}
	return k
}

// Rotation says which deck (0 for deck A) each seat and each Interchange
// pile holds in Movement Phase phase (1 for the first) of a game with
// players players; see the package doc for the order. It returns nil, nil
// for a phase below 1 or players outside 1..Decks.
func Rotation(players, phase int) (seats []int, interchange []int) {
	if phase < 1 || players < 1 || players > Decks {
		return nil, nil
	}
	holders := make([]int, Decks)
	for h := range holders {
		holders[h] = ((h-phase+1)%Decks + Decks) % Decks
	}
	return holders[:players:players], holders[players:]
}

func deal(d *data.Squad, values map[int]Value, o Options, part Mode, first, phases int) Deal {
	rng := rules.NewRand(o.Seed, "squad/"+part.String())
	numbers := make([]int, len(d.Movement))
	for i, c := range d.Movement {
		numbers[i] = c.Number
	}
	rules.Shuffle(rng, numbers)
	size := d.Setup.DeckSize
	hands := make([][]int, Decks)
	for i := range hands {
		hands[i] = numbers[i*size : (i+1)*size]
	}
	if o.Balanced {
		balance(hands, values)
	}
	dl := Deal{Part: part, First: first, Aside: slices.Sorted(slices.Values(numbers[Decks*size:]))}
	lo, hi := 0, 0
	for i, h := range hands {
		dk := Deck{Name: string(rune('A' + i)), Cards: slices.Sorted(slices.Values(h))}
		for _, n := range h {
			dk.Value = dk.Value.add(values[n])
		}
		if i == 0 || dk.Value.Score < lo {
			lo = dk.Value.Score
		}
		if i == 0 || dk.Value.Score > hi {
			hi = dk.Value.Score
		}
		dl.Decks = append(dl.Decks, dk)
	}
	dl.Spread = hi - lo
	for p := 1; p <= phases; p++ {
		seats, inter := Rotation(o.Players, p)
		f := -1
		if first >= 0 {
			f = (first + p - 1) % o.Players
		}
		dl.Phases = append(dl.Phases, Phase{Number: p, First: f, Seats: seats, Interchange: inter})
	}
	return dl
}

// cost ranks a split for balance: the score spread first, then the summed
// spreads of the parts.
func cost(sums []Value) (int, int) {
	lo, hi := sums[0], sums[0]
	for _, v := range sums[1:] {
		lo = Value{min(lo.Reach, v.Reach), min(lo.Leaps, v.Leaps), min(lo.Side, v.Side), min(lo.Score, v.Score)}
		hi = Value{max(hi.Reach, v.Reach), max(hi.Leaps, v.Leaps), max(hi.Side, v.Side), max(hi.Score, v.Score)}
	}
	d := hi.sub(lo)
	return d.Score, d.Reach + d.Leaps + d.Side
}

// balance swaps cards between hands in place, best swap first, until no
// swap lowers the cost.
func balance(hands [][]int, values map[int]Value) {
	vals := make([][]Value, len(hands))
	sums := make([]Value, len(hands))
	for i, h := range hands {
		for _, n := range h {
			vals[i] = append(vals[i], values[n])
			sums[i] = sums[i].add(values[n])
		}
	}
	top, rest := cost(sums)
	for {
		type swap struct{ a, i, b, j int }
		var best *swap
		for a := range hands {
			for b := a + 1; b < len(hands); b++ {
				sa, sb := sums[a], sums[b]
				for i, x := range vals[a] {
					for j, y := range vals[b] {
						d := y.sub(x)
						if d == (Value{}) {
							continue
						}
						sums[a], sums[b] = sa.add(d), sb.sub(d)
						m, r := cost(sums)
						if m < top || m == top && r < rest {
							top, rest = m, r
							best = &swap{a, i, b, j}
						}
					}
				}
				sums[a], sums[b] = sa, sb
			}
		}
		if best == nil {
			return
		}
		a, i, b, j := best.a, best.i, best.b, best.j
		d := vals[b][j].sub(vals[a][i])
		sums[a], sums[b] = sums[a].add(d), sums[b].sub(d)
		hands[a][i], hands[b][j] = hands[b][j], hands[a][i]
		vals[a][i], vals[b][j] = vals[b][j], vals[a][i]
	}
}

// FromCode rebuilds the split a share code describes.
func FromCode(d *data.Squad, c generate.Code) (*Setup, error) {
	if c.Game != generate.GameSquad {
		return nil, fmt.Errorf("share code %s is for %s, not ninja squad", c, c.Game)
	}
	if c.Variant > 7 || Mode(c.Variant&3) > ModeFull {
		return nil, fmt.Errorf("share code %s: variant %d is not a Ninja Squad split this ninjakit knows", c, c.Variant)
	}
	if c.Players < d.Setup.MinPlayers || c.Players > min(d.Setup.MaxPlayers, Decks) {
		return nil, fmt.Errorf("share code %s: %d players, but Ninja Squad takes %d to %d", c, c.Players, d.Setup.MinPlayers, min(d.Setup.MaxPlayers, Decks))
	}
	return Generate(d, Options{Players: c.Players, Seed: c.Seed, Balanced: c.Variant&4 != 0, Mode: Mode(c.Variant & 3)})
}
