// Package commit seals a side's secret Scorpion Clan set-up when the side
// is ready and checks it at the end: a salted SHA-256 of the set-up's
// canonical text, short enough to write down (80 bits, in five groups of
// four hex digits) and shown as a terminal QR code. It knows nothing of the
// game beyond the two side letters, so a commitment can be verified on any
// machine, without the session.
package commit

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mdp/qrterminal/v3"
)

// SaltLen is the salt's size in bytes: 128 random bits, so nobody can try
// every set-up against a commitment.
const SaltLen = 16

// Short-form size: 20 hex digits (80 bits), in groups of four.
const (
	shortDigits = 20
	fullDigits  = 2 * sha256.Size
)

// Sides are the two letters a commitment starts with.
const (
	Guards    = 'G'
	Intruders = 'I'
)

// SideName is the side a letter stands for, in table words.
func SideName(side byte) string {
	if side == Guards {
		return "guards"
	}
	return "intruders"
}

// Salt is the random part mixed into a commitment.
type Salt [SaltLen]byte

// NewSalt draws a salt from the operating system's CSPRNG.
func NewSalt() Salt {
	var s Salt
	_, _ = rand.Read(s[:]) // never fails on supported platforms (Go 1.24+ crashes instead)
	return s
}

func (s Salt) String() string { return hex.EncodeToString(s[:]) }

// ParseSalt reads a salt written as 32 hex digits.
func ParseSalt(text string) (Salt, error) {
	var s Salt
	text = strings.TrimSpace(text)
	if len(text) != 2*SaltLen {
		return s, fmt.Errorf("the salt has %d characters; it is %d hex digits", len(text), 2*SaltLen)
	}
	if _, err := hex.Decode(s[:], []byte(text)); err != nil {
		return s, fmt.Errorf("the salt is not hex: %s", badHex(text))
	}
	return s, nil
}

// Commitment is a side's sealed set-up.
type Commitment struct {
	Side byte
	Sum  [sha256.Size]byte
}

// Seal commits to placements, a side's canonical set-up text:
// sha256(salt || placements), the text taken with each run of white space
// as one space, as a reveal pasted on a command line reads.
func Seal(side byte, salt Salt, placements string) Commitment {
	h := sha256.New()
	h.Write(salt[:])
	h.Write([]byte(strings.Join(strings.Fields(placements), " ")))
	c := Commitment{Side: side}
	copy(c.Sum[:], h.Sum(nil))
	return c
}

// Short is the form to write down, as G-3F2A-91BC-77D0-E41A-0C5B: only
// QR-alphanumeric characters, so the QR code stays small.
func (c Commitment) Short() string {
	digits := strings.ToUpper(hex.EncodeToString(c.Sum[:]))[:shortDigits]
	groups := []string{string(c.Side)}
	for i := 0; i < shortDigits; i += 4 {
		groups = append(groups, digits[i:i+4])
	}
	return strings.Join(groups, "-")
}

// Full is the whole hash after the side letter, as G-<64 hex digits>.
func (c Commitment) Full() string {
	return string(c.Side) + "-" + hex.EncodeToString(c.Sum[:])
}

// parsed is a commitment as written: the side and the hex digits given,
// 20 (the short form) or 64 (the full one).
type parsed struct {
	side   byte
	digits string
}

// parse reads a commitment in the short or the full form, in any case,
// with dashes or spaces anywhere after the side letter.
func parse(text string) (parsed, error) {
	text = strings.ToUpper(strings.TrimSpace(text))
	if text == "" {
		return parsed{}, errors.New("the commitment is empty")
	}
	p := parsed{side: text[0]}
	if p.side != Guards && p.side != Intruders {
		return p, fmt.Errorf("the commitment starts with %q: it starts with G (guards) or I (intruders)", text[:1])
	}
	p.digits = strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(text[1:]))
	if _, err := hex.DecodeString(p.digits + strings.Repeat("0", len(p.digits)%2)); err != nil {
		return p, fmt.Errorf("the commitment is not hex after its side letter: %s", badHex(p.digits))
	}
	if n := len(p.digits); n != shortDigits && n != fullDigits {
		return p, fmt.Errorf("the commitment has %d hex digits: the short form has %d, the full one %d (is it cut short?)", n, shortDigits, fullDigits)
	}
	return p, nil
}

// badHex names the first character of text that is not a hex digit.
func badHex(text string) string {
	for i, r := range text {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return fmt.Sprintf("%q at position %d", string(r), i+1)
		}
	}
	return "odd length"
}

// Reveal is what a side shows at the end: its side, salt and canonical
// set-up text.
type Reveal struct {
	Side       byte
	Salt       Salt
	Placements string
}

// String is the reveal as one line: side letter, salt, then the text, as
// "G 0f1e...9a sleep ...". The placements are one line of words, so the
// whole reveal can be typed after verify without quotes.
func (r Reveal) String() string {
	return fmt.Sprintf("%c %s %s", r.Side, r.Salt, r.Placements)
}

// ParseReveal reads a reveal as String writes it; runs of spaces (as a
// shell leaves them when the line is pasted unquoted) read as one.
func ParseReveal(text string) (Reveal, error) {
	words := strings.Fields(text)
	var r Reveal
	if len(words) == 0 {
		return r, errors.New("the reveal is empty: give the line reveal printed")
	}
	side := strings.ToUpper(words[0])
	if side != string(rune(Guards)) && side != string(rune(Intruders)) {
		return r, fmt.Errorf("the reveal starts with %q: it starts with G (guards) or I (intruders)", words[0])
	}
	r.Side = side[0]
	if len(words) < 2 {
		return r, errors.New("the reveal has no salt after its side letter")
	}
	var err error
	if r.Salt, err = ParseSalt(words[1]); err != nil {
		return r, err
	}
	if len(words) < 3 {
		return r, errors.New("the reveal has no placements after its salt")
	}
	r.Placements = strings.Join(words[2:], " ")
	return r, nil
}

// Mismatch is a reveal that does not open a commitment. Part names what
// fails: "commitment", "reveal", "side" or "placements".
type Mismatch struct {
	Part   string
	Reason string
}

func (m *Mismatch) Error() string { return m.Reason }

// Verify checks that reveal opens commitment; nil when it does. Each failure
// names its part: a commitment that is malformed or cut short, a reveal
// that is, a reveal of the other side, or placements (or a salt) other than
// the ones sealed. A hash cannot tell which placement differs, only that
// the text, or the salt, is not what was sealed.
func Verify(commitment, reveal string) error {
	p, err := parse(commitment)
	if err != nil {
		return &Mismatch{"commitment", err.Error()}
	}
	r, err := ParseReveal(reveal)
	if err != nil {
		return &Mismatch{"reveal", err.Error()}
	}
	if r.Side != p.side {
		return &Mismatch{"side", fmt.Sprintf("the commitment is the %s', the reveal the %s'", SideName(p.side), SideName(r.Side))}
	}
	c := Seal(r.Side, r.Salt, r.Placements)
	sum := hex.EncodeToString(c.Sum[:])
	if sum[:len(p.digits)] != p.digits {
		return &Mismatch{"placements", "the placements and salt revealed are not the ones sealed: one of them was changed"}
	}
	return nil
}

// QR writes text as a QR code of half blocks (two modules a character, so
// a short commitment takes some 15 lines), light on the terminal's dark
// background, with a quiet zone.
func QR(w io.Writer, text string) {
	qrterminal.GenerateWithConfig(text, qrterminal.Config{
		Level:          qrterminal.M,
		Writer:         w,
		HalfBlocks:     true,
		BlackChar:      qrterminal.BLACK_BLACK,
		WhiteBlackChar: qrterminal.WHITE_BLACK,
		WhiteChar:      qrterminal.WHITE_WHITE,
		BlackWhiteChar: qrterminal.BLACK_WHITE,
		QuietZone:      2,
	})
}
