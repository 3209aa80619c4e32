//go:build unix

package runner

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// pipeChannel brings the child's progress records through a pipe the child
// inherits as file descriptor 3: nothing on disk, so a parent killed
// outright leaves nothing behind, and the end of the pipe without an exit
// record means the child died.
type pipeChannel struct {
	r, w    *os.File
	watchFn func(record)
	done    chan struct{}
	recs    []record
	err     error
}

func newProgressChannel() (progressChannel, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	return &pipeChannel{r: r, w: w, done: make(chan struct{})}, nil
}

func (p *pipeChannel) attach(cmd *exec.Cmd) {
	cmd.ExtraFiles = []*os.File{p.w} // descriptor 3 in the child
	cmd.Env = append(cmd.Env, envProgressFD+"=3")
}

func (p *pipeChannel) watch(fn func(record)) { p.watchFn = fn }

func (p *pipeChannel) started() {
	p.w.Close() // the child holds the write end now
	go func() {
		p.recs, p.err = decodeProgress(p.r, p.watchFn)
		close(p.done)
	}()
}

// pipeDrain is how long records keeps reading after the child exited: only
// a process the child left behind holding the pipe makes it wait.
const pipeDrain = 5 * time.Second

func (p *pipeChannel) records() ([]record, error) {
	select {
	case <-p.done:
	case <-time.After(pipeDrain):
		p.r.Close()
		<-p.done
	}
	return p.recs, p.err
}

func (p *pipeChannel) close() {
	p.r.Close()
	p.w.Close()
}

// closeOnExec keeps the child's progress descriptor from the processes it
// starts (a provider's helpers), which would hold the pipe open.
func closeOnExec(f *os.File) { syscall.CloseOnExec(int(f.Fd())) }
