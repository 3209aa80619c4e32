package runner

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// The child processes of a run (see execute) report through a progress
// channel: an inherited pipe, or a file where there are no pipes to
// inherit.
const (
	envProgress   = "NDKCONFORM_PROGRESS"    // the child's progress file
	envProgressFD = "NDKCONFORM_PROGRESS_FD" // the child's inherited progress descriptor
)

// crashTail is how much of the child's standard error is kept for the
// crash report.
const crashTail = 64 << 10

// progressChannel carries the child's progress records to the parent.
type progressChannel interface {
	attach(cmd *exec.Cmd)       // before the child starts
	watch(fn func(record))      // before it starts: fn (or nil) gets each record as it comes (or, without a pipe, at the end)
	started()                   // once it has
	records() ([]record, error) // once it has exited
	close()                     // in the end, whatever happened
}

// openProgressSink is the child's end of the progress channel, if this
// process is a child of execute (ok).
func openProgressSink() (w io.WriteCloser, ok bool, err error) {
	if s := os.Getenv(envProgressFD); s != "" {
		fd, err := strconv.Atoi(s)
		if err != nil || fd < 3 {
			return nil, true, fmt.Errorf("%s=%q: want an inherited file descriptor, 3 or more", envProgressFD, s)
		}
		f := os.NewFile(uintptr(fd), "progress")
		if _, err := f.Stat(); err != nil {
			return nil, true, fmt.Errorf("%s=%d: %v", envProgressFD, fd, err)
		}
		closeOnExec(f)
		return f, true, nil
	}
	if path := os.Getenv(envProgress); path != "" {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return nil, true, fmt.Errorf("%s: %v", envProgress, err)
		}
		return f, true, nil
	}
	return nil, false, nil
}

// childEnv is this process's environment for the child, without any
// progress channel or child mark of its own.
func childEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, envProgress+"=") && !strings.HasPrefix(kv, envProgressFD+"=") && !strings.HasPrefix(kv, EnvChild+"=") {
			env = append(env, kv)
		}
	}
	return env
}

// decodeProgress reads progress records to the end of r; a last line cut
// short by the child's death is ignored.
func decodeProgress(r io.Reader, watch func(record)) ([]record, error) {
	var recs []record
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var rec record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			continue
		}
		recs = append(recs, rec)
		if watch != nil {
			watch(rec)
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, os.ErrClosed) {
		return recs, err
	}
	return recs, nil
}

// childEnd is how a child that did not report ended.
type childEnd struct {
	status string         // "exit status 2", "killed by signal SIGKILL"
	signal syscall.Signal // the signal that killed it, or 0
	// crash is the Go runtime's crash report on its standard error (a
	// panic, a fatal error, a fatal signal), or "" if it left none.
	crash string
	// tail is the end of its standard error.
	tail string
}

// describeEnd tells how the child ended from its process state and the
// end of its standard error.
func describeEnd(ps *os.ProcessState, werr error, errTail string) childEnd {
	e := childEnd{status: "it exited", tail: errTail}
	switch {
	case ps != nil:
		e.status = fmt.Sprintf("exit status %d", ps.ExitCode())
		if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			e.signal = ws.Signal()
			e.status = "killed by signal " + signalName(e.signal)
		}
	case werr != nil:
		e.status = werr.Error()
	}
	trace := crashTrace(errTail)
	switch {
	case strings.HasPrefix(trace, "SIGQUIT:"):
		// the Go runtime's answer to a SIGQUIT from outside: no crash
		e.signal, e.status = syscall.SIGQUIT, "killed by signal SIGQUIT (the Go runtime dumped its goroutines)"
	case e.signal != 0 && !crashSignal(e.signal):
		// killed from outside; whatever it printed before is not how it ended
	default:
		e.crash = trace
	}
	return e
}

// crashSignal tells the signals a crash ends with (GOTRACEBACK=crash, a
// crash in C), as opposed to those sent to stop a process.
func crashSignal(s syscall.Signal) bool {
	switch s {
	case syscall.SIGSEGV, syscall.SIGBUS, syscall.SIGILL, syscall.SIGFPE, syscall.SIGABRT, syscall.SIGTRAP:
		return true
	}
	return false
}

// diedBefore is the failure of a spec the crash of its test process kept
// from starting.
const diedBefore = "the test process died before this spec started"

// applyMeta takes the sides and the adapter a child's meta record r tells.
func applyMeta(meta *reports.Meta, r record) {
	if r.SideA != nil {
		meta.SideA = *r.SideA
	}
	if r.SideB != nil {
		meta.SideB = *r.SideB
	}
	if r.Adapter != nil {
		meta.Adapter = *r.Adapter
	}
}

// describeUnfinished says how a child that did not report ended (end),
// when (during: "during spec ..."): what is told, what cut the run short
// ("" for a crash, which fails the run instead) and the exit status.
func describeUnfinished(end childEnd, interruptedBy os.Signal, during string) (msg, how string, status int) {
	status = exitFail
	switch {
	case end.crash != "":
		msg = fmt.Sprintf("the test process died (%s) %s: %s", end.status, during, reports.FirstLine(end.crash))
	case interruptedBy != nil:
		how = "the run was interrupted by " + signalName(interruptedBy)
		msg = fmt.Sprintf("%s %s, and the test process ended (%s) before it reported", how, during, end.status)
		status = signalStatus(interruptedBy)
	case end.signal != 0:
		how = "the test process was " + end.status
		msg = fmt.Sprintf("%s %s, with no crash trace on its standard error (a signal from outside: the OOM killer, a watchdog, a user?): "+
			"the run is incomplete, and no verdict is given on the specs that did not end", how, during)
		status = signalStatus(end.signal)
	default:
		how = fmt.Sprintf("the test process ended (%s) without reporting", end.status)
		msg = fmt.Sprintf("%s %s, and with no crash trace on its standard error: the run is incomplete; its standard error ended with:\n%s",
			how, during, lastLines(end.tail, 10))
	}
	return msg, how, status
}

// childSpecs are the specs of a child that ended (end) before it
// reported, from its progress records: those that ended as they ended,
// then the one that was running (failed with the crash if it crashed,
// else interrupted; ending at endTime). during says when the child died,
// for messages.
func childSpecs(recs []record, end childEnd, endTime time.Time) (specs []outcome.Spec, during string) {
	var running, last *outcome.Spec
	for _, r := range recs {
		switch r.Event {
		case suite.ProgressStart:
			running = r.Spec
		case suite.ProgressEnd:
			if r.Spec == nil {
				continue
			}
			specs = append(specs, *r.Spec)
			if running != nil && running.Key() == r.Spec.Key() {
				running, last = nil, r.Spec
			}
		}
	}
	during = "before any spec started"
	switch {
	case running != nil:
		during = fmt.Sprintf("during spec %q", running.Name)
	case last != nil:
		during = fmt.Sprintf("between specs, after spec %q had ended", last.Name)
	}
	if running != nil {
		s := *running
		s.Note = ""
		if !s.Start.IsZero() {
			s.Duration = endTime.Sub(s.Start)
		}
		if end.crash != "" {
			s.State = outcome.Failed
			s.Failure = &outcome.Failure{
				Kind:    outcome.FailurePanicked,
				Message: fmt.Sprintf("the test process died (%s) while this spec ran: a crash outside any call the suite made and could recover from, most likely of the provider on a goroutine or thread of its own\n%s", end.status, end.crash),
			}
		} else {
			s.State = outcome.Interrupted
		}
		specs = append(specs, s)
	}
	return specs, during
}

// interruptedBy is what cut a run short that Ginkgo interrupted on sig
// (nil if unknown).
func interruptedBy(sig os.Signal) string {
	if sig == nil {
		return "the run was interrupted"
	}
	return "the run was interrupted by " + signalName(sig)
}

// signalStatus is the exit status of a run cut short by sig, as a shell
// reports a command killed by it: 128 + its number (SIGINT 130, SIGTERM
// 143); 130 if unknown.
func signalStatus(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok && s > 0 && s < 128 {
		return 128 + int(s)
	}
	return 128 + 2
}

// SignalStatus is the exit status of a process sig ended, as a shell
// reports it: 128 + its number (SIGINT 130, SIGTERM 143); 130 if unknown.
func SignalStatus(sig os.Signal) int { return signalStatus(sig) }

// SignalName is "SIGINT", "SIGKILL"...: sig's name.
func SignalName(sig os.Signal) string { return signalName(sig) }

// signalName is "SIGINT", "SIGKILL"...
func signalName(sig os.Signal) string {
	s, ok := sig.(syscall.Signal)
	if !ok {
		return sig.String()
	}
	switch s {
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGTRAP:
		return "SIGTRAP"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGPIPE:
		return "SIGPIPE"
	case syscall.SIGALRM:
		return "SIGALRM"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return fmt.Sprintf("%d (%v)", int(s), s)
}

// crashLine starts the Go runtime's report of a crash: a panic, a fatal
// error, a fatal signal ("SIGSEGV: segmentation violation").
var crashLine = regexp.MustCompile(`^(panic: |fatal error: |SIG[A-Z0-9]+: )`)

// crashTrace is the Go runtime's crash report in the child's standard
// error (from its first line, 40 lines), or "" if there is none.
func crashTrace(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if crashLine.MatchString(l) {
			return strings.TrimSpace(strings.Join(lines[i:min(len(lines), i+40)], "\n"))
		}
	}
	return ""
}

// lastLines is the last n lines of s, or a note that s is empty.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	out := strings.TrimSpace(strings.Join(lines[max(0, len(lines)-n):], "\n"))
	if out == "" {
		return "(nothing on its standard error)"
	}
	return out
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
