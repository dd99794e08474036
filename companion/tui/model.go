package tui

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/ninjakit/ninjakit/rules"
)

// screen is what the device shows now.
type screen int

const (
	public  screen = iota // the board, for everyone
	handoff               // asks one player to take the device; shows nothing hidden
	private               // one player's own view
)

// Model is the table mode's bubbletea model.
type Model struct {
	game   Game
	styles Styles
	every  time.Duration
	pause  time.Duration // before each bot action, so people can follow

	screen screen
	seat   Viewer // the player asked for, or holding the device
	entry  entry
	picker *picker
	msg    string
	bad    bool // msg is a refusal or an error
	failed bool // msg says the last reload failed
	height int
	told   []string // what the bots did since the last person's action
}

// Option changes a Model.
type Option func(*Model)

// Refresh makes the model reload the session every d, to show what
// one-shot commands did meanwhile; 0 reloads only after its own actions.
func Refresh(d time.Duration) Option { return func(m *Model) { m.every = d } }

// BotPause sets the pause before each bot action (default 600 ms).
func BotPause(d time.Duration) Option { return func(m *Model) { m.pause = d } }

// New makes the model for a game.
func New(g Game, s Styles, opts ...Option) *Model {
	m := &Model{game: g, styles: s, every: 2 * time.Second, pause: 600 * time.Millisecond, seat: Table, height: 24}
	for _, o := range opts {
		o(m)
	}
	return m
}

type tick struct{}

// botTurn asks the next bot seat, if any, to act.
type botTurn struct{}

// botLater lets the bots act after the pause, in a game with bot seats.
func (m *Model) botLater() tea.Cmd {
	if _, ok := m.game.(Botter); !ok {
		return nil
	}
	return tea.Tick(m.pause, func(time.Time) tea.Msg { return botTurn{} })
}

// botStep lets one bot act and shows what it did under the board, with
// what the bots did before it since the last person's action.
func (m *Model) botStep() tea.Cmd {
	said, acted, err := m.game.(Botter).BotStep()
	switch {
	case err != nil:
		m.say(rules.ClipQuotes(err.Error()), true)
		return nil
	case !acted:
		return nil
	}
	// A bot's action the table may not hear of (a Scorpion intruder's
	// hidden step) adds no line: their number is secret.
	if said != "" {
		m.told = append(m.told, said)
		m.say(strings.Join(m.told, "\n"), false)
	}
	return m.botLater()
}

// isBot reports whether the game plays seat v itself.
func (m *Model) isBot(v Viewer) bool {
	b, ok := m.game.(Botter)
	return ok && b.Bot(v)
}

func (m *Model) wait() tea.Cmd {
	if m.every <= 0 {
		return nil
	}
	return tea.Tick(m.every, func(time.Time) tea.Msg { return tick{} })
}

// Init starts the reload timer, and the bots if one is to act first.
func (m *Model) Init() tea.Cmd { return tea.Batch(m.wait(), m.botLater()) }

// viewer is who the screen is showing to: only the private view belongs
// to one seat; every other screen is the table's (ruling C-10).
func (m *Model) viewer() Viewer {
	if m.screen == private {
		return m.seat
	}
	return Table
}

// Update handles a key, a resize or a reload.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.height = msg.Height
	case tick:
		m.reload()
		return m, m.wait()
	case botTurn:
		return m, m.botStep()
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return m, tea.Sequence(tea.ClearScreen, tea.Quit)
		}
		switch m.screen {
		case handoff:
			return m, m.handoffKey(msg)
		default:
			return m, m.entryKey(msg)
		}
	}
	return m, nil
}

// reload picks up what one-shot commands did; a message about the board
// as it was goes once the board changes under it.
func (m *Model) reload() {
	before := m.game.Board(m.styles)
	if err := m.game.Refresh(); err != nil {
		m.say(rules.ClipQuotes(err.Error()), true)
		m.failed = true
		return
	}
	if m.failed || m.game.Board(m.styles) != before {
		m.say("", false)
		m.failed = false
	}
}

func (m *Model) say(text string, bad bool) { m.msg, m.bad = text, bad }

// ask hands the device over: the screen asks seat to take it, with
// nothing hidden on it.
func (m *Model) ask(seat Viewer) tea.Cmd {
	m.screen, m.seat, m.picker = handoff, seat, nil
	m.entry.reset()
	m.say("", false)
	return tea.ClearScreen
}

// leave returns to the public board and wipes the screen, so nothing of a
// private view is left for the next person to see.
func (m *Model) leave() tea.Cmd {
	m.screen, m.seat, m.picker = public, Table, nil
	m.entry.reset()
	return tea.ClearScreen
}

func (m *Model) handoffKey(k tea.KeyMsg) tea.Cmd {
	switch k.Type {
	case tea.KeyEnter:
		m.screen = private
		return tea.ClearScreen
	case tea.KeyEsc:
		return m.leave()
	}
	return nil
}

func (m *Model) entryKey(k tea.KeyMsg) tea.Cmd {
	v := m.viewer()
	if m.picker != nil {
		return m.pickerKey(k)
	}
	e := &m.entry
	switch k.Type {
	case tea.KeyEsc:
		if m.screen == private {
			m.say("", false)
			return m.leave()
		}
		e.reset()
	case tea.KeyTab:
		if strings.TrimSpace(e.text) == "" {
			m.picker = newPicker(m.game.Choices(v))
			return nil
		}
		var cands []string
		for _, c := range m.game.Choices(v) {
			cands = append(cands, c.Text)
		}
		if _, ok := m.game.(Undoer); ok {
			cands = append(cands, "undo")
		}
		e.complete(append(cands, m.game.Words(v)...))
	case tea.KeyUp:
		e.browse(v, -1)
	case tea.KeyDown:
		e.browse(v, +1)
	case tea.KeyBackspace:
		if e.text != "" {
			r := []rune(e.text)
			e.text = string(r[:len(r)-1])
		}
		e.hints = nil
	case tea.KeyCtrlU:
		e.text, e.hints = "", nil
	case tea.KeyEnter:
		return m.submit()
	case tea.KeyRunes, tea.KeySpace:
		e.text += string(k.Runes)
		e.hints = nil
	}
	return nil
}

func (m *Model) pickerKey(k tea.KeyMsg) tea.Cmd {
	p := m.picker
	switch k.Type {
	case tea.KeyEsc, tea.KeyTab:
		m.picker = nil
	case tea.KeyUp:
		p.move(-1)
	case tea.KeyDown:
		p.move(+1)
	case tea.KeyRight:
		p.setOpen(true)
	case tea.KeyLeft:
		p.setOpen(false)
	case tea.KeyEnter, tea.KeySpace:
		if text, ok := p.choose(); ok {
			m.picker = nil
			m.entry.reset()
			m.entry.text = text
		}
	}
	return nil
}

// submit acts on the line; an empty line hands the device to whoever the
// game waits for, or opens the picker when nothing hidden is at stake.
func (m *Model) submit() tea.Cmd {
	v := m.viewer()
	text := strings.TrimSpace(m.entry.text)
	if text == "" {
		if seat, ok := m.game.Waiting(); ok && m.isBot(seat) {
			m.say(m.game.Name(seat)+" is played by the companion: it acts on its own", false)
			return nil
		}
		if seat, ok := m.game.Waiting(); ok && m.screen == public && m.game.Private(seat) {
			return m.ask(seat)
		}
		m.picker = newPicker(m.game.Choices(v))
		return nil
	}
	if seat, ok := m.seatWord(text); ok {
		if m.isBot(seat) {
			m.entry.reset()
			m.say(m.game.Name(seat)+" is played by the companion: its view stays hidden from everyone", true)
			return nil
		}
		return m.ask(seat)
	}
	m.entry.remember(v, text)
	m.entry.reset()
	said, err := m.act(v, text)
	if err != nil {
		m.say(rules.ClipQuotes(err.Error()), true)
		return nil
	}
	m.say(said, false)
	m.told = []string{said}
	if k, ok := m.game.(keeper); ok && m.screen == private && k.KeepsView(v) {
		return m.botLater()
	}
	if m.screen == private {
		return tea.Batch(m.leave(), m.botLater())
	}
	return m.botLater()
}

// act does one typed line: "undo" takes back the last action with the
// barriers of `companion GAME undo` (ruling C-22), anything else is the
// game's.
func (m *Model) act(v Viewer, text string) (string, error) {
	if u, ok := m.game.(Undoer); ok && strings.EqualFold(text, "undo") {
		return u.Undo(v)
	}
	return m.game.Do(v, text)
}

// keeper is a game whose player keeps his own view while the game waits
// on him again, instead of passing the device to himself: the game says
// when, on what the whole table may know.
type keeper interface{ KeepsView(v Viewer) bool }

// seatWord reads "hand NAME": any player may ask for their own view.
func (m *Model) seatWord(text string) (Viewer, bool) {
	f := strings.Fields(text)
	if len(f) != 2 || !strings.EqualFold(f[0], "hand") || m.screen != public {
		return Table, false
	}
	return m.game.Seat(f[1])
}
