package rules

import "errors"

// ErrIllegal marks a move or action the rules forbid; callers test for it to
// tell a refused move from a malformed one.
var ErrIllegal = errors.New("not allowed")

// ErrNotation marks text that does not parse as a move or position.
var ErrNotation = errors.New("bad notation")
