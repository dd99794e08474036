package scorpion

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

func newState(t testing.TB, guards int, seed uint64) *State {
	g, err := New(dflt, guards, seed)
	require.NoError(t, err)
	return NewState(g)
}

// randomAct plays one uniformly random listed play of a random seat to
// act, and returns the seat.
func randomAct(t testing.TB, s *State, r *rand.Rand, buf []Play) []Play {
	to := s.ToAct(nil)
	require.NotEmpty(t, to)
	seat := to[r.IntN(len(to))]
	buf = s.Actions(seat, buf[:0])
	require.NotEmpty(t, buf, "seat %s has nothing to do: %s", seat, s.Observation(seat))
	p := buf[r.IntN(len(buf))]
	require.NoError(t, s.Act(seat, p), string(p))
	return buf
}

// truthKept checks the record is sound: every intruder on the board is at
// a pair the record allows (the moves of this turn in the intruders'
// phase, last turn's noise otherwise).
func truthKept(t *testing.T, s *State) {
	t.Helper()
	g := s.g
	if g.phase == PhaseSetup || g.phase == PhaseOver {
		return
	}
	for i := range g.in {
		in := &g.in[i]
		if !in.onBoard() {
			continue
		}
		m := in.Noise
		if g.phase == PhaseIntruders {
			m = in.Moves
		}
		l := s.logs[len(s.roles)-2].lines()
		require.True(t, s.k.at[i][m].has(s.b.index[in.Zone]), "the record lost the %s at %s, %d zone(s) moved (%s, turn %d)\n%v",
			Role(i)+RoleNinja, in.Zone, m, g.phase, g.turn, l[max(0, len(l)-12):])
	}
}

// checkDeterminized: seat sees the same and may do the same, and every
// count of the game is kept: figures, sleeping guards, hidden things,
// each guard player's cards of each kind, each intruder's cards, ropes.
func checkDeterminized(t *testing.T, s, d *State, seat rules.Seat) {
	t.Helper()
	require.Equal(t, s.Observation(seat), d.Observation(seat))
	require.Equal(t, s.Actions(seat, nil), d.Actions(seat, nil))
	a, b := s.g, d.g
	require.Equal(t, len(a.figs), len(b.figs))
	require.Equal(t, total(a.sleeping), total(b.sleeping))
	for z, n := range b.sleeping {
		require.LessOrEqual(t, n, dflt.Setup.SleepingPerBarracks, z)
	}
	count := func(h map[string]string) map[string]int {
		m := map[string]int{}
		for _, v := range h {
			m[v]++
		}
		return m
	}
	require.Equal(t, count(a.hidden), count(b.hidden))
	for z := range b.hidden {
		require.True(t, b.hideable(z), z)
	}
	for _, p := range a.guardRoles() {
		x, y := a.hands[p], b.hands[p]
		require.Equal(t, total(x.Hand), total(y.Hand))
		require.Equal(t, total(x.Drawn), total(y.Drawn))
		both := func(h *hand) map[string]int {
			m := minus(h.Hand, nil)
			for c, n := range h.Deck {
				m[c] += n
			}
			return minus(m, nil)
		}
		require.Equal(t, both(x), both(y))
		require.Equal(t, x.Discard, y.Discard)
		_, ok := fits(y.Drawn, y.Hand)
		require.True(t, ok, "drawn cards are in the hand")
	}
	for i := range a.in {
		x, y := &a.in[i], &b.in[i]
		require.Equal(t, total(x.Hand), total(y.Hand))
		if y.Hand != nil {
			_, ok := fits(y.Hand, pool(a.intruderCards(Role(i)+RoleNinja)))
			require.True(t, ok)
		}
		require.Equal(t, x.onBoard(), y.onBoard())
		if y.onBoard() {
			_, ok := dflt.Zone(y.Zone)
			require.True(t, ok || y.Zone == passageID, y.Zone)
		}
	}
	if a.in[0].Mission != "" && !a.in[0].Dead && !a.in[1].Dead {
		require.NotEqual(t, b.in[0].Mission, b.in[1].Mission)
	}
	require.Equal(t, len(a.ropes), len(b.ropes))
	if a.passage[0] != "" {
		require.NotEqual(t, b.passage[0], b.passage[1])
	}
}

// TestDeterminizeKeepsObservation plays random games with one and with
// two guard players and, at random points, determinizes for a random
// seat: the seat sees the same and may do the same, every count is kept,
// and the determinized game plays on to its end. After every step the
// record still holds where the intruders truly are.
func TestDeterminizeKeepsObservation(t *testing.T) {
	r := rules.NewRand(19, "scorpion-determinize")
	var buf []Play
	lost := recordLost.Load()
	seats := map[Role]int{}
	for game := range sweep.Count(t, 30, 500) {
		s := newState(t, 1+game%2, uint64(game))
		played := false
		for !s.Over() {
			truthKept(t, s)
			if r.IntN(10) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				role, _ := s.Role(seat)
				seats[role]++
				d := s.Determinize(seat, r)
				checkDeterminized(t, s, d, seat)
				if !played {
					played = true
					_, _, err := rules.RandomPlayout(d, r, nil, 1<<20)
					require.NoError(t, err)
					require.True(t, d.Over(), "the determinized game ends")
				}
			}
			buf = randomAct(t, s, r, buf)
		}
		require.Len(t, s.Returns(nil), s.Players())
	}
	require.Equal(t, lost, recordLost.Load(), "the record never lost an intruder")
	require.Len(t, seats, 5, "every role was determinized for: %v", seats)
}

// midGame is a random game played some steps past set-up.
func midGame(tb testing.TB, guards int, seed uint64, steps int) *State {
	s := newState(tb, guards, seed)
	r := rules.NewRand(seed, "scorpion-midgame")
	var buf []Play
	for range steps {
		if s.Over() {
			break
		}
		buf = randomAct(tb, s, r, buf)
	}
	return s
}

// TestDeterminizeVaries: two seeds draw different hidden states, for the
// guards (where the intruders stand) and for an intruder (where the
// objectives lie).
func TestDeterminizeVaries(t *testing.T) {
	s := midGame(t, 1, 5, 40)
	require.False(t, s.Over())
	for _, role := range []Role{RoleGuard, RoleNinja} {
		seat, _ := s.Seat(role)
		a := s.Determinize(seat, rand.New(rand.NewPCG(1, 1))).g.View(RoleModerator)
		b := s.Determinize(seat, rand.New(rand.NewPCG(2, 2))).g.View(RoleModerator)
		require.NotEqual(t, mustJSON(a), mustJSON(b), role.String())
	}
	// The guards' draw places the intruders: over many seeds, more than
	// one zone for the ninja.
	seat, _ := s.Seat(RoleGuard)
	r := rand.New(rand.NewPCG(3, 3))
	zones := map[string]bool{}
	for range 50 {
		zones[s.Determinize(seat, r).g.in[0].Zone] = true
	}
	require.Greater(t, len(zones), 1)
}

// TestNotationRoundTrip: every listed play reads back as itself, and is
// told in table words.
func TestNotationRoundTrip(t *testing.T) {
	r := rules.NewRand(4, "scorpion-notation")
	var buf []Play
	for game := range 4 {
		s := newState(t, 1+game%2, uint64(100+game))
		for step := 0; !s.Over() && step < 400; step++ {
			for _, seat := range s.ToAct(nil) {
				for _, p := range s.Actions(seat, nil) {
					back, err := s.ParseAction(seat, s.Notation(p))
					require.NoError(t, err)
					require.Equal(t, p, back)
					require.NotEmpty(t, s.Narrate(seat, p))
				}
			}
			buf = randomAct(t, s, r, buf)
		}
	}
	s := newState(t, 1, 1)
	_, err := s.ParseAction(0, "fly YA1")
	require.ErrorIs(t, err, rules.ErrNotation)
	require.ErrorIs(t, s.Act(9, "ready"), rules.ErrIllegal)
	require.ErrorIs(t, s.Act(0, "move YA1"), rules.ErrIllegal)
}

// TestSeatsAndReturns walks the fixed table game: seats are the roles, set-up
// is random and ready, the guards act in their phases and the intruders
// in theirs, and the returns follow the outcome.
func TestSeatsAndReturns(t *testing.T) {
	s := newState(t, 2, 3)
	require.Equal(t, 4, s.Players())
	require.Equal(t, []rules.Seat{0, 1, 2, 3}, s.ToAct(nil))
	require.Equal(t, []Play{"random"}, s.Actions(2, nil), "set-up is the random fill (E-6)")
	for _, seat := range []rules.Seat{0, 2, 3} {
		require.NoError(t, s.Act(seat, "random"))
		require.Equal(t, []Play{"ready"}, s.Actions(seat, nil))
		require.NoError(t, s.Act(seat, "ready"))
	}
	require.Equal(t, PhaseCards, s.g.phase)
	require.Equal(t, []rules.Seat{0, 1}, s.ToAct(nil), "sword and spear")
	require.Empty(t, s.Actions(2, nil), "not the ninja's phase")
	require.Equal(t, []float64{0, 0, 0, 0}, s.Returns(nil))

	s = NewState(table(t))
	require.Equal(t, "the guard plays Sentry Listen: the sentry at YA1 listens", s.Narrate(0, "listen YA1"),
		"the result waits on the traitor's answer")
	require.Equal(t, "the ninja: move OL2", s.Narrate(1, "move OL2"), "not the ninja's phase: the command as typed")
	g := table(t)
	toIntruders(t, g)
	require.Equal(t, "the ninja moves to OL2", NewState(g).Narrate(1, "move OL2"))
	for _, out := range []struct {
		o    Outcome
		want []float64
	}{{GuardsWin, []float64{1, -1, -1}}, {IntrudersWin, []float64{-1, 1, 1}}, {Draw, []float64{0, 0, 0}}} {
		c := s.Clone()
		c.g.phase, c.g.outcome = PhaseOver, out.o
		require.Empty(t, c.ToAct(nil))
		require.Equal(t, out.want, c.Returns(nil), out.o.String())
	}
}

// TestRecordFromListens: on the table game a listen that hears nothing
// drops from the guards' draw every place within the intruders' noise,
// and a search puts the searcher near the zone searched.
func TestRecordFromListens(t *testing.T) {
	g := table(t)
	s := NewState(g)
	s.k = s.b.initial(s.g)
	s.k.at[0] = [4]zset{{}, s.b.ninja}
	s.g.in[0].Noise = 1
	s.k.at[1] = [4]zset{single(s.b.index["YA3"])}
	// The traitor stands still (noise 0): a listen next to him hears
	// nothing, and it says nothing of him.
	seat, _ := s.Seat(RoleGuard)
	require.NoError(t, s.Act(seat, "listen YA1"))
	require.NoError(t, s.Act(2, "pass"))
	require.True(t, s.k.at[1][0].has(s.b.index["YA3"]))
	for _, z := range s.b.ids {
		if s.k.at[0][1].has(s.b.index[z]) {
			d := s.b.dist[s.b.index["YA1"]][s.b.index[z]]
			require.True(t, d < 0 || d > 1, "%s is within a zone of YA1, which heard nothing", z)
		}
	}
}

func BenchmarkClone(b *testing.B) {
	s := midGame(b, 1, 7, 60)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Clone()
	}
}

func BenchmarkActions(b *testing.B) {
	s := midGame(b, 1, 7, 60)
	for s.g.phase != PhaseCards && !s.Over() {
		randomAct(b, s, rules.NewRand(1, "bench"), nil)
	}
	seat := s.ToAct(nil)[0]
	buf := make([]Play, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.Actions(seat, buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "plays")
}

func BenchmarkPlayout(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Play, 0, 1024)
	moves, seed := 0, uint64(0)
	for b.Loop() {
		seed++
		s := newState(b, 1, seed)
		n, out, err := rules.RandomPlayout(s, r, buf, 1<<20)
		if err != nil {
			b.Fatal(err)
		}
		buf, moves = out, moves+n
	}
	b.ReportMetric(float64(moves)/float64(b.N), "plays/game")
}

func BenchmarkDeterminize(b *testing.B) {
	s := midGame(b, 1, 7, 60)
	r := rand.New(rand.NewPCG(3, 4))
	for _, role := range []Role{RoleGuard, RoleNinja} {
		seat, _ := s.Seat(role)
		b.Run(role.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = s.Determinize(seat, r)
			}
		})
	}
}

// TestDeterminizeReadsOnlyTheSeatsShare: a determinization depends on
// what the seat may know and the seed alone. A twin of the game that the
// seat cannot tell apart (itself a determinization) gives exactly the same
// draw with the same seed, for every role, at random points of random
// games: the twin-session test, on the engine.
func TestDeterminizeReadsOnlyTheSeatsShare(t *testing.T) {
	r := rules.NewRand(23, "scorpion-twins")
	var buf []Play
	for game := range sweep.Count(t, 12, 200) {
		s := newState(t, 1+game%2, uint64(1000+game))
		for !s.Over() {
			if r.IntN(6) == 0 {
				seat := rules.Seat(r.IntN(s.Players()))
				twin := s.Determinize(seat, r)
				seed := r.Uint64()
				a := s.Determinize(seat, rand.New(rand.NewPCG(seed, 1)))
				b := twin.Determinize(seat, rand.New(rand.NewPCG(seed, 1)))
				require.Equal(t, mustJSON(a.g.View(RoleModerator)), mustJSON(b.g.View(RoleModerator)))
				require.Equal(t, a.g.src, b.g.src)
				require.Equal(t, a.g.pending, b.g.pending)
			}
			buf = randomAct(t, s, r, buf)
		}
	}
}

// TestHiddenDrawUniform: to an intruder who searched CA1 and CA3 and
// found nothing, objective A is equally likely in every inner castle zone
// without a post that was not searched (chi-square at the 0.1% level).
func TestHiddenDrawUniform(t *testing.T) {
	s := NewState(table(t))
	searched := []string{"CA1", "CA3"}
	for _, z := range searched {
		s.k.searched.add(s.b.index[z])
		for w, v := range s.g.hidden {
			if w == z {
				// Move what the table game hid there elsewhere, as a
				// search that found nothing says.
				delete(s.g.hidden, w)
				for _, free := range s.b.ids {
					if _, used := s.g.hidden[free]; s.g.hideable(free) && !used && free != "CA1" && free != "CA3" {
						s.g.hidden[free] = v
						break
					}
				}
			}
		}
	}
	seat, _ := s.Seat(RoleNinja)
	r := rand.New(rand.NewPCG(9, 9))
	const n = 20000
	at := map[string]int{}
	for range n {
		d := s.Determinize(seat, r)
		for z, v := range d.g.hidden {
			if v == "A" {
				at[z]++
			}
		}
	}
	want := s.b.hide.size() - len(searched)
	require.Len(t, at, want)
	for _, z := range searched {
		require.Zero(t, at[z], "%s was searched and held nothing", z)
	}
	chiSquareUniform(t, at, n)
}

// chiSquareUniform fails when counts are too far from uniform for a
// chi-square test at the 0.1% level (Wilson-Hilferty's critical value).
func chiSquareUniform[K comparable](t *testing.T, counts map[K]int, n int) {
	t.Helper()
	want := float64(n) / float64(len(counts))
	stat := 0.0
	for _, c := range counts {
		stat += (float64(c) - want) * (float64(c) - want) / want
	}
	df := float64(len(counts) - 1)
	crit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
	require.Less(t, stat, crit, "chi-square %.1f over %d categories", stat, len(counts))
}

// TestStartDrawUniform: before the intruders' first move the guards know
// only the start rules, so the ninja is equally likely on every edge zone
// without an awake guard, and the traitor on every such yard zone.
func TestStartDrawUniform(t *testing.T) {
	s := newState(t, 1, 8)
	for _, seat := range []rules.Seat{0, 1, 2} {
		require.NoError(t, s.Act(seat, "random"))
		require.NoError(t, s.Act(seat, "ready"))
	}
	require.Equal(t, PhaseCards, s.g.phase)
	seat, _ := s.Seat(RoleGuard)
	calm := s.b.ninja.without(s.awakeZones())
	r := rand.New(rand.NewPCG(5, 5))
	const n = 10000
	at := map[string]int{}
	for range n {
		d := s.Determinize(seat, r)
		require.Zero(t, d.g.in[0].Noise, "nobody has moved")
		at[d.g.in[0].Zone]++
	}
	require.Len(t, at, calm.size())
	for z := range at {
		require.True(t, calm.has(s.b.index[z]), z)
	}
	chiSquareUniform(t, at, n)
}

// TestSearchedIsTheEmptySearches: Searched holds exactly the zones some
// search found nothing in, in random games.
func TestSearchedIsTheEmptySearches(t *testing.T) {
	r := rules.NewRand(5, "searched")
	seen := 0
	for seed := range uint64(8) {
		s := newState(t, 1+int(seed%2), seed)
		empty := map[string]bool{}
		var buf []Play
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			buf = s.Actions(seat, buf[:0])
			p := buf[r.IntN(len(buf))]
			require.NoError(t, s.Act(seat, p))
			a, err := ParseAction(string(p))
			require.NoError(t, err)
			if role, _ := s.Role(seat); a.Verb == "search" && role.Side() == Intruders && s.g.phase != PhaseSetup {
				for _, z := range a.Args {
					if s.g.found[z] == "" {
						empty[z] = true
					}
				}
			}
			for _, z := range s.b.ids {
				require.Equal(t, empty[z], s.Searched(z), "seed %d, zone %s", seed, z)
			}
		}
		seen += len(empty)
	}
	require.Positive(t, seen)
}

// TestRedrawIsAFixedDetermination: Redraw is a determinization for the
// seat (the seat sees the same), the same for the same state, and it
// leaves the state as it was; for the guards it does redraw the hidden
// intruders somewhere in the games sampled.
func TestRedrawIsAFixedDetermination(t *testing.T) {
	differ := 0
	for seed := range uint64(6) {
		s := midGame(t, 1+int(seed%2), seed, 80)
		before, err := s.g.Snapshot()
		require.NoError(t, err)
		for seat := range rules.Seat(s.Players()) {
			a, b := s.Redraw(seat), s.Redraw(seat)
			require.Equal(t, s.Observation(seat), a.Observation(seat))
			ja, err := a.g.Snapshot()
			require.NoError(t, err)
			jb, err := b.g.Snapshot()
			require.NoError(t, err)
			require.Equal(t, string(ja), string(jb), "seed %d, seat %s", seed, seat)
			if r, _ := s.Role(seat); r.Side() == Guards && a.g.in[0].Zone != s.g.in[0].Zone {
				differ++
			}
		}
		after, err := s.g.Snapshot()
		require.NoError(t, err)
		require.Equal(t, string(before), string(after))
	}
	require.Positive(t, differ, "no redraw moved a hidden intruder: the test would prove nothing")
}
