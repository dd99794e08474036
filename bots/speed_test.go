package bots

import (
	"testing"
	"time"
)

func TestSpeedProbe(t *testing.T) {
	s := bladesState(t, 3, 5)
	g, err := Play(s, bladesBots([]Level{Easy, Easy, Easy}, 1, 0), 1000)
	t.Log(g.Actions, g.Returns, err)
	s = bladesState(t, 2, 5)
	for range 3 {
		b := New(Blades{}, Options{Level: Normal, Seed: 1, Think: 300 * time.Millisecond})
		to := s.ToAct(nil)
		d, err := b.Choose(ViewOf(s, to[0]))
		t.Log("blades", d.Iterations, d.Value, err, s.Notation(d.Action))
		s.Act(to[0], d.Action)
	}
	for range 6 {
		to := s.ToAct(nil)
		d, _ := New(Blades{}, Options{Level: Easy, Seed: 1}).Choose(ViewOf(s, to[0]))
		s.Act(to[0], d.Action)
	}
	b := New(Blades{}, Options{Level: Normal, Seed: 1, Think: 300 * time.Millisecond})
	d, err := b.Choose(ViewOf(s, s.ToAct(nil)[0]))
	t.Log("blades play", d.Iterations, d.Value, err, s.Notation(d.Action))
	bs := blindState(t, 2)
	gb, err := Play(bs, blindBots([]Level{Easy, Random}, 1, 0), 1000)
	t.Log(gb.Actions, gb.Returns, err)
	bs = blindState(t, 2)
	for range 4 {
		b := New(Blind{}, Options{Level: Normal, Seed: 1, Think: 300 * time.Millisecond})
		to := bs.ToAct(nil)
		d, err := b.Choose(ViewOf(bs, to[0]))
		t.Log("blind", d.Iterations, d.Value, err, bs.Notation(d.Action))
		bs.Act(to[0], d.Action)
	}
}
