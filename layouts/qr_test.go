package layouts

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/stretchr/testify/require"
)

// rasterize paints rects (mm, relative to a size x size square at origin)
// into a white image at pxPerMM.
func rasterize(rects []Rect, size, pxPerMM float64) *image.Gray {
	n := int(math.Round(size * pxPerMM))
	img := image.NewGray(image.Rect(0, 0, n, n))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for _, r := range rects {
		x0, y0 := int(math.Round(r.X*pxPerMM)), int(math.Round(r.Y*pxPerMM))
		x1, y1 := int(math.Round(r.Right()*pxPerMM)), int(math.Round(r.Bottom()*pxPerMM))
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				img.SetGray(x, y, color.Gray{0})
			}
		}
	}
	return img
}

func decodeQR(t *testing.T, img image.Image) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	require.NoError(t, err)
	res, err := gozxingqr.NewQRCodeReader().Decode(bmp, nil)
	require.NoError(t, err)
	return res.GetText()
}

func TestQRRoundTrip(t *testing.T) {
	for _, payload := range []string{"7BKQ-M2XD-93HT4", "https://example.org/s/7BKQ-M2XD-93HT4"} {
		t.Run(payload, func(t *testing.T) {
			const size = 34.0
			rects, err := QRModules(payload, 0, 0, size)
			require.NoError(t, err)
			n, err := QRModuleCount(payload)
			require.NoError(t, err)
			mod := size / float64(n)
			quiet := Rect{QuietZone * mod, QuietZone * mod, size - 2*QuietZone*mod, size - 2*QuietZone*mod}
			for _, r := range rects {
				require.True(t, quiet.Contains(r), "module %+v in the quiet zone", r)
				require.InDelta(t, mod, r.H, 1e-9)
				require.InDelta(t, 0, math.Mod(r.W/mod+1e-9, 1), 1e-6, "runs are whole modules")
			}
			// ~8 px per module, as a phone camera sees a printed code.
			img := rasterize(rects, size, 8/mod)
			require.Equal(t, payload, decodeQR(t, img))
		})
	}
}

func TestQRModulesOffsetAndMerged(t *testing.T) {
	a, err := QRModules("7BKQ-M2XD-93HT4", 0, 0, 29)
	require.NoError(t, err)
	b, err := QRModules("7BKQ-M2XD-93HT4", 100, 50, 29)
	require.NoError(t, err)
	require.Equal(t, len(a), len(b))
	dark := 0.0
	for i := range a {
		require.InDelta(t, a[i].X+100, b[i].X, 1e-9)
		require.InDelta(t, a[i].Y+50, b[i].Y, 1e-9)
		dark += a[i].W
	}
	n, _ := QRModuleCount("7BKQ-M2XD-93HT4")
	require.Equal(t, 29, n, "version 1 (21 modules) plus the quiet zone")
	require.Less(t, len(a), int(dark), "horizontal runs are merged")
}

func TestQRBadPayload(t *testing.T) {
	_, err := QRModules("", 0, 0, 30)
	require.Error(t, err)
	_, err = QRModules(strings.Repeat("x", 5000), 0, 0, 30)
	require.Error(t, err)
}

// TestQRScansFromPrintedPage checks the whole path a user takes: the PDF
// rasterized at a modest 150 dpi and read by a real scanner. It needs
// poppler's pdftoppm and zbar's zbarimg: a developer without them skips it,
// CI (which installs them in .ci/run) never does.
