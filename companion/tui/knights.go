package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// knights adapts an Of Knights and Ninjas session to the table mode.
type knights struct {
	src    Source
	name   string
	t      *ck.Table
	cues   []string // what the table does by hand after the last action here
	cuesAt int      // the log length the cues belong to
	// drawn is the board last drawn: of the table t, with a draft card of
	// the viewer's own (or none) in play.
	drawn struct {
		t   *ck.Table
		own engine.Card
		svg string
	}
	botSeats
}

// NewKnights loads an Of Knights and Ninjas session for the table mode.
func NewKnights(src Source) (Game, error) {
	k := &knights{src: src}
	k.botSeats = newBotSeats(src, ck.NextBot, k.Refresh)
	return k, k.Refresh()
}

func (k *knights) Refresh() error {
	s, t, err := replayed(k.src, ck.Replay)
	if err != nil {
		return err
	}
	k.name, k.t = s.Name, t
	return k.load(s)
}

func (k *knights) Title() string { return "Of Knights and Ninjas, session " + k.name }

func (k *knights) role(v Viewer) ck.Role {
	if v == Table {
		return ck.Role{Table: true}
	}
	return k.t.RoleOf(rules.Seat(v))
}

func (k *knights) Name(v Viewer) string {
	if k.Bot(v) {
		return nameOf(k.t.Options.Names, v) + " (bot)"
	}
	return nameOf(k.t.Options.Names, v)
}

func (k *knights) Seat(word string) (Viewer, bool) {
	return seatOf(k.t.Seat, word)
}

// Waiting is whoever the game waits for; while a steal window asks the
// other players, the next of them, so the device goes to each in turn
// (ruling K42); a bot seat asked answers first, on its own.
func (k *knights) Waiting() (Viewer, bool) {
	if asked := k.t.Asked(); len(asked) > 0 {
		for _, a := range asked {
			if k.Bot(Viewer(a)) {
				return Viewer(a), true
			}
		}
		return Viewer(asked[0]), true
	}
	s := k.t.Game.ToAct()
	return Viewer(s), s != engine.NoSeat
}

// Asked: phones put a steal window's question to every seat it asks at
// once.
func (k *knights) Asked(v Viewer) bool {
	return v != Table && slices.Contains(k.t.Asked(), rules.Seat(v))
}

// Private: a digital deck's hands are known to the companion; with a
// physical deck only cards shown to a Herald are (ruling K36). A steal
// window's question is asked in private with either deck, so that nobody
// sees who thinks it over.
func (k *knights) Private(v Viewer) bool {
	if k.Bot(v) {
		return false
	}
	g := k.t.Game
	return g.Mode() == engine.Digital || g.Phase() == engine.PhaseShow || g.Phase() == engine.PhaseTake || k.Asked(v)
}

// Board shows everything public at a glance: gems, fortifications, hand
// sizes, the draw pile, gems to win, the attack on the table, and who must
// act now.
func (k *knights) Board(s Styles) string {
	st := k.t.Status(k.role(Table))
	var sb strings.Builder
	goal := fmt.Sprintf("%d gems to win", st.Target)
	if st.Players == 2 {
		goal = fmt.Sprintf("all %d gems to win", st.Target)
	}
	fmt.Fprintf(&sb, "%s deck   %s   draw pile %d   discards %d   reshuffles %d\n\n", st.Mode, s.Strong.Render(goal), st.DrawPile, st.Discards, st.Reshuffles)
	for _, ss := range st.Seats {
		mark := "  "
		if ss.Name == st.Turn && st.Winner == "" {
			mark = "> "
		}
		name := ss.Name
		if ss.Bot {
			name += " (bot)"
		}
		line := fmt.Sprintf("%s%-10s %s  %2d cards", mark, name, s.Good.Render(fmt.Sprintf("%2d gems", ss.Gems)), ss.Cards)
		if len(ss.Fort) > 0 {
			line += "  fortified: " + strings.Join(ss.Fort, ", ")
		}
		switch {
		case slices.Contains(st.Asked, ss.Name):
			line += s.Strong.Render("  <- asked")
		case ss.Name == st.ToAct && st.Winner == "" && len(st.Asked) == 0:
			line += s.Strong.Render("  <- must act")
		}
		sb.WriteString(line + "\n")
	}
	sb.WriteString("\n")
	if st.Attack != "" {
		sb.WriteString(s.Bad.Render("On the table: "+st.Attack) + "\n")
	}
	if st.DraftPile > 0 {
		fmt.Fprintf(&sb, "Draft pile: %d card(s) left\n", st.DraftPile)
	}
	if len(st.Shown) > 0 {
		sb.WriteString("Shown to the herald: " + strings.Join(st.Shown, "; ") + "\n")
	}
	// The last play standing: a taken-back play's note is not it (ruling
	// C-11).
	if last := companion.LastPlayed(k.t.LogLines(k.role(Table))); last.Who != "" {
		fmt.Fprintf(&sb, "Last: %s\n", last.Told())
	}
	if k.cuesAt == len(k.t.Log) {
		for _, c := range k.cues {
			sb.WriteString(s.Dim.Render(c) + "\n")
		}
	}
	if st.Winner != "" {
		sb.WriteString(s.Strong.Render("Game over: "+st.Winner+" wins.") + "\n")
	} else {
		sb.WriteString(s.Strong.Render("Waiting: "+st.Waiting) + "\n")
	}
	return sb.String()
}

func (k *knights) Secret(v Viewer, s Styles) string {
	// A bot seat's hand is the companion's alone (ruling K43).
	if v == Table || k.Bot(v) {
		return ""
	}
	st := k.t.Status(k.role(v))
	var sb strings.Builder
	switch {
	case st.Hand == nil:
		sb.WriteString("Your hand is your own cards (physical deck).\n")
	case len(st.Hand) == 0:
		sb.WriteString("Your hand: no cards\n")
	default:
		sb.WriteString("Your hand: " + strings.Join(st.Hand, ", ") + "\n")
	}
	if len(st.Shown) > 0 {
		sb.WriteString("Shown to the herald: " + strings.Join(st.Shown, "; ") + "\n")
	}
	if st.Drafting != "" {
		fmt.Fprintf(&sb, "You drew %s from the draft pile: keep or give.\n", st.Drafting)
	}
	if k.Asked(v) {
		sb.WriteString("\n" + k.t.Question() + "\n")
	}
	return sb.String()
}

// stealChoices are the answers to a steal window's question: the same two
// for every seat asked, whatever its hand holds (ruling K42).
var stealChoices = []Choice{{Path: []string{"steal window"}, Text: "decline"}, {Path: []string{"steal window"}, Text: "steal"}}

// Choices keeps the companion's own grouping (what is done, e.g. every
// attack at one rival), under the player's name when several may act.
func (k *knights) Choices(v Viewer) []Choice {
	if w, ok := k.Waiting(); k.Bot(v) || ok && k.Bot(w) {
		return nil
	}
	if len(k.t.Asked()) > 0 {
		if k.Asked(v) {
			return stealChoices
		}
		return nil
	}
	all, err := k.t.Moves(k.role(v))
	if err != nil {
		return nil
	}
	var out []Choice
	for _, c := range all {
		for _, g := range c.Groups {
			path := []string{g.Name}
			if len(all) > 1 {
				path = []string{c.Player, g.Name}
			}
			for _, cmd := range g.Commands {
				out = append(out, Choice{Path: path, Text: cmd})
			}
		}
	}
	return out
}

var knightsWords = []string{"play", "fortify", "respond", "steal", "decline", "discard", "pass", "show", "take", "pay gems", "pay cards", "keep", "give", "redeal"}

func (k *knights) Words(Viewer) []string { return knightsWords }

// Do reports a play as the one-shot commands take it ("play knight --at
// bob"), or in engine notation, through the store. In a player's own
// view the play is that player's, and a refusal gives them the reason;
// typed for the table, a refusal that rests on a hand stays neutral
// (ruling C-10).
func (k *knights) Do(v Viewer, text string) (string, error) {
	r, isReport, err := parseReport(text)
	if err != nil {
		return "", err
	}
	by := r.By
	if v != Table {
		if by != "" {
			if s, ok := k.Seat(by); !ok || s != v {
				return "", fmt.Errorf("this is %s's own view: only %s plays here (Esc, then hand the device over)", k.Name(v), k.Name(v))
			}
		}
		by = k.Name(v)
		r.By = by
	}
	var cues []string
	err = k.src.Append(func(s companion.Session) ([]companion.Event, error) {
		t, err := ck.Replay(s)
		if err != nil {
			return nil, err
		}
		if asked := t.Asked(); len(asked) > 0 && (r.Verb == "pass" || r.Verb == "decline" && v == Table) {
			// Each answer comes from its player's own view, so the
			// shared screen neither closes the window nor answers for
			// anyone (ruling K42).
			var names []string
			for _, a := range asked {
				names = append(names, t.Options.Names[a])
			}
			return nil, fmt.Errorf("each player asked answers in their own view (Enter on an empty line hands the device over); still to answer: %s", strings.Join(names, ", "))
		}
		var e companion.Event
		if isReport {
			e, err = t.Play(r)
		} else {
			e, err = t.Act(by, text)
		}
		if err != nil {
			return nil, err
		}
		cues = t.Cues
		return []companion.Event{e}, nil
	})
	if err != nil {
		return "", err
	}
	if err := k.Refresh(); err != nil {
		return "", err
	}
	k.cues, k.cuesAt = cues, len(k.t.Log)
	// The play just made; notes of plays taken back may stand after it.
	last := companion.LastPlayed(k.t.LogLines(k.role(Table)))
	return last.Told(), nil
}

func (k *knights) Undo(Viewer) (string, error) {
	e, err := takeBack[*ck.Table](k.src, ck.Replay, nil)
	if err != nil {
		return "", err
	}
	if err := k.Refresh(); err != nil {
		return "", err
	}
	return k.t.Undone(k.role(Table), e), nil
}
