package companion

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Child processes re-execute this test binary with helperEnv set; the
// helper's arguments travel in the environment too.
const helperEnv = "NINJAKIT_COMPANION_HELPER"

// TestHelperProcess is not a test: it is the child's main. Modes:
//   - hold: open the store, print "locked", hold it until stdin closes.
//   - append: append N events (data {"by":ID,"i":i}), one command-sized
//     open/append/close each, retrying on ErrBusy; print each committed seq.
//     N < 0 means forever (the crash test kills it).
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		t.Skip("helper for child processes")
	}
	path, name, id := os.Getenv("H_PATH"), os.Getenv("H_NAME"), os.Getenv("H_ID")
	n, _ := strconv.Atoi(os.Getenv("H_N"))
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "helper:", err)
		os.Exit(3)
	}
	switch mode {
	case "hold":
		st, err := Open(path)
		if err != nil {
			fail(err)
		}
		fmt.Println("locked")
		_, _ = io.Copy(io.Discard, os.Stdin)
		_ = st.Close()
	case "append":
		out := bufio.NewWriter(os.Stdout)
		for i := 0; n < 0 || i < n; i++ {
			for {
				seq, err := appendOne(path, name, id, i)
				if errors.Is(err, ErrBusy) {
					continue
				}
				if err != nil {
					fail(err)
				}
				// Reported only after Append returned: the commit is done.
				fmt.Fprintln(out, seq)
				_ = out.Flush()
				break
			}
		}
	default:
		fail(fmt.Errorf("unknown mode %q", mode))
	}
	os.Exit(0)
}

// appendOne is one CLI command's worth of work.
func appendOne(path, name, id string, i int) (int, error) {
	st, err := Open(path, WithTimeout(500*time.Millisecond))
	if err != nil {
		return 0, err
	}
	defer st.Close()
	evs, err := st.Append(name, func(s Session) ([]Event, error) {
		data, _ := json.Marshal(map[string]any{"by": id, "i": i})
		return []Event{{Kind: "move", Data: data}}, nil
	})
	if err != nil {
		return 0, err
	}
	return evs[0].Seq, nil
}

func helper(t *testing.T, mode, path, name, id string, n int) *exec.Cmd {
	t.Helper()
	if testing.Short() {
		t.Skip("spawns processes")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, "H_PATH="+path, "H_NAME="+name, "H_ID="+id, "H_N="+strconv.Itoa(n))
	cmd.Stderr = os.Stderr
	return cmd
}

func TestLockInProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	first, err := Open(path)
	require.NoError(t, err)

	// flock locks belong to the open file description, so a second Open in
	// the same process conflicts as another process would.
	start := time.Now()
	_, err = Open(path, WithTimeout(200*time.Millisecond))
	waited := time.Since(start)
	require.ErrorIs(t, err, ErrBusy)
	require.EqualError(t, err, "session busy: another ninjakit command is using "+path+"; try again")
	require.GreaterOrEqual(t, waited, 100*time.Millisecond, "it waited for the lock")

	start = time.Now()
	_, err = Open(path, WithTimeout(0))
	require.ErrorIs(t, err, ErrBusy)
	require.Less(t, time.Since(start), 100*time.Millisecond, "timeout 0 tries once")

	// The lock is released by Close, and a waiter gets it.
	go func() {
		time.Sleep(100 * time.Millisecond)
		_ = first.Close()
	}()
	second, err := Open(path, WithTimeout(2*time.Second))
	require.NoError(t, err)
	require.NoError(t, second.Close())
}

func TestLockAcrossProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	cmd := helper(t, "hold", path, "", "", 0)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "locked\n", line)

	_, err = Open(path, WithTimeout(150*time.Millisecond))
	require.ErrorIs(t, err, ErrBusy)

	require.NoError(t, stdin.Close()) // the child closes the store and exits
	require.NoError(t, cmd.Wait())
	st, err := Open(path, WithTimeout(150*time.Millisecond))
	require.NoError(t, err)
	require.NoError(t, st.Close())
}

// Two processes hammer one session, each opening and closing the store per
// event as CLI commands do. No event is lost or duplicated, seqs stay
// contiguous, and every reported seq holds the event its reporter wrote.
func TestConcurrentAppends(t *testing.T) {
	const n = 40
	path := filepath.Join(t.TempDir(), FileName)
	st, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "race", Game: "squad"}))
	require.NoError(t, st.Close())

	var (
		mu       sync.Mutex
		reported = map[string][]int{}
		wg       sync.WaitGroup
	)
	for _, id := range []string{"a", "b"} {
		cmd := helper(t, "append", path, "race", id, n)
		stdout, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := bufio.NewScanner(stdout)
			var seqs []int
			for sc.Scan() {
				v, err := strconv.Atoi(sc.Text())
				if err != nil {
					t.Errorf("child %s printed %q", id, sc.Text())
				}
				seqs = append(seqs, v)
			}
			if err := cmd.Wait(); err != nil {
				t.Errorf("child %s: %v", id, err)
			}
			mu.Lock()
			reported[id] = seqs
			mu.Unlock()
		}()
	}
	wg.Wait()

	st, err = Open(path)
	require.NoError(t, err)
	defer st.Close()
	s, err := st.Load("race")
	require.NoError(t, err)
	require.Len(t, s.Events, 2*n)
	next := map[string]int{}
	for _, id := range []string{"a", "b"} {
		require.Len(t, reported[id], n, "child %s committed all its events", id)
		for _, seq := range reported[id] {
			var d struct {
				By string `json:"by"`
				I  int    `json:"i"`
			}
			require.NoError(t, json.Unmarshal(s.Events[seq-1].Data, &d))
			require.Equal(t, id, d.By, "seq %d", seq)
			require.Equal(t, next[id], d.I, "child %s's events are in its order", id)
			next[id]++
		}
	}
}

// A process killed with SIGKILL at random moments (while opening, inside a
// transaction, mid-commit, closing) never leaves a file that fails to open,
// a log with holes, or loses an event whose commit it had reported.
func TestCrashDuringAppends(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	st, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, st.Create(Session{Name: "crash", Game: "blades"}))
	require.NoError(t, st.Close())

	seed := uint64(time.Now().UnixNano())
	t.Logf("kill timing seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	maxReported := 0
	reporter := map[int]string{} // seq -> the child that reported committing it
	for round := range 8 {
		cmd := helper(t, "append", path, "crash", strconv.Itoa(round), -1)
		stdout, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())

		lines := make(chan int, 1<<16)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				v, err := strconv.Atoi(sc.Text())
				if err == nil {
					lines <- v
				}
			}
		}()
		// Let it commit at least once, then kill it at a random moment.
		select {
		case v, ok := <-lines:
			require.True(t, ok, "child died before committing")
			maxReported = max(maxReported, v)
			reporter[v] = strconv.Itoa(round)
		case <-time.After(10 * time.Second):
			t.Fatal("child never committed")
		}
		time.Sleep(time.Duration(rng.IntN(150_000)) * time.Microsecond)
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		for v := range lines {
			maxReported = max(maxReported, v)
			reporter[v] = strconv.Itoa(round)
		}
		err = cmd.Wait()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, "the child was killed")

		before, err := os.Stat(path)
		require.NoError(t, err)
		st, err := Open(path)
		require.NoError(t, err, "round %d", round)
		s, err := st.Load("crash")
		require.NoError(t, err, "round %d", round)
		require.NoError(t, st.Close())
		for i, e := range s.Events {
			require.Equal(t, i+1, e.Seq)
		}
		require.GreaterOrEqual(t, len(s.Events), maxReported, "round %d: a reported commit was lost", round)
		for seq, id := range reporter {
			var d struct {
				By string `json:"by"`
			}
			require.NoError(t, json.Unmarshal(s.Events[seq-1].Data, &d))
			require.Equal(t, id, d.By, "seq %d holds the event its reporter committed", seq)
		}
		after, err := os.Stat(path)
		require.NoError(t, err)
		require.GreaterOrEqual(t, after.Size(), before.Size(), "never truncated")
		t.Logf("round %d: %d events, last reported %d", round, len(s.Events), maxReported)
	}
}
