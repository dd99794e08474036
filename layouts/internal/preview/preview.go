// Package preview prints kit pieces through the card-sheet engine for the
// game packages' tests, which check that every drawer runs cleanly and,
// with their -pdfdir flag, write the sheets out for looking at.
package preview

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

// Sheet prints one piece per drawer as a kit prints a set (clipped to its
// bleed, with crop marks) and requires no PDF error; when dir is not empty
// it also writes the PDF there as name.pdf.
func Sheet(t testing.TB, dir, name string, size layouts.Size, bleed float64, draws []layouts.Drawer) {
	t.Helper()
	set := layouts.Set{Title: name, Size: size}
	for _, d := range draws {
		set.Pieces = append(set.Pieces, layouts.Piece{Name: name, Front: d})
	}
	p := layouts.DefaultPrint()
	p.Bleed = bleed
	var buf bytes.Buffer
	k := layouts.Kit{Title: name, Sections: []layouts.Section{{Title: name, Set: &set}}}
	require.NoError(t, layouts.RenderKit(&buf, k, p))
	if dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".pdf"), buf.Bytes(), 0o644))
	}
}
