package data

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Scorpion is the validated content of a Ninja: Legend of the Scorpion Clan
// data file: the rulebook's numbers and cards, and a map. The board is not
// in the rulebook, so the embedded map is ninjakit's own.
type Scorpion struct {
	About    string         `json:"about"`
	Setup    ScorpionSetup  `json:"setup"`
	Ninja    []ScorpionCard `json:"ninja"`
	Traitor  []ScorpionCard `json:"traitor"`
	Guards   []ScorpionCard `json:"guards"`
	Missions []Mission      `json:"missions"`
	Map      ScorpionMap    `json:"map"`
	zones    map[string]int // zone id to index in Map.Zones
	adj      map[string][]string
	walls    map[[2]string]bool
	track    map[string][]string
}

// ScorpionSetup holds the rulebook's setup and pacing numbers.
type ScorpionSetup struct {
	NinjaCards   int `json:"ninjaCards"`
	NinjaPicks   int `json:"ninjaPicks"`
	TraitorCards int `json:"traitorCards"`
	TraitorPicks int `json:"traitorPicks"`
	GuardCards   int `json:"guardCards"`
	GuardHand    int `json:"guardHand"`
	GuardDeck    int `json:"guardDeck"`
	// TwoGuards: with two guard players each gets an identical half of the
	// guard cards and picks a hand from it.
	TwoGuards           struct{ Half, Hand int } `json:"twoGuards"`
	Sentries            int                      `json:"sentries"`
	Patrols             int                      `json:"patrols"`
	PatrolSize          int                      `json:"patrolSize"`
	SleepingGuards      int                      `json:"sleepingGuards"`
	SleepingPerBarracks int                      `json:"sleepingPerBarracks"`
	Objectives          int                      `json:"objectives"`
	Traps               int                      `json:"traps"`
	HiddenSentries      int                      `json:"hiddenSentries"`
	GuardCap            int                      `json:"guardCap"`
	Turns               int                      `json:"turns"`
	AlertLevels         []AlertLevel             `json:"alertLevels"`
	Wounds              Wounds                   `json:"wounds"`
	Decoy               Decoy                    `json:"decoy"`
}

// TwoGuards splits the guard cards between two guard players: each has an
// identical Half and picks Hand cards from it.
type TwoGuards struct {
	Half int `json:"half"`
	Hand int `json:"hand"`
}

// Wounds are the guard attacks that kill each intruder.
type Wounds struct {
	Ninja   int `json:"ninja"`
	Traitor int `json:"traitor"`
}

// AlertLevel is one step of the alert track and the guard cards it draws.
type AlertLevel struct {
	Name string `json:"name"`
	Draw int    `json:"draw"`
}

// Decoy is the second life an intruder killed before BeforeTurn gets, and
// what the guards gain for it.
type Decoy struct {
	BeforeTurn     int `json:"beforeTurn"`
	NinjaCards     int `json:"ninjaCards"`
	TraitorCards   int `json:"traitorCards"`
	GuardCardsBack int `json:"guardCardsBack"`
	SleepingGuards int `json:"sleepingGuards"`
}

// ScorpionCard is one kind of action card, in ninjakit's own words.
type ScorpionCard struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Count int    `json:"count"`
	// Alert is how far one card moves the alert level, when the card says.
	Alert int    `json:"alert,omitempty"`
	Text  string `json:"text"`
}

// Mission is one of the objective cards A-F.
type Mission struct {
	Letter string `json:"letter"`
	Text   string `json:"text"`
}

// ScorpionMap is a board: zones drawn as cells of a Width x Height grid,
// no cell in two zones. Two zones are adjacent exactly when their shapes
// share a cell edge, and Adjacent lists each such pair once, in either
// order; a wall is an adjacent pair crossed only with a rope; the patrol
// track is a directed graph over zones, where a zone with several next
// zones is a fork. Every zone must be reachable from an edge zone without
// crossing a wall, and the track must let a patrol reach every track zone
// from every other.
type ScorpionMap struct {
	Width    int         `json:"width"`
	Height   int         `json:"height"`
	Zones    []Zone      `json:"zones"`
	Adjacent [][2]string `json:"adjacent"`
	Walls    [][2]string `json:"walls"`
	Track    []TrackZone `json:"track"`
}

// Zone is one map zone. Region is outer, moat, yard, castleA or castleB.
type Zone struct {
	ID       string   `json:"id"`
	Region   string   `json:"region"`
	Cells    [][2]int `json:"cells"`
	Edge     bool     `json:"edge,omitempty"`
	Post     bool     `json:"post,omitempty"`
	Barracks bool     `json:"barracks,omitempty"`
	Moat     bool     `json:"moat,omitempty"`
}

// TrackZone lists where a patrol leaving Zone may go next.
type TrackZone struct {
	Zone string   `json:"zone"`
	Next []string `json:"next"`
}

// Posts is the number of sentry-post zones a map must have.
const Posts = 12

var regions = []string{"outer", "moat", "yard", "castleA", "castleB"}

// DefaultScorpion returns the embedded data with the indexes validate
// makes, made without the checks: TestDefaultScorpionValid validates it
// and compares the indexes. Checking the map's cells, shapes and walks
// cost every Scorpion Clan command about 0.25 ms of its process.
func DefaultScorpion() *Scorpion {
	s := scorpionDefault()
	s.index()
	return s
}

// index makes the lookups validateMap makes, from a map known to be valid.
func (s *Scorpion) index() {
	m := &s.Map
	s.zones = make(map[string]int, len(m.Zones))
	for i, z := range m.Zones {
		s.zones[z.ID] = i
	}
	s.adj = make(map[string][]string, len(m.Zones))
	for _, p := range m.Adjacent {
		s.adj[p[0]] = append(s.adj[p[0]], p[1])
		s.adj[p[1]] = append(s.adj[p[1]], p[0])
	}
	for _, n := range s.adj {
		sort.Strings(n)
	}
	s.walls = make(map[[2]string]bool, len(m.Walls))
	for _, w := range m.Walls {
		s.walls[pair(w[0], w[1])] = true
	}
	s.track = make(map[string][]string, len(m.Track))
	for _, t := range m.Track {
		s.track[t.Zone] = t.Next
	}
}

// LoadScorpion reads and validates a Scorpion Clan data file.
func LoadScorpion(r io.Reader) (*Scorpion, error) { return load[Scorpion](r, "scorpion data") }

// Zone returns a zone by id.
func (s *Scorpion) Zone(id string) (Zone, bool) {
	i, ok := s.zones[id]
	if !ok {
		return Zone{}, false
	}
	return s.Map.Zones[i], true
}

// Neighbours returns the zones adjacent to id, sorted.
func (s *Scorpion) Neighbours(id string) []string { return s.adj[id] }

// Wall reports whether a wall stands between a and b.
func (s *Scorpion) Wall(a, b string) bool { return s.walls[pair(a, b)] }

// TrackNext returns where a patrol leaving id may go; none off the track.
func (s *Scorpion) TrackNext(id string) []string { return s.track[id] }

func pair(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// castle reports whether a region is an inner castle.
func castle(region string) bool { return strings.HasPrefix(region, "castle") }

func (s *Scorpion) validate() error {
	if err := s.validateCards(); err != nil {
		return err
	}
	return s.validateMap()
}

func (s *Scorpion) validateCards() error {
	st := s.Setup
	for _, d := range []struct {
		what, kind  string
		cards       []ScorpionCard
		want, picks int
	}{{"ninja", "ninja", s.Ninja, st.NinjaCards, st.NinjaPicks}, {"traitor", "traitor", s.Traitor, st.TraitorCards, st.TraitorPicks}, {"guards", "guard", s.Guards, st.GuardCards, st.GuardHand}} {
		n := 0
		for _, c := range d.cards {
			if c.Name == "" || c.Text == "" || c.Count < 1 {
				return fmt.Errorf("%s: card %q needs a name, a text and a count", d.what, c.Name)
			}
			if c.Kind != d.kind {
				return fmt.Errorf("%s: card %q has kind %q, not %q", d.what, c.Name, c.Kind, d.kind)
			}
			n += c.Count
		}
		if n != d.want {
			return fmt.Errorf("%s: %d cards, setup says %d", d.what, n, d.want)
		}
		if d.picks < 1 || d.picks > n {
			return fmt.Errorf("%s: cannot pick %d of %d cards", d.what, d.picks, n)
		}
	}
	switch {
	case st.NinjaCards != 12 || st.TraitorCards != 10 || st.GuardCards != 36:
		return fmt.Errorf("setup: the game has 12 ninja, 10 traitor and 36 guard cards, not %d, %d, %d", st.NinjaCards, st.TraitorCards, st.GuardCards)
	case st.GuardHand+st.GuardDeck != st.GuardCards:
		return fmt.Errorf("setup: guard hand %d and deck %d do not make %d", st.GuardHand, st.GuardDeck, st.GuardCards)
	case 2*st.TwoGuards.Half != st.GuardCards || st.TwoGuards.Hand > st.TwoGuards.Half:
		return errors.New("setup: two guards need identical halves of the guard cards")
	case len(st.AlertLevels) == 0:
		return errors.New("setup: no alert levels")
	case len(s.Missions) != st.Objectives:
		return fmt.Errorf("%d missions for %d objectives", len(s.Missions), st.Objectives)
	}
	return nil
}

func (s *Scorpion) validateMap() error {
	m := &s.Map
	cells := 0
	for _, z := range m.Zones {
		cells += len(z.Cells)
	}
	s.zones = make(map[string]int, len(m.Zones))
	owner := make(map[[2]int]string, cells)
	posts, barracks := 0, 0
	for i, z := range m.Zones {
		if _, dup := s.zones[z.ID]; dup || z.ID == "" {
			return fmt.Errorf("map: zone id %q is empty or used twice", z.ID)
		}
		s.zones[z.ID] = i
		known := false
		for _, r := range regions {
			known = known || z.Region == r
		}
		if !known {
			return fmt.Errorf("map: zone %s: region %q, use one of %s", z.ID, z.Region, strings.Join(regions, ", "))
		}
		if len(z.Cells) == 0 {
			return fmt.Errorf("map: zone %s has no cells", z.ID)
		}
		for _, c := range z.Cells {
			if c[0] < 0 || c[1] < 0 || c[0] >= m.Width || c[1] >= m.Height {
				return fmt.Errorf("map: zone %s: cell %v is off the %dx%d grid", z.ID, c, m.Width, m.Height)
			}
			if o, taken := owner[c]; taken {
				return fmt.Errorf("map: zones %s and %s overlap at cell %v", o, z.ID, c)
			}
			owner[c] = z.ID
		}
		border := false
		for _, c := range z.Cells {
			border = border || c[0] == 0 || c[1] == 0 || c[0] == m.Width-1 || c[1] == m.Height-1
		}
		if z.Edge != border || z.Moat != (z.Region == "moat") {
			return fmt.Errorf("map: zone %s: the edge flag must say whether it touches the board's edge, the moat flag whether its region is moat", z.ID)
		}
		if z.Post {
			posts++
		}
		if z.Barracks {
			barracks++
		}
	}
	if posts != Posts {
		return fmt.Errorf("map: %d sentry posts, the game has %d", posts, Posts)
	}
	if barracks == 0 {
		return errors.New("map: no barracks for the sleeping guards")
	}
	if st := s.Setup; st.SleepingGuards > barracks*st.SleepingPerBarracks {
		return fmt.Errorf("map: %d barracks of %d cannot hold %d sleeping guards", barracks, st.SleepingPerBarracks, st.SleepingGuards)
	}
	// Adjacency: listed pairs must be exactly the pairs whose shapes share a
	// cell edge.
	drawn := make(map[[2]string]bool, len(m.Adjacent))
	for c, a := range owner {
		for _, d := range [][2]int{{1, 0}, {0, 1}} {
			if b, ok := owner[[2]int{c[0] + d[0], c[1] + d[1]}]; ok && b != a {
				drawn[pair(a, b)] = true
			}
		}
	}
	s.adj = make(map[string][]string, len(m.Zones))
	listed := make(map[[2]string]bool, len(m.Adjacent))
	for _, p := range m.Adjacent {
		for _, id := range p {
			if _, ok := s.zones[id]; !ok {
				return fmt.Errorf("map: adjacency %s-%s names unknown zone %q", p[0], p[1], id)
			}
		}
		k := pair(p[0], p[1])
		if p[0] == p[1] || listed[k] {
			return fmt.Errorf("map: adjacency %s-%s is listed twice or joins a zone to itself", p[0], p[1])
		}
		if !drawn[k] {
			return fmt.Errorf("map: %s and %s are listed adjacent but their shapes share no edge", p[0], p[1])
		}
		listed[k] = true
		s.adj[p[0]] = append(s.adj[p[0]], p[1])
		s.adj[p[1]] = append(s.adj[p[1]], p[0])
	}
	for k := range drawn {
		if !listed[k] {
			return fmt.Errorf("map: the shapes of %s and %s share an edge but they are not listed adjacent", k[0], k[1])
		}
	}
	for _, n := range s.adj {
		sort.Strings(n)
	}
	s.walls = map[[2]string]bool{}
	for _, w := range m.Walls {
		if !listed[pair(w[0], w[1])] {
			return fmt.Errorf("map: wall %s-%s between zones that are not neighbours", w[0], w[1])
		}
		s.walls[pair(w[0], w[1])] = true
	}
	if err := s.validateTrack(); err != nil {
		return err
	}
	// Every zone is reachable from an edge zone without crossing a wall.
	var start []string
	for _, z := range m.Zones {
		if z.Edge {
			start = append(start, z.ID)
		}
	}
	seen := s.reach(start, func(a, b string) bool { return !s.Wall(a, b) })
	for _, z := range m.Zones {
		if !seen[z.ID] {
			return fmt.Errorf("map: zone %s cannot be reached from the board's edge without a rope", z.ID)
		}
	}
	free, count := 0, map[string]int{}
	for _, z := range m.Zones {
		if castle(z.Region) && !z.Post {
			free++
		}
		count[z.Region]++
		if z.Edge {
			count["edge"]++
		}
	}
	// The set-up needs somewhere for each piece: the ninja starts on the
	// edge, the traitor in the yard, and the outer moat is what the yard
	// lies inside.
	for _, r := range []struct{ key, what string }{{"edge", "edge zone for the ninja's start"}, {"yard", "yard zone for the traitor's start"}, {"moat", "moat zone"}} {
		if count[r.key] == 0 {
			return fmt.Errorf("map: no %s", r.what)
		}
	}
	if need := s.Setup.Objectives + s.Setup.Traps + s.Setup.HiddenSentries; free < need {
		return fmt.Errorf("map: %d inner castle zones without a sentry post, the objectives, traps and hidden sentries need %d", free, need)
	}
	return nil
}

func (s *Scorpion) validateTrack() error {
	s.track = map[string][]string{}
	for _, t := range s.Map.Track {
		if _, ok := s.zones[t.Zone]; !ok {
			return fmt.Errorf("map: track names unknown zone %q", t.Zone)
		}
		if _, dup := s.track[t.Zone]; dup {
			return fmt.Errorf("map: track lists zone %s twice", t.Zone)
		}
		if len(t.Next) == 0 {
			return fmt.Errorf("map: track zone %s leads nowhere", t.Zone)
		}
		s.track[t.Zone] = t.Next
	}
	if len(s.track) == 0 {
		return errors.New("map: no patrol track")
	}
	for a, next := range s.track {
		for _, b := range next {
			if _, ok := s.track[b]; !ok {
				return fmt.Errorf("map: track leads from %s to %s, which is not on the track", a, b)
			}
			if !contains(s.adj[a], b) {
				return fmt.Errorf("map: track leads from %s to %s, which are not adjacent", a, b)
			}
			if next := s.track[b]; len(next) == 1 && next[0] == a {
				return fmt.Errorf("map: the patrol track dead-ends at %s: a patrol from %s could only turn back, and patrols never do", b, a)
			}
		}
	}
	// Strongly connected: every track zone reaches every other along the
	// track, so a patrol is never stuck in one part of it. That is one
	// zone reaching all and all reaching it, two walks; only a track that
	// fails them is walked from every zone, to name one that is stuck.
	var a string
	back := map[string][]string{}
	for z, next := range s.track {
		a = z
		for _, b := range next {
			back[b] = append(back[b], z)
		}
	}
	if len(s.walk([]string{a}, s.track, nil)) == len(s.track) && len(s.walk([]string{a}, back, nil)) == len(s.track) {
		return nil
	}
	for a := range s.track {
		seen := s.reach([]string{a}, nil)
		if len(seen) != len(s.track) {
			return fmt.Errorf("map: the patrol track is not one circuit: from %s a patrol reaches %d of its %d zones", a, len(seen), len(s.track))
		}
	}
	return nil
}

// reach walks from start: along the track when ok is nil, else across the
// adjacent pairs ok allows.
func (s *Scorpion) reach(start []string, ok func(a, b string) bool) map[string]bool {
	if ok == nil {
		return s.walk(start, s.track, nil)
	}
	return s.walk(start, s.adj, ok)
}

// walk visits what start reaches along edges, those ok allows when it is
// not nil.
func (s *Scorpion) walk(start []string, edges map[string][]string, ok func(a, b string) bool) map[string]bool {
	seen := make(map[string]bool, len(s.Map.Zones))
	todo := append([]string(nil), start...)
	for _, id := range start {
		seen[id] = true
	}
	for len(todo) > 0 {
		a := todo[0]
		todo = todo[1:]
		for _, b := range edges[a] {
			if !seen[b] && (ok == nil || ok(a, b)) {
				seen[b] = true
				todo = append(todo, b)
			}
		}
	}
	return seen
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
