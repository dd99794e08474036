package bots

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	"github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// TestScorpionStepsGoThroughDoors: neighbours through a door are one step
// apart; neighbours behind a wall are more (the way round through doors),
// and no zone is out of reach, as the map promises.
func TestScorpionStepsGoThroughDoors(t *testing.T) {
	d := scorpionData
	walls := 0
	for _, z := range d.Map.Zones {
		i := scorpionH.index[z.ID]
		for _, n := range d.Neighbours(z.ID) {
			got := scorpionH.apart[i][scorpionH.index[n]]
			if d.Wall(z.ID, n) {
				require.Greater(t, got, 1, "%s to %s over a wall", z.ID, n)
				walls++
			} else {
				require.Equal(t, 1, got, "%s to %s through a door", z.ID, n)
			}
		}
		for j, got := range scorpionH.apart[i] {
			require.Less(t, got, scorpionOffBoard, "%s to %s", z.ID, scorpionH.ids[j])
		}
	}
	require.Positive(t, walls)
}

// TestScorpionWatchedZonesCostMore: a sober guard in a zone makes the way
// through it scorpionWatched steps longer, a rope makes a wall one step.
func TestScorpionWatchedZonesCostMore(t *testing.T) {
	d := scorpionData
	a, b := "", ""
	for _, z := range d.Map.Zones {
		for _, n := range d.Neighbours(z.ID) {
			if d.Wall(z.ID, n) && a == "" {
				a, b = z.ID, n
			}
		}
	}
	ia, ib := scorpionH.index[a], scorpionH.index[b]
	empty := sketched(scorpion.View{})
	require.Greater(t, route(empty, ia)[ib], 1)
	roped := sketched(scorpion.View{Ropes: [][2]string{{a, b}}})
	require.Equal(t, 1, route(roped, ia)[ib])
	require.Equal(t, 1, route(roped, ib)[ia], "a rope is crossed either way")
	watched := sketched(scorpion.View{Guards: []scorpion.GuardView{{Zone: b}}, Ropes: [][2]string{{a, b}}})
	require.Equal(t, 1+scorpionWatched, route(watched, ia)[ib])
	drunk := sketched(scorpion.View{Guards: []scorpion.GuardView{{Zone: b, Drunk: true}}, Ropes: [][2]string{{a, b}}})
	require.Equal(t, 1, route(drunk, ia)[ib], "a drunk guard watches nothing")
}

// TestScorpionTourShortensAsZonesAreRuledOut: from each hiding zone, the
// walk through the others is never longer once that zone is ruled out
// (searching where he stands never looks like a step back).
func TestScorpionTourShortensAsZonesAreRuledOut(t *testing.T) {
	empty := sketched(scorpion.View{})
	left := slices.Clone(scorpionH.hide)
	for i, hide := range scorpionH.hide {
		if !hide {
			continue
		}
		from := route(empty, i)
		all, _ := scorpionH.tour(new(scorpionWork), empty, from, slices.Clone(left))
		left[i] = false
		fewer, _ := scorpionH.tour(new(scorpionWork), empty, from, slices.Clone(left))
		require.LessOrEqual(t, fewer, all, "ruling out %s", scorpionH.ids[i])
		left[i] = true
	}
}

// TestScorpionTourLegsGoRoundGuards: with sober guards about, the walk
// from a zone is the steps to the nearest zone left and the walk on from
// there, so stepping onto that zone is never a step back (legs counted
// on an empty board made an intruder beside his objective wait for a
// guard beyond it to leave).
func TestScorpionTourLegsGoRoundGuards(t *testing.T) {
	h := scorpionH
	r := rand.New(rand.NewPCG(4, 4))
	checked := 0
	for range 20 {
		var v scorpion.View
		for range 6 {
			v.Guards = append(v.Guards, scorpion.GuardView{Zone: h.ids[r.IntN(len(h.ids))]})
		}
		w := sketchWork(v)
		b := h.board(w)
		for i, hide := range h.hide {
			if !hide {
				continue
			}
			left := slices.Clone(h.hide)
			left[i] = false
			from := route(b, i)
			_, j := nearest(from, h.hideAt, left)
			all, _ := h.tour(new(scorpionWork), b, from, slices.Clone(left))
			left[j] = false
			rest, _ := h.tour(new(scorpionWork), b, route(b, j), left)
			require.Equal(t, from[j]+rest, all, "from %s by %s, guards %v", h.ids[i], h.ids[j], v.Guards)
			checked++
		}
	}
	require.Equal(t, 20*h.hides, checked)
}

// TestScorpionRowsKeptPerBoard: one work rating on many boards in turn,
// more than it keeps rows for, reads every row as a fresh search of that
// board finds it.
func TestScorpionRowsKeptPerBoard(t *testing.T) {
	h := scorpionH
	r := rand.New(rand.NewPCG(5, 5))
	var boards []scorpionBoard
	for range rowSets + 3 {
		var v scorpion.View
		for range 8 {
			v.Guards = append(v.Guards, scorpion.GuardView{Zone: h.ids[r.IntN(len(h.ids))]})
		}
		b := h.board(sketchWork(v))
		boards = append(boards, scorpionBoard{watched: slices.Clone(b.watched)})
	}
	w := new(scorpionWork)
	for range 400 {
		b, at := boards[r.IntN(len(boards))], r.IntN(len(h.ids))
		require.Equal(t, route(b, at), h.row(w, b, at))
	}
}

// TestScorpionSearchNeedsAMove: a search takes a zone moved into or out
// of this turn, so an intruder standing on the zone his partner found his
// objective in, not having moved, is a step from it, and none once he has
// moved out (or in).
func TestScorpionSearchNeedsAMove(t *testing.T) {
	h := scorpionH
	home := h.ids[slices.Index(h.hide, true)]
	next := h.ids[h.doors[h.index[home]][0]]
	steps := func(zone string, visited ...string) int {
		in := scorpion.IntruderView{Name: "ninja", Zone: zone, Mission: "C", Visited: visited}
		w := sketchWork(scorpion.View{Found: map[string]string{home: "C"}, Intruders: []scorpion.IntruderView{in}})
		n, _, _ := h.goal(w, h.board(w), w.k.Intruders[0])
		return n
	}
	require.Equal(t, 1, steps(home), "standing still on it")
	require.Equal(t, 0, steps(next, home, next), "moved out of it")
	require.Equal(t, 0, steps(home, next, home), "moved into it")
	require.Equal(t, 1, steps(next), "a step away")
}

// TestScorpionFindingTheMissionIsAGain: the way out is counted while the
// mission is open, so the search that completes it rates as a gain even
// deep in a castle late in the game (it rated as a loss, and the intruder
// never searched the zone of his objective).
func TestScorpionFindingTheMissionIsAGain(t *testing.T) {
	h := scorpionH
	deep, most := "", -1
	for i, id := range h.ids {
		if h.hide[i] && h.out[i] > most {
			deep, most = id, h.out[i]
		}
	}
	for _, turn := range []int{2, 10, 17} {
		tally := func(found bool) float64 {
			in := scorpion.IntruderView{Name: "ninja", Zone: deep, Mission: "C", Done: found, Visited: []string{deep}}
			v := scorpion.View{Intruders: []scorpion.IntruderView{in}}
			if found {
				v.Found = map[string]string{deep: "C"}
			}
			w := sketchWork(v)
			w.k.Turn = turn
			t, _ := h.tally(w)
			return t
		}
		require.Greater(t, tally(true), tally(false), "turn %d", turn)
	}
}

// TestScorpionADrawIsTalliedAsItStands: a draw is not a flat 0, so an
// intruder whose partner is dead for good takes his mission off the map
// rather than staying on it to the end.
func TestScorpionADrawIsTalliedAsItStands(t *testing.T) {
	h := scorpionH
	edge := h.ids[slices.Index(h.edge, true)]
	dead := scorpion.IntruderView{Name: "traitor", Mission: "B", Dead: true}
	staying := sketchWork(scorpion.View{Intruders: []scorpion.IntruderView{{Name: "ninja", Zone: edge, Mission: "A", Done: true}, dead}})
	left := sketchWork(scorpion.View{Intruders: []scorpion.IntruderView{{Name: "ninja", Mission: "A", Done: true, Gone: true}, dead}})
	left.k.Over, left.k.Outcome = true, scorpion.Draw
	for _, w := range []*scorpionWork{staying, left} {
		w.k.Turn = 12
	}
	stay, _ := h.tally(staying)
	out, _ := h.tally(left)
	require.Greater(t, out, stay)
	left.k.Outcome = scorpion.IntrudersWin
	won, _ := h.tally(left)
	require.Greater(t, won, out)
}

// TestScorpionLateStepsWeighMore: a done intruder whose one way out is
// held by a sober guard may wait for it to move early on, but late in the
// game walking in on the guard (seen, the alert at High) rates above
// waiting, before the turns left are too few to get out.
func TestScorpionLateStepsWeighMore(t *testing.T) {
	h := scorpionH
	// A castle zone with a single door out of the castle.
	var inner, door string
	for i, id := range h.ids {
		if !strings.HasPrefix(id, "C") {
			continue
		}
		for _, j := range h.doors[i] {
			if !strings.HasPrefix(h.ids[j], "C") {
				inner, door = id, h.ids[j]
			}
		}
	}
	require.NotEmpty(t, door)
	tally := func(turn int, zone string, seen bool, alert int) float64 {
		in := scorpion.IntruderView{Name: "ninja", Zone: zone, Mission: "A", Done: true, Revealed: seen}
		w := sketchWork(scorpion.View{Guards: []scorpion.GuardView{{Zone: door}}, Intruders: []scorpion.IntruderView{in}})
		w.k.Turn, w.k.Alert = turn, alert
		t, _ := h.tally(w)
		return t
	}
	require.Greater(t, tally(4, inner, false, 0), tally(4, door, true, 3), "early: waiting")
	late := 0
	for turn := 4; turn <= h.turns; turn++ {
		if tally(turn, door, true, 3) > tally(turn, inner, false, 0) {
			late = turn
			break
		}
	}
	require.NotZero(t, late, "never forced")
	require.GreaterOrEqual(t, 3*(h.turns-late+1), h.out[h.index[door]]+1, "forced at turn %d, too late to get out", late)
}

// TestScorpionIntrudersSearchBeforeEndingTheMove plays random games until
// an intruder has passed through a hiding zone no search has ruled out:
// easy rates searching it above ending his move without a search, unless
// the draw he rates on puts a trap or a hidden sentry there (the routes
// go round the sentry a search would wake).
func TestScorpionIntrudersSearchBeforeEndingTheMove(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	checked := 0
	for seed := range uint64(30) {
		s := scorpionState(t, 1, seed)
		var buf []scorpion.Play
		for !s.Over() && checked < 5 {
			seat := s.ToAct(nil)[0]
			buf = s.Actions(seat, buf[:0])
			role, _ := s.Role(seat)
			if z := openVisited(s, role); z != "" && slices.Contains(buf, "done") && slices.Contains(buf, scorpion.Play("search "+z)) && !harmful(s.Redraw(seat), z) {
				sc := scorpionH.Score(s, seat, []scorpion.Play{"done", scorpion.Play("search " + z)}, nil)
				require.Greater(t, sc[1], sc[0], "the %s passed through %s", role, z)
				checked++
			}
			require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
		}
	}
	require.Equal(t, 5, checked, "too few random games passed an open hiding zone")
}

// harmful reports whether zone z holds a trap or a hidden sentry in s.
func harmful(s *scorpion.State, z string) bool {
	var k scorpion.Sketch
	s.Sketch(&k)
	what := k.Hidden[scorpionH.index[z]]
	return what == "trap" || what == "sentry"
}

// openVisited is a hiding zone role, an intruder whose mission is not
// done, moved through this turn and no search has ruled out.
func openVisited(s *scorpion.State, role scorpion.Role) string {
	if role.Side() != scorpion.Intruders {
		return ""
	}
	v := s.Game().View(scorpion.RoleModerator)
	in := v.Intruders[role-scorpion.RoleNinja]
	if in.Done || v.Question != "" {
		return ""
	}
	for _, z := range in.Visited {
		if i, ok := scorpionH.index[z]; ok && scorpionH.hide[i] && v.Found[z] == "" && !s.Searched(z) {
			return z
		}
	}
	return ""
}

// TestScorpionEasyIntrudersBeatRandomGuards: the intruders' heuristic
// plays with purpose; easy intruders win at least half of a dozen games
// (a sample of 8) against a random guard (before the door-walking,
// tour-rating heuristic they won one game in eight).
func TestScorpionEasyIntrudersBeatRandomGuards(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a dozen whole games")
	}
	wins := 0
	games := sweep.Count(t, 8, 12)
	for seed := range uint64(games) {
		s := scorpionState(t, 1, seed)
		seats := []*Bot[*scorpion.State, scorpion.Play]{
			New(scorpionH, Options{Level: Random, Seed: seed}),
			New(scorpionH, Options{Level: Easy, Seed: seed + 100}),
			New(scorpionH, Options{Level: Easy, Seed: seed + 200}),
		}
		for !s.Over() {
			seat := s.ToAct(nil)[0]
			d, err := seats[seat].Choose(ViewOf(s, seat))
			require.NoError(t, err)
			require.NoError(t, s.Act(rules.Seat(seat), d.Action))
		}
		if _, o := s.Game().Over(); o == scorpion.IntrudersWin {
			wins++
		}
	}
	require.GreaterOrEqual(t, wins, games/2, "easy intruders won %d of %d", wins, games)
}

// TestScorpionGuardsHunt: the guards' hunt grows as a sober guard comes
// nearer an intruder (a drunk one counts for nothing), and a guard on the
// zone of an intruder's objective, hidden or found already, counts too,
// while his mission is not done. Only the guards read it.
func TestScorpionGuardsHunt(t *testing.T) {
	h := scorpionH
	// A hiding zone, a zone two steps from it and the path between.
	var home, far string
	for i, id := range h.ids {
		if !h.hide[i] {
			continue
		}
		for j, d := range h.apart[i] {
			if d == 2 && !h.hide[j] {
				home, far = id, h.ids[j]
			}
		}
		if far != "" {
			break
		}
	}
	require.NotEmpty(t, far)
	intruder := scorpion.IntruderView{Name: "ninja", Zone: home, Mission: "C"}
	hunt := func(guards []scorpion.GuardView, hidden, found map[string]string, in scorpion.IntruderView) float64 {
		w := sketchWork(scorpion.View{Guards: guards, Hidden: hidden, Found: found, Intruders: []scorpion.IntruderView{in}})
		return h.hunt(w, h.board(w))
	}
	require.Zero(t, hunt(nil, nil, nil, intruder))
	atFar := hunt([]scorpion.GuardView{{Zone: far}}, nil, nil, intruder)
	atHome := hunt([]scorpion.GuardView{{Zone: home}}, nil, nil, intruder)
	require.Equal(t, scorpionHunt[2], atFar)
	require.Equal(t, scorpionHunt[0], atHome)
	require.Greater(t, atHome, atFar)
	require.Zero(t, hunt([]scorpion.GuardView{{Zone: home, Drunk: true}}, nil, nil, intruder), "a drunk guard hunts nobody")

	// The intruder stands far from his objective, at home.
	in := intruder
	in.Zone = far
	hidden := map[string]string{home: "C"}
	require.Equal(t, scorpionHunt[2]+scorpionCamp, hunt([]scorpion.GuardView{{Zone: home}}, hidden, nil, in))
	require.Equal(t, scorpionHunt[2]+scorpionCamp, hunt([]scorpion.GuardView{{Zone: home}}, nil, hidden, in), "found already")
	require.Equal(t, scorpionHunt[2], hunt([]scorpion.GuardView{{Zone: home}}, map[string]string{home: "D"}, nil, in), "another objective")
	in.Done = true
	require.Equal(t, scorpionHunt[2], hunt([]scorpion.GuardView{{Zone: home}}, hidden, nil, in), "mission done")
	in.Gone = true
	require.Zero(t, hunt([]scorpion.GuardView{{Zone: home}}, hidden, nil, in), "gone")
}

// TestScorpionOnlyGuardsReadTheHunt: in a game under way, the guards'
// rating of a state is the intruders' tally less the hunt, the intruders'
// the tally alone (Value, the search's, is the same for both sides).
func TestScorpionOnlyGuardsReadTheHunt(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	s := scorpionState(t, 1, 7)
	var buf []scorpion.Play
	checked := 0
	for step := 0; !s.Over() && step < 300 && checked < 3; step++ {
		seat := s.ToAct(nil)[0]
		if s.Game().Phase() != scorpion.PhaseSetup {
			w := scorpionH.work()
			s.Sketch(&w.k)
			tally, hunt := scorpionH.tally(w)
			if hunt > 0 {
				guard := scorpionH.rate(w, s, scorpion.RoleGuard)
				ninja := scorpionH.rate(w, s, scorpion.RoleNinja)
				require.Equal(t, tally-hunt, guard)
				require.Equal(t, tally, ninja)
				checked++
			}
		}
		buf = s.Actions(seat, buf[:0])
		require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
	}
	require.Equal(t, 3, checked)
}

// sketchWork is a rating's work whose sketch holds what v says of the
// guards, the ropes, the passage, the objectives and the intruders (by
// zone id, as a test writes them).
func sketchWork(v scorpion.View) *scorpionWork {
	h := scorpionH
	w := h.work()
	w.k = scorpion.Sketch{Found: make([]string, len(h.ids)), Hidden: make([]string, len(h.ids)), Searched: make([]bool, len(h.ids))}
	zone := func(id string) int {
		if i, ok := h.index[id]; ok {
			return i
		}
		return scorpion.NoZone
	}
	for _, g := range v.Guards {
		w.k.Guards = append(w.k.Guards, scorpion.SketchGuard{Zone: zone(g.Zone), Drunk: g.Drunk})
	}
	for _, r := range v.Ropes {
		w.k.Ropes = append(w.k.Ropes, [2]int{zone(r[0]), zone(r[1])})
	}
	for _, e := range v.Passage {
		w.k.Passage = append(w.k.Passage, zone(e))
	}
	for z, what := range v.Found {
		w.k.Found[zone(z)] = what
	}
	for z, what := range v.Hidden {
		w.k.Hidden[zone(z)] = what
	}
	for i := range w.k.Intruders {
		w.k.Intruders[i].Zone = scorpion.NoZone
	}
	for i, in := range v.Intruders {
		w.k.Intruders[i] = scorpion.SketchIntruder{Zone: zone(in.Zone), Mission: in.Mission, Done: in.Done, Gone: in.Gone, Dead: in.Dead,
			Returning: in.Returning, Decoyed: in.Returning, Revealed: in.Revealed}
		for _, z := range in.Visited {
			w.k.Intruders[i].Visited = append(w.k.Intruders[i].Visited, zone(z))
		}
	}
	return w
}

// sketched is the board of a sketch holding what v says.
func sketched(v scorpion.View) scorpionBoard {
	return scorpionH.board(sketchWork(v))
}

// route is the steps from zone from to every zone on b.
func route(b scorpionBoard, from int) []int {
	d, _ := scorpionH.dists(b, []scorpionFrom{{from, 0}}, make([]int, len(scorpionH.ids)), nil)
	return d
}

// TestScorpionValueIsTheChanceOfEachGettingOut: a cut-off is valued at the
// chance of the ninja getting out plus the traitor's, less one, the same
// for both sides but the sign: one out and one dead for good is exactly a
// draw, a decoy coming back is worth more than a death for good, the
// second intruder's way out counts once the first is out, the chance
// falls as the turns run out and as a sober guard closes in.
func TestScorpionValueIsTheChanceOfEachGettingOut(t *testing.T) {
	h := scorpionH
	var edge, deep string
	most := -1
	for i, id := range h.ids {
		d, _ := nearest(h.apart[i], h.edgeAt, h.edge)
		if d == 1 && edge == "" {
			edge = id
		}
		if d > most {
			deep, most = id, d
		}
	}
	require.NotEmpty(t, edge)
	require.Greater(t, most, 3)
	first := scorpion.IntruderView{Name: "ninja", Mission: "A", Done: true, Gone: true}
	value := func(turn int, second scorpion.IntruderView, guards ...string) float64 {
		v := scorpion.View{Intruders: []scorpion.IntruderView{first, second}}
		for _, z := range guards {
			v.Guards = append(v.Guards, scorpion.GuardView{Zone: z})
		}
		w := sketchWork(v)
		w.k.Turn = turn
		return h.outlook(w)
	}
	dead := value(12, scorpion.IntruderView{Name: "traitor", Mission: "B", Dead: true})
	require.Zero(t, dead, "one out, the other dead for good: a draw")
	decoy := value(5, scorpion.IntruderView{Name: "traitor", Mission: "B", Dead: true, Returning: true})
	require.Greater(t, decoy, dead+0.05, "a decoy comes back")
	near := value(8, scorpion.IntruderView{Name: "traitor", Zone: edge, Mission: "B", Done: true})
	far := value(8, scorpion.IntruderView{Name: "traitor", Zone: deep, Mission: "B", Done: true})
	require.Less(t, near, 1.0)
	require.Greater(t, near-far, 0.02, "the second's way out counts: %v near, %v far", near, far)
	late := value(18, scorpion.IntruderView{Name: "traitor", Zone: deep, Mission: "B", Done: true})
	require.Less(t, late, far-0.05, "time runs out")
	hunted := value(8, scorpion.IntruderView{Name: "traitor", Zone: deep, Mission: "B", Done: true}, deep)
	require.Less(t, hunted, far-0.02, "a guard in his zone")
	// Still looking, the nearer the hiding zones still open, the likelier
	// out: three times the fitted weight of a step, so the search tells
	// one way from another.
	var castle, outside string
	for i, id := range h.ids {
		if h.hide[i] && castle == "" {
			castle = id
		}
		if h.edge[i] {
			outside = id
		}
	}
	in := value(8, scorpion.IntruderView{Name: "traitor", Zone: castle, Mission: "B"})
	out := value(8, scorpion.IntruderView{Name: "traitor", Zone: outside, Mission: "B"})
	require.Greater(t, in-out, 0.02, "looking: %v in a castle, %v outside", in, out)
	require.Equal(t, -0.8, scorpionOdds[4])
	both := scorpion.View{Intruders: []scorpion.IntruderView{first, first}}
	require.Equal(t, 1.0, h.outlook(sketchWork(both)))
}

// TestScorpionValueIsZeroSum: at every step of a game the guards' value
// of a cut-off is the intruders' with the sign turned, and lies in [-1, 1].
func TestScorpionValueIsZeroSum(t *testing.T) {
	s := scorpionState(t, 1, 5)
	r := rand.New(rand.NewPCG(5, 5))
	var buf []scorpion.Play
	steps := 0
	for ; !s.Over() && steps < 400; steps++ {
		v := scorpionH.Value(s, nil)
		require.Len(t, v, 3)
		require.Equal(t, v[1], v[2])
		require.Equal(t, -v[1], v[0])
		require.LessOrEqual(t, math.Abs(v[0]), 1.0)
		seat := s.ToAct(nil)[0]
		buf = s.Actions(seat, buf[:0])
		require.NoError(t, s.Act(seat, buf[r.IntN(len(buf))]))
	}
	require.Greater(t, steps, 50)
}
