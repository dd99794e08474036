// Package kittest holds what the kit tests of every game share.
package kittest

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/ninjakit/ninjakit/internal/pdftest"
	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

// Render is the PDF of k printed as p asks.
func Render(t testing.TB, k layouts.Kit, p layouts.Print) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, layouts.RenderKit(&buf, k, p))
	return buf.Bytes()
}

// PassesQPDF prints the kit kitFor gives on every paper in each of backs,
// requires the pages the plan counts and has qpdf check the structure.
func PassesQPDF(t *testing.T, backs []layouts.Backs, kitFor func(layouts.Print) layouts.Kit) {
	qpdf := pdftest.Tool(t, "qpdf", "qpdf")
	dir := t.TempDir()
	for _, paper := range []layouts.Paper{layouts.PaperA4, layouts.PaperLetter, layouts.PaperAny} {
		for _, b := range backs {
			p := layouts.DefaultPrint()
			p.Paper, p.Backs = paper, b
			k := kitFor(p)
			plan, err := layouts.PlanKit(k, p)
			require.NoError(t, err)
			pdf := Render(t, k, p)
			require.Equal(t, plan.Pages, pdftest.Pages(pdf))
			pdftest.QPDF(t, qpdf, filepath.Join(dir, paper.String()+"-"+b.String()+".pdf"), pdf)
		}
	}
}
