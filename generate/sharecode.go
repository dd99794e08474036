// Package generate turns seeds into game setups and carries the public
// identity of a setup: share codes that reproduce it and word fingerprints
// that let players at the table confirm they hold the same one.
package generate

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Game identifies one of the supported games. The numbers are part of the
// share code format and must never be renumbered.
type Game uint8

const (
	GameBlades   Game = 1 // House / Temple of the Flying Blades
	GameSquad    Game = 2 // Ninja Squad
	GameBlind    Game = 3 // What Blind Ninjas?
	GameScorpion Game = 4 // Ninja: Legend of the Scorpion Clan
	GameKnights  Game = 5 // Of Knights and Ninjas
)

// gameNames holds the short name first, then the long aliases ParseGame accepts.
var gameNames = [...][]string{
	GameBlades:   {"blades", "flying-blades", "house-of-the-flying-blades", "temple-of-the-flying-blades"},
	GameSquad:    {"squad", "ninja-squad"},
	GameBlind:    {"blind", "what-blind-ninjas"},
	GameScorpion: {"scorpion", "scorpion-clan"},
	GameKnights:  {"knights", "knights-and-ninjas", "of-knights-and-ninjas"},
}

// Games lists every known game in share-code order.
func Games() []Game {
	return []Game{GameBlades, GameSquad, GameBlind, GameScorpion, GameKnights}
}

func (g Game) valid() bool { return g >= GameBlades && g <= GameKnights }

// String returns the short name used on the command line ("blades").
func (g Game) String() string {
	if !g.valid() {
		return fmt.Sprintf("game(%d)", uint8(g))
	}
	return gameNames[g][0]
}

// ErrUnknownGame is wrapped by ParseGame and by share code errors for a game
// number this version does not know.
var ErrUnknownGame = errors.New("unknown game")

// ParseGame reads a short name or a long alias, ignoring case; spaces and
// underscores count as dashes so "Ninja Squad" works when typed by hand.
func ParseGame(s string) (Game, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	key = strings.NewReplacer(" ", "-", "_", "-").Replace(key)
	for _, g := range Games() {
		for _, name := range gameNames[g] {
			if key == name {
				return g, nil
			}
		}
	}
	return 0, fmt.Errorf("%w %s: choose blades, squad, blind, scorpion or knights", ErrUnknownGame, quote(s))
}

// Share code format, version 1.
//
// A code is a 70-bit number written as 14 Crockford base32 characters,
// most significant first, grouped 4-5-5 for reading: "24R2-NF5TF-A3H5W".
//
//	bits  69..66  version   4 bits  (1)
//	      65..62  game      4 bits  (1..5)
//	      61..58  players   4 bits  (1..15)
//	      57..52  variant   6 bits  (game-specific option bits)
//	      51..12  seed     40 bits
//	      11..0   check    12 bits  CRC-12 of bits 69..12
//
// The version sits in the top bits so that every future format can be told
// apart from its first character; with version 1 every code starts with '2'.
//
// The check is CRC-12/DECT (polynomial x^12+x^11+x^3+x^2+x+1 = 0x80F, init 0,
// no reflection, no final xor). Its constant term is 1, so it detects every
// error burst of up to 12 bits. A mistyped character changes one 5-bit
// aligned group and swapping two neighbours changes at most 10 consecutive
// bits, so both are always caught. The polynomial also has the factor (x+1),
// so every odd number of flipped bits is caught too, and any 3 flipped bits
// within the 70 are caught (Hamming distance 4 at this length).
const (
	// CodeVersion is the share code format this package writes.
	CodeVersion = 1
	// MaxSeed is the largest seed a share code can carry (40 bits).
	MaxSeed uint64 = 1<<40 - 1
	// MaxPlayers is the largest player count a share code can carry.
	MaxPlayers = 15
	// MaxVariant is the largest variant (option bits) a share code can carry.
	MaxVariant = 63
	// CodeLength is the number of characters in a share code, without dashes.
	CodeLength = 14

	payloadBits = 58
	checkBits   = 12
	crcPoly     = 0x80F
)

// groups is how String splits the 14 characters for reading aloud.
var groups = [...]int{4, 5, 5}

// crockford is the Crockford base32 alphabet: digits and capitals without
// I, L, O and U, all of them QR alphanumeric characters.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// decodeTable maps a byte to its 5-bit value, or 0xFF when it is not a code
// character. I and L read as 1 and O as 0, because people mistake them.
var decodeTable = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for i := 0; i < len(crockford); i++ {
		t[crockford[i]] = byte(i)
		t[unicode.ToLower(rune(crockford[i]))] = byte(i)
	}
	for _, c := range "IiLl" {
		t[c] = 1
	}
	t['O'], t['o'] = 0, 0
	return t
}()

// Code is the public identity of a generated setup. It never holds hidden
// information: secret hands and placements come from a separate private seed.
type Code struct {
	Game    Game
	Players int    // 1..15
	Variant uint8  // game-specific option bits, 0..63
	Seed    uint64 // 0..MaxSeed
}

// Sentinel errors for share codes, for use with errors.Is.
var (
	ErrCodeEmpty   = errors.New("empty share code")
	ErrCodeChar    = errors.New("invalid character in share code")
	ErrCodeLength  = errors.New("wrong share code length")
	ErrCodeCheck   = errors.New("share code check failed")
	ErrCodeVersion = errors.New("unsupported share code version")
	// ErrCodeField is wrapped when the fields are out of range: an unknown
	// game (which also wraps ErrUnknownGame), players, variant or seed.
	ErrCodeField = errors.New("invalid share code field")
)

// codeError carries a complete one-line message and the sentinels it wraps,
// so messages read naturally instead of "sentinel: detail" chains.
type codeError struct {
	msg  string
	errs []error
}

func (e *codeError) Error() string   { return e.msg }
func (e *codeError) Unwrap() []error { return e.errs }

func newCodeError(input, detail string, errs ...error) error {
	return &codeError{msg: "share code " + quote(input) + ": " + detail, errs: errs}
}

// fieldError explains why c is out of range, without any message prefix.
func (c Code) fieldError() *codeError {
	switch {
	case !c.Game.valid():
		return &codeError{fmt.Sprintf("unknown game %d", uint8(c.Game)), []error{ErrCodeField, ErrUnknownGame}}
	case c.Players < 1 || c.Players > MaxPlayers:
		return &codeError{fmt.Sprintf("players %d out of range: a code holds 1 to %d players", c.Players, MaxPlayers), []error{ErrCodeField}}
	case c.Variant > MaxVariant:
		return &codeError{fmt.Sprintf("variant %d out of range 0 to %d", c.Variant, MaxVariant), []error{ErrCodeField}}
	case c.Seed > MaxSeed:
		return &codeError{fmt.Sprintf("seed %d out of range 0 to %d", c.Seed, MaxSeed), []error{ErrCodeField}}
	}
	return nil
}

// Validate reports whether every field fits the share code format. Whether
// a player count suits the game is for the game's generator to decide.
func (c Code) Validate() error {
	if e := c.fieldError(); e != nil {
		return &codeError{"share code: " + e.msg, e.errs}
	}
	return nil
}

// payload packs the fields into the 58 data bits.
func (c Code) payload() uint64 {
	return uint64(CodeVersion)<<54 | uint64(c.Game)<<50 | uint64(c.Players)<<46 | uint64(c.Variant)<<40 | c.Seed
}

// crc12 feeds the low n bits of data, most significant first, into a
// CRC-12/DECT register. Bit by bit is plenty for 58 bits and easy to check.
func crc12(crc uint16, data uint64, n int) uint16 {
	for i := n - 1; i >= 0; i-- {
		top := (crc >> (checkBits - 1)) & 1
		crc = (crc << 1) & (1<<checkBits - 1)
		if top^uint16(data>>uint(i)&1) == 1 {
			crc ^= crcPoly
		}
	}
	return crc
}

// String returns the canonical code, e.g. "24R2-NF5TF-A3H5W". An invalid Code
// has no canonical form; it prints as "%!Code(reason)", which ParseCode
// rejects, rather than as a code for some other setup.
func (c Code) String() string {
	if e := c.fieldError(); e != nil {
		return "%!Code(" + e.msg + ")"
	}
	var raw [CodeLength]byte
	encode(&raw, c.payload())
	var b strings.Builder
	b.Grow(CodeLength + len(groups) - 1)
	i := 0
	for g, n := range groups {
		if g > 0 {
			b.WriteByte('-')
		}
		b.Write(raw[i : i+n])
		i += n
	}
	return b.String()
}

// encode writes payload and its check as 14 base32 characters.
func encode(dst *[CodeLength]byte, payload uint64) {
	check := crc12(0, payload, payloadBits)
	// 70 bits do not fit a uint64: take the first 60 bits (12 characters)
	// from the payload and the top 2 check bits, the last 10 from the check.
	hi := payload<<2 | uint64(check>>10)
	for i := 0; i < 12; i++ {
		dst[i] = crockford[hi>>(55-5*uint(i))&31]
	}
	dst[12] = crockford[check>>5&31]
	dst[13] = crockford[check&31]
}

// Payload is what a QR code carries: the bare code, or the code appended to
// baseURL so phones open a page for it. ParseCode reads both forms.
func (c Code) Payload(baseURL string) string {
	base := strings.TrimRight(strings.TrimSpace(baseURL), "/")
	if base == "" {
		return c.String()
	}
	return base + "/" + c.String()
}

// ParseCode reads a share code as people type, paste or scan it: any case,
// with or without spaces and dashes (typographic dashes too), I and L for 1,
// O for 0, or inside a URL as the last path segment or a code= parameter.
// Errors wrap one of the ErrCode sentinels and say what to fix.
func ParseCode(s string) (Code, error) {
	text := strings.TrimSpace(s)
	if text == "" {
		return Code{}, newCodeError(s, fmt.Sprintf("empty: a code has %d characters", CodeLength), ErrCodeEmpty)
	}
	if strings.Contains(text, "/") {
		code, ok := codeFromURL(text)
		if !ok {
			return Code{}, newCodeError(text, "no code found in the address", ErrCodeEmpty)
		}
		text = code
	}

	var vals [CodeLength]byte
	n, pos := 0, 0
	for _, r := range text {
		pos++
		if isSeparator(r) {
			continue
		}
		v := byte(0xFF)
		if r < utf8.RuneSelf {
			v = decodeTable[r]
		}
		if v == 0xFF {
			return Code{}, newCodeError(text, fmt.Sprintf("invalid character %q at position %d: codes use digits and letters except U", r, pos), ErrCodeChar)
		}
		if n < CodeLength {
			vals[n] = v
		}
		n++
	}
	switch {
	case n == 0:
		return Code{}, newCodeError(text, fmt.Sprintf("empty: a code has %d characters", CodeLength), ErrCodeEmpty)
	case n < CodeLength:
		return Code{}, newCodeError(text, fmt.Sprintf("too short: a code has %d characters", CodeLength), ErrCodeLength)
	case n > CodeLength:
		return Code{}, newCodeError(text, fmt.Sprintf("too long: a code has %d characters", CodeLength), ErrCodeLength)
	}

	var hi uint64 // first 60 bits: payload and the top 2 check bits
	for _, v := range vals[:12] {
		hi = hi<<5 | uint64(v)
	}
	payload := hi >> 2
	check := uint16(hi&3)<<10 | uint16(vals[12])<<5 | uint16(vals[13])
	if crc12(0, payload, payloadBits) != check {
		return Code{}, newCodeError(text, "check characters do not match: a character is probably mistyped", ErrCodeCheck)
	}
	// The check comes first: a typo in the first character must read as a
	// typo, not as a code from another version.
	if v := payload >> 54; v != CodeVersion {
		detail := fmt.Sprintf("unsupported version %d: this ninjakit reads version %d codes", v, CodeVersion)
		if v > CodeVersion {
			detail += ", a newer ninjakit made it"
		}
		return Code{}, newCodeError(text, detail, ErrCodeVersion)
	}
	c := Code{
		Game:    Game(payload >> 50 & 15),
		Players: int(payload >> 46 & 15),
		Variant: uint8(payload >> 40 & 63),
		Seed:    payload & MaxSeed,
	}
	if e := c.fieldError(); e != nil {
		return Code{}, &codeError{"share code " + quote(text) + ": " + e.msg, e.errs}
	}
	return c, nil
}

// isSeparator reports characters people put between groups: whitespace,
// dashes, and the typographic dashes word processors substitute for '-'.
func isSeparator(r rune) bool {
	switch r {
	case '-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212':
		return true
	}
	return unicode.IsSpace(r)
}

// codeFromURL finds the code in an address: a code= query parameter wins,
// otherwise the last non-empty path segment. The host never counts, so
// "https://example.com/" reports a missing code rather than a bad one.
func codeFromURL(s string) (string, bool) {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		// ParseQuery keeps every well-formed pair even when it reports an error.
		q, _ := url.ParseQuery(s[i+1:])
		s = s[:i]
		for _, v := range q["code"] {
			if strings.TrimSpace(v) != "" {
				return v, true
			}
		}
	}
	if i := strings.Index(s, "://"); i >= 0 {
		rest := s[i+3:]
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			return "", false
		}
		s = rest[j:]
	}
	segs := strings.Split(s, "/")
	for i := len(segs) - 1; i >= 0; i-- {
		seg := segs[i]
		if u, err := url.PathUnescape(seg); err == nil {
			seg = u
		}
		if strings.TrimSpace(seg) != "" {
			return seg, true
		}
	}
	return "", false
}

// quote shows user input in a message on one line, shortened so a pasted
// paragraph cannot flood the terminal.
func quote(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		return fmt.Sprintf("%q...", string(r[:max]))
	}
	return fmt.Sprintf("%q", s)
}

// ErrSeed is wrapped by ParseSeed.
var ErrSeed = errors.New("invalid seed")

// RandomSeed returns a fresh seed from crypto/rand, so setups cannot be
// predicted from the time or from earlier setups.
func RandomSeed() uint64 {
	var b [8]byte
	// Since Go 1.24 crypto/rand.Read never returns an error: it crashes the
	// program instead of handing out weak randomness.
	_, _ = rand.Read(b[:])
	return binary.BigEndian.Uint64(b[:]) & MaxSeed
}

// ParseSeed reads a public seed typed by a user: a decimal number from 0 to
// MaxSeed, as a share code carries it.
func ParseSeed(s string) (uint64, error) { return parseSeed("seed", s, MaxSeed) }

// ParsePrivateSeed reads a private seed typed by a user: a decimal number
// over the whole 64-bit range. Private seeds never go into a share code, and
// sessions draw them from all 64 bits, so an exported game replays exactly.
func ParsePrivateSeed(s string) (uint64, error) {
	return parseSeed("private seed", s, math.MaxUint64)
}

func parseSeed(what, s string, max uint64) (uint64, error) {
	// Base 10 only: no signs, prefixes or underscores, so "010" means ten.
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil || n > max {
		return 0, &codeError{fmt.Sprintf("%s %s: not a whole number from 0 to %d", what, quote(s), max), []error{ErrSeed}}
	}
	return n, nil
}

// RandomPrivateSeed returns a fresh private seed over all 64 bits.
func RandomPrivateSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.BigEndian.Uint64(b[:])
}
