package cmd

import (
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/stretchr/testify/require"
)

// frames wraps the table mode's model and keeps every frame it drew, so a
// test can assert on what the screen showed at any moment, not only at
// the end.
type frames struct {
	model tea.Model
	mu    sync.Mutex
	seen  []string
}

func (f *frames) Init() tea.Cmd { return f.model.Init() }

func (f *frames) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := f.model.Update(msg)
	f.model = m
	return f, cmd
}

func (f *frames) View() string {
	v := f.model.View()
	f.mu.Lock()
	f.seen = append(f.seen, v)
	f.mu.Unlock()
	return v
}

func (f *frames) all() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.seen...)
}

func (f *frames) last() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.seen) == 0 {
		return ""
	}
	return f.seen[len(f.seen)-1]
}

// player drives the table mode through teatest as a person would: keys in,
// screens out.
type player struct {
	t  *testing.T
	tm *teatest.TestModel
	f  *frames
}

func playTable(t *testing.T, game string, adapt func(tui.Source) (tui.Game, error)) *player {
	t.Helper()
	g, err := adapt(storeSource{game: game})
	require.NoError(t, err)
	f := &frames{model: tui.New(g, tui.NewStyles(io.Discard, false), tui.Refresh(20*time.Millisecond))}
	tm := teatest.NewTestModel(t, f, teatest.WithInitialTermSize(110, 60))
	return &player{t: t, tm: tm, f: f}
}

func (p *player) key(k tea.KeyType) { p.tm.Send(tea.KeyMsg{Type: k}) }

func (p *player) typed(s string) { p.tm.Type(s) }

// see waits until the screen shows every text and returns that screen.
func (p *player) see(texts ...string) string {
	p.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		screen := p.f.last()
		ok := true
		for _, s := range texts {
			ok = ok && strings.Contains(flat(screen), flat(s))
		}
		if ok {
			return screen
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the screen never showed %q; last screen:\n%s", texts, screen)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// handTo passes the device to who, as the table does before a private
// view, and waits until their view shows every text.
func (p *player) handTo(who string, texts ...string) string {
	p.t.Helper()
	p.key(tea.KeyEnter)
	p.see("Pass the device to " + who)
	p.key(tea.KeyEnter)
	return p.see(append([]string{"Private to " + who}, texts...)...)
}

func (p *player) quit() string {
	p.key(tea.KeyCtrlC)
	out, err := io.ReadAll(p.tm.FinalOutput(p.t, teatest.WithFinalTimeout(5*time.Second)))
	require.NoError(p.t, err)
	return string(out)
}

// privateTo names the seat a frame is private to, or "" for a frame the
// whole table may see.
func privateTo(frame string) string {
	_, rest, ok := strings.Cut(frame, "Private to ")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, ":")
	return name
}

// assertHandsPrivate checks every frame drawn: a hand appears only in its
// owner's private view, and a frame the table sees shows no hand at all.
// hands maps each seat's name to every hand it held during the game.
func assertHandsPrivate(t *testing.T, all []string, hands map[string][]string) {
	t.Helper()
	for i, frame := range all {
		owner := privateTo(frame)
		if owner == "" {
			require.NotContains(t, frame, "Your hand", "frame %d is public but shows a hand:\n%s", i, frame)
			continue
		}
		for seat, hs := range hands {
			if seat == owner {
				continue
			}
			for _, h := range hs {
				if !contains(hands[owner], h) {
					require.NotContains(t, flat(frame)+" ", "Your hand: "+h+" ", "frame %d is private to %s but shows %s's hand:\n%s", i, owner, seat, frame)
				}
			}
		}
	}
}

// flat reads a screen as one line of words, so text the view wraps to fit
// 80 columns still matches.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// storedTable rebuilds a session's table from the store, as a command
// reading it does.
func storedTable[T any](t *testing.T, game, session string, replay func(companion.Session) (T, error)) T {
	t.Helper()
	var tb T
	require.NoError(t, withSession(game, session, true, func(st *companion.Store, name string) error {
		s, err := st.LoadLatest(name)
		if err != nil {
			return err
		}
		tb, err = replay(s)
		return err
	}))
	return tb
}
