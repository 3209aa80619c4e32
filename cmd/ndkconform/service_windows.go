//go:build windows

package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"golang.org/x/sys/windows/svc"
	"golang.org/x/sys/windows/svc/eventlog"
)

// runService runs the agent as the Windows service name: svc.Run calls
// the handler, whose loop (serviceLoop, service.go) answers the service
// control manager. When the process was not started by the manager, it
// is bad usage (svc.Run would fail after a while). What the agent prints
// goes to the Application event log under source name (registered with
// `New-EventLog -LogName Application -Source NAME` or eventcreate), or
// nowhere if the source cannot be opened.
func runService(name string, stdout, stderr io.Writer, serve func(stop <-chan string, stdout, stderr io.Writer) int) int {
	isService, err := svc.IsWindowsService()
	if err != nil {
		return usageError(stderr, "agent", fmt.Errorf("--windows-service: %v", err))
	}
	if !isService {
		return usageError(stderr, "agent", fmt.Errorf("--windows-service %s: not started by the service control manager (start it with sc start %s)", name, name))
	}
	out, errw := io.Discard, io.Discard
	if l, err := eventlog.Open(name); err == nil {
		defer l.Close()
		out, errw = &eventWriter{log: l.Info}, &eventWriter{log: l.Error}
	}
	h := &agentService{serve: serve, stdout: out, stderr: errw}
	if err := svc.Run(name, h); err != nil {
		fmt.Fprintf(errw, "%s agent: service %s: %v\n", tool, name, err)
		return exitFail
	}
	return h.code
}

// agentService is the svc.Handler of the agent.
type agentService struct {
	serve          func(stop <-chan string, stdout, stderr io.Writer) int
	stdout, stderr io.Writer
	code           int
}

// svcStatus is the svc.Status of a state.
func svcStatus(s svcState) svc.Status {
	switch s {
	case svcRunning:
		return svc.Status{State: svc.Running, Accepts: svc.AcceptStop | svc.AcceptShutdown}
	case svcStopPending:
		return svc.Status{State: svc.StopPending}
	}
	return svc.Status{State: svc.StartPending}
}

// Execute implements svc.Handler: it translates the manager's requests
// for serviceLoop and its states back.
func (a *agentService) Execute(args []string, r <-chan svc.ChangeRequest, s chan<- svc.Status) (bool, uint32) {
	commands := make(chan svcCommand)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case c := <-r:
				cmd := svcOther
				switch c.Cmd {
				case svc.Interrogate:
					cmd = svcInterrogate
				case svc.Stop, svc.Shutdown:
					cmd = svcStop
				}
				select {
				case commands <- cmd:
				case <-done:
					return
				}
			case <-done:
				return
			}
		}
	}()
	a.code = serviceLoop(commands, func(st svcState) { s <- svcStatus(st) }, func(stop <-chan string) int {
		return a.serve(stop, a.stdout, a.stderr)
	})
	close(done)
	s <- svc.Status{State: svc.Stopped}
	if a.code != exitPass {
		return true, uint32(a.code) // a service-specific exit code: the agent's status
	}
	return false, 0
}

// eventWriter writes each line written to it as an event log entry.
type eventWriter struct {
	mu  sync.Mutex
	log func(eid uint32, msg string) error
	buf bytes.Buffer
}

// eventID is the event ID of the agent's messages.
const eventID = 1

func (w *eventWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for {
		line, err := w.buf.ReadString('\n')
		if err != nil {
			w.buf.WriteString(line) // not a whole line yet
			return len(p), nil
		}
		if msg := strings.TrimRight(line, "\r\n"); msg != "" {
			_ = w.log(eventID, msg)
		}
	}
}
