package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ninjakit/ninjakit/server"
	"github.com/stretchr/testify/require"
)

func TestServeRefusesWhatItCannotServe(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	code, _, errOut := run("serve")
	require.Equal(t, ExitFailed, code)
	require.Equal(t, "ninjakit: no session to serve: start one first, e.g. ninjakit companion blind new\n", errOut)
	code, _, errOut = run("companion", "blind", "new", "--session", "b", "--names", "ann,bob")
	require.Zero(t, code, errOut)
	code, _, errOut = run("serve", "--session", "nope")
	require.Equal(t, ExitFailed, code)
	require.Contains(t, errOut, "nope")
	code, _, errOut = run("serve", "--reissue", "zed")
	require.Equal(t, ExitUsage, code)
	require.Equal(t, "ninjakit: --reissue \"zed\": choose table, a seat number from 1 to 2, or a name: ann, bob\n", errOut)
	code, _, errOut = run("serve", "--addr", "nowhere:http-not-a-port")
	require.Equal(t, ExitUsage, code)
	require.True(t, strings.HasPrefix(errOut, "ninjakit: --addr nowhere:http-not-a-port:"), errOut)
	require.Equal(t, 1, strings.Count(errOut, "\n"))
}

func TestServeReissuePrintsTheNewCodeOnly(t *testing.T) {
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	code, _, errOut := run("companion", "blind", "new", "--session", "b", "--names", "ann,bob")
	require.Zero(t, code, errOut)
	code, out, errOut := run("serve", "--reissue", "2", "--addr", "10.1.2.3:9000")
	require.Zero(t, code, errOut)
	seats, err := server.LoadSeats(filepath.Join(home, server.SeatsFile))
	require.NoError(t, err)
	bob, ann := seats.Token("b", 1), seats.Token("b", 0)
	require.Contains(t, out, "seat 2: bob")
	require.Contains(t, out, "http://10.1.2.3:9000/#"+bob)
	require.NotContains(t, out, ann)
	fi, err := os.Stat(filepath.Join(home, server.SeatsFile))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	code, out, errOut = run("serve", "--reissue", "bob")
	require.Zero(t, code, errOut)
	seats, err = server.LoadSeats(filepath.Join(home, server.SeatsFile))
	require.NoError(t, err)
	require.NotEqual(t, bob, seats.Token("b", 1))
	require.Contains(t, out, "http://10.1.2.3:9000/#"+seats.Token("b", 1), "the address last used stays")
}

// --reissue -o writes the new code alone, privately; the old code is dead
// only once the slip is written.
func TestServeReissueWritesTheSlip(t *testing.T) {
	home := t.TempDir()
	t.Setenv("NINJAKIT_HOME", home)
	code, _, errOut := run("companion", "blind", "new", "--session", "b", "--names", "ann,bob")
	require.Zero(t, code, errOut)
	code, _, errOut = run("serve", "--reissue", "bob", "-o", "-")
	require.Equal(t, ExitUsage, code)
	require.Equal(t, "ninjakit: -o -: the seat codes are written to a file only (the terminal shows them already)\n", errOut)

	code, _, errOut = run("serve", "--reissue", "ann")
	require.Zero(t, code, errOut)
	seats, err := server.LoadSeats(filepath.Join(home, server.SeatsFile))
	require.NoError(t, err)
	old := seats.Token("b", 1)
	require.NotEmpty(t, old)
	dir := t.TempDir()
	code, _, errOut = run("serve", "--reissue", "bob", "-o", dir)
	require.Equal(t, ExitFailed, code)
	require.Equal(t, "ninjakit: cannot write the seat codes: writing "+dir+": is a directory\n", errOut)
	seats, err = server.LoadSeats(filepath.Join(home, server.SeatsFile))
	require.NoError(t, err)
	require.Equal(t, old, seats.Token("b", 1), "bob's code still works")

	slip := filepath.Join(dir, "bob.pdf")
	code, out, errOut := run("serve", "--reissue", "bob", "-o", slip)
	require.Zero(t, code, errOut)
	require.Contains(t, out, "The same code is in "+slip+".")
	seats, err = server.LoadSeats(filepath.Join(home, server.SeatsFile))
	require.NoError(t, err)
	require.NotEqual(t, old, seats.Token("b", 1))
	fi, err := os.Stat(slip)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	pdf, err := os.ReadFile(slip)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(pdf), "%PDF-"))
}
