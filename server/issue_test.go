package server_test

import (
	"bytes"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	gozxingqr "github.com/makiuchi-d/gozxing/qrcode"
	"github.com/ninjakit/ninjakit/companion/tui"
	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

var links = []server.Link{
	{Viewer: tui.Table, Name: "table", URL: "http://192.168.1.20:8077/#IH0907H52G32159TORK07R1P5S"},
	{Viewer: 0, Name: "ann", URL: "http://192.168.1.20:8077/#6Q2CRK2C0LIJ00FE118BIG86U0"},
	{Viewer: 1, Name: "bob", URL: "http://192.168.1.20:8077/#APPVK66AUNE4878O411MB4HVVO"},
}

// The terminal codes, read back as a phone camera sees them on a dark
// terminal (the drawn blocks light), decode to the links.
func TestTerminalQRDecodes(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, server.TerminalQR(&b, []string{links[0].URL, links[1].URL}, []string{links[0].Label(), links[1].Label()}))
	rows := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	require.Contains(t, rows[len(rows)-1], "seat 1: ann")
	grid := rows[:len(rows)-1]
	width := len([]rune(grid[0]))
	for _, r := range grid {
		require.LessOrEqual(t, len([]rune(r)), 80, "fits 80 columns")
	}
	const scale = 4
	img := image.NewGray(image.Rect(0, 0, width*scale, 2*len(grid)*scale))
	for y, r := range grid {
		for x, c := range []rune(r) {
			top := c == '█' || c == '▀'
			bottom := c == '█' || c == '▄'
			for dy := range 2 * scale {
				light := top
				if dy >= scale {
					light = bottom
				}
				for dx := range scale {
					v := uint8(0)
					if light {
						v = 255
					}
					img.SetGray(x*scale+dx, (2*y)*scale+dy, color.Gray{v})
				}
			}
		}
	}
	half := (width - 2) / 2
	for i, l := range links[:2] {
		sub := img.SubImage(image.Rect((i*(half+2))*scale, 0, (i*(half+2)+half)*scale, img.Bounds().Dy()))
		bmp, err := gozxing.NewBinaryBitmapFromImage(sub)
		require.NoError(t, err)
		res, err := gozxingqr.NewQRCodeReader().Decode(bmp, nil)
		require.NoError(t, err)
		require.Equal(t, l.URL, res.GetText())
	}
}

// The printed page holds every link's code, each decoding to its link.
func TestSeatsPDFDecodes(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, server.SeatsPDF(&b, "ninjakit serve: test", links))
	for _, tool := range []string{"pdftoppm", "zbarimg"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing; .ci/run installs it", tool)
			}
			t.Skipf("%s is not installed: skipping the scan of the seat codes", tool)
		}
	}
	dir := t.TempDir()
	pdf := filepath.Join(dir, "seats.pdf")
	require.NoError(t, os.WriteFile(pdf, b.Bytes(), 0o600))
	require.NoError(t, exec.Command("pdftoppm", "-r", "150", "-png", pdf, filepath.Join(dir, "p")).Run())
	out, err := exec.Command("zbarimg", "-q", "--raw", filepath.Join(dir, "p-1.png")).Output()
	require.NoError(t, err)
	got := strings.Fields(string(out))
	var want []string
	for _, l := range links {
		want = append(want, l.URL)
	}
	require.ElementsMatch(t, want, got)
}
