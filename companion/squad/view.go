package squad

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/squad"
)

// PlayerStatus is one ninja as a role may see it.
type PlayerStatus struct {
	Name      string         `json:"name"`
	Deck      string         `json:"deck"`
	DrawLeft  int            `json:"drawLeft"`
	FaceUp    int            `json:"faceUp"`
	Missed    int            `json:"missedTurns"`
	Home      bool           `json:"home"`
	Exposed   bool           `json:"exposed"`
	Star      bool           `json:"starLeft"`
	Cubes     int            `json:"cubes"`
	Lanterns  int            `json:"lanterns"`
	GuardsOut int            `json:"guardsTakenOut"`
	Senjutsu  int            `json:"senjutsuCards"`
	Buki      int            `json:"bukiCards"`
	Traps     []string       `json:"trapsLeft"`
	TrapsSet  []string       `json:"trapsSet"`
	Hand      map[string]int `json:"hand,omitempty"` // only for the player's own role
}

// Status is the game at a glance, as a role may know it.
type Status struct {
	Part        string         `json:"part"`
	Decks       string         `json:"decks"`
	Speedy      bool           `json:"speedy,omitempty"`
	Phase       int            `json:"phase"`
	Round       int            `json:"round"`
	Rounds      int            `json:"rounds"`
	Stage       string         `json:"stage"`
	ToAct       string         `json:"toAct"`
	First       string         `json:"firstPlayer"`
	Waiting     string         `json:"waiting"`
	Tracker     int            `json:"tracker"`
	Target      int            `json:"target"`
	GuardsToAdd int            `json:"guardsToAdd"`
	Owed        string         `json:"owed,omitempty"`
	Fires       int            `json:"fires"`
	FireTokens  int            `json:"fireTokensLeft"`
	Result      string         `json:"result"`
	Winner      string         `json:"winner,omitempty"`
	Players     []PlayerStatus `json:"players"`
	For         string         `json:"for"`
}

var partNames = map[engine.Mode]string{engine.Raid: "Midnight Raid", engine.Escape: "Dawn Escape"}

func pileCard(p engine.Pile) string {
	return map[engine.Pile]string{engine.AlarmPile: "an Alarm card", engine.SenjutsuPile: "a Senjutsu card", engine.BukiPile: "a Buki card"}[p]
}

func cardName(p engine.Pile, kind string) string {
	d := Data()
	cards := map[engine.Pile][]data.SquadCard{engine.AlarmPile: d.Alarm, engine.SenjutsuPile: d.Senjutsu, engine.BukiPile: d.Buki}[p]
	for _, c := range cards {
		if c.Kind == kind {
			return strings.TrimSuffix(c.Name, "!")
		}
	}
	return kind
}

// Status tells the game as r may see it.
func (t *Table) Status(r Role) Status {
	g := t.Game
	d := Data()
	tr, target := g.Alarm()
	st := Status{Part: partNames[g.Mode()], Decks: t.Options.Decks, Speedy: t.Options.Speedy, Phase: g.Phase(),
		Round: min(g.Round(), d.Setup.Rounds), Rounds: d.Setup.Rounds, Stage: g.Stage().String(),
		First: t.Name(g.First()), Waiting: t.Waiting(), Tracker: tr, Target: target,
		GuardsToAdd: g.GuardsToAdd(), Fires: g.Fires(), FireTokens: d.Tokens.Fire - g.Fires(), For: "table"}
	if !r.Table {
		st.For = t.Name(r.Seat)
	}
	if g.Stage() == engine.StageMove || g.Stage() == engine.StageAfter {
		st.ToAct = t.Name(g.ToAct())
	}
	if p, s, ok := g.Owed(); ok {
		st.Owed = fmt.Sprintf("%s for %s", pileCard(p), t.Name(s))
	}
	res, win := g.Outcome()
	st.Result = res.String()
	if res == engine.Escaped {
		st.Winner = t.Name(win)
	}
	for i := range g.Players() {
		s := rules.Seat(i)
		draw, up, _, _ := g.Cards(s)
		c, l := g.Collected(s)
		p := PlayerStatus{Name: t.Name(s), Deck: string(rune('A' + g.Deck(s) - 1)), DrawLeft: draw, FaceUp: up,
			Missed: g.Missed(s), Home: g.Home(s), Exposed: g.Exposed(s), Star: !g.StarUsed(s), Cubes: c, Lanterns: l,
			GuardsOut: g.GuardsTakenOut(s), Traps: []string{}, TrapsSet: []string{}}
		sen, buki := g.Hand(s, engine.SenjutsuPile), g.Hand(s, engine.BukiPile)
		for _, n := range sen {
			p.Senjutsu += n
		}
		for _, n := range buki {
			p.Buki += n
		}
		if !r.Table && r.Seat == s {
			p.Hand = map[string]int{}
			maps.Copy(p.Hand, sen)
			maps.Copy(p.Hand, buki)
		}
		if g.Mode() == engine.Escape {
			for _, w := range d.Wana {
				set, sprung := g.Trap(s, w.Kind)
				switch {
				case set:
					p.TrapsSet = append(p.TrapsSet, w.Kind)
				case !sprung:
					p.Traps = append(p.Traps, w.Kind)
				}
			}
		}
		st.Players = append(st.Players, p)
	}
	return st
}

// Bar draws the tracker against its target in width characters.
func Bar(tracker, target, width int) string {
	n := 0
	if target > 0 {
		n = min(width, tracker*width/target)
	}
	return "[" + strings.Repeat("#", n) + strings.Repeat(".", width-n) + "]"
}

// Text is the status as at most 80 columns of plain text.
func (s Status) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Ninja Squad: %s, phase %d, round %d of %d (%s piles", s.Part, s.Phase, s.Round, s.Rounds, s.Decks)
	if s.Speedy {
		b.WriteString(", super speedy")
	}
	b.WriteString(")\n")
	if s.Part == "Midnight Raid" {
		fmt.Fprintf(&b, "Alarm %2d of %2d %s  guards to add: %d\n", s.Tracker, s.Target, Bar(s.Tracker, s.Target, 30), s.GuardsToAdd)
	} else {
		fmt.Fprintf(&b, "Guards to add: %d  fires burning: %d (fire tokens left: %d)\n", s.GuardsToAdd, s.Fires, s.FireTokens)
	}
	fmt.Fprintf(&b, "First player: %s\n", s.First)
	fmt.Fprintf(&b, "  %-12s deck left up miss senj buki star guards cubes", "ninja")
	if s.Part == "Midnight Raid" {
		b.WriteString(" lant")
	}
	b.WriteString("\n")
	for _, p := range s.Players {
		mark := " "
		if p.Name == s.ToAct {
			mark = ">"
		}
		star := "yes"
		if !p.Star {
			star = "-"
		}
		fmt.Fprintf(&b, "%s %-12s  %s   %3d %2d %4d %4d %4d %4s %6d %5d", mark, p.Name, p.Deck, p.DrawLeft, p.FaceUp, p.Missed, p.Senjutsu, p.Buki, star, p.GuardsOut, p.Cubes)
		if s.Part == "Midnight Raid" {
			fmt.Fprintf(&b, " %4d", p.Lanterns)
		}
		switch {
		case p.Home && s.Part == "Midnight Raid":
			b.WriteString(" roof")
		case p.Home:
			b.WriteString(" forest")
		case p.Exposed:
			b.WriteString(" seen")
		}
		b.WriteString("\n")
	}
	if s.Part == "Dawn Escape" {
		for _, p := range s.Players {
			fmt.Fprintf(&b, "  %s traps: left %s; set %s\n", p.Name, list(p.Traps), list(p.TrapsSet))
		}
	}
	for _, p := range s.Players {
		if p.Hand != nil {
			fmt.Fprintf(&b, "Your cards (%s): %s\n", p.Name, hand(p.Hand))
		}
	}
	fmt.Fprintf(&b, "Waiting: %s\n", s.Waiting)
	return b.String()
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

func hand(h map[string]int) string {
	if len(h) == 0 {
		return "none"
	}
	var w []string
	for _, k := range slices.Sorted(maps.Keys(h)) {
		if h[k] > 1 {
			w = append(w, fmt.Sprintf("%s x%d", k, h[k]))
		} else {
			w = append(w, k)
		}
	}
	return strings.Join(w, ", ")
}

// Waiting says what the game waits for, in table words.
func (t *Table) Waiting() string {
	g := t.Game
	who := t.Name(g.ToAct())
	switch g.Stage() {
	case engine.StageMove:
		_, up, _, _ := g.Cards(g.ToAct())
		if g.Dashing(g.ToAct()) {
			return fmt.Sprintf("%s's Ninja Dash: both face-up cards, a route on each", who)
		}
		if g.MustPlayDrawn(g.ToAct()) {
			return fmt.Sprintf("%s must play the one card drawn, or freeze", who)
		}
		return fmt.Sprintf("%s's turn, %s up: a card along a route, or freeze", who, plural(up, "card"))
	case engine.StageAfter:
		return fmt.Sprintf("%s may use the Buki card just drawn, or end the turn", who)
	case engine.StageExposed:
		return "phase over: who stands on a road or out of cover?"
	case engine.StagePatrols:
		return "Guard Phase: move the patrols; who took one out?"
	case engine.StageDraw:
		p, s, _ := g.Owed()
		return fmt.Sprintf("%s came up for %s: which one?", pileCard(p), t.Name(s))
	}
	return t.result()
}

func (t *Table) result() string {
	res, win := t.Game.Outcome()
	switch res {
	case engine.RaidWon:
		return "the raid is won: every ninja is on the palace roof"
	case engine.RaidLost:
		tr, target := t.Game.Alarm()
		return fmt.Sprintf("the raid is lost: the alarm reached %d of %d", tr, target)
	case engine.Escaped:
		return fmt.Sprintf("%s reached the Blue Forest first and wins", t.Name(win))
	}
	return "the game is over"
}

// Story tells an entry as r may read it.
func (t *Table) Story(e Entry, r Role) []string {
	var out []string
	if e.Seq > 0 {
		out = append(out, wrap(t.told(e, r))...)
	}
	for _, ev := range e.Events {
		// A Trip Wire's owner picks the lost card at the table: it reads it.
		owner := ev.Kind == engine.EventTrapLoss && e.Action.Type == engine.ActSpring && !r.Table && r.Seat == e.Action.Seat
		if !owner {
			ev = ev.For(r.Viewer())
		}
		if l := t.event(ev); l != "" {
			out = append(out, wrap(l)...)
		}
	}
	return out
}

// storyWidth leaves room for the log's "seq  who: " before a story line,
// so that every line fits 80 columns.
const storyWidth = 62

// wrap cuts a line at spaces to storyWidth, the rest indented.
func wrap(l string) []string {
	var out []string
	for len(l) > storyWidth {
		cut := strings.LastIndexByte(l[:storyWidth], ' ')
		if cut <= 2 {
			break
		}
		out = append(out, l[:cut])
		l = "  " + l[cut+1:]
	}
	return append(out, l)
}

func metWords(m engine.Met, escape bool) string {
	var w []string
	if m.Cubes > 0 {
		w = append(w, plural(m.Cubes, "cube"))
	}
	if m.Lanterns > 0 {
		w = append(w, plural(m.Lanterns, "lantern"))
	}
	if m.Guard {
		w = append(w, "took out a guard")
	}
	if m.Home {
		if escape {
			w = append(w, "reached the Blue Forest")
		} else {
			w = append(w, "reached the palace roof")
		}
	}
	if len(w) == 0 {
		return ""
	}
	return ": " + strings.Join(w, ", ")
}

// told is the action itself in table words.
func (t *Table) told(e Entry, r Role) string {
	a := e.Action
	who := t.Name(e.Seat)
	escape := e.Part == engine.Escape
	switch a.Type {
	case engine.ActPlay:
		return fmt.Sprintf("%s moved with card %d, route %d%s", who, a.Card, a.Route, metWords(a.Met, escape))
	case engine.ActDash:
		return fmt.Sprintf("%s dashed: routes %d then %d%s", who, a.Route, a.Route2, metWords(a.Met, escape))
	case engine.ActFreeze:
		return fmt.Sprintf("%s froze and discarded the face-up card(s)", who)
	case engine.ActSenjutsu:
		return fmt.Sprintf("%s used Senjutsu: %s", t.Name(a.Seat), cardName(engine.SenjutsuPile, a.Kind))
	case engine.ActBuki:
		return fmt.Sprintf("%s used Buki: %s", who, cardName(engine.BukiPile, a.Kind))
	case engine.ActFire:
		return fmt.Sprintf("%s shot a Fire Arrow: a tile burns", who)
	case engine.ActFlask:
		return fmt.Sprintf("%s poured a Water Flask on a fire", who)
	case engine.ActStar:
		return fmt.Sprintf("%s threw the Throwing Star token", who)
	case engine.ActSetTrap:
		return fmt.Sprintf("%s set a Wana trap: %s", who, a.Kind)
	case engine.ActSpring:
		victim, s, lost := e.Seat, fmt.Sprintf("%s sprang %s's %s", who, t.Name(a.Seat), a.Kind), " and lost "
		if v := a.Rival(); v != engine.NoSeat {
			victim = v
			s = fmt.Sprintf("%s knocked %s onto %s's %s", who, t.Name(v), t.Name(a.Seat), a.Kind)
			lost = fmt.Sprintf(": %s lost ", t.Name(v))
		}
		if a.Lost != "" && (r.Seat == victim || r.Seat == a.Seat) && !r.Table {
			s += lost + cardName(engine.BukiPile, a.Lost)
		}
		return s
	case engine.ActGuard:
		return fmt.Sprintf("%s was knocked into a guard or reached by one: misses a turn", t.Name(a.Seat))
	case engine.ActReached:
		return fmt.Sprintf("%s was moved by someone else%s", t.Name(a.Seat), metWords(a.Met, escape))
	case engine.ActEndTurn:
		return fmt.Sprintf("%s ended the turn", who)
	case engine.ActTimeUp:
		return "time is up: the movement phase ends"
	case engine.ActExposed:
		return "exposed at the phase's end: " + t.seatsWords(a)
	case engine.ActPatrols:
		return "patrols moved; guards taken out by: " + t.seatsWords(a)
	case engine.ActDraw:
		if a.Pile == engine.AlarmPile || (!r.Table && r.Seat == a.Seat) {
			return fmt.Sprintf("%s drew %s", t.Name(a.Seat), cardName(a.Pile, a.Kind))
		}
		return fmt.Sprintf("%s drew %s", t.Name(a.Seat), pileCard(a.Pile))
	}
	return who + ": " + a.Type.String()
}

func (t *Table) seatsWords(a engine.Action) string {
	if names := t.seatNames(a); len(names) > 0 {
		return strings.Join(names, ", ")
	}
	return "nobody"
}

func (t *Table) event(ev engine.Event) string {
	who := t.Name(ev.Seat)
	switch ev.Kind {
	case engine.EventPhase:
		return fmt.Sprintf("Movement phase %d begins; %s goes first", ev.N, who)
	case engine.EventFootstep:
		return fmt.Sprintf("%s discards the first card (Careless Footstep)", who)
	case engine.EventMissed:
		return fmt.Sprintf("%s sits out this turn and discards %s", who, plural(ev.N, "card"))
	case engine.EventFireOut:
		return fmt.Sprintf("%s's fire goes out", who)
	case engine.EventMoveEnds:
		return fmt.Sprintf("Movement phase %d is over", ev.N)
	case engine.EventTracker:
		if ev.N < 0 {
			return fmt.Sprintf("The alarm tracker slides back %d to %d", -ev.N, ev.Target)
		}
		return fmt.Sprintf("The alarm tracker moves up %d to %d", ev.N, ev.Target)
	case engine.EventGuards:
		return fmt.Sprintf("Put %s on the board", plural(ev.N, "guard"))
	case engine.EventDrew:
		if t.Options.Decks == "physical" {
			return "" // the reported draw tells it
		}
		if ev.Card == "" {
			return fmt.Sprintf("%s drew %s", who, pileCard(ev.Pile))
		}
		return fmt.Sprintf("%s drew %s", who, cardName(ev.Pile, ev.Card))
	case engine.EventReshuffle:
		return fmt.Sprintf("The %s discards are shuffled into a new pile", ev.Pile)
	case engine.EventPileEmpty:
		return fmt.Sprintf("The %s pile is empty: %s gets no card", ev.Pile, who)
	case engine.EventTrapLoss:
		if ev.Card == "" {
			return fmt.Sprintf("%s lost a Buki card to the Trip Wire", who)
		}
		return fmt.Sprintf("%s lost %s to the Trip Wire", who, cardName(engine.BukiPile, ev.Card))
	case engine.EventToken:
		return fmt.Sprintf("The first-player token passes to %s", who)
	case engine.EventRotate:
		var w []string
		for i, d := range ev.Decks {
			w = append(w, fmt.Sprintf("%s deck %c", t.Name(rules.Seat(i)), 'A'+d-1))
		}
		return "Pass the movement decks on: " + strings.Join(w, ", ")
	case engine.EventHome:
		return fmt.Sprintf("%s is home", who)
	case engine.EventEscape:
		return fmt.Sprintf("The raid is won! The Dawn Escape begins; %s goes first", who)
	case engine.EventOver:
		return "Game over: " + t.result()
	}
	return ""
}

// LogLines lists the actions so far as r may read them, with a public
// note for each action undo took back.
func (t *Table) LogLines(r Role) []companion.LogLine {
	var out []companion.LogLine
	for _, e := range t.fullLog()[1:] {
		who := t.Name(e.Seat)
		for _, l := range t.Story(e, r) {
			out = append(out, companion.LogLine{Seq: e.Seq, Who: who, Action: l})
		}
	}
	for _, e := range t.takenEvents() {
		out = append(out, companion.LogLine{Seq: e.Seq, Who: "table", Action: "an action was taken back here", TakenBack: true})
	}
	slices.SortStableFunc(out, func(a, b companion.LogLine) int { return a.Seq - b.Seq })
	return out
}

// Last is the story of the last action, as r may read it.
func (t *Table) Last(r Role) []string {
	return t.Story(t.Log[len(t.Log)-1], r)
}

// Undone says what undo took back; t is the table after it.
func (t *Table) Undone(r Role, e companion.Event) string {
	what := fmt.Sprintf("Took back action %d", e.Seq)
	var d actData
	if companion.DecodeStrict(e.Data, &d) == nil {
		if a, err := engine.ParseAction(d.Action, t.Game.Players()); err == nil {
			what += ": " + t.told(Entry{Seq: e.Seq, Seat: rules.Seat(d.Seat), Action: a, Part: t.Game.Mode()}, r)
		}
	}
	return what + "\nWaiting: " + t.Waiting()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// PositionSecret reports whether the position string would show a hidden
// card: while the game runs and anyone holds a Senjutsu or Buki card.
func (t *Table) PositionSecret() bool {
	g := t.Game
	if g.Stage() == engine.StageOver {
		return false
	}
	if t.Options.Decks == "digital" {
		return true // the position holds the private seed the draws come from
	}
	for i := range g.Players() {
		if len(g.Hand(rules.Seat(i), engine.SenjutsuPile))+len(g.Hand(rules.Seat(i), engine.BukiPile)) > 0 {
			return true
		}
	}
	return false
}
