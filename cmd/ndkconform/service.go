package main

// The agent as a Windows service (docs/agent-windows.md section 1: the
// service is `ndkconform agent --driver ndkt`, run by the service control
// manager). The loop that answers the manager is here, on every system, so
// that it is tested where the tests run; service_windows.go only adapts
// golang.org/x/sys/windows/svc's types to it.

// svcCommand is a request of the service control manager.
type svcCommand int

const (
	svcInterrogate svcCommand = iota // report the current state
	svcStop                          // stop (a stop or a system shutdown)
	svcOther                         // anything else: not accepted, ignored
)

// svcState is a state the service reports.
type svcState int

const (
	svcStartPending svcState = iota
	svcRunning
	svcStopPending
)

// serviceLoop runs body, the agent serving until its stop channel gets a
// reason, as a service: it reports StartPending, then Running once body
// has started; answers Interrogate with the current state; turns the
// first Stop into body's stop (reporting StopPending); and returns body's
// exit status once body has returned. report must not block for long (the
// manager's channel is buffered by svc). Commands after the first stop
// are answered with StopPending.
func serviceLoop(commands <-chan svcCommand, report func(svcState), body func(stop <-chan string) int) int {
	report(svcStartPending)
	stop := make(chan string, 1)
	done := make(chan int, 1)
	go func() { done <- body(stop) }()
	state := svcRunning
	report(state)
	for {
		select {
		case code := <-done:
			return code
		case c := <-commands:
			switch c {
			case svcInterrogate:
				report(state)
			case svcStop:
				if state != svcStopPending {
					state = svcStopPending
					stop <- "service stop requested"
				}
				report(state)
			}
		}
	}
}
