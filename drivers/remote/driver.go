// Package remote is the "remote" driver: an ndk.Provider over the agent
// protocol (agent/v1), whose calls are served by an agent (package agent)
// beside the provider under test.
//
// This is a first slice, matching the calls the agent serves so far (see
// package agent): opening and querying adapters; creating connectors,
// listeners, shared endpoints, PDs, CQs and QPs; closing objects; and the
// connection calls (Listen, Connect, ConnectWithSharedEndpoint, Accept,
// Reject, CompleteConnect, Disconnect, GetConnectionData, the address
// queries) with their callbacks. NOT YET IMPLEMENTED, each returning
// STATUS_NOT_SUPPORTED (or nothing, for methods without a status) without
// reaching the agent: BuildLAM, ReleaseLAM, CQ.Resize, Arm, GetResults,
// GetResultsEx, ControlInterruptModeration, PD.CreateQPWithSRQ, CreateSRQ,
// CreateMR, CreateMW, PrivilegedMemoryRegionToken, every QP work request
// and Flush, Listener.ControlConnectEvents, and the agent memory calls the
// data path needs. The driver is not yet registered with the ndkconform
// command (cmd/ndkconform imports no blank driver for it).
package remote

import (
	"fmt"
	"os"
	"strings"

	"github.com/ndkconform/ndkconform/ndk"
)

func init() {
	ndk.Register("remote", Driver{})
}

// Option names.
const (
	OptSideA     = "side-a"
	OptSideB     = "side-b"
	OptTokenFile = "token-file"
)

// Driver is the remote driver.
type Driver struct{}

// Options implements ndk.Driver.
func (Driver) Options() []ndk.Option {
	return []ndk.Option{
		{Name: OptSideA, Usage: "HOST:PORT of the agent serving side A's adapters (required)"},
		{Name: OptSideB, Usage: "HOST:PORT of the agent serving side B's adapters; empty: side A's agent serves both sides"},
		{Name: OptTokenFile, Usage: "file holding the agents' bearer token (trailing newline ignored); empty: an empty token (loopback only)"},
	}
}

// Usable implements ndk.Driver: a TCP client runs anywhere.
func (Driver) Usable() error { return nil }

// Open implements ndk.Driver.
func (d Driver) Open(opts map[string]string) (ndk.Provider, error) {
	o, err := ndk.ParseOptions(d, opts)
	if err != nil {
		return nil, err
	}
	return o.Open()
}

// Config is what the options parse into.
type Config struct {
	SideA, SideB string
	Token        string
	// ClientVersion is sent in Hello.client_version.
	ClientVersion string
}

// ParseOptions implements ndk.OptionParser.
func (Driver) ParseOptions(opts map[string]string) (ndk.Opener, error) {
	c := Config{SideA: opts[OptSideA], SideB: opts[OptSideB]}
	if c.SideA == "" {
		return nil, fmt.Errorf("%s: the agent's HOST:PORT is required", OptSideA)
	}
	if f := opts[OptTokenFile]; f != "" {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", OptTokenFile, err)
		}
		c.Token = strings.TrimRight(string(b), "\r\n")
	}
	return c, nil
}

// Open implements ndk.Opener: one session with each agent.
func (c Config) Open() (ndk.Provider, error) {
	p, err := open(c)
	if err != nil {
		return nil, err
	}
	return p, nil
}
