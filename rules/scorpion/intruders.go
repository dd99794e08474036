package scorpion

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

func (g *Game) intruderTurn(r Role, a Action) error {
	in := g.intr(r)
	if !g.acting(r) {
		return g.refuse(a, "the %s's turn is over", r)
	}
	if in.Return {
		return g.comeBack(r, a)
	}
	switch a.Verb {
	case "move":
		return g.move(r, a)
	case "rope":
		return g.rope(r, a)
	case "passage":
		return g.enterPassage(r, a)
	case "search":
		return g.search(r, a)
	case "kenjutsu":
		return g.strike(r, a, "")
	case "shuriken":
		return g.shuriken(r, a, nil)
	case "leave":
		return g.leave(r, a)
	case "done":
		if g.mustMoveOn(in) {
			return g.secret(r, a, notNow, "after Shadow Walk the ninja may not stop in %s: move on", in.Zone)
		}
		if g.dry {
			return nil
		}
		in.Finished = true
		g.say("done", "the %s ends his turn", r)
		g.nextIntruders()
		return nil
	case "walk", "sake", "pass", "cat":
		return g.refuse(a, "%s answers a guard met or a listen; nothing waits for it", a.Verb)
	}
	return g.refuse(a, "the intruders cannot %s", a.Verb)
}

// mustMoveOn reports whether the ninja stands where he Shadow Walked
// past a sentry who is still there, with his move not yet over (SC-29).
func (g *Game) mustMoveOn(in *intruder) bool {
	return !in.Ended && in.WalkZone != "" && in.WalkZone == in.Zone && g.awake(in.Zone) > 0
}

// nextIntruders ends the intruders' phase once both have played.
func (g *Game) nextIntruders() {
	if len(g.pending) > 0 || g.acting(RoleNinja) || g.acting(RoleTraitor) {
		return
	}
	for i := range g.in {
		g.in[i].Noise = 0
		if g.in[i].onBoard() {
			g.in[i].Noise = g.in[i].Moves
		}
	}
	g.startTurn()
}

func (g *Game) maxMoves(in *intruder) int {
	if in.Shuriken {
		return 1
	}
	return 3
}

func (g *Game) canStep(r Role, a Action) error {
	in := g.intr(r)
	switch {
	case in.Ended:
		return g.secret(r, a, notNow, "the %s's move is over this turn", r)
	case in.Moves >= g.maxMoves(in):
		return g.secret(r, a, notNow, "the %s has moved %d zone(s), his most this turn", r, in.Moves)
	}
	return nil
}

func (g *Game) cardIn(r Role, a Action, card string, n int) error {
	if h := g.intr(r).Hand[card]; h < n {
		return g.secret(r, a, notNow, "the %s holds %d %s", r, h, card)
	}
	return nil
}

func (g *Game) spend(r Role, card string, n int) {
	g.intr(r).Hand[card] -= n
	if g.intr(r).Hand[card] == 0 {
		delete(g.intr(r).Hand, card)
	}
}

func (g *Game) move(r Role, a Action) error {
	in := g.intr(r)
	z := zoneWord(a.Args[0])
	if err := g.canStep(r, a); err != nil {
		return err
	}
	ends := false
	switch {
	case z == passageID:
		return g.secret(r, a, notNow, "enter the secret passage with passage")
	case in.Zone == passageID:
		if !slices.Contains(g.passage[:], z) {
			return g.secret(r, a, notNow, "the secret passage comes out at %s and %s", g.passage[0], g.passage[1])
		}
	default:
		if _, ok := g.d.Zone(z); !ok {
			return g.refuse(a, "no zone %s", z)
		}
		if !slices.Contains(g.d.Neighbours(in.Zone), z) {
			return g.secret(r, a, notNow, "%s is not next to %s", z, in.Zone)
		}
		if g.d.Wall(in.Zone, z) {
			if !g.ropes[pairOf(in.Zone, z)] {
				return g.secret(r, a, notNow, "a wall stands between %s and %s: rope %s", in.Zone, z, z)
			}
			ends = true
		}
	}
	if g.dry {
		return nil
	}
	g.enter(r, z, ends)
	return nil
}

func pairOf(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// enter moves an intruder one zone and meets what is there.
func (g *Game) enter(r Role, z string, ends bool) {
	in := g.intr(r)
	from := in.Zone
	for _, v := range []string{from, z} {
		if !slices.Contains(in.Visited, v) {
			in.Visited = append(in.Visited, v)
		}
	}
	in.Moves++
	in.Zone = z
	in.Ended = in.Ended || ends
	if in.WalkZone == from {
		in.WalkZone = ""
	}
	g.tell("step", intruderSide, "", "the %s moves to %s", r, z)
	if from == passageID {
		g.say("passage", "the %s leaves the secret passage", r)
	}
	figs := g.inZone(z)
	switch {
	case z == passageID && len(figs) > 0:
		in.Revealed = true
		g.alert = AlertHigh
		g.say("found", "the %s meets a guard in the secret passage and is detected: the alert goes to high", r)
	case g.awake(z) > 0:
		g.pending = append(g.pending, pend{Kind: pEncounter, Who: r, Zone: z})
	case len(figs) > 0:
		in.Revealed = true
		g.say("seen", "the %s walks in on the drunk guard at %s and is seen", r, z)
	default:
		g.hide(r)
	}
}

// hide takes an intruder's token off the board.
func (g *Game) hide(r Role) {
	in := g.intr(r)
	if in.Revealed {
		in.Revealed = false
		g.say("hidden", "the %s's token leaves the board: he is hidden again", r)
	}
}

func (g *Game) rope(r Role, a Action) error {
	in := g.intr(r)
	z := zoneWord(a.Args[0])
	if err := g.canStep(r, a); err != nil {
		return err
	}
	if in.Zone == passageID || !slices.Contains(g.d.Neighbours(in.Zone), z) || !g.d.Wall(in.Zone, z) {
		return g.secret(r, a, notNow, "no wall stands between %s and %s", in.Zone, z)
	}
	if g.ropes[pairOf(in.Zone, z)] {
		return g.secret(r, a, notNow, "a rope hangs there already: move %s", z)
	}
	if err := g.cardIn(r, a, cRope, 1); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	g.spend(r, cRope, 1)
	g.ropes[pairOf(in.Zone, z)] = true
	g.tell("rope", intruderSide, fmt.Sprintf("the %s plays Rope", r), "the %s hangs a rope between %s and %s and climbs it", r, in.Zone, z)
	g.enter(r, z, true)
	return nil
}

func (g *Game) enterPassage(r Role, a Action) error {
	in := g.intr(r)
	if len(a.Args) > 0 {
		return g.refuse(a, "during play an intruder enters the passage with passage alone")
	}
	if err := g.canStep(r, a); err != nil {
		return err
	}
	if !slices.Contains(g.passage[:], in.Zone) {
		return g.secret(r, a, notNow, "%s is not an entrance of the secret passage", in.Zone)
	}
	if !in.PassageOut {
		if err := g.cardIn(r, a, cPassage, 1); err != nil {
			return err
		}
	}
	if g.dry {
		return nil
	}
	if !in.PassageOut {
		g.spend(r, cPassage, 1)
		in.PassageOut = true
	}
	g.say("passage", "the %s enters the secret passage", r)
	g.enter(r, passageID, true)
	return nil
}

func (g *Game) search(r Role, a Action) error {
	in := g.intr(r)
	if g.mustMoveOn(in) {
		return g.secret(r, a, notNow, "after Shadow Walk the ninja may not stop in %s: search after moving on", in.Zone)
	}
	if in.Searched {
		return g.secret(r, a, notNow, "the %s has searched this turn", r)
	}
	var zs []string
	for _, w := range a.Args {
		z := zoneWord(w)
		if !slices.Contains(in.Visited, z) || z == passageID {
			return g.secret(r, a, notNow, "the %s did not move into or out of %s this turn", r, z)
		}
		if slices.Contains(zs, z) {
			return g.secret(r, a, notNow, "%s is named twice", z)
		}
		zs = append(zs, z)
	}
	if g.dry {
		return nil
	}
	in.Searched, in.Ended = true, true
	for _, z := range zs {
		g.searchOne(r, z)
	}
	return nil
}

func (g *Game) searchOne(r Role, z string) {
	in := g.intr(r)
	what := g.hidden[z]
	switch what {
	case "":
		g.say("search", "the %s searches %s: nothing", r, z)
	case "trap":
		g.found[z] = what
		g.say("search", "the %s searches %s: a trap", r, z)
		if r == RoleTraitor {
			g.pending = append(g.pending, pend{Kind: pTrapCat, Who: r, Zone: z})
			g.say("wait", "the traitor may answer: cat or pass")
		} else {
			g.raise(1)
			g.say("alert", "the alert rises to %s", alertNames[g.alert])
		}
	case "sentry":
		delete(g.hidden, z)
		g.found[z] = what
		cap := g.count() >= g.d.Setup.GuardCap
		g.say("search", "the %s searches %s: a hidden sentry", r, z)
		if !cap {
			g.placeHidden(z, r)
		} else {
			g.say("cap", "%d guards are on the board: the hidden sentry waits", g.d.Setup.GuardCap)
		}
		g.pending = append(g.pending, pend{Kind: pHidden, Who: r, Zone: z, AtCap: cap})
	default:
		g.found[z] = what
		g.say("search", "the %s searches %s: objective %s", r, z, what)
		if what == in.Mission && !in.Done {
			in.Done = true
			g.say("mission", "the %s has accomplished his mission", r)
		}
	}
}

// placeHidden puts a found hidden sentry on the board; an intruder other
// than the searcher standing there is found. With two guard players the
// first found is a sword guard, the second a spear guard.
func (g *Game) placeHidden(z string, searcher Role) {
	typ := ""
	if g.guards == 2 {
		typ = "sword"
		if g.hiddenFound() > 1 {
			typ = "spear"
		}
	}
	g.addFig(z, typ, 0)
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		if in := g.intr(r); in.onBoard() && in.Zone == z && r != searcher {
			in.Revealed = true
			g.alert = AlertHigh
			g.say("found", "the hidden sentry finds the %s at %s: the alert goes to high", r, z)
		}
	}
}

func (g *Game) hiddenFound() int {
	n := 0
	for _, v := range g.found {
		if v == "sentry" {
			n++
		}
	}
	return n
}

// strike is an intruder's Kenjutsu: kill guards in his zone, or the
// hidden sentry just found (target).
func (g *Game) strike(r Role, a Action, target string) error {
	in := g.intr(r)
	n := 1
	if len(a.Args) > 1 {
		return g.refuse(a, "write kenjutsu [N]")
	}
	if len(a.Args) == 1 {
		var err error
		if n, err = strconv.Atoi(a.Args[0]); err != nil || n < 1 {
			return g.refuse(a, "%q is not a number of guards", a.Args[0])
		}
	}
	z := in.Zone
	if target != "" {
		z = target
		if n != 1 {
			return g.refuse(a, "one Kenjutsu kills the hidden sentry")
		}
	}
	figs := g.inZone(z)
	slices.SortStableFunc(figs, func(x, y *figure) int {
		if x.Drunk == y.Drunk {
			return 0
		}
		if x.Drunk {
			return 1
		}
		return -1
	})
	atCap := target != "" && g.pending[0].AtCap
	if !atCap && n > len(figs) {
		return g.secret(r, a, notNow, "there are %d guard(s) at %s", len(figs), z)
	}
	if err := g.cardIn(r, a, cKenjutsu, n); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	g.spend(r, cKenjutsu, n)
	if atCap {
		g.raise(n * g.alertPer(r))
		g.say("kill", "the %s kills the hidden sentry with Kenjutsu: the alert rises to %s", r, alertNames[g.alert])
		return nil
	}
	if target != "" {
		// The hidden sentry is the newest figure there.
		newest := figs[0]
		for _, f := range figs {
			if f.ID > newest.ID {
				newest = f
			}
		}
		figs = []*figure{newest}
	}
	for _, id := range ids(figs[:n]) {
		g.removeFig(id)
	}
	g.raise(n * g.alertPer(r))
	g.say("kill", "the %s kills %d guard(s) at %s with Kenjutsu: the alert rises to %s", r, n, z, alertNames[g.alert])
	if z == in.Zone && len(g.inZone(z)) == 0 {
		g.hide(r)
	}
	return nil
}

func (g *Game) alertPer(r Role) int {
	for _, c := range g.intruderCards(r) {
		if c.Name == cKenjutsu {
			return c.Alert
		}
	}
	return 1
}

// shuriken throws at a lone sentry in the ninja's zone or next door (no
// wall); at is the zone a hidden sentry waits in (nil: a free throw).
func (g *Game) shuriken(r Role, a Action, p *pend) error {
	in := g.intr(r)
	if r != RoleNinja {
		return g.refuse(a, "only the ninja throws Shuriken")
	}
	z := zoneWord(a.Args[0])
	if in.Moves > 1 {
		return g.secret(r, a, notNow, "the ninja has moved %d zones: Shuriken allows at most one", in.Moves)
	}
	if z != in.Zone && (in.Zone == passageID || !slices.Contains(g.d.Neighbours(in.Zone), z) || g.d.Wall(in.Zone, z)) {
		return g.secret(r, a, notNow, "%s is not the ninja's zone nor next to it without a wall", z)
	}
	if p != nil && p.Zone != z {
		return g.refuse(a, "the hidden sentry is at %s", p.Zone)
	}
	if g.mustMoveOn(in) && z != in.Zone {
		return g.secret(r, a, notNow, "after Shadow Walk the ninja must move on, which Shuriken would forbid")
	}
	atCap := p != nil && p.AtCap
	if !atCap && (g.awake(z) != 1) {
		return g.refuse(a, "Shuriken needs a lone sentry: %d awake guard(s) at %s", g.awake(z), z)
	}
	if err := g.cardIn(r, a, cShuriken, 1); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	g.spend(r, cShuriken, 1)
	in.Shuriken = true
	if !atCap {
		for _, f := range g.inZone(z) {
			if !f.Drunk {
				g.removeFig(f.ID)
				break
			}
		}
	}
	g.say("kill", "a Shuriken takes out the sentry at %s", z)
	if z == in.Zone && len(g.inZone(z)) == 0 {
		g.hide(r)
	}
	return nil
}

func (g *Game) leave(r Role, a Action) error {
	in := g.intr(r)
	if err := g.canStep(r, a); err != nil {
		return err
	}
	zone, ok := g.d.Zone(in.Zone)
	switch {
	case !in.Done:
		return g.secret(r, a, notNow, "the %s leaves only with his mission accomplished", r)
	case !ok || !zone.Edge:
		return g.secret(r, a, notNow, "the %s leaves from a zone at the board's edge", r)
	}
	if g.dry {
		return nil
	}
	in.Moves++
	in.Gone, in.Finished, in.Revealed = true, true, false
	g.tell("leave", intruderSide, fmt.Sprintf("the %s leaves the board with his mission done", r),
		"the %s leaves the board from %s with his mission done", r, in.Zone)
	in.Zone = ""
	g.nextIntruders()
	return nil
}

// comeBack is a decoy's return: start and deck, then a new mission.
func (g *Game) comeBack(r Role, a Action) error {
	in := g.intr(r)
	switch a.Verb {
	case "start":
		z := zoneWord(a.Args[0])
		if !g.startOK(r, z) {
			return g.secret(r, a, notNow, "a new %s starts where the first could", r)
		}
		if g.dry {
			return nil
		}
		in.Zone = z
	case "deck":
		if err := g.setDeck(r, a); err != nil {
			return err
		}
	case "random":
		if g.dry {
			return nil
		}
		if in.Zone == "" {
			in.Zone = g.randomStart(r)
		}
		if in.Chosen == nil {
			in.Chosen, _ = split(g.rng(), pool(g.intruderCards(r)), g.deckSize(r))
			in.Hand = maps.Clone(in.Chosen)
		}
	default:
		return g.refuse(a, "the returning %s first chooses start and deck", r)
	}
	if in.Zone == "" || in.Chosen == nil {
		return nil
	}
	var letters []string
	p := g.intr(r.partner())
	for _, m := range g.d.Missions {
		if m.Letter != p.Mission || g.anyLetter && p.Dead && !p.Return {
			letters = append(letters, m.Letter)
		}
	}
	in.Mission = letters[g.rng().IntN(len(letters))]
	in.Dead, in.Return, in.Wounds, in.Revealed, in.Done, in.PassageOut, in.Shown = false, false, 0, false, false, false, false
	g.tell("mission", aud(r), fmt.Sprintf("the %s returns and draws a new mission", r), "the %s returns at %s; his new mission is %s", r, in.Zone, in.Mission)
	g.say("return", "a new %s enters the game", r)
	return nil
}

// answer handles the question the game waits on.
func (g *Game) answer(r Role, a Action) error {
	p := &g.pending[0]
	if !slices.Contains(g.asked(), r) {
		if r.Side() == Guards && p.Kind == pEncounter {
			return g.refuse(a, "it is the intruders' turn")
		}
		return g.refuse(a, "waiting for the %s", strings.Join(roleWords(g.asked()), " or "))
	}
	switch p.Kind {
	case pCat, pTrapCat:
		cat := false
		switch a.Verb {
		case "cat":
			if err := g.cardIn(r, a, cCat, 1); err != nil {
				return err
			}
			if g.dry {
				return nil
			}
			g.spend(r, cCat, 1)
			g.say("cat", "the traitor plays It Was A Cat")
			cat = true
		case "pass":
		default:
			return g.refuse(a, "the traitor answers cat or pass")
		}
		if g.dry {
			return nil
		}
		q := *p
		g.pending = g.pending[1:]
		if q.Kind == pCat {
			g.heard(q, cat)
		} else if !cat {
			g.raise(1)
			g.say("alert", "the alert rises to %s", alertNames[g.alert])
		}
		return nil
	case pFollow:
		switch a.Verb {
		case "stay":
			if g.dry {
				return nil
			}
			g.pending = g.pending[1:]
			g.say("done", "the listener(s) at %s stay", p.Zone)
			return nil
		case "follow":
			fs := make([]*figure, 0, len(p.Guards))
			for _, id := range p.Guards {
				if f := g.fig(id); f != nil {
					fs = append(fs, f)
				}
			}
			if len(fs) == 0 {
				if g.dry {
					return nil
				}
				g.pending = g.pending[1:]
				return nil
			}
			steps, err := g.path(a, fs[0].Zone, a.Args, false)
			if err != nil {
				return err
			}
			if g.dry {
				return nil
			}
			g.pending = g.pending[1:]
			for _, f := range fs {
				f.Moved = true
			}
			g.say(KindGuardMove, "the listener(s) at %s move %s", fs[0].Zone, strings.Join(steps, " "))
			at := g.walk(fs, steps)
			if pt := fs[0].Patrol; pt != 0 {
				delete(g.came, pt)
				g.setFacing(pt, at, "")
			}
			return nil
		}
		return g.refuse(a, "the listener may follow Z1 [Z2] or stay")
	case pEncounter:
		return g.meet(r, a, p)
	case pHidden:
		return g.hiddenAnswer(r, a, p)
	case pCap:
		switch a.Verb {
		case "keep":
			if g.dry {
				return nil
			}
			g.pending = g.pending[1:]
			g.say("cap", "the guards leave the hidden sentry off the board")
			return nil
		case "remove":
			f, err := g.guardRef(a, a.Args[0], func(*figure) string { return "" })
			if err != nil {
				return err
			}
			if g.dry {
				return nil
			}
			z, q := p.Zone, *p
			g.pending = g.pending[1:]
			g.say("cap", "the guards take the guard at %s off the board to place the hidden sentry at %s", f.Zone, z)
			g.removeFig(f.ID)
			g.placeHidden(z, q.Who)
			return nil
		}
		return g.refuse(a, "the guards answer remove ZONE or keep")
	case pBonus:
		if a.Verb != "reinforce" {
			return g.refuse(a, "the guards first take their decoy bonus: reinforce CARD:N ... sleep Z Z Z")
		}
		return g.reinforce(r, a)
	}
	return g.refuse(a, notNow)
}

func roleWords(rs []Role) []string {
	var w []string
	for _, r := range rs {
		w = append(w, r.String())
	}
	return w
}

// meet answers an intruder walking in on guards.
func (g *Game) meet(r Role, a Action, p *pend) error {
	in := g.intr(r)
	z := p.Zone
	drunk := len(g.inZone(z)) > g.awake(z)
	switch a.Verb {
	case "kenjutsu":
		if err := g.strike(r, a, ""); err != nil {
			return err
		}
	case "shuriken":
		if err := g.shuriken(r, a, nil); err != nil {
			return err
		}
		if zoneWord(a.Args[0]) != z {
			return nil
		}
	case "walk":
		if r != RoleNinja {
			return g.refuse(a, "only the ninja has Shadow Walk")
		}
		if g.awake(z) != 1 {
			return g.refuse(a, "Shadow Walk passes a lone sentry: %d awake guards at %s", g.awake(z), z)
		}
		if err := g.canStep(r, a); err != nil {
			return g.secret(r, a, notNow, "the ninja must move on after Shadow Walk and cannot")
		}
		if err := g.cardIn(r, a, cWalk, 1); err != nil {
			return err
		}
		if g.dry {
			return nil
		}
		g.spend(r, cWalk, 1)
		in.WalkZone = z
		g.say("card", "the ninja plays Shadow Walk")
		g.pending = g.pending[1:]
		in.Revealed = false
		g.seenByDrunk(r, z, drunk)
		return nil
	case "sake":
		if err := g.sake(r, a, z); err != nil {
			return err
		}
		if g.dry {
			return nil
		}
		g.pending = g.pending[1:]
		g.seenByDrunk(r, z, drunk)
		return nil
	case "pass":
		if g.dry {
			return nil
		}
		g.pending = g.pending[1:]
		in.Revealed = true
		g.alert = AlertHigh
		g.say("found", "the %s is discovered at %s: the alert goes to high", r, z)
		return nil
	default:
		return g.refuse(a, "the %s answers kenjutsu, shuriken, walk, sake or pass", r)
	}
	if g.dry {
		return nil
	}
	if g.awake(z) == 0 {
		g.pending = g.pending[1:]
		if len(g.inZone(z)) > 0 {
			g.seenByDrunk(r, z, true)
		}
	}
	return nil
}

func (g *Game) seenByDrunk(r Role, z string, drunk bool) {
	if drunk && !g.intr(r).Revealed {
		g.intr(r).Revealed = true
		g.say("seen", "the drunk guard at %s gives the %s away", z, r)
	}
}

func (g *Game) sake(r Role, a Action, z string) error {
	if r != RoleTraitor {
		return g.refuse(a, "only the traitor has Potent Sake")
	}
	var lone *figure
	for _, f := range g.inZone(z) {
		if !f.Drunk {
			if lone != nil {
				return g.refuse(a, "Potent Sake needs a lone sentry at %s", z)
			}
			lone = f
		}
	}
	if lone == nil {
		return g.refuse(a, "no sentry at %s", z)
	}
	if lone.WithTraitor {
		return g.refuse(a, "that guard has shared the traitor's zone this turn")
	}
	if err := g.cardIn(r, a, cSake, 1); err != nil {
		return err
	}
	if g.dry {
		return nil
	}
	g.spend(r, cSake, 1)
	lone.Drunk, lone.Patrol = true, 0
	g.say("card", "the traitor plays Potent Sake: the guard at %s is drunk", z)
	return nil
}

// hiddenAnswer is the searcher's one chance against a hidden sentry.
func (g *Game) hiddenAnswer(r Role, a Action, p *pend) error {
	in := g.intr(r)
	q := *p
	switch a.Verb {
	case "kenjutsu":
		if err := g.strike(r, a, q.Zone); err != nil {
			return err
		}
	case "shuriken":
		if err := g.shuriken(r, a, &q); err != nil {
			return err
		}
	case "walk":
		if r != RoleNinja {
			return g.refuse(a, "only the ninja has Shadow Walk")
		}
		if err := g.cardIn(r, a, cWalk, 1); err != nil {
			return err
		}
		if g.dry {
			return nil
		}
		g.spend(r, cWalk, 1)
		g.say("card", "the ninja plays Shadow Walk: the hidden sentry does not see him")
	case "sake":
		if q.AtCap {
			if r != RoleTraitor {
				return g.refuse(a, "only the traitor has Potent Sake")
			}
			if err := g.cardIn(r, a, cSake, 1); err != nil {
				return err
			}
			if g.dry {
				return nil
			}
			g.spend(r, cSake, 1)
			g.say("card", "the traitor plays Potent Sake: the hidden sentry never comes")
		} else if err := g.sake(r, a, q.Zone); err != nil {
			return err
		}
	case "pass":
		if g.dry {
			return nil
		}
		g.pending = g.pending[1:]
		g.alert = AlertHigh
		if in.Zone == q.Zone {
			in.Revealed = true
		}
		g.say("found", "the hidden sentry raises the alarm: the alert goes to high")
		if q.AtCap {
			g.pending = append([]pend{{Kind: pCap, Zone: q.Zone, Who: r}}, g.pending...)
			g.say("wait", "the guards may remove a guard to place the hidden sentry: remove ZONE or keep")
		}
		return nil
	default:
		return g.refuse(a, "the %s answers kenjutsu, shuriken, walk, sake or pass", r)
	}
	if g.dry {
		return nil
	}
	g.pending = g.pending[1:]
	return nil
}
