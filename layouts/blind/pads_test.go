package blind

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

var (
	update = flag.Bool("update", false, "rewrite the golden PDF")
	pdfDir = flag.String("pdfdir", "", "also write every test render here, for looking at")
)

func render(t testing.TB, o Options) (*Pads, []byte) {
	t.Helper()
	p, err := Plan(o)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, p.Render(&buf))
	return p, buf.Bytes()
}

func TestWritePreviews(t *testing.T) {
	if *pdfDir == "" {
		t.Skip("no -pdfdir")
	}
	for _, paper := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter} {
		for players := 2; players <= 4; players++ {
			_, b := render(t, Options{Players: players, Turns: DefaultTurns, Pages: 1, Paper: paper})
			require.NoError(t, os.WriteFile(filepath.Join(*pdfDir, paper.String()+"-"+string(rune('0'+players))+".pdf"), b, 0o644))
		}
	}
}
