package squad

import (
	"math/rand/v2"
	"strconv"

	"github.com/ninjakit/ninjakit/rules"
)

// runGuard carries out the Guard Phase from g.gstep, stopping where the
// table must report a card. Raid: 1 patrols (reported), 2 tracker, 3 a guard
// per lantern, 4 Alarm cards for exposed ninjas, 5 Senjutsu cards for cubes,
// 6 first-player token, 7 deck rotation, 8 end. Escape, in the book's order:
// 1 patrols, 2 a guard per exposed ninja, 3 deck rotation, 4 token.
func (g *Game) runGuard() {
	for {
		if !g.drain() {
			return
		}
		step := g.gstep
		g.gstep++
		g.note(Event{Kind: EventGuardStep, N: step})
		if g.mode == Raid {
			g.raidStep(step)
		} else {
			g.escapeStep(step)
		}
		if g.result != Playing || g.stage == StageMove {
			return
		}
	}
}

func (g *Game) raidStep(step int) {
	switch step {
	case 2:
		g.moveTracker(g.d.Setup.PhaseAlarm)
	case 3:
		n := 0
		for i := range g.seats {
			n += g.seats[i].Lanterns
		}
		g.addGuards(n)
	case 4:
		g.each(func(s rules.Seat, p *player) {
			if p.Exposed {
				g.pending = append(g.pending, pending{AlarmPile, s})
			}
		})
	case 5:
		g.each(func(s rules.Seat, p *player) {
			for range p.Cubes {
				g.pending = append(g.pending, pending{SenjutsuPile, s})
			}
		})
	case 6:
		g.passToken()
	case 7:
		g.rotate()
	case 8:
		g.beginPhase()
	}
}

func (g *Game) escapeStep(step int) {
	switch step {
	case 2:
		n := 0
		for i := range g.seats {
			if g.seats[i].Exposed {
				n++
			}
		}
		g.addGuards(n)
	case 3:
		g.rotate()
	case 4:
		g.passToken()
		g.beginPhase()
	}
}

// each visits the seats in turn order from the first-player token, the
// order in which cards are dealt out at the Guard Phase (S-6).
func (g *Game) each(f func(rules.Seat, *player)) {
	for k := range len(g.seats) {
		s := g.first.Offset(k, len(g.seats))
		f(s, &g.seats[s])
	}
}

func (g *Game) addGuards(n int) {
	g.guards = n
	g.note(Event{Kind: EventGuards, N: n})
}

func (g *Game) passToken() {
	g.first = g.first.Next(len(g.seats))
	g.note(Event{Kind: EventToken, Seat: g.first})
}

func (g *Game) rotate() {
	decks, _ := Rotation(len(g.seats), g.phase+1)
	g.note(Event{Kind: EventRotate, N: g.phase + 1, Decks: decks})
}

// moveTracker moves the alarm tracker, never below 0 (S-9); reaching the
// target loses the raid at once, wherever in the Guard Phase (S-10).
func (g *Game) moveTracker(by int) {
	if by == 0 {
		return
	}
	was := g.alarm
	g.alarm = max(0, g.alarm+by)
	g.note(Event{Kind: EventTracker, N: g.alarm - was, Target: g.alarm})
	if g.alarm >= g.target {
		g.end(RaidLost, NoSeat)
	}
}

func (g *Game) end(r Result, winner rules.Seat) {
	g.result, g.winner, g.stage = r, winner, StageOver
	g.pending = nil
	g.note(Event{Kind: EventOver, Seat: winner})
}

// drain draws the owed cards; false while the table must report one or the
// game ended.
func (g *Game) drain() bool {
	for len(g.pending) > 0 {
		if g.result != Playing {
			return false
		}
		p := g.pending[0]
		if !g.refill(p.Pile) {
			g.note(Event{Kind: EventPileEmpty, Seat: p.Seat, Pile: p.Pile})
			g.popPending()
			continue
		}
		if g.draws == Physical {
			g.stage = StageDraw
			return false
		}
		g.popPending()
		g.give(p, g.pick(p.Pile))
	}
	return g.result == Playing
}

// refill turns a used-up pile's discards over (S-11); false when both are
// empty.
func (g *Game) refill(p Pile) bool {
	pl := &g.piles[p]
	if sum(pl.Draw) > 0 {
		return true
	}
	if sum(pl.Discard) == 0 {
		return false
	}
	pl.Draw, pl.Discard = pl.Discard, pl.Draw
	g.note(Event{Kind: EventReshuffle, Pile: p})
	return true
}

// pick draws a card from a digital pile. The generator is derived from the
// seed and the number of actions applied, so undoing an action and
// repeating it draws the same card.
func (g *Game) pick(p Pile) int {
	var buf [48]byte
	name := append(buf[:0], "squad "...)
	name = strconv.AppendInt(name, int64(g.step), 10)
	name = append(name, ' ')
	name = strconv.AppendInt(name, int64(len(g.events)), 10)
	n := g.rand(name).IntN(sum(g.piles[p].Draw))
	for k, c := range g.piles[p].Draw {
		if n < c {
			return k
		}
		n -= c
	}
	panic("unreachable: pile counts changed while drawing")
}

// rand is rules.NewRand(g.seed, string(name)), reseeding one generator the
// game keeps instead of making one a draw.
func (g *Game) rand(name []byte) *rand.Rand {
	h := uint64(14695981039346656037) // FNV-1a, as rules.NewRand hashes the name
	for _, c := range name {
		h ^= uint64(c)
		h *= 1099511628211
	}
	if g.rng == nil {
		g.pcg = new(rand.PCG)
		g.rng = rand.New(g.pcg)
	}
	g.pcg.Seed(g.seed, h)
	return g.rng
}

// popPending drops the first owed card, keeping the slice's start so the
// next card owed reuses its room.
func (g *Game) popPending() {
	g.pending = g.pending[:copy(g.pending, g.pending[1:])]
}

// give hands card k of a pile to the owed seat and applies an Alarm card.
func (g *Game) give(p pending, k int) {
	pl := &g.piles[p.Pile]
	pl.Draw[k]--
	card := g.cards(p.Pile)[k]
	g.note(Event{Kind: EventDrew, Seat: p.Seat, Pile: p.Pile, Card: card.Kind})
	s := &g.seats[p.Seat]
	switch p.Pile {
	case AlarmPile:
		pl.Discard[k]++
		switch card.Kind {
		case "careless-footstep":
			s.Footstep = true
		case "samurai-master":
			s.Missed++
		}
		g.moveTracker(card.Alarm)
	case SenjutsuPile:
		s.Senjutsu[k]++
	case BukiPile:
		s.Buki[k]++
	}
}
