package blades

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ninjakit/ninjakit/layouts"
)

// Test fixtures: plausible sheets built by hand. The board fills are
// shuffled with a fixed seed; they stand in for what generate produces.

var (
	dojoRed    = Dojo{'R', "Red", [3]int{200, 35, 40}, 0}
	dojoYellow = Dojo{'Y', "Yellow", [3]int{245, 200, 30}, 1}
	dojoBlue   = Dojo{'B', "Blue", [3]int{35, 85, 190}, 2}
	dojoBlack  = Dojo{'K', "Black", [3]int{25, 25, 25}, 3}
	dojoGreen  = Dojo{'G', "Green", [3]int{40, 140, 70}, 4}
)

// fillBoard returns rows (top first) with playCols columns of ninjas next to
// the Buddha side and '#' in the other cols-playCols columns.
func fillBoard(seed uint64, cols, rows, playCols int, buddha string, letters string) []string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var cells []byte
	per := playCols * rows / len(letters)
	for i := 0; i < len(letters); i++ {
		cells = append(cells, []byte(strings.Repeat(letters[i:i+1], per))...)
	}
	for len(cells) < playCols*rows {
		cells = append(cells, ' ')
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	out := make([]string, rows)
	for r := range rows {
		row := cells[r*playCols : (r+1)*playCols]
		pad := strings.Repeat(string(CellOutOfPlay), cols-playCols)
		if buddha == "right" {
			out[r] = pad + string(row)
		} else {
			out[r] = string(row) + pad
		}
	}
	return out
}

// ringSeats gives each seat the next `prey` seats as prey, the previous ones
// as hunters, and (when across) the seat opposite as neutral.
func ringSeats(dojos []Dojo, prey int, across bool) []SeatLine {
	n := len(dojos)
	seats := make([]SeatLine, n)
	for i := range dojos {
		s := SeatLine{Seat: i + 1, Dojo: dojos[i].Letter}
		for k := 1; k <= prey; k++ {
			s.Prey = append(s.Prey, dojos[(i+k)%n].Letter)
			s.Hunters = append(s.Hunters, dojos[(i-k+n)%n].Letter)
		}
		if across {
			s.Neutral = []byte{dojos[(i+n/2)%n].Letter}
		}
		seats[i] = s
	}
	return seats
}

var deck = []CardLine{
	{"Bomb", 5, "Lob a bomb any distance in a line; clear the 3x3 area where it lands."},
	{"Shuriken", 2, "Hit a prey ninja in a straight line across empty cells."},
	{"Double kick", 3, "Attack two prey in a straight line."},
	{"Triple kick", 4, "Attack three prey in a straight line."},
	{"Vanishing", 2, "Teleport one of your ninjas to any empty cell."},
	{"Circle kick", 4, "Eliminate every prey ninja around one of yours."},
	{"Double Dragon", 5, "Two of your ninjas take out an adjacent non-prey ninja."},
}

func hands(seats []SeatLine, cards, limit int) []HandSlip {
	out := make([]HandSlip, len(seats))
	for i, s := range seats {
		h := HandSlip{Seat: s.Seat, Dojo: s.Dojo, Limit: limit}
		for c := range cards {
			d := deck[(i*3+c)%len(deck)]
			h.Cards = append(h.Cards, CardLine{Name: d.Name, Price: d.Price})
		}
		out[i] = h
	}
	return out
}

func houseSheet(players int, paper layouts.Paper) Sheet {
	dojos := []Dojo{dojoRed, dojoYellow, dojoBlue}
	seats := ringSeats(dojos, 1, false)
	sub := "3 players – hidden hands"
	if players == 2 {
		seats = []SeatLine{
			{Seat: 1, Dojo: 'R', Prey: []byte{'B'}},
			{Seat: 2, Dojo: 'Y', Prey: []byte{'B'}},
		}
		sub = "2 players – open hands"
	}
	s := Sheet{
		Paper:       paper,
		Title:       "The House of the Flying Blades",
		Subtitle:    sub,
		Board:       fillBoard(7, 9, 9, 9, "", "RYB"),
		ColLabels:   "abcdefghi",
		Dojos:       dojos,
		Seats:       seats,
		FirstSeat:   2,
		ShareCode:   "7BKQ-M2XD-93HT4",
		Fingerprint: "crane-lantern-maple",
		QRPayload:   "7BKQ-M2XD-93HT4",
		Legend:      deck,
		Notes: []string{
			"Take one ninja of your colour and put it in front of you so everyone sees which dojo you play.",
			"Place the ninjas as shown, one per cell, at the Bōdogēmu dojo.",
			"Keep cards whose prices total at most 10; set the rest aside face down.",
		},
	}
	if players == 2 {
		s.OpenHands = hands(seats, 16, 10)
		s.Notes[0] = "Blue is on the board but has no player: it is both players' prey."
	} else {
		s.Slips = hands(seats, 10, 10)
	}
	return s
}

func templeSheet(players int, paper layouts.Paper) Sheet {
	all := []Dojo{dojoRed, dojoYellow, dojoBlue, dojoBlack, dojoGreen}
	dojos := all[:players]
	letters := ""
	for _, d := range dojos {
		letters += string(d.Letter)
	}
	s := Sheet{
		Paper:       paper,
		Title:       "The Temple of the Flying Blades",
		Subtitle:    fmt.Sprintf("%d players – hidden hands", players),
		ColLabels:   "abcdefghijklmno",
		Buddha:      "left",
		Dojos:       dojos,
		FirstSeat:   1,
		ShareCode:   "9XQ2-TT4K-0PLM7",
		Fingerprint: "heron-bamboo-ember",
		QRPayload:   "https://example.org/s/9XQ2-TT4K-0PLM7",
		Legend:      deck,
		Notes: []string{
			"Place the ninjas as shown, one per cell, at the Nesutāgēmu temple.",
			"Keep cards whose prices total at most 10; set the rest aside face down.",
		},
	}
	if players == 4 {
		s.Board = fillBoard(11, 15, 9, 12, "left", letters)
		s.Seats = ringSeats(dojos, 1, true)
		s.Notes = append(s.Notes, "Columns m to o are out of play: nobody may enter them.")
	} else {
		s.Board = fillBoard(11, 15, 9, 15, "left", letters)
		s.Seats = ringSeats(dojos, 2, false)
		s.Buddha = "right"
	}
	s.Slips = hands(s.Seats, 32/players, 10)
	return s
}
