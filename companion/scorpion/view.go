package scorpion

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// Status is the game at a glance as one role may know it: the engine's
// view of it (turn, phase, alert, whom it waits for, the board, hands and
// secrets as the role may know them) and the commitments.
type Status struct {
	Guards      int          `json:"guardPlayers"`
	Turns       int          `json:"turns"`
	Commitments []SealPublic `json:"commitments"`
	View        engine.View  `json:"view"`
	regions     map[string]string
	zones       []string // in map order
}

// Status tells the game as r may know it.
func (t *Table) Status(r Role) Status {
	st := Status{Guards: t.Options.Guards, Turns: t.Data.Setup.Turns, Commitments: t.Commitments(),
		View: t.Game.View(r.Engine), regions: map[string]string{}}
	st.View.Role = r.Word
	if st.View.Waiting == nil {
		st.View.Waiting = []string{}
	}
	for _, z := range t.Data.Map.Zones {
		st.regions[z.ID] = z.Region
		st.zones = append(st.zones, z.ID)
	}
	return st
}

// Text is the status as plain text in 80 columns: the board by region,
// then the hands and the intruders, then what only this role knows.
func (s Status) Text() string {
	var b strings.Builder
	v := s.View
	b.WriteString(s.header())
	for _, c := range s.Commitments {
		fmt.Fprintf(&b, "The %s' commitment: %s\n", c.Side, c.Short)
	}
	if len(v.Guards) > 0 {
		fmt.Fprintf(&b, "Guards on the board: %d\n", len(v.Guards))
		for _, l := range s.board() {
			b.WriteString(l + "\n")
		}
	}
	// During set-up a zero only means nothing is placed or chosen yet.
	setup := v.Phase == engine.PhaseSetup.String()
	if !setup || v.Sleeping > 0 {
		fmt.Fprintf(&b, "Sleeping guards left: %d", v.Sleeping)
		if len(v.SleepingAt) > 0 {
			fmt.Fprintf(&b, " (%s)", counts(v.SleepingAt))
		}
		b.WriteString("\n")
	}
	if len(v.Found) > 0 {
		var w []string
		for _, z := range slices.Sorted(maps.Keys(v.Found)) {
			w = append(w, z+" "+v.Found[z])
		}
		writeWrapped(&b, "Found: ", strings.Join(w, ", "))
	}
	if len(v.Hidden) > 0 {
		var w []string
		for _, z := range slices.Sorted(maps.Keys(v.Hidden)) {
			w = append(w, z+"="+v.Hidden[z])
		}
		writeWrapped(&b, "Hidden (guards only): ", strings.Join(w, " "))
	}
	if len(v.Passage) > 0 {
		fmt.Fprintf(&b, "Secret passage ends known: %s\n", strings.Join(v.Passage, " "))
	}
	if len(v.Ropes) > 0 {
		var w []string
		for _, r := range v.Ropes {
			w = append(w, r[0]+"-"+r[1])
		}
		fmt.Fprintf(&b, "Ropes (intruders only): %s\n", strings.Join(w, " "))
	}
	for _, h := range v.Hands {
		if setup && h.Hand == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s: %d cards in hand, %d in the draw deck", capital(h.Player), h.Hand, h.Deck)
		if h.Discard > 0 {
			fmt.Fprintf(&b, ", %d discarded", h.Discard)
		}
		b.WriteString("\n")
		if h.Cards != nil {
			writeWrapped(&b, "  hand: ", counts(h.Cards))
		}
		if h.Drawn != nil {
			writeWrapped(&b, "  just drawn: ", counts(h.Drawn))
		}
		if h.DeckOf != nil {
			writeWrapped(&b, "  draw deck: ", counts(h.DeckOf))
		}
	}
	for _, in := range v.Intruders {
		name, rest, _ := strings.Cut(intruderLine(in), ": ")
		writeWrapped(&b, name+": ", rest)
		if in.Hand != nil {
			writeWrapped(&b, "  hand: ", counts(in.Hand))
		}
	}
	b.WriteString(s.waiting())
	return b.String()
}

// Brief is the status in two lines, printed after an action: turn, phase
// and alert, and whom the game waits for.
func (s Status) Brief() string { return s.header() + s.waiting() }

func (s Status) header() string {
	v := s.View
	switch {
	case v.Phase == engine.PhaseSetup.String():
		return fmt.Sprintf("Scorpion Clan, set-up (as %s)\n", v.Role)
	case v.Outcome != "":
		return fmt.Sprintf("Scorpion Clan, over after turn %d: %s (as %s)\n", v.Turn, v.Outcome, v.Role)
	}
	return fmt.Sprintf("Scorpion Clan, turn %d of %d, %s phase, alert %s (as %s)\n", v.Turn, s.Turns, v.Phase, v.Alert, v.Role)
}

func (s Status) waiting() string {
	v := s.View
	if v.Outcome != "" {
		return ""
	}
	w := "nobody"
	if len(v.Waiting) > 0 {
		w = strings.Join(v.Waiting, ", ")
	}
	if v.Question != "" {
		w += ": " + v.Question
	}
	var b strings.Builder
	writeWrapped(&b, "Waiting: ", w)
	return b.String()
}

// board lists the guard figures zone by zone, in map order, grouped by
// region: "YA5 patrol 2 >YA6" (two guards), "YA1 sentry", with guard
// types where two guard players play.
func (s Status) board() []string {
	byZone := map[string][]engine.GuardView{}
	for _, g := range s.View.Guards {
		byZone[g.Zone] = append(byZone[g.Zone], g)
	}
	byRegion := map[string][]string{}
	for _, z := range append(slices.Clone(s.zones), "passage") {
		gs := byZone[z]
		if len(gs) == 0 {
			continue
		}
		var parts []string
		patrols := map[int][]string{}
		var order []int
		for _, g := range gs {
			typ := ""
			if g.Type != "" {
				typ = " " + g.Type
			}
			switch {
			case g.Drunk:
				parts = append(parts, "drunk"+typ)
			case g.Patrol != 0:
				if patrols[g.Patrol] == nil {
					order = append(order, g.Patrol)
				}
				patrols[g.Patrol] = append(patrols[g.Patrol], strings.TrimSpace(typ))
			default:
				parts = append(parts, "sentry"+typ)
			}
		}
		for _, p := range order {
			w := fmt.Sprintf("patrol %d", p)
			ts := patrols[p]
			if ts[0] != "" {
				w += " " + strings.Join(ts, "+")
			} else if len(ts) != 2 {
				w += fmt.Sprintf(" of %d", len(ts))
			}
			for _, g := range gs {
				if g.Patrol == p && g.Facing != "" {
					w += " >" + g.Facing
					break
				}
			}
			parts = append(parts, w)
		}
		r := s.regions[z]
		if r == "" {
			r = "passage"
		}
		byRegion[r] = append(byRegion[r], z+" "+strings.Join(parts, ", "))
	}
	var out []string
	for _, r := range []string{"outer", "moat", "yard", "castleA", "castleB", "passage"} {
		if len(byRegion[r]) == 0 {
			continue
		}
		var b strings.Builder
		writeWrapped(&b, fmt.Sprintf("  %-8s ", r+":"), strings.Join(byRegion[r], "; "))
		out = append(out, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")...)
	}
	return out
}

// intruderLine is an intruder as the role knows him.
func intruderLine(in engine.IntruderView) string {
	var w []string
	switch {
	case in.Gone:
		w = append(w, "left the board")
	case in.Dead && in.Returning:
		w = append(w, "dead, returns as a decoy")
	case in.Dead:
		w = append(w, "dead")
	case in.Revealed:
		w = append(w, "seen at "+in.Zone)
	case in.Zone != "":
		w = append(w, "hidden at "+in.Zone)
	default:
		w = append(w, "hidden")
	}
	w = append(w, fmt.Sprintf("%d wound(s), %d card(s)", in.Wounds, in.Cards))
	if in.Mission != "" {
		m := "mission " + in.Mission
		if in.Done {
			m += " done"
		}
		w = append(w, m)
	} else if in.Done {
		w = append(w, "mission done")
	}
	if in.Noise != nil && in.Moves != nil {
		w = append(w, fmt.Sprintf("noise %d, moved %d", *in.Noise, *in.Moves))
	}
	if in.Passage {
		w = append(w, "passage card out")
	}
	return capital(in.Name) + ": " + strings.Join(w, "; ")
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// counts writes a card or zone count map as "kenjutsu 4, rope 2".
func counts(m map[string]int) string {
	var w []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		w = append(w, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(w, ", ")
}

// writeWrapped writes head and text, cut at spaces to 80 columns, the
// rest indented under the text.
func writeWrapped(b *strings.Builder, head, text string) {
	const width = 80
	indent := strings.Repeat(" ", min(len(head), 20))
	line := head
	for _, word := range strings.Fields(text) {
		if len(line)+1+len(word) > width && strings.TrimSpace(line) != strings.TrimSpace(head) {
			b.WriteString(line + "\n")
			line = indent
		}
		if line != head && line != indent {
			line += " "
		}
		line += word
	}
	b.WriteString(line + "\n")
}
