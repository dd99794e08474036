package blind

import (
	"runtime"
	"testing"
)

func TestTmpCompare(t *testing.T) {
	runtime.LockOSThread()
	s := midGame(t)
	seat := s.ToAct(nil)[0]
	buf := make([]Play, 0, 4096)
	ref := make([]refPlay, 0, 4096)
	var tn, to, tc int64
	for range 2000 {
		a := threadTime(t)
		for range 10 {
			buf = s.Actions(seat, buf[:0])
		}
		b := threadTime(t)
		for range 10 {
			ref = refActions(s.g, seat, ref[:0])
		}
		c := threadTime(t)
		for range 10 {
			_ = stepSets(&s.g.players[seat], 15)
		}
		d := threadTime(t)
		tn += int64(b - a)
		to += int64(c - b)
		tc += int64(d - c)
	}
	t.Logf("new %vns old %vns per listing (%d plays), ratio %.2f; stepSets %vns", tn/20000, to/20000, len(buf), float64(to)/float64(tn), tc/20000)
}

func TestTmpCalib(t *testing.T) {
	runtime.LockOSThread()
	buf := make([]Play, 1116)
	var tn int64
	for range 2000 {
		a := threadTime(t)
		for r := range 10 {
			for i := range buf {
				buf[i] = Play{uint64(i + r)}
			}
		}
		tn += int64(threadTime(t) - a)
	}
	t.Logf("fill %vns", tn/20000)
}
