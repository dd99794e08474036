package blind

import (
	"github.com/ninjakit/ninjakit/internal/sweep"
	"testing"

	"github.com/ninjakit/ninjakit/rules"
	"github.com/stretchr/testify/require"
)

// TestRandomGames plays many games with random legal orders under a turn
// limit (without one, blind ninjas may wander for ever): every game ends, someone always wins, no player ever has two living ninjas on one
// square, and every position reads back.
func TestRandomGames(t *testing.T) {
	r := rules.NewRand(7, "blind-playouts")
	for game := range sweep.Count(t, 40, 120) {
		players := 2 + game%3
		g, err := NewGame(Options{Players: players, Turns: []int{300, 30}[game%2]})
		require.NoError(t, err)
		for _, s := range g.Unplaced() {
			edge := g.Grid().Edge(Side(players, int(s)))
			rules.Shuffle(r, edge)
			require.NoError(t, g.Apply(Action{Kind: ActStart, Seat: s, Squares: edge[:4]}))
		}
		for turn := 0; g.Stage() != StageOver; turn++ {
			require.Less(t, turn, 5000, "game %d does not end", game)
			s := g.ToAct()
			var a Action
			for tries := 0; ; tries++ {
				a = Action{Kind: ActOrders, Seat: s}
				var slashes []Order
				for k, c := range g.Choices(s) {
					if len(c) == 0 {
						continue
					}
					o := c[r.IntN(len(c))]
					if o.Kind == Slash && r.IntN(3) > 0 {
						o = Order{Ninja: k + 1, Kind: Stand}
					}
					if o.Kind == Slash {
						slashes = append(slashes, o)
					} else {
						a.Orders = append(a.Orders, o)
					}
				}
				a.Orders = append(a.Orders, slashes...)
				if g.Legal(a) || tries > 50 {
					break
				}
			}
			if !g.Legal(a) {
				a.Orders = nil
				for _, k := range g.Living(s) {
					a.Orders = append(a.Orders, Order{Ninja: k, Kind: Stand})
				}
			}
			require.NoError(t, g.Apply(a))
			for p := range players {
				seen := map[Square]bool{}
				for _, k := range g.Living(rules.Seat(p)) {
					at, _, _ := g.Ninja(rules.Seat(p), k)
					require.False(t, seen[at], "two of seat %d's ninjas on %s", p+1, at)
					seen[at] = true
				}
			}
			h, err := ParsePosition(g.Position())
			require.NoError(t, err, g.Position())
			require.Equal(t, g.Position(), h.Position())
		}
		require.NotEmpty(t, g.Winners())
	}
}

func BenchmarkOrders(b *testing.B) {
	start := "blind1 players=4 first=1 next=1 stage=play turn=0 round=1 limit=0 winners=- seats=a1n,b1n,c1n,d1n/h1w,h2w,h7w,h8w/a8s,b8s,c8s,d8s/a2e,a3e,a5e,a7e"
	for b.Loop() {
		g, _ := ParsePosition(start)
		os, _ := ParseOrders("m t:e s x", g.Living(0))
		if err := g.Apply(Action{Kind: ActOrders, Orders: os}); err != nil {
			b.Fatal(err)
		}
	}
}
