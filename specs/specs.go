// Package specs gathers every area of the conformance suite: import it (for
// its side effects) to compile all specs into a binary that calls suite.Run.
// Specs depend on the harness (suite) and the interface (ndk), never on a
// particular driver.
package specs

import (
	_ "github.com/ndkconform/ndkconform/specs/disconnect" // NetworkDirect disconnect scheme
	_ "github.com/ndkconform/ndkconform/specs/endpoints"  // listeners, connectors, endpoints
	_ "github.com/ndkconform/ndkconform/specs/lifetime"   // object lifetime and completions
	_ "github.com/ndkconform/ndkconform/specs/memory"     // memory registration, tokens and memory windows
	_ "github.com/ndkconform/ndkconform/specs/model"      // random consumer sequences against the model of the rules
	_ "github.com/ndkconform/ndkconform/specs/queues"     // completion queues, work requests, SRQs, the data path
)
