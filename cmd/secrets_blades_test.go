package cmd

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	"github.com/ninjakit/ninjakit/internal/sweep"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	"github.com/stretchr/testify/require"
)

// secretRoles are the roles of a 3-player game: the table and each seat.
var secretRoles = []string{"table", "1", "2", "3"}

// menus are messages that list every card kind whatever anyone holds (help
// for a mistyped move or card); a line naming all seven names none.
var menus = []string{
	"(attack, bomb, shuriken, double-kick, triple-kick, vanish, circle-kick, double-dragon, pass)",
	"(bomb, shuriken, double-kick, triple-kick, vanish, circle-kick, double-dragon)",
	"(B bomb, S shuriken, 2 double kick, 3 triple kick, V vanishing, C circle kick, D double dragon)",
	"the cards are Bomb, Shuriken, Double kick, Triple kick, Vanishing, Circle kick, Double Dragon",
}

// cardWord finds the name of a card kind in any output, in any case, with
// a space or dash inside ("Double kick", "double-kick").
var cardWord = regexp.MustCompile(`(?i)\b(bombs?|shuriken|double[- ]?kick|triple[- ]?kick|vanish(ing)?|circle[- ]?kick|double[- ]?dragon)\b`)

// positionCards finds the cards field of a position string.
var positionCards = regexp.MustCompile(`\b(hidden|open):([^ "]*)`)

// bladesKnowledge is what each role may know of the cards at one moment: the
// dealt hands, the kinds every seat has seen (its own deal) and the kinds
// played in public.
type bladesKnowledge struct {
	dealt  []engine.Hand
	hands  []engine.Hand // current hands
	kept   []engine.Hand // kept hands (zero while choosing)
	played map[engine.Kind]bool
}

// secretsNow replays the session the way the companion does and notes what
// each role may know.
func secretsNow(t *testing.T, name string) bladesKnowledge {
	t.Helper()
	code, out, errOut := run("sessions", "export", name, "-o", "-")
	require.Zero(t, code, errOut)
	s, err := companion.ParseExport([]byte(out))
	require.NoError(t, err)
	tb, err := cb.Replay(s)
	require.NoError(t, err)
	k := bladesKnowledge{dealt: tb.Setup.Hands, played: map[engine.Kind]bool{}}
	for i := range tb.Players() {
		k.hands = append(k.hands, tb.Pos.Hand(engine.Seat(i)))
		k.kept = append(k.kept, engine.Hand{})
	}
	for _, e := range tb.Log {
		switch e.Kind {
		case "keep":
			k.kept[e.Seat], _ = engine.ParseHand(e.Text)
		case "move":
			m, err := engine.ParseMove(tb.Pos.Board(), e.Text)
			require.NoError(t, err)
			if kind, ok := m.Action.Card(); ok {
				k.played[kind] = true
			}
		}
	}
	// A card play undo took back was seen by all (ruling B-19).
	for _, e := range s.Retracted {
		var d struct{ Move string }
		require.NoError(t, json.Unmarshal(e.Data, &d))
		if m, err := engine.ParseMove(tb.Pos.Board(), d.Move); err == nil {
			if kind, ok := m.Action.Card(); ok {
				k.played[kind] = true
			}
		}
	}
	return k
}

// leaks lists what an output tells role about cards it may not know: names
// of kinds dealt only to other seats (their hands, their discards) and not
// yet played, hand strings of other seats, or a position showing them.
// Card names the command itself typed are the role's own words.
func (k bladesKnowledge) leaks(role string, args []string, output string) []string {
	seat := -1
	if role != "table" {
		fmt.Sscan(role, &seat)
		seat--
	}
	allowed := map[engine.Kind]bool{}
	for kind := range k.played {
		allowed[kind] = true
	}
	if seat >= 0 {
		for _, kind := range k.dealt[seat].Kinds() {
			allowed[kind] = true
		}
	}
	for _, a := range args {
		for _, w := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ' ' }) {
			if kind, err := engine.ParseKind(w); err == nil {
				allowed[kind] = true
			}
		}
	}
	secret := map[engine.Kind]bool{}
	var handStrings []string
	for s := range k.dealt {
		if s == seat {
			continue
		}
		for _, kind := range k.dealt[s].Kinds() {
			if !allowed[kind] {
				secret[kind] = true
			}
		}
		for _, h := range []engine.Hand{k.dealt[s], k.hands[s], k.kept[s], k.dealt[s].Minus(k.kept[s])} {
			if h.Size() >= 3 {
				handStrings = append(handStrings, h.String())
			}
		}
	}
	var out []string
	text := output
	for _, m := range menus {
		text = strings.ReplaceAll(text, m, "")
	}
	for _, w := range cardWord.FindAllString(text, -1) {
		kind, err := engine.ParseKind(strings.ReplaceAll(strings.TrimSuffix(strings.ToLower(w), "s"), " ", "-"))
		if err != nil || secret[kind] {
			out = append(out, fmt.Sprintf("names %q", w))
		}
	}
	for _, f := range strings.FieldsFunc(output, func(r rune) bool { return !strings.ContainsRune("BS23VCD", r) }) {
		for _, h := range handStrings {
			if f == h {
				out = append(out, fmt.Sprintf("shows hand %s", h))
			}
		}
	}
	for _, m := range positionCards.FindAllStringSubmatch(output, -1) {
		for s, h := range strings.Split(strings.TrimRight(m[2], ","), ",") {
			if s != seat && m[1] == "hidden" && strings.TrimSuffix(h, "?") != "-" {
				out = append(out, fmt.Sprintf("position shows seat %d's hand %s", s+1, h))
			}
		}
	}
	return out
}

// secretGame drives one scripted Flying Blades game through the CLI and
// checks every output of every command against what its role may know.
type secretGame struct {
	t       *testing.T
	rng     *rand.Rand
	checked int
	refused int
	twins   int
	// twinChecks counts refusals compared between two hands.
	twinChecks int
	lastErr    string // stderr of the last command
	// known is what each role may know now; nil once a command may have
	// changed the session. A refusal changes nothing.
	known *bladesKnowledge
	// rounds and probed count the calls of views and probes, to rotate
	// the roles they read as.
	rounds, probed int
	// bot is the seat the companion plays, if any: a person looking
	// --as it may know only what the table knows.
	bot string
}

// readOnly are the verbs that never change the session.
var readOnly = map[string]bool{"status": true, "moves": true, "board": true, "log": true, "hint": true}

// do runs one command line for a role, checks its output (stdout and
// stderr) and reports whether it succeeded.
func (g *secretGame) do(role string, args ...string) bool {
	g.t.Helper()
	full := append(append([]string{"companion", "blades"}, args...), "--as", role, "--session", "secrets")
	code, out, errOut := run(full...)
	if code != 0 {
		g.refused++
		require.Equal(g.t, 1, strings.Count(errOut, "\n"), "%q: %s", full, errOut)
	}
	if code == 0 && !readOnly[args[0]] {
		g.known = nil
	}
	if g.known == nil {
		k := secretsNow(g.t, "secrets")
		g.known = &k
	}
	knows := role
	if role == g.bot {
		knows = "table"
	}
	if bad := g.known.leaks(knows, args, out+errOut); len(bad) > 0 {
		g.t.Fatalf("%q as %s: the output tells more than the role may know: %v\n%s%s", full, role, bad, out, errOut)
	}
	g.checked++
	g.lastErr = errOut
	return code == 0
}

// twin starts a session at the same position in which the player to move
// holds other cards (those it lacks, as far as the keep limit allows) and
// the other seats none, and returns its name and position.
func (g *secretGame) twin(tb *cb.Table) (string, *engine.Position) {
	r := engine.DefaultRules()
	mover := tb.Pos.Turn()
	held := tb.Pos.Hand(mover)
	var other engine.Hand
	for k := range other {
		if held[k] == 0 {
			if other[k] = 1; r.Price(other) > r.KeepLimit {
				other[k] = 0
			}
		}
	}
	hands := make([]string, tb.Players())
	for i := range hands {
		hands[i] = "-"
	}
	hands[mover] = other.String()
	f := strings.Fields(tb.Pos.String())
	f[4] = "hidden:" + strings.Join(hands, ",")
	g.twins++
	name := fmt.Sprintf("twin-%d", g.twins)
	pos := strings.Join(f, " ")
	code, _, errOut := run("companion", "blades", "new", "--session", name, "--position", pos)
	require.Zero(g.t, code, errOut)
	p, err := engine.ParsePosition(r, pos)
	require.NoError(g.t, err)
	return name, p
}

// views runs every read-only command for one role, a different one each
// round (every role each round under NINJAKIT_SWEEP=1), and asks for the
// position string, which holds every hand (ruling B-22).
func (g *secretGame) views() {
	g.rounds++
	for i, role := range secretRoles {
		if !sweep.Every(g.rounds+i, len(secretRoles), 0) {
			continue
		}
		for _, v := range [][]string{{"status"}, {"status", "--json"}, {"moves"}, {"moves", "--json"}, {"board"}, {"log"}, {"log", "--json"},
			{"moves", "bomb"}, {"moves", "Circle", "kick"}, {"moves", "--json", "double-dragon"}, {"moves", "attack"}} {
			require.True(g.t, g.do(role, v...), "%v as %s", v, role)
		}
		// A hint tells only its own seat's view; the table has none, and
		// a seat with nothing to decide is told so.
		for _, v := range [][]string{{"hint", "--level", "easy", "--seed", "1"}, {"hint", "--json", "--level", "random"}} {
			g.do(role, v...)
		}
		require.False(g.t, g.do("table", "hint", "--level", "easy"), "the table has no view to hint from")
		require.False(g.t, g.do(role, "position"), "hidden hands: no position without --reveal")
		require.False(g.t, g.do(role, "position", "--json"))
		if role != "table" {
			require.False(g.t, g.do(role, "position", "--reveal"), "only the whole table may reveal")
		}
	}
	// Revealed to the whole table on purpose, the position is the game,
	// and every role's log tells it for good.
	code, out, errOut := run("companion", "blades", "position", "--reveal", "--session", "secrets")
	require.Zero(g.t, code, errOut)
	g.known = nil
	tb := g.table()
	require.Equal(g.t, tb.Pos.String()+"\n", out)
	for _, role := range secretRoles {
		code, out, errOut := run("companion", "blades", "log", "--json", "--as", role, "--session", "secrets")
		require.Zero(g.t, code, errOut)
		var ls []cb.LogLine
		require.NoError(g.t, json.Unmarshal([]byte(out), &ls))
		require.Equal(g.t, cb.LogLine{Seq: len(tb.Log), Who: "table", Action: "showed the whole position, every hand included, with position --reveal"}, ls[len(ls)-1], role)
	}
	require.False(g.t, g.do("table", "undo"), "a reveal cannot be unseen")
	require.Contains(g.t, g.lastErr, "every hand with position --reveal: it cannot be taken back")
}

// probes tries every card for the player to move, as the table and as the
// other seats (half of them each time, in turn; all under NINJAKIT_SWEEP=1),
// along lines that suit some hand and at random.
func (g *secretGame) probes(tb *cb.Table) {
	g.probed++
	b := tb.Pos.Board()
	cell := func() string { return b.CellName(b.Cells()[g.rng.IntN(len(b.Cells()))]) }
	var own []engine.Cell
	for _, c := range b.Cells() {
		if col, ok := tb.Pos.At(c); ok && col == tb.Pos.Colour(tb.Pos.Turn()) {
			own = append(own, c)
		}
	}
	twin, twinPos := g.twin(tb)
	for w, word := range []string{"bomb", "shuriken", "double-kick", "triple-kick", "vanish", "circle-kick", "double-dragon"} {
		from := cell()
		if len(own) > 0 {
			from = b.CellName(own[g.rng.IntN(len(own))])
		}
		to := cell()
		if c, _ := b.ParseCell(from); len(b.Ray(c, 0)) > 0 {
			to = b.CellName(b.Ray(c, 0)[0])
		}
		move := []string{"move", word, from, to}
		if word == "circle-kick" {
			move = move[:3]
		}
		mover := fmt.Sprint(int(tb.Pos.Turn()) + 1)
		for r, role := range secretRoles {
			if !sweep.Every(g.probed+w+r, 2, 0) {
				continue
			}
			// A probe that happens to be legal would play the card for the
			// table or the mover; only the refused ones are probes.
			if (role == "table" || role == mover) && legal(tb.Pos, strings.Join(move[1:], " ")) {
				continue
			}
			require.False(g.t, g.do(role, move...))
			// Held or not, a role that may not see the hand is told the
			// same: the twin holds just the cards the mover lacks.
			// A probe legal in the twin would play there; it is skipped.
			if role != mover && !(role == "table" && legal(twinPos, strings.Join(move[1:], " "))) {
				code, _, errOut := run(append(append([]string{"companion", "blades"}, move...), "--as", role, "--session", twin)...)
				require.NotZero(g.t, code, "%v as %s in the twin", move, role)
				require.Equal(g.t, g.lastErr, errOut, "%v as %s: the answer depends on the hand", move, role)
				g.twinChecks++
			}
		}
	}
	require.False(g.t, g.do("table", "move", "jump", "a1", "a2"))
	require.False(g.t, g.do("table", "keep", "bomb"))
}

// legal reports whether the player to move could make the move with the
// cards actually held.
func legal(p *engine.Position, text string) bool {
	m, err := engine.ParseMove(p.Board(), text)
	return err == nil && p.Check(m) == nil
}

func (g *secretGame) table() *cb.Table {
	code, out, errOut := run("sessions", "export", "secrets", "-o", "-")
	require.Zero(g.t, code, errOut)
	s, err := companion.ParseExport([]byte(out))
	require.NoError(g.t, err)
	tb, err := cb.Replay(s)
	require.NoError(g.t, err)
	return tb
}

// TestBladesOutputsKeepSecrets plays a 3-player game with dealt hidden
// hands through the command line: keeps (refused, undone, redone), card
// plays, attacks, undo, refusals of every kind, passes to the end; after
// every step it runs every view for a role (each role in turn; all of them
// under NINJAKIT_SWEEP=1), and checks every output, refused or not, for
// cards the role may not know.
func TestBladesOutputsKeepSecrets(t *testing.T) {
	sweep.Sampled(t, "the views and probes after each step")
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	g := &secretGame{t: t, rng: rand.New(rand.NewPCG(27, 3))}
	code, out, errOut := run("companion", "blades", "new", "--session", "secrets", "--players", "3", "--seed", "2026", "--private-seed", "18446744073709551557")
	require.Zero(t, code, errOut)
	k := secretsNow(t, "secrets")
	require.Empty(t, k.leaks("table", nil, out), "new")
	g.views()

	// Choosing: the table cannot keep; too dear a keep is refused; a keep
	// is undone and made again; nobody moves before all have chosen.
	r := engine.DefaultRules()
	require.False(t, g.do("table", "keep", "bomb"))
	require.False(t, g.do("table", "move", "pass"))
	for seat := range 3 {
		as := fmt.Sprint(seat + 1)
		dealt := k.dealt[seat]
		require.False(t, g.do(as, "keep", strings.Join(kindWords(dealt), ",")), "a whole deal is dearer than the limit")
		// Asking for more than was dealt names only the kinds asked for,
		// counted in the seat's own hand.
		require.False(t, g.do(as, "keep", "9 bomb", "9 double-dragon"))
		require.Contains(t, g.lastErr, "you were dealt ")
		require.Contains(t, g.lastErr, "; you asked to keep 9 Bomb and 9 Double Dragon")
		var keep engine.Hand
		for _, kind := range dealt.Kinds() {
			if keep[kind]++; r.Price(keep) > r.KeepLimit {
				keep[kind]--
			}
		}
		words := kindWords(keep)
		if len(words) == 0 {
			words = []string{"none"}
		}
		require.True(t, g.do(as, append([]string{"keep"}, words...)...))
		if seat == 0 {
			require.True(t, g.do("table", "undo"))
			g.views()
			require.True(t, g.do(as, append([]string{"keep"}, words...)...))
		}
		require.False(t, g.do(as, "keep", "none"), "a seat chooses once")
		g.views()
	}

	// Playing: cards when held, otherwise attacks, typed by the table or by
	// the mover; refusals and undo along the way.
	cards := 0
	steps := 0
	for ; steps < 40; steps++ {
		tb := g.table()
		if tb.Pos.Phase() == engine.Over {
			break
		}
		g.probes(tb)
		var plays, attacks []string
		for _, m := range tb.Pos.LegalMoves(nil) {
			switch _, card := m.Action.Card(); {
			case card:
				plays = append(plays, m.Format(tb.Pos.Board()))
			case m.Action == engine.Attack:
				attacks = append(attacks, m.Format(tb.Pos.Board()))
			}
		}
		move := "pass"
		switch {
		case len(plays) > 0 && g.rng.IntN(3) > 0:
			move = plays[g.rng.IntN(len(plays))]
			cards++
		case len(attacks) > 0:
			move = attacks[g.rng.IntN(len(attacks))]
		}
		as := "table"
		if g.rng.IntN(2) == 0 {
			as = fmt.Sprint(int(tb.Pos.Turn()) + 1)
		}
		// Tables type the short forms too: two cells for an attack, pass,
		// a card's name as printed.
		typed := append([]string{"move"}, strings.Fields(move)...)
		switch f := strings.Fields(move); {
		case move == "pass" && g.rng.IntN(2) == 0:
			typed = []string{"pass"}
		case f[0] == "attack" && g.rng.IntN(2) == 0:
			typed = f[1:]
		case f[0] == "circle-kick" || f[0] == "double-dragon" || f[0] == "double-kick":
			typed = append([]string{strings.ToUpper(strings.Replace(f[0], "-", " ", 1))}, f[1:]...)
		}
		require.True(t, g.do(as, typed...), move)
		if g.rng.IntN(3) == 0 {
			// Undo takes back any move, a card play too (ruling B-19).
			require.True(t, g.do("table", "undo"))
			g.views()
			require.True(t, g.do(as, append([]string{"move"}, strings.Fields(move)...)...), move)
		}
		g.views()
	}
	require.Positive(t, cards, "the script played no card")

	// Everyone passes: the game ends; nothing more may be played.
	for g.table().Pos.Phase() != engine.Over {
		require.True(t, g.do("table", "move", "pass"))
	}
	g.views()
	require.Equal(t, "over", g.table().Status(cb.TableRole).Phase)
	require.False(t, g.do("table", "move", "pass"))
	require.False(t, g.do("2", "move", "shuriken", "a1", "a2"))
	require.False(t, g.do("table", "move", "bomb", "a1", "a3"))
	require.Greater(t, steps, 20, "the game ended too soon to test much")
	require.Positive(t, g.twinChecks)
	t.Logf("%d moves, %d outputs checked, %d of them refusals, %d compared with another hand, %d cards played", steps, g.checked, g.refused, g.twinChecks, cards)
}

func kindWords(h engine.Hand) []string {
	var out []string
	for _, k := range h.Kinds() {
		out = append(out, k.String())
	}
	return out
}

// TestSecretCheckerCatchesLeaks: the checker above must find a leaked card
// name, hand string or position, and let through what a role may know.
func TestSecretCheckerCatchesLeaks(t *testing.T) {
	hand := func(s string) engine.Hand { h, _ := engine.ParseHand(s); return h }
	k := bladesKnowledge{
		dealt:  []engine.Hand{hand("BSSV"), hand("2233C"), hand("DDV")},
		hands:  []engine.Hand{hand("BS"), hand("233"), hand("D")},
		kept:   []engine.Hand{hand("BS"), hand("233"), hand("D")},
		played: map[engine.Kind]bool{engine.Vanishing: true},
	}
	for role, out := range map[string]string{
		"table": "seat 2 Yellow 26 ninjas, 3 card(s): triple-kick",
		"1":     "Seat 3 holds a Double Dragon",
		"3":     `{"hand": "bomb, shuriken"}`,
		"2":     "discarded: BSSV",
		"1 ":    "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:BS,233,D 0,0,0",
	} {
		require.NotEmpty(t, k.leaks(strings.TrimSpace(role), nil, out), "%s: %s", role, out)
	}
	for role, out := range map[string]string{
		"table": "Seat 1 played vanish a1 a5.\nnot allowed: seat 2 cannot make that play; the reason is in a hidden hand, shown only with --as 2",
		"1":     "seat 1 Red 27 ninjas, 2 card(s): bomb, shuriken",
		"2":     "keeps double-kick, 2 triple-kick",
		"3":     "3:RYB 9/9/9/9/9/9/B8/YY7/RR7 1 0 hidden:-,-,D 0,0,0",
	} {
		require.Empty(t, k.leaks(role, nil, out), "%s: %s", role, out)
	}
	require.Empty(t, k.leaks("table", []string{"move", "circle", "e5"}, "a circle kick names only the kicking ninja"), "words the role typed")
	require.Empty(t, k.leaks("table", nil, `"jump" is not a move `+menus[0]))
}

// TestBladesBotSeatKeepsItsHandSecret plays a 3-player game with hidden
// hands in which the companion plays seat 2, through the command line:
// every output of every command, as every role (seat 2's too, which a
// person may read only as the table does), names no card of the bot's
// hand it has not played; nobody acts, hints or reveals for the bot; undo
// takes back the bot's moves with the person's (ruling C-23).
func TestBladesBotSeatKeepsItsHandSecret(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	t.Chdir(t.TempDir())
	g := &secretGame{t: t, rng: rand.New(rand.NewPCG(19, 4)), bot: "2"}
	code, out, errOut := run("companion", "blades", "new", "--session", "secrets", "--players", "3", "--seed", "2026", "--private-seed", "18446744073709551557", "--bot", "2=easy")
	require.Zero(t, code, errOut)
	k := secretsNow(t, "secrets")
	require.Empty(t, k.leaks("table", nil, out), "new")
	require.Contains(t, out, "(bot) keeps ")
	views := func() {
		for _, role := range secretRoles {
			for _, v := range [][]string{{"status"}, {"status", "--json"}, {"moves"}, {"moves", "--json"}, {"log"}, {"log", "--json"}, {"moves", "bomb"}} {
				require.True(t, g.do(role, v...), "%v as %s", v, role)
			}
			g.do(role, "hint", "--level", "random", "--seed", "1")
		}
		require.False(t, g.do("2", "hint", "--level", "easy"))
		require.Contains(t, g.lastErr, "seat 2 is played by the companion")
		require.False(t, g.do("table", "position", "--reveal"))
		require.Contains(t, g.lastErr, "which the companion plays and keeps hidden from everyone")
	}
	views()
	require.False(t, g.do("2", "keep", "none"))
	require.Contains(t, g.lastErr, "seat 2 is played by the companion")
	for _, seat := range []int{0, 2} {
		var keep engine.Hand
		for _, kind := range k.dealt[seat].Kinds() {
			if keep[kind]++; engine.DefaultRules().Price(keep) > engine.DefaultRules().KeepLimit {
				keep[kind]--
			}
		}
		words := kindWords(keep)
		if len(words) == 0 {
			words = []string{"none"}
		}
		require.True(t, g.do(fmt.Sprint(seat+1), append([]string{"keep"}, words...)...))
		views()
	}
	bot, undos := 0, 0
	for step := 0; step < 60; step++ {
		tb := g.table()
		if tb.Pos.Phase() == engine.Over {
			break
		}
		require.NotEqual(t, engine.Seat(1), tb.Pos.Turn(), "the bot acted within the last command")
		require.False(t, g.do("2", "move", "pass"), "nobody moves for the bot")
		var plays, attacks []string
		for _, m := range tb.Pos.LegalMoves(nil) {
			switch _, card := m.Action.Card(); {
			case card:
				plays = append(plays, m.Format(tb.Pos.Board()))
			case m.Action == engine.Attack:
				attacks = append(attacks, m.Format(tb.Pos.Board()))
			}
		}
		move := "pass"
		switch {
		case len(plays) > 0 && g.rng.IntN(2) == 0:
			move = plays[g.rng.IntN(len(plays))]
		case len(attacks) > 0 && step < 40:
			move = attacks[g.rng.IntN(len(attacks))]
		}
		as := "table"
		if g.rng.IntN(2) == 0 {
			as = fmt.Sprint(int(tb.Pos.Turn()) + 1)
		}
		before := len(tb.Log)
		require.True(t, g.do(as, append([]string{"move"}, strings.Fields(move)...)...), move)
		after := g.table()
		bot += len(after.Log) - before - 1
		if len(after.Log) > before+1 && g.rng.IntN(3) == 0 {
			// The undo takes the bot's moves back with the person's: the
			// same person is to move again, and the bot then replies alike.
			require.True(t, g.do("table", "undo"))
			undos++
			again := g.table()
			require.Equal(t, tb.Pos.String(), again.Pos.String(), "undo goes back to the person's decision")
			require.True(t, g.do(as, append([]string{"move"}, strings.Fields(move)...)...), move)
			require.Equal(t, after.Pos.String(), g.table().Pos.String(), "the bot replies as it did")
		}
		views()
	}
	require.Equal(t, engine.Over, g.table().Pos.Phase())
	require.Positive(t, bot, "the bot moved")
	require.Positive(t, undos, "an undo took back the bot's moves")
	t.Logf("%d outputs checked, %d bot moves, %d undos", g.checked, bot, undos)
}
