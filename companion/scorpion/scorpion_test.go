package scorpion

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	engine "github.com/ninjakit/ninjakit/rules/scorpion"
	"github.com/stretchr/testify/require"
)

// ownMap is the built-in data file with the outer land OL1 renamed OX1:
// a board no built-in session could be playing.
func ownMap(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../../data/scorpion.json")
	require.NoError(t, err)
	return bytes.ReplaceAll(b, []byte(`"OL1"`), []byte(`"OX1"`))
}

// TestMapIsCopied: --map copies the file into the options, and the session
// plays on it whatever becomes of the file.
func TestMapIsCopied(t *testing.T) {
	o, err := NewOptions(1, ownMap(t))
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	require.Less(t, len(raw), companion.MaxOptionsLen)
	var back Options
	require.NoError(t, companion.DecodeStrict(raw, &back))
	tb, err := Start(back, 1)
	require.NoError(t, err)
	_, ok := tb.Data.Zone("OX1")
	require.True(t, ok)
	ninja, err := tb.ParseRole("ninja")
	require.NoError(t, err)
	a, err := engine.ParseAction("start OX1")
	require.NoError(t, err)
	_, err = tb.Act(ninja, a)
	require.NoError(t, err)

	// An options edit that breaks the map is refused as new refuses it.
	bad := back
	bad.Map = []byte(strings.Replace(string(back.Map), `"OX1"`, `"MO1"`, 1))
	_, err = Start(bad, 1)
	require.ErrorContains(t, err, "--map: scorpion data: map:")
	_, err = NewOptions(1, []byte("{"))
	require.ErrorContains(t, err, "--map: scorpion data:")
}

// TestRulesRevision: a new session is stored with this rules revision; a
// session stored without one (before SC-19's pool was kept) still starts,
// under the old draw, and a revision this ninjakit does not know is refused.
func TestRulesRevision(t *testing.T) {
	o, err := NewOptions(1, nil)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	require.JSONEq(t, `{"guards":1,"rules":1}`, string(raw))
	var old Options
	require.NoError(t, companion.DecodeStrict([]byte(`{"guards":1}`), &old))
	require.Equal(t, rulesAnyLetter, old.Rules)
	_, err = Start(old, 1)
	require.NoError(t, err)
	_, err = Start(Options{Guards: 1, Rules: rulesNow + 1}, 1)
	require.EqualError(t, err, "rules revision 2: this ninjakit knows 0 to 1")
}

// TestRoleWords: the guard roles follow the guard count, with the reason.
func TestRoleWords(t *testing.T) {
	one, two := Options{Guards: 1}, Options{Guards: 2}
	for _, w := range []string{"guard", "NINJA", " traitor ", "moderator", "table", ""} {
		_, err := one.RoleWord(w)
		require.NoError(t, err, w)
	}
	w, err := two.RoleWord("2")
	require.NoError(t, err)
	require.Equal(t, "spear", w)
	_, err = one.RoleWord("5")
	require.Error(t, err)
	_, err = one.RoleWord("spear")
	require.EqualError(t, err, "--as spear: one guard player plays here, as guard (--guards 1)")
	_, err = two.RoleWord("guard")
	require.EqualError(t, err, "--as guard: two guard players play here, sword and spear (--guards 2)")
	_, err = two.RoleWord(strings.Repeat("x", 50))
	require.ErrorContains(t, err, `"xxxxxxxxxxxxxxxxxxxx...": choose table, sword, spear`)
}

// session plays lines ("role words") through Act into a session.
func session(t *testing.T, guards int, lines ...string) companion.Session {
	t.Helper()
	o, err := NewOptions(guards, nil)
	require.NoError(t, err)
	raw, err := json.Marshal(o)
	require.NoError(t, err)
	s := companion.Session{Name: "s", Game: Game, Options: raw, Seed: 7}
	tb, err := Start(o, s.Seed)
	require.NoError(t, err)
	for _, l := range lines {
		who, words, _ := strings.Cut(l, " ")
		r, err := tb.ParseRole(who)
		require.NoError(t, err)
		a, err := engine.ParseAction(words)
		require.NoError(t, err)
		e, err := tb.Act(r, a)
		require.NoError(t, err, l)
		s.Events = append(s.Events, e)
	}
	return s
}

// TestReplaySealsExactly: the replay seals each side with the salt its
// ready logged, so the commitment never changes; an edited salt, a salt
// where nothing was sealed or a ready without one is refused.
func TestReplaySealsExactly(t *testing.T) {
	s := session(t, 1, "guard random", "guard ready", "ninja random", "traitor random", "ninja ready", "traitor ready")
	tb, err := Replay(s)
	require.NoError(t, err)
	ps := tb.Commitments()
	require.Len(t, ps, 2)
	again, err := Replay(s)
	require.NoError(t, err)
	require.Equal(t, ps, again.Commitments())
	require.Regexp(t, `^G(-[0-9A-F]{4}){5}$`, ps[0].Short)
	require.Regexp(t, `^I(-[0-9A-F]{4}){5}$`, ps[1].Short)

	edit := func(i int, from, to string) companion.Session {
		c := s
		c.Events = append([]companion.Event(nil), s.Events...)
		c.Events[i].Data = []byte(strings.Replace(string(c.Events[i].Data), from, to, 1))
		return c
	}
	var d actData
	require.NoError(t, json.Unmarshal(s.Events[1].Data, &d))
	for name, bad := range map[string]companion.Session{
		"no salt":       edit(1, `,"salt":"`+d.Salt+`"`, ""),
		"salt in upper": edit(1, d.Salt, strings.ToUpper(d.Salt)),
		"stray salt":    edit(0, `"random"`, `"random","salt":"`+d.Salt+`"`),
		"other role":    edit(0, `"guard"`, `"sword"`),
		"not canonical": edit(0, `"random"`, `"RANDOM"`),
	} {
		_, err := Verify(bad)
		require.Error(t, err, name)
	}
	other := edit(1, d.Salt, strings.Repeat("0", 32))
	tb2, err := Replay(other)
	require.NoError(t, err)
	require.NotEqual(t, ps[0].Short, tb2.Commitments()[0].Short, "the salt is part of the seal")
}
