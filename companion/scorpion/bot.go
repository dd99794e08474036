package scorpion

import (
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// NormalIterations is how many search iterations a normal bot runs for a
// decision (hard runs five times as many): the think times, about
// 0.3 s normal and 1.5 s hard, within the 0.5 s and 2 s targets on one
// core, measured in CPU time over the decisions of whole games (docs/BOTS.md,
// "where the guards think the intruders are").
const NormalIterations = 80

// HardGuardIterations is a hard guard's search, a tenth under five times
// normal: a guard's decision rates more plays than an intruder's, and at
// 400 its 99th percentile reached the 2 s target against random intruders.
const HardGuardIterations = 360

// Searches is the iterations a bot of level lv playing side searches for a
// decision, at the table and in a hint with a seed.
func Searches(side engine.Side, lv bots.Level) int {
	if lv == bots.Hard && side == engine.Guards {
		return HardGuardIterations
	}
	return companion.Searches(lv, NormalIterations)
}

// WithBots adds the bot seats `new --bot ROLE[=LEVEL]` names, each role
// read as --as reads it (ruling SC-30): a bot plays a whole side, and a
// person plays the other.
func (o Options) WithBots(flags []string) (Options, error) {
	o.Bots = nil
	for _, f := range flags {
		seat, lv, err := companion.ParseBotFlag(f)
		if err != nil {
			return o, err
		}
		w, err := o.RoleWord(seat)
		if err != nil {
			return o, fmt.Errorf("--bot: %w", err)
		}
		at := slices.Index(o.Roles(), w)
		if at < 0 || w == WordModerator {
			return o, fmt.Errorf("--bot %s: a bot plays the guards or the intruders, not the %s", cut(seat), w)
		}
		o.Bots = append(o.Bots, companion.BotSeat{Seat: at, Level: lv.String()})
	}
	return o, o.validateBots()
}

// validateBots checks the stored bot seats as WithBots makes them, so an
// edited import is refused as new refuses its flags.
func (o Options) validateBots() error {
	if len(o.Bots) == 0 {
		return nil
	}
	players := len(o.Roles()) - 1 // the moderator plays no seat
	seen := map[int]bool{}
	for _, b := range o.Bots {
		if b.Seat < 0 || b.Seat >= players {
			return fmt.Errorf("--bot: seat %d: this game has seats 1 to %d (%s)", b.Seat+1, players, strings.Join(o.Roles()[:players], ", "))
		}
		w := o.Roles()[b.Seat]
		if seen[b.Seat] {
			return fmt.Errorf("--bot %s: named twice", w)
		}
		seen[b.Seat] = true
		if _, err := bots.ParseLevel(b.Level); err != nil {
			return fmt.Errorf("--bot %s: %w", w, err)
		}
	}
	if len(seen) == players {
		return fmt.Errorf("--bot: every seat is a bot, and a person must play one side (ninjakit simulate scorpion plays bots against bots)")
	}
	// A side is one team (SC-4, SC-5): its roles are all bots or all people.
	for seat, w := range o.Roles()[:players] {
		for mate, m := range o.Roles()[:players] {
			if seen[seat] && !seen[mate] && o.side(seat) == o.side(mate) {
				return fmt.Errorf("--bot %s: the %s play as one team, so a bot plays all of it: add --bot %s (or play %s yourselves)", w, o.sideName(seat), m, w)
			}
		}
	}
	return nil
}

// side is the side a seat (from 0) plays on.
func (o Options) side(seat int) engine.Side {
	if seat < o.Guards {
		return engine.Guards
	}
	return engine.Intruders
}

func (o Options) sideName(seat int) string { return o.side(seat).String() }

// Bot is the bot seat that plays role r, if a bot does.
func (o Options) Bot(r engine.Role) (companion.BotSeat, bool) {
	for _, b := range o.Bots {
		if o.Roles()[b.Seat] == r.String() {
			return b, true
		}
	}
	return companion.BotSeat{}, false
}

// botSide reports whether a bot plays side s.
func (o Options) botSide(s engine.Side) bool {
	for _, b := range o.Bots {
		if o.side(b.Seat) == s {
			return true
		}
	}
	return false
}

// refuseBot refuses a person acting as a bot's role.
func (t *Table) refuseBot(r Role) error {
	if r.Table || r.Engine == engine.RoleModerator {
		return nil
	}
	if _, ok := t.Options.Bot(r.Engine); ok {
		return fmt.Errorf("%w: the %s is a bot: the companion plays it", rules.ErrIllegal, r.Word)
	}
	return nil
}

// BotPending reports whether a bot may have a decision now: when it says
// no, NextBot has nothing to do, and a command need not read the session
// again to ask it.
func (t *Table) BotPending() bool {
	if over, _ := t.Game.Over(); over || len(t.Options.Bots) == 0 {
		return false
	}
	_, _, ok := t.botToAct()
	return ok
}

// NextBot is the action of the bot seat whose decision is pending in s,
// ready to log: the very event the person's command would log, and what
// the table is told of it (ruling SC-30). ok is false when no bot is to act
// or the game is over.
func NextBot(s companion.Session) (companion.BotPlay, bool, error) {
	var none companion.BotPlay
	t, err := Replay(s)
	if err != nil || len(t.Options.Bots) == 0 {
		return none, false, err
	}
	if over, _ := t.Game.Over(); over {
		return none, false, nil
	}
	role, b, ok := t.botToAct()
	if !ok {
		return none, false, nil
	}
	if t.Game.Phase() == engine.PhaseSetup {
		// The set-up goes command by command, each by its own role.
		if role, err = t.setupRole(s.Seed, role.Side()); err != nil {
			return none, false, err
		}
		b, _ = t.Options.Bot(role)
	}
	a, err := t.botAction(s.Seed, role, b)
	if err != nil {
		return none, false, err
	}
	if a.Verb == "" {
		return none, false, nil
	}
	before := t.Game.View(engine.RoleTable)
	r := Role{Word: role.String(), Engine: role}
	ev, err := t.act(r, a)
	if err != nil {
		return none, false, fmt.Errorf("the %s bot chose %q, which the engine refused: %w", role, a, err)
	}
	return companion.BotPlay{Seat: b.Seat, Level: b.Level, Event: ev, Said: t.said(before)}, true, nil
}

// botToAct is the first role the game waits on that a bot plays and that
// may act now (in an encounter the game waits on both intruders, but only
// the one who walked in answers).
func (t *Table) botToAct() (engine.Role, companion.BotSeat, bool) {
	for _, r := range t.Game.Waiting() {
		b, ok := t.Options.Bot(r)
		if !ok {
			continue
		}
		if t.Game.Phase() == engine.PhaseSetup || len(t.Game.Choices(r)) > 0 {
			return r, b, true
		}
	}
	return 0, companion.BotSeat{}, false
}

// botAction is what the bot playing role r does now: its side's next
// set-up step, a returning decoy's start and cards, or the search's choice
// on the engine interface (ruling E-6) from the seat's own view.
func (t *Table) botAction(seed uint64, r engine.Role, b companion.BotSeat) (engine.Action, error) {
	if t.Game.Phase() == engine.PhaseSetup {
		return t.setupStep(seed, r.Side())
	}
	if a, ok := t.decoyStep(seed, r); ok {
		return a, nil
	}
	st, err := t.engineState(seed)
	if err != nil {
		return engine.Action{}, err
	}
	seat, _ := st.Seat(r)
	o, err := b.Options(seed, NormalIterations)
	if err != nil {
		return engine.Action{}, err
	}
	o.Iterations = Searches(r.Side(), o.Level)
	d, err := bots.New(bots.NewScorpion(t.Data), o).Choose(bots.ViewOf(st, seat))
	if err != nil {
		return engine.Action{}, fmt.Errorf("the %s bot: %w", r, err)
	}
	return engine.ParseAction(string(d.Action))
}

// engineState is the game behind the engine interface, rebuilt by playing
// the whole log through it, so that its record of what every role has
// seen (what a determinization draws from, E-6) is the game's own.
func (t *Table) engineState(seed uint64) (*engine.State, error) {
	fresh, err := Start(t.Options, seed)
	if err != nil {
		return nil, err
	}
	st := engine.NewState(fresh.Game)
	for _, e := range t.fullLog()[1:] {
		seat, ok := st.Seat(e.Role)
		if !ok {
			return nil, fmt.Errorf("log entry %d: no seat plays the %s", e.Seq, e.Role)
		}
		if err := st.Act(seat, engine.Play(e.Action.String())); err != nil {
			return nil, fmt.Errorf("log entry %d replayed for the bot: %w", e.Seq, err)
		}
	}
	return st, nil
}

// botRand is a bot side's own random source for one purpose, from the
// side's first seat's private seed, never the game's.
func (t *Table) botRand(seed uint64, s engine.Side, what string) *rand.Rand {
	first := 0
	if s == engine.Intruders {
		first = t.Options.Guards
	}
	h := fnv.New64a()
	h.Write([]byte(what))
	return rand.New(rand.NewPCG(companion.BotSeed(seed, first), h.Sum64()))
}

// step is one command of a bot side's set-up.
type step struct {
	role   engine.Role
	action string
}

// setupStep is the bot side's next set-up command. The whole set-up is
// drawn at once as the engine's own random fill draws it (the prior every
// determinization assumes, E-6), but on a game of its own seeded from the
// bot's seed, and typed as a person would type it: the commands say what
// goes where, so the log replays it without any random source, and the
// engine's filter shows the hidden parts to that side alone.
func (t *Table) setupStep(seed uint64, s engine.Side) (engine.Action, error) {
	st, err := t.nextSetup(seed, s)
	if err != nil || st.action == "" {
		return engine.Action{}, err
	}
	return engine.ParseAction(st.action)
}

// setupRole is the role that types the bot side's next set-up command.
func (t *Table) setupRole(seed uint64, s engine.Side) (engine.Role, error) {
	st, err := t.nextSetup(seed, s)
	return st.role, err
}

// nextSetup is the bot side's next set-up command: the plan's first not
// yet logged (only the bots type that side's commands); none when all are.
func (t *Table) nextSetup(seed uint64, s engine.Side) (step, error) {
	plan, err := t.setupPlan(seed, s)
	if err != nil {
		return step{}, err
	}
	done := 0
	for _, e := range t.fullLog()[1:] {
		if e.Role.Side() == s {
			done++
		}
	}
	if done >= len(plan) {
		return step{role: plan[len(plan)-1].role}, nil
	}
	return plan[done], nil
}

// setupPlan is the bot side's set-up, command by command.
func (t *Table) setupPlan(seed uint64, s engine.Side) ([]step, error) {
	g, err := engine.New(t.Data, t.Options.Guards, t.botRand(seed, s, "set-up").Uint64())
	if err != nil {
		return nil, err
	}
	random, _ := engine.ParseAction("random")
	if s == engine.Guards {
		first := engine.RoleGuard
		if t.Options.Guards == 2 {
			first = engine.RoleSword
		}
		if _, err := g.Apply(first, random); err != nil {
			return nil, err
		}
		return guardPlan(g.View(first), first, t.Options.Guards), nil
	}
	for _, r := range []engine.Role{engine.RoleNinja, engine.RoleTraitor} {
		if _, err := g.Apply(r, random); err != nil {
			return nil, err
		}
	}
	v := g.View(engine.RoleNinja)
	plan := []step{}
	for i, r := range []engine.Role{engine.RoleNinja, engine.RoleTraitor} {
		in := v.Intruders[i]
		plan = append(plan, step{r, "start " + in.Zone}, step{r, "deck " + cardWords(in.Hand)})
		if i == 0 {
			plan = append(plan, step{r, "passage " + strings.Join(v.Passage, " ")})
		}
		plan = append(plan, step{r, "show"})
	}
	return append(plan, step{engine.RoleNinja, "ready"}, step{engine.RoleTraitor, "ready"}), nil
}

// guardPlan types the guards' set-up of v: sentries, patrols, sleeping
// guards, hidden things, each guard player's hand, ready.
func guardPlan(v engine.View, first engine.Role, players int) []step {
	typed := func(z, typ string) string {
		if typ == "" {
			return z
		}
		return z + ":" + typ
	}
	var posts []string
	patrols := map[int][]engine.GuardView{}
	for _, f := range v.Guards {
		if f.Patrol == 0 {
			posts = append(posts, typed(f.Zone, f.Type))
			continue
		}
		patrols[f.Patrol] = append(patrols[f.Patrol], f)
	}
	plan := []step{{first, "posts " + strings.Join(posts, " ")}}
	for _, p := range slices.Sorted(maps.Keys(patrols)) {
		fs := patrols[p]
		c := "patrol " + fs[0].Zone + "/" + fs[0].Facing
		if players == 2 {
			var ts []string
			for _, f := range fs {
				ts = append(ts, f.Type)
			}
			c += " " + strings.Join(ts, "+")
		}
		plan = append(plan, step{first, c})
	}
	var sleep, hide []string
	for _, z := range slices.Sorted(maps.Keys(v.SleepingAt)) {
		for range v.SleepingAt[z] {
			sleep = append(sleep, z)
		}
	}
	for _, z := range slices.Sorted(maps.Keys(v.Hidden)) {
		hide = append(hide, z+"="+v.Hidden[z])
	}
	plan = append(plan, step{first, "sleep " + strings.Join(sleep, " ")}, step{first, "hide " + strings.Join(hide, " ")})
	for _, h := range v.Hands {
		r, _ := engine.ParseRole(h.Player)
		plan = append(plan, step{r, "hand " + cardWords(h.Cards)})
	}
	return append(plan, step{first, "ready"})
}

// cardWords writes card counts as a command takes them: CARD:N, a name's
// spaces as dashes, in name order.
func cardWords(m map[string]int) string {
	var w []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		w = append(w, fmt.Sprintf("%s:%d", strings.ReplaceAll(k, " ", "-"), m[k]))
	}
	return strings.Join(w, " ")
}

// decoyStep is a returning bot intruder's start, then his cards, drawn
// from the bot's seed as at set-up (any start zone, any cards of his).
func (t *Table) decoyStep(seed uint64, r engine.Role) (engine.Action, bool) {
	i := 0
	if r == engine.RoleTraitor {
		i = 1
	}
	in := t.Game.View(r).Intruders[i]
	if !in.Returning {
		return engine.Action{}, false
	}
	rng := t.botRand(seed, engine.Intruders, fmt.Sprintf("decoy %s %d", r, t.Game.Turn()))
	if in.Zone == "" {
		var starts []string
		for _, c := range t.Game.Choices(r) {
			if strings.HasPrefix(c, "start ") {
				starts = append(starts, c)
			}
		}
		if len(starts) > 0 {
			a, err := engine.ParseAction(starts[rng.IntN(len(starts))])
			return a, err == nil
		}
	}
	cards, size := t.Data.Ninja, t.Data.Setup.Decoy.NinjaCards
	if r == engine.RoleTraitor {
		cards, size = t.Data.Traitor, t.Data.Setup.Decoy.TraitorCards
	}
	var all []string
	for _, c := range cards {
		for range c.Count {
			all = append(all, c.Name)
		}
	}
	rules.Shuffle(rng, all)
	pick := map[string]int{}
	for _, c := range all[:min(size, len(all))] {
		pick[c]++
	}
	a, err := engine.ParseAction("deck " + cardWords(pick))
	return a, err == nil
}

// BotNames lists the bot seats as "guard (easy)".
func (o Options) BotNames() []string {
	var out []string
	for _, b := range o.Bots {
		out = append(out, fmt.Sprintf("%s (%s)", o.Roles()[b.Seat], b.Level))
	}
	return out
}
