package bots

import (
	"fmt"
	"strings"
	"time"
)

// Level is how strongly a bot plays.
type Level uint8

// The levels, weakest first.
const (
	Random Level = iota
	Easy
	Normal
	Hard
)

var levelNames = [...]string{"random", "easy", "normal", "hard"}

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", uint8(l))
}

// ParseLevel reads random, easy, normal or hard, ignoring case.
func ParseLevel(s string) (Level, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	for i, n := range levelNames {
		if key == n {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("bot level %q: choose random, easy, normal or hard", s)
}

// Searches reports whether the level thinks by tree search (and so for a
// time or a number of iterations).
func (l Level) Searches() bool { return l >= Normal }

// Think is the level's time for one decision on one core: hard thinks five
// times as long as normal.
func (l Level) Think() time.Duration {
	switch l {
	case Normal:
		return 300 * time.Millisecond
	case Hard:
		return 1500 * time.Millisecond
	}
	return 0
}

// ThinkScaled is the level's think time when hard is given hard instead of
// its default: normal keeps its fifth of it.
func (l Level) ThinkScaled(hard time.Duration) time.Duration {
	switch l {
	case Normal:
		return hard / 5
	case Hard:
		return hard
	}
	return 0
}
