package preview

import (
	"bytes"
	"testing"

	"github.com/ninjakit/ninjakit/layouts"
	"github.com/stretchr/testify/require"
)

// token is a grey counter with, when dot is set, a black dot 1 mm across.
func token(dot bool) layouts.Drawer {
	return func(c layouts.Canvas, trim, _ layouts.Rect) {
		c.SetFillColor(200, 200, 200)
		c.Rect(trim.X, trim.Y, trim.W, trim.H, "F")
		if dot {
			c.SetFillColor(0, 0, 0)
			c.Circle(trim.X+5, trim.Y+5, 0.5, "F")
		}
	}
}

// The comparison passes a face against its own SVG and catches a dot
// 1 mm across that the SVG lacks.
func TestCompareWithPDFCatchesAMissingDot(t *testing.T) {
	NeedRenderers(t)
	f := Face{Name: "token", Draw: token(true), Size: layouts.SizeToken}
	var same, without bytes.Buffer
	require.NoError(t, layouts.PieceSVG(&same, token(true), f.Size))
	require.NoError(t, layouts.PieceSVG(&without, token(false), f.Size))
	d := CompareWithPDF(t, f, same.Bytes(), 320, "")
	require.Less(t, d.Far, MaxFar)
	require.Less(t, d.Mean, MaxMean)
	d = CompareWithPDF(t, f, without.Bytes(), 320, "")
	require.Greater(t, d.Far, MaxFar, "the missing dot goes unseen")
}
