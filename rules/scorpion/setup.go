package scorpion

import (
	"fmt"
	"github.com/ninjakit/ninjakit/data"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

const badSetup = "that set-up is not legal"

func (g *Game) guardSetup(r Role, a Action) error {
	if g.guardReady {
		return g.refuse(a, "the guards' set-up is already done")
	}
	switch a.Verb {
	case "posts":
		return g.setPosts(r, a)
	case "patrol":
		return g.addPatrol(r, a)
	case "sleep":
		return g.setSleep(r, a)
	case "hide":
		return g.setHide(r, a)
	case "hand":
		return g.setHand(r, a)
	case "random":
		if g.guardsComplete(r, a) == nil {
			return g.secret(r, a, badSetup, "the guards' set-up is complete: ready, or change a part of it first")
		}
		if g.dry {
			return nil
		}
		g.randomGuards()
		g.tell("setup", guardSide, "the guards finish their set-up at random", "the guards' set-up is filled at random")
		return nil
	case "ready":
		if err := g.guardsComplete(r, a); err != nil {
			return err
		}
		if g.dry {
			return nil
		}
		g.guardReady = true
		g.placed[Guards] = g.guardPlacements()
		g.say("ready", "the guards are ready")
		g.maybeStart()
		return nil
	}
	return g.refuse(a, "during set-up the guards use posts, patrol, sleep, hide, hand, random and ready")
}

func (g *Game) setPosts(r Role, a Action) error {
	if len(a.Args) != g.d.Setup.Sentries {
		return g.refuse(a, "place exactly %d sentries, one per post", g.d.Setup.Sentries)
	}
	type post struct{ z, t string }
	var ps []post
	seen := map[string]bool{}
	for _, w := range a.Args {
		z, t, _ := strings.Cut(w, ":")
		z = zoneWord(z)
		zone, ok := g.d.Zone(z)
		if !ok || !zone.Post {
			return g.refuse(a, "%s is not a sentry post zone", z)
		}
		if seen[z] {
			return g.refuse(a, "one sentry per post: %s is named twice", z)
		}
		seen[z] = true
		typ, err := g.typeWord(r, t)
		if err != nil {
			return g.refuse(a, "%v", err)
		}
		ps = append(ps, post{z, typ})
	}
	if g.dry {
		return nil
	}
	g.figs = slices.DeleteFunc(g.figs, func(f figure) bool { return f.Patrol == 0 })
	for _, p := range ps {
		g.addFig(p.z, p.t, 0)
	}
	g.say("setup", "sentries stand at %s", strings.Join(slices.Sorted(maps.Keys(seen)), " "))
	return nil
}

// typeWord reads a guard type: with one player none; with two, sword or
// spear, defaulting to r's own.
func (g *Game) typeWord(r Role, t string) (string, error) {
	if g.guards == 1 {
		if t != "" {
			return "", fmt.Errorf("with one guard player guards have no type")
		}
		return "", nil
	}
	switch strings.ToLower(t) {
	case "":
		return r.guardType(), nil
	case "sword", "spear":
		return strings.ToLower(t), nil
	}
	return "", fmt.Errorf("guard type %q: sword or spear", t)
}

func (g *Game) addPatrol(r Role, a Action) error {
	if strings.EqualFold(a.Args[0], "clear") && len(a.Args) == 1 {
		if g.dry {
			return nil
		}
		g.figs = slices.DeleteFunc(g.figs, func(f figure) bool { return f.Patrol != 0 })
		g.facing, g.came = map[int]string{}, map[int]string{}
		g.say("setup", "the patrols are cleared")
		return nil
	}
	if g.patrolCount() >= g.d.Setup.Patrols {
		return g.refuse(a, "%d patrols are placed already (patrol clear starts over)", g.d.Setup.Patrols)
	}
	zw, f, _ := strings.Cut(a.Args[0], "/")
	z := zoneWord(zw)
	next := g.d.TrackNext(z)
	if len(next) == 0 {
		return g.refuse(a, "%s is not on the patrol track", z)
	}
	face := next[0]
	if f != "" {
		face = zoneWord(f)
		if !slices.Contains(next, face) {
			return g.refuse(a, "from %s the track goes to %s", z, strings.Join(next, " or "))
		}
	}
	types := make([]string, g.d.Setup.PatrolSize)
	if g.guards == 2 {
		types = []string{"sword", "spear"}
		if len(a.Args) == 2 {
			types = strings.Split(strings.ToLower(a.Args[1]), "+")
		}
		if len(types) != g.d.Setup.PatrolSize {
			return g.refuse(a, "a patrol has %d guards: give types like sword+spear", g.d.Setup.PatrolSize)
		}
		for _, t := range types {
			if t != "sword" && t != "spear" {
				return g.refuse(a, "guard type %q: sword or spear", t)
			}
		}
	} else if len(a.Args) == 2 {
		return g.refuse(a, "with one guard player guards have no type")
	}
	if g.dry {
		return nil
	}
	g.patrols++
	for _, t := range types {
		g.addFig(z, t, g.patrols)
	}
	g.facing[g.patrols] = face
	g.say("setup", "a patrol of %d stands at %s facing %s", len(types), z, face)
	return nil
}

func (g *Game) patrolCount() int {
	seen := map[int]bool{}
	for _, f := range g.figs {
		if f.Patrol != 0 {
			seen[f.Patrol] = true
		}
	}
	return len(seen)
}

func (g *Game) setSleep(r Role, a Action) error {
	st := g.d.Setup
	if len(a.Args) != st.SleepingGuards {
		return g.secret(r, a, badSetup, "place exactly %d sleeping guards", st.SleepingGuards)
	}
	m := map[string]int{}
	for _, w := range a.Args {
		z := zoneWord(w)
		if zone, ok := g.d.Zone(z); !ok || !zone.Barracks {
			return g.secret(r, a, badSetup, "%s is not a barracks zone", z)
		}
		m[z]++
		if m[z] > st.SleepingPerBarracks {
			return g.secret(r, a, badSetup, "at most %d sleeping guards per barracks (%s)", st.SleepingPerBarracks, z)
		}
	}
	if g.dry {
		return nil
	}
	g.sleeping = m
	g.tell("setup", guardSide, "the guards place their sleeping guards", "sleeping guards: %s", sleepText(m))
	return nil
}

func sleepText(m map[string]int) string {
	var w []string
	for _, z := range slices.Sorted(maps.Keys(m)) {
		for range m[z] {
			w = append(w, z)
		}
	}
	return strings.Join(w, " ")
}

func (g *Game) hideable(z string) bool {
	zone, ok := g.d.Zone(z)
	return ok && strings.HasPrefix(zone.Region, "castle") && !zone.Post
}

func (g *Game) setHide(r Role, a Action) error {
	st := g.d.Setup
	want := map[string]int{"trap": st.Traps, "sentry": st.HiddenSentries}
	for _, m := range g.d.Missions {
		want[m.Letter] = 1
	}
	got := map[string]int{}
	h := map[string]string{}
	for _, w := range a.Args {
		zw, what, ok := strings.Cut(w, "=")
		z := zoneWord(zw)
		what = strings.ToLower(what)
		if len(what) == 1 {
			what = strings.ToUpper(what)
		}
		if !ok || want[what] == 0 {
			return g.secret(r, a, badSetup, "%q: write ZONE=LETTER, ZONE=trap or ZONE=sentry", w)
		}
		if !g.hideable(z) {
			return g.secret(r, a, badSetup, "%s is not an inner castle zone without a sentry post", z)
		}
		if _, dup := h[z]; dup {
			return g.secret(r, a, badSetup, "at most one thing per zone (%s)", z)
		}
		h[z] = what
		got[what]++
	}
	if !maps.Equal(got, want) {
		return g.secret(r, a, badSetup, "hide objectives A-F once each, %d traps and %d hidden sentries", st.Traps, st.HiddenSentries)
	}
	if g.dry {
		return nil
	}
	g.hidden = h
	g.tell("setup", guardSide, "the guards hide the objectives, traps and hidden sentries", "hidden: %s", hideText(h))
	return nil
}

func hideText(h map[string]string) string {
	var w []string
	for _, z := range slices.Sorted(maps.Keys(h)) {
		w = append(w, z+"="+h[z])
	}
	return strings.Join(w, " ")
}

// cardCounts reads CARD:N words against names.
func cardCounts(words, names []string) (map[string]int, error) {
	m := map[string]int{}
	for _, w := range words {
		c, n, ok := strings.Cut(w, ":")
		k := 1
		if ok {
			v, err := strconv.Atoi(n)
			if err != nil || v < 0 {
				return nil, fmt.Errorf("%q: write CARD:N", w)
			}
			k = v
		}
		name, err := cardName(c, names)
		if err != nil {
			return nil, err
		}
		m[name] += k
	}
	for k, v := range m {
		if v == 0 {
			delete(m, k)
		}
	}
	return m, nil
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// fits reports whether every count of m is within pool.
func fits(m, pool map[string]int) (string, bool) {
	for k, v := range m {
		if v > pool[k] {
			return k, false
		}
	}
	return "", true
}

func cardNames(cs []cardKind) []string {
	var n []string
	for _, c := range cs {
		n = append(n, c.Name)
	}
	return n
}

func (g *Game) guardHandSize() int {
	if g.guards == 2 {
		return g.d.Setup.TwoGuards.Hand
	}
	return g.d.Setup.GuardHand
}

func (g *Game) setHand(r Role, a Action) error {
	m, err := cardCounts(a.Args, cardNames(g.d.Guards))
	if err != nil {
		return g.secret(r, a, badSetup, "%v", err)
	}
	pile := g.guardHalf()
	if k, ok := fits(m, pile); !ok {
		return g.secret(r, a, badSetup, "your pile has only %d %s", pile[k], k)
	}
	if total(m) != g.guardHandSize() {
		return g.secret(r, a, badSetup, "choose exactly %d cards for the hand, not %d", g.guardHandSize(), total(m))
	}
	if g.dry {
		return nil
	}
	h := g.hands[r]
	h.Hand = m
	h.Deck = minus(pile, m)
	g.tell("setup", guardSide, fmt.Sprintf("the %s chooses a hand", r), "the %s's hand: %s", r, countText(m))
	return nil
}

func minus(a, b map[string]int) map[string]int {
	out := map[string]int{}
	for k, v := range a {
		if v-b[k] > 0 {
			out[k] = v - b[k]
		}
	}
	return out
}

// countText writes card counts as CARD:N words, sorted.
func countText(m map[string]int) string {
	var w []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if m[k] > 0 {
			w = append(w, strings.ReplaceAll(k, " ", "-")+":"+strconv.Itoa(m[k]))
		}
	}
	return strings.Join(w, " ")
}

func (g *Game) guardsComplete(r Role, a Action) error {
	st := g.d.Setup
	switch {
	case len(g.figs)-g.patrolFigures() != st.Sentries:
		return g.refuse(a, "place the %d sentries first (posts)", st.Sentries)
	case g.patrolCount() != st.Patrols:
		return g.refuse(a, "place %d patrols first (patrol)", st.Patrols)
	case total(g.sleeping) != st.SleepingGuards:
		return g.secret(r, a, badSetup, "place the %d sleeping guards first (sleep)", st.SleepingGuards)
	case len(g.hidden) != st.Objectives+st.Traps+st.HiddenSentries:
		return g.secret(r, a, badSetup, "hide the objectives, traps and hidden sentries first (hide)")
	}
	for _, p := range g.guardRoles() {
		if total(g.hands[p].Hand) != g.guardHandSize() {
			return g.secret(r, a, badSetup, "the %s must choose a hand first (hand)", p)
		}
	}
	return nil
}

func (g *Game) patrolFigures() int {
	n := 0
	for _, f := range g.figs {
		if f.Patrol != 0 {
			n++
		}
	}
	return n
}

func (g *Game) guardPlacements() string {
	var b strings.Builder
	fmt.Fprintf(&b, "sleep %s\nhide %s\n", sleepText(g.sleeping), hideText(g.hidden))
	for _, r := range g.guardRoles() {
		fmt.Fprintf(&b, "hand %s %s\ndeck %s %s\n", r, countText(g.hands[r].Hand), r, countText(g.hands[r].Deck))
	}
	return b.String()
}

func (g *Game) intruderPlacements() string {
	var b strings.Builder
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		fmt.Fprintf(&b, "start %s %s\n", r, g.intr(r).Zone)
	}
	p := slices.Sorted(slices.Values(g.passage[:]))
	fmt.Fprintf(&b, "passage %s %s\n", p[0], p[1])
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		fmt.Fprintf(&b, "deck %s %s\n", r, countText(g.intr(r).Chosen))
	}
	for _, r := range []Role{RoleNinja, RoleTraitor} {
		fmt.Fprintf(&b, "mission %s %s\n", r, g.intr(r).Mission)
	}
	return b.String()
}

// Placements is a side's canonical secret set-up text, as it stood when
// the side became ready ("" before): the companion commits to it.
func (g *Game) Placements(s Side) string {
	if s != Guards && s != Intruders {
		return ""
	}
	return g.placed[s]
}

// startOK reports whether z is a legal start for r.
func (g *Game) startOK(r Role, z string) bool {
	zone, ok := g.d.Zone(z)
	if !ok {
		return false
	}
	if r == RoleNinja {
		return zone.Edge
	}
	return zone.Region == "yard"
}

func (g *Game) intruderCards(r Role) []cardKind {
	if r == RoleNinja {
		return g.d.Ninja
	}
	return g.d.Traitor
}

func pool(cs []cardKind) map[string]int {
	m := map[string]int{}
	for _, c := range cs {
		m[c.Name] = c.Count
	}
	return m
}

// deckSize is how many cards r chooses: at set-up, or for a decoy.
func (g *Game) deckSize(r Role) int {
	st := g.d.Setup
	switch {
	case g.phase != PhaseSetup && r == RoleNinja:
		return st.Decoy.NinjaCards
	case g.phase != PhaseSetup:
		return st.Decoy.TraitorCards
	case r == RoleNinja:
		return st.NinjaPicks
	}
	return st.TraitorPicks
}

func (g *Game) setStart(r Role, a Action) error {
	z := zoneWord(a.Args[0])
	if !g.startOK(r, z) {
		if r == RoleNinja {
			return g.secret(r, a, badSetup, "the ninja starts on a zone at the board's edge")
		}
		return g.secret(r, a, badSetup, "the traitor starts in the yard, inside the outer moat but outside the inner castles")
	}
	if g.dry {
		return nil
	}
	g.intr(r).Zone = z
	g.tell("setup", intruderSide, "", "the %s will start at %s", r, z)
	return nil
}

func (g *Game) setDeck(r Role, a Action) error {
	m, err := cardCounts(a.Args, cardNames(g.intruderCards(r)))
	if err != nil {
		return g.secret(r, a, badSetup, "%v", err)
	}
	p := pool(g.intruderCards(r))
	if k, ok := fits(m, p); !ok {
		return g.secret(r, a, badSetup, "the %s has only %d %s", r, p[k], k)
	}
	if total(m) != g.deckSize(r) {
		return g.secret(r, a, badSetup, "choose exactly %d cards, not %d", g.deckSize(r), total(m))
	}
	if g.dry {
		return nil
	}
	in := g.intr(r)
	in.Chosen, in.Hand = m, maps.Clone(m)
	g.tell("setup", intruderSide, "", "the %s's cards: %s", r, countText(m))
	return nil
}

func (g *Game) setPassage(r Role, a Action) error {
	if len(a.Args) != 2 {
		return g.secret(r, a, badSetup, "name the passage's two ends: passage Z Z")
	}
	x, y := zoneWord(a.Args[0]), zoneWord(a.Args[1])
	for _, z := range []string{x, y} {
		if zone, ok := g.d.Zone(z); !ok || zone.Moat {
			return g.secret(r, a, badSetup, "%s cannot hold a passage end: any zone but the moat", z)
		}
	}
	if x == y {
		return g.secret(r, a, badSetup, "the passage joins two different zones")
	}
	if g.dry {
		return nil
	}
	g.passage = [2]string{x, y}
	g.tell("setup", intruderSide, "", "the secret passage joins %s and %s", x, y)
	return nil
}

func (g *Game) intruderSetup(r Role, a Action) error {
	in := g.intr(r)
	if in.Ready {
		return g.refuse(a, "the %s is already ready", r)
	}
	switch a.Verb {
	case "start":
		return g.setStart(r, a)
	case "deck":
		return g.setDeck(r, a)
	case "passage":
		return g.setPassage(r, a)
	case "show":
		return g.show(r, a)
	case "random":
		if g.intruderComplete(r) {
			return g.secret(r, a, badSetup, "the %s's set-up is complete: ready, or change a part of it first", r)
		}
		if g.dry {
			return nil
		}
		g.randomIntruder(r)
		g.tell("setup", intruderSide, "", "the %s's set-up is filled at random", r)
		return nil
	case "ready":
		switch {
		case in.Zone == "":
			return g.secret(r, a, badSetup, "choose a start first (start)")
		case in.Chosen == nil:
			return g.secret(r, a, badSetup, "choose your cards first (deck)")
		case g.passage[0] == "":
			return g.secret(r, a, badSetup, "place the secret passage first (passage)")
		}
		if g.dry {
			return nil
		}
		in.Ready = true
		g.say("ready", "the %s is ready", r)
		if g.intr(r.partner()).Ready {
			g.placed[Intruders] = g.intruderPlacements()
		}
		g.maybeStart()
		return nil
	}
	return g.refuse(a, "during set-up the intruders use start, deck, passage, show, random and ready")
}

func (g *Game) maybeStart() {
	if g.guardReady && g.in[0].Ready && g.in[1].Ready {
		g.say("start", "the game begins")
		g.startTurn()
	}
}

// randomGuards fills what is left of the guards' set-up.
func (g *Game) randomGuards() {
	st := g.d.Setup
	rng := g.rng()
	var posts, barracks, hide []string
	for _, z := range g.d.Map.Zones {
		if z.Post {
			posts = append(posts, z.ID)
		}
		if z.Barracks {
			barracks = append(barracks, z.ID)
		}
		if g.hideable(z.ID) {
			hide = append(hide, z.ID)
		}
	}
	types := func(i int) string {
		if g.guards == 2 {
			return [2]string{"sword", "spear"}[i%2]
		}
		return ""
	}
	if len(g.figs)-g.patrolFigures() != st.Sentries {
		g.figs = slices.DeleteFunc(g.figs, func(f figure) bool { return f.Patrol == 0 })
		rules.Shuffle(rng, posts)
		for i, z := range posts[:st.Sentries] {
			g.addFig(z, types(i), 0)
		}
	}
	var track []string
	for _, t := range g.d.Map.Track {
		track = append(track, t.Zone)
	}
	for g.patrolCount() < st.Patrols {
		z := track[rng.IntN(len(track))]
		g.patrols++
		for i := range st.PatrolSize {
			g.addFig(z, types(i), g.patrols)
		}
		g.facing[g.patrols] = g.d.TrackNext(z)[0]
	}
	if total(g.sleeping) != st.SleepingGuards {
		g.sleeping = map[string]int{}
		for total(g.sleeping) < st.SleepingGuards {
			z := barracks[rng.IntN(len(barracks))]
			if g.sleeping[z] < st.SleepingPerBarracks {
				g.sleeping[z]++
			}
		}
	}
	if len(g.hidden) != st.Objectives+st.Traps+st.HiddenSentries {
		var things []string
		for _, m := range g.d.Missions {
			things = append(things, m.Letter)
		}
		for range st.Traps {
			things = append(things, "trap")
		}
		for range st.HiddenSentries {
			things = append(things, "sentry")
		}
		rules.Shuffle(rng, hide)
		g.hidden = map[string]string{}
		for i, t := range things {
			g.hidden[hide[i]] = t
		}
	}
	for _, r := range g.guardRoles() {
		h := g.hands[r]
		if total(h.Hand) != g.guardHandSize() {
			h.Hand, h.Deck = split(rng, g.guardHalf(), g.guardHandSize())
		}
	}
}

// split draws n cards at random from pile: the drawn cards and the rest.
func split(rng interface{ IntN(int) int }, pile map[string]int, n int) (map[string]int, map[string]int) {
	rest := maps.Clone(pile)
	got := map[string]int{}
	for range n {
		k := pick(rng, rest)
		if k == "" {
			break
		}
		rest[k]--
		got[k]++
	}
	return got, minus(rest, nil)
}

// pick chooses one card at random from counts, by sorted name order.
func pick(rng interface{ IntN(int) int }, m map[string]int) string {
	t := total(m)
	if t == 0 {
		return ""
	}
	i := rng.IntN(t)
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if i < m[k] {
			return k
		}
		i -= m[k]
	}
	return ""
}

// intruderComplete reports whether random would have nothing to fill for
// r: his own start and cards, and the passage the two share.
func (g *Game) intruderComplete(r Role) bool {
	in := g.intr(r)
	return in.Zone != "" && in.Chosen != nil && g.passage[0] != ""
}

// randomIntruder fills what is left of r's set-up, and the passage if
// neither intruder has placed it.
func (g *Game) randomIntruder(r Role) {
	rng := g.rng()
	in := g.intr(r)
	if in.Zone == "" {
		in.Zone = g.randomStart(r)
	}
	if in.Chosen == nil {
		in.Chosen, _ = split(rng, pool(g.intruderCards(r)), g.deckSize(r))
		in.Hand = maps.Clone(in.Chosen)
	}
	if g.passage[0] == "" {
		var ok []string
		for _, z := range g.d.Map.Zones {
			if !z.Moat {
				ok = append(ok, z.ID)
			}
		}
		rules.Shuffle(rng, ok)
		g.passage = [2]string{ok[0], ok[1]}
	}
}

func (g *Game) randomStart(r Role) string {
	var ok []string
	for _, z := range g.d.Map.Zones {
		if g.startOK(r, z.ID) {
			ok = append(ok, z.ID)
		}
	}
	return ok[g.rng().IntN(len(ok))]
}

type cardKind = data.ScorpionCard
