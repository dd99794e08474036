package blades

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	gen "github.com/ninjakit/ninjakit/generate/blades"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// fromPosition starts a table the way `new --position` does.
func fromPosition(t *testing.T, pos string) *Table {
	t.Helper()
	o, err := NewOptions(0, "", "", "dealt", pos)
	require.NoError(t, err)
	tb, err := Start(o, 0)
	require.NoError(t, err)
	return tb
}

// try runs a move on a copy of the table and reports what the role is told.
func try(tb *Table, r Role, text string) string {
	c := *tb
	c.Pos, c.Log = tb.Pos.Clone(), nil
	if _, err := c.Move(r, text); err != nil {
		return "refused: " + err.Error()
	}
	return "played"
}

// withHand rewrites a hidden-hands position string so that the seat to move
// holds h and every other seat nothing (so no deal can exceed the deck).
func withHand(pos string, players int, mover engine.Seat, h engine.Hand) string {
	f := strings.Fields(pos)
	hands := make([]string, players)
	for i := range hands {
		hands[i] = "-"
	}
	hands[mover] = h.String()
	f[4] = "hidden:" + strings.Join(hands, ",")
	return strings.Join(f, " ")
}

// randomGame deals a hidden-hands game, lets everyone keep something and
// plays a few random legal moves; it returns a position still in play.
func randomGame(t *testing.T, rng *rand.Rand, players int) *engine.Position {
	t.Helper()
	r := engine.DefaultRules()
	for {
		s, err := gen.Generate(r, gen.Options{Players: players, Seed: rng.Uint64() & (1<<40 - 1), Cards: gen.CardsDealt, PrivateSeed: rng.Uint64()})
		require.NoError(t, err)
		p, err := engine.NewPosition(r, s.Start)
		require.NoError(t, err)
		for seat := range players {
			var keep engine.Hand
			for _, k := range p.Hand(engine.Seat(seat)).Kinds() {
				if keep[k]++; r.Price(keep) > r.KeepLimit || rng.IntN(3) == 0 {
					keep[k]--
				}
			}
			require.NoError(t, p.Keep(engine.Seat(seat), keep))
		}
		var buf []engine.Move
		for range rng.IntN(60) {
			buf = p.LegalMoves(buf[:0])
			require.NoError(t, p.Apply(buf[rng.IntN(len(buf))]))
			if p.Phase() != engine.Playing {
				break
			}
		}
		if p.Phase() == engine.Playing {
			return p
		}
	}
}

// affordable adds random cards to h while the keep limit allows.
func affordable(rng *rand.Rand, h engine.Hand) engine.Hand {
	r := engine.DefaultRules()
	for range 6 {
		k := rng.IntN(int(engine.NumKinds))
		if h[k]++; r.Price(h) > r.KeepLimit {
			h[k]--
		}
	}
	return h
}

var cardWords = []string{"bomb", "shuriken", "double-kick", "triple-kick", "vanish", "circle-kick", "double-dragon"}

// geometries lists move texts of one card worth trying in a position: every
// legal one when the card is held, random ones from the mover's own ninjas, random
// ones from anywhere, and a few that do not parse.
func geometries(rng *rand.Rand, held *engine.Position, word string) []string {
	b := held.Board()
	var out []string
	for _, m := range held.LegalMoves(nil) {
		if m.Action.String() == word && (len(out) < 12 || rng.IntN(8) == 0) {
			out = append(out, m.Format(b))
		}
	}
	var own []engine.Cell
	for _, c := range b.Cells() {
		if col, ok := held.At(c); ok && col == held.Colour(held.Turn()) {
			own = append(own, c)
		}
	}
	anyCell := func() string {
		return b.CellName(engine.Cell(rng.IntN(b.Cols * b.Rows)))
	}
	for range 12 {
		from := anyCell()
		if len(own) > 0 && rng.IntN(4) > 0 {
			from = b.CellName(own[rng.IntN(len(own))])
		}
		to := anyCell()
		if rng.IntN(3) == 0 {
			// Aim along the row or column, where most card moves live.
			f, _ := b.ParseCell(from)
			d := engine.Direction(rng.IntN(4))
			if ray := b.Ray(f, d); len(ray) > 0 {
				to = b.CellName(ray[rng.IntN(len(ray))])
			}
		}
		out = append(out, word+" "+from+" "+to, word+" "+from)
	}
	return append(out, word+" z9 a1", word+" a1 a1", word)
}

// TestRefusalsToOthersIgnoreTheHand plays every card kind in many random
// positions and geometries from hands that hold the card and hands that do
// not: whatever the table is told when the move is refused is the same text
// either way, and a refusal owed only to the missing card is one neutral
// line for every card. The mover is told the real reason.
func TestRefusalsToOthersIgnoreTheHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	games := sweep.Count(t, 20, 60)
	refusals, neutral, played := 0, 0, 0
	for g := range games {
		players := 2 + g%4
		p := randomGame(t, rng, players)
		mover := p.Turn()
		for k, word := range cardWords {
			only := engine.Hand{}
			only[k] = 1
			held, other := affordable(rng, only), affordable(rng, engine.Hand{})
			unheld := held
			unheld[k], other[k] = 0, 0
			holding := []engine.Hand{only, held}
			lacking := []engine.Hand{unheld, {}, other}
			var tables []*Table
			for _, h := range append(holding, lacking...) {
				tables = append(tables, fromPosition(t, withHand(p.String(), players, mover, h)))
			}
			for _, text := range geometries(rng, tables[0].Pos, word) {
				// What the table is told, by hand; refusals must agree.
				seen := map[string]string{}
				for i, tb := range tables {
					got := try(tb, TableRole, text)
					if got == "played" {
						require.Less(t, i, len(holding), "%s played without the card", text)
						played++
						continue
					}
					refusals++
					seen[tables[i].Pos.Hand(mover).String()] = got
					if strings.Contains(got, "hidden hand") {
						neutral++
						require.Equal(t, "refused: "+neutralRefusal(mover).Error(), got)
					}
					require.NotContains(t, got, "you hold", text)
					for _, other := range seen {
						require.Equal(t, other, got, "game %d, %q: the table's answer depends on the hand:\n%v", g, text, seen)
					}
					// Other seats are told it is not their turn, whatever anyone holds.
					for s := range players {
						if engine.Seat(s) != mover {
							require.Contains(t, try(tb, Role{Seat: engine.Seat(s)}, text), "turn", text)
						}
					}
				}
				// The mover learns the real reason when the card is missing.
				if got := try(tables[len(holding)], Role{Seat: mover}, text); !strings.HasPrefix(seen[unheld.String()], "refused: "+neutralRefusal(mover).Error()) {
					require.Equal(t, seen[unheld.String()], got, text)
				} else {
					require.Contains(t, got, "you hold no "+tables[0].CardName(engine.Kind(k))+" card", text)
				}
			}
		}
	}
	t.Logf("%d refusals compared, %d neutral, %d played", refusals, neutral, played)
	require.Positive(t, neutral, "no refusal for a missing card was exercised")
	require.Positive(t, played, "no card play succeeded")
}

// TestRefusalProbeFromTheIssue: seat 2 holds a shuriken and no double kick.
// Before ruling C-4 the table was told "you hold no double-kick card" for
// one and a geometry complaint for the other.
func TestRefusalProbeFromTheIssue(t *testing.T) {
	tb := fromPosition(t, "3:RYB 8R/9/9/9/9/9/1B7/1B7/1Y7 2 0 hidden:-,S,- 0,0,0")
	dk, sh := try(tb, TableRole, "double-kick b1 b1"), try(tb, TableRole, "shuriken b1 b1")
	require.Contains(t, dk, "ends 2 cell(s) away")
	require.Contains(t, sh, "flies along a row or column")
	require.NotContains(t, dk+sh, "hold")

	// Geometry that would work for a held card: neutral for the table.
	require.Equal(t, "refused: "+neutralRefusal(1).Error(), try(tb, TableRole, "double-kick b1 b3"))
	require.Equal(t, "refused: "+neutralRefusal(1).Error(), try(tb, TableRole, "vanish b1 e5"))
	require.Equal(t, "played", try(tb, TableRole, "shuriken b1 b2"), "a held card may be played for the mover; it shows as it is played")

	// The mover, and everyone with open hands, get the real reason.
	require.Contains(t, try(tb, Role{Seat: 1}, "double-kick b1 b3"), "you hold no Double kick card")
	open := fromPosition(t, "3:RYB 8R/9/9/9/9/9/1B7/1B7/1Y7 2 0 open:-,S,- 0,0,0")
	require.Contains(t, try(open, TableRole, "double-kick b1 b3"), "you hold no Double kick card")
	none := fromPosition(t, "3:RYB 8R/9/9/9/9/9/1B7/1B7/1Y7 2 0 none 0,0,0")
	require.Contains(t, try(none, TableRole, "double-kick b1 b3"), "you hold no Double kick card")
}

// TestKeepRefusalsToTheTableAreNeutral: the table cannot keep for anyone,
// and is told so in one line whatever was dealt.
func TestKeepRefusalsToTheTableAreNeutral(t *testing.T) {
	var answers []string
	for _, hands := range []string{"BBC?,S?,-?", "-?,-?,-?", "SSVV?,DD?,3?"} {
		tb := fromPosition(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:"+hands+" 0,0,0")
		for _, cards := range []string{"bomb", "shuriken", "-", "bomb,bomb,circle"} {
			_, err := tb.Keep(TableRole, cards)
			require.Error(t, err)
			answers = append(answers, err.Error())
		}
	}
	for _, a := range answers {
		require.Equal(t, answers[0], a)
	}
	require.True(t, errors.Is(neutralRefusal(0), rules.ErrIllegal))
}

// TestRefusalsOutsidePlayIgnoreTheHand: while cards are being chosen and
// after the end, every card play is refused with the same public reason,
// whatever the mover holds.
func TestRefusalsOutsidePlayIgnoreTheHand(t *testing.T) {
	for _, phase := range []struct{ hands, passes string }{{"%s?,-?,-?", "0"}, {"%s,-,-", "3"}} {
		answers := map[string]string{}
		for _, h := range []string{"-", "BS", "23V", "CD", "S2"} {
			tb := fromPosition(t, "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 "+phase.passes+" hidden:"+fmt.Sprintf(phase.hands, h)+" 0,0,0")
			for _, text := range []string{"bomb a1 a3", "shuriken a1 a2", "double-kick a1 a3", "triple-kick a1 a4", "vanish a1 e5", "circle-kick a1", "double-dragon b1 b2", "attack a1 a2", "pass"} {
				for _, r := range []Role{TableRole, {Seat: 0}, {Seat: 1}} {
					got := try(tb, r, text)
					key := fmt.Sprint(r, text)
					if prev, ok := answers[key]; ok {
						require.Equal(t, prev, got, "%s with %s", key, h)
					}
					answers[key] = got
					require.NotEqual(t, "played", got)
				}
			}
		}
	}
}
