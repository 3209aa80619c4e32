package ndk

import "fmt"

// MemoryMirror is implemented by a Provider whose data path does not
// always work on the consumer's buffers themselves but on copies of them
// kept elsewhere: drivers/remote, whose registered memory lives on the
// agent's host (every buffer registered with MR.Register or mapped with
// Adapter.BuildLAM has such a copy), and drivers/rxe, which registers a
// copy of a buffer whose page offset differs from its virtual address's.
// The copy is filled from the consumer's bytes by the call that registers
// or maps the buffer.
//
// A consumer that reads bytes the provider may have written since (a
// receive, a read, the peer's write) calls PullMemory on them first; one
// that changes bytes the provider will read after that call (the source of
// a send or a write, memory the peer reads) calls PushMemory once it has.
// b is any part of a registered or mapped buffer (a provider may refuse
// other bytes with an error). A provider whose data path works on the
// consumer's buffers does not implement it. The suite calls them where a
// spec reads or writes registered memory, so that every data check
// compares the bytes that really moved; an agent serving a provider that
// implements it calls them for the memory the harness reads and writes.
type MemoryMirror interface {
	PullMemory(b []byte) error
	PushMemory(b []byte) error
}

// LostError is what a provider that can be lost while open (see Losable)
// panics with from every call once it is lost: drivers/remote when its
// agent's connection broke or a call went unanswered past its deadline.
// The harness fails the running spec with it and ends the run, rather than
// taking what follows for the provider's answers.
type LostError struct {
	// What was lost, e.g. "agent 10.0.0.2:7000 (side A)".
	What string
	// Err is why.
	Err error
}

func (e *LostError) Error() string { return fmt.Sprintf("%s lost: %v", e.What, e.Err) }

func (e *LostError) Unwrap() error { return e.Err }

// Losable is implemented by a Provider that can be lost while open
// (drivers/remote). Lost is closed once it is lost; LostError then says
// what and why (nil before). A harness waiting for one of the provider's
// callbacks stops waiting when Lost is closed: none will come.
type Losable interface {
	Lost() <-chan struct{}
	LostError() *LostError
}

// Describer is implemented by a Provider served by more than its driver
// (drivers/remote: an agent on each host, with its own version, driver and
// options), so that reports and the certification manifest name what was
// really tested.
type Describer interface {
	Describe() []Component
}

// SideRouter is implemented by a Provider whose addresses are served by
// different parts (drivers/remote: each address by the agent that owns
// it). The harness tells it the run's sides (the provider's own, or those
// it was given instead) before it calls Describe: RouteSides refuses
// sides that leave a part serving none of their addresses (an error of
// the configuration), and Describe then says which part served which
// address.
type SideRouter interface {
	RouteSides(a, b Side) error
}

// Component is one part of what serves a provider.
type Component struct {
	// Role is what it is to the run, e.g. "agent of side A".
	Role string `json:"role"`
	// Address is where the harness reached it, if anywhere.
	Address string `json:"address,omitempty"`
	// Serves are the addresses of the run's sides it served (every call
	// on their adapters went to it), if it is one of several.
	Serves []string `json:"serves,omitempty"`
	// Version is its own version (an agent's build), Protocol the
	// protocol version spoken with it.
	Version  string `json:"version,omitempty"`
	Protocol string `json:"protocol,omitempty"`
	// Driver is the driver it serves, with its options as it applied them.
	Driver        string            `json:"driver,omitempty"`
	DriverOptions map[string]string `json:"driver_options,omitempty"`
}
