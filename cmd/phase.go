package cmd

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	cbl "github.com/ninjakit/ninjakit/companion/blind"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
)

// phaseOf says in a few words where a session's game stands, as the whole
// table may read it: every game's is taken from its public (table) status,
// so a Scorpion Clan phase tells the guards nothing the board does not
// (ruling F-8).
func phaseOf(s companion.Session) string {
	switch s.Game {
	case cb.Game:
		t, err := cb.Replay(s)
		if err != nil {
			return "damaged"
		}
		st := t.Status(cb.TableRole)
		if st.Result == nil {
			if st.Phase == "playing" {
				return fmt.Sprintf("turn %d", st.Turn)
			}
			return st.Phase
		}
		var names []string
		for _, w := range st.Result.Winners {
			if w >= 1 && w <= len(st.Seats) {
				names = append(names, st.Seats[w-1].Colour)
			}
		}
		return overWon(names, st.Result.Tie)
	case ck.Game:
		t, err := ck.Replay(s)
		if err != nil {
			return "damaged"
		}
		st := t.Status(ck.Role{Table: true})
		switch {
		case st.Winner != "":
			return overWon([]string{st.Winner}, false)
		case st.Phase == "draft":
			return "draft"
		}
		return fmt.Sprintf("turn %d: %s", st.Turns, st.Turn)
	case cs.Game:
		t, err := cs.Replay(s)
		if err != nil {
			return "damaged"
		}
		st := t.Status(cs.Role{Table: true})
		switch st.Result {
		case "raid-won":
			return "over: the raid won"
		case "raid-lost":
			return "over: the raid was lost"
		case "escaped":
			return overWon([]string{st.Winner}, false)
		}
		part := "raid"
		if st.Part == "Dawn Escape" {
			part = "escape"
		}
		return fmt.Sprintf("%s, phase %d, round %d", part, st.Phase, st.Round)
	case cbl.Game:
		t, err := cbl.Replay(s)
		if err != nil {
			return "damaged"
		}
		st := t.Status(cbl.Role{Table: true})
		switch st.Stage {
		case "play":
			return fmt.Sprintf("round %d", st.Round)
		case "over":
			return "over: " + t.Result()
		}
		return "placing ninjas"
	case sc.Game:
		t, err := sc.Replay(s)
		if err != nil {
			return "damaged"
		}
		v := t.Status(sc.TableRole).View
		switch {
		case v.Outcome != "":
			return fmt.Sprintf("over after turn %d: %s", v.Turn, v.Outcome)
		case v.Phase == "setup":
			return "setup"
		}
		return fmt.Sprintf("turn %d, %s phase", v.Turn, v.Phase)
	}
	return "unknown game"
}

// overWon names the winners of a finished game.
func overWon(names []string, tie bool) string {
	switch {
	case len(names) == 0:
		return "over"
	case tie || len(names) > 1:
		last := len(names) - 1
		return "over: " + strings.Join(names[:last], ", ") + " and " + names[last] + " tied"
	}
	return "over: " + names[0] + " won"
}
