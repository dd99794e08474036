package knights

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// Role is who looks: a seat, or the table (everyone). Bot marks a seat the
// companion plays: a person looking from it sees what the table sees, and
// may not act for it (ruling K43).
type Role struct {
	Seat  rules.Seat
	Table bool
	Bot   bool
}

// ParseRole reads --as: "table", a name or a seat number.
func (t *Table) ParseRole(s string) (Role, error) {
	r, err := companion.ParseSeatRole(s, t.Seat)
	if err != nil || r.Table {
		return Role{Table: r.Table}, err
	}
	return t.RoleOf(r.Seat), nil
}

// RoleOf is seat s's role, marked when the companion plays it.
func (t *Table) RoleOf(s rules.Seat) Role {
	return Role{Seat: s, Bot: companion.IsBot(t.Options.Bots, int(s))}
}

// eyes is the seat whose hidden cards r may see: NoSeat for the table and
// for a bot seat, whose cards are the companion's alone.
func (r Role) eyes() rules.Seat {
	if r.Table || r.Bot {
		return engine.NoSeat
	}
	return r.Seat
}

// actorName names the seat the game waits for, or "" once it waits for
// nobody: a player may be called "Nobody", so JSON readers need no magic name.
func (t *Table) actorName(s rules.Seat) string {
	if s == engine.NoSeat {
		return ""
	}
	return t.seatName(s)
}

// Status is what a role may know.
type Status struct {
	Players    int          `json:"players"`
	Mode       string       `json:"mode"`
	Phase      string       `json:"phase"`
	Turn       string       `json:"turn"`
	ToAct      string       `json:"toAct"`
	Waiting    string       `json:"waiting"`
	Target     int          `json:"gemsToWin"`
	Reshuffles int          `json:"reshuffles"`
	DrawPile   int          `json:"drawPile"`
	Discards   int          `json:"discardPile"`
	Seats      []SeatStatus `json:"seats"`
	Attack     string       `json:"attack,omitempty"`
	// Asked are the players an open steal window still asks (ruling K42).
	Asked     []string `json:"asked,omitempty"`
	Winner    string   `json:"winner,omitempty"`
	Viewer    string   `json:"viewer"`
	Hand      []string `json:"hand,omitempty"`
	Drafting  string   `json:"drafting,omitempty"`
	Shown     []string `json:"shown,omitempty"`
	DraftPile int      `json:"draftPile,omitempty"`
	Turns     int      `json:"turns"`
	Summary   []string `json:"summary,omitempty"`
	// Position is the whole game as one line, only when it hides nothing
	// from anyone (ruling K38).
	Position string `json:"position,omitempty"`
}

// SeatStatus is one kingdom: gems, hand size and fortifications are public.
type SeatStatus struct {
	Name  string   `json:"name"`
	Gems  int      `json:"gems"`
	Cards int      `json:"cards"`
	Fort  []string `json:"fort,omitempty"`
}

// Status describes the game for a role; only a seat's own view holds its
// hand, and only in a digital game, where the companion knows it.
func (t *Table) Status(r Role) Status {
	g := t.Game
	seat := r.eyes()
	st := Status{
		Players: g.Players(), Mode: g.Mode().String(), Phase: g.Phase().String(), Turn: t.seatName(g.Turn()), ToAct: t.actorName(g.ToAct()),
		Waiting: t.Waiting(), Target: g.Target(), Reshuffles: g.Reshuffles(), DrawPile: g.DrawSize(),
		Discards: len(g.Discards()), Viewer: "table", Turns: t.Turns, Summary: t.Summary(),
	}
	if pos, err := t.Position(); err == nil {
		st.Position = pos
	}
	if g.Players() == 2 {
		st.Target = g.TotalGems()
	}
	for i := range g.Players() {
		s := rules.Seat(i)
		ss := SeatStatus{Name: t.seatName(s), Gems: g.Gems(s), Cards: g.HandSize(s)}
		for _, p := range g.Fort(s).Plays() {
			ss.Fort = append(ss.Fort, p.String())
		}
		st.Seats = append(st.Seats, ss)
	}
	if plays, by, on := g.Pending(); len(plays) > 0 {
		st.Attack = fmt.Sprintf("%s attacks %s", t.attacker(g, plays, by), t.seatName(on))
	}
	for _, s := range t.Asked() {
		st.Asked = append(st.Asked, t.seatName(s))
	}
	if o := g.Outcome(); o.Over() {
		st.Winner = t.seatName(o.Winner)
	}
	if g.Phase() == engine.PhaseDraft {
		st.DraftPile = g.View(g.Turn()).DraftPile
	}
	st.Shown = t.shown(seat)
	if r.Bot {
		st.Viewer = t.seatName(r.Seat) + " (bot)"
	}
	if seat != engine.NoSeat {
		st.Viewer = t.seatName(seat)
		v := g.View(seat)
		if g.Mode() == engine.Digital {
			st.Hand = []string{}
		}
		for _, c := range v.Hand {
			st.Hand = append(st.Hand, c.String())
		}
		if v.Drafting != engine.Unknown {
			st.Drafting = v.Drafting.String()
		}
	}
	return st
}

// shown lists the cards shown to a Herald as seat may see them (NoSeat:
// the table): faces for the Herald's player and the seat that showed them,
// a count for everyone else (ruling K36).
func (t *Table) shown(seat rules.Seat) []string {
	g := t.Game
	if g.Phase() != engine.PhaseShow && g.Phase() != engine.PhaseTake {
		return nil
	}
	// The table reads only counts, which every seat's view holds.
	view := g.View(max(seat, 0)).Shown
	var out []string
	for i, ps := range view {
		if len(ps) == 0 {
			continue
		}
		if seat == engine.NoSeat || ps[0].Card == engine.Unknown {
			out = append(out, fmt.Sprintf("%s: %d card(s)", t.seatName(rules.Seat(i)), len(ps)))
			continue
		}
		var names []string
		for _, p := range ps {
			names = append(names, p.String())
		}
		out = append(out, t.seatName(rules.Seat(i))+": "+strings.Join(names, ", "))
	}
	return out
}

// Text is the status for a terminal.
func (st Status) Text() string {
	var sb strings.Builder
	goal := fmt.Sprintf("%d gems to win", st.Target)
	if st.Players == 2 {
		goal = fmt.Sprintf("all %d gems to win", st.Target)
	}
	fmt.Fprintf(&sb, "Of Knights and Ninjas, %s deck: %s (%d reshuffle(s)); draw pile %d, discards %d   (as %s)\n",
		st.Mode, goal, st.Reshuffles, st.DrawPile, st.Discards, st.Viewer)
	for _, s := range st.Seats {
		mark := " "
		if s.Name == st.Turn && st.Winner == "" {
			mark = ">"
		}
		line := fmt.Sprintf("  %s %-10s %2d gems  %2d cards", mark, s.Name, s.Gems, s.Cards)
		if len(s.Fort) > 0 {
			line += "  fortified: " + strings.Join(s.Fort, ", ")
		}
		sb.WriteString(line + "\n")
	}
	if st.Attack != "" {
		sb.WriteString("On the table: " + st.Attack + "\n")
	}
	if st.DraftPile > 0 {
		fmt.Fprintf(&sb, "Draft pile: %d card(s) left\n", st.DraftPile)
	}
	switch {
	case st.Hand == nil:
	case len(st.Hand) == 0:
		fmt.Fprintf(&sb, "Your hand (%s): no cards\n", st.Viewer)
	default:
		fmt.Fprintf(&sb, "Your hand (%s): %s\n", st.Viewer, strings.Join(st.Hand, ", "))
	}
	if len(st.Shown) > 0 {
		sb.WriteString("Shown to the herald: " + strings.Join(st.Shown, "; ") + "\n")
	}
	if st.Drafting != "" {
		fmt.Fprintf(&sb, "You drew %s from the draft pile: keep or give.\n", st.Drafting)
	}
	if st.Winner != "" {
		sb.WriteString(strings.Join(st.Summary, "\n") + "\n")
	} else {
		sb.WriteString("Waiting: " + st.Waiting + "\n")
	}
	return sb.String()
}
