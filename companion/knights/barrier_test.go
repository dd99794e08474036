package knights

import (
	"math/rand/v2"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

// The replay's barrier flags are the ones Act sets while playing: every
// action with a digital deck (ruling C-1), none with a physical one; and
// Verify accepts every log the table wrote.
func TestVerifyMarksWhatActMarks(t *testing.T) {
	for _, mode := range []string{"digital", "physical"} {
		for seed := range uint64(5) {
			rng := rand.New(rand.NewPCG(seed, 2))
			o, err := NewOptions(3+int(seed%3), nil, "", mode, "", "")
			require.NoError(t, err)
			tb, s := newTable(t, o)
			for range 80 {
				legal := tb.Game.LegalActions()
				if len(legal) == 0 {
					break
				}
				e, err := tb.Act("", legal[rng.IntN(len(legal))].String())
				require.NoError(t, err)
				s.Events = append(s.Events, e)
			}
			marks, err := Verify(s)
			require.NoError(t, err)
			require.Len(t, marks, len(s.Events))
			for i, e := range s.Events {
				require.Equal(t, e.Barrier, marks[i])
				require.Equal(t, mode == "digital", marks[i])
			}
		}
	}
}

func TestVerifyRefusesWhatTheTableNeverWrites(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	require.NoError(t, err)
	_, s := newTable(t, o)
	for name, data := range map[string]string{
		"unknown field": `{"seat":0,"action":"discard castle","note":1}`,
		"not canonical": `{"seat":0,"action":"discard  castle"}`,
		"trailing data": `{"seat":0,"action":"discard castle"} {}`,
	} {
		s.Events = []companion.Event{{Seq: 1, Kind: "act", Data: []byte(data)}}
		_, err := Verify(s)
		var re *companion.ReplayError
		require.ErrorAs(t, err, &re, name)
		require.Equal(t, 1, re.Seq, name)
	}
	s.Events = nil
	s.Options = []byte(`{"players":3,"names":["ann","bob","cy"],"mode":"physical","first":0,"extra":true}`)
	_, err = Verify(s)
	require.ErrorContains(t, err, `unknown field "extra"`)
}
