//go:build unix

package cmd

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// noTempLeft fails if a temporary file of writeOutput is left in dir.
func noTempLeft(t *testing.T, dir string) {
	t.Helper()
	left, err := filepath.Glob(filepath.Join(dir, ".ninjakit-*"))
	require.NoError(t, err)
	require.Empty(t, left)
}

func TestWriteOutputRegularFiles(t *testing.T) {
	dir := t.TempDir()
	pub, priv := filepath.Join(dir, "sheet.pdf"), filepath.Join(dir, "slips.pdf")
	require.NoError(t, writeOutput(nil, pub, publicOutput, []byte("sheet")))
	require.NoError(t, writeOutput(nil, priv, privateOutput, []byte("slips")))
	for path, mode := range map[string]fs.FileMode{pub: 0o644, priv: 0o600} {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		require.Equal(t, mode, fi.Mode().Perm(), path)
	}
	// Replacing a loose file makes it private, whatever it was before.
	require.NoError(t, os.Chmod(pub, 0o666))
	require.NoError(t, writeOutput(nil, pub, privateOutput, []byte("hands")))
	fi, err := os.Stat(pub)
	require.NoError(t, err)
	require.Equal(t, fs.FileMode(0o600), fi.Mode().Perm())
	got, err := os.ReadFile(pub)
	require.NoError(t, err)
	require.Equal(t, "hands", string(got))
	noTempLeft(t, dir)

	var out bytes.Buffer
	require.NoError(t, writeOutput(&out, "-", privateOutput, []byte("to stdout")))
	require.Equal(t, "to stdout", out.String())
}

func TestWriteOutputDirectory(t *testing.T) {
	dir := t.TempDir()
	for _, kind := range []outputKind{publicOutput, privateOutput, secretOutput} {
		err := writeOutput(nil, dir, kind, []byte("x"))
		require.EqualError(t, err, "writing "+dir+": is a directory")
	}
	err := writeOutput(nil, filepath.Join(dir, "missing", "x.pdf"), publicOutput, []byte("x"))
	require.EqualError(t, err, "writing "+filepath.Join(dir, "missing", "x.pdf")+": no such file or directory")
	noTempLeft(t, dir)
}

// A symlink is followed: its target is replaced and the link stays, also
// through a chain of relative links and to a target not made yet.
func TestWriteOutputFollowsSymlinks(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "prints")
	require.NoError(t, os.Mkdir(sub, 0o755))
	target := filepath.Join(sub, "real.pdf")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	require.NoError(t, os.Symlink("prints/real.pdf", filepath.Join(dir, "hop")))
	link := filepath.Join(dir, "link.pdf")
	require.NoError(t, os.Symlink("hop", link))

	require.NoError(t, writeOutput(nil, link, publicOutput, []byte("new")))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	require.NotZero(t, fi.Mode()&fs.ModeSymlink, "the link stays a link")
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	require.Equal(t, "new", string(got))
	noTempLeft(t, dir)
	noTempLeft(t, sub)

	dangling := filepath.Join(dir, "later.pdf")
	require.NoError(t, os.Symlink(filepath.Join(sub, "made-later.pdf"), dangling))
	require.NoError(t, writeOutput(nil, dangling, privateOutput, []byte("fresh")))
	got, err = os.ReadFile(filepath.Join(sub, "made-later.pdf"))
	require.NoError(t, err)
	require.Equal(t, "fresh", string(got))
	fi, err = os.Stat(filepath.Join(sub, "made-later.pdf"))
	require.NoError(t, err)
	require.Equal(t, fs.FileMode(0o600), fi.Mode().Perm())

	loop := filepath.Join(dir, "loop")
	require.NoError(t, os.Symlink("loop", loop))
	require.Error(t, writeOutput(nil, loop, publicOutput, []byte("x")))
}

// A FIFO is written in place for whoever reads it, and stays a FIFO.
func TestWriteOutputFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	require.NoError(t, writeOutput(nil, fifo, privateOutput, []byte("through the pipe")))
	select {
	case s := <-got:
		require.Equal(t, "through the pipe", s)
	case <-time.After(10 * time.Second):
		t.Fatal("the reader got nothing")
	}
	fi, err := os.Lstat(fifo)
	require.NoError(t, err)
	require.NotZero(t, fi.Mode()&fs.ModeNamedPipe, "still a FIFO")
	noTempLeft(t, dir)
}

// A character device is written in place: it stays a device. As root the
// test makes its own null device, so a fault here cannot harm /dev/null.
func TestWriteOutputCharDevice(t *testing.T) {
	dev := "/dev/null"
	if os.Geteuid() == 0 {
		dev = filepath.Join(t.TempDir(), "null")
		require.NoError(t, syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3))
	}
	for _, kind := range []outputKind{publicOutput, privateOutput} {
		require.NoError(t, writeOutput(nil, dev, kind, []byte("gone")))
		fi, err := os.Lstat(dev)
		require.NoError(t, err)
		require.NotZero(t, fi.Mode()&fs.ModeCharDevice, "%s is still a character device", dev)
	}
	err := writeOutput(nil, dev, secretOutput, []byte("codes"))
	require.ErrorContains(t, err, "is not a regular file")
}

// The seat codes never go through a link: a planted symlink is replaced by a
// private file and its target is left alone; a FIFO is refused.
func TestWriteOutputSecret(t *testing.T) {
	dir := t.TempDir()
	elsewhere := filepath.Join(dir, "elsewhere.pdf")
	require.NoError(t, os.WriteFile(elsewhere, []byte("untouched"), 0o644))
	link := filepath.Join(dir, "codes.pdf")
	require.NoError(t, os.Symlink(elsewhere, link))
	require.NoError(t, writeOutput(nil, link, secretOutput, []byte("codes")))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	require.True(t, fi.Mode().IsRegular(), "the link was replaced")
	require.Equal(t, fs.FileMode(0o600), fi.Mode().Perm())
	got, err := os.ReadFile(elsewhere)
	require.NoError(t, err)
	require.Equal(t, "untouched", string(got))

	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	done := make(chan error, 1)
	go func() { done <- writeOutput(nil, fifo, secretOutput, []byte("codes")) }()
	select {
	case err := <-done:
		require.ErrorContains(t, err, "is not a regular file")
	case <-time.After(10 * time.Second):
		t.Fatal("writing the codes to a FIFO waited for a reader")
	}
	noTempLeft(t, dir)
}

// The real commands: dealt hands are private, a public sheet is not, and
// a directory is named as one.
func TestGenerateOutputModes(t *testing.T) {
	t.Setenv("NINJAKIT_HOME", t.TempDir())
	dir := t.TempDir()
	t.Chdir(dir)
	code, _, errOut := run("generate", "blades", "--players", "3", "--cards", "dealt", "--seed", "7", "-o", "dealt.pdf")
	require.Zero(t, code, errOut)
	code, _, errOut = run("generate", "blades", "--players", "3", "--cards", "open", "--seed", "7", "-o", "open.pdf")
	require.Zero(t, code, errOut)
	code, _, errOut = run("generate", "squad", "--players", "3", "--seed", "7", "-o", "squad.pdf")
	require.Zero(t, code, errOut)
	for name, mode := range map[string]fs.FileMode{"dealt.pdf": 0o600, "open.pdf": 0o644, "squad.pdf": 0o644} {
		fi, err := os.Stat(name)
		require.NoError(t, err)
		require.Equal(t, mode, fi.Mode().Perm(), name)
	}
	require.NoError(t, os.Mkdir("out", 0o755))
	for _, args := range [][]string{
		{"generate", "blades", "--players", "3", "-o", "out"},
		{"generate", "kit", "blades", "-o", "out"},
		{"generate", "blind", "--players", "2", "-o", "out"},
	} {
		code, _, errOut = run(args...)
		require.Equal(t, ExitFailed, code, args)
		require.Equal(t, "ninjakit: writing out: is a directory\n", errOut, args)
		require.False(t, strings.Contains(errOut, ".ninjakit-"))
	}
	noTempLeft(t, "out")
	noTempLeft(t, ".")
}
