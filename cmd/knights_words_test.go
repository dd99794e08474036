package cmd

import (
	"encoding/json"
	"fmt"
	"github.com/ninjakit/ninjakit/internal/sweep"
	"regexp"
	"strings"
	"testing"

	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
	"github.com/stretchr/testify/require"
)

// engineNotation matches the engine's own notation, which only the act
// command takes: a seat number after a verb, "seat N", a seat range of the
// largest table, card lists joined by commas, the notation's flags and a
// card the engine has not seen.
var engineNotation = regexp.MustCompile(strings.Join([]string{
	`\b(?:attack|respond|take) \d`,
	`\bspecial (?:herald|merchant|monk)\b`,
	`\bseats? "?\d`,
	`\bfrom 1 to \d`,
	`\b\d to 6\b`,
	`\b(?:peasant|soldier|knight|king|queen|ninja|dragon|traitor|highwayman|princess|executioner|herald|merchant|monk|minstrel|archer|castle|ladder|catapult|jester|\))\*?\d*,\w`,
	`\barcher fort\b`,
	`\bdragon burn\b`,
	`(?:^|\s)\?(?:\s|$|,)`,
	`card\(\d`,
}, "|"))

func TestEngineNotationPatterns(t *testing.T) {
	for _, bad := range []string{"attack 2 queen", "respond 3 princess", "special merchant 2", "seat 2 is to answer",
		"choose a number from 1 to 6", "peasant,peasant", "pay cards peasant,king", "jester(knight),castle", "attack 2 archer fort",
		"attack 2 dragon burn", "holds a ?", "card(21)"} {
		require.NotEmpty(t, engineNotation.FindAllString(bad, -1), bad)
	}
	for _, good := range []string{"play knight --at bob", "respond princess --by cy", "ann's knight took 2 gems from bob",
		"fortify castle jester(archer)", "Your hand (ann): soldier, knight", "Zoë's choices (3):", "10 gems to win (1 reshuffle(s))"} {
		require.Empty(t, engineNotation.FindAllString(good, -1), good)
	}
}

// wordsGame is one random game played through the command line.
type wordsGame struct {
	players int
	mode    string
	names   []string
	pos     string // start here instead of a new deal
}

// TestKnightsSpeakTableWords plays random games through the command line,
// every command taken from what moves offers (so every listed command must
// run as printed), with 2 to 6 players, both deck modes, the duel, and
// positions near the end so games finish. Every output (the play's story,
// cues, status, moves and log as text and JSON for the table and the
// player, and refusals of random wrong plays) must be free of engine
// notation, and print every name as it was typed although the test types
// names in lower case.
func TestKnightsSpeakTableWords(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	games := []wordsGame{
		{players: 3, mode: "digital", names: []string{"Ann", "BOB", "Zoë"}},
		{players: 4, mode: "physical", names: []string{"Ann", "BOB", "Zoë", "DeeDee"}},
		{players: 5, mode: "digital", names: []string{"Ann", "BOB", "Zoë", "DeeDee", "Ed"}},
		{players: 6, mode: "physical", names: []string{"Ann", "BOB", "Zoë", "DeeDee", "Ed", "FLO"}},
		{players: 2, mode: "digital", names: []string{"Ann", "BOB"}},
		{players: 2, mode: "physical", names: []string{"Ann", "BOB"}},
		{players: 3, mode: "digital", names: []string{"Ann", "BOB", "Zoë"}, pos: "players=3 mode=digital turn=1 phase=main gems=9,5,1 hands=FOMPK/SSRPE/THJBI forts=C/C/A"},
		{players: 4, mode: "physical", names: []string{"Ann", "BOB", "Zoë", "DeeDee"}, pos: "players=4 mode=physical turn=2 phase=main gems=9,9,1,1 hands=6/6/6/6 forts=C/-/A/-"},
		{players: 2, mode: "digital", names: []string{"Ann", "BOB"}, pos: "players=2 mode=digital turn=1 phase=main gems=11,1 hands=KKBNU/PPSBF forts=-/C"},
		{players: 4, mode: "digital", names: []string{"Ann", "BOB", "Zoë", "DeeDee"}, pos: "players=4 mode=digital turn=1 phase=main gems=5,5,5,5 hands=O/PKS/SS/- forts=-/C/C/-"},
		{players: 3, mode: "physical", names: []string{"Ann", "BOB", "Zoë"}, pos: "players=3 mode=physical turn=1 phase=main gems=9,5,1 hands=2/3/3 forts=-/C/C"},
	}
	phases := map[string]bool{}
	checked := 0
	sweep.Sampled(t, "every other game")
	for i, wg := range games {
		if !sweep.Every(i, 2, 0) {
			continue
		}
		session := fmt.Sprintf("words-%d", i)
		args := []string{"companion", "knights", "new", "--session", session, "--names", strings.Join(wg.names, ","), "--private-seed", fmt.Sprint(i + 1)}
		if wg.pos != "" {
			args = append(args, "--position", wg.pos)
		} else {
			args = append(args, "--players", fmt.Sprint(wg.players), "--mode", wg.mode)
		}
		code, out, errOut := run(args...)
		require.Zero(t, code, errOut)
		var namesRe []*regexp.Regexp
		for _, n := range wg.names {
			namesRe = append(namesRe, regexp.MustCompile(`(?i)\b`+regexp.QuoteMeta(n)+`\b`))
		}
		scan := func(what, text string) {
			t.Helper()
			checked++
			require.Empty(t, engineNotation.FindAllString(text, -1), "game %d, %s prints engine notation:\n%s", i, what, text)
			for j, n := range wg.names {
				for _, m := range namesRe[j].FindAllString(text, -1) {
					require.Equal(t, n, m, "game %d, %s prints %q as %q:\n%s", i, what, n, m, text)
				}
			}
		}
		scan("new", out+errOut)
		r := rules.NewRand(uint64(i), "words")
		table := func() *ck.Table {
			return storedTable(t, ck.Game, session, ck.Replay)
		}
		read := func(what string, args ...string) string {
			_, out, errOut := run(append(append([]string{"companion", "knights"}, args...), "--session", session)...)
			scan(what, out+errOut)
			return out
		}
		views := func(tb *ck.Table, actor string) {
			for _, as := range []string{"table", strings.ToLower(actor)} {
				for _, view := range [][]string{{"status"}, {"status", "--json"}, {"moves"}, {"moves", "--json"}, {"log"}, {"log", "--json"}} {
					if view[0] == "status" && len(view) == 2 {
						// The position (ruling K38) is notation on purpose.
						var st ck.Status
						require.NoError(t, json.Unmarshal([]byte(read("status --json", append(view, "--as", as)...)), &st))
						continue
					}
					read(strings.Join(view, " ")+" as "+as, append(view, "--as", as)...)
				}
			}
		}
		for step := 0; step < 160; step++ {
			tb := table()
			g := tb.Game
			phases[g.Phase().String()] = true
			if g.Outcome().Over() {
				views(tb, wg.names[g.Winner()])
				read("position", "position")
				break
			}
			var cmds []string
			for s := range g.Players() {
				moves, err := tb.Moves(ck.Role{Seat: rules.Seat(s)})
				require.NoError(t, err)
				for _, c := range moves {
					for _, grp := range c.Groups {
						for _, cmd := range grp.Commands {
							// A listed command that names its player already
							// takes no second --by.
							if !strings.Contains(cmd, " --by ") {
								cmd += " --by " + strings.ToLower(c.Player)
							}
							cmds = append(cmds, cmd)
						}
					}
				}
			}
			require.NotEmpty(t, cmds, "game %d: somebody can always act", i)
			actor := wg.names[g.ToAct()]
			if step%7 == 0 {
				views(tb, actor)
			}
			cmd := cmds[r.IntN(len(cmds))]
			code, out, errOut := run(append(append([]string{"companion", "knights"}, strings.Fields(cmd)...), "--session", session)...)
			require.Zero(t, code, "game %d: moves offered %q, which fails: %s", i, cmd, errOut)
			scan(cmd, out+errOut)
			if step%3 == 0 {
				wrong := []string{
					"play " + engine.Cards[r.IntN(len(engine.Cards))].String() + " --at " + strings.ToLower(wg.names[r.IntN(len(wg.names))]),
					"respond " + engine.Cards[r.IntN(len(engine.Cards))].String() + " --by " + strings.ToLower(wg.names[r.IntN(len(wg.names))]),
					"discard " + engine.Cards[r.IntN(len(engine.Cards))].String() + " king",
					"take queen --from " + strings.ToLower(wg.names[r.IntN(len(wg.names))]),
					"show knight knight knight",
					"pay cards peasant",
					"keep",
					"fortify ladder",
					"play sword --at " + strings.ToLower(wg.names[r.IntN(len(wg.names))]),
					"fortify castle,sword",
					"play ladder --at " + strings.ToLower(wg.names[r.IntN(len(wg.names))]) + " --burn",
					"steal sword",
					"decline",
				}
				w := wrong[r.IntN(len(wrong))]
				_, out, errOut := run(append(append([]string{"companion", "knights"}, strings.Fields(w)...), "--session", session)...)
				scan("wrong play "+w, out+errOut) // a physical table may well accept it
			}
		}
	}
	for _, p := range []string{"main", "respond", "steal", "show", "take", "tax", "purge", "draft", "over"} {
		require.True(t, phases[p], "no game reached the %s phase: %v", p, phases)
	}
	t.Logf("%d outputs checked", checked)
}
