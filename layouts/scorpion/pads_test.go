package scorpion_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ninjakit/ninjakit/data"
	gen "github.com/ninjakit/ninjakit/generate/scorpion"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/ninjakit/ninjakit/layouts/scorpion"
	"github.com/stretchr/testify/require"
)

func defaultPads() scorpion.Pads {
	d := data.DefaultScorpion()
	return scorpion.Pads{Map: gen.MapContent(d), Roles: []scorpion.Role{scorpion.RoleGuard, scorpion.RoleIntruder}, Pages: 1, Turns: d.Setup.Turns, Paper: layouts.PaperA4}
}

func renderPads(t testing.TB, p scorpion.Pads) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, scorpion.RenderPads(&buf, p))
	return buf.Bytes()
}

func TestPadsRender(t *testing.T) {
	b := renderPads(t, defaultPads())
	if dir := os.Getenv("SCORPION_PDFDIR"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "pads.pdf"), b, 0o644))
	}
}
