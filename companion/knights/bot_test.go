package knights

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ninjakit/ninjakit/companion"
	"github.com/ninjakit/ninjakit/rules"
	engine "github.com/ninjakit/ninjakit/rules/knights"
)

// botSession is a new in-memory session with those options.
func botSession(t *testing.T, o Options, seed uint64) companion.Session {
	t.Helper()
	raw, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	return companion.Session{Name: "t", Game: Game, Options: raw, Seed: seed}
}

// logged appends e as the store would, numbering it.
func logged(s companion.Session, e companion.Event) companion.Session {
	e.Seq = len(s.Events) + 1
	s.Events = append(s.Events, e)
	return s
}

// personAct is a scripted person's move: the seat the game waits on (in a
// steal window the first person asked) plays a random legal action, or
// answers the window, through the commands' own methods.
func personAct(t *testing.T, tb *Table, r *rand.Rand) companion.Event {
	t.Helper()
	for _, s := range tb.Asked() {
		if tb.isBot(s) {
			t.Fatalf("bot seat %s still asked while a person is to act", tb.seatName(s))
		}
		legal := tb.Game.LegalActionsFor(s)
		if r.IntN(4) > 0 || len(legal) == 0 {
			e, err := tb.Decline(tb.seatName(s))
			if err != nil {
				t.Fatal(err)
			}
			return e
		}
		e, err := tb.Act(tb.seatName(s), legal[r.IntN(len(legal))].String())
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	s := tb.Game.ToAct()
	legal := tb.Game.LegalActionsFor(s)
	if tb.isBot(s) || len(legal) == 0 {
		t.Fatalf("a person should act, but the game waits on %s with %d actions", tb.seatName(s), len(legal))
	}
	e, err := tb.Act(tb.seatName(s), legal[r.IntN(len(legal))].String())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// playOut plays s to the end: bots through NextBot, people scripted. It
// checks every bot event replays and says "(bot)", and returns the
// finished session and how many actions the bots took.
func playOut(t *testing.T, s companion.Session, r *rand.Rand) (companion.Session, int) {
	t.Helper()
	botActs := 0
	for step := 0; step < 4000; step++ {
		p, ok, err := NextBot(s)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if ok {
			if !strings.Contains(p.Said, tableName(t, s, p.Seat)+" (bot)") {
				t.Fatalf("bot line does not name the seat as a bot: %q", p.Said)
			}
			s = logged(s, p.Event)
			if _, err := Replay(s); err != nil {
				t.Fatalf("the bot's event %s does not replay: %v", p.Event.Data, err)
			}
			botActs++
			continue
		}
		tb, err := Replay(s)
		if err != nil {
			t.Fatal(err)
		}
		if tb.Game.Phase() == engine.PhaseOver {
			return s, botActs
		}
		s = logged(s, personAct(t, tb, r))
	}
	t.Fatal("the game did not end in 4000 actions")
	return s, botActs
}

func tableName(t *testing.T, s companion.Session, seat int) string {
	t.Helper()
	var o Options
	if err := json.Unmarshal(s.Options, &o); err != nil {
		t.Fatal(err)
	}
	return o.Names[seat]
}

// A 4-seat game with two bot seats and two scripted people, and one with
// three bots and a person, play to the end: every bot action is an event
// the replay accepts, logged as the person's command logs it.
func TestBotsPlayWholeGames(t *testing.T) {
	for _, tc := range []struct {
		name string
		bots []companion.BotSeat
	}{
		{"two bots", []companion.BotSeat{{Seat: 1, Level: "easy"}, {Seat: 3, Level: "random"}}},
		{"all but one", []companion.BotSeat{{Seat: 0, Level: "easy"}, {Seat: 1, Level: "random"}, {Seat: 2, Level: "easy"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				o, err := NewOptions(4, []string{"ann", "bob", "cy", "dee"}, "", "digital", "", "")
				if err != nil {
					t.Fatal(err)
				}
				o.Bots = tc.bots
				s, n := playOut(t, botSession(t, o, seed), rand.New(rand.NewPCG(seed, 9)))
				tb, err := Replay(s)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("seed %d: %d events, %d by bots, %s won", seed, len(s.Events), n, tb.seatName(tb.Game.Winner()))
				if tb.Game.Winner() == engine.NoSeat || n == 0 {
					t.Fatalf("seed %d: winner %v after %d bot actions", seed, tb.Game.Winner(), n)
				}
				if _, err := Verify(s); err != nil {
					t.Fatalf("seed %d: the finished session does not verify: %v", seed, err)
				}
			}
		})
	}
}

// The event a bot logs is the one the person's command logs: a bot's
// decline reads as `decline --by`, a steal as `steal --by`, any other
// action as the verb's own event.
func TestNextBotLogsThePersonsEvent(t *testing.T) {
	// bob's knight took a gem from ann; cy (bot) is asked to steal (K42).
	pos := "players=3 mode=digital first=1 turn=2 phase=steal gems=4,6,5 hands=P/PK/HP draw=* target=1 holder=2 amount=1"
	for _, level := range []string{"random", "easy", "normal"} {
		o, err := NewOptions(0, []string{"ann", "bob", "cy"}, "", "digital", "", pos)
		if err != nil {
			t.Fatal(err)
		}
		o.Bots = []companion.BotSeat{{Seat: 2, Level: level}}
		s := botSession(t, o, 3)
		p, ok, err := NextBot(s)
		if err != nil || !ok {
			t.Fatalf("%s: NextBot = %v, %v", level, ok, err)
		}
		tb, err := Replay(s)
		if err != nil {
			t.Fatal(err)
		}
		var want companion.Event
		if p.Event.Kind == declineKind {
			want, err = tb.decline("cy", true)
		} else {
			var text string
			if text, err = tb.Command(Report{Verb: "steal", By: "cy"}); err == nil {
				want, err = tb.act("cy", text, true)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		if p.Event.Kind != want.Kind || string(p.Event.Data) != string(want.Data) {
			t.Fatalf("%s: bot logged %s %s, the command logs %s %s", level, p.Event.Kind, p.Event.Data, want.Kind, want.Data)
		}
		if !strings.HasPrefix(p.Said, "cy (bot)") {
			t.Fatalf("%s: said %q", level, p.Said)
		}
	}
}

// A person may not act, decline or list moves for a bot seat, with --by
// or as whoever the game waits on; a bot seat's role sees no hand.
func TestPeopleCannotActForBots(t *testing.T) {
	o, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "digital", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if o, err = o.ParseBots([]string{"ann=easy"}); err != nil {
		t.Fatal(err)
	}
	tb, err := Replay(botSession(t, o, 5))
	if err != nil {
		t.Fatal(err)
	}
	legal := tb.Game.LegalActionsFor(0)[0].String()
	for _, by := range []string{"", "ann", "1"} {
		if _, err := tb.Act(by, legal); !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "played by the companion") {
			t.Errorf("act --by %q for the bot: %v", by, err)
		}
	}
	r, err := tb.ParseRole("ann")
	if err != nil || !r.Bot {
		t.Fatalf("role %+v, %v", r, err)
	}
	if st := tb.Status(r); st.Hand != nil || st.Viewer != "ann (bot)" {
		t.Errorf("a bot seat's status shows %v as %q", st.Hand, st.Viewer)
	}
	if _, err := tb.Moves(r); err == nil {
		t.Error("moves for a bot seat were listed")
	}
	if err := tb.MayReveal(); err == nil {
		t.Error("position --reveal mid-game with a bot seat was allowed")
	}
}

// --bot is refused for an unknown seat, a seat twice, every seat, and a
// physical deck, whose cards the companion does not hold (ruling K43).
func TestParseBotsRefusals(t *testing.T) {
	digital, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "digital", "", "")
	if err != nil {
		t.Fatal(err)
	}
	physical, err := NewOptions(3, []string{"ann", "bob", "cy"}, "", "physical", "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		o     Options
		flags []string
		want  string
	}{
		{digital, []string{"zed"}, "not at the table"},
		{digital, []string{"bob", "2"}, "given twice"},
		{digital, []string{"ann", "bob", "cy"}, "every seat would be a bot"},
		{digital, []string{"bob=genius"}, "genius"},
		{physical, []string{"bob"}, "the companion must hold a bot seat's cards"},
	} {
		if _, err := tc.o.ParseBots(tc.flags); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--bot %v: %v, want %q", tc.flags, err, tc.want)
		}
	}
	o, err := digital.ParseBots([]string{"Bob", "3=hard"})
	if err != nil || len(o.Bots) != 2 || o.Bots[0] != (companion.BotSeat{Seat: 1, Level: "normal"}) || o.Bots[1] != (companion.BotSeat{Seat: 2, Level: "hard"}) {
		t.Fatalf("%+v, %v", o.Bots, err)
	}
}

// No peeking: two sessions that differ only in what the bot seats may not
// know (the people's hands, the order deep in the draw pile) give the same
// bot actions, step by step, while the bots' own views agree.
func TestBotTwinSessions(t *testing.T) {
	const a = "players=4 mode=digital first=1 turn=1 phase=main gems=5,5,5,5 hands=PPKBAJ/PPPT/SKDJ/SKIB forts=-/-/-/- draw=CCLRUUCFSPPDKPQSSPPSKKNIPPHPSMORPSPPSSPPPNMOATPSKFCESCHSAHLANPAKAKPCLLSEDNNSPLRLSP discard=- reshuffles=0"
	// cy's D and dee's I change places; so do the two bottom cards.
	b := strings.Replace(strings.Replace(a, "SKDJ/SKIB", "SKIJ/SKDB", 1), "draw=CCL", "draw=LCC", 1)
	compared := 0
	for seed := uint64(1); seed <= 2; seed++ {
		compared += twinRun(t, a, b, seed)
	}
	t.Logf("%d bot actions compared", compared)
	if compared < 15 {
		t.Fatalf("only %d bot actions compared", compared)
	}
}

// twinRun plays the twin positions a and b side by side from one seed and
// returns how many bot actions it compared.
func twinRun(t *testing.T, a, b string, seed uint64) int {
	twin := func(pos string) companion.Session {
		o, err := NewOptions(0, []string{"ann", "bob", "cy", "dee"}, "", "digital", "", pos)
		if err != nil {
			t.Fatal(err)
		}
		o.Bots = []companion.BotSeat{{Seat: 0, Level: "normal"}, {Seat: 1, Level: "easy"}}
		return botSession(t, o, seed)
	}
	sa, sb := twin(a), twin(b)
	r := rand.New(rand.NewPCG(seed, 4))
	compared := 0
	for step := 0; step < 200; step++ {
		pa, oka, err := NextBot(sa)
		if err != nil {
			t.Fatal(err)
		}
		pb, okb, err := NextBot(sb)
		if err != nil {
			t.Fatal(err)
		}
		if oka != okb {
			t.Fatalf("seed %d step %d: a bot acts in one twin only", seed, step)
		}
		if oka {
			ea, _ := Engine(sa)
			eb, _ := Engine(sb)
			if seat := rules.Seat(pa.Seat); ea.Observation(seat) != eb.Observation(seat) {
				return compared // the bot has seen the twins differ: its answers may too
			}
			if pa.Seat != pb.Seat || pa.Event.Kind != pb.Event.Kind || string(pa.Event.Data) != string(pb.Event.Data) || pa.Said != pb.Said {
				t.Fatalf("seed %d step %d: the twins' bots differ: %s %q / %s %q", seed, step, pa.Event.Data, pa.Said, pb.Event.Data, pb.Said)
			}
			sa, sb = logged(sa, pa.Event), logged(sb, pb.Event)
			compared++
			continue
		}
		ta, _ := Replay(sa)
		tbb, _ := Replay(sb)
		if ta.Game.Phase() == engine.PhaseOver {
			return compared
		}
		e, ok := commonPersonAct(ta, tbb, r)
		if !ok {
			return compared
		}
		sa, sb = logged(sa, e), logged(sb, e)
	}
	return compared
}

// commonPersonAct is a person's action legal in both twins, the same
// event in each; false when there is none.
func commonPersonAct(a, b *Table, r *rand.Rand) (companion.Event, bool) {
	if asked := a.Asked(); len(asked) > 0 {
		name := a.seatName(asked[0])
		ea, erra := a.Decline(name)
		eb, errb := b.Decline(name)
		return ea, erra == nil && errb == nil && string(ea.Data) == string(eb.Data)
	}
	s := a.Game.ToAct()
	var both []string
	for _, x := range a.Game.LegalActionsFor(s) {
		for _, y := range b.Game.LegalActionsFor(s) {
			if x.String() == y.String() {
				both = append(both, x.String())
			}
		}
	}
	if len(both) == 0 {
		return companion.Event{}, false
	}
	text := both[r.IntN(len(both))]
	ea, erra := a.Act(a.seatName(s), text)
	_, errb := b.Act(a.seatName(s), text)
	return ea, erra == nil && errb == nil
}

// BenchmarkNormalDecision times one normal decision of a bot seat (the
// first of a 4-seat game), which NormalIterations is set for: about 0.3 s
// on one core.
func BenchmarkNormalDecision(b *testing.B) {
	o, err := NewOptions(4, []string{"ann", "bob", "cy", "dee"}, "", "digital", "", "")
	if err != nil {
		b.Fatal(err)
	}
	o.Bots = []companion.BotSeat{{Seat: 0, Level: "normal"}}
	raw, _ := json.Marshal(o)
	s := companion.Session{Name: "t", Game: Game, Options: raw, Seed: 1}
	start := time.Now()
	for b.Loop() {
		if _, ok, err := NextBot(s); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/decision")
}
