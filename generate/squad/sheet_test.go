package squad

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/ninjakit/ninjakit/generate"
	"github.com/ninjakit/ninjakit/layouts"
	squadpdf "github.com/ninjakit/ninjakit/layouts/squad"
	"github.com/stretchr/testify/require"
)

// scanQR paints the QR modules the sheet draws and reads them back.
func scanQR(t *testing.T, payload string) string {
	t.Helper()
	const size, px = 34.0, 12.0
	rects, err := layouts.QRModules(payload, 0, 0, size)
	require.NoError(t, err)
	n := int(size * px)
	img := image.NewGray(image.Rect(0, 0, n, n))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for _, r := range rects {
		for y := int(math.Round(r.Y * px)); y < int(math.Round(r.Bottom()*px)); y++ {
			for x := int(math.Round(r.X * px)); x < int(math.Round(r.Right()*px)); x++ {
				img.SetGray(x, y, color.Gray{})
			}
		}
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	require.NoError(t, err)
	res, err := gozxingqr.NewQRCodeReader().Decode(bmp, nil)
	require.NoError(t, err)
	return res.GetText()
}

func TestSheetQRRebuildsTheSplit(t *testing.T) {
	for _, o := range []Options{{Players: 2, Seed: 5, Mode: ModeFull, Balanced: true}, {Players: 4, Seed: generate.MaxSeed, Mode: ModeEscape}} {
		s, err := Generate(testData, o)
		require.NoError(t, err)
		for _, base := range []string{"", "https://example.org/squad"} {
			sh, err := s.View(base).Sheet(testData, layouts.PaperA4)
			require.NoError(t, err)
			c, err := generate.ParseCode(scanQR(t, sh.QRPayload))
			require.NoError(t, err)
			back, err := FromCode(testData, c)
			require.NoError(t, err)
			require.Equal(t, s, back)
		}
	}
}

func TestSheetRendersOnEveryPaper(t *testing.T) {
	s, err := Generate(testData, Options{Players: 3, Seed: 77, Mode: ModeFull})
	require.NoError(t, err)
	for _, p := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		sh, err := s.View("").Sheet(testData, p)
		require.NoError(t, err)
		require.Len(t, sh.Deals, 2)
		require.Len(t, sh.Deals[0].Decks, 4)
		require.Len(t, sh.Deals[0].Aside.Cards, 12)
		var buf bytes.Buffer
		require.NoError(t, squadpdf.RenderSplitSheet(&buf, sh), p.Name)
		require.True(t, bytes.HasPrefix(buf.Bytes(), []byte("%PDF")))
	}
}
