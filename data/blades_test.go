package data

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDefaultBladesIsValid(t *testing.T) {
	require.NoError(t, bladesDefault().validate())
	b := DefaultBlades()
	require.Equal(t, 9, b.House.Columns)
	require.Equal(t, 15, b.Temple.Columns)
	require.Equal(t, 32, b.Deck.Size)
	require.Equal(t, 10, b.Deck.KeepLimit)
	require.Len(t, b.Dojos, 5)
}

func TestLoadBladesRejects(t *testing.T) {
	good := string(bladesJSON)
	cases := map[string]struct{ from, to, want string }{
		"wrong total":      {`"count": 7, "price": 2`, `"count": 6, "price": 2`, "counts add up to 31 but size says 32"},
		"unknown field":    {`"ninjasPerDojo"`, `"ninjas"`, "unknown field"},
		"bad buddha":       {`"buddha": "right"`, `"buddha": "up"`, "buddha must be"},
		"house too small":  {`"columns": 9,`, `"columns": 8,`, "house: 72 cells"},
		"unknown dojo":     {`"dojos": "RYB"`, `"dojos": "RYQ"`, "unknown or repeated"},
		"limit too low":    {`"keepLimit": 10`, `"keepLimit": 0`, "keepLimit must be at least 1"},
		"kinds reordered":  {`"kind": "bomb"`, `"kind": "bombs"`, `card 1 is "bombs"`},
		"negative price":   {`"count": 5, "price": 1`, `"count": 5, "price": -1`, "cannot be negative"},
		"not json":         {`{`, `[`, "not valid JSON"},
		"wrong type":       {`"ninjasPerDojo": 27`, `"ninjasPerDojo": "x"`, "should be a"},
		"trailing content": {"\n}\n", "\n}\n{}", "after the JSON object"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			require.Contains(t, good, c.from)
			bad := strings.Replace(good, c.from, c.to, 1)
			_, err := LoadBlades(strings.NewReader(bad))
			require.ErrorContains(t, err, c.want)
			require.NotContains(t, err.Error(), "\n")
		})
	}
	_, err := LoadBlades(strings.NewReader(""))
	require.ErrorContains(t, err, "empty")
}
