package commit

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/stretchr/testify/require"
)

var salt = Salt{0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78, 0x87, 0x96, 0xa5, 0xb4, 0xc3, 0xd2, 0xe1, 0xf0}

const placements = "sleep YA1 YA1 YA9 YA14 YA14 YA20 YA20 YA9 hide CA1=A CA3=B CA5=C CB1=D CB4=E CB6=F CA2=trap CB2=trap CA7=sentry CB8=sentry hand kenjutsu:4 sentry-search:4"

func sealed() (Commitment, Reveal) {
	return Seal(Guards, salt, placements), Reveal{Side: Guards, Salt: salt, Placements: placements}
}

func TestShortForm(t *testing.T) {
	c, _ := sealed()
	s := c.Short()
	require.Regexp(t, `^G(-[0-9A-F]{4}){5}$`, s)
	require.True(t, strings.HasPrefix(c.Full()[2:], strings.ToLower(strings.ReplaceAll(s[2:], "-", ""))))
	require.Len(t, c.Full(), 2+64)
}

func TestVerifyMatches(t *testing.T) {
	c, r := sealed()
	for _, form := range []string{c.Short(), c.Full(), strings.ToLower(c.Short()), strings.ReplaceAll(c.Short(), "-", " "), " " + c.Short() + " "} {
		require.NoError(t, Verify(form, r.String()), form)
	}
	// A reveal pasted unquoted reaches verify with its spaces squeezed.
	require.NoError(t, Verify(c.Short(), strings.ReplaceAll(r.String(), " ", "   ")))
	require.NoError(t, Verify(Seal(Guards, salt, "a  b\tc").Short(), "G "+salt.String()+" a b c"))
}

func part(t *testing.T, err error) string {
	t.Helper()
	var m *Mismatch
	require.True(t, errors.As(err, &m), "%v", err)
	return m.Part
}

// Every word of the placements, and every digit of the salt, is sealed.
func TestVerifyFailsOnAlteredPlacements(t *testing.T) {
	c, r := sealed()
	words := strings.Fields(r.Placements)
	for i := range words {
		alt := append([]string(nil), words...)
		alt[i] += "x"
		bad := r
		bad.Placements = strings.Join(alt, " ")
		require.Equal(t, "placements", part(t, Verify(c.Short(), bad.String())), "word %d", i)
		// Swapping two words changes the text as well.
		if i > 0 && words[i] != words[i-1] {
			alt = append([]string(nil), words...)
			alt[i], alt[i-1] = alt[i-1], alt[i]
			bad.Placements = strings.Join(alt, " ")
			require.Equal(t, "placements", part(t, Verify(c.Full(), bad.String())))
		}
	}
	bad := r
	bad.Placements = strings.TrimSuffix(r.Placements, " sentry-search:4")
	require.Equal(t, "placements", part(t, Verify(c.Short(), bad.String())))
}

func TestVerifyFailsOnAlteredSalt(t *testing.T) {
	c, r := sealed()
	for i := range SaltLen {
		bad := r
		bad.Salt[i] ^= 1
		require.Equal(t, "placements", part(t, Verify(c.Short(), bad.String())), "byte %d", i)
	}
	line := r.String()
	for _, tc := range []struct{ name, reveal string }{
		{"short salt", strings.Replace(line, salt.String(), salt.String()[:30], 1)},
		{"not hex", strings.Replace(line, salt.String(), "zz"+salt.String()[2:], 1)},
		{"no salt", "G"},
		{"no placements", "G " + salt.String()},
		{"empty", "  "},
		{"bad side", "X " + salt.String() + " sleep"},
	} {
		require.Equal(t, "reveal", part(t, Verify(c.Short(), tc.reveal)), tc.name)
	}
}

func TestVerifyFailsOnBadCommitment(t *testing.T) {
	c, r := sealed()
	short := c.Short()
	for _, tc := range []struct{ name, commitment, says string }{
		{"truncated", short[:len(short)-5], "16 hex digits"},
		{"one digit short", short[:len(short)-1], "19 hex digits"},
		{"too long", short + "A", "21 hex digits"},
		{"not hex", strings.Replace(short, short[2:3], "Z", 1), `"z" at position 1`},
		{"no side", short[2:], "starts with G (guards) or I"},
		{"empty", "", "empty"},
	} {
		err := Verify(tc.commitment, r.String())
		require.Equal(t, "commitment", part(t, err), tc.name)
		require.Contains(t, err.Error(), tc.says, tc.name)
	}
	// One changed digit is a commitment to something else.
	flip := []byte(short)
	flip[len(flip)-1] ^= 1
	require.Equal(t, "placements", part(t, Verify(string(flip), r.String())))
	// The intruders' commitment does not open with the guards' reveal.
	ic := Seal(Intruders, salt, placements)
	require.Equal(t, "side", part(t, Verify(ic.Short(), r.String())))
}

// qrModules reads the half-block QR back into modules: a space is two dark
// modules, a full block two light ones, the half blocks one of each.
func qrModules(t *testing.T, text string) *image.Gray {
	t.Helper()
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	width := 0
	for _, l := range lines {
		width = max(width, len([]rune(l)))
	}
	const px = 8
	img := image.NewGray(image.Rect(0, 0, (width+8)*px, (2*len(lines)+8)*px))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	paint := func(x, y int, dark bool) {
		if !dark {
			return
		}
		for dy := range px {
			for dx := range px {
				img.SetGray((x+4)*px+dx, (y+4)*px+dy, color.Gray{0})
			}
		}
	}
	dark := map[rune][2]bool{' ': {true, true}, '▀': {false, true}, '▄': {true, false}, '█': {false, false}}
	for y, l := range lines {
		// A code of an odd number of module rows ends on a line of upper
		// halves: its lower halves are the terminal's background below
		// the code, not modules.
		pad := y == len(lines)-1 && strings.Trim(l, "▀") == ""
		for x, r := range []rune(l) {
			paint(x, 2*y, dark[r][0])
			paint(x, 2*y+1, dark[r][1] && !pad)
		}
	}
	return img
}

func TestQRDecodes(t *testing.T) {
	c, _ := sealed()
	for _, text := range []string{c.Short(), Seal(Intruders, NewSalt(), "start OL3").Short()} {
		var b bytes.Buffer
		QR(&b, text)
		lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
		require.LessOrEqual(t, len(lines), 16, "a short commitment's QR fits a screen")
		for _, l := range lines {
			require.LessOrEqual(t, len([]rune(l)), 40)
		}
		bmp, err := gozxing.NewBinaryBitmapFromImage(qrModules(t, b.String()))
		require.NoError(t, err)
		// The image is the modules exactly, so it is read as a pure code:
		// the finder-pattern detector misjudged the size of about one
		// random commitment's code in a hundred (19 or 23 modules for 21).
		res, err := gozxingqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true})
		require.NoError(t, err)
		require.Equal(t, text, res.GetText())
	}
}

func TestSaltsDiffer(t *testing.T) {
	require.NotEqual(t, NewSalt(), NewSalt())
	s, err := ParseSalt(salt.String())
	require.NoError(t, err)
	require.Equal(t, salt, s)
}
