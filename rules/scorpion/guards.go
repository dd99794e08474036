package scorpion

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

const (
	cKenjutsu = "Kenjutsu"
	cSSearch  = "Sentry Search"
	cSListen  = "Sentry Listen"
	cPListen  = "Patrol Listen"
	cPSearch  = "Patrol Search"
	cAwaken   = "Awaken"
	cPassage  = "Secret Passage"
	cRope     = "Rope"
	cWalk     = "Shadow Walk"
	cShuriken = "Shuriken"
	cCat      = "It Was A Cat"
	cSake     = "Potent Sake"
)

// cardOK checks that r may play card now and holds it.
func (g *Game) cardOK(r Role, a Action, card string, n int) error {
	h := g.hands[r]
	switch g.phase {
	case PhaseAlert:
		if !g.drew {
			return g.refuse(a, "draw first (draw 0 to draw nothing)")
		}
		if h.Drawn[card] < n {
			return g.secret(r, a, notNow, "in the alert phase only the cards just drawn are played: you drew %d %s", h.Drawn[card], card)
		}
	case PhaseCards:
		if card != cKenjutsu && g.freeUsed {
			return g.refuse(a, "the free listen was taken: no cards this turn")
		}
		if card != cKenjutsu && g.phased >= 2 {
			return g.refuse(a, "two cards are played already this turn")
		}
	case PhasePatrol:
		if card != cKenjutsu {
			return g.refuse(a, "in the patrol phase only Kenjutsu is played")
		}
	}
	if h.Hand[card] < n {
		return g.secret(r, a, notNow, "you hold %d %s", h.Hand[card], card)
	}
	return nil
}

// play spends a card from r's hand; it goes back into the draw deck
// unless it marks a wound or stays out (Secret Passage).
func (g *Game) play(r Role, card string) {
	h := g.hands[r]
	h.Hand[card]--
	if h.Drawn[card] > 0 {
		h.Drawn[card]--
	}
	g.played++
	if g.phase == PhaseCards && card != cKenjutsu {
		g.phased++
	}
	if card != cKenjutsu && card != cPassage {
		h.Deck[card]++
	}
}

// guardRef picks a figure from a word Z[:type][#N]: the Nth figure there,
// or the first that ok accepts. ok returns why a figure will not do.
func (g *Game) guardRef(a Action, w string, ok func(*figure) string) (*figure, error) {
	base, nth, hasN := strings.Cut(w, "#")
	zw, typ, _ := strings.Cut(base, ":")
	z := zoneWord(zw)
	var cands []*figure
	for _, f := range g.inZone(z) {
		if typ == "" || strings.EqualFold(f.Type, typ) {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		return nil, g.refuse(a, "no guard at %s", w)
	}
	if hasN {
		n, err := strconv.Atoi(nth)
		if err != nil || n < 1 || n > len(cands) {
			return nil, g.refuse(a, "%s: there are %d guard(s) there", w, len(cands))
		}
		if why := ok(cands[n-1]); why != "" {
			return nil, g.refuse(a, "%s", why)
		}
		return cands[n-1], nil
	}
	why := ""
	for _, f := range cands {
		if why = ok(f); why == "" {
			return f, nil
		}
	}
	return nil, g.refuse(a, "%s", why)
}

// mine checks a guard a card of r may be played on: awake, of r's type,
// no card on him yet this turn.
func (g *Game) mine(r Role, f *figure) string {
	switch {
	case f.Drunk:
		return "a drunk guard takes no cards"
	case r.guardType() != "" && f.Type != r.guardType() && (f.Patrol == 0 || !g.patrolHas(f.Patrol, r.guardType())):
		return fmt.Sprintf("the %s plays only on %s guards", r, r.guardType())
	case f.Carded:
		return "that guard has had a card this turn"
	}
	return ""
}

func (g *Game) patrolHas(p int, typ string) bool {
	for _, f := range g.figs {
		if f.Patrol == p && f.Type == typ {
			return true
		}
	}
	return false
}

func (g *Game) members(p int) []*figure {
	var out []*figure
	for i := range g.figs {
		if g.figs[i].Patrol == p {
			out = append(out, &g.figs[i])
		}
	}
	return out
}

// group is the figures a card moves: a sentry, or a whole patrol.
func (g *Game) group(f *figure) []*figure {
	if f.Patrol == 0 {
		return []*figure{f}
	}
	return g.members(f.Patrol)
}

func ids(fs []*figure) []int {
	var out []int
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}

// freeWord marks the free listen: listen Z free, plisten Z free.
const freeWord = "free"

// freeOpen reports whether the free listen may still be taken: card
// phase, no card played this turn (SC-13).
func (g *Game) freeOpen() bool {
	return g.phase == PhaseCards && g.played == 0 && !g.freeUsed
}

func (g *Game) listen(r Role, a Action) error {
	patrol := a.Verb == "plisten"
	free := len(a.Args) == 2
	if free && !strings.EqualFold(a.Args[1], freeWord) {
		return g.refuse(a, "write %s ZONE for the card, %s ZONE free for the free listen", a.Verb, a.Verb)
	}
	if g.phase == PhasePatrol {
		return g.refuse(a, "listening is for the alert and card phases")
	}
	f, err := g.guardRef(a, a.Args[0], func(f *figure) string {
		switch {
		case patrol && f.Patrol == 0:
			return "Patrol Listen needs a patrol"
		case !patrol && f.Patrol != 0:
			return "Sentry Listen needs a sentry, not a patrol"
		case f.Zone == passageID:
			return "guards in the secret passage cannot listen"
		}
		return g.mine(r, f)
	})
	if err != nil {
		return err
	}
	card := cSListen
	who := "the sentry"
	if patrol {
		card, who = cPListen, "the patrol"
	}
	if free {
		switch {
		case g.phase != PhaseCards:
			return g.refuse(a, "the free listen is taken in the card phase")
		case g.freeUsed:
			return g.refuse(a, "the free listen was taken this turn")
		case g.played > 0:
			return g.refuse(a, "a card was played this turn: no free listen")
		}
		if g.dry {
			return nil
		}
		g.freeUsed = true
		g.say("listen", "%s at %s listens (the free listen)", who, f.Zone)
	} else {
		if err := g.cardOK(r, a, card, 1); err != nil {
			return err
		}
		if g.dry {
			return nil
		}
		g.play(r, card)
		g.say("listen", "the %s plays %s: %s at %s listens", r, card, who, f.Zone)
	}
	grp := g.group(f)
	for _, m := range grp {
		m.Carded = true
	}
	heard := false
	for i := range g.in {
		in := &g.in[i]
		if in.onBoard() && in.Zone != passageID {
			// Distance 0 is in range: an unseen intruder in the
			// listener's own zone is heard (SC-11).
			d := g.dist(f.Zone, in.Zone)
			heard = heard || (d >= 0 && d <= in.Noise && in.Noise > 0)
		}
	}
	p := pend{Kind: pCat, Role: r, Guards: ids(grp), Heard: heard, Zone: f.Zone}
	if g.intr(RoleTraitor).onBoard() {
		g.pending = append(g.pending, p)
		g.say("wait", "the traitor may answer: cat or pass")
		return nil
	}
	g.heard(p, false)
	return nil
}

// heard gives a listen's result: It Was A Cat makes it nothing.
func (g *Game) heard(p pend, cat bool) {
	if !p.Heard || cat {
		g.say("listen", "the guards at %s hear nothing", p.Zone)
		return
	}
	g.raise(1)
	g.say("listen", "the guards at %s hear something: the alert rises to %s", p.Zone, alertNames[g.alert])
	g.pending = append(g.pending, pend{Kind: pFollow, Role: p.Role, Guards: p.Guards, Zone: p.Zone})
}

// dist is the number of zones between a and b, walls and moats ignored
// (-1: none, as from the passage), from the map's table.
func (g *Game) dist(a, b string) int {
	if a == b {
		return 0
	}
	bd := g.board()
	x, okA := bd.index[a]
	y, okB := bd.index[b]
	if !okA || !okB {
		return -1
	}
	return int(bd.dist[x][y])
}

// path checks a guard route from start: adjacent steps, no walls, the
// passage only through a discovered entrance once the guards' card is
// out, and entering the passage ends the route.
func (g *Game) path(a Action, start string, steps []string, passage bool) ([]string, error) {
	if len(steps) > 2 {
		return nil, g.refuse(a, "a guard moves at most 2 zones")
	}
	var out []string
	at := start
	for i, w := range steps {
		z := zoneWord(w)
		switch {
		case at == passageID:
			if !slices.Contains(g.passage[:], z) {
				return nil, g.refuse(a, "the secret passage does not come out at %s", z)
			}
		case z == passageID:
			if !passage || !g.gPassage {
				return nil, g.refuse(a, "the guards cannot use the secret passage that way")
			}
			if !g.discovered(at) {
				return nil, g.refuse(a, "%s is not a known entrance of the secret passage", at)
			}
			if i != len(steps)-1 {
				return nil, g.refuse(a, "entering the secret passage ends the move")
			}
		default:
			bd := g.board()
			zi, ok := bd.index[z]
			if !ok {
				return nil, g.refuse(a, "no zone %s", z)
			}
			ai := bd.index[at]
			if bd.over[ai].has(zi) {
				return nil, g.refuse(a, "guards do not cross the wall between %s and %s", at, z)
			}
			if !bd.near[ai].has(zi) {
				return nil, g.refuse(a, "%s is not next to %s", z, at)
			}
		}
		out = append(out, z)
		at = z
	}
	return out, nil
}

func (g *Game) discovered(z string) bool {
	for i, e := range g.passage {
		if e == z && g.disc[i] {
			return true
		}
	}
	return false
}

// walk moves figures along a checked path; meeting an intruder ends it.
func (g *Game) walk(fs []*figure, steps []string) string {
	ids := ids(fs)
	at := g.fig(ids[0]).Zone
	for _, z := range steps {
		from := at
		for _, id := range ids {
			g.fig(id).Zone = z
		}
		at = z
		if from == passageID {
			g.discover(z)
		}
		if g.guardEnters(z) {
			break
		}
	}
	g.sortFigs()
	return at
}

// guardEnters reveals the intruders in z: alert high.
func (g *Game) guardEnters(z string) bool {
	hit := false
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		in := g.intr(r)
		if in.onBoard() && in.Zone == z {
			hit = true
			in.Revealed = true
			g.alert = AlertHigh
			g.say("found", "a guard walks in on the %s at %s: the alert goes to high", r, z)
		}
	}
	return hit
}

func (g *Game) discover(z string) {
	for i, e := range g.passage {
		if e == z && !g.disc[i] {
			g.disc[i] = true
			g.say("passage", "the guards find an entrance of the secret passage at %s", z)
		}
	}
}

func (g *Game) sentrySearch(r Role, a Action) error {
	if g.phase == PhasePatrol {
		return g.refuse(a, "only Kenjutsu is played in the patrol phase")
	}
	f, err := g.guardRef(a, a.Args[0], func(f *figure) string {
		if f.Patrol != 0 {
			return "Sentry Search moves a sentry, not a patrol"
		}
		return g.mine(r, f)
	})
	if err != nil {
		return err
	}
	steps, err := g.path(a, f.Zone, a.Args[1:], true)
	if err != nil {
		return err
	}
	if err := g.cardOK(r, a, cSSearch, 1); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	g.play(r, cSSearch)
	from := f.Zone
	f.Carded, f.Moved = true, true
	g.say(KindGuardMove, "the %s plays Sentry Search: the sentry at %s moves %s", r, from, strings.Join(steps, " "))
	g.walk([]*figure{f}, steps)
	return nil
}

func (g *Game) patrolSearch(r Role, a Action) error {
	if g.phase == PhasePatrol {
		return g.refuse(a, "only Kenjutsu is played in the patrol phase")
	}
	args := a.Args[1:]
	face := ""
	if last := args[len(args)-1]; strings.HasPrefix(last, "/") {
		face = zoneWord(last[1:])
		args = args[:len(args)-1]
	}
	if len(args) == 0 {
		return g.refuse(a, "name the zones the patrol moves through")
	}
	f, err := g.guardRef(a, a.Args[0], func(f *figure) string {
		if f.Patrol == 0 {
			return "Patrol Search moves a patrol"
		}
		n := 0
		for _, m := range g.members(f.Patrol) {
			if m.Carded {
				return "a guard of that patrol has had a card this turn"
			}
			n++
		}
		if n < 2 {
			return "a patrol of one guard cannot Patrol Search"
		}
		return g.mine(r, f)
	})
	if err != nil {
		return err
	}
	steps, err := g.path(a, f.Zone, args, false)
	if err != nil {
		return err
	}
	end := steps[len(steps)-1]
	if face != "" && !slices.Contains(g.d.TrackNext(end), face) {
		return g.refuse(a, "a patrol at %s cannot face %s", end, face)
	}
	if err := g.cardOK(r, a, cPSearch, 1); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	g.play(r, cPSearch)
	grp := g.members(f.Patrol)
	for _, m := range grp {
		m.Carded, m.Moved = true, true
	}
	p := f.Patrol
	g.say(KindGuardMove, "the %s plays Patrol Search: the patrol at %s moves %s", r, f.Zone, strings.Join(steps, " "))
	at := g.walk(grp, steps)
	delete(g.came, p)
	g.setFacing(p, at, face)
	return nil
}

// setFacing points a patrol that a card moved or that stands on the
// track: the chosen way, or the first it may take. It reports whether the
// chosen way was taken.
func (g *Game) setFacing(p int, at, face string) bool {
	next := ways(g.d.TrackNext(at), g.came[p])
	switch {
	case len(next) == 0:
		delete(g.facing, p)
	case slices.Contains(next, face):
		g.facing[p] = face
		return true
	default:
		g.facing[p] = next[0]
	}
	return false
}

// ways is the track's ways out of a zone but the one a patrol came in by:
// patrols never turn back (SC-6).
func ways(next []string, came string) []string {
	if !slices.Contains(next, came) {
		return next
	}
	out := make([]string, 0, len(next)-1)
	for _, n := range next {
		if n != came {
			out = append(out, n)
		}
	}
	return out
}

func (g *Game) awaken(r Role, a Action) error {
	if g.phase == PhasePatrol {
		return g.refuse(a, "only Kenjutsu is played in the patrol phase")
	}
	if total(g.sleeping) == 0 {
		f, err := g.guardRef(a, a.Args[0], func(f *figure) string {
			if !f.Drunk {
				return "nobody sleeps any more: Awaken sobers up a drunk guard"
			}
			if t := r.guardType(); t != "" && f.Type != t {
				return fmt.Sprintf("the %s plays only on %s guards", r, t)
			}
			return ""
		})
		if err != nil {
			return err
		}
		if len(a.Args) > 1 {
			return g.refuse(a, "a sobered guard does not move")
		}
		if err := g.cardOK(r, a, cAwaken, 1); err != nil {
			return err
		}
		if g.dry {
			return nil
		}
		g.play(r, cAwaken)
		f.Drunk, f.Carded = false, true
		g.say("card", "the %s plays Awaken: the drunk guard at %s sobers up", r, f.Zone)
		return nil
	}
	if g.count() >= g.d.Setup.GuardCap {
		return g.refuse(a, "%d guards are on the board: nobody more wakes", g.d.Setup.GuardCap)
	}
	b := zoneWord(a.Args[0])
	if zone, ok := g.d.Zone(b); !ok || !zone.Barracks {
		return g.refuse(a, "%s is not a barracks", b)
	}
	steps, err := g.path(a, b, a.Args[1:], false)
	if err != nil {
		return err
	}
	if g.sleeping[b] == 0 {
		return g.secret(r, a, notNow, "nobody sleeps at %s", b)
	}
	if err := g.cardOK(r, a, cAwaken, 1); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	g.play(r, cAwaken)
	g.sleeping[b]--
	if g.sleeping[b] == 0 {
		delete(g.sleeping, b)
	}
	f := g.addFig(b, r.guardType(), 0)
	f.Carded, f.Moved = true, true
	id := f.ID
	g.say(KindGuardMove, "the %s plays Awaken: a guard wakes at %s", r, b)
	if g.guardEnters(b) || len(steps) == 0 {
		return nil
	}
	g.say(KindGuardMove, "the woken guard moves %s", strings.Join(steps, " "))
	g.walk([]*figure{g.fig(id)}, steps)
	return nil
}

func (g *Game) guardPassage(r Role, a Action) error {
	if len(a.Args) != 1 {
		return g.refuse(a, "write passage ZONE: the sentry at that known entrance enters")
	}
	if g.phase == PhasePatrol {
		return g.refuse(a, "only Kenjutsu is played in the patrol phase")
	}
	f, err := g.guardRef(a, a.Args[0], func(f *figure) string {
		switch {
		case f.Patrol != 0:
			return "only a sentry enters the secret passage"
		case !g.discovered(f.Zone):
			return f.Zone + " is not a known entrance of the secret passage"
		}
		return g.mine(r, f)
	})
	if err != nil {
		return err
	}
	if err := g.cardOK(r, a, cPassage, 1); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	g.play(r, cPassage)
	g.gPassage = true
	from := f.Zone
	f.Zone, f.Carded, f.Moved = passageID, true, true
	g.sortFigs()
	g.say(KindGuardMove, "the %s plays Secret Passage: the sentry at %s enters the secret passage", r, from)
	g.guardEnters(passageID)
	return nil
}

func (g *Game) guardKenjutsu(r Role, a Action) error {
	if len(a.Args) < 2 {
		return g.refuse(a, "write kenjutsu ZONE ninja|traitor [N]")
	}
	z := zoneWord(a.Args[0])
	who, err := ParseRole(a.Args[1])
	if err != nil || who.Side() != Intruders {
		return g.refuse(a, "attack the ninja or the traitor")
	}
	n := 1
	if len(a.Args) == 3 {
		if n, err = strconv.Atoi(a.Args[2]); err != nil || n < 1 {
			return g.refuse(a, "%q is not a number of attacks", a.Args[2])
		}
	}
	in := g.intr(who)
	if !in.onBoard() || !in.Revealed || in.Zone != z {
		return g.refuse(a, "the %s is not revealed at %s", who, z)
	}
	var by []*figure
	for _, f := range g.inZone(z) {
		if !f.Drunk && !f.Attacked && (r.guardType() == "" || f.Type == r.guardType()) {
			by = append(by, f)
		}
	}
	if n > len(by) {
		return g.refuse(a, "%d of your guards at %s may still attack this turn", len(by), z)
	}
	if left := g.maxWounds(who) - in.Wounds; n > left {
		return g.refuse(a, "the %s dies after %d more wound(s)", who, left)
	}
	if err := g.cardOK(r, a, cKenjutsu, n); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	for _, f := range by[:n] {
		g.play(r, cKenjutsu)
		f.Attacked = true
		in.Wounds++
		in.WoundBy = append(in.WoundBy, r)
	}
	g.alert = AlertHigh
	g.say("attack", "the %s strikes the %s at %s with %d Kenjutsu: %d wound(s) of %d; the alert goes to high", r, who, z, n, in.Wounds, g.maxWounds(who))
	if in.Wounds >= g.maxWounds(who) {
		g.die(who)
	}
	return nil
}

func (g *Game) maxWounds(r Role) int {
	if r == RoleNinja {
		return g.d.Setup.Wounds.Ninja
	}
	return g.d.Setup.Wounds.Traitor
}

// die takes an intruder off the board; before the decoy turn his first
// death is a decoy: he returns and the guards get their bonus at once.
func (g *Game) die(r Role) {
	in := g.intr(r)
	for _, by := range in.WoundBy {
		g.hands[by].Discard[cKenjutsu]++
	}
	in.Dead, in.Zone, in.Revealed, in.WoundBy, in.Hand, in.Chosen = true, "", false, nil, nil, nil
	g.pending = slices.DeleteFunc(g.pending, func(p pend) bool {
		return (p.Kind == pCat || p.Kind == pTrapCat) && r == RoleTraitor || p.Who == r && (p.Kind == pEncounter || p.Kind == pHidden)
	})
	if g.turn < g.d.Setup.Decoy.BeforeTurn && !in.Decoyed {
		in.Decoyed, in.Return = true, true
		g.say("death", "the %s dies, but he was a decoy: a new %s comes at the next intruder phase", r, r)
		g.pending = append(g.pending, pend{Kind: pBonus})
		g.say("wait", "the guards take their decoy bonus: reinforce")
		return
	}
	in.Finished = true
	g.say("death", "the %s dies", r)
}

func (g *Game) reinforce(r Role, a Action) error {
	i := slices.IndexFunc(a.Args, func(w string) bool { return strings.EqualFold(w, "sleep") })
	cw, zw := a.Args, []string(nil)
	if i >= 0 {
		cw, zw = a.Args[:i], a.Args[i+1:]
	}
	h := g.hands[r]
	var m map[string]int
	if len(cw) > 0 {
		var err error
		if m, err = cardCounts(cw, cardNames(g.d.Guards)); err != nil {
			return g.secret(r, a, notNow, "%v", err)
		}
	}
	both := maps.Clone(h.Deck)
	for k, v := range h.Discard {
		both[k] += v
	}
	if k, ok := fits(m, both); !ok {
		return g.secret(r, a, notNow, "your draw deck and discard pile hold %d %s", both[k], k)
	}
	if total(m) > g.d.Setup.Decoy.GuardCardsBack {
		return g.refuse(a, "take at most %d cards", g.d.Setup.Decoy.GuardCardsBack)
	}
	room := 0
	for _, z := range g.d.Map.Zones {
		if z.Barracks {
			room += g.d.Setup.SleepingPerBarracks - g.sleeping[z.ID]
		}
	}
	want := min(room, g.d.Setup.Decoy.SleepingGuards)
	if len(zw) != want {
		return g.secret(r, a, notNow, "place %d sleeping guards: reinforce CARD:N ... sleep Z Z Z", want)
	}
	sl := maps.Clone(g.sleeping)
	for _, w := range zw {
		z := zoneWord(w)
		if zone, ok := g.d.Zone(z); !ok || !zone.Barracks {
			return g.secret(r, a, notNow, "%s is not a barracks", z)
		}
		sl[z]++
		if sl[z] > g.d.Setup.SleepingPerBarracks {
			return g.secret(r, a, notNow, "at most %d sleeping guards per barracks (%s)", g.d.Setup.SleepingPerBarracks, z)
		}
	}
	if g.dry {
		return nil
	}
	for k, v := range m {
		d := min(v, h.Deck[k])
		h.Deck[k] -= d
		h.Discard[k] -= v - d
		h.Hand[k] += v
	}
	h.Deck, h.Discard = minus(h.Deck, nil), minus(h.Discard, nil)
	g.sleeping = sl
	g.pending = g.pending[1:]
	g.tell("bonus", guardSide, fmt.Sprintf("the %s takes %d card(s) and places %d more sleeping guards", r, total(m), len(zw)),
		"the %s takes %s and places sleeping guards at %s", r, countText(m), strings.Join(zw, " "))
	return nil
}
