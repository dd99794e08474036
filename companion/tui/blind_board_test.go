package tui

import (
	"encoding/json"
	"flag"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	engine "github.com/ninjakit/ninjakit/rules/blind"
	"github.com/stretchr/testify/require"
)

var blindSVG = flag.String("blind-svg", "", "TestBlindPicture writes a seat's grid to this file, to look at")

// combos is every order text the picture's controls can make, one option
// per ninja in ninja order, with whether the page lets it be confirmed.
func combos(o *Orders) map[string]bool {
	out := map[string]bool{}
	var walk func(i int, texts []string, moving []string)
	walk = func(i int, texts []string, moving []string) {
		if i == len(o.Pieces) {
			ok := true
			for _, c := range o.Clashes {
				ok = ok && !slices.Equal(c.Pieces, moving)
			}
			out[strings.Join(texts, " ")] = ok
			return
		}
		p := o.Pieces[i]
		for _, opt := range p.Options {
			m := moving
			if opt.Moves {
				m = append(slices.Clone(moving), p.ID)
			}
			walk(i+1, append(slices.Clone(texts), opt.Text), m)
		}
	}
	walk(0, nil, nil)
	return out
}

// dryRun gives text as v's action on a copy of the session: the session
// itself is untouched.
func dryRun(t *testing.T, src *memory, v Viewer, text string) error {
	t.Helper()
	s := src.s
	s.Events = slices.Clone(s.Events)
	g, err := NewBlind(&memory{s})
	require.NoError(t, err)
	_, err = g.Do(v, text)
	return err
}

// TestBlindOrdersAllAccepted plays random games of 2 to 4 players (4x8
// and 8x8): at every turn each order set the controls let a player
// confirm is taken by Do, and each one they hold back is refused by it
// (W-7: "no move may end on a square another of the player's ninjas
// keeps"). The picked squares of a start are taken too.
func TestBlindOrdersAllAccepted(t *testing.T) {
	first, sample := sweep.Count(t, 3, 8), sweep.Count(t, 20, 60)
	for _, players := range []int{2, 3, 4} {
		r := rand.New(rand.NewPCG(uint64(players), 7))
		g, src := blindGame(t, []string{"ann", "bob", "cy", "dee"}[:players]...)
		b := g.(*blind)
		confirmable, held, clash := 0, 0, ""
		for step := 0; step < 40 && b.t.Game.Stage() != engine.StageOver; step++ {
			at, ok := g.Waiting()
			require.True(t, ok)
			pic, err := b.Picture(at)
			require.NoError(t, err)
			if ch := pic.Choose; ch != nil {
				require.Equal(t, engine.StageStart, b.t.Game.Stage())
				require.Len(t, ch.Spots, 8)
				picked := slices.Clone(ch.Spots)
				r.Shuffle(len(picked), func(i, j int) { picked[i], picked[j] = picked[j], picked[i] })
				text := ch.Text + " " + strings.ToLower(strings.Join(picked[:ch.Count], " "))
				_, err := g.Do(at, text)
				require.NoError(t, err, text)
				continue
			}
			require.NotNil(t, pic.Orders, "the seat to act has its controls")
			for _, c := range pic.Orders.Clashes {
				require.True(t, strings.HasPrefix(c.Why, "These moves cannot all be made: "), c.Why)
				if clash == "" {
					clash = c.Why
				}
			}
			all := combos(pic.Orders)
			texts := make([]string, 0, len(all))
			for text := range all {
				texts = append(texts, text)
			}
			slices.Sort(texts)
			// Every combination on the first turns; a sample later on.
			if step > first && len(texts) > sample {
				r.Shuffle(len(texts), func(i, j int) { texts[i], texts[j] = texts[j], texts[i] })
				texts = texts[:sample]
			}
			var taken []string
			for _, text := range texts {
				err := dryRun(t, src, at, text)
				if all[text] {
					require.NoError(t, err, "%s may confirm %q", g.Name(at), text)
					taken = append(taken, text)
					confirmable++
				} else {
					require.Error(t, err, "%s is held back from %q", g.Name(at), text)
					held++
				}
			}
			require.NotEmpty(t, taken)
			// Play a random order set without a slash now and then, so the
			// ninjas wander before the game ends.
			_, err = g.Do(at, taken[r.IntN(len(taken))])
			require.NoError(t, err)
		}
		t.Logf("%d players: %d order sets confirmable and taken, %d held back and refused (%s)", players, confirmable, held, clash)
		require.Positive(t, confirmable)
	}
}

// TestBlindPicture: a seat's grid holds its ninjas as arrows, the slashes
// heard with their age, and its home edge; the table's only the slashes.
func TestBlindPicture(t *testing.T) {
	g, _ := blindGame(t, "ann", "bob", "cy")
	b := g.(*blind)
	pic, err := b.Picture(0)
	require.NoError(t, err)
	require.NotNil(t, pic.Choose)
	require.Equal(t, []string{"A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"}, pic.Choose.Spots)
	tbl, err := b.Picture(Table)
	require.NoError(t, err)
	require.Nil(t, tbl.Choose)
	require.Contains(t, strings.Join(tbl.Notes, "\n"), "ann, south edge: choosing starting squares")
	for v, start := range []string{"start b1 d1 e1 h1", "start h2 h3 h5 h8", "start a8 b8 c8 h8"} {
		_, err := g.Do(Viewer(v), start)
		require.NoError(t, err)
	}
	_, err = g.Do(0, "s s s x")
	require.NoError(t, err)
	pic, err = b.Picture(1)
	require.NoError(t, err)
	require.Len(t, pic.Spots, 64)
	require.NotNil(t, pic.Orders)
	require.Len(t, pic.Orders.Pieces, 3, "bob's ninja 1 fell on H2")
	require.Equal(t, "Ninja 2 on H3 facing west", pic.Orders.Pieces[0].Name)
	require.Equal(t, Order{Text: "s", Say: "stands", Label: "stand"}, pic.Orders.Pieces[0].Options[0])
	require.Equal(t, Order{Text: "m", Say: "steps to G3", Label: "step to G3", Moves: true}, pic.Orders.Pieces[0].Options[1])
	notes := strings.Join(pic.Notes, "\n")
	require.Contains(t, notes, "ann, south edge: orders in this round")
	require.Contains(t, notes, "bob, east edge: giving orders now")
	require.Contains(t, notes, "Slash on H2 by ann, 0 turns ago: ann swish, bob grunt, cy swish")
	require.Contains(t, pic.SVG, "<polygon", "ninjas are arrows")
	tbl, err = b.Picture(Table)
	require.NoError(t, err)
	require.Nil(t, tbl.Orders)
	require.NotContains(t, tbl.SVG, "<polygon", "the table sees no ninja")
	require.Equal(t, pic.Notes, tbl.Notes)
	if *blindSVG != "" {
		require.NoError(t, os.WriteFile(*blindSVG, []byte(pic.SVG), 0o644))
	}
}

// TestBlindPictureLeaksNothing: two games alike in everything public but
// where the other players' ninjas stand and what they were told draw
// byte-identical pictures for ann and for the table.
func TestBlindPictureLeaksNothing(t *testing.T) {
	play := func(bob, cy, bobOrders string) *blind {
		g, _ := blindGame(t, "ann", "bob", "cy")
		for v, a := range []string{"start b1 d1 e1 h1", bob, cy, "t:e s s x", bobOrders} {
			_, err := g.Do(Viewer(v%3), a)
			require.NoError(t, err, a)
		}
		return g.(*blind)
	}
	x := play("start h3 h4 h5 h6", "start a8 b8 c8 d8", "m m m m")
	y := play("start h4 h5 h7 h8", "start e8 f8 g8 h8", "t:n s t:s s")
	for _, v := range []Viewer{0, Table} {
		px, err := x.Picture(v)
		require.NoError(t, err)
		py, err := y.Picture(v)
		require.NoError(t, err)
		jx, err := json.Marshal(px)
		require.NoError(t, err)
		jy, err := json.Marshal(py)
		require.NoError(t, err)
		require.Equal(t, string(jx), string(jy), "viewer %d", v)
	}
	// bob's own pictures do differ: the test would catch a leak.
	px, _ := x.Picture(1)
	py, _ := y.Picture(1)
	require.NotEqual(t, px.SVG, py.SVG)
}

// TestBlindUndoByBoarder: the last actor is the seat that gave the last
// orders or placement, and the log's first entry is nobody's.
func TestBlindUndoByBoarder(t *testing.T) {
	g, src := blindGame(t, "ann", "bob")
	b := g.(*blind)
	_, ok := b.LastActor()
	require.False(t, ok)
	_, err := g.Do(0, "m s s s")
	require.NoError(t, err)
	who, ok := b.LastActor()
	require.True(t, ok)
	require.Equal(t, Viewer(0), who)
	require.Contains(t, b.Undone(0, src.s.Events[len(src.s.Events)-1]), "Took back ann's orders")
}

// TestBlindClashHeldBack: two ninjas facing one square may each step onto
// it alone but not both (W-7: "two ninjas may not end on one square"); the
// picture names every set of movers holding that pair, and Do refuses it.
func TestBlindClashHeldBack(t *testing.T) {
	g, src := blindGame(t, "ann", "bob", "cy")
	for v, a := range []string{"start b1 d1 e1 h1", "start h3 h4 h5 h6", "start a8 b8 c8 d8", "t:e t:w s s", "s s s s", "s s s s"} {
		_, err := g.Do(Viewer(v%3), a)
		require.NoError(t, err, a)
	}
	pic, err := g.(*blind).Picture(0)
	require.NoError(t, err)
	// The pair, and every set of movers holding it.
	require.Len(t, pic.Orders.Clashes, 4)
	require.Equal(t, Clash{Pieces: []string{"1", "2"}, Why: "These moves cannot all be made: ninjas 1 and 2 would both step onto C1."}, pic.Orders.Clashes[0])
	for _, c := range pic.Orders.Clashes {
		require.Equal(t, []string{"1", "2"}, c.Pieces[:2])
	}
	all := combos(pic.Orders)
	require.False(t, all["m m s s"])
	require.True(t, all["m s s s"])
	require.True(t, all["s m s s"])
	require.Error(t, dryRun(t, src, 0, "m m s s"))
	require.NoError(t, dryRun(t, src, 0, "m s m s"))
}
