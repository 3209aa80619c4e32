//go:build !unix

package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// childAttr: elsewhere (Windows) the child is not tied to the parent's
// life, and shares its console: an interrupt from it reaches both.
func childAttr() (attr *syscall.SysProcAttr, unlock func()) { return nil, func() {} }

// fileChannel brings the child's progress records through a file in a
// temporary directory (exec.Cmd.ExtraFiles is not supported on Windows): a
// parent killed outright leaves the directory behind.
type fileChannel struct {
	dir, path string
	watchFn   func(record)
}

func newProgressChannel() (progressChannel, error) {
	dir, err := os.MkdirTemp("", "ndkconform-run-")
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "progress.jsonl")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &fileChannel{dir: dir, path: path}, nil
}

func (c *fileChannel) attach(cmd *exec.Cmd) { cmd.Env = append(cmd.Env, envProgress+"="+c.path) }

func (c *fileChannel) watch(fn func(record)) { c.watchFn = fn }

func (c *fileChannel) started() {}

func (c *fileChannel) records() ([]record, error) {
	f, err := os.Open(c.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return decodeProgress(f, c.watchFn)
}

func (c *fileChannel) close() { os.RemoveAll(c.dir) }

func closeOnExec(*os.File) {}
