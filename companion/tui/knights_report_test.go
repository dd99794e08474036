package tui

import (
	"testing"

	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/stretchr/testify/require"
)

func TestParseReport(t *testing.T) {
	for _, c := range []struct {
		in     string
		want   ck.Report
		report bool
		err    bool
	}{
		{in: "play knight --at Bob", want: ck.Report{Verb: "play", Cards: []string{"knight"}, At: "bob"}, report: true},
		{in: "play peasant,peasant --from ann --at bob --fort", want: ck.Report{Verb: "play", Cards: []string{"peasant", "peasant"}, By: "ann", At: "bob", Fort: true}, report: true},
		{in: "play dragon --at cy --burn", want: ck.Report{Verb: "play", Cards: []string{"dragon"}, At: "cy", Burn: true}, report: true},
		{in: "respond princess --by bob", want: ck.Report{Verb: "respond", Cards: []string{"princess"}, By: "bob"}, report: true},
		{in: "take queen --from bob", want: ck.Report{Verb: "take", Cards: []string{"queen"}, At: "bob"}, report: true},
		{in: "pass", want: ck.Report{Verb: "pass"}, report: true},
		{in: "attack 2 knight", report: false},
		{in: "play knight --at", err: true},
		{in: "fortify castle --burnt x", err: true},
		{in: "   ", err: true},
		{in: "play , ,, --", err: true},
	} {
		r, report, err := parseReport(c.in)
		if c.err {
			require.Error(t, err, c.in)
			continue
		}
		require.NoError(t, err, c.in)
		require.Equal(t, c.report, report, c.in)
		if c.report {
			require.Equal(t, c.want, r, c.in)
		}
	}
}
