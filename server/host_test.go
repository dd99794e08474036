package server

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/require"
)

// Served on 0.0.0.0:8077, a request that came in at the LAN address
// 192.0.2.2 (what a seat link names) or at loopback is this server's; a
// name other than localhost never is, since a rebound name is the attack.
func TestHostAllowed(t *testing.T) {
	lan, lo := netip.MustParseAddr("192.0.2.2"), netip.MustParseAddr("127.0.0.1")
	for _, c := range []struct {
		host  string
		local netip.Addr
		port  int
		ok    bool
	}{
		{"192.0.2.2:8077", lan, 8077, true},
		{"localhost:8077", lan, 8077, true},
		{"LOCALHOST:8077", lo, 8077, true},
		{"127.0.0.1:8077", lo, 8077, true},
		{"[::1]:8077", lo, 8077, true},
		{"[::ffff:192.0.2.2]:8077", lan, 8077, true},
		{"192.0.2.2", lan, 80, true},
		{"localhost", lo, 80, true},
		{"[::1]", lo, 80, true},
		{"192.0.2.3:8077", lan, 8077, false}, // another machine's address
		{"192.0.2.2:8078", lan, 8077, false},
		{"192.0.2.2", lan, 8077, false},
		{"rebound.example:8077", lan, 8077, false},
		{"localhost.example:8077", lo, 8077, false},
		{"ninjakit.local:8077", lan, 8077, false},
		{"", lo, 8077, false},
		{":8077", lo, 8077, false},
		{"192.0.2.2:8077", netip.Addr{}, 8077, false},
	} {
		require.Equal(t, c.ok, hostAllowed(c.host, c.local, c.port), "%q at %v:%d", c.host, c.local, c.port)
	}
}
