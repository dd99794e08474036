package cmd

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// editDB changes the session file behind ninjakit's back, as a disk fault
// or a hand edit would.
func editDB(t *testing.T, db string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	d, err := bolt.Open(db, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, d.Update(fn))
	require.NoError(t, d.Close())
}

func seqKey(seq int) []byte { return binary.BigEndian.AppendUint64(nil, uint64(seq)) }

func events(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc struct{ Events []json.RawMessage }
	require.NoError(t, json.Unmarshal(b, &doc))
	return len(doc.Events)
}

// A stored barrier flag is not what undo trusts: a digital Knights play
// stored without its flag (as an old import let in) still cannot be taken
// back, because the replay says it dealt cards.
func TestUndoAsksTheReplayNotTheFlag(t *testing.T) {
	db := homeWith(t)
	raw, err := os.ReadFile("testdata/import/ok-knights-digital.json")
	require.NoError(t, err)
	s, err := companion.ParseExport(raw)
	require.NoError(t, err)
	require.True(t, s.Events[0].Barrier)
	s.Events[0].Barrier = false
	st, err := companion.Open(db)
	require.NoError(t, err)
	require.NoError(t, st.Import(s, false))
	require.NoError(t, st.Close())

	code, _, stderr := ninjakit(t, "", "companion", "knights", "undo", "--session", "dig")
	require.Equal(t, 1, code)
	require.Equal(t, "ninjakit: bob already drew two cards after that play: it cannot be taken back\n", stderr)
	_, stdout, _ := ninjakit(t, "", "sessions", "show", "dig")
	require.Contains(t, stdout, "1 events")

	// And export writes the engine's flag, not the stored one.
	code, stdout, stderr = ninjakit(t, "", "sessions", "export", "dig")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, `"barrier": true`)

	// With a physical deck undo still corrects the record.
	homeWith(t, "ok-knights-physical.json")
	code, stdout, stderr = ninjakit(t, "", "companion", "knights", "undo", "--session", "phys")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "Took back ann's discard of a catapult; ann's turn.\n", stdout)
}

// Readers share the lock: while another reader holds the file, every
// reading command still runs at once (a writer's exclusive lock would make
// them wait and fail with "session busy"). A read-only file can be read,
// and reading changes no byte.
func TestReadersShareTheLock(t *testing.T) {
	db := homeWith(t, "ok-knights-physical.json", "ok-blades-none.json")
	require.NoError(t, os.Chmod(db, 0o400))
	before, err := os.ReadFile(db)
	require.NoError(t, err)
	holder, err := companion.Open(db, companion.ReadOnly(), companion.WithTimeout(0))
	require.NoError(t, err)
	defer holder.Close()
	out := filepath.Join(t.TempDir(), "phys.json")
	for _, args := range [][]string{
		{"sessions", "list"},
		{"sessions", "show", "phys"},
		{"sessions", "export", "phys", "-o", out},
		{"sessions", "check"},
		{"companion", "knights", "status"},
		{"companion", "knights", "log"},
		{"companion", "knights", "moves"},
		{"companion", "blades", "board"},
		{"companion", "blades", "status"},
		{"companion", "blades", "moves"},
	} {
		code, _, stderr := ninjakit(t, "", args...)
		require.Equal(t, 0, code, "%v: %s", args, stderr)
	}
	require.Equal(t, 4, events(t, out))
	after, err := os.ReadFile(db)
	require.NoError(t, err)
	require.Equal(t, before, after)
}

// A reader of a file that does not exist yet sees no sessions and does not
// create it.
func TestReadersDoNotCreateTheFile(t *testing.T) {
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	code, stdout, _ := ninjakit(t, "", "sessions", "list")
	require.Equal(t, 0, code)
	require.Equal(t, "No sessions yet.\n", stdout)
	code, _, stderr := ninjakit(t, "", "companion", "knights", "status")
	require.Equal(t, 1, code)
	require.Equal(t, "ninjakit: no knights session yet: start one with ninjakit companion knights new\n", stderr)
	code, _, stderr = ninjakit(t, "", "sessions", "show", "x")
	require.Equal(t, 1, code)
	require.Contains(t, stderr, `no such session named "x"`)
	_, err := os.Stat(filepath.Join(home, companion.FileName))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// show tells what the whole table may know: no position string (it holds
// every hand and the draw pile), no seeds.
func TestShowHidesPrivateOptions(t *testing.T) {
	homeWith(t, "ok-blades-dealt.json")
	const pos = "3:RYB 9/9/9/9/9/9/B8/Y8/R8 1 0 hidden:BC,SS,- 0,0,0"
	code, _, stderr := ninjakit(t, "", "companion", "blades", "new", "--position", pos, "--session", "taught")
	require.Equal(t, 0, code, stderr)
	code, stdout, _ := ninjakit(t, "", "sessions", "show", "taught")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "started from a position (not shown")
	require.NotContains(t, stdout, "BC,SS")
	require.NotContains(t, stdout, "9/9")
	_, stdout, _ = ninjakit(t, "", "sessions", "show", "bl")
	require.Equal(t, "3 players, cards dealt", strings.TrimSpace(strings.SplitN(stdout, "Options: ", 2)[1]))
	require.NotContains(t, stdout, "42")
}

// An export is a full backup with the private seed: it says so where it is
// run, and its file is 0600 even when it replaces a looser one.
func TestExportIsPrivate(t *testing.T) {
	homeWith(t, "ok-knights-physical.json")
	out := filepath.Join(t.TempDir(), "phys.json")
	require.NoError(t, os.WriteFile(out, []byte("old"), 0o644))
	code, stdout, stderr := ninjakit(t, "", "sessions", "export", "phys", "-o", out)
	require.Equal(t, 0, code, stderr)
	require.Empty(t, stdout)
	require.Equal(t, "ninjakit: "+out+" holds session phys's private seed, which reveals every hidden card: keep it private\n", stderr)
	fi, err := os.Stat(out)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	require.Equal(t, 4, events(t, out))
	entries, err := os.ReadDir(filepath.Dir(out))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left behind")

	code, stdout, stderr = ninjakit(t, "", "sessions", "export", "phys")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, `"seed"`)
	require.Contains(t, stderr, "standard output holds session phys's private seed")
}

// One bad event no longer loses a game: the message names the command that
// saves every event before it, and that command works.
func TestSalvage(t *testing.T) {
	for _, c := range []struct {
		name string
		harm func(eb *bolt.Bucket) error
		why  string
	}{
		{"bad bytes", func(eb *bolt.Bucket) error { return eb.Put(seqKey(3), []byte("\x00\xffgarbage")) }, "event 3:"},
		{"rules refuse", func(eb *bolt.Bucket) error {
			return eb.Put(seqKey(3), []byte(`{"seq":3,"kind":"act","data":{"seat":0,"action":"discard catapult"}}`))
		}, "but cy acts now"},
		{"unknown kind", func(eb *bolt.Bucket) error { return eb.Put(seqKey(3), []byte(`{"seq":3,"kind":"draw"}`)) }, `unknown event "draw"`},
		{"gap", func(eb *bolt.Bucket) error { return eb.Delete(seqKey(3)) }, "where event 3 belongs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			db := homeWith(t, "ok-knights-physical.json")
			editDB(t, db, func(tx *bolt.Tx) error { return c.harm(tx.Bucket([]byte("phys")).Bucket([]byte("events"))) })
			code, _, stderr := ninjakit(t, "", "companion", "knights", "status")
			require.Equal(t, 1, code)
			require.Contains(t, stderr, `session "phys" is damaged at event 3 (`)
			require.Contains(t, stderr, c.why)
			require.Contains(t, stderr, "save the 2 good events before it with: ninjakit sessions export phys --salvage -o phys.json")
			code, _, _ = ninjakit(t, "", "sessions", "export", "phys")
			require.Equal(t, 1, code, "a plain export refuses a damaged log")

			dir := t.TempDir()
			t.Chdir(dir)
			code, stdout, stderr := ninjakit(t, "", "sessions", "export", "phys", "--salvage", "-o", "phys.json")
			require.Equal(t, 0, code, stderr)
			require.Empty(t, stdout)
			require.Contains(t, stderr, "salvaged the 2 good events of session phys; to put them back in place: ninjakit sessions import phys.json --replace")
			require.Equal(t, 2, events(t, "phys.json"))
			code, _, stderr = ninjakit(t, "", "sessions", "import", "phys.json", "--replace")
			require.Equal(t, 0, code, stderr)
			code, stdout, stderr = ninjakit(t, "", "companion", "knights", "log")
			require.Equal(t, 0, code, stderr)
			require.Equal(t, 2, strings.Count(stdout, "\n"), stdout)
		})
	}

	t.Run("no meta", func(t *testing.T) {
		db := homeWith(t, "ok-knights-physical.json")
		editDB(t, db, func(tx *bolt.Tx) error { return tx.Bucket([]byte("phys")).Delete([]byte("meta")) })
		code, _, stderr := ninjakit(t, "", "sessions", "show", "phys")
		require.Equal(t, 1, code)
		require.Contains(t, stderr, `session "phys" is damaged beyond salvage (no meta record): its header is lost, so no event can be replayed; remove it with: ninjakit sessions delete phys`)
		code, _, stderr2 := ninjakit(t, "", "sessions", "export", "phys", "--salvage")
		require.Equal(t, 1, code)
		require.Equal(t, stderr, stderr2)
		code, _, stderr = ninjakit(t, "", "sessions", "delete", "phys")
		require.Equal(t, 0, code, stderr)
	})
}

// Damage outside any record a command reads is found by bbolt's own check:
// every command says so, writes are refused, `sessions check` says how to
// salvage, and following its steps works.
func TestConsistencyCheck(t *testing.T) {
	db := homeWith(t, "ok-knights-physical.json")
	// A second session whose log fills pages of its own.
	code, _, stderr := ninjakit(t, "", "companion", "knights", "new", "--players", "2", "--mode", "physical", "--names", "a,b", "--session", "big")
	require.Equal(t, 0, code, stderr)
	for range 60 {
		code, stdout, stderr := ninjakit(t, "", "companion", "knights", "moves", "--session", "big", "--json")
		require.Equal(t, 0, code, stderr)
		var players []struct{ Groups []struct{ Commands []string } }
		require.NoError(t, json.Unmarshal([]byte(stdout), &players))
		groups := players[len(players)-1].Groups
		commands := groups[len(groups)-1].Commands
		args := append([]string{"companion", "knights", "--session", "big"}, strings.Fields(commands[len(commands)-1])...)
		code, _, stderr = ninjakit(t, "", args...)
		require.Equal(t, 0, code, "%v: %s", args, stderr)
	}
	var page uint64
	d, err := bolt.Open(db, 0o600, &bolt.Options{ReadOnly: true})
	require.NoError(t, err)
	require.NoError(t, d.View(func(tx *bolt.Tx) error {
		page = uint64(tx.Bucket([]byte("big")).Bucket([]byte("events")).Root())
		return nil
	}))
	require.NoError(t, d.Close())
	require.NotZero(t, page, "the events bucket must have pages of its own")
	f, err := os.OpenFile(db, os.O_RDWR, 0)
	require.NoError(t, err)
	_, err = f.WriteAt([]byte{0x77, 0x00}, int64(page)*4096+8) // the page's type flags
	require.NoError(t, err)
	require.NoError(t, f.Close())
	before, err := os.ReadFile(db)
	require.NoError(t, err)

	code, stdout, stderr := ninjakit(t, "", "sessions", "check")
	require.Equal(t, 1, code)
	require.Contains(t, stdout, "FAILS its check: session file "+db+" fails its consistency check")
	require.Contains(t, stdout, "ninjakit sessions export phys -o phys.json")
	require.Contains(t, stdout, "mv "+db+" "+db+".damaged")
	require.Contains(t, stdout, "ninjakit sessions import phys.json")
	require.Contains(t, stderr, "follow the steps above")

	// Reading still works, with a warning; writing is refused.
	code, stdout, stderr = ninjakit(t, "", "companion", "knights", "status", "--session", "phys")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "gems")
	require.Contains(t, stderr, "ninjakit: warning: session file "+db+" fails its consistency check")
	require.Equal(t, 1, strings.Count(stderr, "\n"))
	code, _, stderr = ninjakit(t, "", "companion", "knights", "undo", "--session", "phys")
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "writing is refused")
	require.Contains(t, stderr, "see: ninjakit sessions check")
	after, err := os.ReadFile(db)
	require.NoError(t, err)
	require.Equal(t, before, after)

	// The salvage steps.
	t.Chdir(t.TempDir())
	code, _, stderr = ninjakit(t, "", "sessions", "export", "phys", "-o", "phys.json")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "fails its consistency check")
	require.NoError(t, os.Rename(db, db+".damaged"))
	code, _, stderr = ninjakit(t, "", "sessions", "import", "phys.json")
	require.Equal(t, 0, code, stderr)
	code, stdout, stderr = ninjakit(t, "", "sessions", "check")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "passes")
}

// A stored taken-back play the rules refuse (written into the file behind
// ninjakit's back) is damage like any other: commands name the salvage,
// which keeps the log and drops the taken-back plays from the bad one on.
func TestBadTakenBackPlayIsSalvaged(t *testing.T) {
	db := homeWith(t)
	raw, err := os.ReadFile("testdata/import/ok-blades-takeback.json")
	require.NoError(t, err)
	s, err := companion.ParseExport(raw)
	require.NoError(t, err)
	s.Retracted[0].Data = json.RawMessage(`{"seat":0,"move":"vanish a1 c1"}`)
	st, err := companion.Open(db)
	require.NoError(t, err)
	require.NoError(t, st.Import(s, false))
	require.NoError(t, st.Close())

	code, _, stderr := ninjakit(t, "", "companion", "blades", "log", "--session", "takeback")
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "damaged at taken-back event 1")
	require.Contains(t, stderr, "ninjakit sessions export takeback --salvage")
	code, _, stderr = ninjakit(t, "", "sessions", "check")
	require.Equal(t, 1, code, stderr)

	file := filepath.Join(t.TempDir(), "good.json")
	code, _, stderr = ninjakit(t, "", "sessions", "export", "takeback", "--salvage", "-o", file)
	require.Equal(t, 0, code, stderr)
	code, _, stderr = ninjakit(t, "", "sessions", "import", file, "--replace")
	require.Equal(t, 0, code, stderr)
	code, stdout, stderr := ninjakit(t, "", "companion", "blades", "log", "--session", "takeback")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "  1  seat 1: Red's attack from a1 removed a Yellow ninja on a2\n", stdout)
}

// One flipped bit in the newest meta page would silently roll the file back
// one change: check reports it, every command warns, writes are refused,
// and the salvage steps work (ruling F-5).
func TestDamagedMetaPageIsReported(t *testing.T) {
	db := homeWith(t, "ok-knights-physical.json", "ok-blades-none.json")
	raw, err := os.ReadFile(db)
	require.NoError(t, err)
	const header, txid = 16, 16 + 4*4 + 2*8 + 2*8
	size := int(binary.NativeEndian.Uint32(raw[header+8:]))
	newest := 0
	if binary.NativeEndian.Uint64(raw[size+txid:]) > binary.NativeEndian.Uint64(raw[txid:]) {
		newest = size
	}
	raw[newest+header+20] ^= 0x01 // a bit of the root bucket's page number
	require.NoError(t, os.WriteFile(db, raw, 0o600))

	code, stdout, stderr := ninjakit(t, "", "sessions", "check")
	require.Equal(t, 1, code)
	require.Contains(t, stdout, "FAILS its check: session file "+db+": one of its two meta pages is damaged, so the last change may be lost")
	require.Contains(t, stdout, "mv "+db+" "+db+".damaged")
	require.Contains(t, stderr, "follow the steps above")
	for _, args := range [][]string{{"sessions", "list"}, {"companion", "knights", "status", "--session", "phys"}} {
		code, _, stderr = ninjakit(t, "", args...)
		require.Equal(t, 0, code, "%v: %s", args, stderr)
		require.Contains(t, stderr, "the last change may be lost", args)
	}
	code, _, stderr = ninjakit(t, "", "sessions", "delete", "phys")
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "writing is refused until it is salvaged")
	after, err := os.ReadFile(db)
	require.NoError(t, err)
	require.Equal(t, raw, after)
}

// sessions list says where each game stands, in text and JSON, from the
// table's public view only (ruling F-8).
func TestListShowsPhase(t *testing.T) {
	homeWith(t, "ok-blades-none.json", "ok-blades-dealt.json", "ok-knights-physical.json", "ok-blades-takeback.json")
	for _, args := range [][]string{
		{"companion", "squad", "new", "--players", "2", "--session", "sq"},
		{"companion", "blind", "new", "--names", "a,b,c", "--session", "bl3"},
		{"companion", "scorpion", "new", "--guards", "1", "--session", "sc"},
	} {
		code, _, stderr := ninjakit(t, "", args...)
		require.Equal(t, 0, code, "%v: %s", args, stderr)
	}
	code, stdout, stderr := ninjakit(t, "", "sessions", "list")
	require.Equal(t, 0, code, stderr)
	want := map[string]string{
		"bn":       "over: Red, Blue and Yellow tied",
		"bl":       "choosing cards",
		"takeback": "turn 2",
		"phys":     "turn 5: bob",
		"sq":       "raid, phase 1, round 1",
		"bl3":      "placing ninjas",
		"sc":       "setup",
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Len(t, lines, len(want))
	for _, l := range lines {
		name := strings.Fields(l)[0]
		require.True(t, strings.HasSuffix(l, "  "+want[name]), "%s: %q", name, l)
	}
	code, stdout, stderr = ninjakit(t, "", "sessions", "list", "--json")
	require.Equal(t, 0, code, stderr)
	var list []struct {
		Name, Phase string
		Events      int
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &list))
	for _, e := range list {
		require.Equal(t, want[e.Name], e.Phase, e.Name)
	}
}
