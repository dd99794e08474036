package cmd

import (
	"regexp"
	"strings"
	"testing"

	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
	"github.com/stretchr/testify/require"
)

// squadSecretsScript is a digital Dawn Escape for three typed at one
// terminal: Buki draws, card plays by the holder and by others, traps, the
// star, rivals knocked onto traps (a Trip Wire taking a card the victim
// and the trap's owner read) and into a guard, refusals from the table and
// from named players, undo of public
// actions (taken back) and of draws (refused). A leading '!' marks a step
// that must fail, '?' one that may go either way (it rests on a drawn card).
var squadSecretsScript = []string{
	"trap trip wire",
	"undo",
	"trap trip wire",
	"move 1.2 2 cubes",
	"!undo",
	"?buki spear",
	"?buki spear --as ann",
	"?buki hollow reed --as ann",
	"?buki zip wire --as bob",
	"!fire",
	"!flask --as ann",
	"end",
	"move 1.1 1 cube",
	"?buki grappling chain --as bob",
	"?buki nunchaku --as bob",
	"?fire --as bob",
	"end",
	"sprung trip wire --of ann",
	"move 2.2 3 cubes",
	"?buki tonfa --as cy",
	"?buki bird whistle",
	"?fire --as cy",
	"end",
	"star",
	"?buki throwing star --as bob",
	"move 1.1 1 cube",
	"?buki spear --as ann",
	"end",
	"move 1.1",
	"!senjutsu ninja dash",
	"move 1.1",
	"!position",
	"?move 1.1 --by ann",
	"trap caltrops",
	"guard cy",
	"reached ann 1 cube",
	"!reached bob 1 cube",
	"!guard bob",
	"sprung caltrops --of bob --who cy",
	"trap trip wire",
	"sprung trip wire --of bob --who ann",
	"!sprung trip wire --of bob --who cy",
	"move 1.1",
	"!sprung hornets nest --of ann --who bob",
}

// squadKnowledge is what each role may know: the Buki kinds used face up,
// and the kinds each seat has held.
type squadKnowledge struct {
	public map[string]bool
	seen   map[rules.Seat]map[string]bool
}

func (k *squadKnowledge) learn(t *cs.Table) {
	for _, e := range t.Log {
		switch e.Action.Type {
		case engine.ActBuki, engine.ActSenjutsu:
			k.public[e.Action.Kind] = true
		case engine.ActFire:
			k.public["arrow"] = true
		case engine.ActFlask:
			k.public["water-flask"] = true
		}
		for _, ev := range e.Events {
			if ev.Kind == engine.EventDrew || ev.Kind == engine.EventTrapLoss {
				k.seen[ev.Seat][ev.Card] = true
			}
			if ev.Kind == engine.EventTrapLoss && e.Action.Type == engine.ActSpring {
				k.seen[e.Action.Seat][ev.Card] = true // the trap's owner picks it at the table
			}
		}
	}
	for s := range t.Game.Players() {
		for kind := range t.Game.Hand(rules.Seat(s), engine.BukiPile) {
			k.seen[rules.Seat(s)][kind] = true
		}
	}
}

func (k *squadKnowledge) allowed(seat rules.Seat) map[string]bool {
	out := map[string]bool{}
	for c := range k.public {
		out[c] = true
	}
	if seat != engine.NoSeat {
		for c := range k.seen[seat] {
			out[c] = true
		}
	}
	return out
}

// squadTemplates name cards without saying who holds one: the Throwing
// Star token every ninja has, and the list of kinds a bad card name is
// answered with.
var squadTemplates = regexp.MustCompile(`(?i)throwing[- ]star token|choose [a-z, -]+`)

var squadCardWord = func() *regexp.Regexp {
	var alts []string
	d := data.DefaultSquad()
	for _, c := range append(append([]data.SquadCard{}, d.Buki...), d.Senjutsu...) {
		alts = append(alts, strings.ReplaceAll(c.Kind, "-", "[- ]"))
	}
	return regexp.MustCompile(`(?i)\b(` + strings.Join(alts, "|") + `)s?\b`)
}()

func squadLeaks(out string, allowed map[string]bool) []string {
	var bad []string
	for _, m := range squadCardWord.FindAllStringSubmatch(squadTemplates.ReplaceAllString(out, " "), -1) {
		kind := strings.ReplaceAll(strings.ToLower(m[1]), " ", "-")
		if !allowed[kind] {
			bad = append(bad, m[1])
		}
	}
	return bad
}

// TestSquadSecrets plays a scripted escape through the command line and,
// after every step, reads every output as every role: status, moves and
// log, as text and JSON, and the position. No output may name a Buki or
// Senjutsu card its reader may not know: one held by another seat, or one
// still in the pile. The command's own output (and its refusal) is read as
// the role that typed it (--as, else the table); a refusal that rests on a
// hand is worded for its holder only. The position (every hand and the
// draw seed) is never printed while the game goes on.
func TestSquadSecrets(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("companion", "squad", "new", "secrets", "--mode", "escape", "--names", "ann,bob,cy", "--private-seed", "11")
	require.Zero(t, code, errOut)
	roles := []role{{"table", engine.NoSeat}, {"ann", 0}, {"bob", 1}, {"cy", 2}}
	k := &squadKnowledge{public: map[string]bool{}, seen: map[rules.Seat]map[string]bool{}}
	for _, r := range roles[1:] {
		k.seen[r.seat] = map[string]bool{}
	}
	table := func() *cs.Table {
		return storedTable(t, cs.Game, "secrets", cs.Replay)
	}
	checked := 0
	check := func(step, what string, r role, out string, typed string) {
		t.Helper()
		allowed := k.allowed(r.seat)
		for _, m := range squadCardWord.FindAllStringSubmatch(typed, -1) {
			allowed[strings.ReplaceAll(strings.ToLower(m[1]), " ", "-")] = true
		}
		require.Empty(t, squadLeaks(out, allowed), "after %q, %s as %s names cards it may not know:\n%s", step, what, r.name, out)
		require.NotContains(t, out, "seed=", "after %q, %s as %s prints the position mid-game", step, what, r.name)
		for _, l := range strings.Split(out, "\n") {
			require.LessOrEqual(t, len([]rune(l)), 80, "after %q, %s as %s: a line wider than 80 columns:\n%s", step, what, r.name, l)
		}
		checked++
	}
	views := func(step string) {
		for _, r := range roles {
			for _, view := range [][]string{{"status"}, {"status", "--json"}, {"moves"}, {"moves", "--json"}, {"log"}, {"log", "--json"}, {"position"}} {
				_, out, errOut := run(append(append([]string{"companion", "squad"}, view...), "--session", "secrets", "--as", r.name)...)
				check(step, strings.Join(view, " "), r, out+errOut, "")
			}
		}
	}
	k.learn(table())
	views("new")
	failed := 0
	for _, step := range squadSecretsScript {
		line := strings.TrimLeft(step, "!?")
		args := strings.Fields(line)
		code, out, errOut := run(append(append([]string{"companion", "squad"}, args...), "--session", "secrets")...)
		switch step[0] {
		case '!':
			require.NotZero(t, code, "%q should be refused", line)
		case '?':
		default:
			require.Zero(t, code, "%q: %s", line, errOut)
		}
		if code != 0 {
			failed++
			require.Equal(t, 1, strings.Count(errOut, "\n"), "%q: a refusal is one line: %s", line, errOut)
		}
		t.Logf("%-32s exit %d %s", line, code, strings.TrimSpace(errOut))
		typist := typistOf(roles, args, "--as")
		check(line, "the command itself", typist, out+errOut, strings.Join(args, " "))
		if strings.Contains(errOut, "holds no such card") {
			require.NotEqual(t, engine.NoSeat, typist.seat, "%q: a reason about a hand is worded for its holder only: %s", line, errOut)
		}
		k.learn(table())
		views(line)
	}
	require.Greater(t, failed, 5)
	t.Logf("%d outputs checked, %d refusals", checked, failed)
}
