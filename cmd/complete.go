package cmd

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	cbl "github.com/ninjakit/ninjakit/companion/blind"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/blades"
	kengine "github.com/ninjakit/ninjakit/rules/knights"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Shell completion asks the program itself (cobra's hidden __complete
// command), so candidates come from the session file: session names, the
// players of the session, and the legal moves of its game. A completion
// never writes and never prints an error: whatever goes wrong (no file, a
// busy or damaged one, a session that does not replay) offers nothing.

// completionWait is how long completion waits for another command's lock:
// someone pressing tab wants an answer now, not in three seconds.
const completionWait = 200 * time.Millisecond

// setCompletion adds cobra's help and completion commands now instead of
// when the root runs, so the tree that tests walk is the tree users get.
func setCompletion(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help":
			c.Example = "  ninjakit help companion knights play"
			c.RunE = helpFor
		case "completion":
			c.Example = "  ninjakit completion bash\n  ninjakit completion zsh\n  ninjakit completion fish"
			for _, shell := range c.Commands() {
				shell.Example = "  ninjakit completion " + shell.Name()
			}
			gameGroup(c)
		}
	}
}

// helpFor is `help COMMAND`: cobra's help prints the root's usage with exit
// status 0 for a command it does not know; this refuses it in one line.
func helpFor(c *cobra.Command, args []string) error {
	target, rest, err := c.Root().Find(args)
	if err != nil || len(rest) > 0 || target == nil {
		return usagef("help: no command %s: see ninjakit help", rules.Quote(strings.Join(args, " ")))
	}
	target.InitDefaultHelpFlag()
	target.InitDefaultVersionFlag()
	return target.Help()
}

// prepareCompletion readies a tree that is about to answer a completion
// request. Only then: cobra keeps flag completions in a package-level map
// that never lets go of a flag, so registering them for every tree would
// keep alive each tree a test or a fuzzer builds. It also keeps cobra's own
// remarks (which shells discard anyway) off the error stream.
func prepareCompletion(root *cobra.Command, args []string) {
	if len(args) > 0 && strings.HasPrefix(args[0], cobra.ShellCompRequestCmd) {
		root.SetErr(io.Discard)
		addCompletions(root)
	}
}

// addCompletions gives c and every command below it completions for the
// flags they have, by the flag's name, so commands added later get them
// too. A command's arguments complete to nothing unless it says otherwise
// (a ValidArgsFunction): no command takes a file name without saying so.
func addCompletions(c *cobra.Command) {
	game := gameOf(c)
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if _, ok := c.GetFlagCompletionFunc(f.Name); ok || f.Value.Type() == "bool" {
			return
		}
		_ = c.RegisterFlagCompletionFunc(f.Name, flagCompletion(c, game, f.Name))
	})
	if c.ValidArgsFunction == nil && !c.HasSubCommands() {
		c.ValidArgsFunction = cobra.NoFileCompletions
	}
	for _, sub := range c.Commands() {
		addCompletions(sub)
	}
}

// gameOf is the game a command plays: the name of the command right below
// `companion` or `generate` on its path, or "".
func gameOf(c *cobra.Command) string {
	for ; c.HasParent(); c = c.Parent() {
		if p := c.Parent().Name(); p == "companion" || p == "generate" {
			return c.Name()
		}
	}
	return ""
}

// flagCompletion picks the completion of one flag.
func flagCompletion(c *cobra.Command, game, flag string) cobra.CompletionFunc {
	fixed := func(values ...string) cobra.CompletionFunc {
		return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			return matching(values, toComplete), cobra.ShellCompDirectiveNoFileComp
		}
	}
	// The knights table verbs have --by: their --as means who acts (a
	// player), not who looks (which may be the whole table).
	verb := c.Flags().Lookup("by") != nil
	switch {
	case flag == "output":
		return cobra.FixedCompletions(nil, cobra.ShellCompDirectiveDefault)
	case flag == "data":
		return cobra.FixedCompletions([]string{"json"}, cobra.ShellCompDirectiveFilterFileExt)
	case flag == "paper":
		return fixed("a4", "letter")
	case flag == "map" && game == sc.Game:
		return cobra.FixedCompletions([]string{"json"}, cobra.ShellCompDirectiveFilterFileExt)
	case flag == "guards" && game == sc.Game:
		return fixed("1", "2")
	case flag == "session" && c.Name() != "new" && game == sc.Game:
		return completeSessions(game)
	case flag == "as" && game == sc.Game:
		return func(c *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			roles := fromTable(c, sc.Game, sc.Replay, func(t *sc.Table) []string {
				return append([]string{"table\teveryone"}, t.Options.Roles()...)
			})
			return matching(roles, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
		}
	case flag == "mode" && game == cs.Game:
		return fixed("raid", "escape", "full")
	case flag == "decks" && game == cs.Game:
		return fixed("digital", "physical")
	case flag == "players" && game == cs.Game:
		return fixed("2", "3", "4")
	case flag == "session" && c.Name() != "new" && game == cs.Game:
		return completeSessions(game)
	case (flag == "as" || flag == "by" || flag == "of") && game == cs.Game:
		return func(c *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			names := fromTable(c, cs.Game, cs.Replay, func(t *cs.Table) []string {
				var out []string
				if flag == "as" {
					out = append(out, "table\teveryone")
				}
				for i, n := range t.Options.Names {
					out = append(out, n+"\tseat "+strconv.Itoa(i+1))
				}
				return out
			})
			return matching(names, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
		}
	case flag == "players" && game == cbl.Game:
		return fixed("2", "3", "4")
	case flag == "session" && c.Name() != "new" && game == cbl.Game:
		return completeSessions(game)
	case flag == "as" && game == cbl.Game:
		return func(c *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			names := fromTable(c, cbl.Game, cbl.Replay, func(t *cbl.Table) []string {
				out := []string{"table\teveryone"}
				for i, n := range t.Options.Names {
					out = append(out, n+"\tseat "+strconv.Itoa(i+1))
				}
				return out
			})
			return matching(names, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
		}
	case flag == "mode":
		return fixed("digital", "physical")
	case flag == "variant":
		return fixed("standard", "two-player")
	case flag == "cards" && game == cb.Game && c.Parent().Name() == "generate":
		return fixed("hidden", "dealt", "open", "none")
	case flag == "cards" && game == cb.Game:
		return fixed("dealt", "open", "none")
	case flag == "players" && game == cb.Game:
		return fixed("2", "3", "4", "5")
	case flag == "players" && game == ck.Game:
		return fixed("3", "4", "5", "6", "2")
	case flag == "session" && c.Name() != "new" && (game == cb.Game || game == ck.Game):
		return completeSessions(game)
	case flag == "as" && game == cb.Game:
		return completeBladesRoles
	case flag == "as" && game == ck.Game && !verb:
		return completeKnightsNames(true)
	case (flag == "as" || flag == "by" || flag == "from" || flag == "at") && game == ck.Game:
		return completeKnightsNames(false)
	}
	return cobra.NoFileCompletions
}

// matching keeps the candidates that start with what was typed, in any
// case; a candidate's description (after a tab) is not matched.
func matching(candidates []string, toComplete string) []string {
	var out []string
	for _, c := range candidates {
		word, _, _ := strings.Cut(c, "\t")
		if strings.HasPrefix(strings.ToLower(word), strings.ToLower(toComplete)) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// fromStore opens the session file read-only, briefly, and asks fn; any
// failure offers nothing.
func fromStore(fn func(st *companion.Store) []string) []string {
	path, err := companion.DefaultPath()
	if err != nil {
		return nil
	}
	st, err := companion.Open(path, companion.ReadOnly(), companion.WithTimeout(completionWait))
	if err != nil {
		return nil
	}
	defer st.Close()
	return fn(st)
}

// sessionNames lists the sessions of game (or of every game, for ""), each
// with its game and size as the description.
func sessionNames(game string) []string {
	return fromStore(func(st *companion.Store) []string {
		all, err := st.List()
		if err != nil {
			return nil
		}
		var out []string
		for _, s := range all {
			if game == "" || s.Game == game {
				out = append(out, fmt.Sprintf("%s\t%s, %s", s.Name, s.Game, strings.TrimSpace(eventCount(s.Game, s.Events))))
			}
		}
		return out
	})
}

func completeSessions(game string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return matching(sessionNames(game), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// completeSessionArg completes the one session name that `sessions show`,
// `export` and `delete` take.
func completeSessionArg(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return matching(sessionNames(""), toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeImportArg offers export files.
func completeImportArg(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
}

// fromTable rebuilds the session on the command line (--session, else the
// latest of the game) and asks fn.
func fromTable[T any](c *cobra.Command, game string, replay func(companion.Session) (T, error), fn func(T) []string) []string {
	return fromStore(func(st *companion.Store) []string {
		name, _ := c.Flags().GetString("session")
		if name == "" {
			var err error
			if name, err = st.Latest(game); err != nil {
				return nil
			}
		}
		s, err := st.Load(name)
		if err != nil {
			return nil
		}
		t, err := replay(s)
		if err != nil {
			return nil
		}
		return fn(t)
	})
}

// completeBladesRoles offers table, the seat numbers and the colours.
func completeBladesRoles(c *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	roles := fromTable(c, cb.Game, cb.Replay, func(t *cb.Table) []string {
		out := []string{"table\teveryone"}
		seats := t.Status(cb.TableRole).Seats
		for _, s := range seats {
			out = append(out, fmt.Sprintf("%d\t%s", s.Seat, s.Colour))
		}
		for _, s := range seats {
			out = append(out, fmt.Sprintf("%s\tseat %d", strings.ToLower(s.Colour), s.Seat))
		}
		return out
	})
	return matching(roles, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// bladesRole reads --as as the command will, and as its default (the
// table) when it is not on the line.
func bladesRole(c *cobra.Command, t *cb.Table) (cb.Role, error) {
	as, _ := c.Flags().GetString("as")
	return t.ParseRole(as)
}

// completeBladesMove completes a move word by word from the legal moves the
// role may see: with hidden hands only the player to move sees card plays,
// so the table (the default role) never gets a card play completed.
func completeBladesMove(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	moves := fromTable(c, cb.Game, cb.Replay, func(t *cb.Table) []string {
		r, err := bladesRole(c, t)
		if err != nil || !r.Table && r.Seat != t.Pos.Turn() {
			return nil
		}
		return t.Moves(r).Moves
	})
	return nextWords(moves, args, toComplete), cobra.ShellCompDirectiveNoFileComp
}

// nextWords completes the next word of a multi-word candidate whose first
// words are the arguments typed so far. A word typed with a space in it
// (a quoted move) is completed to the rest of the candidate.
func nextWords(candidates, args []string, toComplete string) []string {
	typed := strings.Fields(strings.ToLower(strings.Join(args, " ")))
	var out []string
	for _, cand := range candidates {
		fields := strings.Fields(cand)
		if len(fields) <= len(typed) || !slices.Equal(typed, lowerAll(fields[:len(typed)])) {
			continue
		}
		next := fields[len(typed)]
		if strings.Contains(toComplete, " ") {
			next = strings.Join(fields[len(typed):], " ")
		}
		out = append(out, next)
	}
	return matching(out, toComplete)
}

func lowerAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strings.ToLower(w)
	}
	return out
}

// completeBladesKeep offers the cards of the --as seat's dealt hand not yet
// named, while that seat is choosing; "none" keeps nothing.
func completeBladesKeep(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	cards := fromTable(c, cb.Game, cb.Replay, func(t *cb.Table) []string {
		r, err := bladesRole(c, t)
		if err != nil || r.Table || !t.Pos.Choosing(r.Seat) {
			return nil
		}
		left := t.Pos.Hand(r.Seat)
		for _, a := range args {
			for _, w := range strings.Split(a, ",") {
				if k, err := engine.ParseKind(w); err == nil && left[k] > 0 {
					left[k]--
				}
			}
		}
		var out []string
		if len(args) == 0 {
			out = append(out, "none\tkeep no card")
		}
		for k, n := range left {
			if n > 0 {
				out = append(out, fmt.Sprintf("%s\t%d left", engine.Kind(k), n))
			}
		}
		return out
	})
	return matching(cards, toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeKnightsNames offers the players' names, and "table" where the
// flag says who looks rather than who acts.
func completeKnightsNames(withTable bool) cobra.CompletionFunc {
	return func(c *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		names := fromTable(c, ck.Game, ck.Replay, func(t *ck.Table) []string {
			var out []string
			if withTable {
				out = append(out, "table\teveryone")
			}
			for i, n := range t.Options.Names {
				out = append(out, n+"\tseat "+strconv.Itoa(i+1))
			}
			return out
		})
		return matching(names, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
	}
}

// completeKnightsCards offers card names for a table verb. Who acts is only
// taken from the line: with --by (or --as, or play's --from) a player of a
// digital game is offered the cards in their hand, anyone else every card
// of the game, so pressing tab never shows a hand to the table.
func completeKnightsCards(v knightsVerb) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if !v.cards {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		if v.name == "steal" {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return matching([]string{"highwayman", "jester"}, toComplete), cobra.ShellCompDirectiveNoFileComp
		}
		if v.name == "pay" && len(args) == 0 {
			return matching([]string{"gems\tpay with gems", "cards\tpay with cards"}, toComplete), cobra.ShellCompDirectiveNoFileComp
		}
		if v.name == "pay" && args[0] != "cards" {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		all := make([]string, len(kengine.Cards))
		for i, card := range kengine.Cards {
			all[i] = card.String()
		}
		actor := actorOnLine(c)
		cards := all
		if actor != "" && v.name != "take" {
			cards = fromTable(c, ck.Game, ck.Replay, func(t *ck.Table) []string {
				seat, err := t.Seat(actor)
				if err != nil || t.Game.Mode() != kengine.Digital {
					return all
				}
				var hand []string
				for _, card := range t.Game.Hand(seat) {
					hand = append(hand, card.String())
				}
				return hand
			})
		}
		return matching(cards, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// actorOnLine is the player named on the command line as the one who acts:
// --by, --as, or play's --from (take's --from names someone else).
func actorOnLine(c *cobra.Command) string {
	actor := ""
	for _, f := range []string{"by", "as", "from"} {
		if c.Flags().Changed(f) && (f != "from" || c.Name() == "play") {
			actor, _ = c.Flags().GetString(f)
		}
	}
	return actor
}

// completeKnightsAct completes engine notation word by word from the legal
// actions of the player on the line, or of everyone where the table may see
// the choices: the role and the rule are those of the moves command.
func completeKnightsAct(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	acts := fromTable(c, ck.Game, ck.Replay, func(t *ck.Table) []string {
		r := ck.Role{Table: true}
		if actor := actorOnLine(c); actor != "" {
			seat, err := t.Seat(actor)
			if err != nil {
				return nil
			}
			r = ck.Role{Seat: seat}
		}
		if _, err := t.Moves(r); err != nil {
			return nil
		}
		legal := t.Game.LegalActions()
		if !r.Table {
			legal = t.Game.LegalActionsFor(r.Seat)
		}
		var out []string
		for _, a := range legal {
			out = append(out, a.String())
		}
		return out
	})
	return nextWords(acts, args, toComplete), cobra.ShellCompDirectiveNoFileComp
}

// completeScorpionWords completes a Scorpion Clan action word by word from
// the choices of the role on the line (--as): nothing without one, so tab
// never shows anyone another role's options.
func completeScorpionWords(verb string) cobra.CompletionFunc {
	return func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		as, _ := c.Flags().GetString("as")
		if !c.Flags().Changed("as") {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		choices := fromTable(c, sc.Game, sc.Replay, func(t *sc.Table) []string {
			r, err := t.ParseRole(as)
			if err != nil {
				return nil
			}
			return t.Game.Choices(r.Engine)
		})
		if verb != "" {
			args = append([]string{verb}, args...)
		}
		return nextWords(choices, args, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}
