package knights

import (
	"math/rand/v2"

	"github.com/ninjakit/ninjakit/rules"
)

// Determinize deals the cards seat has not seen (ruling E-5). The unseen
// cards are the deck less everything face up, seat's own hand, the cards
// shown to a Herald that seat saw, the draft card it is deciding on, and the
// cards it knows another seat holds (Known). Those known cards stay with
// their seat; the unseen ones are dealt to the hidden places: the other
// hands (and the cards they showed a Herald out of seat's sight), the draw
// pile and the duel draft pile, so every way of placing the unseen physical
// cards is equally likely, except that since a reshuffle the draw pile
// holds only cards of the discards it was shuffled from (pickPile draws its
// kinds first, with the weights that keep the whole deal uniform among the
// ways that fit). Every other seat's knowledge of the
// redealt hands is dropped (it described the true hands), and the copy gets
// its own random source from r, for its shuffles and Merchant picks to come.
func (s *State) Determinize(seat rules.Seat, r *rand.Rand) *State {
	c, box := s.cloneBox()
	g := c.g
	// A source of the copy's own, drawn from r: a search must not follow
	// the real game's into its next shuffles.
	box.pcg = *rand.NewPCG(r.Uint64(), r.Uint64())
	box.rng = *rand.New(&box.pcg)
	g.rng = &box.rng
	if g.phase == PhaseOver {
		return c
	}
	var pool [numCards]int
	for _, k := range Cards {
		pool[k] = g.spec.deckCount(k, g.n)
	}
	for _, k := range g.deck.Discard {
		pool[k]--
	}
	for _, f := range g.forts {
		pool[f.Castle]--
		pool[f.Archer]--
		pool[f.Minstrel]--
	}
	if g.ladder {
		pool[Ladder]--
	}
	for _, p := range g.atk {
		pool[p.Card]--
	}
	for _, k := range g.hands[seat] {
		pool[k]--
	}
	for t := range g.shown {
		if s.seesShown(seat, rules.Seat(t)) {
			for _, p := range g.shown[t] {
				pool[p.Card]--
			}
		}
	}
	drafter := g.phase == PhaseDraft && g.turn == seat
	if drafter {
		pool[g.pile[len(g.pile)-1]]--
	}
	for t := range g.n {
		if rules.Seat(t) != seat {
			for k, n := range s.known[seat][t] {
				pool[k] -= int(n)
			}
		}
	}
	for _, k := range Cards {
		if pool[k] < 0 {
			panic("knights: determinize: more " + k.String() + " cards placed than the deck holds")
		}
	}
	// Since the last reshuffle the draw pile holds only cards of the
	// discards it was shuffled from: its kinds are drawn first, weighted
	// by the ways of choosing them among the unseen cards.
	piled := false
	if s.lotKnown {
		var pile [numCards]int
		if piled = pickPile(&pool, &s.lot, len(g.deck.Draw), &pile, r); piled {
			n := 0
			for _, k := range Cards {
				for range pile[k] {
					g.deck.Draw[n] = k
					n++
				}
				pool[k] -= pile[k]
			}
			shuffleCards(g.deck.Draw, r)
		}
	}
	var deal [128]Card
	n := 0
	for _, k := range Cards {
		for range pool[k] {
			deal[n] = k
			n++
		}
	}
	shuffleCards(deal[:n], r)
	next := 0
	for t := range g.n {
		ts := rules.Seat(t)
		if ts == seat {
			continue
		}
		var mine [128]Card
		m := 0
		for k, cnt := range s.known[seat][t] {
			for range cnt {
				mine[m] = Card(k)
				m++
			}
		}
		hidden := len(g.hands[t])
		shown := 0
		if len(g.shown) > 0 && !s.seesShown(seat, ts) {
			shown = len(g.shown[t])
		}
		for m < hidden+shown {
			mine[m] = deal[next]
			m, next = m+1, next+1
		}
		// The cards shown out of seat's sight are any of the seat's hidden
		// cards, known ones included.
		for i := range shown {
			j := i + r.IntN(m-i)
			mine[i], mine[j] = mine[j], mine[i]
		}
		if shown > 0 {
			sortCards(mine[:shown])
			for i := range shown {
				g.shown[t][i] = Plain(mine[i])
			}
		}
		sortCards(mine[shown:m])
		copy(g.hands[t], mine[shown:m])
		g.recount(ts)
	}
	top := len(g.pile)
	if drafter {
		top--
	}
	next += copy(g.pile[:top], deal[next:n])
	if !piled {
		next += copy(g.deck.Draw, deal[next:n])
	}
	if next != n {
		panic("knights: determinize: the unseen cards do not fill the hidden places")
	}
	for o := range g.n {
		if rules.Seat(o) == seat {
			continue
		}
		for t := range g.n {
			if rules.Seat(t) != seat {
				c.known[o][t] = [numCards]uint8{}
			}
		}
	}
	return c
}

// pickPile draws the kinds of a draw pile of size cards from pool, at most
// lot of each, each choice weighted by its ways of taking physical cards
// (a product of binomials over kinds). It reports false, leaving pile
// alone, when lot does not bind (a plain deal is the same draw) or when no
// pile fits.
func pickPile(pool *[numCards]int, lot *[numCards]uint8, size int, pile *[numCards]int, r *rand.Rand) bool {
	var most [numCards]int
	binds := false
	for _, k := range Cards {
		most[k] = min(pool[k], int(lot[k]))
		binds = binds || most[k] < pool[k]
	}
	if !binds || size == 0 {
		return false
	}
	// ways[i][m]: the ways of filling m places with kinds Cards[i:].
	var ways [numCards + 1][128]float64
	last := len(Cards)
	ways[last][0] = 1
	for i := last - 1; i >= 0; i-- {
		k := Cards[i]
		for m := 0; m <= size; m++ {
			sum := 0.0
			for j := 0; j <= most[k] && j <= m; j++ {
				sum += binomials[pool[k]][j] * ways[i+1][m-j]
			}
			ways[i][m] = sum
		}
	}
	if ways[0][size] == 0 {
		return false
	}
	m := size
	for i, k := range Cards {
		x := r.Float64() * ways[i][m]
		j := 0
		for ; j < most[k] && j < m; j++ {
			w := binomials[pool[k]][j] * ways[i+1][m-j]
			if x < w {
				break
			}
			x -= w
		}
		for j > 0 && ways[i+1][m-j] == 0 {
			j--
		}
		pile[k] = j
		m -= j
	}
	return m == 0
}

// binomials[n][k] is n choose k, for the copies of one kind.
var binomials = func() (t [32][32]float64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

func shuffleCards(cs []Card, r *rand.Rand) {
	for i := len(cs) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// seesShown reports whether seat o sees the cards t showed to a Herald: the
// Herald's player and the seat that showed them do (K36).
func (s *State) seesShown(o, t rules.Seat) bool { return o == s.g.turn || o == t }

// sortCards sorts a few cards in place, canonical order, without
// allocating.
func sortCards(cs []Card) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// witness is what knowledge updates need of the game before an action.
type witness struct {
	phase Phase
	turn  rules.Seat
	from  rules.Seat // whose hand the action's cards leave
	atk   [numCards]uint8
	hand  [numCards]uint8 // the turn player's hand
	// The cards each seat showed a Herald, at most two (a duel's).
	shown  [maxSeats][2]Card
	nshown [maxSeats]uint8
	top    Card
	// What was face up in front of the players and in the discard pile,
	// which only a reshuffle needs, so it is counted only then: the forts
	// and Ladder copied, the discards as the pile's slice (an action only
	// appends to the pile, and a reshuffle leaves its old array alone).
	forts   [maxSeats]Fort
	ladder  bool
	discard []Card
}

// table counts what w's game had face up in front of the players, as
// Game.table did then.
func (w *witness) table() (v [numCards]uint8) {
	for _, f := range w.forts {
		v[f.Castle]++
		v[f.Archer]++
		v[f.Minstrel]++
	}
	if w.ladder {
		v[Ladder]++
	}
	for k, n := range w.atk {
		v[k] += n
	}
	for t, n := range w.nshown {
		for _, c := range w.shown[t][:n] {
			v[c]++
		}
	}
	v[Unknown] = 0
	return v
}

// shownBy counts the cards t showed a Herald.
func (w *witness) shownBy(t rules.Seat) (v [numCards]uint8) {
	for _, c := range w.shown[t][:w.nshown[t]] {
		v[c]++
	}
	return v
}

// table counts the cards face up in front of the players.
func (g *Game) table() (v [numCards]uint8) {
	for _, f := range g.forts {
		v[f.Castle]++
		v[f.Archer]++
		v[f.Minstrel]++
	}
	if g.ladder {
		v[Ladder]++
	}
	for _, p := range g.atk {
		v[p.Card]++
	}
	for _, ps := range g.shown {
		for _, p := range ps {
			v[p.Card]++
		}
	}
	v[Unknown] = 0
	return v
}

func (s *State) before(a Action, w *witness) {
	g := s.g
	w.phase, w.turn, w.from, w.top = g.phase, g.turn, g.ToAct(), Unknown
	switch {
	case a.typ == ActRespond:
		w.from = a.seat
	case g.phase == PhaseShow:
		w.from = g.nextShower()
	}
	for _, p := range g.atk {
		w.atk[p.Card]++
	}
	if a.typ == ActSpecial { // only a Merchant's catch reads it
		w.hand = s.counts(g.turn)
	}
	for t, ps := range g.shown {
		for i, p := range ps {
			w.shown[t][i] = p.Card
		}
		w.nshown[t] = uint8(len(ps))
	}
	if g.phase == PhaseDraft && len(g.pile) > 0 {
		w.top = g.pile[len(g.pile)-1]
	}
	copy(w.forts[:], g.forts)
	w.ladder = g.ladder
	w.discard = g.deck.Discard
}

// reshuffled notes the discard pile that a applied to the game w
// describes shuffled into the new draw pile, if it did. Drawing is the last
// thing an action does, so nothing is discarded after the shuffle and that
// pile is the discards before the action and every card the action put
// there: the cards it took from the table or played from a hand, less those
// still on the table and those the table gave back to a hand (a
// Princess's catch, a Minstrel's return, a Herald's shown cards).
func (s *State) reshuffled(a Action, w *witness) {
	g := s.g
	shuffles, size := 0, 0
	for _, e := range g.events {
		if e.Kind == EventReshuffle {
			shuffles++
			size = e.Cards
		}
	}
	if shuffles == 0 {
		return
	}
	s.lotKnown = false
	if shuffles > 1 || len(g.deck.Discard) > 0 {
		return
	}
	in := w.table()
	for _, c := range w.discard {
		in[c]++
	}
	switch a.typ {
	case ActAttack, ActFortify, ActRespond, ActSpecial, ActDiscard, ActShow:
		if !a.fort {
			for _, p := range a.plays {
				in[p.Card]++
			}
		}
	}
	var out [numCards]uint8
	switch {
	case a.typ == ActRespond && w.phase == PhaseRespond && (a.plays[0].As == Princess || a.plays[0].As == Minstrel):
		out = w.atk
	case a.typ == ActTake:
		for t, n := range w.nshown {
			for _, c := range w.shown[t][:n] {
				out[c]++
			}
		}
	}
	after := g.table()
	total := 0
	for k := range in {
		left := int(in[k]) - int(out[k]) - int(after[k])
		if left < 0 {
			return
		}
		s.lot[k] = uint8(left)
		total += left
	}
	s.lotKnown = total == size
}

// after updates known for what a, applied to the game w describes, let each
// seat see go into or out of a hand. Cards played face up leave their
// hand for everyone; cards that change hands out of sight are known to the
// two seats concerned, and everyone else forgets as many of the giver's
// known cards as left it (they cannot tell which).
func (s *State) after(a Action, w *witness) {
	g := s.g
	var cards [numCards]uint8
	for _, p := range a.plays {
		cards[p.Card]++
	}
	total := uint8(len(a.plays))
	s.reshuffled(a, w)
	everyone := func(t rules.Seat, f func(o rules.Seat)) {
		for o := range g.n {
			if rules.Seat(o) != t {
				f(rules.Seat(o))
			}
		}
	}
	switch a.typ {
	case ActAttack:
		if !a.fort {
			everyone(w.from, func(o rules.Seat) { s.unpinPlays(o, w.from, a.plays) })
		}
	case ActFortify, ActDiscard:
		everyone(w.from, func(o rules.Seat) { s.unpinPlays(o, w.from, a.plays) })
	case ActRespond:
		everyone(w.from, func(o rules.Seat) { s.unpinPlays(o, w.from, a.plays) })
		if w.phase == PhaseRespond {
			switch a.plays[0].As {
			case Princess:
				everyone(w.from, func(o rules.Seat) { s.pin(o, w.from, &w.atk) })
			case Minstrel:
				everyone(w.turn, func(o rules.Seat) { s.pin(o, w.turn, &w.atk) })
			}
		}
	case ActSpecial:
		everyone(w.from, func(o rules.Seat) { s.unpinPlays(o, w.from, a.plays) })
		if a.plays[0].As == Merchant {
			// What the Merchant took: the turn player's hand now, less
			// the hand before without the Merchant card (the turn passed
			// to another seat, which drew, not this one).
			var took [numCards]uint8
			now := s.counts(w.turn)
			n := uint8(0)
			for k := range took {
				before := w.hand[k] - cards[k]
				if now[k] > before {
					took[k] = now[k] - before
					n += took[k]
				}
			}
			s.moved(w.turn, a.seat, &took, n)
		}
	case ActShow:
		s.unpinPlays(w.turn, w.from, a.plays)
	case ActTake:
		for t := range g.n {
			back := w.shownBy(rules.Seat(t))
			if rules.Seat(t) == a.seat {
				back[a.plays[0].Card]--
			}
			if rules.Seat(t) != w.turn {
				s.pin(w.turn, rules.Seat(t), &back)
			}
		}
		var took [numCards]uint8
		took[a.plays[0].Card] = 1
		s.pin(a.seat, w.turn, &took)
		everyone(w.turn, func(o rules.Seat) {
			if o != a.seat {
				s.forget(o, a.seat, 1)
			}
		})
	case ActPayCards:
		s.moved(w.turn, w.from, &cards, total)
	case ActGive:
		var gave [numCards]uint8
		gave[w.top] = 1
		s.pin(w.turn, g.rival(w.turn), &gave)
	}
}

// moved records n cards passing out of sight from giver to taker: both
// know them, everyone else forgets n of the giver's known cards.
func (s *State) moved(taker, giver rules.Seat, cards *[numCards]uint8, n uint8) {
	s.unpin(taker, giver, cards)
	s.pin(giver, taker, cards)
	for o := range s.g.n {
		if os := rules.Seat(o); os != taker && os != giver {
			s.forget(os, giver, n)
		}
	}
}

func (s *State) pin(o, t rules.Seat, cards *[numCards]uint8) {
	for k, n := range cards {
		s.known[o][t][k] += n
	}
}

func (s *State) unpin(o, t rules.Seat, cards *[numCards]uint8) {
	for k, n := range cards {
		s.known[o][t][k] -= min(n, s.known[o][t][k])
	}
}

// unpinPlays is unpin of the cards of plays, touching only their kinds.
func (s *State) unpinPlays(o, t rules.Seat, plays []Play) {
	k := &s.known[o][t]
	for _, p := range plays {
		if k[p.Card] > 0 {
			k[p.Card]--
		}
	}
}

func (s *State) forget(o, t rules.Seat, n uint8) {
	for k := range s.known[o][t] {
		s.known[o][t][k] -= min(n, s.known[o][t][k])
	}
}
