package generate

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite golden files")

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./generate/ -update to create it")
	require.Equal(t, string(want), got, "output changed: if on purpose, bump CodeVersion or run with -update")
}

// randomCode draws a valid code covering every field's full range.
func randomCode(r *rand.Rand) Code {
	return Code{
		Game:    Games()[r.IntN(len(Games()))],
		Players: 1 + r.IntN(MaxPlayers),
		Variant: uint8(r.IntN(MaxVariant + 1)),
		Seed:    r.Uint64N(MaxSeed + 1),
	}
}

// compact strips the dashes from a canonical code.
func compact(s string) string { return strings.ReplaceAll(s, "-", "") }

var goldenCodes = []Code{
	{GameBlades, 2, 0, 0},
	{GameBlades, 3, 0, 1},
	{GameBlades, 5, 1, 123456789},
	{GameSquad, 4, 0, 42},
	{GameSquad, 2, 3, 987654321012},
	{GameBlind, 3, 0, 7},
	{GameScorpion, 4, 2, 1 << 39},
	{GameKnights, 2, 1, 2024},
	{GameKnights, 6, 63, MaxSeed},
	{GameKnights, 15, 63, MaxSeed},
	{GameBlades, 1, 0, 0},
	{GameBlades, 3, 0, 734219856412}, // the example in the doc comments
}

func TestShareCodeGolden(t *testing.T) {
	var b strings.Builder
	b.WriteString("# game players variant seed -> share code, fingerprint of the code\n")
	for _, c := range goldenCodes {
		s := c.String()
		fmt.Fprintf(&b, "%-8s %2d %2d %13d -> %s %s\n", c.Game, c.Players, c.Variant, c.Seed, s, Fingerprint([]byte(s)))
		got, err := ParseCode(s)
		require.NoError(t, err)
		require.Equal(t, c, got)
	}
	checkGolden(t, "sharecodes.golden", b.String())
}

func TestCodeFormat(t *testing.T) {
	s := Code{GameBlades, 3, 0, 1}.String()
	require.Len(t, s, CodeLength+2)
	require.Regexp(t, `^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$`, s)
	// Version 1 in the top 4 bits makes every version-1 code start with '2'.
	require.Equal(t, byte('2'), s[0])
	// Only QR alphanumeric characters, so QR codes stay small.
	const qrAlnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
	for _, r := range (Code{GameKnights, 15, 63, MaxSeed}).Payload("HTTPS://NINJAKIT.EXAMPLE/C") {
		require.Contains(t, qrAlnum, string(r))
	}
}

func TestCodeRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		c := randomCode(r)
		require.NoError(t, c.Validate())
		s := c.String()
		for _, in := range []string{
			s,
			strings.ToLower(s),
			compact(s),
			" " + strings.ReplaceAll(s, "-", " ") + "\n",
			strings.NewReplacer("1", "l", "0", "O").Replace(s),
			strings.NewReplacer("1", "I", "0", "o").Replace(strings.ToLower(s)),
			c.Payload("https://ninjakit.example/s/"),
			"https://ninjakit.example/?code=" + s,
		} {
			got, err := ParseCode(in)
			require.NoError(t, err, "input %q", in)
			require.Equal(t, c, got, "input %q", in)
		}
	}
}

func TestCodeBoundaries(t *testing.T) {
	for _, c := range []Code{
		{GameBlades, 1, 0, 0},
		{GameKnights, MaxPlayers, MaxVariant, MaxSeed},
		{GameScorpion, 8, 32, 1 << 39},
	} {
		got, err := ParseCode(c.String())
		require.NoError(t, err)
		require.Equal(t, c, got)
	}
}

// Flipping any one character, or swapping two different neighbours, must
// never give another valid code: the CRC guarantees it, this checks it.
func TestCodeDetectsTypos(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		raw := []byte(compact(randomCode(r).String()))
		for i := range raw {
			orig := raw[i]
			for j := 0; j < len(crockford); j++ {
				if crockford[j] == orig {
					continue
				}
				raw[i] = crockford[j]
				_, err := ParseCode(string(raw))
				require.ErrorIs(t, err, ErrCodeCheck, "substitution %q", raw)
			}
			raw[i] = orig
		}
		for i := 0; i+1 < len(raw); i++ {
			if raw[i] == raw[i+1] {
				continue // a swap of equal characters changes nothing
			}
			raw[i], raw[i+1] = raw[i+1], raw[i]
			_, err := ParseCode(string(raw))
			require.ErrorIs(t, err, ErrCodeCheck, "transposition %q", raw)
			raw[i], raw[i+1] = raw[i+1], raw[i]
		}
	}
}

// The check is linear, so a corrupted code passes only if the error pattern
// itself is a valid codeword. No burst of 1..12 bits anywhere in the 70 is.
func TestCRCDetectsAllShortBursts(t *testing.T) {
	const total = payloadBits + checkBits
	for shift := 0; shift < total; shift++ {
		for b := uint64(1); b < 1<<checkBits; b += 2 { // lowest bit of the burst set
			if shift+bitLen(b) > total {
				break
			}
			var hi uint64 // error in the payload bits
			var lo uint16 // error in the check bits
			if shift >= checkBits {
				hi = b << (shift - checkBits)
			} else {
				hi = b >> (checkBits - shift)
				lo = uint16(b<<shift) & (1<<checkBits - 1)
			}
			require.NotEqual(t, lo, crc12(0, hi, payloadBits), "burst %b at bit %d", b, shift)
		}
	}
}

// Backs the claim in the format comment: the code has Hamming distance 4,
// so any 1, 2 or 3 flipped bits, wherever they are, are caught.
func TestCRCDetectsThreeBitErrors(t *testing.T) {
	const total = payloadBits + checkBits
	flip := func(hi uint64, lo uint16, k int) (uint64, uint16) {
		if k < checkBits {
			return hi, lo ^ 1<<k
		}
		return hi ^ 1<<(k-checkBits), lo
	}
	for a := 0; a < total; a++ {
		for b := a; b < total; b++ {
			for c := b; c < total; c++ {
				hi, lo := flip(0, 0, a)
				if b != a {
					hi, lo = flip(hi, lo, b)
				}
				if c != b {
					hi, lo = flip(hi, lo, c)
				}
				require.NotEqual(t, lo, crc12(0, hi, payloadBits), "bits %d %d %d", a, b, c)
			}
		}
	}
}

func bitLen(x uint64) int {
	n := 0
	for ; x != 0; x >>= 1 {
		n++
	}
	return n
}

// The CRC must be the catalogued CRC-12/DECT, so other tools can check codes.
func TestCRC12Catalogue(t *testing.T) {
	var crc uint16
	for _, c := range []byte("123456789") {
		crc = crc12(crc, uint64(c), 8)
	}
	require.Equal(t, uint16(0xF5B), crc)
}

// encodeRaw builds 14 characters for any payload, bypassing Validate, to
// test how ParseCode treats codes this version never writes.
func encodeRaw(payload uint64) string {
	var raw [CodeLength]byte
	encode(&raw, payload)
	return string(raw[:])
}

func TestParseCodeErrors(t *testing.T) {
	valid := Code{GameBlades, 3, 0, 1}.String()
	v1 := uint64(1) << 54
	tests := []struct {
		name, in string
		want     error
		msg      string // exact message; empty when only the sentinel matters
	}{
		{"empty", "", ErrCodeEmpty, `share code "": empty: a code has 14 characters`},
		{"blank", " \t\n", ErrCodeEmpty, ""},
		{"only dashes", "--- -", ErrCodeEmpty, ""},
		{"url without code", "https://ninjakit.example/", ErrCodeEmpty, `share code "https://ninjakit.example/": no code found in the address`},
		{"url host only", "https://ninjakit.example", ErrCodeEmpty, ""},
		{"slashes only", "///", ErrCodeEmpty, ""},
		{"letter U", "2B4K-9X7RU-QM3FD", ErrCodeChar, `share code "2B4K-9X7RU-QM3FD": invalid character 'U' at position 10: codes use digits and letters except U`},
		{"punctuation", "2B4K.9X7RT", ErrCodeChar, ""},
		{"unicode", "2B4K-9X7RT-QM3FÐ", ErrCodeChar, ""},
		{"invalid utf8", "2B4K\xff", ErrCodeChar, ""},
		{"nul", "2B\x00", ErrCodeChar, `share code "2B\x00": invalid character '\x00' at position 3: codes use digits and letters except U`},
		{"too short", "7BKQ-M2XD", ErrCodeLength, `share code "7BKQ-M2XD": too short: a code has 14 characters`},
		{"too long", valid + "0", ErrCodeLength, ""},
		{"too long url", "https://x.example/c/" + valid + "A", ErrCodeLength, ""},
		{"mistyped", "2" + strings.Repeat("0", 13), ErrCodeCheck, `share code "20000000000000": check characters do not match: a character is probably mistyped`},
		{"version 0", encodeRaw(uint64(GameBlades)<<50 | 2<<46), ErrCodeVersion, ""},
		{"version 2", encodeRaw(2<<54 | uint64(GameBlades)<<50 | 2<<46), ErrCodeVersion, ""},
		{"game 0", encodeRaw(v1 | 2<<46), ErrCodeField, ""},
		{"game 9", encodeRaw(v1 | 9<<50 | 2<<46), ErrUnknownGame, ""},
		{"players 0", encodeRaw(v1 | uint64(GameSquad)<<50), ErrCodeField, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseCode(tt.in)
			require.ErrorIs(t, err, tt.want)
			require.Equal(t, Code{}, c)
			if tt.msg != "" {
				require.Equal(t, tt.msg, err.Error())
			}
			requireOneLine(t, err)
		})
	}

	_, err := ParseCode(encodeRaw(2<<54 | uint64(GameBlades)<<50 | 2<<46))
	require.ErrorContains(t, err, "unsupported version 2")
	_, err = ParseCode(encodeRaw(v1 | 9<<50 | 2<<46))
	require.ErrorContains(t, err, "unknown game 9")
	require.ErrorIs(t, err, ErrCodeField)
	_, err = ParseCode(encodeRaw(v1 | uint64(GameSquad)<<50))
	require.ErrorContains(t, err, "players 0 out of range")
	_, err = ParseCode(strings.Repeat("x", 1000))
	require.ErrorContains(t, err, `"...: too long`, "long input is shortened in the message")
}

// requireOneLine checks the message style: one line, lowercase after the
// quoted input, no trailing period.
func requireOneLine(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	require.NotContains(t, msg, "\n")
	require.False(t, strings.HasSuffix(msg, "."), msg)
	require.True(t, strings.HasPrefix(msg, "share code"), msg)
}

func TestParseCodeURLs(t *testing.T) {
	c := Code{GameScorpion, 4, 5, 99}
	s := c.String()
	for _, in := range []string{
		"https://ninjakit.example/" + s,
		"https://ninjakit.example/c/" + s + "/",
		"https://ninjakit.example/c/" + s + "?ref=qr#top",
		"https://ninjakit.example/c/" + strings.ReplaceAll(s, "-", "%20"),
		"ninjakit.example/c/" + strings.ToLower(s),
		"HTTPS://NINJAKIT.EXAMPLE/C/" + s,
		"https://ninjakit.example/open?code=" + s,
		"https://ninjakit.example/open?x=%zz&code=" + compact(s),
		"https://ninjakit.example/other/?code=" + s,
		"/" + s,
	} {
		got, err := ParseCode(in)
		require.NoError(t, err, in)
		require.Equal(t, c, got, in)
	}
	// Typographic dashes from word processors read like '-'.
	got, err := ParseCode(strings.ReplaceAll(s, "-", "\u2013"))
	require.NoError(t, err)
	require.Equal(t, c, got)
}

func TestValidate(t *testing.T) {
	tests := []struct {
		c    Code
		want error
		msg  string
	}{
		{Code{GameBlades, 2, 0, 0}, nil, ""},
		{Code{0, 2, 0, 0}, ErrUnknownGame, "share code: unknown game 0"},
		{Code{6, 2, 0, 0}, ErrCodeField, "share code: unknown game 6"},
		{Code{GameBlades, 0, 0, 0}, ErrCodeField, "share code: players 0 out of range: a code holds 1 to 15 players"},
		{Code{GameBlades, 16, 0, 0}, ErrCodeField, ""},
		{Code{GameBlades, -1, 0, 0}, ErrCodeField, ""},
		{Code{GameBlades, 2, 64, 0}, ErrCodeField, "share code: variant 64 out of range 0 to 63"},
		{Code{GameBlades, 2, 0, MaxSeed + 1}, ErrCodeField, "share code: seed 1099511627776 out of range 0 to 1099511627775"},
	}
	for _, tt := range tests {
		err := tt.c.Validate()
		if tt.want == nil {
			require.NoError(t, err)
			continue
		}
		require.ErrorIs(t, err, tt.want)
		if tt.msg != "" {
			require.Equal(t, tt.msg, err.Error())
		}
		// An invalid code has no canonical form and must not parse.
		s := tt.c.String()
		require.True(t, strings.HasPrefix(s, "%!Code("), s)
		_, err = ParseCode(s)
		require.Error(t, err)
	}
}

func TestPayload(t *testing.T) {
	c := Code{GameSquad, 3, 1, 5}
	s := c.String()
	tests := []struct{ base, want string }{
		{"", s},
		{"https://ninjakit.example", "https://ninjakit.example/" + s},
		{"https://ninjakit.example/c/", "https://ninjakit.example/c/" + s},
		{"https://ninjakit.example//", "https://ninjakit.example/" + s},
	}
	for _, tt := range tests {
		got := c.Payload(tt.base)
		require.Equal(t, tt.want, got)
		back, err := ParseCode(got)
		require.NoError(t, err)
		require.Equal(t, c, back)
	}
}

func TestGameNames(t *testing.T) {
	tests := []struct {
		in   string
		want Game
	}{
		{"blades", GameBlades}, {"Flying-Blades", GameBlades}, {"house of the flying blades", GameBlades},
		{"temple-of-the-flying-blades", GameBlades},
		{"squad", GameSquad}, {"NINJA-SQUAD", GameSquad}, {"ninja_squad", GameSquad},
		{"blind", GameBlind}, {"what-blind-ninjas", GameBlind},
		{"scorpion", GameScorpion}, {" scorpion-clan ", GameScorpion},
		{"knights", GameKnights}, {"knights-and-ninjas", GameKnights}, {"Of Knights and Ninjas", GameKnights},
	}
	for _, tt := range tests {
		g, err := ParseGame(tt.in)
		require.NoError(t, err, tt.in)
		require.Equal(t, tt.want, g, tt.in)
	}
	for _, g := range Games() {
		back, err := ParseGame(g.String())
		require.NoError(t, err)
		require.Equal(t, g, back)
	}
	require.Equal(t, []string{"blades", "squad", "blind", "scorpion", "knights"},
		[]string{GameBlades.String(), GameSquad.String(), GameBlind.String(), GameScorpion.String(), GameKnights.String()})
	require.Equal(t, "game(9)", Game(9).String())

	for _, in := range []string{"", "chess", "blade", "game(9)", "1"} {
		_, err := ParseGame(in)
		require.ErrorIs(t, err, ErrUnknownGame, in)
	}
	_, err := ParseGame("chess")
	require.EqualError(t, err, `unknown game "chess": choose blades, squad, blind, scorpion or knights`)
}

func TestSeeds(t *testing.T) {
	seen := map[uint64]bool{}
	var or uint64
	for range 1000 {
		s := RandomSeed()
		require.LessOrEqual(t, s, MaxSeed)
		seen[s] = true
		or |= s
	}
	require.Greater(t, len(seen), 990, "crypto seeds should practically never repeat")
	require.Equal(t, MaxSeed, or, "every one of the 40 bits should appear")

	good := []struct {
		in   string
		want uint64
	}{{"0", 0}, {"42", 42}, {" 7 ", 7}, {"010", 10}, {"1099511627775", MaxSeed}}
	for _, tt := range good {
		got, err := ParseSeed(tt.in)
		require.NoError(t, err, tt.in)
		require.Equal(t, tt.want, got)
	}
	for _, in := range []string{"", "x", "-1", "+1", "1.5", "0x10", "1_000", "1e6", "1099511627776", "99999999999999999999999"} {
		_, err := ParseSeed(in)
		require.ErrorIs(t, err, ErrSeed, in)
		require.Equal(t, fmt.Sprintf("seed %q: not a whole number from 0 to 1099511627775", in), err.Error())
	}
}

func FuzzParseCode(f *testing.F) {
	for _, c := range goldenCodes {
		f.Add(c.String())
		f.Add(compact(strings.ToLower(c.String())))
		f.Add(c.Payload("https://ninjakit.example/c"))
	}
	for _, s := range []string{
		"", " ", "-", "/", "//", "://", "?code=", "https://x/?code=%zz", "https://x/%zz",
		"7BKQ-M2XD", "2B4K-9X7RU-QM3FD", "IlOo-IlOo-IlOo-Il", "\xff\xfe", "２Ｂ４Ｋ", "2B4K\u20139X7RT",
		strings.Repeat("Z", 14), strings.Repeat("0", 14), "%!Code(players 0)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c, err := ParseCode(in)
		if err != nil {
			require.Equal(t, Code{}, c)
			requireOneLine(t, err)
			known := false
			for _, e := range []error{ErrCodeEmpty, ErrCodeChar, ErrCodeLength, ErrCodeCheck, ErrCodeVersion, ErrCodeField} {
				known = known || errors.Is(err, e)
			}
			require.True(t, known, "error wraps no sentinel: %v", err)
			return
		}
		require.NoError(t, c.Validate())
		back, err := ParseCode(c.String())
		require.NoError(t, err)
		require.Equal(t, c, back)
	})
}

func BenchmarkParseCode(b *testing.B) {
	s := Code{GameKnights, 4, 3, 123456789}.String()
	for b.Loop() {
		if _, err := ParseCode(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCodeString(b *testing.B) {
	c := Code{GameKnights, 4, 3, 123456789}
	for b.Loop() {
		_ = c.String()
	}
}

func TestParsePrivateSeed(t *testing.T) {
	for in, want := range map[string]uint64{"0": 0, " 7 ": 7, "1099511627776": 1 << 40, "18446744073709551615": math.MaxUint64} {
		got, err := ParsePrivateSeed(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got)
	}
	for _, in := range []string{"", "x", "-1", "+1", "0x10", "1_000", "18446744073709551616"} {
		_, err := ParsePrivateSeed(in)
		require.ErrorIs(t, err, ErrSeed, in)
		require.Equal(t, fmt.Sprintf("private seed %q: not a whole number from 0 to 18446744073709551615", in), err.Error())
	}
	_, err := ParseSeed("1099511627776")
	require.Error(t, err, "public seeds keep the 40 bits of a share code")
}
