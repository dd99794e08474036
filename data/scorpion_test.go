package data

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDefaultScorpionValid: the built-in data passes every check a user's
// file must, and the indexes DefaultScorpion makes without them are those
// validate makes.
func TestDefaultScorpionValid(t *testing.T) {
	checked := scorpionDefault()
	require.NoError(t, checked.validate())
	require.Equal(t, checked, DefaultScorpion())
}

func TestDefaultScorpion(t *testing.T) {
	s := DefaultScorpion()
	require.Contains(t, s.About, "--map")
	st := s.Setup
	require.Equal(t, []int{8, 7, 24, 12, 18, 12}, []int{st.NinjaPicks, st.TraitorPicks, st.GuardHand, st.GuardDeck, st.TwoGuards.Half, st.TwoGuards.Hand})
	require.Equal(t, []int{8, 3, 2, 8, 2, 6, 2, 2, 20, 20}, []int{st.Sentries, st.Patrols, st.PatrolSize, st.SleepingGuards, st.SleepingPerBarracks, st.Objectives, st.Traps, st.HiddenSentries, st.GuardCap, st.Turns})
	require.Equal(t, []AlertLevel{{"none", 0}, {"low", 1}, {"medium", 2}, {"high", 3}}, st.AlertLevels)
	require.Equal(t, Wounds{Ninja: 3, Traitor: 2}, st.Wounds)
	require.Equal(t, Decoy{BeforeTurn: 10, NinjaCards: 6, TraitorCards: 5, GuardCardsBack: 5, SleepingGuards: 3}, st.Decoy)
	count := func(cards []ScorpionCard) (n int) {
		for _, c := range cards {
			n += c.Count
		}
		return n
	}
	require.Equal(t, 12, count(s.Ninja))
	require.Equal(t, 10, count(s.Traitor))
	require.Equal(t, 36, count(s.Guards))
	alert := func(cards []ScorpionCard, name string) int {
		for _, c := range cards {
			if c.Name == name {
				return c.Alert
			}
		}
		t.Fatalf("no card %q", name)
		return 0
	}
	require.Equal(t, 1, alert(s.Ninja, "Kenjutsu"))
	require.Equal(t, 2, alert(s.Traitor, "Kenjutsu"))
	var letters string
	for _, m := range s.Missions {
		letters += m.Letter
	}
	require.Equal(t, "ABCDEF", letters)
}

func TestScorpionMap(t *testing.T) {
	s := DefaultScorpion()
	regions := map[string]int{}
	posts, free := 0, 0
	for _, z := range s.Map.Zones {
		regions[z.Region]++
		if z.Post {
			posts++
		}
		if castle(z.Region) && !z.Post {
			free++
		}
		got, ok := s.Zone(z.ID)
		require.True(t, ok)
		require.Equal(t, z.ID, got.ID)
		// Symmetric adjacency.
		for _, n := range s.Neighbours(z.ID) {
			require.Contains(t, s.Neighbours(n), z.ID, "%s-%s", z.ID, n)
			require.Equal(t, s.Wall(z.ID, n), s.Wall(n, z.ID))
		}
	}
	require.Equal(t, map[string]int{"outer": 12, "moat": 12, "yard": 22, "castleA": 9, "castleB": 9}, regions)
	require.Equal(t, 12, posts)
	require.GreaterOrEqual(t, free, 10)
	_, ok := s.Zone("XX1")
	require.False(t, ok)

	// Every zone is reachable from the edge without a rope.
	var edge []string
	for _, z := range s.Map.Zones {
		if z.Edge {
			edge = append(edge, z.ID)
		}
	}
	require.Len(t, s.reach(edge, func(a, b string) bool { return !s.Wall(a, b) }), len(s.Map.Zones))
	// Walls: the outer moat is crossed only at bridges, each castle only at
	// its gate.
	require.True(t, s.Wall("MO1", "YA1"))
	require.False(t, s.Wall("MO2", "YA3"))
	require.False(t, s.Wall("CA8", "YA12"))
	require.True(t, s.Wall("CA9", "YA12"))

	// The patrol track: a figure-eight over the yard, every zone reaching
	// every other, at least two forks, never entering a castle.
	forks := 0
	for _, tz := range s.Map.Track {
		z, _ := s.Zone(tz.Zone)
		require.Equal(t, "yard", z.Region)
		require.Len(t, s.reach([]string{tz.Zone}, nil), len(s.Map.Track))
		if len(s.TrackNext(tz.Zone)) > 1 {
			forks++
		}
		for _, n := range s.TrackNext(tz.Zone) {
			require.Contains(t, s.Neighbours(tz.Zone), n)
		}
	}
	require.GreaterOrEqual(t, forks, 2)
	require.Nil(t, s.TrackNext("CA1"))
}

func TestLoadScorpionRejects(t *testing.T) {
	zone := func(s *Scorpion, id string) *Zone {
		for i := range s.Map.Zones {
			if s.Map.Zones[i].ID == id {
				return &s.Map.Zones[i]
			}
		}
		t.Fatalf("no zone %s", id)
		return nil
	}
	for _, tc := range []struct {
		name, want string
		mutate     func(s *Scorpion)
	}{
		{"duplicate id", "used twice", func(s *Scorpion) { zone(s, "OL2").ID = "OL1" }},
		{"unknown region", "region", func(s *Scorpion) { zone(s, "OL2").Region = "sky" }},
		{"overlap", "overlap", func(s *Scorpion) { z := zone(s, "OL2"); z.Cells = append(z.Cells, zone(s, "OL3").Cells[0]) }},
		{"off grid", "off the", func(s *Scorpion) { s.Map.Width = 5 }},
		{"edge flag", "edge flag", func(s *Scorpion) { zone(s, "YA1").Edge = true }},
		{"eleven posts", "11 sentry posts", func(s *Scorpion) { zone(s, "CA2").Post = false }},
		{"thirteen posts", "13 sentry posts", func(s *Scorpion) { zone(s, "CA1").Post = true }},
		{"no barracks", "no barracks", func(s *Scorpion) {
			for i := range s.Map.Zones {
				s.Map.Zones[i].Barracks = false
			}
		}},
		{"barracks too few", "cannot hold 11 sleeping guards", func(s *Scorpion) { s.Setup.SleepingGuards = 11 }},
		{"unknown zone in adjacency", "unknown zone", func(s *Scorpion) { s.Map.Adjacent[0][1] = "ZZ9" }},
		{"adjacency not drawn", "share no edge", func(s *Scorpion) { s.Map.Adjacent = append(s.Map.Adjacent, [2]string{"OL1", "CA1"}) }},
		{"adjacency missing", "not listed adjacent", func(s *Scorpion) { s.Map.Adjacent = s.Map.Adjacent[1:] }},
		{"adjacency twice", "listed twice", func(s *Scorpion) {
			a := s.Map.Adjacent[0]
			s.Map.Adjacent = append(s.Map.Adjacent, [2]string{a[1], a[0]})
		}},
		{"wall between non-neighbours", "not neighbours", func(s *Scorpion) { s.Map.Walls = append(s.Map.Walls, [2]string{"OL1", "CA1"}) }},
		{"track between non-adjacent", "not adjacent", func(s *Scorpion) {
			s.Map.Track[0].Next = append(s.Map.Track[0].Next, s.Map.Track[len(s.Map.Track)/2].Zone)
		}},
		{"track zone without next", "leads nowhere", func(s *Scorpion) { s.Map.Track[0].Next = nil }},
		{"track leaves the track", "not on the track", func(s *Scorpion) { s.Map.Track = s.Map.Track[1:] }},
		{"track not connected", "not one circuit", func(s *Scorpion) {
			// Cut the second fork: loop B can then no longer return to loop A.
			for i, tz := range s.Map.Track {
				if len(tz.Next) > 1 {
					s.Map.Track[i].Next = tz.Next[1:]
				}
			}
		}},
		// "They may not reverse direction": a spur YA1 > MO1 > YA1 would
		// leave a patrol at MO1 nowhere to go but back.
		{"track dead end", "dead-ends at MO1", func(s *Scorpion) {
			s.Map.Track[0].Next = append(s.Map.Track[0].Next, "MO1")
			s.Map.Track = append(s.Map.Track, TrackZone{Zone: "MO1", Next: []string{"YA1"}})
		}},
		{"unreachable zone", "cannot be reached", func(s *Scorpion) {
			s.Map.Walls = append(s.Map.Walls, [2]string{"CA8", "YA12"})
		}},
		{"no moat", "map: no moat zone", func(s *Scorpion) {
			for i := range s.Map.Zones {
				if z := &s.Map.Zones[i]; z.Moat {
					z.Region, z.Moat = "yard", false
				}
			}
		}},
		{"no yard", "map: no yard zone", func(s *Scorpion) {
			for i := range s.Map.Zones {
				if z := &s.Map.Zones[i]; z.Region == "yard" {
					z.Region = "outer"
				}
			}
		}},
		{"castle full of posts", "6 inner castle zones without", func(s *Scorpion) {
			for i := range s.Map.Zones {
				z := &s.Map.Zones[i]
				z.Post = castle(z.Region) && len(z.ID) == 3 && (z.ID[1] == 'A' || z.ID[2] <= '3')
			}
		}},
		{"ninja cards", "ninja: 13 cards", func(s *Scorpion) { s.Ninja[0].Count++ }},
		{"traitor cards", "traitor: 9 cards", func(s *Scorpion) { s.Traitor[2].Count-- }},
		{"guard cards", "guards: 37 cards", func(s *Scorpion) { s.Guards[0].Count++ }},
		{"card kind", `kind "ninja", not "guard"`, func(s *Scorpion) { s.Guards[0].Kind = "ninja" }},
		{"card without text", "needs a name, a text and a count", func(s *Scorpion) { s.Traitor[0].Text = "" }},
		{"setup counts", "12 ninja, 10 traitor and 36 guard", func(s *Scorpion) { s.Ninja[0].Count++; s.Setup.NinjaCards++ }},
		{"guard split", "hand 25", func(s *Scorpion) { s.Setup.GuardHand++ }},
		{"missions", "5 missions", func(s *Scorpion) { s.Missions = s.Missions[1:] }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s Scorpion
			require.NoError(t, decodeStrict(bytes.NewReader(scorpionJSON), &s))
			tc.mutate(&s)
			text, err := json.Marshal(&s)
			require.NoError(t, err)
			_, err = LoadScorpion(bytes.NewReader(text))
			require.ErrorContains(t, err, tc.want)
		})
	}
}
