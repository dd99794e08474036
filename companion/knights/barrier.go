package knights

import (
	"fmt"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// Verify replays a session as import and undo need it: its options must pass
// the checks `new` makes (Start runs them), every event, taken-back ones
// included, must be exactly what the table records for its action, and the
// engine, never a stored flag, judges each event for undo (ruling C-1).
// See companion.Mark for what it returns.
func Verify(s companion.Session) ([]companion.Verdict, error) {
	return companion.Verify(s, replayer, (*Table).check)
}

// replayer drives the table through companion.Mark, taken-back events
// included, so that every command rebuilds the same history Verify checks.
var replayer = companion.Replayer[Options, *Table]{
	Game: Game, Start: Start, Apply: (*Table).replay, Judge: (*Table).judge, Clone: (*Table).clone,
	Taken:  func(t *Table, taken func() []companion.Event) { t.taken = taken },
	Encode: (*Table).snapEncode, Decode: (*Table).snapDecode, Codec: snapCodec,
}

// check refuses event data the table would not have written (unknown
// fields, an action not in the engine's own notation, which also keeps
// anything unprintable out of the log).
func (t *Table) check(e companion.Event) error {
	switch e.Kind {
	case noteKind:
		_, err := t.readNote(e)
		return err
	case declineKind:
		_, err := t.readDecline(e)
		return err
	}
	if e.Kind != "act" {
		return fmt.Errorf("unknown event %q", e.Kind)
	}
	var d actData
	if err := companion.DecodeStrict(e.Data, &d); err != nil {
		return err
	}
	a, err := engine.ParseActionFor(d.Action, t.Game.Players())
	if err != nil {
		return err
	}
	if a.String() != d.Action {
		return fmt.Errorf("action %q is not written as the engine writes it", d.Action)
	}
	return nil
}

// judge says whether undo may take back the action just applied, from what
// the engine did (ruling C-1). The play that ends the game is never taken
// back (ruling K41). Otherwise, with a physical deck the companion knows no
// card, so undo only corrects the record. With a digital deck an action
// whose only reveal is the cards it put face up may be taken back; one is
// a barrier when it drew or dealt from the shuffled deck, shuffled it, took
// cards at random, or showed or passed cards to one seat only.
func (t *Table) judge(e companion.Event) companion.Verdict {
	g := t.Game
	if e.Kind == noteKind {
		// A reveal of the whole position can never be taken back: what
		// it showed cannot be unseen (ruling K38).
		v := companion.Verdict{Barrier: "the whole position was revealed to the table", V1: true}
		if s := t.Log[len(t.Log)-1].Seat; s != engine.NoSeat {
			v.Barrier = t.seatName(s) + " revealed the whole position to the table"
		}
		return v
	}
	v := companion.Verdict{V1: g.Mode() == engine.Digital} // ruling C-13
	if e.Kind == declineKind && !t.closed {
		// A decline that left the window open changed no card.
		return v
	}
	seat, a, _ := t.takenBack(e)
	who := t.seatName(seat)
	if w := g.Winner(); w != engine.NoSeat {
		// The end opens the whole position to everyone, and a finished
		// game stays finished, with either deck (ruling K41).
		v.Barrier = fmt.Sprintf("%s won the game on that play", t.seatName(w))
		return v
	}
	if g.Mode() != engine.Digital {
		return v
	}
	// A herald's show and a monk's payment leave the turn where it was:
	// the turn of the herald's or the monk's player.
	turn := t.seatName(g.Turn())
	switch a.Type() {
	case engine.ActShow:
		v.Barrier = fmt.Sprintf("%s showed %s to %s's herald", who, count(len(a.Plays()), "card"), turn)
	case engine.ActTake:
		v.Barrier = fmt.Sprintf("%s took a card %s showed to the herald", who, t.seatName(a.Seat()))
	case engine.ActPayCards:
		v.Barrier = fmt.Sprintf("%s paid %s to %s's monk", who, count(len(a.Plays()), "card"), turn)
	case engine.ActKeep, engine.ActGive:
		v.Barrier = fmt.Sprintf("%s's draft card went into a hand unseen by the table", who)
	}
	for _, ev := range g.Events() {
		if v.Barrier != "" {
			break
		}
		switch ev.Kind {
		case engine.EventDraw:
			v.Barrier = fmt.Sprintf("%s already drew %s after that play", t.seatName(ev.Seat), count(ev.Cards, "card"))
		case engine.EventDraft:
			v.Barrier = fmt.Sprintf("the companion dealt %s for a draft after that play", count(ev.Cards, "card"))
		case engine.EventReshuffle:
			v.Barrier = "the discards were shuffled into a new draw pile after that play"
		case engine.EventMerchantTakes:
			v.Barrier = fmt.Sprintf("%s's merchant took %s at random from %s", who, count(ev.Cards, "card"), t.seatName(ev.Seat))
		}
	}
	return v
}

// count says "two cards", "one card".
func count(n int, what string) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	s := fmt.Sprint(n)
	if n >= 0 && n < len(words) {
		s = words[n]
	}
	if n != 1 {
		what += "s"
	}
	return s + " " + what
}
