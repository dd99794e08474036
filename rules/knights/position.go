package knights

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// A position is the whole game on one line of space-separated key=value
// fields, so tests start from positions and a bug report is one line:
//
//	players=3 mode=digital first=1 turn=2 phase=main gems=5,6,4
//	  hands=PPK/S/- forts=-/C/Ja draw=PSK... discard=RT reshuffles=0
//
// Cards are one letter each (Card.Code): P peasant, S soldier, K knight,
// R king, Q queen, N ninja, D dragon, T traitor, H highwayman, I princess,
// E executioner, F herald, M merchant, O monk, B minstrel, A archer,
// C castle, L ladder, U catapult, J jester. A Jester posing as a card is J
// and that card's letter in lower case (Ja: a Jester standing as Archer).
// A number stands for that many unseen cards (physical games), '-' for none.
// Lists by seat are separated by '/'; piles are written bottom to top.
//
// Fields: players, mode (digital|physical), first (the starting seat,
// default 1), turn, phase (main respond steal show take tax purge draft
// over), gems, hands, forts (default none), draw (default '*'), discard
// (default none), reshuffles (default 0). A '*' in draw stands for every
// card not written elsewhere, in canonical order, which keeps hand-written
// test positions short. Phase fields: target (the seat attacked this turn),
// ladder=1, attack/by/on (the card(s) waiting for an answer, whom they attack
// for and whom they attack), burn=1 (the Dragon on the table burns the Castle), holder/amount (steal window), shown (Herald),
// taxed (Monk queue), purge/endturn (duel Minstrel), draft (duel draft pile,
// the top card is the one being decided), winner.

var positionKeys = []string{
	"players", "mode", "first", "turn", "phase", "gems", "hands", "forts", "draw", "discard", "reshuffles",
	"target", "ladder", "attack", "burn", "by", "on", "holder", "amount", "shown", "taxed", "purge", "endturn", "draft", "winner",
}

// String writes the position in canonical form.
func (g *Game) String() string { return g.position(true) }

// Unordered writes the position without the order of the cards still to
// come: a digital draw pile as '*' (the cards no other field places, which
// ParsePosition lays out in canonical order) and the draft pile under its
// top card in canonical order. It shows every hand but not the next draws,
// which a mid-game reveal has no need to show.
func (g *Game) Unordered() string { return g.position(false) }

func (g *Game) position(ordered bool) string {
	draw := g.cardsCode(g.deck.Draw, true)
	if !ordered && g.mode == Digital {
		draw = "*"
	}
	f := []string{
		"players=" + strconv.Itoa(g.n),
		"mode=" + g.mode.String(),
		"first=" + g.first.String(),
		"turn=" + g.turn.String(),
		"phase=" + g.phase.String(),
		"gems=" + joinInts(g.gems),
		"hands=" + g.perSeat(func(s int) string { return g.cardsCode(g.hands[s], true) }),
		"forts=" + g.perSeat(func(s int) string { return playsCode(g.forts[s].Plays()) }),
		"draw=" + draw,
		"discard=" + g.cardsCode(g.deck.Discard, false),
		"reshuffles=" + strconv.Itoa(g.deck.Reshuffles),
	}
	seat := func(k string, s rules.Seat) {
		if s != NoSeat {
			f = append(f, k+"="+s.String())
		}
	}
	seat("target", g.target)
	if g.ladder {
		f = append(f, "ladder=1")
	}
	if g.atk != nil {
		f = append(f, "attack="+playsCode(g.atk))
		if g.burn {
			f = append(f, "burn=1")
		}
		seat("by", g.by)
		seat("on", g.on)
	}
	if g.holder != NoSeat {
		seat("holder", g.holder)
		f = append(f, "amount="+strconv.Itoa(g.amount))
	}
	if g.shown != nil {
		f = append(f, "shown="+g.perSeat(func(s int) string { return playsCode(g.shown[s]) }))
	}
	if len(g.taxed) > 0 {
		parts := make([]string, len(g.taxed))
		for i, s := range g.taxed {
			parts[i] = s.String()
		}
		f = append(f, "taxed="+strings.Join(parts, ","))
	}
	seat("purge", g.purger)
	if g.endTurn {
		f = append(f, "endturn=1")
	}
	if g.phase == PhaseDraft {
		pile := g.pile
		if !ordered && len(pile) > 1 {
			// The top card is the one being decided; the rest are to come.
			pile = slices.Clone(pile)
			slices.Sort(pile[:len(pile)-1])
		}
		f = append(f, "draft="+g.cardsCode(pile, true))
	}
	seat("winner", g.winner)
	return strings.Join(f, " ")
}

func (g *Game) perSeat(f func(int) string) string {
	parts := make([]string, g.n)
	for s := range parts {
		parts[s] = f(s)
	}
	return strings.Join(parts, "/")
}

// cardsCode writes cards as letters and unseen cards as one count, which is
// how a physical game writes its hands and piles ("0" when empty); a face-up
// or digital pile with no cards is "-".
func (g *Game) cardsCode(cs []Card, counted bool) string {
	var sb strings.Builder
	unknown := 0
	for _, c := range cs {
		if c == Unknown {
			unknown++
			continue
		}
		sb.WriteByte(c.Code())
	}
	if unknown > 0 || (counted && g.mode == Physical && sb.Len() == 0) {
		sb.WriteString(strconv.Itoa(unknown))
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

func playsCode(ps []Play) string {
	if len(ps) == 0 {
		return "-"
	}
	var sb strings.Builder
	for _, p := range ps {
		sb.WriteString(p.code())
	}
	return sb.String()
}

func joinInts(v []int) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}

// ParsePosition reads a position played with the default card mix.
func ParsePosition(s string) (*Game, error) { return ParsePositionSpec(s, DefaultSpec()) }

// ParsePositionSpec reads a position played with the given card mix. It
// checks the position could arise in play: every card of the deck is in
// exactly one place, gems add up, and the fields fit the phase. A digital
// game read this way uses a fixed random stream until SetRand.
func ParsePositionSpec(s string, sp *Spec) (*Game, error) {
	g, err := parsePosition(s, sp)
	if err != nil {
		return nil, fmt.Errorf("%w: position: %v", rules.ErrNotation, err)
	}
	return g, nil
}

// Bounds that keep a hostile position from asking for huge allocations.
const (
	maxRun        = 200
	maxReshuffles = 10000
)

func parsePosition(s string, sp *Spec) (*Game, error) {
	kv := map[string]string{}
	for _, field := range strings.Fields(s) {
		k, v, ok := strings.Cut(field, "=")
		if !ok {
			return nil, fmt.Errorf("%q is not key=value", field)
		}
		if !slices.Contains(positionKeys, k) {
			return nil, fmt.Errorf("unknown field %q", k)
		}
		if _, dup := kv[k]; dup {
			return nil, fmt.Errorf("field %q given twice", k)
		}
		kv[k] = v
	}
	for _, k := range []string{"players", "mode", "turn", "phase", "gems", "hands"} {
		if _, ok := kv[k]; !ok {
			return nil, fmt.Errorf("missing field %q", k)
		}
	}
	n, err := strconv.Atoi(kv["players"])
	if err != nil || n < sp.Setup.MinPlayers || n > sp.Setup.MaxPlayers {
		return nil, fmt.Errorf("players %q: %d to %d", kv["players"], sp.Setup.MinPlayers, sp.Setup.MaxPlayers)
	}
	var mode Mode
	switch kv["mode"] {
	case "digital":
	case "physical":
		mode = Physical
	default:
		return nil, fmt.Errorf("mode %q: digital or physical", kv["mode"])
	}
	g := newGame(sp, mode, n)
	seat := func(k string) (rules.Seat, error) {
		v, ok := kv[k]
		if !ok {
			return NoSeat, nil
		}
		s, err := rules.ParseSeat(v, n)
		if err != nil {
			return NoSeat, fmt.Errorf("%s: %v", k, err)
		}
		return s, nil
	}
	g.first = 0
	if _, ok := kv["first"]; ok {
		if g.first, err = seat("first"); err != nil {
			return nil, err
		}
	}
	if g.turn, err = seat("turn"); err != nil {
		return nil, err
	}
	ph := slices.Index(phaseNames[:], kv["phase"])
	if ph < 0 {
		return nil, fmt.Errorf("phase %q: one of %s", kv["phase"], strings.Join(phaseNames[:], ", "))
	}
	g.phase = Phase(ph)

	gems := strings.Split(kv["gems"], ",")
	if len(gems) != n {
		return nil, fmt.Errorf("gems: %d values for %d players", len(gems), n)
	}
	for i, v := range gems {
		x, err := strconv.Atoi(v)
		if err != nil || x < 0 || x > 1000 {
			return nil, fmt.Errorf("gems: %q is not a count", v)
		}
		g.gems[i] = x
	}
	hands, err := splitSeats(kv["hands"], n, "hands")
	if err != nil {
		return nil, err
	}
	for i, h := range hands {
		if g.hands[i], _, err = parseCardCodes(h, false); err != nil {
			return nil, fmt.Errorf("hands: seat %d: %v", i+1, err)
		}
		slices.Sort(g.hands[i])
		g.recount(rules.Seat(i))
	}
	if v, ok := kv["forts"]; ok {
		forts, err := splitSeats(v, n, "forts")
		if err != nil {
			return nil, err
		}
		for i, f := range forts {
			if g.forts[i], err = parseFort(f, sp); err != nil {
				return nil, fmt.Errorf("forts: seat %d: %v", i+1, err)
			}
		}
	}
	if v, ok := kv["reshuffles"]; ok {
		if g.deck.Reshuffles, err = strconv.Atoi(v); err != nil || g.deck.Reshuffles < 0 || g.deck.Reshuffles > maxReshuffles {
			return nil, fmt.Errorf("reshuffles %q: a count from 0 to %d", v, maxReshuffles)
		}
	}
	if err := g.parsePhaseFields(kv, seat); err != nil {
		return nil, err
	}
	discard, ok := kv["discard"]
	if !ok {
		discard = "-"
	}
	draw, ok := kv["draw"]
	if !ok {
		draw = "*"
		if strings.Contains(discard, "*") {
			draw = "-"
		}
	}
	if err := g.fillPiles(draw, discard); err != nil {
		return nil, err
	}
	if err := g.check(); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *Game) parsePhaseFields(kv map[string]string, seat func(string) (rules.Seat, error)) error {
	var err error
	for _, p := range []struct {
		key string
		dst *rules.Seat
	}{{"target", &g.target}, {"by", &g.by}, {"on", &g.on}, {"holder", &g.holder}, {"purge", &g.purger}, {"winner", &g.winner}} {
		if *p.dst, err = seat(p.key); err != nil {
			return err
		}
	}
	flag := func(k string) (bool, error) {
		v, ok := kv[k]
		if ok && v != "1" {
			return false, fmt.Errorf("%s=%q: write %s=1 or leave it out", k, v, k)
		}
		return ok, nil
	}
	if g.ladder, err = flag("ladder"); err != nil {
		return err
	}
	if g.endTurn, err = flag("endturn"); err != nil {
		return err
	}
	if g.burn, err = flag("burn"); err != nil {
		return err
	}
	if v, ok := kv["attack"]; ok {
		if g.atk, err = parsePlayCodes(v, g.spec); err != nil {
			return fmt.Errorf("attack: %v", err)
		}
	}
	if v, ok := kv["amount"]; ok {
		if g.amount, err = strconv.Atoi(v); err != nil || g.amount < 1 || g.amount > 1000 {
			return fmt.Errorf("amount %q: a count of gems", v)
		}
	}
	if v, ok := kv["shown"]; ok {
		parts, err := splitSeats(v, g.n, "shown")
		if err != nil {
			return err
		}
		g.shown = make([][]Play, g.n)
		for i, p := range parts {
			if g.shown[i], err = parsePlayCodes(p, g.spec); err != nil {
				return fmt.Errorf("shown: seat %d: %v", i+1, err)
			}
			for _, x := range g.shown[i] {
				if x.Card != x.As {
					return fmt.Errorf("shown: seat %d: a shown Jester is just a Jester", i+1)
				}
			}
		}
	}
	if v, ok := kv["taxed"]; ok {
		for _, p := range strings.Split(v, ",") {
			s, err := rules.ParseSeat(p, g.n)
			if err != nil {
				return fmt.Errorf("taxed: %v", err)
			}
			if slices.Contains(g.taxed, s) {
				return fmt.Errorf("taxed: seat %s twice", s)
			}
			g.taxed = append(g.taxed, s)
		}
	}
	if v, ok := kv["draft"]; ok {
		if g.pile, _, err = parseCardCodes(v, false); err != nil {
			return fmt.Errorf("draft: %v", err)
		}
	}
	return nil
}

// fillPiles reads the draw and discard piles. A '*' in one of them stands
// for every card the position does not place elsewhere.
func (g *Game) fillPiles(draw, discard string) error {
	dr, drStar, err := parseCardCodes(draw, true)
	if err != nil {
		return fmt.Errorf("draw: %v", err)
	}
	di, diStar, err := parseCardCodes(discard, true)
	if err != nil {
		return fmt.Errorf("discard: %v", err)
	}
	if slices.Contains(di, Unknown) {
		return errors.New("discard: the discard pile is face up, write its cards")
	}
	if drStar >= 0 && diStar >= 0 {
		return errors.New("'*' may stand in the draw or the discard pile, not both")
	}
	if diStar >= 0 && g.mode == Physical {
		return errors.New("discard: a physical game cannot fill the face-up pile with '*', its faces are unknown")
	}
	g.deck.Draw, g.deck.Discard = dr, di
	if drStar < 0 && diStar < 0 {
		return nil
	}
	have := g.census()
	var rest []Card
	if g.mode == Physical {
		total := have[Unknown]
		for _, c := range Cards {
			total += have[c]
		}
		rest = make([]Card, max(0, g.spec.deckSize(g.n)-total))
	} else {
		for _, c := range Cards {
			for range max(0, g.deckCount(c)-have[c]) {
				rest = append(rest, c)
			}
		}
	}
	if drStar >= 0 {
		g.deck.Draw = slices.Concat(dr[:drStar], rest, dr[drStar:])
	} else {
		g.deck.Discard = slices.Concat(di[:diStar], rest, di[diStar:])
	}
	return nil
}

// check refuses positions that play could not reach, and any the engine
// could not safely continue from.
func (g *Game) check() error {
	if err := g.checkCards(); err != nil {
		return err
	}
	if g.phase != PhaseOver && len(g.deck.Draw) == 0 && len(g.deck.Discard) > 0 {
		return errors.New("draw: the pile is empty while the discards hold cards, which are reshuffled the moment it empties in play (ruling K5)")
	}
	want := g.n * g.spec.Setup.Gems
	if g.duel() {
		want = g.n * g.spec.Setup.DuelGems
	}
	if t := g.TotalGems(); t != want {
		return fmt.Errorf("gems add up to %d, a table of %d has %d", t, g.n, want)
	}
	for s, f := range g.forts {
		if f.Minstrel != Unknown && g.duel() {
			return fmt.Errorf("forts: seat %d: a duel Minstrel never stays on the table", s+1)
		}
	}
	uses := map[string]bool{}
	use := func(k string, present bool) {
		if present {
			uses[k] = true
		}
	}
	use("target", g.target != NoSeat)
	use("ladder", g.ladder)
	use("attack", g.atk != nil)
	use("burn", g.burn)
	use("by", g.by != NoSeat)
	use("on", g.on != NoSeat)
	use("holder", g.holder != NoSeat)
	use("amount", g.amount != 0)
	use("shown", g.shown != nil)
	use("taxed", g.taxed != nil)
	use("purge", g.purger != NoSeat)
	use("endturn", g.endTurn)
	use("draft", g.pile != nil)
	use("winner", g.winner != NoSeat)
	allowed := map[Phase][]string{
		PhaseMain:    {"target", "ladder"},
		PhaseRespond: {"target", "ladder", "attack", "burn", "by", "on"},
		PhaseSteal:   {"target", "ladder", "holder", "amount"},
		PhaseShow:    {"shown"},
		PhaseTake:    {"shown"},
		PhaseTax:     {"taxed"},
		PhasePurge:   {"target", "ladder", "purge", "endturn"},
		PhaseDraft:   {"draft"},
		PhaseOver:    {"winner", "target", "ladder"},
	}[g.phase]
	for k := range uses {
		if !slices.Contains(allowed, k) {
			return fmt.Errorf("field %q has no place in phase %s", k, g.phase)
		}
	}
	if g.ladder && g.target == NoSeat {
		return errors.New("a ladder stands only against the seat attacked this turn: give target")
	}
	if g.target == g.turn {
		return errors.New("target: a seat does not attack itself")
	}
	switch g.phase {
	case PhaseRespond:
		return g.checkAttack()
	case PhaseSteal:
		if g.holder == NoSeat || g.target == NoSeat || g.amount < 1 || g.gems[g.holder] < g.amount {
			return errors.New("a steal window needs target, holder and an amount the holder owns")
		}
	case PhaseShow, PhaseTake:
		k := 1
		if g.duel() {
			k = 2
		}
		any := false
		for s, ps := range g.shown {
			if len(ps) > k || (rules.Seat(s) == g.turn && len(ps) > 0) {
				return fmt.Errorf("shown: seat %d shows too many cards", s+1)
			}
			any = any || len(ps) > 0
		}
		if (g.phase == PhaseShow) != (g.nextShower() != NoSeat) || (g.phase == PhaseTake && !any) {
			return errors.New("shown: does not fit the phase (show waits for a seat with cards, take for a shown card)")
		}
	case PhaseTax:
		if len(g.taxed) == 0 || slices.Contains(g.taxed, g.turn) || (g.gems[g.taxed[0]] == 0 && len(g.hands[g.taxed[0]]) == 0) {
			return errors.New("taxed: needs rivals of the monk's player, the first with something to pay")
		}
	case PhasePurge:
		if !g.duel() || g.purger == NoSeat || len(g.hands[g.purger]) == 0 {
			return errors.New("purge: only in a duel, by a seat with cards")
		}
	case PhaseDraft:
		if !g.duel() || len(g.pile) == 0 {
			return errors.New("draft: only in a duel, with cards in the draft pile")
		}
	case PhaseOver:
		if g.winner == NoSeat {
			return errors.New("phase over needs a winner")
		}
	}
	return nil
}

func (g *Game) checkAttack() error {
	if len(g.atk) == 0 || g.target == NoSeat || g.by == NoSeat || g.on == NoSeat {
		return errors.New("phase respond needs target, attack, by and on")
	}
	if !(g.by == g.turn && g.on == g.target) && !(g.by == g.target && g.on == g.turn) {
		return errors.New("by and on must be the turn player and the target")
	}
	role := g.atk[0].As
	for _, p := range g.atk {
		if p.As != role {
			return errors.New("attack: all cards must count as the same kind")
		}
	}
	switch {
	case len(g.atk) > 1 && role != Peasant:
		return errors.New("attack: only peasants attack together")
	case !role.IsCommon() && !role.IsUnique() && !role.IsPreAttack():
		return fmt.Errorf("attack: a %s does not attack", role)
	case !role.IsCommon() && g.by != g.turn:
		return errors.New("attack: only a common attack can be turned by a Traitor")
	case g.burn && (role != Dragon || g.forts[g.on].Castle == Unknown):
		return errors.New("burn: only a dragon burns, and only a castle that stands")
	}
	return nil
}

// checkCards proves every card is in one place: exact counts in a digital
// game; in a physical one, no more of a kind in sight than the deck holds,
// unseen cards only in hands and piles, and the right total.
func (g *Game) checkCards() error {
	have := g.census()
	if g.mode == Digital {
		if have[Unknown] > 0 {
			return errors.New("a digital game knows every card: no counts in hands or piles")
		}
		for _, c := range Cards {
			if have[c] != g.deckCount(c) {
				return fmt.Errorf("%d %s card(s) in play, the deck has %d", have[c], c, g.deckCount(c))
			}
		}
		return nil
	}
	for _, zone := range append([][]Card{g.deck.Draw, g.pile}, g.hands...) {
		for _, c := range zone {
			if c != Unknown {
				return errors.New("a physical game does not see hands or the draw pile: write them as counts")
			}
		}
	}
	total := have[Unknown]
	for _, c := range Cards {
		if have[c] > g.deckCount(c) {
			return fmt.Errorf("%d %s card(s) in sight, the deck has %d", have[c], c, g.deckCount(c))
		}
		total += have[c]
	}
	if total != g.spec.deckSize(g.n) {
		return fmt.Errorf("%d cards in play, the deck has %d", total, g.spec.deckSize(g.n))
	}
	return nil
}

func splitSeats(v string, n int, what string) ([]string, error) {
	parts := strings.Split(v, "/")
	if len(parts) != n {
		return nil, fmt.Errorf("%s: %d entries for %d players", what, len(parts), n)
	}
	return parts, nil
}

// parseCardCodes reads letters, counts of unseen cards and, if star is
// allowed, one '*'; it returns where the star was, or -1.
func parseCardCodes(s string, star bool) ([]Card, int, error) {
	at := -1
	if s == "-" {
		return []Card{}, at, nil
	}
	if s == "" {
		return nil, at, errors.New("empty: write - for no cards")
	}
	var out []Card
	for i := 0; i < len(s); {
		b := s[i]
		switch {
		case b == '*' && star && at < 0:
			at = len(out)
			i++
		case b >= '0' && b <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			k, err := strconv.Atoi(s[i:j])
			if err != nil || len(out)+k > maxRun {
				return nil, at, fmt.Errorf("count %q is too large", s[i:j])
			}
			out = append(out, make([]Card, k)...)
			i = j
		default:
			c, ok := cardByCode(b)
			if !ok {
				return nil, at, fmt.Errorf("%q is not a card letter", b)
			}
			if len(out) >= maxRun {
				return nil, at, errors.New("too many cards")
			}
			out = append(out, c)
			i++
		}
	}
	if out == nil {
		out = []Card{}
	}
	return out, at, nil
}

// parsePlayCodes reads plays: card letters, J plus a lower-case letter for a
// Jester posing as that card.
func parsePlayCodes(s string, sp *Spec) ([]Play, error) {
	if s == "-" {
		return nil, nil
	}
	var out []Play
	for i := 0; i < len(s); i++ {
		c, ok := cardByCode(s[i])
		if !ok {
			return nil, fmt.Errorf("%q is not a card letter", s[i])
		}
		p := Plain(c)
		if c == Jester && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z' {
			role, ok := cardByCode(s[i+1] - 'a' + 'A')
			if !ok || role == Jester || !sp.Living(role) {
				return nil, fmt.Errorf("J%c: a jester poses only as a living card", s[i+1])
			}
			p = JesterAs(role)
			i++
		}
		if len(out) >= maxRun {
			return nil, errors.New("too many cards")
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, errors.New("empty: write - for no cards")
	}
	return out, nil
}

func parseFort(s string, sp *Spec) (Fort, error) {
	ps, err := parsePlayCodes(s, sp)
	if err != nil {
		return Fort{}, err
	}
	var f Fort
	for _, p := range ps {
		var slot *Card
		switch p.As {
		case Castle:
			slot = &f.Castle
		case Archer:
			slot = &f.Archer
		case Minstrel:
			slot = &f.Minstrel
		default:
			return Fort{}, fmt.Errorf("a %s does not fortify", p)
		}
		if *slot != Unknown {
			return Fort{}, fmt.Errorf("two %ss", p.As)
		}
		*slot = p.Card
	}
	return f, nil
}
