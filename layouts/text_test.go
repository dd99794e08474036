package layouts

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSafeText(t *testing.T) {
	for in, want := range map[string]string{
		"Bōdogēmu":                "Bōdogēmu",
		"Nesutāgēmu · wǔxíng ≤ –": "Nesutāgēmu · wǔxíng ≤ –",
		"a\tb\nc\x00":             "a b c ",
		"ninja 🥷":                 "ninja ?",
		"\u4e00":                  "?", // CJK is not in the Go fonts
	} {
		require.Equal(t, want, SafeText(in), "%q", in)
	}
}

func TestWrapText(t *testing.T) {
	pdf := NewDocument(PaperA4, "")
	pdf.SetFont(FontSans, "", 10)
	text := "Place the ninjas as shown, one per cell, at the Bōdogēmu dojo; " + strings.Repeat("x", 80)
	const w = 40.0
	lines := WrapText(pdf, text, w)
	require.Greater(t, len(lines), 3)
	for _, l := range lines {
		require.LessOrEqual(t, pdf.GetStringWidth(l), w, "%q", l)
	}
	require.Equal(t, strings.ReplaceAll(text, " ", ""), strings.ReplaceAll(strings.Join(lines, ""), " ", ""))
	require.Equal(t, []string{"a"}, WrapText(pdf, "a", 0.001), "a too narrow box still makes progress")
	require.Empty(t, WrapText(pdf, "   ", w))

	FitFontSize(pdf, FontMono, "", "7BKQ-M2XD-93HT4", 30, 24, 6)
	require.LessOrEqual(t, pdf.GetStringWidth("7BKQ-M2XD-93HT4"), 30.0)
	pdf.SetFont(FontSans, "", 10)
	short := Ellipsize(pdf, "crane-lantern-maple-heron-bamboo", 25)
	require.True(t, strings.HasSuffix(short, "…"))
	require.LessOrEqual(t, pdf.GetStringWidth(short), 25.0)
	require.NoError(t, pdf.Error())
}
