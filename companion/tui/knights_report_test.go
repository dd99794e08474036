package tui

import (
	"strings"
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
		{in: "special herald", report: false},
		{in: "hello there", err: true},
		{in: "steal --by cy", want: ck.Report{Verb: "steal", By: "cy"}, report: true},
		{in: "decline", want: ck.Report{Verb: "decline"}, report: true},
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

// A word that is no play is refused in table words, listing the plays,
// never the engine's notation verbs, and cut short when long.
func TestParseReportRefusesInTableWords(t *testing.T) {
	_, _, err := parseReport("dance with bob")
	require.EqualError(t, err, `"dance" is not a play: say play, fortify, respond, steal, decline, discard, pass, show, take, pay, keep, give, redeal, e.g. play knight --at bob`)
	_, _, err = parseReport(strings.Repeat("x", 60))
	require.ErrorContains(t, err, `"`+strings.Repeat("x", 40)+`..." is not a play`)
}
