package cmd

import "testing"

func BenchmarkZZStatus(b *testing.B) {
	g := longGames[3]
	buildLong(b, g, 3000)
	for b.Loop() {
		code, _, stderr := ninjakit(b, "", "companion", "blind", "status", "--json", "--as", "ann")
		if code != 0 {
			b.Fatal(stderr)
		}
	}
}
