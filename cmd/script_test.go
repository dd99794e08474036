package cmd

import (
	"os"
	"testing"

	"github.com/ninjakit/ninjakit/internal/testmain"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(cleanup{m}, map[string]func(){
		"ninjakit": func() {
			os.Exit(Execute(os.Args[1:], &IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}))
		},
	})
}

// cleanup runs the tests, then removes what they shared across tests.
type cleanup struct{ m *testing.M }

func (c cleanup) Run() int {
	code := testmain.Run(c.m)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	return code
}

// TestScripts runs the transcripts in testdata/script: each reads like a
// player's terminal session, with the output it must produce.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
