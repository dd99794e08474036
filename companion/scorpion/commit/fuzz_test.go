package commit

import (
	"errors"
	"testing"
)

// FuzzVerify: whatever is typed as a commitment and a reveal, verify
// answers with nil or a Mismatch naming its part, and never panics; a
// reveal opens only the commitment sealed from it.
func FuzzVerify(f *testing.F) {
	c, r := sealed()
	f.Add(c.Short(), r.String())
	f.Add(c.Full(), r.String())
	f.Add("G-", "G")
	f.Add("I-zz", "I 00 x")
	f.Fuzz(func(t *testing.T, commitment, reveal string) {
		err := Verify(commitment, reveal)
		if err == nil {
			rv, perr := ParseReveal(reveal)
			if perr != nil {
				t.Fatalf("%q opened %q but does not parse: %v", reveal, commitment, perr)
			}
			if Verify(Seal(rv.Side, rv.Salt, rv.Placements).Full(), reveal) != nil {
				t.Fatalf("%q does not open its own seal", reveal)
			}
			return
		}
		var m *Mismatch
		if !errors.As(err, &m) || m.Part == "" || m.Reason == "" {
			t.Fatalf("verify(%q, %q): %v is no Mismatch", commitment, reveal, err)
		}
	})
}
