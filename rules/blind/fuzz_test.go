package blind

import (
	"errors"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
)

// FuzzOrders feeds typed orders to the parser and the game: whatever a
// player types is read or refused, never a panic, and a refused turn
// leaves the game as it was.
func FuzzOrders(f *testing.F) {
	for _, s := range []string{"m t:e s x", "1:x 2:m", "x x x x x", "t:north stand slash move", "3:t:w 9:m", "t:", ":", "0:m", "m m m m"} {
		f.Add(s)
	}
	start := "blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,a2s,-c1,d1e/a8s,b8s,c8s,d8s"
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParsePosition(start)
		if err != nil {
			t.Fatal(err)
		}
		os, err := ParseOrders(text, g.Living(0))
		if err != nil {
			if !errors.Is(err, rules.ErrNotation) {
				t.Fatalf("%q: %v is not a notation error", text, err)
			}
			return
		}
		a := Action{Kind: ActOrders, Seat: 0, Orders: os}
		if err := g.Apply(a); err != nil {
			if g.Position() != start {
				t.Fatalf("%q: a refusal changed the game", text)
			}
			return
		}
		back, err := ParseAction(a.String(), 2)
		if err != nil || back.String() != a.String() {
			t.Fatalf("%q: %q does not read back: %v", text, a, err)
		}
	})
}

// FuzzPosition: any line is read or refused; a position read writes back
// the same.
func FuzzPosition(f *testing.F) {
	f.Add("blind1 players=2 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1n/a8s,b8s,c8s,d8s")
	f.Add("blind1 players=3 first=2 next=2 stage=start turn=0 round=1 limit=5 winners=- seats=?/h1w,h2w,h7w,h8w/?")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParsePosition(text)
		if err != nil {
			return
		}
		if h, err := ParsePosition(g.Position()); err != nil || h.Position() != g.Position() {
			t.Fatalf("%q does not round-trip: %v", g.Position(), err)
		}
	})
}
