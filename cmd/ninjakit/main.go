// Command ninjakit prints setups and materials for ninja board and card
// games and moderates them from the terminal.
package main

import (
	"os"

	"github.com/ninjakit/ninjakit/cmd"
)

func main() {
	os.Exit(cmd.Execute(os.Args[1:], &cmd.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}))
}
