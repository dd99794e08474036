package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/stretchr/testify/require"
)

// ninjakit runs one command in-process against the session file under
// $NINJAKIT_HOME, with stdin as standard input.
func ninjakit(t testing.TB, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Execute(args, &IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut})
	return code, out.String(), errOut.String()
}

// homeWith points NINJAKIT_HOME at a fresh directory holding the sessions
// imported from the given fixtures, and returns the session file's path.
func homeWith(t *testing.T, fixtures ...string) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	for _, f := range fixtures {
		code, _, stderr := ninjakit(t, "", "sessions", "import", filepath.Join("testdata", "import", f))
		require.Equal(t, 0, code, stderr)
	}
	return filepath.Join(home, companion.FileName)
}

// requireImportRefused runs `sessions import` on path (or "-" with stdin)
// and checks it fails with exactly one line on stderr while the session
// file and the list of sessions stay exactly as they were.
func requireImportRefused(t *testing.T, db, path, stdin string) string {
	t.Helper()
	before, err := os.ReadFile(db)
	require.NoError(t, err)
	_, listBefore, _ := ninjakit(t, "", "sessions", "list", "--json")
	start := time.Now()
	code, stdout, stderr := ninjakit(t, stdin, "sessions", "import", path)
	require.NotEqual(t, 0, code, "stdout: %s", stdout)
	require.Less(t, time.Since(start), 20*time.Second, "import must not hang")
	require.Empty(t, stdout)
	require.Equal(t, 1, strings.Count(stderr, "\n"), "exactly one line: %q", stderr)
	require.True(t, strings.HasPrefix(stderr, "ninjakit: "), stderr)
	require.NotContains(t, stderr, "panic")
	for _, r := range strings.TrimSuffix(stderr, "\n") {
		require.False(t, r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x202e, "unprintable %U in %q", r, stderr)
	}
	after, err := os.ReadFile(db)
	require.NoError(t, err)
	require.True(t, bytes.Equal(before, after), "session file changed")
	_, listAfter, _ := ninjakit(t, "", "sessions", "list", "--json")
	require.Equal(t, listBefore, listAfter)
	return stderr
}

// TestImportGoodFixtures: the catalogue's controls import and replay.
func TestImportGoodFixtures(t *testing.T) {
	files, err := filepath.Glob("testdata/import/ok-*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	homeWith(t)
	for _, f := range files {
		code, stdout, stderr := ninjakit(t, "", "sessions", "import", f)
		require.Equal(t, 0, code, "%s: %s", f, stderr)
		require.Contains(t, stdout, "Imported session")
	}
}

// TestImportCatalogue: every malformed or hostile file in testdata/import
// (bad-*.json) is refused by the real command, with one line, storing
// nothing.
func TestImportCatalogue(t *testing.T) {
	files, err := filepath.Glob("testdata/import/bad-*.json")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 30)
	db := homeWith(t, "ok-knights-physical.json", "ok-blades-none.json")
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".json"), func(t *testing.T) {
			msg := requireImportRefused(t, db, f, "")
			t.Log(msg)
		})
	}
}

// TestImportGenerated: files too big to commit, and things that are not
// files at all.
func TestImportGenerated(t *testing.T) {
	db := homeWith(t, "ok-knights-physical.json")
	dir := t.TempDir()
	good, err := os.ReadFile("testdata/import/ok-knights-physical.json")
	require.NoError(t, err)
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, b, 0o600))
		return p
	}

	// 64 MiB and more: a valid export followed by blanks, and one huge
	// string; both are cut off at the limit, never read whole.
	huge := make([]byte, 64<<20+1)
	copy(huge, good)
	for i := len(good); i < len(huge); i++ {
		huge[i] = ' '
	}
	msg := requireImportRefused(t, db, write("huge-blanks.json", huge), "")
	require.Contains(t, msg, "larger than the 16 MiB allowed")
	str := append([]byte(`{"format":"ninjakit-session","version":1,"name":"`), bytes.Repeat([]byte("a"), 64<<20)...)
	requireImportRefused(t, db, write("huge-string.json", str), "")
	requireImportRefused(t, db, write("just-over.json", bytes.Repeat([]byte(" "), companion.MaxExport+1)), "")

	// Too many events, each fine on its own.
	var b strings.Builder
	b.WriteString(`{"format":"ninjakit-session","version":1,"name":"many","game":"knights","options":{"players":2,"names":["a","b"],"mode":"physical","first":0},"seed":1,"created":"2026-01-01T00:00:00Z","events":[`)
	for i := 1; i <= companion.MaxEvents+1; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"seq":%d,"kind":"act","data":{"seat":0,"action":"pass"}}`, i)
	}
	b.WriteString("]}")
	msg = requireImportRefused(t, db, write("many.json", []byte(b.String())), "")
	require.Contains(t, msg, "at most 50000")

	// Standard input goes through the same limit and checks.
	requireImportRefused(t, db, "-", strings.Repeat("x", companion.MaxExport+10))
	requireImportRefused(t, db, "-", "{")

	requireImportRefused(t, db, dir, "")
}

// TestImportStdin: "-" reads an export from standard input.
func TestImportStdin(t *testing.T) {
	homeWith(t)
	good, err := os.ReadFile("testdata/import/ok-knights-digital.json")
	require.NoError(t, err)
	code, stdout, stderr := ninjakit(t, string(good), "sessions", "import", "-")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "Imported session dig (knights, 1 events)")
}

// FuzzImport: whatever the bytes, import's reading and checking never
// panics; what it accepts is within the limits, exports again and reads
// back the same. Seeds: every catalogue file, good and bad.
func FuzzImport(f *testing.F) {
	files, err := filepath.Glob("testdata/import/*.json")
	require.NoError(f, err)
	for _, file := range files {
		b, err := os.ReadFile(file)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte(strings.Repeat("[", 9) + strings.Repeat("]", 9)))
	f.Add([]byte(`{"format":"ninjakit-session","version":1,"options":{"a":[[[[[[[[1]]]]]]]]}}`))
	f.Add([]byte(`"\\"` + strings.Repeat("{", 20)))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readImport(bytes.NewReader(b))
		if err != nil {
			return
		}
		require.LessOrEqual(t, len(b), companion.MaxExport)
		require.LessOrEqual(t, len(s.Events), companion.MaxEvents)
		require.LessOrEqual(t, len(s.Options), companion.MaxOptionsLen)
		out, err := companion.Export(s)
		require.NoError(t, err)
		s2, err := readImport(bytes.NewReader(out))
		require.NoError(t, err)
		require.Equal(t, s, s2)
	})
}

// TestImportTakenBack: exports keep what undo took back, checked by replay
// where it once stood (ruling C-11); version 1 files still import, their
// flags read as version 1 wrote them (ruling C-13).
func TestImportTakenBack(t *testing.T) {
	db := homeWith(t, "ok-blades-takeback.json", "ok-blades-v1-card.json", "ok-knights-v1-attack.json")
	_, stdout, _ := ninjakit(t, "", "companion", "blades", "log", "--session", "takeback")
	require.Equal(t, "  1  seat 1: Red showed a Shuriken (the play was taken back)\n  1  seat 1: Red's attack from a1 removed a Yellow ninja on a2\n", stdout)
	code, stdout, stderr := ninjakit(t, "", "sessions", "export", "takeback")
	require.Equal(t, 0, code, stderr)
	want, err := os.ReadFile("testdata/import/ok-blades-takeback.json")
	require.NoError(t, err)
	require.JSONEq(t, string(want), stdout, "export gives back what was imported")

	// A card play version 1 flagged as a barrier can now be taken back, and
	// the export that follows is version 2.
	code, stdout, stderr = ninjakit(t, "", "companion", "blades", "undo", "--session", "old-card")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "Took back: Red's Shuriken from a1 removed a Yellow ninja on a2; Red is to move again. The log keeps that Red showed a Shuriken.\n", stdout)
	code, stdout, stderr = ninjakit(t, "", "companion", "knights", "undo", "--session", "old-attack")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "Took back ann's knight attack on bob; ann's turn. The log keeps that ann showed a knight.\n", stdout)
	_, stdout, _ = ninjakit(t, "", "sessions", "export", "old-attack")
	require.Contains(t, stdout, `"version": 2`)
	require.Contains(t, stdout, `"retracted": [`)

	for file, msg := range map[string]string{
		"bad-retracted-card-never-held.json":        "taken-back event 1: not allowed: you hold no vanish card",
		"bad-retracted-nothing-before-it.json":      "it was taken back as event 3, but no event 2 stood before it",
		"bad-retracted-under-a-standing-event.json": "it was taken back as event 2, but event 3 still stands after it",
		"bad-retracted-after-a-draw.json":           "undo took it back, but it cannot be: bob already drew two cards after that play",
		"bad-retracted-flagged.json":                `unknown field "barrier"`,
		"bad-retracted-in-version-1.json":           `version 1 has no "retracted" field`,
		"bad-v1-flag-in-version-2.json":             "event 1 is marked barrier=true but the rules say false",
	} {
		require.Contains(t, requireImportRefused(t, db, filepath.Join("testdata", "import", file), ""), msg, file)
	}
}

// A key given twice, at any depth, is refused with one line naming it and
// where it is: Go's decoder would keep the last, so the file could show a
// reader one value and import another (ruling F-7).
func TestImportRefusesDuplicateKeys(t *testing.T) {
	db := homeWith(t, "ok-blades-none.json")
	for file, want := range map[string]string{
		"bad-duplicate-top-key.json":        `session export has the key "seed" twice in the top level`,
		"bad-duplicate-options-key.json":    `session export has the key "first" twice in options`,
		"bad-duplicate-event-data-key.json": `session export has the key "seat" twice in events[0].data`,
	} {
		msg := requireImportRefused(t, db, filepath.Join("testdata", "import", file), "")
		require.Contains(t, msg, want, file)
	}
	msg := requireImportRefused(t, db, "-", `{"format":"ninjakit-session","a`+strings.Repeat(`\u001b`, 60)+`":1,"a`+strings.Repeat(`\u001b`, 60)+`":2}`)
	require.Contains(t, msg, `the key "a\x1b\x1b`)
	require.Less(t, len(msg), 400)
}

// --name imports a session under another name, beside the original.
func TestImportUnderAnotherName(t *testing.T) {
	homeWith(t, "ok-knights-physical.json")
	f := filepath.Join("testdata", "import", "ok-knights-physical.json")
	code, _, stderr := ninjakit(t, "", "sessions", "import", f)
	require.Equal(t, ExitFailed, code)
	require.Contains(t, stderr, `a session named "phys" already exists; replace it (--replace) or import it under another name (--name NEW)`)
	code, stdout, stderr := ninjakit(t, "", "sessions", "import", f, "--name", "phys-2")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, "Imported session phys-2 (knights, 4 events).\n", stdout)
	_, a, _ := ninjakit(t, "", "companion", "knights", "log", "--session", "phys")
	_, b, _ := ninjakit(t, "", "companion", "knights", "log", "--session", "phys-2")
	require.Equal(t, a, b)
	code, _, stderr = ninjakit(t, "", "sessions", "import", f, "--name", "Bad Name")
	require.Equal(t, ExitUsage, code)
	require.True(t, strings.HasPrefix(stderr, "ninjakit: --name: session name "), stderr)
	code, _, stderr = ninjakit(t, "", "sessions", "import", f, "--name", "")
	require.Equal(t, ExitUsage, code)
	require.Equal(t, "ninjakit: --name is empty: give a value or leave the flag out\n", stderr)
}
