package tui

import (
	"fmt"
	"slices"
	"strings"

	ck "github.com/ninjakit/ninjakit/companion/knights"
)

// parseReport reads a play as the one-shot commands take it: a verb,
// cards (by spaces or commas) and the flags --at, --by, --as, --from,
// --fort, --burn. A line starting with a verb only the engine's notation
// has (attack, special) is left for it; any other verb is refused in table
// words.
func parseReport(text string) (ck.Report, bool, error) {
	f := strings.Fields(strings.ToLower(text))
	var r ck.Report
	if len(f) == 0 {
		return r, false, fmt.Errorf("say a play, e.g. play knight --at bob")
	}
	verb := f[0]
	found := false
	for _, w := range knightsWords {
		if strings.Fields(w)[0] == verb {
			found = true
		}
	}
	if !found {
		if verb == "attack" || verb == "special" {
			return r, false, nil
		}
		var verbs []string
		for _, w := range knightsWords {
			if v := strings.Fields(w)[0]; !slices.Contains(verbs, v) {
				verbs = append(verbs, v)
			}
		}
		if len(verb) > 40 {
			verb = verb[:40] + "..."
		}
		return r, false, fmt.Errorf("%q is not a play: say %s, e.g. play knight --at bob", verb, strings.Join(verbs, ", "))
	}
	r.Verb = verb
	for i := 1; i < len(f); i++ {
		w := f[i]
		flag, ok := strings.CutPrefix(w, "--")
		if !ok {
			r.Cards = append(r.Cards, strings.Split(strings.Trim(w, ","), ",")...)
			continue
		}
		switch flag {
		case "fort":
			r.Fort = true
			continue
		case "burn":
			r.Burn = true
			continue
		}
		if i+1 >= len(f) {
			return r, false, fmt.Errorf("--%s needs a name", flag)
		}
		i++
		switch {
		case flag == "at", flag == "from" && verb == "take":
			r.At = f[i]
		case flag == "by", flag == "as", flag == "from":
			r.By = f[i]
		default:
			return r, false, fmt.Errorf("%s does not take --%s", verb, flag)
		}
	}
	return r, true, nil
}
