package preview

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/internal/sweep"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

// Face is one distinct face of a kit's pieces.
type Face struct {
	Name string // unique, used as the golden file's name
	Draw layouts.Drawer
	Size layouts.Size
}

// Faces lists every distinct front of each set (pieces whose SVGs are the
// same are one face), then its back, named after the piece and numbered
// from 1 when one name has several faces.
func Faces(t testing.TB, sets ...layouts.Set) []Face {
	t.Helper()
	var out []Face
	seen := map[string]bool{}
	count := map[string]int{}
	add := func(name string, d layouts.Drawer, size layouts.Size) {
		var buf bytes.Buffer
		require.NoError(t, layouts.PieceSVG(&buf, d, size))
		if seen[buf.String()] {
			return
		}
		seen[buf.String()] = true
		out = append(out, Face{Name: slug(name), Draw: d, Size: size})
		count[slug(name)]++
	}
	for _, s := range sets {
		for _, p := range s.Pieces {
			add(p.Name, p.Front, s.Size)
		}
		if s.Back != nil {
			add(s.Title+" back", s.Back, s.Size)
		}
	}
	n := map[string]int{}
	for i, f := range out {
		if count[f.Name] > 1 {
			n[f.Name]++
			out[i].Name = fmt.Sprintf("%s-%d", f.Name, n[f.Name])
		}
	}
	return out
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	return strings.Trim(nonWord.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// SVGGolden requires f's SVG to equal testdata/svg/NAME.svg, or rewrites
// that file under update.
func SVGGolden(t *testing.T, f Face, update bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, layouts.PieceSVG(&buf, f.Draw, f.Size))
	path := filepath.Join("testdata", "svg", f.Name+".svg")
	if update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to write the golden SVG")
	require.Equal(t, string(want), buf.String(), "%s: the SVG changed; look at it, then run with -update", path)
	return buf.Bytes()
}

// CheckFaces keeps each face's SVG as a golden file (rewritten under
// update) and requires its rasterized SVG to match its rasterized PDF; under
// a non-empty pngDir it keeps both renderings there for looking at.
func CheckFaces(t *testing.T, faces []Face, update bool, pngDir string) {
	t.Helper()
	NeedRenderers(t)
	sweep.Sampled(t, "the PDF-against-SVG pixel check of numbered faces")
	var worst Diff
	total := 0
	for _, f := range faces {
		t.Run(f.Name, func(t *testing.T) {
			svg := SVGGolden(t, f, update)
			if !rasterized(f.Name) {
				return
			}
			// At least 250 px across, so that a token's letters are not
			// mostly edge.
			dpi := max(100, int(math.Ceil(25.4*250/f.Size.W)))
			d := CompareWithPDF(t, f, svg, dpi, pngDir)
			t.Logf("%d bytes of SVG; PDF and SVG differ by at most %d, on average %.2f, far on %.3f%% of pixels", len(svg), d.Max, d.Mean, 100*d.Far)
			worst, total = Worse(worst, d), total+len(svg)
			require.Less(t, d.Mean, MaxMean, "PDF and SVG drift apart on average")
			require.Less(t, d.Far, MaxFar, "a part of the face is missing or moved in one backend")
		})
	}
	t.Logf("%d faces, %d bytes of SVG on average; worst: max %d, mean %.2f, far %.3f%%",
		len(faces), total/max(len(faces), 1), worst.Max, worst.Mean, 100*worst.Far)
}

// rasterized says whether a face's renderings are compared: every face under
// NINJAKIT_SWEEP=1; otherwise every face that is the only one of its drawer
// and one in ten of a numbered run ("movement-17"), which one drawer draws
// with other data. Every face's SVG is still checked against its golden.
func rasterized(name string) bool {
	i := strings.LastIndexByte(name, '-')
	n, err := strconv.Atoi(name[i+1:])
	if i < 0 || err != nil {
		return true
	}
	return sweep.Every(n-1, 10, 0)
}

// NeedRenderers skips a test when poppler's pdftoppm or librsvg's
// rsvg-convert is missing, except under CI, which installs both.
func NeedRenderers(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"pdftoppm", "rsvg-convert"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is required under CI (.ci/run installs it)", tool)
			}
			t.Skipf("%s not installed (apt-get install poppler-utils librsvg2-bin): PDF and SVG not compared", tool)
		}
	}
}

// Diff is how far apart two renderings of one face are, per RGB channel,
// after blurring both.
type Diff struct {
	Max  int     // the largest difference, 0-255
	Mean float64 // the mean difference
	// Far is the share of pixels where some channel differs by more than
	// 64 from every pixel next to it in the other rendering: edges drawn a
	// pixel apart do not count, a missing or moved shape does.
	Far float64
}

// How far a face's PDF and SVG renderings, 250 px across or more and
// blurred, may be apart: a dot 1 mm across missing from a token is 0.2 %
// of its pixels.
const (
	MaxMean = 6.0
	MaxFar  = 0.001
)

// CompareWithPDF rasterizes f printed on a page of its own size (pdftoppm)
// and its SVG (rsvg-convert, on white as paper is) at dpi and compares the
// two pixel by pixel. Under a non-empty dir it keeps both PNGs there.
func CompareWithPDF(t *testing.T, f Face, svg []byte, dpi int, dir string) Diff {
	t.Helper()
	tmp := t.TempDir()
	pdf := layouts.NewDocument(layouts.Paper{Name: f.Name, W: f.Size.W, H: f.Size.H}, "")
	pdf.AddPage()
	layouts.DrawCut(pdf, f.Draw, f.Size)
	var buf bytes.Buffer
	require.NoError(t, layouts.WriteDocument(pdf, &buf))
	pdfPath, svgPath := filepath.Join(tmp, "face.pdf"), filepath.Join(tmp, "face.svg")
	require.NoError(t, os.WriteFile(pdfPath, buf.Bytes(), 0o644))
	require.NoError(t, os.WriteFile(svgPath, svg, 0o644))
	run(t, "pdftoppm", "-r", fmt.Sprint(dpi), "-png", "-singlefile", pdfPath, filepath.Join(tmp, "pdf"))
	fromPDF := blur(readPNG(t, filepath.Join(tmp, "pdf.png")))
	b := fromPDF.Bounds()
	run(t, "rsvg-convert", "-b", "white", "-d", fmt.Sprint(dpi), "-p", fmt.Sprint(dpi), "-o", filepath.Join(tmp, "svg.png"), svgPath)
	fromSVG := blur(readPNG(t, filepath.Join(tmp, "svg.png")))
	// The two round a size of a fraction of a pixel differently; a pixel
	// more or less is no drift.
	sb := fromSVG.Bounds()
	require.LessOrEqual(t, abs(b.Dx()-sb.Dx())+abs(b.Dy()-sb.Dy()), 2, "the two renderings differ in size")
	b = b.Intersect(sb)
	if dir != "" {
		for _, side := range []string{"pdf", "svg"} {
			png, err := os.ReadFile(filepath.Join(tmp, side+".png"))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name+"."+side+".png"), png, 0o644))
		}
	}
	return compare(fromPDF, fromSVG, b)
}

// compare measures a against b within r.
func compare(a, b *image.RGBA, r image.Rectangle) Diff {
	var d Diff
	sum, far := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			for c := range 3 {
				v := channelDiff(a, b, x, y, x, y, c)
				sum += v
				d.Max = max(d.Max, v)
			}
			if nearest(a, b, r, x, y) > 64 || nearest(b, a, r, x, y) > 64 {
				far++
			}
		}
	}
	px := r.Dx() * r.Dy()
	d.Mean, d.Far = float64(sum)/float64(3*px), float64(far)/float64(px)
	return d
}

func channelDiff(a, b *image.RGBA, ax, ay, bx, by, c int) int {
	return abs(int(a.Pix[a.PixOffset(ax, ay)+c]) - int(b.Pix[b.PixOffset(bx, by)+c]))
}

// nearest is how far a's pixel at (x, y) is from the closest of b's nine
// pixels around it: rasterizers that place an edge a pixel apart differ
// there, not in anything a player would see.
func nearest(a, b *image.RGBA, r image.Rectangle, x, y int) int {
	best := 255
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if !(image.Point{X: x + dx, Y: y + dy}).In(r) {
				continue
			}
			worst := 0
			for c := range 3 {
				worst = max(worst, channelDiff(a, b, x, y, x+dx, y+dy, c))
			}
			best = min(best, worst)
		}
	}
	return best
}

// blur averages every pixel with its eight neighbours: the two rasterizers
// hint and smooth glyph edges their own way (at 1600 dpi the same letters
// cover the same box), and a blurred edge differs far less than a shape.
func blur(img image.Image) *image.RGBA {
	b := img.Bounds()
	src := image.NewRGBA(b)
	draw.Draw(src, b, img, b.Min, draw.Src)
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			var sum [3]int
			n := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if !(image.Point{X: x + dx, Y: y + dy}).In(b) {
						continue
					}
					o := src.PixOffset(x+dx, y+dy)
					for c := range 3 {
						sum[c] += int(src.Pix[o+c])
					}
					n++
				}
			}
			o := out.PixOffset(x, y)
			for c := range 3 {
				out.Pix[o+c] = uint8(sum[c] / n)
			}
			out.Pix[o+3] = 255
		}
	}
	return out
}

// Worse is the worst of a and b in each measure.
func Worse(a, b Diff) Diff {
	return Diff{Max: max(a.Max, b.Max), Mean: max(a.Mean, b.Mean), Far: max(a.Far, b.Far)}
}

func abs(v int) int { return max(v, -v) }

func run(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	require.NoError(t, err, "%s: %s", name, out)
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img
}
