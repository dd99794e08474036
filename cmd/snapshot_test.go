package cmd

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/companion"
	cb "github.com/ninjakit/ninjakit/companion/blades"
	cbl "github.com/ninjakit/ninjakit/companion/blind"
	ck "github.com/ninjakit/ninjakit/companion/knights"
	sc "github.com/ninjakit/ninjakit/companion/scorpion"
	cs "github.com/ninjakit/ninjakit/companion/squad"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// viewsOf replays a session as a game's companion does and returns, for
// every role the game knows among candidates, its status and its log as
// JSON: what any reader of the session may see.
type viewsOf func(s companion.Session) (map[string]string, error)

// roleCandidates are the --as words the transcripts use.
var roleCandidates = []string{"table", "1", "2", "3", "4", "5", "ann", "bob", "cy", "dee", "ninja", "traitor", "guards", "guard", "sword", "spear"}

func views[T interface {
	ParseRole(string) (R, error)
}, R any, S, L any](replay func(companion.Session) (T, error), status func(T, R) S, log func(T, R) L) viewsOf {
	return func(s companion.Session) (map[string]string, error) {
		t, err := replay(s)
		if err != nil {
			return nil, err
		}
		out := map[string]string{}
		for _, c := range roleCandidates {
			r, err := t.ParseRole(c)
			if err != nil {
				continue
			}
			raw, err := json.Marshal([]any{status(t, r), log(t, r)})
			if err != nil {
				return nil, err
			}
			out[c] = string(raw)
		}
		return out, nil
	}
}

var snapshotGames = map[string]viewsOf{
	cb.Game:  views(cb.Replay, (*cb.Table).Status, (*cb.Table).LogLines),
	ck.Game:  views(ck.Replay, (*ck.Table).Status, (*ck.Table).LogLines),
	cs.Game:  views(cs.Replay, (*cs.Table).Status, (*cs.Table).LogLines),
	cbl.Game: views(cbl.Replay, (*cbl.Table).Status, (*cbl.Table).LogLines),
	sc.Game:  views(sc.Replay, (*sc.Table).Status, (*sc.Table).LogLines),
}

// companionScript reads the companion commands of a transcript, as
// argument lists; a command that must fail starts with "!".
func companionScript(t *testing.T, file string) [][]string {
	t.Helper()
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	var out [][]string
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		l := lines.Text()
		bang := strings.HasPrefix(l, "! ")
		rest, ok := strings.CutPrefix(strings.TrimPrefix(l, "! "), "exec ninjakit companion ")
		if !ok || strings.Contains(rest, "verify") || strings.Contains(rest, "$") {
			continue
		}
		words, subs, err := shellWords(rest)
		require.NoError(t, err)
		if len(subs) > 0 {
			continue
		}
		if bang {
			words = append([]string{"!"}, words...)
		}
		out = append(out, append([]string{"companion"}, words...))
	}
	require.NoError(t, lines.Err())
	return out
}

// requireSnapshotsAgree compares every session's views when loaded from
// its newest snapshot and the events after it with a replay of the whole
// log from the start.
func requireSnapshotsAgree(t *testing.T, path, step string) {
	t.Helper()
	st, err := companion.Open(path, companion.ReadOnly())
	require.NoError(t, err)
	defer st.Close()
	names, err := st.Names()
	require.NoError(t, err)
	for _, name := range names {
		full, err := st.Load(name)
		require.NoError(t, err)
		latest, err := st.LoadLatest(name)
		require.NoError(t, err)
		require.Empty(t, latest.Ignored(), "%s: %s", step, name)
		want, err := snapshotGames[full.Game](full)
		require.NoError(t, err)
		got, err := snapshotGames[full.Game](latest)
		require.NoError(t, err)
		require.Equal(t, want, got, "after %s, session %s (%d of %d events after its snapshot)", step, name, len(latest.Events), full.Len())
	}
}

// TestSnapshotRoundTrip plays each game's transcripts with a snapshot
// taken on demand after every other command, and checks after every
// command that every role's status and log read the same from the newest
// snapshot and the events after it as from a replay of the whole log, undo
// across a snapshot included; then that sessions check finds every
// snapshot matching.
func TestSnapshotRoundTrip(t *testing.T) {
	for _, file := range []string{"blades_undo", "blades_companion", "knights_table", "squad_raid", "squad_escape", "blind_game", "scorpion_game", "scorpion_two_guards"} {
		t.Run(file, func(t *testing.T) {
			path := freshHome(t)
			snaps := 0
			for i, args := range companionScript(t, filepath.Join("testdata", "script", file+".txtar")) {
				fail := args[1] == "!"
				if fail {
					args = append([]string{"companion"}, args[2:]...)
				}
				code, _, stderr := ninjakit(t, "", args...)
				require.Equal(t, fail, code != 0, "%v: %s", args, stderr)
				require.NotContains(t, stderr, "snapshot")
				if i%2 == 1 && !fail {
					st, err := companion.Open(path)
					require.NoError(t, err)
					names, err := st.Names()
					require.NoError(t, err)
					for _, n := range names {
						require.NoError(t, st.Snapshot(n))
						snaps++
					}
					require.NoError(t, st.Close())
				}
				requireSnapshotsAgree(t, path, strings.Join(args, " "))
			}
			require.Positive(t, snaps)
			code, out, stderr := ninjakit(t, "", "sessions", "check")
			require.Equal(t, 0, code, stderr)
			require.Contains(t, out, "snapshot(s) match")
			require.NotContains(t, out, "does not match")
		})
	}
}

// corruptSnapshot rewrites one byte of the newest snapshot's table of a
// session, keeping its checksum when keepSum (so only a replay can tell),
// and returns the snapshot's seq.
func corruptSnapshot(t *testing.T, path, name string, keepSum bool) int {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	defer db.Close()
	var seq int
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		sb := tx.Bucket([]byte(name)).Bucket([]byte("snapshots"))
		k, v := sb.Cursor().Last()
		require.NotNil(t, k)
		seq = int(k[7]) | int(k[6])<<8
		b := append([]byte(nil), v...)
		i := len(b) - 20 // inside the table, before the checksum
		b[i] ^= 0x01
		if keepSum { // the record ends with a CRC-32C of the rest
			body := b[:len(b)-4]
			b = binary.BigEndian.AppendUint32(body, crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
		}
		return sb.Put(k, b)
	}))
	return seq
}

// blindStarted starts a four-player What Blind Ninjas session, bench, with
// every ninja placed: four events.
func blindStarted(t *testing.T) {
	mustRun(t, "companion", "blind", "new", "bench", "--names", "ann,bob,cy,dee")
	mustRun(t, "companion", "blind", "start", "--as", "ann", "a", "c", "e", "g")
	mustRun(t, "companion", "blind", "start", "--as", "bob", "1", "3", "5", "7")
	mustRun(t, "companion", "blind", "start", "--as", "cy", "b", "d", "f", "h")
	mustRun(t, "companion", "blind", "start", "--as", "dee", "2", "4", "6", "8")
}

// TestSnapshotDamageIgnored: a snapshot whose bytes were changed is passed
// over at load with a warning (the command works from the events), is
// reported by sessions check with its session and seq, and the next write
// replaces it.
func TestSnapshotDamageIgnored(t *testing.T) {
	path := freshHome(t)
	blindStarted(t)
	_, want, _ := ninjakit(t, "", "companion", "blind", "status", "--json", "--as", "ann")
	st, err := companion.Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Snapshot("bench"))
	require.NoError(t, st.Close())

	seq := corruptSnapshot(t, path, "bench", false)
	require.Equal(t, 4, seq)
	code, got, stderr := ninjakit(t, "", "companion", "blind", "status", "--json", "--as", "ann")
	require.Equal(t, 0, code, stderr)
	require.Equal(t, want, got)
	require.Contains(t, stderr, `warning: session "bench": the snapshot after event 4 does not match the log (its checksum does not match`)
	code, out, _ := ninjakit(t, "", "sessions", "check")
	require.Equal(t, 1, code)
	require.Contains(t, out, "the snapshot after event 4 does not match (its checksum does not match")

	// A write replaces it: the log goes on from the events.
	mustRun(t, "companion", "blind", "orders", "--as", "ann", "t:e", "t:e", "t:e", "t:e")
	mustRun(t, "companion", "blind", "undo", "--as", "ann")
	code, out, stderr = ninjakit(t, "", "sessions", "check")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "snapshot(s) match")
	code, got, stderr = ninjakit(t, "", "companion", "blind", "status", "--json", "--as", "ann")
	require.Equal(t, 0, code, stderr)
	require.Empty(t, stderr)
	require.Equal(t, want, got)
}

// TestSnapshotCheckReplays: a snapshot whose table was changed but whose
// checksum and hashes still hold is found only by replaying, which
// sessions check does: it names the session and the seq.
func TestSnapshotCheckReplays(t *testing.T) {
	path := freshHome(t)
	blindStarted(t)
	st, err := companion.Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Snapshot("bench"))
	require.NoError(t, st.Close())
	corruptSnapshot(t, path, "bench", true)
	code, out, _ := ninjakit(t, "", "sessions", "check")
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "bench")
	require.Contains(t, out, "the snapshot after event 4 does not match (")

	// An export and an import build the session's snapshots anew.
	code, export, stderr := ninjakit(t, "", "sessions", "export", "bench")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = ninjakit(t, export, "sessions", "import", "-", "--replace")
	require.Equal(t, 0, code, stderr)
	code, out, stderr = ninjakit(t, "", "sessions", "check")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "snapshot(s) match")
}

// TestSnapshotImportRebuilds: an export carries events only; an import
// builds a snapshot of its last event and one of the event before (where
// the server and the table mode start), which check finds matching.
func TestSnapshotImportRebuilds(t *testing.T) {
	path := freshHome(t)
	blindStarted(t)
	mustRun(t, "companion", "blind", "orders", "--as", "ann", "t:e", "t:e", "t:e", "t:e")
	mustRun(t, "companion", "blind", "undo", "--as", "ann")
	code, export, stderr := ninjakit(t, "", "sessions", "export", "bench")
	require.Equal(t, 0, code, stderr)
	require.NotContains(t, export, "snapshot")
	require.NotContains(t, export, "NKS1")
	code, _, stderr = ninjakit(t, export, "sessions", "import", "-", "--name", "copy")
	require.Equal(t, 0, code, stderr)
	st, err := companion.Open(path, companion.ReadOnly())
	require.NoError(t, err)
	seqs, err := st.Snapshots("copy")
	require.NoError(t, err)
	require.Equal(t, []int{3, 4}, seqs)
	s, err := st.LoadLatest("copy")
	require.NoError(t, err)
	require.Empty(t, s.Events)
	require.Equal(t, 4, s.Len())
	s, err = st.LoadTail("copy")
	require.NoError(t, err)
	require.Len(t, s.Events, 1)
	require.Equal(t, 4, s.Len())
	require.Empty(t, s.Ignored())
	require.NoError(t, st.Close())
	requireSnapshotsAgree(t, path, "import")
	code, out, stderr := ninjakit(t, "", "sessions", "check")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "copy")
}

// blindTurns plays n silent turns of blindStarted's game: each ninja turns
// a quarter and back.
func blindTurns(t *testing.T, from, n int) {
	turns := [][2]string{{"t:e", "t:n"}, {"t:n", "t:w"}, {"t:w", "t:s"}, {"t:s", "t:e"}}
	for i := from; i < from+n; i++ {
		o := turns[i%4][(i/4)%2]
		mustRun(t, "companion", "blind", "orders", "--as", []string{"ann", "bob", "cy", "dee"}[i%4], o, o, o, o)
	}
}

func snapshotSeqs(t *testing.T, path, name string) []int {
	t.Helper()
	st, err := companion.Open(path, companion.ReadOnly())
	require.NoError(t, err)
	defer st.Close()
	seqs, err := st.Snapshots(name)
	require.NoError(t, err)
	return seqs
}

// TestSnapshotEveryK: an append that leaves K events after the newest
// snapshot stores one, whose log keeps its full chunks apart; undo steps
// back across it, each undo storing the table before the undone event;
// every role reads the same as from a full replay all along, and sessions
// check finds every snapshot matching.
func TestSnapshotEveryK(t *testing.T) {
	path := freshHome(t)
	blindStarted(t)
	blindTurns(t, 0, companion.SnapshotEvery+4)
	n := 4 + companion.SnapshotEvery + 4
	require.Equal(t, []int{companion.SnapshotEvery}, snapshotSeqs(t, path, "bench"), "the first append with K events after none")
	requireSnapshotsAgree(t, path, "after K")
	for i := range 10 {
		mustRun(t, "companion", "blind", "undo", "--as", []string{"ann", "bob", "cy", "dee"}[(n-4-1-i)%4])
		seqs := snapshotSeqs(t, path, "bench")
		require.Equal(t, n-1-i, seqs[len(seqs)-1], "undo %d stores the table before the undone event", i+1)
		requireSnapshotsAgree(t, path, fmt.Sprintf("undo %d", i+1))
	}
	blindTurns(t, n-4-10, 3)
	requireSnapshotsAgree(t, path, "after undoing across the snapshot")
	_, log, _ := ninjakit(t, "", "companion", "blind", "log", "--json")
	require.Contains(t, log, `"seq": 5,`, "the whole log reads, its oldest chunk included")
	code, out, stderr := ninjakit(t, "", "sessions", "check")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "snapshot(s) match")
}

// TestSnapshotOldStore: a session file from before snapshots (none stored)
// works as it is, and its next write makes one.
func TestSnapshotOldStore(t *testing.T) {
	path := freshHome(t)
	blindStarted(t)
	blindTurns(t, 0, companion.SnapshotEvery+4)
	db, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("bench"))
		require.NoError(t, b.DeleteBucket([]byte("chunks")))
		return b.DeleteBucket([]byte("snapshots"))
	}))
	require.NoError(t, db.Close())
	require.Empty(t, snapshotSeqs(t, path, "bench"))
	code, _, stderr := ninjakit(t, "", "companion", "blind", "status", "--as", "ann")
	require.Equal(t, 0, code, stderr)
	require.Empty(t, stderr)
	blindTurns(t, companion.SnapshotEvery+4, 1)
	require.Equal(t, []int{4 + companion.SnapshotEvery + 5}, snapshotSeqs(t, path, "bench"))
	requireSnapshotsAgree(t, path, "the first write")
}

// fullSource is a table mode's source over a session loaded whole.
type fullSource struct{ s companion.Session }

func (f fullSource) Load() (companion.Session, error) { return f.s, nil }
func (f fullSource) Append(func(companion.Session) ([]companion.Event, error)) error {
	return errors.New("read only")
}

// TestTableModeLoadsFromSnapshot: the table mode reads a session of 3,000
// logged actions from its snapshot before the last event, replaying a few
// events, and shows what a replay from the start shows.
func TestTableModeLoadsFromSnapshot(t *testing.T) {
	path := freshHome(t)
	blindStarted(t)
	mustRun(t, "companion", "blind", "orders", "--as", "ann", "t:e", "t:e", "t:e", "t:e")
	mustRun(t, "companion", "blind", "undo", "--as", "ann")
	st, err := companion.Open(path)
	require.NoError(t, err)
	s, err := st.Load("bench")
	require.NoError(t, err)
	for len(s.Events)+len(s.Retracted) < 3000 {
		s.Retracted = append(s.Retracted, s.Retracted[0])
	}
	require.NoError(t, st.Import(s, true))
	require.NoError(t, st.Close())
	mustRun(t, "companion", "blind", "orders", "--as", "ann", "t:e", "t:e", "t:e", "t:e")

	st, err = companion.Open(path, companion.ReadOnly())
	require.NoError(t, err)
	full, err := st.Load("bench")
	require.NoError(t, err)
	require.NoError(t, st.Close())
	whole, err := tui.NewBlind(fullSource{full})
	require.NoError(t, err)

	before := companion.Replayed()
	g, err := tui.NewBlind(storeSource{game: cbl.Game, name: "bench"})
	require.NoError(t, err)
	work := companion.Replayed() - before
	require.Less(t, work, int64(2*companion.SnapshotEvery), "the table mode replayed %d events", work)
	plain := tui.NewStyles(io.Discard, false)
	require.Equal(t, whole.Board(plain), g.Board(plain))
	for v := tui.Table; v < 4; v++ {
		require.Equal(t, whole.Secret(v, plain), g.Secret(v, plain))
	}
}

// TestLoadTailAfterUndos: with no snapshot left before the last event (two
// undos in a row), LoadTail starts from the newest one, and the last
// event's verdict for undo is the one a replay from the start gives.
func TestLoadTailAfterUndos(t *testing.T) {
	path := freshHome(t)
	blindStarted(t)
	for range 2 {
		mustRun(t, "companion", "blind", "orders", "--as", "ann", "t:e", "t:e", "t:e", "t:e")
		mustRun(t, "companion", "blind", "undo", "--as", "ann")
	}
	mustRun(t, "companion", "blind", "undo", "--as", "dee")
	st, err := companion.Open(path, companion.ReadOnly())
	require.NoError(t, err)
	defer st.Close()
	s, err := st.LoadTail("bench")
	require.NoError(t, err)
	require.Equal(t, 3, s.Len())
	require.Empty(t, s.Events, "from the snapshot of the undo, at the last event")
	require.Empty(t, s.Ignored())
	full, err := st.Load("bench")
	require.NoError(t, err)
	got, err := companion.LastVerdict(s)
	require.NoError(t, err)
	want, err := companion.LastVerdict(full)
	require.NoError(t, err)
	require.Equal(t, want, got)
	verdicts, err := cbl.Verify(full)
	require.NoError(t, err)
	require.Equal(t, verdicts[len(verdicts)-1], got)
}

// setSnapshotCodec rewrites the encoding version of a session's newest
// snapshot, its record's checksum made again, as another version of
// ninjakit would have written it; it returns the snapshot's seq.
func setSnapshotCodec(t *testing.T, path, name string, codec uint64) int {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	require.NoError(t, err)
	defer db.Close()
	var seq int
	require.NoError(t, db.Update(func(tx *bolt.Tx) error {
		sb := tx.Bucket([]byte(name)).Bucket([]byte("snapshots"))
		k, v := sb.Cursor().Last()
		require.NotNil(t, k)
		seq = int(binary.BigEndian.Uint64(k))
		// magic, seq, taken, codec as varints, then the rest.
		rest := v[4:]
		var head []byte
		for range 2 {
			_, n := binary.Uvarint(rest)
			head, rest = append(head, rest[:n]...), rest[n:]
		}
		_, n := binary.Uvarint(rest)
		b := append(append(append([]byte("NKS1"), head...), binary.AppendUvarint(nil, codec)...), rest[n:len(rest)-4]...)
		b = binary.BigEndian.AppendUint32(b, crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
		return sb.Put(k, b)
	}))
	return seq
}

// TestSnapshotOtherVersion: a snapshot another version of ninjakit encoded
// (as after an upgrade that changed the encoding) is no damage: loads pass
// over it without a warning and replay the events, sessions check neither
// counts nor fails it, and the next write replaces it with one of this
// version's.
func TestSnapshotOtherVersion(t *testing.T) {
	path := freshHome(t)
	blindStarted(t)
	blindTurns(t, 0, companion.SnapshotEvery+4)
	n := 4 + companion.SnapshotEvery + 4
	_, want, _ := ninjakit(t, "", "companion", "blind", "status", "--json", "--as", "ann")
	require.Equal(t, []int{companion.SnapshotEvery}, snapshotSeqs(t, path, "bench"))
	for _, codec := range []uint64{1, 99} { // older and newer
		require.Equal(t, companion.SnapshotEvery, setSnapshotCodec(t, path, "bench", codec))
		code, got, stderr := ninjakit(t, "", "companion", "blind", "status", "--json", "--as", "ann")
		require.Equal(t, 0, code, stderr)
		require.Empty(t, stderr)
		require.Equal(t, want, got)
		st, err := companion.Open(path, companion.ReadOnly())
		require.NoError(t, err)
		s, err := st.LoadLatest("bench")
		require.NoError(t, err)
		require.Len(t, s.Events, n, "the events replayed from the start")
		require.Empty(t, s.Ignored())
		require.NoError(t, st.Close())
		require.Empty(t, snapshotSeqs(t, path, "bench"))
		code, out, stderr := ninjakit(t, "", "sessions", "check")
		require.Equal(t, 0, code, stderr)
		require.NotContains(t, out, "match")
	}
	// The next write drops it and, with K events after no snapshot, stores
	// one of this version's.
	blindTurns(t, companion.SnapshotEvery+4, 1)
	require.Equal(t, []int{n + 1}, snapshotSeqs(t, path, "bench"))
	requireSnapshotsAgree(t, path, "a write after another version's snapshot")
	code, out, stderr := ninjakit(t, "", "sessions", "check")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, out, "its 1 snapshot(s) match")
}
