package rules

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

type move string

func (m move) String() string { return string(m) }

func TestRefusalTellsOnlyTheHolder(t *testing.T) {
	e := &Refusal[move]{Action: "play ninja", Reason: "seat 2 holds no ninja", Private: 1, Neutral: "that play is not available"}
	require.True(t, errors.Is(e, ErrIllegal))
	require.Equal(t, "not allowed: play ninja: seat 2 holds no ninja", e.Error())
	require.Equal(t, "seat 2 holds no ninja", e.For(1))
	for _, viewer := range []Seat{NoSeat, 0, 2} {
		require.Equal(t, "that play is not available", e.For(viewer))
	}
	public := &Refusal[move]{Action: "pass", Reason: "not your turn", Private: NoSeat, Neutral: "x"}
	require.Equal(t, "not your turn", public.For(3))
	require.Equal(t, "not your turn", public.For(NoSeat))
}
