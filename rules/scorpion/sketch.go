package scorpion

// Sketch is the part of a game a bot's heuristic reads, as the moderator
// knows it (the moderator's View says the same in words), with zones as
// indexes into the map's zone list (data.Scorpion's Map.Zones, the secret
// passage one past its end, NoZone for none). A heuristic reads it for
// every play it rates, so State.Sketch fills one without copying the game
// and reuses the slices of the Sketch it is given.
type Sketch struct {
	Phase   Phase
	Turn    int
	Alert   int
	Over    bool
	Outcome Outcome
	// Asking: a question waits for an answer (View.Question).
	Asking bool
	Guards []SketchGuard
	// Ropes are the ropes over walls, each once, in no order.
	Ropes [][2]int
	// Passage are the secret passage's ends laid.
	Passage []int
	// Found and Hidden are by zone: what a search found there, what lies
	// there not found yet ("" for nothing).
	Found, Hidden []string
	// Searched is by zone: searched and found empty (State.Searched).
	Searched  []bool
	Intruders [2]SketchIntruder
}

// NoZone is a Sketch's zone for none.
const NoZone = -1

// SketchGuard is one guard figure.
type SketchGuard struct {
	Zone  int
	Drunk bool
}

// SketchIntruder is the ninja or the traitor (View's IntruderView).
type SketchIntruder struct {
	Zone     int
	Revealed bool
	Wounds   int
	Mission  string
	Done     bool
	Gone     bool
	Dead     bool
	// Returning: dead as a decoy, he comes back at his next intruder
	// phase (View's Returning). Decoyed: his one extra life is used or
	// pending, so a death from now on is for good.
	Returning bool
	Decoyed   bool
	// Visited are the zones moved into or out of this turn.
	Visited []int
}

// Sketch fills k with the game as the moderator knows it.
func (s *State) Sketch(k *Sketch) {
	g, b := s.g, s.b
	n := len(b.ids) - 1
	k.Phase, k.Turn, k.Alert = g.phase, g.turn, g.alert
	k.Over, k.Outcome = g.phase == PhaseOver, g.outcome
	k.Asking = len(g.pending) > 0
	k.Guards = k.Guards[:0]
	for _, f := range g.figs {
		k.Guards = append(k.Guards, SketchGuard{Zone: b.zone(f.Zone), Drunk: f.Drunk})
	}
	k.Ropes = k.Ropes[:0]
	for r := range g.ropes {
		k.Ropes = append(k.Ropes, [2]int{b.zone(r[0]), b.zone(r[1])})
	}
	k.Passage = k.Passage[:0]
	for _, e := range g.passage {
		if e != "" {
			k.Passage = append(k.Passage, b.zone(e))
		}
	}
	k.Found, k.Hidden, k.Searched = resize(k.Found, n), resize(k.Hidden, n), resize(k.Searched, n)
	for i := range n {
		k.Found[i], k.Hidden[i], k.Searched[i] = "", "", s.k.searched.has(i)
	}
	for z, w := range g.found {
		if i := b.zone(z); i >= 0 && i < n {
			k.Found[i] = w
		}
	}
	for z, w := range g.hidden {
		if i := b.zone(z); i >= 0 && i < n && g.found[z] == "" {
			k.Hidden[i] = w
		}
	}
	for i := range g.in {
		in, out := &g.in[i], &k.Intruders[i]
		out.Zone, out.Revealed, out.Wounds = b.zone(in.Zone), in.Revealed && in.onBoard(), in.Wounds
		out.Mission, out.Done, out.Gone, out.Dead = in.Mission, in.Done, in.Gone, in.Dead
		out.Returning, out.Decoyed = in.Return, in.Decoyed
		out.Visited = out.Visited[:0]
		for _, z := range in.Visited {
			out.Visited = append(out.Visited, b.zone(z))
		}
	}
}

// zone is the index of zone id, NoZone for "" or an unknown id.
func (b *board) zone(id string) int {
	if i, ok := b.index[id]; ok {
		return i
	}
	return NoZone
}

// resize is buf with length n, reusing its room.
func resize[T any](buf []T, n int) []T {
	if cap(buf) >= n {
		return buf[:n]
	}
	return make([]T, n)
}

// Phase is the phase being played (Game.Phase, without copying the game).
func (s *State) Phase() Phase { return s.g.phase }
