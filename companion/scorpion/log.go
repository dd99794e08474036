package scorpion

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/scorpion/commit"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
)

// SealPublic is a commitment as everyone may read it.
type SealPublic struct {
	Side  string `json:"side"`
	Short string `json:"short"`
	Full  string `json:"full"`
}

// Public is the commitment without what opens it.
func (s *Seal) Public() SealPublic {
	return SealPublic{Side: commit.SideName(s.Commitment.Side), Short: s.Commitment.Short(), Full: s.Commitment.Full()}
}

// Commitments lists the sides sealed so far.
func (t *Table) Commitments() []SealPublic {
	out := []SealPublic{}
	for _, s := range t.Seals {
		if s != nil {
			out = append(out, s.Public())
		}
	}
	return out
}

// RevealLine is one side's commitment and what opens it.
type RevealLine struct {
	SealPublic
	Salt       string `json:"salt"`
	Placements string `json:"placements"`
	Reveal     string `json:"reveal"`
}

// Reveals opens both commitments, once the game is over: before, a salt
// would let anyone test guesses at the hidden set-up against the
// commitment, so nobody gets it, the moderator included (ruling C-17).
func (t *Table) Reveals() ([]RevealLine, error) {
	if over, _ := t.Game.Over(); !over {
		return nil, fmt.Errorf("the set-ups are revealed once the game is over (turn %d now)", t.Game.Turn())
	}
	out := []RevealLine{}
	for _, s := range t.Seals {
		if s != nil {
			out = append(out, RevealLine{SealPublic: s.Public(), Salt: s.Reveal.Salt.String(), Placements: s.Reveal.Placements, Reveal: s.Reveal.String()})
		}
	}
	return out, nil
}

// sideWord names a role's side for readers who may not know the role's
// own actions.
func sideWord(r engine.Role) string {
	if r.Side() == engine.Guards {
		return "guards"
	}
	return "intruders"
}

// Story tells an entry as r may read it: each event as r may read it.
// The action as typed is not repeated (its events tell it), unless it
// told r nothing and r may know it. The actor's name goes with it only
// where the action itself shows.
func (t *Table) Story(e Entry, r Role) (who string, lines []string) {
	who = sideWord(e.Role)
	if r.Knows(e.Role) {
		who = e.Role.String()
	}
	for _, ev := range e.Events {
		if text, ok := ev.For(r.Engine); ok && text != "" {
			lines = append(lines, text)
		}
	}
	if len(lines) == 0 && r.Knows(e.Role) {
		lines = append(lines, e.Action.String())
	}
	return who, lines
}

// sealLine is the log's line for a commitment an action made.
func sealLine(s *Seal) string {
	return fmt.Sprintf("the %s' commitment: %s", commit.SideName(s.Commitment.Side), s.Commitment.Short())
}

// storyWidth leaves room for the log's "seq  who: " before a story line,
// so that every line fits 80 columns.
const storyWidth = 62

// wrap cuts a line at spaces to width, the rest indented.
func wrap(l string, width int) []string {
	var out []string
	for len(l) > width {
		cut := strings.LastIndexByte(l[:width], ' ')
		if cut <= 2 {
			break
		}
		out = append(out, l[:cut])
		l = "  " + l[cut+1:]
	}
	return append(out, l)
}

// Last is the story of the last action, as r may read it, in 80 columns;
// a commitment it made is printed apart, to be written down.
func (t *Table) Last(r Role) []string {
	_, lines := t.Story(t.Log[len(t.Log)-1], r)
	var out []string
	for _, l := range lines {
		out = append(out, wrap(l, 80)...)
	}
	return out
}

// LogLines lists the game so far as r may read it. Actions r may not see
// leave no line and no number: the count of a side's hidden actions (an
// intruder's steps) is itself a secret, so lines are numbered by what r
// reads, not by the log's seq.
func (t *Table) LogLines(r Role) []companion.LogLine {
	var out []companion.LogLine
	n := 0
	for _, e := range t.fullLog()[1:] {
		who, lines := t.Story(e, r)
		if e.Sealed != nil {
			lines = append(lines, sealLine(e.Sealed))
		}
		if len(lines) == 0 {
			continue
		}
		n++
		for _, l := range lines {
			for _, w := range wrap(l, storyWidth) {
				out = append(out, companion.LogLine{Seq: n, Who: who, Action: w})
			}
		}
	}
	for _, e := range t.takenEvents() {
		for _, w := range wrap(t.takenNote(e, r), storyWidth) {
			if w != "" {
				out = append(out, companion.LogLine{Seq: n, Who: "table", Action: w, TakenBack: true})
			}
		}
	}
	return out
}

// LogText writes log lines for a terminal: an entry's first line with its
// number and who, the lines after it indented beneath its text.
func LogText(ls []companion.LogLine) string {
	var b strings.Builder
	for i, l := range ls {
		if i > 0 && ls[i-1].Seq == l.Seq && ls[i-1].Who == l.Who && ls[i-1].TakenBack == l.TakenBack {
			head := companion.LogLine{Seq: l.Seq, Who: l.Who}.String()
			b.WriteString(strings.Repeat(" ", len(head)) + l.Action + "\n")
			continue
		}
		b.WriteString(l.String() + "\n")
	}
	return b.String()
}

// takenNote is the public note of a taken-back action: the withdrawn
// commitment, which the table may have written down; "" when r read
// nothing of the action.
func (t *Table) takenNote(e companion.Event, r Role) string {
	ro, a, salt, err := t.decode(e)
	if err != nil {
		return ""
	}
	switch {
	case salt != nil:
		return fmt.Sprintf("the %s took back their ready: commitment %s is void", sideWord(ro), t.voids[salt.String()])
	case r.Knows(ro):
		return fmt.Sprintf("%s took back: %s", ro, a)
	}
	return ""
}

// Undone says what undo took back, as r may read it; t is the table after.
func (t *Table) Undone(r Role, e companion.Event) string {
	what := "Took back an action of the "
	if ro, a, salt, err := t.decode(e); err == nil {
		if r.Knows(ro) {
			what = fmt.Sprintf("Took back %s: %s", ro, a)
		} else {
			what += sideWord(ro)
		}
		if salt != nil {
			what += fmt.Sprintf(" (commitment %s is void)", t.voids[salt.String()])
		}
	}
	return what + "\nWaiting: " + t.waitingText()
}

// waitingText names whom the game waits for.
func (t *Table) waitingText() string {
	if over, o := t.Game.Over(); over {
		return "nobody: the game is over (" + o.String() + ")"
	}
	var w []string
	for _, r := range t.Game.Waiting() {
		w = append(w, r.String())
	}
	if len(w) == 0 {
		return "nobody"
	}
	return strings.Join(w, ", ")
}

// quietKinds are events that tell nobody anything new: a side's own
// set-up, read by that side only or announced without its content.
var quietKinds = map[string]bool{"setup": true, "ready": true, "start": true, "turn": true, "phase": true,
	"alert": true, "done": true, "wait": true}

// seenWhat names what an event showed, for undo's refusal.
var seenWhat = map[string]string{"draw": "a draw", "listen": "a listen", "search": "a search", "found": "a search",
	"hidden": "a hidden sentry", "card": "a card play", engine.KindGuardMove: "a guard's move",
	"march": "the patrols' march", "attack": "a fight", "kill": "a fight", "death": "a death",
	"mission": "a mission", "show": "a mission", "seen": "an intruder", "cat": "a card play",
	"passage": "the secret passage", "rope": "a card play", "leave": "an intruder leaving",
	"return": "a returning intruder", "bonus": "the decoy bonus", "cap": "a guard", "over": "the end of the game"}

// judge: an action whose events told anyone something they did not know
// cannot be undone (ruling C-18), as the engine marks them: a draw, a
// listen, a search, a guard's move (even one that meets nobody shows those
// zones empty), an encounter, a shown mission. Set-up placements and what
// only the actor's own side reads (an intruder's step) can be.
func (t *Table) judge(companion.Event) companion.Verdict {
	for _, ev := range t.Log[len(t.Log)-1].Events {
		if !ev.Reveals() {
			continue
		}
		seen := seenWhat[ev.Kind]
		if seen == "" {
			seen = "what it showed"
		}
		return companion.Verdict{Barrier: seen + " was seen"}
	}
	return companion.Verdict{}
}

// MayUndo says whether r may take back the last action: its own side's,
// or any for the moderator.
func (t *Table) MayUndo(r Role) error {
	if len(t.Log) < 2 {
		return fmt.Errorf("%w: nothing to take back yet", rules.ErrIllegal)
	}
	last := t.Log[len(t.Log)-1].Role
	if r.Table {
		return fmt.Errorf("%w: say who takes back with --as (only the side that acted)", rules.ErrIllegal)
	}
	if err := t.refuseBot(r); err != nil {
		return err
	}
	// SC-30: a bot's action stands; so does what came before it.
	if _, bot := t.Options.Bot(last); bot {
		return fmt.Errorf("%w: the last action is the %s' (bot): what a bot did is not taken back", rules.ErrIllegal, sideWord(last))
	}
	if !r.Knows(last) {
		return fmt.Errorf("%w: the last action is the %s': only they take it back", rules.ErrIllegal, sideWord(last))
	}
	return nil
}
