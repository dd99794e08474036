package knights

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/rules"
)

// Move is an Action as the engine interface (rules.Engine) holds it: a
// comparable value with no slices, so a search can key tables by it and
// listing moves allocates nothing. Plays[:N] are the distinct plays in
// canonical order, Count how many of each; no action moves more than three
// kinds (a fortification: castle, archer, minstrel). Decline is a seat
// letting a steal window's gems go (ruling K42), which the companion logs
// and the engine's own actions do not have.
type Move struct {
	Type    ActionType
	Decline bool
	Fort    bool
	Burn    bool
	Seat    rules.Seat
	N       uint8
	Plays   [3]Play
	Count   [3]uint8
}

// DeclineMove lets the gems of an open steal window go.
func DeclineMove() Move { return Move{Type: ActPass, Decline: true, Seat: NoSeat} }

// MoveOf is an action as a Move.
func MoveOf(a Action) Move {
	m := Move{Type: a.typ, Seat: a.seat, Fort: a.fort, Burn: a.burn}
	for _, p := range a.plays {
		m.add(p, 1)
	}
	return m
}

// add puts n copies of p among the move's plays, keeping them in canonical
// order so that equal moves are equal values.
func (m *Move) add(p Play, n uint8) {
	if m.N == 0 {
		m.Plays[0], m.Count[0], m.N = p, n, 1
		return
	}
	i := 0
	for i < int(m.N) && m.Plays[i].less(p) {
		i++
	}
	if i < int(m.N) && m.Plays[i] == p {
		m.Count[i] += n
		return
	}
	copy(m.Plays[i+1:], m.Plays[i:m.N])
	copy(m.Count[i+1:], m.Count[i:m.N])
	m.Plays[i], m.Count[i] = p, n
	m.N++
}

// Action is the move as Apply takes it; a decline reads as a pass, which
// Act gives Apply only for the last seat asked.
func (m Move) Action() Action { return m.action(nil) }

// action is the move as an Action whose plays are appended to buf, which
// the engine keeps on its stack: Game.apply copies the plays it keeps.
func (m Move) action(buf []Play) Action {
	a := Action{typ: m.Type, seat: m.Seat, fort: m.Fort, burn: m.Burn, plays: buf}
	for i := range m.N {
		for range m.Count[i] {
			a.plays = append(a.plays, m.Plays[i])
		}
	}
	if len(a.plays) == 0 {
		a.plays = nil
	}
	return a
}

// State is a digital game behind the engine interface: the game, which
// seats have let an open steal window's gems go (K42), and for every seat
// the cards it has seen go into another seat's hand (a Princess's catch, a
// card its Merchant or Monk took, a card it gave in a draft), which
// Determinize keeps where that seat knows they are.
type State struct {
	g        *Game
	declined uint8
	// known[o][t] counts cards o knows t holds (in hand, or shown to a
	// Herald where o did not see them): a lower bound, never a guess.
	known [maxSeats][maxSeats][numCards]uint8
	// lot is the discard pile the draw pile was last shuffled from, seen
	// by everyone; the draw pile holds no card it did not (lotKnown).
	lot      [numCards]uint8
	lotKnown bool
}

var _ rules.Engine[*State, Move] = (*State)(nil)

// NewState puts the engine interface on a copy of a digital game. A
// physical game is refused: its hands are real cards the engine never sees,
// so nothing can play a seat from them. A state begun mid-game has no
// history: no seat knows another's cards and the draw pile is bound only
// from the next reshuffle on; to know what every seat has seen, begin at
// the deal and play every action through Act (with SetRand before each,
// to draw what the table drew).
func NewState(g *Game) (*State, error) {
	if g.mode != Digital {
		return nil, fmt.Errorf("knights: a physical deck's hands are in players' hands, not in the engine: only a digital game can be played by the engine interface")
	}
	return &State{g: g.Clone()}, nil
}

// Game is the game (a copy).
func (s *State) Game() *Game { return s.g.Clone() }

// SetRand replaces the random source of the game's shuffles and Merchant
// picks, as Game.SetRand does.
func (s *State) SetRand(r *rand.Rand) { s.g.SetRand(r) }

// Known is the cards seat o knows seat t holds.
func (s *State) Known(o, t rules.Seat) [numCards]uint8 { return s.known[o][t] }

// Clone is an independent copy; it shares the game's random source, as
// Game.Clone does.
func (s *State) Clone() *State {
	c, _ := s.cloneBox()
	return c
}

// stateBox holds a cloned state with its game, in one allocation.
type stateBox struct {
	s State
	g gameBox
}

// cloneBox is Clone, with the box its game lives in.
func (s *State) cloneBox() (*State, *gameBox) {
	b := new(stateBox)
	b.s = *s
	b.s.g = s.g.cloneInto(&b.g)
	return &b.s, &b.g
}

// Players is the number of seats.
func (s *State) Players() int { return s.g.n }

// ToAct lists the seat the game waits on or, in a steal window, every seat
// it asks (K42, E-7): they answer at once, in turn order from the holder's left.
func (s *State) ToAct(buf []rules.Seat) []rules.Seat {
	g := s.g
	switch g.phase {
	case PhaseOver:
		return buf
	case PhaseSteal:
		for i := 1; i < g.n; i++ {
			if t := g.holder.Offset(i, g.n); s.asked(t) {
				buf = append(buf, t)
			}
		}
		return buf
	}
	return append(buf, s.waitsOn())
}

// waitsOn is Game.ToAct without its allocation: the next seat to show a
// Herald a card is looked for in place (K19).
func (s *State) waitsOn() rules.Seat {
	g := s.g
	if g.phase != PhaseShow {
		return g.ToAct()
	}
	for i := 1; i < g.n; i++ {
		if t := g.turn.Offset(i, g.n); len(g.shown[t]) == 0 && len(g.hands[t]) > 0 {
			return t
		}
	}
	return NoSeat
}

// asked reports whether the open steal window still asks seat t.
func (s *State) asked(t rules.Seat) bool {
	g := s.g
	return g.phase == PhaseSteal && t != g.holder && len(g.hands[t]) > 0 && s.declined&(1<<t) == 0
}

// Over reports whether someone has won.
func (s *State) Over() bool { return s.g.phase == PhaseOver }

// Returns: the winner 1, everyone else -1.
func (s *State) Returns(buf []float64) []float64 {
	if !s.Over() {
		for range s.g.n {
			buf = append(buf, 0)
		}
		return buf
	}
	return rules.Outcome(buf, s.g.n, []rules.Seat{s.g.winner})
}

// Act applies a move through Apply, the checks a person's move goes
// through. A decline is checked as the companion checks it; the last one
// asked closes the window with the pass that Apply takes. The turn
// player's pass, which Actions never lists (E-7), still closes a window at
// once, as in the companion's one-shot commands, so a session's log
// replays.
func (s *State) Act(seat rules.Seat, m Move) error {
	g := s.g
	if int(seat) < 0 || int(seat) >= g.n {
		return fmt.Errorf("%w: no seat %d at a table of %d", rules.ErrIllegal, int(seat)+1, g.n)
	}
	if g.phase == PhaseSteal {
		if m == (Move{Type: ActPass, Seat: NoSeat}) && seat == g.turn {
			s.applyLegal(PassAction()) // the table closes the window (K39); a pass always may
			return nil
		}
		if !s.asked(seat) {
			return fmt.Errorf("%w: the steal window does not ask seat %s", rules.ErrIllegal, seat)
		}
		if m.Decline {
			s.declined |= 1 << seat
			for i := range g.n {
				if s.asked(rules.Seat(i)) {
					return nil
				}
			}
			s.applyLegal(PassAction())
			return nil
		}
		if m.Type != ActRespond || m.Seat != seat {
			return fmt.Errorf("%w: seat %s is asked to steal or let the gems go", rules.ErrIllegal, seat)
		}
		return s.play(seat, m)
	}
	if m.Decline {
		return fmt.Errorf("%w: no gems to steal now", rules.ErrIllegal)
	}
	if who := g.Actor(Action{typ: m.Type, seat: m.Seat}); who != seat {
		return fmt.Errorf("%w: seat %s acts now, not seat %s", rules.ErrIllegal, who, seat)
	}
	return s.play(seat, m)
}

// play applies seat's move m. A move Actions lists is legal (Actions is
// LegalActionsFor as moves), so it skips Apply's check, which lists the
// game's actions with an allocation each; any other move goes through
// Apply, which refuses it or takes it as before.
func (s *State) play(seat rules.Seat, m Move) error {
	g := s.g
	if g.phase == PhaseDraft && seat == g.turn && (m == Move{Type: ActKeep, Seat: NoSeat} || m == Move{Type: ActGive, Seat: NoSeat}) &&
		(len(g.deck.Draw) > 0 || len(g.deck.Discard) == 0) {
		// A draft decision draws and discards nothing, so nothing
		// reshuffles, and only a gift is known, to its giver: what
		// applyLegal's witness would find, without taking it.
		top, turn := g.pile[len(g.pile)-1], g.turn
		g.applyLegal(Action{typ: m.Type, seat: NoSeat})
		s.declined = 0
		if m.Type == ActGive {
			s.known[turn][g.rival(turn)][top]++
		}
		return nil
	}
	if !s.lists(seat, m) {
		return s.apply(m.Action())
	}
	var plays [8]Play
	s.applyLegal(m.action(plays[:0]))
	return nil
}

// applyLegal plays a legal action, as apply does without Apply's check.
func (s *State) applyLegal(a Action) {
	var w witness
	s.before(a, &w)
	s.g.applyLegal(a)
	s.declined = 0
	s.after(a, &w)
}

// lists reports whether Actions(seat) lists m. Most moves are read off the
// hand's counts directly; fortifications and specials on a main turn, and
// the moves of a steal window, a Herald's take or a Monk's tax in gems, are
// listed into a buffer on the stack.
func (s *State) lists(seat rules.Seat, m Move) bool {
	g := s.g
	if g.phase == PhaseSteal || s.waitsOn() != seat {
		return s.inListing(seat, m)
	}
	h := s.counts(seat)
	switch {
	case g.phase == PhaseDraft:
		return m == Move{Type: ActKeep, Seat: NoSeat} || m == Move{Type: ActGive, Seat: NoSeat}
	case g.phase == PhaseShow:
		k := 1
		if g.duel() {
			k = 2
		}
		return isCombo(&h, min(k, len(g.hands[seat])), ActShow, m)
	case g.phase == PhasePurge:
		return isCombo(&h, min(2, len(g.hands[seat])), ActDiscard, m)
	case g.phase == PhaseTax && m.Type == ActPayCards:
		gemsFull, cardsFull := g.canPayTax(seat)
		n := len(g.hands[seat])
		return n > 0 && (cardsFull || !gemsFull) && isCombo(&h, min(n, g.taxCards()), ActPayCards, m)
	case g.phase == PhaseRespond:
		// respondMoves: the pass, then answers of seat.
		return m == (Move{Type: ActPass, Seat: NoSeat}) || s.answers(&h, m)
	case g.phase == PhaseMain && g.target != NoSeat:
		// mainMoves: the pass, then the attacks at the target.
		return m == (Move{Type: ActPass, Seat: NoSeat}) || m.Type == ActAttack && m.Seat == g.target && s.attacks(&h, m)
	case g.phase != PhaseMain:
		return s.inListing(seat, m)
	}
	var arr [16]Move
	switch m.Type {
	case ActFortify:
		return slices.Contains(s.fortifyMoves(&h, arr[:0]), m)
	case ActAttack:
		return m.Seat != g.turn && m.Seat >= 0 && int(m.Seat) < g.n && s.attacks(&h, m)
	case ActSpecial:
		return slices.Contains(s.specialMoves(&h, arr[:0]), m)
	}
	// endMoves: a duel's re-deal for a short hand, else a pass for an empty
	// one, else one discard a kind in hand.
	n := len(g.hands[g.turn])
	if g.duel() && n <= g.spec.Setup.RedealMax {
		return m == Move{Type: ActRedeal, Seat: NoSeat}
	}
	if n == 0 {
		return m == Move{Type: ActPass, Seat: NoSeat}
	}
	c := m.Plays[0].Card
	return c > Unknown && c < numCards && h[c] > 0 &&
		m == Move{Type: ActDiscard, Seat: NoSeat, N: 1, Plays: [3]Play{Plain(c)}, Count: [3]uint8{1}}
}

// inListing reports whether Actions(seat) lists m, listing them into a
// buffer on the stack.
func (s *State) inListing(seat rules.Seat, m Move) bool {
	var arr [16]Move
	return slices.Contains(s.Actions(seat, arr[:0]), m)
}

// attacks reports whether attackMoves lists m, an attack at a seat other
// than the turn player's, for the turn player's hand h: the cards that
// reach m.Seat's fortifications, each as attackMoves lets them.
func (s *State) attacks(h *[numCards]uint8, m Move) bool {
	g := s.g
	f := g.forts[m.Seat]
	if m.Decline || f.Minstrel != Unknown { // K9
		return false
	}
	if m.Fort {
		return !m.Burn && f.Archer != Unknown && g.forts[g.turn].Archer != Unknown &&
			m == Move{Type: ActAttack, Fort: true, Seat: m.Seat, N: 1, Plays: [3]Play{Plain(Archer)}, Count: [3]uint8{1}}
	}
	role, ok := s.played(h, m)
	if !ok {
		return false
	}
	if m.Burn {
		return role == Dragon && f.Archer == Unknown && f.Castle != Unknown
	}
	switch {
	case role == Archer:
		return f.Archer != Unknown
	case role == Ninja:
		return true
	case f.Archer != Unknown: // K8
		return false
	case role == Dragon:
		return true
	case role == Catapult:
		return f.Castle != Unknown
	case role == Ladder:
		return f.Castle != Unknown && !g.ladder
	case role.IsCommon():
		return f.Castle == Unknown || g.ladder
	}
	return false
}

// answers reports whether respondMoves lists m, an answer that is not the
// pass, for the answering seat's hand h.
func (s *State) answers(h *[numCards]uint8, m Move) bool {
	g := s.g
	if m.Type != ActRespond || m.Seat != g.on || m.Decline || m.Fort || m.Burn {
		return false
	}
	role, ok := s.played(h, m)
	if !ok {
		return false
	}
	at := g.atk[0].As
	switch {
	case role.IsCommon() || role == Traitor:
		return at.IsCommon()
	case role == Princess:
		return at == Knight || at == Dragon
	case role == Executioner:
		return g.spec.Living(at)
	case role == Minstrel:
		return g.duel() || g.forts[m.Seat].Minstrel == Unknown
	}
	return false
}

// played reads m's plays as rolesFrom and commonMoves write them for a
// hand of counts h: one card of a role, or a Jester posing as a living one;
// or a revolt, any number of Peasants and Jesters posing as Peasants (while
// Peasants are living), both in hand. It gives the role they count as.
func (s *State) played(h *[numCards]uint8, m Move) (Card, bool) {
	switch {
	case m.N == 1 && m.Plays[1] == Play{} && m.Plays[2] == Play{} && m.Count[1] == 0 && m.Count[2] == 0:
	case m.N == 2 && m.Plays[0] == Plain(Peasant) && m.Plays[1] == JesterAs(Peasant) && m.Plays[2] == Play{} && m.Count[2] == 0:
	default:
		return Unknown, false
	}
	p := m.Plays[0]
	role := p.As
	if role == Unknown || role >= numCards || m.Count[0] == 0 {
		return Unknown, false
	}
	for i := range m.N {
		p, n := m.Plays[i], m.Count[i]
		switch {
		case n == 0 || (n > 1 && role != Peasant):
			return Unknown, false
		case p == Plain(p.As) && p.As != Jester:
			if h[p.As] < n {
				return Unknown, false
			}
		case p.Card == Jester && p.As != Jester:
			if h[Jester] < n || !s.g.spec.Living(p.As) {
				return Unknown, false
			}
		default:
			return Unknown, false
		}
	}
	return role, true
}

// apply plays a through Apply and updates what each seat knows of the
// others' hands.
func (s *State) apply(a Action) error {
	var w witness
	s.before(a, &w)
	if err := s.g.Apply(a); err != nil {
		return err
	}
	s.declined = 0
	s.after(a, &w)
	return nil
}

// Observation is seat's View, the one the companion shows that seat, as
// JSON with its legal actions in notation; who has let an open steal
// window's gems go (the companion logs it for all); and what seat remembers
// of the other hands from its log (Known), by seat in card letters.
func (s *State) Observation(seat rules.Seat) string {
	v := s.g.View(seat)
	o := struct {
		View
		Legal    []string
		Declined uint8
		Known    []string
	}{View: v, Declined: s.declined}
	for _, a := range v.Legal {
		o.Legal = append(o.Legal, a.String())
	}
	for t := range s.g.n {
		var sb strings.Builder
		for k, n := range s.known[seat][t] {
			for range n {
				sb.WriteByte(Card(k).Code())
			}
		}
		o.Known = append(o.Known, sb.String())
	}
	b, err := json.Marshal(o)
	if err != nil {
		panic("knights view does not marshal: " + err.Error())
	}
	return string(b)
}

// Notation writes a move as the engine's action notation ("attack 2
// knight", "respond 3 highwayman"), or "decline".
func (s *State) Notation(m Move) string {
	if m.Decline {
		return "decline"
	}
	return m.Action().String()
}

// ParseAction reads a move written by Notation.
func (s *State) ParseAction(_ rules.Seat, text string) (Move, error) {
	if strings.EqualFold(strings.TrimSpace(text), "decline") {
		return DeclineMove(), nil
	}
	a, err := ParseActionFor(text, s.g.n)
	if err != nil {
		return Move{}, err
	}
	return MoveOf(a), nil
}

// Narrate tells a move in table words as its actor knows it, with what to
// do on the table: "seat 1 attacks seat 3 with a knight".
func (s *State) Narrate(seat rules.Seat, m Move) string {
	g := s.g
	who := "seat " + seat.String()
	ps := m.Action().plays
	cards := Spoken(ps)
	switch {
	case m.Decline:
		return who + " lets the gems go"
	case m.Type == ActPass:
		switch {
		case g.phase == PhaseRespond:
			return fmt.Sprintf("%s lets %s through", who, Spoken(g.atk))
		case g.phase == PhaseSteal:
			return fmt.Sprintf("nobody steals: seat %s keeps the gems", g.holder)
		case g.target != NoSeat:
			return fmt.Sprintf("%s stops attacking seat %s and ends the turn", who, g.target)
		}
		return who + " has no cards and ends the turn"
	case m.Type == ActDiscard && g.phase == PhasePurge:
		return fmt.Sprintf("%s discards %s for the minstrel", who, cards)
	case m.Type == ActDiscard:
		return fmt.Sprintf("%s discards %s and ends the turn", who, cards)
	case m.Type == ActFortify:
		return fmt.Sprintf("%s fortifies with %s: put them face up beside the gems", who, cards)
	case m.Type == ActAttack && m.Fort:
		return fmt.Sprintf("%s shoots seat %s's archer with the archer of its own fortification", who, m.Seat)
	case m.Type == ActAttack && m.Burn:
		return fmt.Sprintf("%s attacks seat %s with %s, burning the castle if it strikes", who, m.Seat, cards)
	case m.Type == ActAttack:
		return fmt.Sprintf("%s attacks seat %s with %s", who, m.Seat, cards)
	case m.Type == ActRespond && g.phase == PhaseSteal:
		return fmt.Sprintf("%s steals seat %s's %d gem(s) with %s", who, g.holder, g.amount, cards)
	case m.Type == ActRespond:
		return fmt.Sprintf("%s answers %s with %s", who, Spoken(g.atk), cards)
	case m.Type == ActSpecial && m.Seat != NoSeat:
		return fmt.Sprintf("%s plays %s on seat %s: pay %d gem(s) and take half of seat %s's cards unseen", who, cards, m.Seat, g.merchantPrice(), m.Seat)
	case m.Type == ActSpecial && m.Plays[0].As == Herald:
		return fmt.Sprintf("%s plays %s: every rival with cards shows one to %s", who, cards, who)
	case m.Type == ActSpecial:
		return fmt.Sprintf("%s plays %s: every other kingdom with a castle pays a tax", who, cards)
	case m.Type == ActShow:
		return fmt.Sprintf("%s shows %s to seat %s", who, cards, g.turn)
	case m.Type == ActTake:
		return fmt.Sprintf("%s takes the %s seat %s showed; the other shown cards go back", who, m.Plays[0].Card, m.Seat)
	case m.Type == ActPayGems:
		return fmt.Sprintf("%s pays the monk of seat %s in gems", who, g.turn)
	case m.Type == ActPayCards:
		return fmt.Sprintf("%s pays the monk of seat %s with %s", who, g.turn, cards)
	case m.Type == ActKeep || m.Type == ActGive:
		top := "card"
		if g.phase == PhaseDraft && len(g.pile) > 0 {
			top = g.pile[len(g.pile)-1].String()
		}
		if m.Type == ActKeep {
			return fmt.Sprintf("%s keeps the drafted %s", who, top)
		}
		return fmt.Sprintf("%s gives the drafted %s to seat %s", who, top, g.rival(seat))
	case m.Type == ActRedeal:
		return who + " calls a re-deal: discard every fortification and draft again"
	}
	return fmt.Sprintf("%s: %s", who, s.Notation(m))
}

// Actions lists seat's legal moves, exactly what LegalActionsFor lists for
// a digital game, and in a steal window a decline or a Highwayman for each
// seat asked. It reads the hand as counts and allocates nothing.
func (s *State) Actions(seat rules.Seat, buf []Move) []Move {
	g := s.g
	if int(seat) < 0 || int(seat) >= g.n || g.phase == PhaseOver {
		return buf
	}
	if g.phase == PhaseSteal {
		if !s.asked(seat) {
			return buf
		}
		buf = append(buf, DeclineMove())
		return s.roles(seat, Highwayman, Move{Type: ActRespond, Seat: seat}, buf)
	}
	if s.waitsOn() != seat {
		return buf
	}
	switch g.phase {
	case PhaseMain:
		return s.mainMoves(buf)
	case PhaseRespond:
		return s.respondMoves(buf)
	case PhaseShow:
		k := 1
		if g.duel() {
			k = 2
		}
		return s.combos(seat, min(k, len(g.hands[seat])), Move{Type: ActShow, Seat: NoSeat}, buf)
	case PhaseTake:
		for t, ps := range g.shown {
			var seen [numCards]bool
			for _, p := range ps {
				if !seen[p.Card] {
					seen[p.Card] = true
					m := Move{Type: ActTake, Seat: rules.Seat(t)}
					m.add(Plain(p.Card), 1)
					buf = append(buf, m)
				}
			}
		}
		return buf
	case PhaseTax:
		gemsFull, cardsFull := g.canPayTax(seat)
		short := !gemsFull && !cardsFull
		if g.gems[seat] > 0 && (gemsFull || short) {
			buf = append(buf, Move{Type: ActPayGems, Seat: NoSeat})
		}
		if h := len(g.hands[seat]); h > 0 && (cardsFull || short) {
			buf = s.combos(seat, min(h, g.taxCards()), Move{Type: ActPayCards, Seat: NoSeat}, buf)
		}
		return buf
	case PhasePurge:
		return s.combos(seat, min(2, len(g.hands[seat])), Move{Type: ActDiscard, Seat: NoSeat}, buf)
	case PhaseDraft:
		return append(buf, Move{Type: ActKeep, Seat: NoSeat}, Move{Type: ActGive, Seat: NoSeat})
	}
	return buf
}

// counts is seat t's hand by kind.
func (s *State) counts(t rules.Seat) [numCards]uint8 { return s.g.kinds[t] }

func (s *State) mainMoves(buf []Move) []Move {
	g := s.g
	me := g.turn
	h := s.counts(me)
	if g.target != NoSeat {
		buf = append(buf, Move{Type: ActPass, Seat: NoSeat})
		return s.attackMoves(&h, g.target, buf, nil)
	}
	buf = s.fortifyMoves(&h, buf)
	var common span
	for i := 1; i < g.n; i++ {
		buf = s.attackMoves(&h, me.Offset(i, g.n), buf, &common)
	}
	buf = s.specialMoves(&h, buf)
	return s.endMoves(buf)
}

// specialMoves lists the turn player's Heralds, Merchants and Monks.
func (s *State) specialMoves(h *[numCards]uint8, buf []Move) []Move {
	g := s.g
	me := g.turn
	buf = s.rolesFrom(h, Herald, Move{Type: ActSpecial, Seat: NoSeat}, buf)
	if g.gems[me] >= g.merchantPrice() {
		for _, p := range s.options(h, Merchant) {
			if p.Card == Unknown {
				continue
			}
			for i := 1; i < g.n; i++ {
				m := Move{Type: ActSpecial, Seat: me.Offset(i, g.n)}
				m.add(p, 1)
				buf = append(buf, m)
			}
		}
	}
	return s.rolesFrom(h, Monk, Move{Type: ActSpecial, Seat: NoSeat}, buf)
}

// endMoves lists the ways the turn player ends a turn before attacking.
func (s *State) endMoves(buf []Move) []Move {
	g := s.g
	me := g.turn
	switch n := len(g.hands[me]); {
	case g.duel() && n <= g.spec.Setup.RedealMax:
		buf = append(buf, Move{Type: ActRedeal, Seat: NoSeat})
	case n == 0:
		buf = append(buf, Move{Type: ActPass, Seat: NoSeat})
	default:
		// One discard a kind, highest first: the hand is sorted.
		hand := g.hands[me]
		m := Move{Type: ActDiscard, Seat: NoSeat, N: 1, Count: [3]uint8{1}}
		for i := len(hand) - 1; i >= 0; i-- {
			if c := hand[i]; i == len(hand)-1 || hand[i+1] != c {
				m.Plays[0] = Plain(c)
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// options is how a hand can play a card counting as role: the card itself
// and a Jester posing as it (K16); a zero Play marks an option it lacks.
func (s *State) options(h *[numCards]uint8, role Card) [2]Play {
	var out [2]Play
	if h[role] > 0 {
		out[0] = Plain(role)
	}
	if role != Jester && s.g.spec.Living(role) && h[Jester] > 0 {
		out[1] = JesterAs(role)
	}
	return out
}

// roles appends m with each way seat t can play role.
func (s *State) roles(t rules.Seat, role Card, m Move, buf []Move) []Move {
	h := s.counts(t)
	return s.rolesFrom(&h, role, m, buf)
}

// rolesFrom is roles from hand counts h, in the order options lists them.
// m has no plays yet, so each is its only one.
func (s *State) rolesFrom(h *[numCards]uint8, role Card, m Move, buf []Move) []Move {
	m.Count[0], m.N = 1, 1
	if h[role] > 0 {
		m.Plays[0] = Plain(role)
		buf = append(buf, m)
	}
	if role != Jester && h[Jester] > 0 && s.g.spec.Living(role) {
		m.Plays[0] = JesterAs(role)
		buf = append(buf, m)
	}
	return buf
}

// fortifyMoves fills any set of free slots, one card a kind (K31).
func (s *State) fortifyMoves(h *[numCards]uint8, buf []Move) []Move {
	g := s.g
	f := g.forts[g.turn]
	castles, nc := s.slot(h, f.Castle == Unknown, Castle)
	archers, na := s.slot(h, f.Archer == Unknown, Archer)
	minstrels, nm := s.slot(h, f.Minstrel == Unknown, Minstrel)
	if nc+na+nm == 3 {
		return buf // most hands can fill no free slot
	}
	for _, c := range castles[:nc] {
		for _, a := range archers[:na] {
			for _, m := range minstrels[:nm] {
				if c.Card == Unknown && a.Card == Unknown && m.Card == Unknown {
					continue
				}
				// Canonical order: the plain cards (Minstrel, Archer,
				// Castle), then the Jesters by the role they pose as.
				mv := Move{Type: ActFortify, Seat: NoSeat}
				jesters := uint8(0)
				for _, p := range [3]Play{m, a, c} {
					if p.Card != Unknown && p.Card != Jester {
						mv.Plays[mv.N], mv.Count[mv.N] = p, 1
						mv.N++
					}
				}
				for _, p := range [3]Play{m, a, c} {
					if p.Card == Jester {
						mv.Plays[mv.N], mv.Count[mv.N] = p, 1
						mv.N++
						jesters++
					}
				}
				if jesters <= h[Jester] {
					buf = append(buf, mv)
				}
			}
		}
	}
	return buf
}

// slot is how a free fortification slot for role can be filled, as options
// lists it, after leaving it alone (a zero Play); n counts them.
func (s *State) slot(h *[numCards]uint8, free bool, role Card) (out [3]Play, n int) {
	n = 1
	if !free {
		return out, n
	}
	for _, p := range s.options(h, role) {
		if p.Card != Unknown {
			out[n] = p
			n++
		}
	}
	return out, n
}

// span is where a run of moves lies in a listing, once listed.
type span struct {
	from, to int
	listed   bool
}

// attackMoves mirrors attackActions: what reaches t's fortifications. The
// common attacks are the same at every rival but for the seat: common
// holds where they were first listed, if they were, and they are copied
// from there.
func (s *State) attackMoves(h *[numCards]uint8, t rules.Seat, buf []Move, common *span) []Move {
	g := s.g
	me := g.turn
	f := g.forts[t]
	atk := Move{Type: ActAttack, Seat: t}
	if f.Minstrel != Unknown {
		return buf // K9
	}
	if f.Archer != Unknown {
		buf = s.rolesFrom(h, Archer, atk, buf)
		if g.forts[me].Archer != Unknown {
			m := atk
			m.Fort = true
			m.add(Plain(Archer), 1)
			buf = append(buf, m)
		}
	}
	buf = s.rolesFrom(h, Ninja, atk, buf)
	if f.Archer != Unknown {
		return buf // K8
	}
	buf = s.rolesFrom(h, Dragon, atk, buf)
	if f.Castle != Unknown {
		burn := atk
		burn.Burn = true
		buf = s.rolesFrom(h, Dragon, burn, buf)
		buf = s.rolesFrom(h, Catapult, atk, buf)
		if !g.ladder {
			buf = s.rolesFrom(h, Ladder, atk, buf)
		}
	}
	if f.Castle == Unknown || g.ladder {
		if common != nil && common.listed {
			for _, m := range buf[common.from:common.to] {
				m.Seat = t
				buf = append(buf, m)
			}
			return buf
		}
		from := len(buf)
		buf = s.commonMoves(h, atk, buf)
		if common != nil {
			*common = span{from, len(buf), true}
		}
	}
	return buf
}

// commonMoves mirrors commonAttacks: every revolt of peasants (Jesters may
// join as peasants), then each single common card.
func (s *State) commonMoves(h *[numCards]uint8, m Move, buf []Move) []Move {
	jesters := uint8(0)
	if s.g.spec.Living(Peasant) {
		jesters = h[Jester]
	}
	for p := uint8(0); p <= h[Peasant]; p++ {
		for j := uint8(0); j <= jesters; j++ {
			if p+j == 0 {
				continue
			}
			// m has no plays; a plain Peasant sorts before a Jester.
			c := m
			if p > 0 {
				c.Plays[c.N], c.Count[c.N] = Plain(Peasant), p
				c.N++
			}
			if j > 0 {
				c.Plays[c.N], c.Count[c.N] = JesterAs(Peasant), j
				c.N++
			}
			buf = append(buf, c)
		}
	}
	for _, role := range [...]Card{Soldier, Knight, King, Queen} {
		buf = s.rolesFrom(h, role, m, buf)
	}
	return buf
}

// respondMoves mirrors respondActions.
func (s *State) respondMoves(buf []Move) []Move {
	g := s.g
	v := g.on
	h := s.counts(v)
	role := g.atk[0].As
	buf = append(buf, Move{Type: ActPass, Seat: NoSeat})
	m := Move{Type: ActRespond, Seat: v}
	if role.IsCommon() {
		buf = s.commonMoves(&h, m, buf)
		buf = s.rolesFrom(&h, Traitor, m, buf)
	}
	if role == Knight || role == Dragon {
		buf = s.rolesFrom(&h, Princess, m, buf)
	}
	if g.spec.Living(role) {
		buf = s.rolesFrom(&h, Executioner, m, buf)
	}
	if g.duel() || g.forts[v].Minstrel == Unknown {
		buf = s.rolesFrom(&h, Minstrel, m, buf)
	}
	return buf
}

// combos appends m with every distinct set of k cards of seat t's hand.
func (s *State) combos(t rules.Seat, k int, m Move, buf []Move) []Move {
	if k == 0 {
		return buf
	}
	h := s.counts(t)
	return combosFrom(&h, Cards[len(Cards)-1], k, m, buf)
}

// isCombo reports whether combos lists m for a hand of counts h: a
// canonical move of plain cards, k in all, that the hand holds.
func isCombo(h *[numCards]uint8, k int, typ ActionType, m Move) bool {
	if k == 0 || m.Type != typ || m.Seat != NoSeat || m.Decline || m.Fort || m.Burn || m.N == 0 || int(m.N) > len(m.Plays) {
		return false
	}
	total := 0
	for i := range int(m.N) {
		p := m.Plays[i]
		if p.Card != p.As || p.Card == Unknown || p.Card >= numCards || m.Count[i] == 0 || m.Count[i] > h[p.Card] {
			return false
		}
		if i > 0 && !m.Plays[i-1].less(p) {
			return false
		}
		total += int(m.Count[i])
	}
	for i := int(m.N); i < len(m.Plays); i++ {
		if m.Plays[i] != (Play{}) || m.Count[i] != 0 {
			return false
		}
	}
	return total == k
}

// combosFrom picks k cards of kinds up to top, highest kind first (the
// order handCombos lists them in does not matter: moves are values).
func combosFrom(h *[numCards]uint8, top Card, k int, m Move, buf []Move) []Move {
	if k == 0 {
		return append(buf, m)
	}
	if k == 1 && m.N == 0 {
		for c := top; c > Unknown; c-- {
			if h[c] > 0 {
				n := m
				n.Plays[0], n.Count[0], n.N = Plain(c), 1, 1
				buf = append(buf, n)
			}
		}
		return buf
	}
	for c := top; c > Unknown; c-- {
		if h[c] == 0 {
			continue
		}
		h[c]--
		n := m
		n.add(Plain(c), 1)
		buf = combosFrom(h, c, k-1, n, buf)
		h[c]++
	}
	return buf
}
