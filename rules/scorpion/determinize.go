package scorpion

import (
	"maps"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
)

// zset is a set of zones by board index; the secret passage is the index
// after the map's zones.
type zset [2]uint64

func (z zset) has(i int) bool      { return z[i>>6]&(1<<(i&63)) != 0 }
func (z *zset) add(i int)          { z[i>>6] |= 1 << (i & 63) }
func (z zset) or(o zset) zset      { return zset{z[0] | o[0], z[1] | o[1]} }
func (z zset) and(o zset) zset     { return zset{z[0] & o[0], z[1] & o[1]} }
func (z zset) without(o zset) zset { return zset{z[0] &^ o[0], z[1] &^ o[1]} }
func (z zset) empty() bool         { return z[0]|z[1] == 0 }
func (z zset) size() int           { return bits.OnesCount64(z[0]) + bits.OnesCount64(z[1]) }

// each calls f on every zone of the set, in index order.
func (z zset) each(f func(int)) {
	for w, b := range z {
		for ; b != 0; b &= b - 1 {
			f(w<<6 + bits.TrailingZeros64(b))
		}
	}
}

// nth is the set's i-th zone in index order.
func (z zset) nth(i int) int {
	for w, b := range z {
		if n := bits.OnesCount64(b); i >= n {
			i -= n
			continue
		}
		for range i {
			b &= b - 1
		}
		return w<<6 + bits.TrailingZeros64(b)
	}
	panic("nth past the end of a zone set")
}

// board is what the record needs of a map, worked out once per map:
// zones by index, neighbours with and without a wall between, distances
// (walls ignored, as a listen counts them) and the zone classes.
type board struct {
	ids      []string
	index    map[string]int
	passage  int
	near     []zset // neighbours, no wall between
	over     []zset // neighbours across a wall
	dist     [][]int8
	ninja    zset // where the ninja may start
	traitor  zset // where the traitor may start
	hide     zset // inner castle zones without a post
	open     zset // every zone but the moat's
	walls    [][2]string
	barracks []string
}

var boards sync.Map // *data.Scorpion to *board

func boardOf(d *data.Scorpion) *board {
	if b, ok := boards.Load(d); ok {
		return b.(*board)
	}
	b := &board{index: map[string]int{}}
	for i, z := range d.Map.Zones {
		b.ids = append(b.ids, z.ID)
		b.index[z.ID] = i
	}
	b.passage = len(b.ids)
	b.ids = append(b.ids, passageID)
	b.index[passageID] = b.passage
	n := len(d.Map.Zones)
	b.near, b.over = make([]zset, n+1), make([]zset, n+1)
	b.dist = make([][]int8, n+1)
	for i, z := range d.Map.Zones {
		for _, o := range d.Neighbours(z.ID) {
			j := b.index[o]
			if d.Wall(z.ID, o) {
				b.over[i].add(j)
				if z.ID < o {
					b.walls = append(b.walls, [2]string{z.ID, o})
				}
			} else {
				b.near[i].add(j)
			}
		}
		if z.Edge {
			b.ninja.add(i)
		}
		if z.Region == "yard" {
			b.traitor.add(i)
		}
		if strings.HasPrefix(z.Region, "castle") && !z.Post {
			b.hide.add(i)
		}
		if !z.Moat {
			b.open.add(i)
		}
		if z.Barracks {
			b.barracks = append(b.barracks, z.ID)
		}
	}
	for i := range n + 1 {
		b.dist[i] = make([]int8, n+1)
		for j := range b.dist[i] {
			b.dist[i][j] = -1
		}
		if i == n {
			continue
		}
		b.dist[i][i] = 0
		front := zset{}
		front.add(i)
		seen := front
		for d := int8(1); !front.empty(); d++ {
			var next zset
			front.each(func(z int) { next = next.or(b.near[z]).or(b.over[z]) })
			next = next.without(seen)
			next.each(func(z int) { b.dist[i][z] = d })
			seen = seen.or(next)
			front = next
		}
	}
	v, _ := boards.LoadOrStore(d, b)
	return v.(*board)
}

// heardFrom reports whether a listener at l hears an intruder at z who
// moved noise zones: within that many zones, never from the passage.
func (b *board) heardFrom(l, z, noise int) bool {
	d := b.dist[l][z]
	return noise > 0 && z != b.passage && l != b.passage && d >= 0 && int(d) <= noise
}

// record is the public record a determinization for the guards draws
// from, kept as actions are applied: for each intruder the (zone, zones
// moved) pairs he may be at (moved this turn in the intruders' phase,
// last turn's noise otherwise), the listeners that heard something this
// guard turn, the zones searched and found empty, the zones a guard ended
// a turn on (no hidden passage end there), the cards each intruder played
// in his present life, and the mission letters each has found without
// completing his mission. Arrays only, so a State copies it plainly.
type record struct {
	at       [2][4]zset
	heard    zset
	searched zset
	notEnd   zset
	spent    [2][8]uint8
	excluded [2]uint8
}

// initial is the record of a new game: the intruders anywhere they may
// start; past set-up, anywhere at all.
func (b *board) initial(g *Game) record {
	var k record
	if g.phase == PhaseSetup {
		k.at[0][0], k.at[1][0] = b.ninja, b.traitor
		return k
	}
	var all zset
	for i := range b.ids {
		all.add(i)
	}
	for i := range k.at {
		for m := range k.at[i] {
			k.at[i][m] = all
		}
	}
	return k
}

// snap is what learn compares against: the game as it was before an
// action, public facts only (the question waited on, -1 for none).
type snap struct {
	phase   Phase
	pending pendKind
	ret     [2]bool
	dead    [2]bool
	hand    [2]map[string]int
	figs    []figure
}

func (s *State) snapshot() snap {
	g := s.g
	sn := snap{phase: g.phase, pending: -1, figs: slices.Clone(g.figs)}
	if len(g.pending) > 0 {
		sn.pending = g.pending[0].Kind
	}
	for i := range g.in {
		in := &g.in[i]
		sn.ret[i], sn.dead[i], sn.hand[i] = in.Return, in.Dead, maps.Clone(in.Hand)
	}
	return sn
}

// learn adds what action a of r told the guards to the record. It reads
// only what is public: the events every role reads, the action of an
// intruder where it is announced (searches, cards), the revealed
// intruders, the guard figures, and the phase.
func (s *State) learn(before snap, r Role, a Action, ev []Event) {
	g, b, k := s.g, s.b, &s.k
	during := before.phase == PhaseIntruders
	// An intruder may have moved unseen before anything he did became
	// public: every pair he could reach is possible.
	if during {
		for i := range g.in {
			s.close(i)
		}
	}
	cat := slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == "cat" })
	for _, e := range ev {
		t, ok := e.For(RoleTable)
		if !ok {
			continue
		}
		switch {
		case e.Kind == "listen" && strings.HasPrefix(t, "the guards at "):
			l := b.index[strings.Fields(t)[3]]
			if strings.Contains(t, "hear something") {
				s.heardBy(l)
			} else if !cat {
				for i := range g.in {
					k.unheard(i, l, b)
				}
			}
		case e.Kind == "passage" && strings.HasSuffix(t, "leaves the secret passage"):
			i := 0
			if strings.HasPrefix(t, "the traitor") {
				i = 1
			}
			k.exit(i, b, g)
		}
	}
	if ri := int(r - RoleNinja); r.Side() == Intruders && g.phase != PhaseSetup && before.phase != PhaseSetup {
		in := &g.in[ri]
		switch a.Verb {
		case "search":
			for _, w := range a.Args {
				z := zoneWord(w)
				k.near(ri, b.index[z], b)
				switch f := g.found[z]; {
				case f == "":
					k.searched.add(b.index[z])
				case len(f) == 1 && !in.Done:
					k.excluded[ri] |= 1 << letterIndex(g, f)
				}
			}
		case "kenjutsu", "sake":
			if before.pending != pHidden && in.onBoard() {
				k.pin(ri, b.index[in.Zone])
			}
		case "shuriken":
			z := b.index[zoneWord(a.Args[0])]
			near := b.near[z]
			near.add(z)
			for m := range k.at[ri] {
				k.at[ri][m] = k.at[ri][m].and(near)
			}
		case "passage":
			if during && in.Zone == passageID {
				k.enter(ri, b)
			}
		}
		if in.Shuriken {
			k.at[ri][2], k.at[ri][3] = zset{}, zset{}
		}
	}
	for i := range g.in {
		in := &g.in[i]
		if before.ret[i] && !in.Return && in.onBoard() {
			k.at[i] = [4]zset{}
			k.at[i][0] = b.ninja
			if i == 1 {
				k.at[i][0] = b.traitor
			}
			k.spent[i], k.excluded[i] = [8]uint8{}, 0
			continue
		}
		if !before.dead[i] && !in.Dead && before.hand[i] != nil {
			for c, n := range before.hand[i] {
				if d := n - in.Hand[c]; d > 0 {
					k.spent[i][cardIndex(g, Role(i)+RoleNinja, c)] += uint8(d)
				}
			}
		}
		if in.onBoard() && in.Revealed {
			k.pin(i, b.index[in.Zone])
		}
	}
	if g.phase == PhaseSetup || g.phase == PhaseOver {
		return
	}
	// A guard who walks or wakes into a hidden intruder's zone reveals
	// him: where one went and nobody was revealed, nobody hides.
	entered := s.entered(before)
	for i := range g.in {
		if !g.in[i].Revealed {
			for m := range k.at[i] {
				k.at[i][m] = k.at[i][m].without(entered)
			}
		}
	}
	if !during && g.phase == PhaseIntruders {
		if s.track {
			s.bel = s.predict()
		}
		s.turnOver()
	}
}

// turnOver closes a guard turn: every zone a guard ended the turn in is
// no hidden passage end, the listens heard are about places left behind,
// and the intruders set out with no zones moved.
func (s *State) turnOver() {
	g, b, k := s.g, s.b, &s.k
	k.heard = zset{}
	for _, f := range g.figs {
		if !f.Drunk && f.Zone != passageID {
			k.notEnd.add(b.index[f.Zone])
		}
	}
	for i := range k.at {
		var all zset
		for _, z := range k.at[i] {
			all = all.or(z)
		}
		k.at[i] = [4]zset{all}
	}
}

// heardBy notes a listener at l that heard something: when only one
// intruder could be heard there, he is within its reach.
func (s *State) heardBy(l int) {
	g, b, k := s.g, s.b, &s.k
	k.heard.add(l)
	var who []int
	for i := range g.in {
		if g.in[i].onBoard() && k.mayBeHeard(i, l, b) {
			who = append(who, i)
		}
	}
	if len(who) != 1 {
		return
	}
	i := who[0]
	for m := range k.at[i] {
		k.at[i][m].each(func(z int) {
			if !b.heardFrom(l, z, m) {
				k.at[i][m] = k.at[i][m].without(single(z))
			}
		})
	}
}

func single(z int) zset {
	var s zset
	s.add(z)
	return s
}

func (k *record) mayBeHeard(i, l int, b *board) bool {
	for m, zs := range k.at[i] {
		hit := false
		zs.each(func(z int) { hit = hit || b.heardFrom(l, z, m) })
		if hit {
			return true
		}
	}
	return false
}

// unheard drops every pair of intruder i a listener at l would have
// heard.
func (k *record) unheard(i, l int, b *board) {
	for m := range k.at[i] {
		k.at[i][m].each(func(z int) {
			if b.heardFrom(l, z, m) {
				k.at[i][m] = k.at[i][m].without(single(z))
			}
		})
	}
}

// near keeps the pairs of intruder i within m zones of z, which he moved
// into or out of this turn (he searched it).
func (k *record) near(i, z int, b *board) {
	for m := range k.at[i] {
		k.at[i][m].each(func(x int) {
			// The passage's ends are no distance the record knows.
			if x == b.passage && m > 0 {
				return
			}
			if d := b.dist[z][x]; d < 0 || int(d) > m {
				k.at[i][m] = k.at[i][m].without(single(x))
			}
		})
	}
}

// pin keeps intruder i at z (seen there, or striking there); if the
// record had lost him there, every count of zones moved is possible.
func (k *record) pin(i, z int) {
	at := single(z)
	var out [4]zset
	lost := true
	for m := range k.at[i] {
		out[m] = k.at[i][m].and(at)
		lost = lost && out[m].empty()
	}
	if lost {
		recordLost.Add(1)
		out = [4]zset{at, at, at, at}
	}
	k.at[i] = out
}

// enter puts intruder i in the passage, one zone further.
func (k *record) enter(i int, b *board) {
	var out [4]zset
	for m := 1; m < 4; m++ {
		if !k.at[i][m-1].empty() {
			out[m].add(b.passage)
		}
	}
	k.at[i] = out
}

// exit takes intruder i out of the passage, one zone further, at a zone
// that may be one of its ends.
func (k *record) exit(i int, b *board, g *Game) {
	ends := b.open.without(k.notEnd)
	for j, e := range g.passage {
		if g.disc[j] {
			ends.add(b.index[e])
		}
	}
	var out [4]zset
	for m := 1; m < 4; m++ {
		if k.at[i][m-1].has(b.passage) {
			out[m] = ends
		}
	}
	k.at[i] = out
}

// close adds every pair intruder i reaches by moving on: a zone further
// per step while he may still move this turn, across a wall only while a
// rope may be his, never into or out of the passage (both are announced).
func (s *State) close(i int) {
	g, b, k := s.g, s.b, &s.k
	r := Role(i) + RoleNinja
	in := &g.in[i]
	if !g.acting(r) || in.Searched || in.Return {
		return
	}
	most := 3
	if in.Shuriken {
		most = 1
	}
	walls := s.mayClimb(i)
	for m := range most {
		var to zset
		k.at[i][m].each(func(z int) {
			if z == b.passage {
				return
			}
			to = to.or(b.near[z])
			if walls {
				to = to.or(b.over[z])
			}
		})
		k.at[i][m+1] = k.at[i][m+1].or(to)
	}
}

// mayClimb reports whether intruder i may cross a wall: a rope hangs
// somewhere, or one of his may still be in his hand.
func (s *State) mayClimb(i int) bool {
	g, k := s.g, &s.k
	r := Role(i) + RoleNinja
	return len(g.ropes) > 0 || total(g.in[i].Hand) > 0 && k.spent[i][cardIndex(g, r, cRope)] < uint8(poolOf(g, r)[cRope])
}

// entered is the zones a guard figure moved into since before, or woke
// in: a hidden sentry placed beside his finder is no such guard, for the
// finder may stay unseen there.
func (s *State) entered(before snap) zset {
	var z zset
	for _, f := range s.g.figs {
		i := slices.IndexFunc(before.figs, func(b figure) bool { return b.ID == f.ID })
		ok := i >= 0
		if ok && before.figs[i].Zone != f.Zone || !ok && before.pending != pHidden && before.phase != PhaseIntruders {
			z.add(s.b.index[f.Zone])
		}
	}
	return z
}

// awakeZones are the zones where an awake guard stands.
func (s *State) awakeZones() zset {
	var z zset
	for _, f := range s.g.figs {
		if !f.Drunk {
			z.add(s.b.index[f.Zone])
		}
	}
	return z
}

func letterIndex(g *Game, l string) int {
	return slices.IndexFunc(g.d.Missions, func(m data.Mission) bool { return m.Letter == l })
}

func cardIndex(g *Game, r Role, name string) int {
	return max(0, slices.IndexFunc(g.intruderCards(r), func(c cardKind) bool { return c.Name == name }))
}

func poolOf(g *Game, r Role) map[string]int { return pool(g.intruderCards(r)) }

// recordLost counts the times the record had lost an intruder it then
// saw: a defect the tests watch for, since a draw then rests on less.
var recordLost atomic.Int64

// Determinize draws what seat's role cannot know, as ruling E-6 says: for
// the guards, where the hidden intruders stand and how far they moved,
// their hands, missions, ropes and the undiscovered passage ends; for an
// intruder, the guards' hands, sleeping guards and unfound hidden things,
// and his partner's mission unless shown. The game's own random source
// is drawn afresh too, so no future draw is known.
func (s *State) Determinize(seat rules.Seat, r *rand.Rand) *State {
	return s.determinize(seat, r, nil)
}

// determinize is Determinize with the guards' draw of the intruders
// weighted by bel (nil: uniform). The copy keeps the belief, which is
// public (a twin the seat cannot tell apart holds the same), but makes
// none of its own: a search plays its samples on at no cost.
func (s *State) determinize(seat rules.Seat, r *rand.Rand, bel *belief) *State {
	c := s.Clone()
	c.track, c.likely = false, false
	role, ok := s.Role(seat)
	if !ok || s.g.phase == PhaseOver {
		return c
	}
	g := c.g
	g.src = *rand.NewPCG(r.Uint64(), r.Uint64())
	if role.Side() == Guards {
		c.drawIntruders(r, bel)
		c.drawIntruderHands(r)
		c.drawMissions(r, -1)
		c.drawRopes(r)
		c.drawPassage(r)
		g.placed[Intruders] = ""
		for i := range g.in {
			// Whether a mission was shown between the intruders is theirs.
			g.in[i].Shown = false
		}
		return c
	}
	if g.guardReady {
		c.drawGuardHands(r)
		c.drawSleeping(r)
		c.drawHidden(r)
		g.placed[Guards] = ""
	}
	c.drawMissions(r, int(role-RoleNinja))
	return c
}

// pair is one possible (zone, zones moved) of an intruder.
type pair struct{ z, m int }

// pairs lists intruder i's possible pairs with the zone in ok.
func (k *record) pairs(i int, ok zset) []pair {
	var out []pair
	for m, zs := range k.at[i] {
		zs.and(ok).each(func(z int) { out = append(out, pair{z, m}) })
	}
	return out
}

// drawIntruders places each intruder on the board at a pair of the
// record, uniformly (in proportion to bel's weights when bel is given),
// in no zone with an awake guard but the one he answers guards in (who
// that is, the guards cannot know: it is drawn too), again until every
// listener that heard something this turn hears one of them.
func (s *State) drawIntruders(r *rand.Rand, bel *belief) {
	g, b, k := s.g, s.b, &s.k
	var all zset
	for i := range b.ids {
		all.add(i)
	}
	calm := all
	if g.phase != PhaseSetup {
		calm = all.without(s.awakeZones())
	}
	var opts [2][]pair
	enc := -1
	if len(g.pending) > 0 && g.pending[0].Kind == pEncounter {
		var cand []int
		for i := range g.in {
			if g.in[i].onBoard() && g.acting(Role(i)+RoleNinja) && !g.in[i].Revealed && len(k.pairs(i, all.without(calm))) > 0 {
				cand = append(cand, i)
			}
		}
		if len(cand) > 0 {
			enc = cand[r.IntN(len(cand))]
		}
	}
	for i := range g.in {
		if !g.in[i].onBoard() {
			continue
		}
		switch {
		case i == enc:
			opts[i] = k.pairs(i, all.without(calm))
		case g.in[i].Revealed:
			opts[i] = k.pairs(i, all)
		default:
			if opts[i] = k.pairs(i, calm); len(opts[i]) == 0 {
				opts[i] = k.pairs(i, all)
			}
		}
	}
	var cum [2][]float64
	for i := range opts {
		cum[i] = s.cumulative(bel, i, opts[i])
	}
	var got [2]pair
	for try := 0; ; try++ {
		for i := range g.in {
			in := &g.in[i]
			if !in.onBoard() {
				continue
			}
			if len(opts[i]) == 0 {
				// The record lost him: he stays as he is.
				recordLost.Add(1)
				got[i] = pair{b.index[in.Zone], in.Noise + in.Moves}
				continue
			}
			got[i] = opts[i][pickWeighted(r, len(opts[i]), cum[i])]
		}
		if try >= 256 || s.allHeard(got) {
			break
		}
	}
	for i := range g.in {
		in := &g.in[i]
		if in.Return {
			// A returning intruder's start, once chosen, is his own; it
			// is drawn either way, so the draws that follow do not tell.
			start := b.ninja
			if i == 1 {
				start = b.traitor
			}
			if z := b.ids[start.nth(r.IntN(start.size()))]; in.Zone != "" {
				in.Zone = z
			}
		}
		if !in.onBoard() {
			continue
		}
		in.Zone, in.WalkZone = b.ids[got[i].z], ""
		in.Ended = in.Searched || in.Zone == passageID
		if g.phase == PhaseIntruders {
			in.Moves, in.Noise, in.Visited = got[i].m, 0, nil
			if got[i].m > 0 {
				in.Visited = []string{in.Zone}
			}
		} else {
			in.Moves, in.Noise, in.Visited = 0, got[i].m, nil
		}
	}
	if enc >= 0 {
		g.pending[0].Who, g.pending[0].Zone = Role(enc)+RoleNinja, g.in[enc].Zone
	}
	for i := range g.pending {
		if p := &g.pending[i]; p.Kind == pCat {
			p.Heard = false
			for j := range g.in {
				in := &g.in[j]
				p.Heard = p.Heard || in.onBoard() && b.heardFrom(b.index[p.Zone], b.index[in.Zone], in.Noise)
			}
		}
	}
	for i := range g.figs {
		f := &g.figs[i]
		f.WithTraitor = g.in[1].onBoard() && f.Zone == g.in[1].Zone
	}
}

// allHeard reports whether every listener that heard something this
// guard turn hears one of the intruders at got.
func (s *State) allHeard(got [2]pair) bool {
	g, b := s.g, s.b
	ok := true
	s.k.heard.each(func(l int) {
		hit := false
		for i := range g.in {
			hit = hit || g.in[i].onBoard() && b.heardFrom(l, got[i].z, got[i].m)
		}
		ok = ok && hit
	})
	return ok
}

// drawIntruderHands deals each intruder as many cards as he holds from
// the cards of his kind he has not played in this life.
func (s *State) drawIntruderHands(r *rand.Rand) {
	g := s.g
	for i := range g.in {
		in := &g.in[i]
		if in.Hand == nil {
			continue
		}
		role := Role(i) + RoleNinja
		left := poolOf(g, role)
		spent := map[string]int{}
		for j, c := range g.intruderCards(role) {
			if n := int(s.k.spent[i][j]); n > 0 {
				spent[c.Name] = n
				left[c.Name] = max(0, left[c.Name]-n)
			}
		}
		in.Hand, _ = split(r, left, total(in.Hand))
		in.Hand = minus(in.Hand, nil)
		in.Chosen = maps.Clone(in.Hand)
		for c, n := range spent {
			in.Chosen[c] += n
		}
	}
}

// drawMissions draws the missions the seat does not know: both
// intruders' for the guards (keep is -1), the partner's for an intruder
// (keep is his own index) unless it was shown to him. A mission done is
// known to all; a letter an intruder found without completing his
// mission is not his; the two differ.
func (s *State) drawMissions(r *rand.Rand, keep int) {
	g := s.g
	var draw [2]bool
	for i := range g.in {
		in := &g.in[i]
		draw[i] = i != keep && !in.Done && !(keep >= 0 && in.Shown)
	}
	for range 64 {
		var m [2]string
		for i := range g.in {
			m[i] = g.in[i].Mission
			if !draw[i] {
				continue
			}
			var ok []string
			for j, x := range g.d.Missions {
				if s.k.excluded[i]&(1<<j) == 0 {
					ok = append(ok, x.Letter)
				}
			}
			if len(ok) == 0 {
				return
			}
			m[i] = ok[r.IntN(len(ok))]
		}
		if m[0] != m[1] {
			g.in[0].Mission, g.in[1].Mission = m[0], m[1]
			return
		}
	}
}

// drawRopes hangs as many ropes as were played, on walls drawn uniformly.
func (s *State) drawRopes(r *rand.Rand) {
	g := s.g
	n := len(g.ropes)
	if n == 0 {
		return
	}
	walls := slices.Clone(s.b.walls)
	rules.Shuffle(r, walls)
	g.ropes = map[[2]string]bool{}
	for _, w := range walls[:n] {
		g.ropes[w] = true
	}
}

// drawPassage moves each undiscovered passage end to a zone drawn
// uniformly among those out of the moat where no guard has ended a turn,
// never onto the other end.
func (s *State) drawPassage(r *rand.Rand) {
	g, b := s.g, s.b
	if g.passage[0] == "" {
		return
	}
	ok := b.open.without(s.k.notEnd)
	for j, e := range g.passage {
		if g.disc[j] {
			ok = ok.without(single(b.index[e]))
		}
	}
	for j := range g.passage {
		if n := ok.size(); !g.disc[j] && n > 0 {
			z := ok.nth(r.IntN(n))
			g.passage[j] = b.ids[z]
			ok = ok.without(single(z))
		}
	}
}

// drawGuardHands splits each guard player's hand and draw deck again:
// the cards they hold together are known (the pile less the wounds and
// the discards), the hand keeps its size and the cards just drawn theirs.
func (s *State) drawGuardHands(r *rand.Rand) {
	for _, p := range s.g.guardRoles() {
		h := s.g.hands[p]
		both := maps.Clone(h.Hand)
		for c, n := range h.Deck {
			both[c] += n
		}
		drawn := total(h.Drawn)
		h.Hand, h.Deck = split(r, both, total(h.Hand))
		h.Hand = minus(h.Hand, nil)
		h.Drawn, _ = split(r, h.Hand, drawn)
		h.Drawn = minus(h.Drawn, nil)
	}
}

// drawSleeping lays the sleeping guards again, one at a time in a
// barracks drawn uniformly among those with room, as the random set-up
// lays them.
func (s *State) drawSleeping(r *rand.Rand) {
	g := s.g
	n := total(g.sleeping)
	g.sleeping = map[string]int{}
	for range n {
		var room []string
		for _, z := range s.b.barracks {
			if g.sleeping[z] < g.d.Setup.SleepingPerBarracks {
				room = append(room, z)
			}
		}
		g.sleeping[room[r.IntN(len(room))]]++
	}
}

// drawHidden hides the objectives, traps and sentries not yet found again,
// uniformly over the zones that may hold them and were not searched.
func (s *State) drawHidden(r *rand.Rand) {
	g, b := s.g, s.b
	ok := b.hide.without(s.k.searched)
	var items []string
	for z, v := range g.hidden {
		if g.found[z] == "" {
			items = append(items, v)
		} else {
			ok = ok.without(single(b.index[z]))
		}
	}
	// In a fixed order, so the draw does not depend on where they were.
	slices.Sort(items)
	for z := range g.found {
		ok = ok.without(single(b.index[z]))
	}
	if ok.size() < len(items) {
		return
	}
	for z := range g.hidden {
		if g.found[z] == "" {
			delete(g.hidden, z)
		}
	}
	var zones []string
	ok.each(func(z int) { zones = append(zones, b.ids[z]) })
	rules.Shuffle(r, zones)
	for i, it := range items {
		g.hidden[zones[i]] = it
	}
}
