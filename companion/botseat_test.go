package companion

import (
	"testing"

	"github.com/ninjakit/ninjakit/bots"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseBotFlag(t *testing.T) {
	seat, lv, err := ParseBotFlag("2")
	require.NoError(t, err)
	assert.Equal(t, "2", seat)
	assert.Equal(t, bots.Normal, lv)

	seat, lv, err = ParseBotFlag("red=hard")
	require.NoError(t, err)
	assert.Equal(t, "red", seat)
	assert.Equal(t, bots.Hard, lv)

	for _, bad := range []string{"", "=hard", "2=genius"} {
		_, _, err := ParseBotFlag(bad)
		assert.Error(t, err, bad)
	}
}

func TestBotSeedPerSeatAndSession(t *testing.T) {
	assert.Equal(t, BotSeed(7, 1), BotSeed(7, 1))
	assert.NotEqual(t, BotSeed(7, 1), BotSeed(7, 2))
	assert.NotEqual(t, BotSeed(7, 1), BotSeed(8, 1))
}

func TestBotSeatOptionsIterations(t *testing.T) {
	o, err := BotSeat{Seat: 1, Level: "hard"}.Options(9, 40)
	require.NoError(t, err)
	assert.Equal(t, 200, o.Iterations)
	assert.Equal(t, BotSeed(9, 1), o.Seed)
	o, err = BotSeat{Seat: 0, Level: "easy"}.Options(9, 40)
	require.NoError(t, err)
	assert.Zero(t, o.Iterations)
	_, err = BotSeat{Level: "genius"}.Options(9, 40)
	assert.Error(t, err)
}
