//go:build !unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"github.com/ndkconform/ndkconform/suite"
)

// childAttr: elsewhere (Windows) the child is not tied to the parent's
// life, and shares its console: an interrupt from it reaches both.
func childAttr() (attr *syscall.SysProcAttr, unlock func()) { return nil, func() {} }

// fileChannel brings the child's progress records through a file in a
// temporary directory (exec.Cmd.ExtraFiles is not supported on Windows): a
// parent killed outright leaves the directory behind.
type fileChannel struct {
	dir, path string
	watchFn   func(suite.ProgressRecord)
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

func (c *fileChannel) watch(fn func(suite.ProgressRecord)) { c.watchFn = fn }

func (c *fileChannel) started() {}

func (c *fileChannel) records() ([]suite.ProgressRecord, error) {
	f, err := os.Open(c.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return decodeProgress(f, c.watchFn)
}

func (c *fileChannel) close() { os.RemoveAll(c.dir) }

func closeOnExec(*os.File) {}
