package squad

import (
	"fmt"
	"strings"

	"github.com/ninjakit/ninjakit/data"
	"github.com/ninjakit/ninjakit/layouts"
	squadpdf "github.com/ninjakit/ninjakit/layouts/squad"
)

// View is a split as printed for people and as --json gives it. Seats and
// decks are counted from 1 and named by letter here, unlike in Setup.
type View struct {
	Code        string     `json:"code"`
	Fingerprint string     `json:"fingerprint"`
	Game        string     `json:"game"`
	Title       string     `json:"title"`
	Players     int        `json:"players"`
	Mode        string     `json:"mode"`
	Balanced    bool       `json:"balanced"`
	QRPayload   string     `json:"qrPayload"`
	Deals       []DealView `json:"deals"`
}

// DealView is one shuffle and deal.
type DealView struct {
	Part  string `json:"part"`
	Title string `json:"title"`
	Decks []Deck `json:"decks"`
	Aside []int  `json:"aside"`
	// FirstSeat is the seat (from 1) with the First Player token; 0 when the
	// first ninja to reach the palace starts.
	FirstSeat int `json:"firstSeat"`
	Spread    int `json:"spread"`
	// Holders are the seats, then the Interchange piles.
	Holders []HolderView `json:"holders"`
	Phases  int          `json:"phases"`
	// FirstByPhase is the seat (from 1) that starts each phase, phase 1
	// first; 0 when the table decides.
	FirstByPhase []int `json:"firstByPhase"`
}

// HolderView is a seat or an Interchange pile and the deck letter it holds
// in each phase, phase 1 first.
type HolderView struct {
	Name  string   `json:"name"`
	Decks []string `json:"decks"`
}

// Part titles as the rulebook names them.
func partTitle(m Mode) string {
	if m == ModeRaid {
		return "Midnight Raid"
	}
	return "Dawn Escape"
}

// View describes the split; shareURL, when set, goes in front of the code
// in the QR payload.
func (s *Setup) View(shareURL string) View {
	v := View{
		Code: s.Code.String(), Fingerprint: s.Fingerprint, Game: "squad", Players: s.Players,
		Mode: s.Mode.String(), Balanced: s.Balanced, QRPayload: s.Code.Payload(shareURL),
	}
	v.Title = "Ninja Squad: " + map[Mode]string{ModeRaid: "Midnight Raid", ModeEscape: "Dawn Escape", ModeFull: "full game"}[s.Mode]
	for _, d := range s.Deals {
		dv := DealView{Part: d.Part.String(), Title: partTitle(d.Part), Decks: d.Decks, Aside: d.Aside,
			FirstSeat: d.First + 1, Spread: d.Spread, Phases: len(d.Phases)}
		for h := range Decks {
			hv := HolderView{Name: fmt.Sprintf("Player %d", h+1)}
			if h >= s.Players {
				hv.Name = "Interchange"
				if Decks-s.Players > 1 {
					hv.Name = fmt.Sprintf("Interchange %d", h-s.Players+1)
				}
			}
			for _, p := range d.Phases {
				deck := 0
				if h < s.Players {
					deck = p.Seats[h]
				} else {
					deck = p.Interchange[h-s.Players]
				}
				hv.Decks = append(hv.Decks, d.Decks[deck].Name)
			}
			dv.Holders = append(dv.Holders, hv)
		}
		for _, p := range d.Phases {
			dv.FirstByPhase = append(dv.FirstByPhase, p.First+1)
		}
		v.Deals = append(v.Deals, dv)
	}
	return v
}

// Subtitle is the line under the title: players, balance and the phases.
func (v View) Subtitle() string {
	split := "plain split"
	if v.Balanced {
		split = "balanced split"
	}
	return fmt.Sprintf("%d players, %s", v.Players, split)
}

// FirstLine says who starts a deal.
func (d DealView) FirstLine() string {
	if d.FirstSeat == 0 {
		return "First player: the first ninja to reach the palace."
	}
	return fmt.Sprintf("First player: player %d; the token passes clockwise each Guard Phase.", d.FirstSeat)
}

// HandOut says who takes which deck at the start.
func (d DealView) HandOut() string {
	var parts []string
	for _, h := range d.Holders {
		parts = append(parts, fmt.Sprintf("%s %s", strings.ToLower(h.Name[:1])+h.Name[1:], h.Decks[0]))
	}
	return "Deal out: " + strings.Join(parts, ", ") + "."
}

// Text is the split as plain text, no line longer than 80 columns.
func (v View) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s\n", v.Title, v.Subtitle())
	fmt.Fprintf(&b, "Share code %s (check words: %s)\n", v.Code, v.Fingerprint)
	for _, d := range v.Deals {
		fmt.Fprintf(&b, "\n%s deal (score spread %d)\n", d.Title, d.Spread)
		for _, dk := range d.Decks {
			fmt.Fprintf(&b, "  Deck %s %s  score %d\n", dk.Name, numbers(dk.Cards), dk.Value.Score)
		}
		fmt.Fprintf(&b, "  Aside  %s\n", numbers(d.Aside))
		for _, l := range wrap(d.HandOut(), 76) {
			fmt.Fprintf(&b, "  %s\n", l)
		}
		fmt.Fprintf(&b, "  %s\n", d.FirstLine())
		fmt.Fprintf(&b, "  %-14s", "Phase")
		for p := range d.Phases {
			fmt.Fprintf(&b, " %2d", p+1)
		}
		b.WriteString("\n")
		for _, h := range d.Holders {
			fmt.Fprintf(&b, "  %-14s", h.Name)
			for _, l := range h.Decks {
				fmt.Fprintf(&b, " %2s", l)
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "  %-14s", "First player")
		for _, f := range d.FirstByPhase {
			fmt.Fprintf(&b, " %2s", seatMark(f))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// seatMark is a seat number, or "?" when the table decides.
func seatMark(seat int) string {
	if seat == 0 {
		return "?"
	}
	return fmt.Sprint(seat)
}

func numbers(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("%2d", n)
	}
	return strings.Join(parts, " ")
}

// wrap breaks s at spaces into lines of at most w characters.
func wrap(s string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && len(line)+1+len(word) > w {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}

// Sheet is the printed split: v (from View) on paper, each card with the
// route pictures d gives it.
func (v View) Sheet(d *data.Squad, paper layouts.Paper) (squadpdf.SplitSheet, error) {
	sh := squadpdf.SplitSheet{
		Paper: paper, Title: v.Title, Subtitle: v.Subtitle(),
		ShareCode: v.Code, Fingerprint: v.Fingerprint, QRPayload: v.QRPayload,
	}
	column := func(title, note string, numbers []int) (squadpdf.SplitColumn, error) {
		col := squadpdf.SplitColumn{Title: title, Note: note}
		for _, n := range numbers {
			c, ok := d.Card(n)
			if !ok {
				return col, fmt.Errorf("movement card %d is not in the data", n)
			}
			sc := squadpdf.SplitCard{Number: n}
			for _, r := range c.Routes {
				steps, err := data.ParseRoute(r)
				if err != nil {
					return col, fmt.Errorf("movement card %d: %w", n, err)
				}
				sc.Routes = append(sc.Routes, steps)
			}
			col.Cards = append(col.Cards, sc)
		}
		return col, nil
	}
	for _, dv := range v.Deals {
		sd := squadpdf.SplitDeal{
			Title: fmt.Sprintf("%s deal: score spread %d", dv.Title, dv.Spread),
			Lines: []string{dv.HandOut(), dv.FirstLine(),
				"Shuffle your deck at the start of every Movement Phase; at each Guard Phase pass it clockwise as the table below shows."},
		}
		for _, dk := range dv.Decks {
			col, err := column("Deck "+dk.Name, fmt.Sprintf("score %d", dk.Value.Score), dk.Cards)
			if err != nil {
				return sh, err
			}
			sd.Decks = append(sd.Decks, col)
		}
		aside, err := column("Set aside", "", dv.Aside)
		if err != nil {
			return sh, err
		}
		sd.Aside = aside
		for _, h := range dv.Holders {
			sd.Holders = append(sd.Holders, h.Name)
			sd.Phases = append(sd.Phases, h.Decks)
		}
		var firsts []string
		for _, f := range dv.FirstByPhase {
			firsts = append(firsts, seatMark(f))
		}
		sd.Holders = append(sd.Holders, "First player")
		sd.Phases = append(sd.Phases, firsts)
		sh.Deals = append(sh.Deals, sd)
	}
	return sh, nil
}
