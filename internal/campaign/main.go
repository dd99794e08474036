// Command campaign plays real Of Knights and Ninjas games (physical deck, so
// undo works) through the ninjakit binary while killing its commands with
// SIGKILL at random moments and running writers and readers side by side.
// After every round it checks that no acknowledged event (from a command
// that exited 0) was lost, that every event undo took back is kept among the
// taken-back events, that the session file opens and passes its consistency
// check, and that the game replays.
//
//	go run ./internal/campaign                # the CI budget: 200 rounds
//	go run ./internal/campaign -rounds 5000   # longer, by hand
//
// NINJAKIT_CAMPAIGN_ROUNDS sets the default number of rounds.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	rounds := 200
	if s := os.Getenv("NINJAKIT_CAMPAIGN_ROUNDS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			rounds = n
		}
	}
	flag.IntVar(&rounds, "rounds", rounds, "rounds to play (each kills or races commands)")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "random seed, to replay a failing campaign")
	flag.Parse()
	if err := run(rounds, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "campaign:", err)
		os.Exit(1)
	}
}

type campaign struct {
	bin, home string
	rng       *rand.Rand
	session   string
	games     int
	known     []string // the session's events as last verified
	taken     []string // the events undo took back, as last verified

	rounds, kills, acked, ackedUndos, unapplied int
	readers                                     int
	worstReader                                 time.Duration
}

func run(rounds int, seed uint64) error {
	start := time.Now()
	dir, err := os.MkdirTemp("", "ninjakit-campaign-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	c := &campaign{bin: filepath.Join(dir, "ninjakit"), home: filepath.Join(dir, "home"), rng: rand.New(rand.NewPCG(seed, 6))}
	if out, err := exec.Command("go", "build", "-o", c.bin, "./cmd/ninjakit").CombinedOutput(); err != nil {
		return fmt.Errorf("build: %v\n%s", err, out)
	}
	fmt.Printf("campaign: seed %d, %d rounds\n", seed, rounds)
	if err := c.newGame(); err != nil {
		return err
	}
	for c.rounds < rounds {
		c.rounds++
		var err error
		if c.rounds%10 == 0 {
			err = c.raceRound()
		} else {
			err = c.killRound()
		}
		if err == nil {
			err = c.verify()
		}
		if err != nil {
			return fmt.Errorf("round %d (seed %d): %w", c.rounds, seed, err)
		}
	}
	burst, err := c.readerBurst(16)
	if err != nil {
		return err
	}
	fmt.Printf("rounds %d, games %d, kills %d, acknowledged events %d, acknowledged undos %d, racing writes not applied %d, lost 0\n",
		c.rounds, c.games, c.kills, c.acked, c.ackedUndos, c.unapplied)
	fmt.Printf("readers %d, worst reader wait %v beside writers, %v among 16 readers alone; wall time %v\n",
		c.readers, c.worstReader.Round(time.Millisecond), burst.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	return nil
}

func (c *campaign) command(args ...string) *exec.Cmd {
	cmd := exec.Command(c.bin, args...)
	cmd.Env = append(os.Environ(), "NINJAKIT_HOME="+c.home)
	return cmd
}

// ninjakit runs a command to its end.
func (c *campaign) ninjakit(args ...string) (string, error) {
	var out, errOut bytes.Buffer
	cmd := c.command(args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("ninjakit %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errOut.String()))
	}
	return out.String(), nil
}

func (c *campaign) newGame() error {
	c.games++
	c.session = fmt.Sprintf("camp-%d", c.games)
	players := 2 + c.rng.IntN(4)
	names := []string{"ann", "bob", "cy", "dee", "eve"}[:players]
	_, err := c.ninjakit("companion", "knights", "new", "--mode", "physical", "--players", strconv.Itoa(players), "--names", strings.Join(names, ","), "--session", c.session)
	c.known, c.taken = nil, nil
	return err
}

// events returns the session's log and the events undo took back, as
// exported (one JSON text per event).
func (c *campaign) events() (log, taken []string, err error) {
	out, err := c.ninjakit("sessions", "export", c.session)
	if err != nil {
		return nil, nil, err
	}
	var doc struct{ Events, Retracted []json.RawMessage }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		return nil, nil, err
	}
	compact := func(raw []json.RawMessage) ([]string, error) {
		evs := make([]string, len(raw))
		for i, e := range raw {
			var b bytes.Buffer
			if err := json.Compact(&b, e); err != nil {
				return nil, err
			}
			evs[i] = b.String()
		}
		return evs, nil
	}
	if log, err = compact(doc.Events); err != nil {
		return nil, nil, err
	}
	taken, err = compact(doc.Retracted)
	return log, taken, err
}

// move picks one of the legal moves of the player the game waits for, as
// command-line arguments; nil when the game is over. It asks as that player
// because some choices (a Herald's pick) are shown to nobody else.
func (c *campaign) move() ([]string, error) {
	out, err := c.ninjakit("companion", "knights", "status", "--json", "--session", c.session)
	if err != nil {
		return nil, err
	}
	var st struct {
		ToAct string `json:"toAct"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		return nil, err
	}
	if st.ToAct == "" {
		return nil, nil
	}
	out, err = c.ninjakit("companion", "knights", "moves", "--json", "--session", c.session, "--as", st.ToAct)
	if err != nil {
		return nil, err
	}
	var choices []struct {
		Groups []struct {
			Commands []string `json:"commands"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(out), &choices); err != nil {
		return nil, err
	}
	var moves []string
	for _, c := range choices {
		for _, g := range c.Groups {
			moves = append(moves, g.Commands...)
		}
	}
	if len(moves) == 0 {
		return nil, nil
	}
	return append([]string{"companion", "knights", "--session", c.session}, strings.Fields(moves[c.rng.IntN(len(moves))])...), nil
}

// startKiller runs cmd and SIGKILLs it after a random delay; it reports
// whether it exited 0 on its own (an acknowledged command) and whether the
// kill caught it running.
func (c *campaign) startKiller(cmd *exec.Cmd, maxDelay time.Duration) (wait func() (acked, killed bool, err error)) {
	if err := cmd.Start(); err != nil {
		return func() (bool, bool, error) { return false, false, err }
	}
	delay := time.Duration(c.rng.Int64N(int64(maxDelay)))
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	return func() (bool, bool, error) {
		select {
		case err := <-done:
			return err == nil, false, nil
		case <-time.After(delay):
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		err := <-done
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				c.kills++
				return false, true, nil
			}
		}
		return err == nil, false, nil
	}
}

// killRound runs one act or undo and kills it at a random moment.
func (c *campaign) killRound() error {
	args, err := c.move()
	if err != nil {
		return err
	}
	if args == nil {
		return c.newGame()
	}
	undo := len(c.known) > 0 && c.rng.IntN(4) == 0
	if undo {
		args = []string{"companion", "knights", "undo", "--session", c.session}
	}
	acked, _, err := c.startKiller(c.command(args...), 30*time.Millisecond)()
	if err != nil {
		return err
	}
	after, taken, err := c.events()
	if err != nil {
		return err
	}
	unchanged := slices.Equal(after, c.known) && slices.Equal(taken, c.taken)
	var applied bool
	if undo {
		// Nothing undo takes back is lost: it joins the taken-back events.
		applied = slices.Equal(after, c.known[:len(c.known)-1]) && slices.Equal(taken, append(slices.Clip(c.taken), c.known[len(c.known)-1]))
	} else {
		applied = len(after) == len(c.known)+1 && slices.Equal(after[:len(c.known)], c.known) && slices.Equal(taken, c.taken)
	}
	switch {
	case acked && !applied:
		return fmt.Errorf("LOST: %v exited 0 but the log went from %d to %d events", args, len(c.known), len(after))
	case !unchanged && !applied:
		return fmt.Errorf("the log changed in a way %v cannot explain: %d -> %d events", args, len(c.known), len(after))
	}
	if acked && undo {
		c.ackedUndos++
	} else if acked {
		c.acked++
	}
	c.known, c.taken = after, taken
	return nil
}

// raceRound runs three writers and four readers at once; writers may be
// killed. Every acknowledged play must be in the log afterwards, and every
// reader must succeed.
func (c *campaign) raceRound() error {
	type result struct {
		acked bool
		err   error
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var writes []result
	var readErr error
	var plays [][]string
	for range 3 {
		args, err := c.move()
		if err != nil {
			return err
		}
		if args == nil {
			return c.newGame()
		}
		plays = append(plays, args)
	}
	for _, args := range plays {
		cmd := c.command(args...)
		wait := c.startKiller(cmd, 200*time.Millisecond)
		wg.Go(func() {
			acked, _, err := wait()
			mu.Lock()
			writes = append(writes, result{acked, err})
			mu.Unlock()
		})
	}
	for range 4 {
		wg.Go(func() {
			start := time.Now()
			_, err := c.ninjakit("companion", "knights", "status", "--session", c.session)
			took := time.Since(start)
			mu.Lock()
			c.readers++
			c.worstReader = max(c.worstReader, took)
			if err != nil {
				readErr = err
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	if readErr != nil {
		return fmt.Errorf("reader failed: %w", readErr)
	}
	after, taken, err := c.events()
	if err != nil {
		return err
	}
	if !slices.Equal(taken, c.taken) {
		return fmt.Errorf("the taken-back events changed without an undo: %d -> %d", len(c.taken), len(taken))
	}
	acked := 0
	for _, w := range writes {
		if w.err != nil {
			return w.err
		}
		if w.acked {
			acked++
		}
	}
	if len(after) < len(c.known) || !slices.Equal(after[:len(c.known)], c.known) {
		return fmt.Errorf("LOST: the log no longer starts with the %d events it had", len(c.known))
	}
	if grew := len(after) - len(c.known); grew < acked || grew > len(writes) {
		return fmt.Errorf("LOST: %d writers acknowledged but the log grew by %d", acked, grew)
	}
	c.acked += acked
	c.unapplied += len(writes) - (len(after) - len(c.known)) // killed first, or refused after a rival's move
	c.known = after
	return nil
}

// readerBurst starts n `status` commands at once and returns the slowest:
// with a shared lock they run side by side instead of queueing.
func (c *campaign) readerBurst(n int) (time.Duration, error) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var worst time.Duration
	var failed error
	for range n {
		wg.Go(func() {
			start := time.Now()
			_, err := c.ninjakit("companion", "knights", "status", "--session", c.session)
			mu.Lock()
			worst = max(worst, time.Since(start))
			if err != nil {
				failed = err
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	return worst, failed
}

// verify checks that the file opens and passes its consistency check, and
// that every session replays.
func (c *campaign) verify() error {
	if _, err := c.ninjakit("sessions", "check"); err != nil {
		return err
	}
	_, err := c.ninjakit("companion", "knights", "log", "--session", c.session)
	return err
}
