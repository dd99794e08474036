package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// outputKind says who may read a file a command writes.
type outputKind int

const (
	// publicOutput is a sheet for the whole table: mode 0644.
	publicOutput outputKind = iota
	// privateOutput holds what the rules hide (dealt hands, a private
	// seed): mode 0600.
	privateOutput
	// secretOutput holds every seat's key to the server: mode 0600, written
	// only as a regular file of its own, so a symlink planted at the path
	// is replaced, never followed, and a device or FIFO is refused.
	secretOutput
)

// mode is the permission a fresh file of this kind gets.
func (k outputKind) mode() fs.FileMode {
	if k == publicOutput {
		return 0o644
	}
	return 0o600
}

// writePDF renders into memory first, so a failed render never leaves a
// half-written PDF behind, then writes it with writeOutput.
func writePDF(stdout io.Writer, path string, kind outputKind, render func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return fmt.Errorf("rendering PDF: %w", err)
	}
	return writeOutput(stdout, path, kind, buf.Bytes())
}

// writeOutput is how every command writes a file named by -o. "-" is
// standard output. A regular file (or a missing one) is replaced in one
// rename, so a reader sees the old file or the new one, never half; a
// symlink is followed and its target replaced. A device or a FIFO is
// written in place: a rename would put a regular file where the device was
// (as root, `-o /dev/null` once replaced the machine's /dev/null). Rulings
// F-1 and F-2.
func writeOutput(stdout io.Writer, path string, kind outputKind, b []byte) error {
	if path == "-" {
		_, err := stdout.Write(b)
		return err
	}
	if kind == secretOutput {
		return writeSecret(path, b)
	}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// A new file, or a symlink whose target does not exist yet.
		target, err := followLinks(path)
		if err != nil {
			return err
		}
		return replaceFile(path, target, kind.mode(), b)
	case err != nil:
		return fmt.Errorf("writing %s: %w", path, bare(err))
	case fi.IsDir():
		return fmt.Errorf("writing %s: %w", path, syscall.EISDIR)
	case fi.Mode().IsRegular():
		target, err := followLinks(path)
		if err != nil {
			return err
		}
		// A link that only the kernel can follow (/dev/stdout is one, into
		// /proc) is written in place, as a shell's redirection would.
		if ti, err := os.Stat(target); err == nil && os.SameFile(fi, ti) {
			return replaceFile(path, target, kind.mode(), b)
		}
		return writeInPlace(path, b, os.O_TRUNC)
	case fi.Mode()&fs.ModeSocket != 0:
		return fmt.Errorf("writing %s: it is a socket; name a file, or - for standard output", path)
	}
	return writeInPlace(path, b, 0)
}

// writeSecret writes b as a private regular file at path through a fresh
// file and a rename: a symlink or a file already there, whoever made it, is
// replaced, so nobody else ends up holding what it says.
func writeSecret(path string, b []byte) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("writing %s: %w", path, bare(err))
	case fi.IsDir():
		return fmt.Errorf("writing %s: %w", path, syscall.EISDIR)
	case !fi.Mode().IsRegular() && fi.Mode()&fs.ModeSymlink == 0:
		return fmt.Errorf("writing %s: it is not a regular file; these codes are written only to a file of their own", path)
	}
	return replaceFile(path, path, secretOutput.mode(), b)
}

// followLinks returns the file a chain of symlinks at path ends at, which
// need not exist yet.
func followLinks(path string) (string, error) {
	p := path
	for range 40 {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", fmt.Errorf("writing %s: %w", path, bare(err))
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", fmt.Errorf("writing %s: %w", path, syscall.ELOOP)
}

// replaceFile writes b into a fresh file beside target and renames it over
// target. Errors name the path the user gave, never the temporary file.
func replaceFile(path, target string, mode fs.FileMode, b []byte) error {
	fail := func(err error) error { return fmt.Errorf("writing %s: %w", path, bare(err)) }
	tmp, err := os.CreateTemp(filepath.Dir(target), ".ninjakit-*")
	if err != nil {
		return fail(err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	// CreateTemp makes the file 0600; a file for the table is widened.
	if err := tmp.Chmod(mode); err != nil {
		_ = tmp.Close()
		return fail(err)
	}
	if _, err := tmp.Write(b); err != nil {
		_ = tmp.Close()
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fail(err)
	}
	return nil
}

// writeInPlace writes into what is at path (a device, a FIFO, a file the
// kernel reaches through /proc) without creating or replacing anything. A
// FIFO waits for its reader, as any program writing to one does.
func writeInPlace(path string, b []byte, flag int) error {
	f, err := os.OpenFile(path, os.O_WRONLY|flag, 0)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, bare(err))
	}
	if _, err := f.Write(b); err != nil {
		_ = f.Close()
		return fmt.Errorf("writing %s: %w", path, bare(err))
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, bare(err))
	}
	return nil
}

// bare strips the file names an os error carries, so a message names only
// the path the user gave.
func bare(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}
